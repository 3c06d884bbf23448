"""Pieces of the module: one per physical counter of the mix, with prototypes, properties and stable gpids.

A unit's piece shows the faces of its printed counter: its Layer "Step" has one level per step the counter
prints. Markers get one level per face. Every piece can be deleted, cloned, marked as moved, and reports
its flips to the chat. Prototypes carry what pieces share: one per side (`Side`) and one per unit type
(`Type`, `MovementClass`); each piece carries its own id, nationality, formation and factors.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from builder.model.base import text_in
from builder.model.content import Game
from builder.model.counters import SOFT_HYPHEN, Marker, Unit
from builder.phrases import phrase

GPID_SPAN = 900_000_000
"""gpids are 9-digit numbers hashed from counter ids: stable when counters are added or removed."""

FaceRecipe = tuple[str, str, int]
"""How to draw an image: ("counter", counter id, 0 front | 1 back), ("marker", id, face) or ("mask", id, 0)."""


@dataclass(frozen=True)
class PiecePlan:
    """One palette piece: which counter, its gpid, name, palette place, faces, prototypes and properties."""

    counter_id: str
    source_id: str
    kind: Literal["unit", "marker"]
    gpid: int
    name: str
    side: str
    group: str
    images: tuple[str, ...]
    level_names: tuple[str, ...]
    prototypes: tuple[str, ...]
    properties: tuple[tuple[str, str], ...]
    copies: int = 1
    mask: str | None = None
    cup: str | None = None

    @property
    def has_layer(self) -> bool:
        """Return whether the piece flips between levels."""
        return len(self.images) > 1


@dataclass(frozen=True)
class Prototype:
    """A prototype definition: its name and the properties it carries."""

    name: str
    properties: tuple[tuple[str, str], ...]


FREE_FACINGS = 1
"""VASSAL's count of facings for free rotation (any angle): vehicles on a gridless table."""


def hex_facings(game: Game) -> int:
    """Return the steps a piece turns through on the game's hex maps: one per hexside (6) where every hexside
    faces a multiple of 60° (flat-topped hexes); one per hexside and corner (12, 30° each) where some face
    30°, 90°, … (pointy-topped), since VASSAL counts its steps from the top of a piece's image."""
    return 6 if all(m.grid.orientation == "flat" for m in game.maps.maps if m.grid is not None) else 12


def unit_facings(game: Game, unit: Unit) -> int:
    """Return how many facings a unit's piece turns through in the module: a vehicle's are its hex map's
    steps (`hex_facings`), or free on a table; any other unit's none (0: it does not turn)."""
    role = next((t.role for t in game.counters.unit_types if t.id == unit.type), "combat")
    if role != "vehicle":
        return 0
    return hex_facings(game) if game.game.scale.measure == "hex" else FREE_FACINGS


def gpid_of(counter_id: str) -> int:
    """Return the gpid of a counter id: stable, and the same in every build."""
    digest = hashlib.sha256(counter_id.encode("utf-8")).hexdigest()
    return int(digest, 16) % GPID_SPAN + 100_000_000


def image_stem(counter_id: str) -> str:
    """Return a file-name-safe stem for a counter id (ids may hold `/`, `:` and `+`)."""
    return re.sub(r"[^A-Za-z0-9._-]+", "_", counter_id).strip("._") or "counter"


