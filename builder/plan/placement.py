"""Every scenario resolved to where each counter goes, before any pixel: a hex, a box, a table point,
a reinforcement turn or a side's free-setup box.

"Within N of X", zones and map edges take the nearest hex the unit may enter that still has room under
the stacking limits (ties broken by label); "stacked with" joins the first hex its unit or formation was
given, or the nearest one with room. The same content always gives the same setup.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Sequence

from builder.emit.vassal.placement import HexMap, Stacks, choose_hex
from builder.model.content import Game
from builder.model.counters import Unit
from builder.model.map import Map, Place
from builder.model.scenario import MarkerPlacement, Placement, Scenario, Where

TargetKind = Literal["hex", "box", "point", "turn", "pool"]


@dataclass(frozen=True)
class Target:
    """Where a piece goes: a hex label or box key on a map, a point in inches, a turn, or a side's pool."""

    kind: TargetKind
    map_id: str | None
    key: str
    point_in: tuple[float, float] | None = None


@dataclass(frozen=True)
class Placed:
    """One counter put somewhere, at a Layer level (1 = its front)."""

    counter_id: str
    target: Target
    level: int = 1


@dataclass(frozen=True)
class Setup:
    """A scenario resolved: its pieces in content order, its cups' contents and its first turn."""

    scenario: Scenario
    placed: tuple[Placed, ...]
    cups: tuple[tuple[str, tuple[str, ...]], ...]
    first_turn: int


