"""Lookups the checks share, built once per run from the model (never mutated afterwards)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, TypeVar

from builder.geometry.hexgrid import Hex, HexGrid
from builder.plan.hexes import hex_grid
from builder.model.content import Game
from builder.model.counters import Unit
from builder.model.map import HexEntry, Map, Place

T = TypeVar("T")


def by_id(items: Iterable[T]) -> dict[str, T]:
    """Return items by id; the first of a duplicated id wins (duplicates are a check of their own)."""
    out: dict[str, T] = {}
    for item in items:
        out.setdefault(getattr(item, "id"), item)
    return out


@dataclass(frozen=True)
class HexTerrain:
    """What stands in one hex: base terrain and overlays."""

    terrain: str
    overlays: tuple[str, ...] = ()

    def all(self) -> tuple[str, ...]:
        """Return base terrain and overlays together."""
        return (self.terrain,) + self.overlays


@dataclass(frozen=True)
class MapIndex:
    """One hex map's grid and terrain."""

    map: Map
    grid: HexGrid | None
    terrain: dict[str, HexTerrain] = field(default_factory=dict)

    def hex(self, label: str) -> Hex | None:
        """Return the hex with this label, if the map has one."""
        return self.grid.find(label) if self.grid else None

    def expand(self, label: str) -> list[str] | None:
        """Return the labels a zone entry stands for: one hex, or the block between two corners."""
        if self.grid is None:
            return None
        if self.grid.find(label):
            return [label]
        if "-" in label:
            first, _, last = label.partition("-")
            a, b = self.grid.find(first), self.grid.find(last)
            if a and b:
                return [self.grid.label(Hex(c, r))
                        for c in range(min(a.col, b.col), max(a.col, b.col) + 1)
                        for r in range(min(a.row, b.row), max(a.row, b.row) + 1)]
        return None


def _hex_terrain(value: object, default: str | None) -> HexTerrain:
    if isinstance(value, HexEntry):
        return HexTerrain(value.terrain, tuple(value.overlays))
    if isinstance(value, list):
        return HexTerrain(value[0], tuple(value[1:])) if value else HexTerrain(default or "")
    return HexTerrain(str(value))


def _map_index(map_: Map) -> MapIndex:
    grid = hex_grid(map_.grid) if map_.grid is not None else None
    terrain: dict[str, HexTerrain] = {}
    if grid is not None and map_.default_terrain:
        terrain = {label: HexTerrain(map_.default_terrain) for label in grid.labels()}
    for label, value in map_.hexes.items():
        terrain[label] = _hex_terrain(value, map_.default_terrain)
    return MapIndex(map_, grid, terrain)


@dataclass(frozen=True)
class Index:
    """Everything by id, and each map's grid."""

    sides: dict
    nationalities: dict
    formations: dict
    dice: dict
    values: dict
    movement_classes: dict
    unit_types: dict
    units: dict[str, Unit]
    markers: dict
    terrain: dict
    charts: dict
    maps: dict[str, MapIndex]
    places: dict[str, tuple[Place, str]]
    zones: dict
    boxes: dict
    cups: dict
    edges: dict

    @classmethod
    def of(cls, game: Game) -> "Index":
        """Build the index of a game."""
        maps = {m.id: _map_index(m) for m in game.maps.maps}
        places: dict[str, tuple[Place, str]] = {}
        for m in game.maps.maps:
            for place in m.places:
                places.setdefault(place.id, (place, m.id))
        boxes = {}
        for m in game.maps.maps:
            for track in m.tracks:
                boxes.setdefault(track.id, (track, m.id))
                for box in track.boxes:
                    boxes.setdefault(box.id, (box, m.id))
        return cls(
            sides=by_id(game.game.sides),
            nationalities=by_id(game.game.nationalities),
            formations=by_id(game.game.formations),
            dice=by_id(game.game.dice),
            values=by_id(game.counters.values),
            movement_classes=by_id(game.counters.movement_classes),
            unit_types=by_id(game.counters.unit_types),
            units=by_id(game.counters.units),
            markers=by_id(game.counters.markers),
            terrain=by_id(game.maps.terrain),
            charts=by_id(game.charts.charts),
            maps=maps,
            places=places,
            zones={z.id: (z, m.id) for m in game.maps.maps for z in m.zones},
            boxes=boxes,
            cups=by_id(game.game.cups),
            edges={e.id: (e, m.id) for m in game.maps.maps for e in m.edges},
        )

    def side_of(self, unit: Unit) -> str | None:
        """Return the side of a unit, through its nationality."""
        nationality = self.nationalities.get(unit.nationality)
        return nationality.side if nationality else None

    def hex_maps(self) -> list[MapIndex]:
        """Return the hex maps."""
        return [m for m in self.maps.values() if m.grid is not None]

    def map_for(self, map_id: str | None) -> MapIndex | None:
        """Return the named map, or the first hex map when none is named."""
        if map_id:
            return self.maps.get(map_id)
        hex_maps = self.hex_maps()
        return hex_maps[0] if hex_maps else None