def _value_text(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return "" if value is None else str(value).lower() if isinstance(value, bool) else str(value)


def _by_id(items: list) -> dict:
    found: dict = {}
    for item in items:
        found.setdefault(item.id, item)
    return found


@dataclass(frozen=True)
class Names:
    """The game's ids resolved to names in its first language."""

    game: Game

    @property
    def lang(self) -> str:
        """Return the module's language (the game's first)."""
        return self.game.game.languages[0]

    @cached_property
    def _indexes(self) -> dict[int, tuple[list, dict]]:
        return {}

    def by_id(self, items: list) -> dict:
        """Return a list of the game by id, indexed once: thousands of pieces look up the same few lists."""
        known = self._indexes.get(id(items))
        if known is None or known[0] is not items:
            known = self._indexes[id(items)] = (items, _by_id(items))
        return known[1]

    def side_of_nationality(self, nationality: str | None) -> str | None:
        """Return the side id of a nationality."""
        found = self.by_id(self.game.game.nationalities).get(nationality)
        return found.side if found else None

    def of(self, items: list, item_id: str | None) -> str:
        """Return the name of an item by id, or the id itself when no item has it."""
        found = self.by_id(items).get(item_id)
        return text_in(found.name, self.lang) if found else (item_id or "")

    def side(self, side_id: str | None) -> str:
        """Return a side's name."""
        return self.of(self.game.game.sides, side_id)


def side_prototype(names: Names, side_id: str) -> str:
    """Return the name of a side's prototype."""
    return names.side(side_id)


def type_prototype(names: Names, type_id: str) -> str:
    """Return the name of a unit type's prototype."""
    return names.of(names.game.counters.unit_types, type_id)


def prototypes(game: Game) -> list[Prototype]:
    """Return the prototypes: one per side, then one per unit type, in declared order."""
    names = Names(game)
    found = [Prototype(side_prototype(names, s.id), (("Side", names.side(s.id)), ("SideId", s.id)))
             for s in game.game.sides]
    classes = game.counters.movement_classes
    for unit_type in game.counters.unit_types:
        props = [("Type", names.of(game.counters.unit_types, unit_type.id)), ("TypeId", unit_type.id)]
        if unit_type.movement_class:
            props.append(("MovementClass", names.of(classes, unit_type.movement_class)))
        found.append(Prototype(type_prototype(names, unit_type.id), tuple(props)))
    return found


def _counter_steps(unit: Unit, first: int) -> list[int]:
    """Return the steps one counter of a unit prints, from its front step until the next separate one."""
    steps = [first]
    for index in range(first + 1, len(unit.steps)):
        if unit.steps[index].counter == "separate":
            break
        steps.append(index)
    return steps


def _unit_properties(names: Names, unit: Unit, steps: list[int]) -> list[tuple[str, str]]:
    game = names.game
    props = [("UnitId", unit.id), ("Nationality", names.of(game.game.nationalities, unit.nationality))]
    if unit.formation:
        props.append(("Formation", names.of(game.game.formations, unit.formation)))
    for number, step in enumerate(steps, start=1):
        suffix = "" if number == 1 else f"_step{number}"
        props += [(f"{key}{suffix}", _value_text(value)) for key, value in unit.steps[step].values.items()]
    side = names.by_id(game.game.sides).get(names.side_of_nationality(unit.nationality))
    values = values_text(names, unit, steps)
    if values and not (side and side.hidden):  # a hidden unit's values must not show through its mask
        props.append(("Values", values))
    return props


def values_text(names: Names, unit: Unit, steps: list[int]) -> str:
    """Return the values a counter prints, as the mouse-over viewer shows them: `A 4, D 4, M 15 / A 2, …`."""
    defs = names.by_id(names.game.counters.values)

    def one(step: int) -> str:
        return ", ".join(f"{(defs[k].abbr or text_in(defs[k].name, names.lang)) if k in defs else k} "
                         f"{_value_text(v)}" for k, v in unit.steps[step].values.items())
    return " / ".join(text for text in map(one, steps) if text)


def unit_pieces(names: Names, unit: Unit) -> list[PiecePlan]:
    """Return the pieces of a unit: its main counter, and one per step printed on a counter of its own."""
    firsts = [0] + [i for i, s in enumerate(unit.steps) if i > 0 and s.counter == "separate"]
    side = names.side_of_nationality(unit.nationality) or ""
    group = names.of(names.game.game.formations, unit.formation) if unit.formation else ""
    pieces = []
    for first in firsts:
        counter_id = unit.id if first == 0 else f"{unit.id}~{first + 1}"
        stem, steps = image_stem(counter_id), _counter_steps(unit, first)
        images = [f"{stem}-front.png"] + [f"{stem}-back.png" if n == 1 else f"{stem}-step{step + 1}.png"
                                          for n, step in enumerate(steps[1:], start=1)]
        level_names = [""] + ["+ " + (text_in(unit.steps[s].label, names.lang)
                                      or (phrase("reduced", names.lang) if n == 1 else f"({s + 1})"))
                              for n, s in enumerate(steps[1:], start=1)]
        pieces.append(PiecePlan(
            counter_id, unit.id, "unit", gpid_of(counter_id), text_in(unit.name, names.lang) or unit.id,
            side, group, tuple(images), tuple(level_names),
            (type_prototype(names, unit.type),) + ((side_prototype(names, side),) if side else ()),
            tuple(_unit_properties(names, unit, steps)), unit.copies))
    return pieces


def marker_piece(names: Names, marker: Marker, hidden_cups: set[str]) -> PiecePlan:
    """Return a marker's piece: one Layer level per face, masked when its cup hides it."""
    stem = image_stem(marker.id)
    count = max(1, len(marker.faces))
    images = tuple(f"{stem}-face{i + 1}.png" for i in range(count))
    level_names = ("",) + tuple("+ " + (text_in(f.text, names.lang).replace(SOFT_HYPHEN, "") or str(i + 2))
                               for i, f in enumerate(marker.faces[1:]))
    side = marker.side or names.side_of_nationality(marker.nationality) or ""
    props = [("MarkerId", marker.id), ("Kind", marker.kind)] + ([("Cup", marker.cup)] if marker.cup else [])
    props += [(k, _value_text(v)) for k, v in marker.properties.items() if not isinstance(v, list)]
    masked = marker.cup is not None and marker.cup in hidden_cups
    return PiecePlan(marker.id, marker.id, "marker", gpid_of(marker.id), text_in(marker.name, names.lang) or marker.id,
                     side, marker.kind, images, level_names[:count],
                     (side_prototype(names, side),) if side else (), tuple(props), marker.copies,
                     f"{stem}-mask.png" if masked else None, marker.cup)


def pieces_with_sources(game: Game) -> list[tuple[PiecePlan, Unit | Marker]]:
    """Return every palette piece with the unit or marker it comes from: units in file order, then markers."""
    names = Names(game)
    hidden = {c.id for c in game.game.cups if c.hidden}
    units = [(p, unit) for unit in game.counters.units for p in unit_pieces(names, unit)]
    return units + [(marker_piece(names, m, hidden), m) for m in game.counters.markers]


def plan_pieces(game: Game) -> list[PiecePlan]:
    """Return every palette piece: units in file order, then markers (module aids included)."""
    return [piece for piece, _ in pieces_with_sources(game)]


def face_recipes(game: Game, pieces: list[PiecePlan]) -> dict[str, FaceRecipe]:
    """Return how to draw each image a piece shows; a step no counter prints has no recipe."""
    recipes: dict[str, FaceRecipe] = {}
    for piece in pieces:
        if piece.kind == "unit":
            stem = image_stem(piece.counter_id)
            recipes[f"{stem}-front.png"] = ("counter", piece.counter_id, 0)
            recipes[f"{stem}-back.png"] = ("counter", piece.counter_id, 1)
            continue
        for face, image in enumerate(piece.images):
            recipes[image] = ("marker", piece.source_id, face)
        if piece.mask:
            recipes[piece.mask] = ("mask", piece.source_id, 0)
    return recipes
