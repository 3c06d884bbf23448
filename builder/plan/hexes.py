"""Hexes a placement may use: the terrain a unit may enter, room left under the stacking limits, and
the candidate hexes of "within N of X", zones and map edges, nearest first.

The same reading of the rules as the scenario checks (rules/scenarios.py), written here so that the
exporter depends on the model only: a hex is legal when its terrain does not block movement, is not in
the unit type's prohibited terrain, and no TEC row marks it `P` for the type's movement class.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from builder.geometry.hexgrid import Hex, HexGrid
from builder.model.charts import Tec
from builder.model.content import Game
from builder.model.counters import Unit
from builder.model.map import HexEntry, Map

PROHIBITED = {"P", "X", "prohibited", "—P"}


@dataclass(frozen=True)
class HexMap:
    """A hex map's grid and the terrain ids (base and overlays) of each labelled hex."""

    map: Map
    grid: HexGrid
    terrain: dict[str, tuple[str, ...]]
    near: dict[tuple[tuple[str, ...], int], tuple[str, ...]] = field(default_factory=dict, compare=False, repr=False)
    """`nearest` by centres and radius: "stacked with" asks it again for every unit of a formation."""

    @classmethod
    def of(cls, map_: Map) -> "HexMap":
        """Index one hex map."""
        grid = HexGrid(map_.grid)
        terrain = {label: (map_.default_terrain,) for label in grid.labels()} if map_.default_terrain else {}
        for label, value in map_.hexes.items():
            if isinstance(value, HexEntry):
                terrain[label] = (value.terrain, *value.overlays)
            elif isinstance(value, list):
                terrain[label] = tuple(value) or terrain.get(label, ())
            else:
                terrain[label] = (str(value),)
        return cls(map_, grid, terrain)

    def expand(self, entry: str) -> list[str]:
        """Return the labels a zone entry stands for: one hex, or the block between two corner hexes."""
        if self.grid.find(entry):
            return [entry]
        first, _, last = entry.partition("-")
        a, b = self.grid.find(first), self.grid.find(last)
        if not (a and b):
            return []
        return [self.grid.label(Hex(c, r)) for c in range(min(a.col, b.col), max(a.col, b.col) + 1)
                for r in range(min(a.row, b.row), max(a.row, b.row) + 1)]

    def nearest(self, centres: list[str], radius: int) -> tuple[str, ...]:
        """Return the labels within `radius` of any centre, nearest first, then by label."""
        key = (tuple(centres), radius)
        if key not in self.near:
            self.near[key] = self._nearest(centres, radius)
        return self.near[key]

    def _nearest(self, centres: list[str], radius: int) -> tuple[str, ...]:
        found: dict[str, int] = {}
        for label in centres:
            centre = self.grid.find(label)
            if centre is None:
                continue
            for hex_ in self.grid.within(centre, radius):
                other = self.grid.label(hex_)
                found[other] = min(found.get(other, radius + 1), self.grid.distance(centre, hex_))
        return tuple(sorted(found, key=lambda label: (found[label], label)))

    def edge(self, side_of_map: str) -> list[str]:
        """Return the labels of the hexes along one side of the map."""
        cols, rows = self.map.grid.columns, self.map.grid.rows
        hexes = {"west": [Hex(0, r) for r in range(rows)], "east": [Hex(cols - 1, r) for r in range(rows)],
                 "north": [Hex(c, 0) for c in range(cols)], "south": [Hex(c, rows - 1) for c in range(cols)]}
        return [self.grid.label(h) for h in hexes[side_of_map]]


@dataclass
class Stacks:
    """The units already put in each hex while one scenario is resolved."""

    game: Game
    units: dict[tuple[str, str], list[Unit]] = field(default_factory=dict)
    legal: dict[tuple[str, tuple[str, ...]], bool] = field(default_factory=dict)

    def may_enter(self, unit: Unit, terrain_ids: tuple[str, ...]) -> bool:
        """Return whether the unit may stand in a hex of these terrains (remembered per type and terrain)."""
        key = (unit.type, terrain_ids)
        if key not in self.legal:
            self.legal[key] = may_enter(self.game, unit, terrain_ids)
        return self.legal[key]

    def add(self, map_id: str, label: str, unit: Unit) -> None:
        """Record a unit in a hex."""
        self.units.setdefault((map_id, label), []).append(unit)

    def has_room(self, hex_map: HexMap, label: str, unit: Unit) -> bool:
        """Return whether the unit fits in the hex under every stacking limit."""
        stack = self.units.get((hex_map.map.id, label), []) + [unit]
        terrain = set(hex_map.terrain.get(label, ()))
        for limit in self.game.game.stacking.limits:
            if limit.terrain and not terrain & set(limit.terrain):
                continue
            if sum(_counts(self.game, u, limit) for u in stack) > limit.max:
                return False
        return True


def _counts(game: Game, unit: Unit, limit) -> float:
    """Return what a unit adds to a stacking limit (0 when exempt or not of the sizes and types counted)."""
    if unit.type in game.game.stacking.exempt_types:
        return 0.0
    if (limit.sizes and unit.size not in limit.sizes) or (limit.types and unit.type not in limit.types):
        return 0.0
    if limit.count == "value":
        value = unit.steps[0].values.get(limit.value or "", 0)
        return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else 0.0
    return 1.0


def may_enter(game: Game, unit: Unit, terrain_ids: tuple[str, ...]) -> bool:
    """Return whether the unit may stand in a hex of these terrains."""
    terrain = {t.id: t for t in game.maps.terrain}
    unit_type = next((t for t in game.counters.unit_types if t.id == unit.type), None)
    costs = [row.cost.get(unit_type.movement_class or "", "") for chart in game.charts.charts
             if isinstance(chart, Tec) for row in chart.rows if row.terrain in terrain_ids] if unit_type else []
    if any(str(cost) in PROHIBITED for cost in costs):
        return False
    if unit_type is not None and set(terrain_ids) & set(unit_type.prohibited_terrain):
        return False
    return not any(terrain[t].blocks_movement for t in terrain_ids if t in terrain)


def choose_hex(candidates: Sequence[str], hex_map: HexMap, unit: Unit, stacks: Stacks) -> str | None:
    """Return the first candidate the unit may enter and that has room; else the first it may enter."""
    first_legal = None
    for label in candidates:
        if label not in hex_map.terrain or not stacks.may_enter(unit, hex_map.terrain[label]):
            continue
        if stacks.has_room(hex_map, label, unit):
            return label
        first_legal = first_legal or label
    return first_legal or (candidates[0] if candidates else None)
