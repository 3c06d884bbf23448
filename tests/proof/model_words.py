"""The model's ids and the words it gives players, gathered by walking the whole model; and its
designer notes (what was designed, corrections, sources), which are for the designer, not players."""
from __future__ import annotations

import re
from dataclasses import dataclass

from pydantic import BaseModel

from builder.model.content import Game

PRINTED_FIELDS = ("name", "label", "designation", "parent_label", "title", "subtitle", "designators",
                  "abbreviation", "short")
"""Fields whose words a player is meant to read: an id equal to one of them is that thing's printed name."""
NOTE_FIELDS = ("designed", "source")
"""Fields that hold the designer's notes on where a value comes from."""
DISTINCT_ID = re.compile(r"[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*[-_.:/+0-9][A-Za-z0-9_.:/+-]*|[0-9][A-Za-z0-9_.:/+-]*[A-Za-z][A-Za-z0-9_.:/+-]*")
"""Ids a reader could not take for a word of prose or a number: letters joined to digits or by a hyphen,
underscore or colon (`terrain-combat`, `od-gb-10`, `ysn-sea`, `21P-5`). An id of letters only (`road`,
`north`) is also a word players read in the rules; an id of digits only is a number or a hex label."""
TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:/+-]*")


def _children(node: object) -> list[object]:
    if isinstance(node, BaseModel):
        return [getattr(node, name) for name in type(node).model_fields]
    if isinstance(node, dict):
        return list(node.values())
    if isinstance(node, (list, tuple)):
        return list(node)
    return []


def _texts(value: object) -> list[str]:
    """Return the strings of a text field: one, one per language, or a list of them."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [v for v in value.values() if isinstance(v, str)]
    if isinstance(value, (list, tuple)):
        return [t for item in value for t in _texts(item)]
    return []


def _notation(node: BaseModel) -> list[str]:
    """Return a die roll's printed notation (`d6`, `2d6`): a Dice id written so is its printed designation."""
    if type(node).__name__ != "Dice":
        return []
    return [f"{node.count if node.count > 1 else ''}d{node.faces}"]


@dataclass(frozen=True)
class ModelWords:
    """What the model calls things (ids by kind), what it prints as their names, and its designer notes."""

    ids: dict[str, str]
    """Id → the kind of thing it names (class name), for every id worth looking for."""
    printed: frozenset[str]
    """Every name, label and designation, and every word of them, lower-cased."""
    notes: tuple[str, ...]
    """Every designer note: `designed` sentences, sources, and corrections (what and decision)."""


def model_words(game: Game) -> ModelWords:
    """Walk the whole model and gather its ids, its printed names and its designer notes."""
    ids: dict[str, str] = {}
    printed: set[str] = set()
    notes: list[str] = []
    stack: list[object] = [game.game, game.counters, game.maps, game.charts, *game.scenarios]
    while stack:
        node = stack.pop()
        if isinstance(node, BaseModel):
            identifier = getattr(node, "id", None)
            if isinstance(identifier, str) and DISTINCT_ID.fullmatch(identifier):
                ids.setdefault(identifier, type(node).__name__)
            for field in PRINTED_FIELDS:
                for text in _texts(getattr(node, field, None)):
                    printed.add(text.lower())
                    printed.update(t.lower().rstrip(".:/+-") for t in TOKEN.findall(text))
            printed.update(_notation(node))
            notes += [n for field in NOTE_FIELDS for n in _texts(getattr(node, field, None)) if isinstance(n, str)]
        stack.extend(_children(node))
    notes += [t for c in game.game.corrections for t in (c.what, c.decision)]
    return ModelWords(ids, frozenset(printed), tuple(n for n in notes if n.strip()))


def leaked_ids(text: str, words: ModelWords) -> list[str]:
    """Return the ids printed in a text that are not also the printed name of a thing."""
    found = []
    for token in TOKEN.findall(text):
        token = token.rstrip(".:/+-")
        if token in words.ids and token.lower() not in words.printed:
            found.append(token)
    return found
