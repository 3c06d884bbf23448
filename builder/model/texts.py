"""Every text of a game that players read, found by walking the content classes, each with where it is written.

A text for players is a field typed `Text` (one string, or `{lang: …}`), or a chart cell, which may be
text per language. Rather than a list of such fields kept by hand, the walk reads each class's field
types once, so a Text field added to the model is found without being named here. The translation
checks (builder/rules/translations.py) and the seed games' tests read this list.
"""
from __future__ import annotations

import functools
import re
import types
import typing
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Literal, Union

from pydantic import BaseModel

from builder.model.base import LanguageCode, Text
from builder.model.content import Game
from builder.model.source import Location

Shape = Literal["text", "list", "map", "models"]
"""How a field holds text: itself a text, a list of texts, a mapping of texts, or models that may hold some."""

_NOUNS = {"GameFile": "game", "ValueDef": "value", "Crt": "chart", "Tec": "chart", "Table": "chart",
          "TecRow": "row", "DieRow": "row", "TableRow": "row", "TurnEntry": "turn", "MarkerFace": "face",
          "TablePiece": "table piece", "SideSetup": "setup", "SpecialRule": "special rule"}
"""What a designer calls the things of some classes, where the class name says it differently."""


@dataclass(frozen=True)
class PrintedText:
    """One text for players: its value, where it is written, and what it is, in words."""

    text: Text
    at: Location
    what: str
    """What the text is, for a message: `the name of unit "inf-1"`."""
    subject: str
    """A short, stable name of it, for waivers: `inf-1.name`."""
    owner: BaseModel
    """The model whose field holds it."""
    field: str
    """That field's name."""
    index: int | str | None = None
    """Its place in the field, when the field holds a list (a number) or a mapping (a key) of texts."""


@dataclass(frozen=True)
class _Owner:
    """The model a text belongs to, in words (`unit "inf-1"`) and as a subject key (`inf-1`)."""

    node: BaseModel
    phrase: str
    key: str


def printed_texts(game: Game) -> Iterator[PrintedText]:
    """Yield every text for players in the game, file by file, in the order the content writes them."""
    roots: list[tuple[BaseModel, str, str]] = [
        (game.game, "game.yaml", "game"), (game.counters, "counters.yaml", "counters"),
        (game.maps, "map.yaml", "map"), (game.charts, "charts.yaml", "charts")]
    roots += [(s, f'scenario "{s.id}"', s.id) for s in game.scenarios]
    for node, phrase, key in roots:
        yield from _texts_of(_Owner(node, phrase, key))


def _texts_of(owner: _Owner) -> Iterator[PrintedText]:
    for name, shape in field_shapes(type(owner.node)):
        value = getattr(owner.node, name)
        if value is None:
            continue
        if shape == "models":
            yield from _texts_below(owner, name, value)
        else:
            yield from _texts_in_field(owner, name, shape, value)


def _texts_in_field(owner: _Owner, name: str, shape: Shape, value: Any) -> Iterator[PrintedText]:
    field = name.replace("_", " ")
    src = owner.node.src  # type: ignore[attr-defined]
    if shape == "text":
        if is_text(value):
            yield PrintedText(value, _at(src, "value", name), f"the {field} of {owner.phrase}", f"{owner.key}.{name}",
                              owner.node, name)
        return
    items = enumerate(value) if shape == "list" else value.items()
    for index, item in items:
        if isinstance(item, BaseModel):
            yield from _texts_of(_child(owner, name, index, item))
        elif is_text(item):
            if shape == "list":
                what, at = f"item {index + 1} of the {field} of {owner.phrase}", _at(src, "item", name, index)
            else:
                what, at = f'the {field} "{index}" of {owner.phrase}', _at(src, "key", name, index)
            yield PrintedText(item, at, what, f"{owner.key}.{name}.{index}", owner.node, name, index)


def _texts_below(owner: _Owner, name: str, value: Any) -> Iterator[PrintedText]:
    """Walk the models a field holds: one, or a list or mapping of them."""
    if isinstance(value, BaseModel):
        yield from _texts_of(_child(owner, name, None, value))
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            if isinstance(item, BaseModel):
                yield from _texts_of(_child(owner, name, index, item))
    elif isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, BaseModel):
                yield from _texts_of(_child(owner, name, key, item))


def _child(owner: _Owner, name: str, index: int | str | None, node: BaseModel) -> _Owner:
    """Return how a model below `owner` is named: by its id when it has one, else by its place."""
    noun = _noun(type(node).__name__)
    ident = getattr(node, "id", None)
    if isinstance(ident, str) and ident:
        return _Owner(node, f'{noun} "{ident}"', ident)
    if index is None:
        return _Owner(node, f"the {name.replace('_', ' ')} of {owner.phrase}", f"{owner.key}.{name}")
    spot = f"{index + 1}" if isinstance(index, int) else f'"{index}"'
    return _Owner(node, f"{noun} {spot} of {owner.phrase}", f"{owner.key}.{name}.{index}")


def _noun(class_name: str) -> str:
    return _NOUNS.get(class_name) or re.sub(r"(?<!^)(?=[A-Z])", " ", class_name).lower()


def _at(src: Any, how: str, name: str, index: int | str = 0) -> Location:
    """Return where a field's value, a list item or a mapping entry stands (the owner, when not recorded)."""
    if src is None:
        return Location(Path("<unknown>"))
    if how == "item":
        return src.item(name, index)
    if how == "key":
        return src.child(name).value(str(index))
    return src.value(name)


def is_text(value: object) -> bool:
    """Return whether a value is text for players: a string, or a mapping of language codes to strings."""
    if isinstance(value, str):
        return True
    return isinstance(value, dict) and bool(value) and all(isinstance(v, str) for v in value.values())


@functools.cache
def field_shapes(cls: type[BaseModel]) -> tuple[tuple[str, Shape], ...]:
    """Return the fields of a content class that hold text or models that may, with how they hold it."""
    shapes = []
    for name, info in cls.model_fields.items():
        shape = _shape(info.annotation)
        if shape is not None:
            shapes.append((name, shape))
    return tuple(shapes)


def _shape(annotation: Any) -> Shape | None:
    arms = _arms(annotation)
    if any(_is_language_mapping(arm) for arm in arms):
        return "text"
    for arm in arms:
        origin, args = typing.get_origin(arm), typing.get_args(arm)
        if origin in (list, tuple) and any(_shape(arg) == "text" for arg in args if arg is not Ellipsis):
            return "list"
        if origin is dict and len(args) == 2 and _shape(args[1]) == "text":
            return "map"
    return "models" if _mentions_model(annotation) else None


def _arms(annotation: Any) -> list[Any]:
    """Return the types a field may hold: the arms of a union, each without its `Annotated` marks."""
    if typing.get_origin(annotation) is typing.Annotated:
        return _arms(typing.get_args(annotation)[0])
    if typing.get_origin(annotation) in (Union, types.UnionType):
        return [arm for arg in typing.get_args(annotation) for arm in _arms(arg)]
    return [annotation]


def _is_language_mapping(arm: Any) -> bool:
    return typing.get_origin(arm) is dict and typing.get_args(arm)[:1] == (LanguageCode,)


def _mentions_model(annotation: Any) -> bool:
    """Return whether a field's type may hold a content model (a forward reference is taken to)."""
    if isinstance(annotation, (str, typing.ForwardRef)):
        return True
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return True
    return any(_mentions_model(arg) for arg in typing.get_args(annotation) if arg is not Ellipsis)
