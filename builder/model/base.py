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

from pydantic import BaseModel, ConfigDict, Field, GetCoreSchemaHandler, StringConstraints, model_validator
from pydantic.json_schema import SkipJsonSchema
from pydantic_core import core_schema

from builder.model.source import Source

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

LanguageCode = Annotated[str, StringConstraints(pattern=r"^[a-z]{2}(-[A-Z]{2})?$"), _SchemaOnce()]
"""A language code such as `en`, `pl`, `pt` or `pt-BR`."""

Text = Annotated[Union[str, dict[LanguageCode, str]], _SchemaOnce()]
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


def _attribute_docs(body: list[ast.stmt]) -> dict[str, str]:
    """Return the docstring of each annotated attribute of a class body: the string just below it."""
    docs: dict[str, str] = {}
    previous: ast.stmt | None = None
    for statement in body:
        if isinstance(previous, ast.AnnAssign) and isinstance(previous.target, ast.Name) \
                and isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant) \
                and isinstance(statement.value.value, str):
            docs[previous.target.id] = inspect.cleandoc(statement.value.value)
        previous = statement
    return docs


@functools.cache
def _module_docs(module: str) -> dict[str, dict[str, str]]:
    """Return the attribute docstrings of every top-level class of a module, by class name."""
    try:
        tree = ast.parse(Path(sys.modules[module].__file__).read_text(encoding="utf-8"))
    except OSError:  # no source beside the code: no descriptions, as pydantic's own extraction gives
        return {}
    return {node.name: _attribute_docs(node.body) for node in tree.body if isinstance(node, ast.ClassDef)}


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
