"""One scenario's placements resolved to where each counter goes: a hex, a box, a table point, a
reinforcement turn or a side's free-setup box.

"Within N of X", zones and map edges spread their units from an anchor (the placement's `near` hexes, the
centres of "within", else the middle of the zone): each unit takes the nearest hex it may enter that has
room under the stacking limits and holds no enemy, the emptiest of equally near ones, ties by label; a
unit no hex has room for is left unplaced, for the checks to report. Exact hexes and places are resolved
first, so that an area never fills a hex an exact placement needs; "stacked with" comes last and joins its
unit or formation, or the nearest hex with room. The same content always gives the same plan.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Sequence

from builder.model.content import Game
from builder.model.counters import Marker, Unit
from builder.model.map import Map, Place
from builder.model.scenario import MarkerPlacement, Placement, Where
from builder.plan.hexes import HexMap, Stacks

TargetKind = Literal["hex", "box", "point", "turn", "pool"]
AREAS = ("within", "zone", "edge")
"""The placements that spread over an area of hexes."""
STACK_REACH = 2
"""How far from its unit or formation a "stacked with" placement may go when that hex is full."""


@dataclass(frozen=True)
class Target:
    """Where a piece goes: a hex label or box key on a map, a point in inches, a turn, or a side's pool."""

    kind: TargetKind
    map_id: str | None
    key: str
    point_in: tuple[float, float] | None = None


@dataclass(frozen=True)
class Placed:
    """One counter put somewhere, at a Layer level (1 = its front), hidden or not, facing a direction."""

    counter_id: str
    target: Target
    level: int = 1
    hidden: bool = False
    """Whether it starts hidden: a unit set up secretly, a marker face down (VASSAL: masked)."""
    facing_deg: int = 0
    """Its facing in degrees clockwise from the map's top (VASSAL: rotated)."""
    piece_id: str = ""
    """The unit or marker it is a counter of."""
    source: Where | None = field(default=None, compare=False)
    """The placement it comes from (for the checks' locations)."""


@dataclass(frozen=True)
class Unplaced:
    """A unit an area or "stacked with" placement found no legal hex with room for."""

    source: Where
    unit_id: str


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
    areas: dict[tuple, tuple[tuple[int, str], ...]] = field(default_factory=dict)
    markers_in: dict[tuple[int, str], int] = field(default_factory=dict)
    unplaced: list[Unplaced] = field(default_factory=list)
    hexes_of: dict[str, list[Target]] = field(default_factory=dict)
    """The hexes of each unit and formation (`formation:<id>`) placed so far, for "stacked with"."""

    def __post_init__(self) -> None:
        self.units = {u.id: u for u in self.game.counters.units}
        self.places = {}
        for map_ in self.game.maps.maps:
            for place in map_.places:
                self.places.setdefault(place.id, (place, map_))

    def place(self, place_id: str) -> tuple[Place | None, Map | None]:
        """Return a place and its map (the first that defines it), or (None, None)."""
        return self.places.get(place_id, (None, None))

    def hex_of(self, name: str) -> str:
        """Return the hex of a place id, or the name itself (a hex label)."""
        place = self.place(name)[0]
        return place.hex if place is not None and place.hex else name

    def hex_map(self, map_id: str | None) -> HexMap | None:
        """Return the named hex map, or the first one when none is named."""
        if map_id:
            return self.hex_maps.get(map_id)
        return next(iter(self.hex_maps.values()), None)

    def content_map(self, map_id: str | None) -> Map | None:
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


def box_map(game: Game, box_id: str) -> str | None:
    """Return the map whose tracks hold a box (or track) id."""
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


def area_labels(resolver: Resolver, where: Where, hex_map: HexMap) -> list[str]:
    """Return the hexes an area placement (within, zone, edge) allows."""
    if where.within is not None:
        targets = [where.within.of] if isinstance(where.within.of, str) else list(where.within.of)
        return list(hex_map.nearest([resolver.hex_of(t) for t in targets], where.within.hexes))
    if where.zone is not None:
        zone = next((z for z in hex_map.map.zones if z.id == where.zone), None)
        return sorted({label for entry in (zone.hexes if zone else []) for label in hex_map.expand(entry)})
    edge = next((e for e in hex_map.map.edges if e.id == where.edge), None)
    if edge is None:
        return []
    return sorted(set(edge.hexes) & set(hex_map.terrain)) or hex_map.edge(edge.side_of_map)


def anchors(resolver: Resolver, where: Where, hex_map: HexMap, labels: list[str]) -> list[str]:
    """Return the hexes an area placement spreads from: `near`, the centres of "within", else its middle."""
    if where.near is not None:
        return [resolver.hex_of(n) for n in ([where.near] if isinstance(where.near, str) else where.near)]
    if where.within is not None:
        return [resolver.hex_of(t) for t in ([where.within.of] if isinstance(where.within.of, str)
                                               else where.within.of)]
    middle = hex_map.middle(labels)
    return [middle] if middle else []


def _area(resolver: Resolver, where: Where, hex_map: HexMap) -> tuple[tuple[int, str], ...]:
    """Return (distance from the anchors, label) of an area's hexes, nearest first (made once per area)."""
    within = where.within
    near = tuple(where.near) if isinstance(where.near, list) else where.near
    key = (hex_map.map.id, (within.hexes, tuple(within.of) if isinstance(within.of, list) else within.of)
           if within is not None else None, where.zone, where.edge, near)
    if key not in resolver.areas:
        labels = area_labels(resolver, where, hex_map)
        resolver.areas[key] = hex_map.by_distance(labels, anchors(resolver, where, hex_map, labels))
    return resolver.areas[key]


