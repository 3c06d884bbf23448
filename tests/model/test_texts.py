"""The walk over a game's texts for players finds every Text field of the model, and where each is written."""
from __future__ import annotations

import typing

from pydantic import BaseModel

from builder.load.game import load_game
from builder.model.base import ContentModel, Text
from builder.model.charts import ChartsFile
from builder.model.counters import CountersFile
from builder.model.game import GameFile
from builder.model.map import MapFile
from builder.model.scenario import Scenario
from builder.model.texts import field_shapes, printed_texts
from tests.conftest import MINIMAL

ROOTS = (GameFile, CountersFile, MapFile, ChartsFile, Scenario)
TEXT_MARK = typing.get_args(Text)[1]


def _mentions_text(annotation: object) -> bool:
    if annotation is Text or TEXT_MARK in getattr(annotation, "__metadata__", ()):
        return True
    return any(_mentions_text(arg) for arg in typing.get_args(annotation))


def _reached_classes() -> set[type]:
    """Return every content class the walk descends into from the files' models."""
    reached, todo = set(), list(ROOTS)
    while todo:
        cls = todo.pop()
        if cls in reached:
            continue
        reached.add(cls)
        for name, shape in field_shapes(cls):
            todo += [arg for arg in _classes_in(cls.model_fields[name].annotation) if arg not in reached]
    return reached


def _classes_in(annotation: object) -> list[type]:
    found = [annotation] if isinstance(annotation, type) and issubclass(annotation, BaseModel) else []
    return found + [c for arg in typing.get_args(annotation) for c in _classes_in(arg)]


def _every_subclass(cls: type) -> list[type]:
    return [sub for direct in cls.__subclasses__() for sub in [direct, *_every_subclass(direct)]]


def test_every_text_field_of_the_model_is_walked() -> None:
    reached = _reached_classes()
    for cls in _every_subclass(ContentModel):
        text_fields = {n for n, info in cls.model_fields.items()
                       if TEXT_MARK in info.metadata or _mentions_text(info.annotation)}
        walked = {n for n, shape in field_shapes(cls) if shape != "models"}
        assert text_fields <= walked, f"{cls.__name__}: {sorted(text_fields - walked)} not walked as text"
        if text_fields:  # a base such as Where is reached as its subclasses (Placement, MarkerPlacement)
            assert {cls, *_every_subclass(cls)} & reached, f"{cls.__name__} has texts but the walk never reaches it"


def test_printed_texts_of_the_minimal_game_name_each_text_and_its_place() -> None:
    found = {item.subject: item for item in printed_texts(load_game(MINIMAL))}
    name = found["r1.name"]
    assert (name.text, name.at.file.name, name.at.line, name.at.column) == ("1st Infantry", "counters.yaml", 14, 11)
    assert name.what == 'the name of unit "r1"'
    face = found["turn.faces.0.text"]
    assert (face.text, face.at.line, face.what) == ("Turn", 51, 'the text of face 1 of marker "turn"')
    assert found["game.title"].text == {"en": "Minimal Battle"}
    assert found["ville.name"].at.file.name == "map.yaml"
    cells = [item for item in printed_texts(load_game(MINIMAL)) if item.field == "cells"]
    assert cells and all(isinstance(item.index, int) for item in cells)
