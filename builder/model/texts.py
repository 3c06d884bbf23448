"""Every text of a game that players read, found by walking the content classes, each with where it is written.

A text for players is a field typed `Text` (one string, or `{lang: …}`), or a chart cell, which may be
text per language. Rather than a list of such fields kept by hand, the walk reads each class's field
types once, so a Text field added to the model is found without being named here. The translation
checks (builder/rules/translations.py) and the seed games' tests read this list.
"""
from __future__ import annotations

import functools
import re
import sys
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
class Holder:
    """A model that holds texts, and where it stands in the game: the field of the model above that holds it."""

    node: BaseModel
    parent: "Holder | None" = None
    field: str = ""
    index: int | str | None = None
    name: str = ""
    """For a file's model, the file in words (`counters.yaml`); for a scenario, `scenario "…"`."""
    root_key: str = ""
    """For a file's model, its key (`counters`); for a scenario, its id."""

    def phrase(self) -> str:
        """Return the model in words: by its id when it has one (`unit "inf-1"`), else by where it stands."""
        ident = getattr(self.node, "id", None)
        if self.parent is None:
            return self.name
        noun = _noun(type(self.node).__name__)
        if isinstance(ident, str) and ident:
            return f'{noun} "{ident}"'
        if self.index is None:
            return f"the {self.field.replace('_', ' ')} of {self.parent.phrase()}"
        spot = f"{self.index + 1}" if isinstance(self.index, int) else f'"{self.index}"'
        return f"{noun} {spot} of {self.parent.phrase()}"

    def key(self) -> str:
        """Return a short, stable name of the model: its id, else its parent's key and its field (`inf-1.steps.0`)."""
        ident = getattr(self.node, "id", None)
        if self.parent is None:
            return self.root_key
        if isinstance(ident, str) and ident:
            return ident
        return f"{self.parent.key()}.{self.field}" + ("" if self.index is None else f".{self.index}")


@dataclass(frozen=True)
class PrintedText:
    """One text for players: its value, where it is written, and the model field that holds it."""

    text: Text
    at: Location
    holder: Holder
    """The model whose field holds it."""
    field: str
    """That field's name."""
    index: int | str | None = None
    """Its place in the field, when the field holds a list (a number) or a mapping (a key) of texts."""

    @property
    def owner(self) -> BaseModel:
        """Return the model whose field holds the text."""
        return self.holder.node

    @property
    def what(self) -> str:
        """Return what the text is, for a message: `the name of unit "inf-1"`."""
        field = self.field.replace("_", " ")
        if self.index is None:
            return f"the {field} of {self.holder.phrase()}"
        if isinstance(self.index, int):
            return f"item {self.index + 1} of the {field} of {self.holder.phrase()}"
        return f'the {field} "{self.index}" of {self.holder.phrase()}'

    @property
    def subject(self) -> str:
        """Return a short, stable name of the text, for waivers: `inf-1.name`."""
        return f"{self.holder.key()}.{self.field}" + ("" if self.index is None else f".{self.index}")


def printed_texts(game: Game) -> Iterator[PrintedText]:
    """Yield every text for players in the game, file by file, in the order the content writes them."""
    roots = [Holder(game.game, name="game.yaml", root_key="game"),
             Holder(game.counters, name="counters.yaml", root_key="counters"),
             Holder(game.maps, name="map.yaml", root_key="map"),
             Holder(game.charts, name="charts.yaml", root_key="charts")]
    roots += [Holder(s, name=f'scenario "{s.id}"', root_key=s.id) for s in game.scenarios]
    for holder in roots:
        yield from _texts_of(holder)


def _texts_of(holder: Holder) -> Iterator[PrintedText]:
    node = holder.node
    for name, shape in field_shapes(type(node)):
        value = getattr(node, name)
        if value is None:
            continue
        if shape == "models":
            yield from _texts_below(holder, name, value)
        else:
            yield from _texts_in_field(holder, name, shape, value)


def _texts_in_field(holder: Holder, name: str, shape: Shape, value: Any) -> Iterator[PrintedText]:
    src = holder.node.src  # type: ignore[attr-defined]
    if shape == "text":
        if is_text(value):
            yield PrintedText(value, _at(src, "value", name), holder, name)
        return
    items = enumerate(value) if shape == "list" else value.items()
    for index, item in items:
        if isinstance(item, BaseModel):
            yield from _texts_of(Holder(item, holder, name, index))
        elif is_text(item):
            yield PrintedText(item, _at(src, "item" if shape == "list" else "key", name, index), holder, name, index)


def _texts_below(holder: Holder, name: str, value: Any) -> Iterator[PrintedText]:
    """Walk the models a field holds: one, or a list or mapping of them."""
    if isinstance(value, BaseModel):
        yield from _texts_of(Holder(value, holder, name))
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            if isinstance(item, BaseModel):
                yield from _texts_of(Holder(item, holder, name, index))
    elif isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, BaseModel):
                yield from _texts_of(Holder(item, holder, name, key))


@functools.cache
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
    """Return the fields of a content class that hold text, or models that may (directly or further down),
    with how they hold it. Fields of models that never hold text (a map's hexes, the print settings) are
    left out, so the walk does not visit them."""
    shapes = []
    for name, info in cls.model_fields.items():
        shape = _shape(info.annotation)
        if shape == "models" and not any(_holds_text(model) for model in _models_in(info.annotation, cls)):
            shape = None
        if shape is not None:
            shapes.append((name, shape))
    return tuple(shapes)


def _holds_text(cls: type[BaseModel], seen: frozenset[type] = frozenset()) -> bool:
    """Return whether a content class, or one it holds, has a text field."""
    if cls in seen:
        return False
    for info in cls.model_fields.values():
        shape = _shape(info.annotation)
        if shape in ("text", "list", "map"):
            return True
        if shape == "models" and any(_holds_text(m, seen | {cls}) for m in _models_in(info.annotation, cls)):
            return True
    return False


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
    return "models" if _models_in(annotation, None) else None


def _arms(annotation: Any) -> list[Any]:
    """Return the types a field may hold: the arms of a union, each without its `Annotated` marks."""
    if typing.get_origin(annotation) is typing.Annotated:
        return _arms(typing.get_args(annotation)[0])
    if typing.get_origin(annotation) in (Union, types.UnionType):
        return [arm for arg in typing.get_args(annotation) for arm in _arms(arg)]
    return [annotation]


def _is_language_mapping(arm: Any) -> bool:
    return typing.get_origin(arm) is dict and typing.get_args(arm)[:1] == (LanguageCode,)


def _models_in(annotation: Any, owner: type | None) -> list[Any]:
    """Return the content classes a field's type may hold; a forward reference (`"HexEntry"`) is looked up in
    the module of the class that declares the field, or kept as it is when there is none to look in."""
    if isinstance(annotation, (str, typing.ForwardRef)):
        name = annotation if isinstance(annotation, str) else annotation.__forward_arg__
        if owner is None:
            return [name]
        found = vars(sys.modules[owner.__module__]).get(name)
        return [found] if isinstance(found, type) and issubclass(found, BaseModel) else []
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for arg in typing.get_args(annotation) if arg is not Ellipsis for m in _models_in(arg, owner)]
