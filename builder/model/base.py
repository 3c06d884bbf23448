"""The base of every content model class, and the small value types they share."""
from __future__ import annotations

import dataclasses
import re
from typing import Annotated, Any, Union

from pydantic import (BaseModel, BeforeValidator, ConfigDict, Field, GetCoreSchemaHandler, StringConstraints,
                      WithJsonSchema, model_validator)
from pydantic.json_schema import SkipJsonSchema
from pydantic_core import core_schema

from builder.model.source import Source

ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.:/+\-]*$"


def _number_to_text(value: Any) -> Any:
    """Accept a bare YAML number where an id is expected (hex 1810, unit 21) as its text."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return value


Id = Annotated[
    str,
    BeforeValidator(_number_to_text),
    StringConstraints(min_length=1, max_length=80, pattern=ID_PATTERN),
    WithJsonSchema({"anyOf": [{"type": "string", "pattern": ID_PATTERN, "minLength": 1, "maxLength": 80},
                              {"type": "integer", "minimum": 0}]}),
]
"""An identifier: letters, digits and `_ . : / + -`, starting with a letter or digit."""

Colour = Annotated[str, StringConstraints(pattern=r"^#[0-9A-Fa-f]{6}$")]
"""A colour as `#rrggbb`."""

LanguageCode = Annotated[str, StringConstraints(pattern=r"^[a-z]{2}(-[A-Z]{2})?$")]
"""A language code such as `en`, `pl`, `pt` or `pt-BR`."""

Text = Union[str, dict[LanguageCode, str]]
"""Text for players: one string, or one string per language (`{en: …, pl: …}`)."""

Number = Union[int, float]
"""A whole or decimal number."""

Scalar = Union[bool, int, float, str, None]
"""A single printed or rule value: number, text, true/false or empty."""


def text_in(text: Text | None, lang: str, fallback: str = "") -> str:
    """Return `text` in `lang`, else in its first language, else `fallback`."""
    if text is None:
        return fallback
    if isinstance(text, str):
        return text
    if lang in text:
        return text[lang]
    return next(iter(text.values()), fallback)


def slug(text: str) -> str:
    """Return a lowercase id made of `text` (for derived ids)."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


class _IsSource:
    """Validates `src` by an isinstance check alone: a Source is made by the loader, never from data, and
    a dataclass schema for it in every one of the ~70 content classes cost a third of the import time."""

    @classmethod
    def __get_pydantic_core_schema__(cls, _source: Any, _handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        return core_schema.nullable_schema(core_schema.is_instance_schema(Source))


class ContentModel(BaseModel):
    """Every content class: immutable, strict about unknown keys, documented field by field."""

    model_config = ConfigDict(
        frozen=True,
        extra="forbid",
        use_attribute_docstrings=True,
        arbitrary_types_allowed=True,
    )

    src: SkipJsonSchema[Annotated[Source | None, _IsSource]] = Field(default=None, alias="__src__", exclude=True, repr=False)
    """Where this mapping stands in its file (set by the loader, never written in YAML)."""

    @model_validator(mode="before")
    @classmethod
    def _take_source(cls, data: Any) -> Any:
        # The loader hands over mappings that carry their Source as an attribute, not a key, so
        # free-form mappings (`properties`, `hexes`) never see it; here it becomes the `src` field.
        source = getattr(data, "source", None)
        if isinstance(source, Source) and isinstance(data, dict):
            children = {key: value.source for key, value in data.items()
                        if isinstance(getattr(value, "source", None), Source)}
            if children:
                source = dataclasses.replace(source, children=children)
            return {**data, "__src__": source}
        return data


DesignedFlag = Union[bool, str]
"""`true`, or a sentence saying what was designed and why; marks values the source lacks."""
