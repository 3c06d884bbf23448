"""The base of every content model class, and the small value types they share."""
from __future__ import annotations

import ast
import copy
import functools
import inspect
import re
import sys
from pathlib import Path
from typing import Annotated, Any, TypeVar, Union

from pydantic import (AfterValidator, BaseModel, ConfigDict, Field, GetCoreSchemaHandler, StringConstraints,
                      model_validator)
from pydantic.json_schema import SkipJsonSchema
from pydantic_core import core_schema

from builder.model.source import Source
from builder.model.units import counter_length

ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.:/+\-]*$"


def _number_to_text(value: Any) -> Any:
    """Accept a bare YAML number where an id is expected (hex 1810, unit 21) as its text."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return value


class _SchemaOnce:
    """Marks a type written in hundreds of fields: its core schema is generated once and copied after.

    Pydantic generates an annotated type's schema anew at every field that names it (checking a
    validator's signature, applying each constraint); the validators of the six file models, which the
    reading child builds before it reads the first game, name `Text` some 50 times and `Id` some 120.
    Each field gets its own copy, as pydantic may add to a schema's metadata. (`Id`, whose JSON Schema
    is its own, makes its schema directly: `_IdSchema`.)
    """

    def __init__(self) -> None:
        self.schema: core_schema.CoreSchema | None = None

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        if self.schema is None:
            self.schema = handler(source)
        return copy.deepcopy(self.schema)


class _IdSchema:
    """An id's schema, made once: text of letters, digits and `_ . : / + -`, or a bare number taken as text."""

    @classmethod
    def __get_pydantic_core_schema__(cls, _source: Any, _handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        return core_schema.no_info_before_validator_function(
            _number_to_text, core_schema.str_schema(min_length=1, max_length=80, pattern=ID_PATTERN))

    @classmethod
    def __get_pydantic_json_schema__(cls, _schema: core_schema.CoreSchema, _handler: Any) -> dict[str, Any]:
        return {"anyOf": [{"type": "string", "pattern": ID_PATTERN, "minLength": 1, "maxLength": 80},
                          {"type": "integer", "minimum": 0}]}


Id = Annotated[str, _IdSchema]
"""An identifier: letters, digits and `_ . : / + -`, starting with a letter or digit."""

Colour = Annotated[str, StringConstraints(pattern=r"^#[0-9A-Fa-f]{6}$"), _SchemaOnce()]
"""A colour as `#rrggbb`."""

LANGUAGE_CODE = r"^[a-z]{2}(-[A-Z]{2})?$"
"""What a language code looks like: two lowercase letters, then a dash and a region's two capitals if any."""
LanguageCode = Annotated[str, StringConstraints(pattern=LANGUAGE_CODE), _SchemaOnce()]
"""A language code such as `en`, `pl`, `pt` or `pt-BR`."""

Text = Annotated[Union[str, dict[LanguageCode, str]], _SchemaOnce()]
"""Text for players: one string, or one string per language (`{en: …, pl: …}`)."""

Number = Union[int, float]
"""A whole or decimal number."""

Scalar = Union[bool, int, float, str, None]
"""A single printed or rule value: number, text, true/false or empty."""


def text_in(text: Text | None, lang: str, fallback: str = "") -> str:
    """Return `text` in `lang`, else in its first language, else `fallback`.

    The fallback is never silent for content: the check `text/missing-translation` warns, at the text's
    file, line and column, about every text per language that lacks a language of the game."""
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


_CLASS_LINE = re.compile(r"class\s+(\w+)\b")
_FIELD_LINE = re.compile(r"    (\w+)\s*:(?!=)")
_STRING_START = re.compile(r"    ([rRuU]?)(\"\"\"|'''|\"|')")


def attribute_docs(source: str) -> dict[str, dict[str, str]]:
    """Return the docstring below each annotated attribute of each top-level class of a module's source.

    What walking the module's syntax tree finds (an annotated name, then a string statement), read from
    the lines instead: parsing the model modules into trees took a fifth of importing the models, which the
    build's process does before it forks the child that reads the games. Written for code laid out as sandtable's is (four spaces a
    level, black's brackets); tests/model/test_attribute_docs.py holds it to the tree's answer.
    """
    docs: dict[str, dict[str, str]] = {}
    lines = source.splitlines()
    current: dict[str, str] | None = None
    pending: str | None = None
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if not line.startswith(" "):  # a top-level statement: a class starts, or anything else ends one
            found = _CLASS_LINE.match(line)
            current, pending = (docs.setdefault(found.group(1), {}) if found else None), None
            continue
        if current is None or line.startswith("     ") or stripped[0] in ")]}":
            continue  # deeper: an attribute's value going on, or a method's body
        string = _STRING_START.match(line)
        if string:  # a string statement, whole: a docstring's inner lines are no statements
            quote, text = string.group(2), line[4:]
            opened = len(string.group(1)) + len(quote)
            while not _closes(text, opened, quote) and index < len(lines):
                text += "\n" + lines[index]
                index += 1
            if pending is not None:
                plain = "\\" not in text and text.endswith(quote) and len(text) >= opened + len(quote)
                # most docstrings: no escapes, nothing after the closing quote; the rest as Python reads them
                current[pending] = inspect.cleandoc(text[opened:-len(quote)] if plain else ast.literal_eval(text))
            pending = None
            continue
        field = _FIELD_LINE.match(line)
        pending = field.group(1) if field else None
    return docs


def _closes(text: str, opened: int, quote: str) -> bool:
    """Return whether a string that opens `text` (its prefix and quote `opened` characters long) ends in it."""
    at = opened
    while True:
        at = text.find(quote, at)
        if at < 0:
            return False
        if (len(text[:at]) - len(text[:at].rstrip("\\"))) % 2 == 0:  # not an escaped quote
            return True
        at += 1


@functools.cache
def _module_docs(module: str) -> dict[str, dict[str, str]]:
    """Return the attribute docstrings of every top-level class of a module, by class name."""
    try:
        return attribute_docs(Path(sys.modules[module].__file__).read_text(encoding="utf-8"))
    except OSError:  # no source beside the code: no descriptions, as pydantic's own extraction gives
        return {}


def _describe_fields(cls: type[BaseModel]) -> None:
    """Give each field the class declares the docstring written below it as its description.

    What pydantic's `use_attribute_docstrings` does, but reading each model module once: pydantic
    finds and tokenizes the source of every class anew, a sixth of the time importing the models took.
    The descriptions are in place before any schema is built, since the classes defer building.
    """
    docs = _module_docs(cls.__module__).get(cls.__name__, {})
    for name, info in cls.model_fields.items():
        if info.description is None and name in docs:
            info.description = docs[name]


class ContentModel(BaseModel):
    """Every content class: immutable, strict about unknown keys, documented field by field."""

    model_config = ConfigDict(
        frozen=True,
        extra="forbid",
        arbitrary_types_allowed=True,
        defer_build=True,
    )

    src: SkipJsonSchema[Annotated[Source | None, _IsSource]] = Field(default=None, alias="__src__", exclude=True,
                                                                     repr=False)
    """Where this mapping stands in its file (set by the loader, never written in YAML)."""

    @model_validator(mode="before")
    @classmethod
    def _take_source(cls, data: Any) -> Any:
        # The loader hands over mappings that carry their Source as an attribute, not a key, so
        # free-form mappings (`properties`, `hexes`) never see it; here it becomes the `src` field.
        # The loader has already put the Sources of nested mappings in its `children`.
        source = getattr(data, "source", None)
        if isinstance(source, Source) and isinstance(data, dict):
            return {**data, "__src__": source}
        return data

    def __eq__(self, other: object) -> bool:
        # Equal content: where a mapping was read (`src`) is no part of what it says. So `stacking: {}`
        # in a file equals the default `Stacking()`, and game.json leaves it out (`exclude_defaults`)
        # whether or not the game still carries its Sources (a build's emitters get it without them).
        if other.__class__ is not self.__class__:
            return NotImplemented
        mine, theirs = self.__dict__, other.__dict__  # type: ignore[attr-defined]
        return all(mine[name] == theirs[name] for name in self.__class__.model_fields if name != "src")

    def __hash__(self) -> int:
        return hash(tuple(self.__dict__[name] for name in self.__class__.model_fields if name != "src"))

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        _describe_fields(cls)


_describe_fields(ContentModel)

M = TypeVar("M", bound=ContentModel)


def default_of(model: type[M], **values: Any) -> M:
    """Return `model(**values)` for a field's default, made without validating (pydantic's model_construct).

    The models build their validators when first used (`defer_build`); a default written `Stacking()`
    used it at import, and building a dozen validators then took a third of importing the models: in the
    build's main process, which never validates. A default holds only defaults or the `values` given,
    which must be what validating would keep (floats as floats)."""
    return model.model_construct(**values)


DesignedFlag = Union[bool, str]
"""`true`, or a sentence saying what was designed and why; marks values the source lacks."""


CounterSize = Annotated[str, AfterValidator(counter_length)]
"""A counter's side as content writes it (`5/8in`, `16mm`), checked to be readable and printable."""