def nearest_with_room(resolver: Resolver, ordered: Sequence[tuple[int, str]], hex_map: HexMap,
                      unit: Unit) -> str | None:
    """Return the nearest hex the unit may enter with room for it, the emptiest of equally near ones."""
    stacks, best = resolver.stacks, None
    for distance, label in ordered:
        if best is not None and distance > best[0]:
            break
        terrain = hex_map.terrain.get(label)
        if terrain is None or not stacks.may_enter(unit, terrain) or not stacks.has_room(hex_map, label, unit):
            continue
        key = (distance, len(stacks.in_hex(hex_map.map.id, label)), label)
        best = key if best is None or key < best else best
    return best[2] if best else None


def _stacked_target(resolver: Resolver, where: Where, unit: Unit, side: str) -> Target | None:
    """Return the first hex of the unit or formation a "stacked with" names that has room, or the nearest
    hex with room to the first."""
    wanted = where.stacked_with
    key = wanted.unit if wanted.unit else f"formation:{wanted.formation}"
    found = resolver.where_units.get(key)
    if found is None:
        return Target("pool", None, side)  # nothing to stack with: scenario/unsatisfiable-placement says so
    if found.kind != "hex":
        return found
    hex_map = resolver.hex_maps[found.map_id]
    joined = [t.key for t in resolver.hexes_of.get(key, [found]) if t.map_id == found.map_id]
    # its hexes in the order they were taken (filled one after the other), then the nearest to the first
    near = hex_map.by_distance(list(hex_map.nearest([found.key], STACK_REACH)), [found.key])
    ordered = list(enumerate(joined)) + [(len(joined) + d, label) for d, label in near if label not in joined]
    label = nearest_with_room(resolver, ordered, hex_map, unit)
    return Target("hex", found.map_id, label) if label else None


def unit_target(resolver: Resolver, where: Where, unit: Unit, side: str) -> Target | None:
    """Return where one unit of a placement goes; None when an area has no legal hex with room left."""
    how = where.how
    if how == "box":
        return Target("box", where.map or box_map(resolver.game, where.box), where.box)
    if how == "stacked_with":
        return _stacked_target(resolver, where, unit, side)
    point = _table_point(resolver, where) if how in ("place", "zone") else None
    hex_map = resolver.hex_map(where.map)
    if point is not None or hex_map is None or how == "anywhere":
        return point or Target("pool", None, side)
    if how in ("hex", "place"):
        place, place_map = resolver.place(where.place) if where.place else (None, None)
        label = where.hex or (place.hex if place else None)
        return Target("hex", place_map.id if place_map else hex_map.map.id, label) if label \
            else Target("pool", None, side)
    area = _area(resolver, where, hex_map)
    if not any(label in hex_map.terrain and resolver.stacks.may_enter(unit, hex_map.terrain[label])
               for _, label in area):
        return Target("pool", None, side)  # no legal hex at all: scenario/unsatisfiable-placement says so
    label = nearest_with_room(resolver, area, hex_map, unit)
    return Target("hex", hex_map.map.id, label) if label else None


def _remember(resolver: Resolver, unit: Unit, target: Target) -> None:
    if target.kind == "hex":
        resolver.stacks.add(target.map_id, target.key, unit)
    for key in [unit.id] + ([f"formation:{unit.formation}"] if unit.formation else []):
        resolver.where_units.setdefault(key, target)
        if target.kind == "hex" and target not in resolver.hexes_of.setdefault(key, []):
            resolver.hexes_of[key].append(target)


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
        if target is None:
            resolver.unplaced.append(Unplaced(placement, unit_id))
            target = Target("pool", None, side)
        elif turn_target is None:
            _remember(resolver, unit, target)
        placed.append(Placed(counter_id, target, level, placement.hidden, placement.facing or 0, unit_id, placement))
    return placed


def _marker_hex(resolver: Resolver, where: MarkerPlacement, hex_map: HexMap, marker: Marker | None) -> str | None:
    """Return the hex of an area for the next marker of a placement: one each before any doubles up,
    nearest first; a hidden marker under a stack of its side's units when one is left."""
    sides = resolver.stacks.sides
    best = None
    for distance, label in _area(resolver, where, hex_map):
        present = resolver.stacks.in_hex(hex_map.map.id, label)
        alone = where.hidden and marker is not None and not any(sides.get(u.nationality) == marker.side
                                                                for u in present)
        key = (alone, resolver.markers_in.get((id(where), label), 0), distance, label)
        best = key if best is None or key < best else best
    if best is None:
        return None
    resolver.markers_in[(id(where), best[3])] = resolver.markers_in.get((id(where), best[3]), 0) + 1
    return best[3]


def marker_target(resolver: Resolver, where: MarkerPlacement, marker: Marker | None) -> Target:
    """Return where the next marker of a placement goes: a box, a hex or place, or a hex of its area."""
    if where.box:
        return Target("box", where.map or box_map(resolver.game, where.box), where.box)
    point = _table_point(resolver, where)
    hex_map = resolver.hex_map(where.map)
    if point is not None or hex_map is None:
        return point or Target("pool", None, "")
    place = resolver.place(where.place)[0] if where.place else None
    label = where.hex or (place.hex if place else None)
    if label is None and where.how in AREAS:
        label = _marker_hex(resolver, where, hex_map, marker)
    return Target("hex", hex_map.map.id, label) if label else Target("pool", None, "")