@dataclass
class Resolver:
    """Resolves one scenario's placements, keeping the stacks and the counters already used."""

    game: Game
    stacks: Stacks
    hex_maps: dict[str, HexMap]
    used: dict[str, int] = field(default_factory=dict)
    where_units: dict[str, Target] = field(default_factory=dict)
    units: dict[str, Unit] = field(init=False)
    places: dict[str, tuple[Place, Map]] = field(init=False)
    candidates: dict[tuple, Sequence[str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.units = {u.id: u for u in self.game.counters.units}
        self.places = {}
        for map_ in self.game.maps.maps:
            for place in map_.places:
                self.places.setdefault(place.id, (place, map_))

    def place(self, place_id: str) -> tuple[Place | None, Map | None]:
        """Return a place and its map (the first that defines it), or (None, None)."""
        return self.places.get(place_id, (None, None))

    def hex_map(self, map_id: str | None) -> HexMap | None:
        """Return the named hex map, or the first one when none is named."""
        if map_id:
            return self.hex_maps.get(map_id)
        return next(iter(self.hex_maps.values()), None)

    def content_map(self, map_id: str | None):
        """Return the named content map, or the first hex (else first) map."""
        maps = self.game.maps.maps
        if map_id:
            return next((m for m in maps if m.id == map_id), None)
        return next((m for m in maps if m.kind == "hex"), maps[0] if maps else None)

    def counter_for(self, unit: Unit, step: int | None) -> tuple[str, int]:
        """Return which counter of a unit to put down and at which level, using each counter once."""
        firsts = [0] + [i for i, s in enumerate(unit.steps) if i > 0 and s.counter == "separate"]
        counters = [(unit.id if f == 0 else f"{unit.id}~{f + 1}", f) for f in firsts]
        if step is not None:
            first = max(f for f in firsts if f <= step - 1)
            counters = [c for c in counters if c[1] == first] + [c for c in counters if c[1] != first]
        free = [c for c in counters if self.used.get(c[0], 0) < unit.copies] or counters[:1]
        counter_id, first = free[0]
        self.used[counter_id] = self.used.get(counter_id, 0) + 1
        return counter_id, (step - first if step is not None else 1)


def _box_map(game: Game, box_id: str) -> str | None:
    for map_ in game.maps.maps:
        for track in map_.tracks:
            if track.id == box_id or any(b.id == box_id for b in track.boxes):
                return map_.id
    return None


def _table_point(resolver: Resolver, where: Where) -> Target | None:
    """Return a point on a gridless table for a place or a zone with an area, if the map is a table."""
    map_ = resolver.content_map(where.map)
    if map_ is None or map_.kind != "table":
        return None
    if where.place:
        place, _ = resolver.place(where.place)
        if place is not None and place.at_in is not None:
            return Target("point", map_.id, where.place, place.at_in)
    zone = next((z for z in map_.zones if z.id == where.zone), None) if where.zone else None
    if zone is not None and zone.area_in is not None:
        x, y, w, d = zone.area_in
        return Target("point", map_.id, zone.id, (x + w / 2, y + d / 2))
    return None


def _candidates(resolver: Resolver, where: Where, hex_map: HexMap) -> Sequence[str]:
    """Return the hexes a placement may use, best first (worked out once per map and area)."""
    within = where.within
    key = (hex_map.map.id, (within.hexes, tuple(within.of) if isinstance(within.of, list) else within.of)
           if within is not None else None, where.zone, where.edge)
    if key not in resolver.candidates:
        resolver.candidates[key] = _area_hexes(resolver, where, hex_map)
    return resolver.candidates[key]


def _area_hexes(resolver: Resolver, where: Where, hex_map: HexMap) -> Sequence[str]:
    if where.within is not None:
        targets = [where.within.of] if isinstance(where.within.of, str) else list(where.within.of)
        centres = [(resolver.place(t)[0].hex if resolver.place(t)[0] else t) for t in targets]
        return hex_map.nearest([c for c in centres if c], where.within.hexes)
    if where.zone is not None:
        zone = next((z for z in hex_map.map.zones if z.id == where.zone), None)
        return sorted({label for entry in (zone.hexes if zone else []) for label in hex_map.expand(entry)})
    edge = next((e for e in hex_map.map.edges if e.id == where.edge), None)
    if edge is None:
        return []
    return sorted(set(edge.hexes) & set(hex_map.terrain)) or hex_map.edge(edge.side_of_map)


def _stacked_target(resolver: Resolver, where: Where, unit: Unit) -> Target | None:
    """Return the hex of the unit or formation a "stacked with" names, or the nearest one with room."""
    wanted = where.stacked_with
    key = wanted.unit if wanted.unit else f"formation:{wanted.formation}"
    found = resolver.where_units.get(key)
    if found is None or found.kind != "hex":
        return found
    hex_map = resolver.hex_maps[found.map_id]
    label = choose_hex(hex_map.nearest([found.key], 2), hex_map, unit, resolver.stacks)
    return Target("hex", found.map_id, label) if label else found


def unit_target(resolver: Resolver, where: Where, unit: Unit, side: str) -> Target:
    """Return where one unit of a placement goes."""
    how = where.how
    if how == "box":
        return Target("box", where.map or _box_map(resolver.game, where.box), where.box)
    if how == "stacked_with":
        return _stacked_target(resolver, where, unit) or Target("pool", None, side)
    point = _table_point(resolver, where) if how in ("place", "zone") else None
    hex_map = resolver.hex_map(where.map)
    if point is not None or hex_map is None or how == "anywhere":
        return point or Target("pool", None, side)
    if how in ("hex", "place"):
        place, place_map = resolver.place(where.place) if where.place else (None, None)
        label = where.hex or (place.hex if place else None)
        return Target("hex", place_map.id if place_map else hex_map.map.id, label) if label \
            else Target("pool", None, side)
    label = choose_hex(_candidates(resolver, where, hex_map), hex_map, unit, resolver.stacks)
    return Target("hex", hex_map.map.id, label) if label else Target("pool", None, side)


def _remember(resolver: Resolver, unit: Unit, target: Target) -> None:
    if target.kind == "hex":
        resolver.stacks.add(target.map_id, target.key, unit)
    resolver.where_units.setdefault(unit.id, target)
    if unit.formation:
        resolver.where_units.setdefault(f"formation:{unit.formation}", target)


def place_units(resolver: Resolver, placement: Placement, side: str, turn_target: Target | None) -> list[Placed]:
    """Return the counters of one placement, each at its target (or at its reinforcement turn)."""
    placed = []
    for unit_id in placement.units:
        unit = resolver.units.get(unit_id)
        if unit is None:
            continue
        counter_id, level = resolver.counter_for(unit, placement.step)
        level = 2 if placement.face == "reduced" and placement.step is None and len(unit.steps) > 1 else level
        target = turn_target or unit_target(resolver, placement, unit, side)
        if turn_target is None:
            _remember(resolver, unit, target)
        placed.append(Placed(counter_id, target, level))
    return placed


def marker_target(resolver: Resolver, where: MarkerPlacement, index: int) -> Target:
    """Return where the `index`-th marker of a placement goes: a box, a hex or place, or one hex each
    of a zone (or of the hexes within N of X, or along an edge), in order."""
    if where.box:
        return Target("box", where.map or _box_map(resolver.game, where.box), where.box)
    point = _table_point(resolver, where)
    hex_map = resolver.hex_map(where.map)
    if point is not None or hex_map is None:
        return point or Target("pool", None, "")
    place = resolver.place(where.place)[0] if where.place else None
    label = where.hex or (place.hex if place else None)
    if label is None and where.how in ("within", "zone", "edge"):
        candidates = _candidates(resolver, where, hex_map)
        label = candidates[index % len(candidates)] if candidates else None
    return Target("hex", hex_map.map.id, label) if label else Target("pool", None, "")
