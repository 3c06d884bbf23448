"""Hexes a placement may use: the terrain a unit may enter, room left under the stacking limits, and the
hexes of "within N of X", zones and map edges, nearest to where a placement spreads from.

The one reading of the rules that the plan and the scenario checks (rules/scenarios.py) share: a hex is
legal when its terrain does not block movement, is not in the unit type's prohibited terrain, and no TEC
row marks it `P` for the type's movement class.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from builder.geometry.hexgrid import AxisLabels, GridShape, Hex, HexGrid, Labelling, cube_distance
from builder.model.charts import Tec
from builder.model.content import Game
from builder.model.counters import Unit
from builder.model.game import StackingLimit
from builder.model.map import AxisNumbering, Grid, HexEntry, Map

PROHIBITED = {"P", "X", "prohibited", "—P"}
"""The TEC costs that forbid a movement class a terrain."""


def hex_grid(grid: Grid) -> HexGrid:
    """Return the hex maths of a map's grid: its shape and numbering as builder/geometry takes them."""
    numbering = grid.numbering
    labelling = Labelling(numbering.order, numbering.separator, _axis_labels(numbering.column),
                          _axis_labels(numbering.row), numbering.stagger)
    return HexGrid(GridShape(grid.orientation, grid.columns, grid.rows, grid.hex_mm, grid.first, labelling))


def _axis_labels(axis: AxisNumbering) -> AxisLabels:
    return AxisLabels(axis.style, axis.digits, axis.first, axis.descending)


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
        grid = hex_grid(map_.grid)
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
            found: dict[str, int] = {}
            for label in centres:
                centre = self.grid.find(label)
                for hex_ in self.grid.within(centre, radius) if centre is not None else []:
                    other = self.grid.label(hex_)
                    found[other] = min(found.get(other, radius + 1), self.grid.distance(centre, hex_))
            self.near[key] = tuple(sorted(found, key=lambda label: (found[label], label)))
        return self.near[key]

    def edge(self, side_of_map: str) -> list[str]:
        """Return the labels of the hexes along one side of the map."""
        cols, rows = self.map.grid.columns, self.map.grid.rows
        hexes = {"west": [Hex(0, r) for r in range(rows)], "east": [Hex(cols - 1, r) for r in range(rows)],
                 "north": [Hex(c, 0) for c in range(cols)], "south": [Hex(c, rows - 1) for c in range(cols)]}
        return [self.grid.label(h) for h in hexes[side_of_map]]

    def middle(self, labels: list[str]) -> str | None:
        """Return the hex of an area nearest its middle (by column and row), ties by label."""
        hexes = [(label, self.grid.find(label)) for label in labels]
        hexes = [(label, h) for label, h in hexes if h is not None]
        if not hexes:
            return None
        col = sum(h.col for _, h in hexes) / len(hexes)
        row = sum(h.row for _, h in hexes) / len(hexes)
        return min(hexes, key=lambda item: ((item[1].col - col) ** 2 + (item[1].row - row) ** 2, item[0]))[0]

    def by_distance(self, labels: list[str], anchors: list[str]) -> tuple[tuple[int, str], ...]:
        """Return (distance to the nearest anchor, label) of each label, nearest first, then by label."""
        # the anchors' cube coordinates found once, not again for every hex of the area
        centres = [self.grid.cube(h) for h in (self.grid.find(a) for a in anchors) if h is not None]
        found = []
        for label in labels:
            hex_ = self.grid.find(label)
            if hex_ is not None:
                cube = self.grid.cube(hex_)
                found.append((min((cube_distance(c, cube) for c in centres), default=0), label))
        return tuple(sorted(found))


def stacking_share(game: Game, unit: Unit, limit: StackingLimit) -> float:
    """Return what a unit adds to a stacking limit (0 when exempt or not of the sizes and types counted)."""
    if unit.type in game.game.stacking.exempt_types:
        return 0.0
    if (limit.sizes and unit.size not in limit.sizes) or (limit.types and unit.type not in limit.types):
        return 0.0
    if limit.count == "value":
        value = unit.steps[0].values.get(limit.value or "", 0)
        return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else 0.0
    return 1.0


def limits_in(game: Game, terrain_ids: tuple[str, ...]) -> list[StackingLimit]:
    """Return the stacking limits that hold in a hex of these terrains."""
    return [limit for limit in game.game.stacking.limits
            if not limit.terrain or set(terrain_ids) & set(limit.terrain)]


def prohibited_terrain(game: Game, unit: Unit, terrain_ids: tuple[str, ...]) -> str | None:
    """Return the terrain among `terrain_ids` the unit may not enter, or None."""
    terrain = {t.id: t for t in game.maps.terrain}
    unit_type = next((t for t in game.counters.unit_types if t.id == unit.type), None)
    for name in terrain_ids:
        if name in terrain and terrain[name].blocks_movement:
            return name
        if unit_type is None:
            continue
        if name in unit_type.prohibited_terrain:
            return name
        for chart in (c for c in game.charts.charts if isinstance(c, Tec)):
            if any(row.terrain == name and str(row.cost.get(unit_type.movement_class or "", "")) in PROHIBITED
                   for row in chart.rows):
                return name
    return None


@dataclass
class Stacks:
    """The units already put in each hex while one scenario is planned, and each unit's side."""

    game: Game
    units: dict[tuple[str, str], list[Unit]] = field(default_factory=dict)
    legal: dict[tuple[str, tuple[str, ...]], bool] = field(default_factory=dict)
    sides: dict[str, str | None] = field(init=False)

    def __post_init__(self) -> None:
        self.sides = {n.id: n.side for n in self.game.game.nationalities}

    def may_enter(self, unit: Unit, terrain_ids: tuple[str, ...]) -> bool:
        """Return whether the unit may stand in a hex of these terrains (remembered per type and terrain)."""
        key = (unit.type, terrain_ids)
        if key not in self.legal:
            self.legal[key] = prohibited_terrain(self.game, unit, terrain_ids) is None
        return self.legal[key]

    def add(self, map_id: str, label: str, unit: Unit) -> None:
        """Record a unit in a hex."""
        self.units.setdefault((map_id, label), []).append(unit)

    def in_hex(self, map_id: str, label: str) -> list[Unit]:
        """Return the units put in a hex so far."""
        return self.units.get((map_id, label), [])

    def has_room(self, hex_map: HexMap, label: str, unit: Unit) -> bool:
        """Return whether the unit fits in the hex under every stacking limit, with no enemy there."""
        present = self.in_hex(hex_map.map.id, label)
        side = self.sides.get(unit.nationality)
        if not self.game.game.stacking.enemy_may_share and any(self.sides.get(u.nationality) != side for u in present):
            return False
        stack = present + [unit]
        return all(sum(stacking_share(self.game, u, limit) for u in stack) <= limit.max
                   for limit in limits_in(self.game, hex_map.terrain.get(label, ())))
