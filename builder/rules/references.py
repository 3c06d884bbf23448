"""Checks that every id the content refers to exists, and that ids are unique."""
from __future__ import annotations

import difflib
from typing import Iterable, Iterator, NamedTuple

from builder.memo import per_game
from builder.model.content import Game
from builder.model.scenario import Where
from builder.diagnostics import Finding, Location, location_of
from builder.rules.index import Index
from builder.rules.registry import check


class Ref(NamedTuple):
    """One place where the content names something by id (a named tuple: a big game has 100,000 of them)."""

    kind: str
    target: str
    at: Location
    what: str


def _at(node: object, key: str, index: int | None = None) -> Location:
    src = getattr(node, "src", None)
    if src is None:
        return location_of(node)
    return src.item(key, index) if index is not None else src.value(key)


def _many(kind: str, node: object, key: str, what: str) -> Iterator[Ref]:
    for i, target in enumerate(getattr(node, key)):
        yield Ref(kind, target, _at(node, key, i), what)


def _one(kind: str, node: object, key: str, what: str) -> Iterator[Ref]:
    target = getattr(node, key)
    if target is not None:
        yield Ref(kind, target, _at(node, key), what)


def _game_refs(game: Game) -> Iterator[Ref]:
    g = game.game
    for n in g.nationalities:
        yield from _one("side", n, "side", f'nationality "{n.id}"')
        yield from _one("box", n, "dead_pile", f'nationality "{n.id}"')
    for f in g.formations:
        yield from _one("side", f, "side", f'formation "{f.id}"')
        yield from _one("formation", f, "parent", f'formation "{f.id}"')
    yield from _many("unit-type", g.stacking, "exempt_types", "stacking")
    for limit in g.stacking.limits:
        yield from _many("unit-type", limit, "types", "a stacking limit")
        yield from _many("terrain", limit, "terrain", "a stacking limit")
        yield from _one("value", limit, "value", "a stacking limit")
    if g.turns.impulses:
        yield from _one("cup", g.turns.impulses, "cup", "the impulses")
        yield from _one("box", g.turns.impulses, "track", "the impulses")
        for phase in g.turns.phases:
            yield from _one("side", phase, "side", f'phase "{phase.id}"')


def _counter_refs(game: Game) -> Iterator[Ref]:
    c = game.counters
    for t in c.unit_types:
        yield from _one("movement-class", t, "movement_class", f'unit type "{t.id}"')
        yield from _many("terrain", t, "prohibited_terrain", f'unit type "{t.id}"')
        yield from _many("value", t, "required_values", f'unit type "{t.id}"')
    for u in c.units:
        what = f'unit "{u.id}"'
        yield from _one("nationality", u, "nationality", what)
        yield from _one("formation", u, "formation", what)
        yield from _one("unit-type", u, "type", what)
        yield from _one("unit", u, "alternate", what)
        for step in u.steps:
            for key in step.values:
                yield Ref("value", key, step.src.child("values").key(key) if step.src else location_of(u), what)
    for m in c.markers:
        what = f'marker "{m.id}"'
        yield from _one("side", m, "side", what)
        yield from _one("nationality", m, "nationality", what)
        yield from _one("cup", m, "cup", what)
        yield from _one("formation-or-unit", m, "activates", what)


def _map_refs(game: Game) -> Iterator[Ref]:
    for m in game.maps.maps:
        what = f'map "{m.id}"'
        yield from _one("terrain", m, "default_terrain", what)
        for label, value in m.hexes.items():
            names = [value] if isinstance(value, str) else list(value) if isinstance(value, list) \
                else [value.terrain, *value.overlays]
            at = m.src.child("hexes").value(label) if m.src else location_of(m)
            for name in names:
                yield Ref("terrain", name, at, f"hex {label}")
        for side in m.hexsides:
            yield from _one("terrain", side, "feature", "a hexside")
        for path in m.paths:
            yield from _one("terrain", path, "feature", "a path")
        for piece in m.pieces:
            yield from _one("terrain", piece, "terrain", f'table piece "{piece.id}"')
        for track in m.tracks:
            yield from _one("side", track, "side", f'track "{track.id}"')


def _chart_refs(game: Game) -> Iterator[Ref]:
    for chart in game.charts.charts:
        what = f'chart "{chart.id}"'
        if chart.kind in ("crt", "table"):
            yield from _one("dice", chart, "dice", what)
        if chart.kind == "crt":
            yield from _one("value", chart, "attack_value", what)
            yield from _one("value", chart, "defence_value", what)
            for shift in chart.shifts:
                yield from _one("terrain", shift, "terrain", f'shift "{shift.id}"')
        if chart.kind == "tec":
            yield from _many("movement-class", chart, "movement_classes", what)
            for row in chart.rows:
                yield from _one("terrain", row, "terrain", what)
                yield from _many("side", row, "sides", what)
                for key in row.cost:
                    yield Ref("movement-class", key, row.src.child("cost").key(key) if row.src else location_of(row), what)


def _where_refs(where: Where, what: str) -> Iterator[Ref]:
    yield from _one("place", where, "place", what)
    yield from _one("zone", where, "zone", what)
    yield from _one("box", where, "box", what)
    yield from _one("edge", where, "edge", what)
    yield from _one("map", where, "map", what)
    if where.stacked_with is not None:
        yield from _one("formation", where.stacked_with, "formation", what)
        yield from _one("unit", where.stacked_with, "unit", what)


def _scenario_refs(game: Game) -> Iterator[Ref]:
    for s in game.scenarios:
        what = f'scenario "{s.id}"'
        yield from _one("side", s, "first_player", what)
        for side in s.setup:
            yield from _one("side", side, "side", what)
            for placement in side.placements:
                yield from _many("unit", placement, "units", what)
                yield from _where_refs(placement, what)
        for r in s.reinforcements:
            yield from _many("unit", r, "units", what)
            yield from _where_refs(r, what)
        for m in s.markers:
            yield from _many("marker", m, "markers", what)
            yield from _where_refs(m, what)
        yield from _many("unit", s, "not_used", what)
        for cup, chits in s.cup.items():
            cups = s.src.child("cup") if s.src else None
            yield Ref("cup", cup, cups.key(cup) if cups else location_of(s), what)
            for i, chit in enumerate(chits):
                yield Ref("marker", chit, cups.item(cup, i) if cups else location_of(s), what)
        for rep in s.replacements:
            yield from _one("side", rep, "side", what)
            yield from _one("nationality", rep, "nationality", what)
        v = s.victory
        for objective in v.objectives:
            yield from _one("place", objective, "place", what)
            yield from _one("side", objective, "side", what)
        for e in v.elimination:
            yield from _one("side", e, "scorer", what)
            yield from _one("nationality", e, "nationality", what)
        yield from _one("side", v, "controller", what)
        yield from _one("side", v, "default_winner", what)


@per_game
def _refs_by_kind(game: Game) -> dict[str, list[tuple[int, Ref]]]:
    """Return every reference by id in the content, grouped by kind, each with its place in file order.

    Gathered once per game: a dozen checks read it, each only the kinds it is about, so none walks
    the references of all the others (on a game of 10,000 counters they are some 100,000).
    """
    grouped: dict[str, list[tuple[int, Ref]]] = {}
    refs = (*_game_refs(game), *_counter_refs(game), *_map_refs(game), *_chart_refs(game), *_scenario_refs(game))
    for position, ref in enumerate(refs):
        grouped.setdefault(ref.kind, []).append((position, ref))
    return grouped


def _refs_of(game: Game, kinds: Iterable[str]) -> list[Ref]:
    """Return the references of some kinds, in file order."""
    grouped = _refs_by_kind(game)
    return [ref for _, ref in sorted(entry for kind in set(kinds) for entry in grouped.get(kind, ()))]


_KNOWN = {
    "side": lambda ix: ix.sides, "nationality": lambda ix: ix.nationalities,
    "formation": lambda ix: ix.formations, "unit-type": lambda ix: ix.unit_types,
    "unit": lambda ix: ix.units, "marker": lambda ix: ix.markers, "terrain": lambda ix: ix.terrain,
    "dice": lambda ix: ix.dice, "value": lambda ix: ix.values, "movement-class": lambda ix: ix.movement_classes,
    "place": lambda ix: ix.places, "zone": lambda ix: ix.zones, "box": lambda ix: ix.boxes,
    "edge": lambda ix: ix.edges, "cup": lambda ix: ix.cups, "map": lambda ix: ix.maps,
    "formation-or-unit": lambda ix: {**ix.formations, **ix.units},
}


def _unknown(game: Game, ix: Index, kinds: Iterable[str], noun: str, where: str) -> Iterator[Finding]:
    known_by_kind = {kind: _KNOWN[kind](ix) for kind in set(kinds)}
    for ref in _refs_of(game, kinds):
        known = known_by_kind[ref.kind]
        if ref.target in known:
            continue
        near = difflib.get_close_matches(ref.target, list(known), n=1)
        hint = f'did you mean "{near[0]}"?' if near else f"define it in {where}, or correct the id"
        yield Finding(ref.at, f'{ref.what} names the {noun} "{ref.target}", which is not defined', hint,
                      subject=ref.target)


@check("ref/unknown-side")
def unknown_sides(game: Game, ix: Index) -> Iterator[Finding]:
    """Every side named anywhere is defined in game.yaml.

    Why: pieces, setups and victory points are sorted by side; an unknown side leaves them orphaned.
    Fails:  nationalities: [{id: german, side: axsi, …}]
    Passes: nationalities: [{id: german, side: axis, …}]
    """
    yield from _unknown(game, ix, ["side"], "side", "game.yaml `sides`")


@check("ref/unknown-nationality")
def unknown_nationalities(game: Game, ix: Index) -> Iterator[Finding]:
    """Every nationality named by a unit, marker or victory rule is defined in game.yaml.

    Why: a counter takes its colours and side from its nationality.
    Fails:  units: [{id: 7-mot, nationality: brtish, …}]
    Passes: units: [{id: 7-mot, nationality: british, …}]
    """
    yield from _unknown(game, ix, ["nationality"], "nationality", "game.yaml `nationalities`")


@check("ref/unknown-formation")
def unknown_formations(game: Game, ix: Index) -> Iterator[Finding]:
    """Every formation named by a unit, a formation or a placement is defined in game.yaml.

    Why: "stacked with any unit of formation Y" and formation colours need the formation.
    Fails:  units: [{id: 7-mot, formation: 7-armd-div, …}] with no such formation
    Passes: formations: [{id: 7-armd-div, …}]
    """
    yield from _unknown(game, ix, ["formation", "formation-or-unit"], "formation", "game.yaml `formations`")


@check("ref/unknown-unit-type")
def unknown_unit_types(game: Game, ix: Index) -> Iterator[Finding]:
    """Every unit type named by a unit or a stacking rule is defined in counters.yaml.

    Why: the type gives the NATO symbol, the movement class and the TEC column.
    Fails:  units: [{id: 7-mot, type: motorized, …}] with only `motorised` defined
    Passes: unit_types: [{id: motorised, …}]
    """
    yield from _unknown(game, ix, ["unit-type"], "unit type", "counters.yaml `unit_types`")


@check("ref/unknown-unit")
def unknown_units(game: Game, ix: Index) -> Iterator[Finding]:
    """Every unit named in a scenario (setup, reinforcement, not used) exists in the counter mix.

    Why: a setup line for a missing counter cannot be printed on a card or placed in VASSAL.
    Fails:  placements: [{units: [7-mtr], place: retma}]
    Passes: placements: [{units: [7-mot], place: retma}]
    """
    yield from _unknown(game, ix, ["unit"], "unit", "counters.yaml `units`")


@check("ref/unknown-marker")
def unknown_markers(game: Game, ix: Index) -> Iterator[Finding]:
    """Every marker or chit named in a scenario exists in counters.yaml.

    Why: the turn marker or a chit in the cup must be a real piece.
    Fails:  markers: [{markers: [trun], box: turn-1}]
    Passes: markers: [{markers: [turn], box: turn-1}]
    """
    yield from _unknown(game, ix, ["marker"], "marker", "counters.yaml `markers`")


@check("ref/unknown-terrain")
def unknown_terrain(game: Game, ix: Index) -> Iterator[Finding]:
    """Every terrain named by a hex, hexside, path, TEC row or unit type is defined in map.yaml.

    Why: a hex of unknown terrain has no colour on the map and no cost in the TEC.
    Fails:  hexes: {0101: rigde}
    Passes: hexes: {0101: ridge}
    """
    yield from _unknown(game, ix, ["terrain"], "terrain", "map.yaml `terrain`")


@check("ref/unknown-dice")
def unknown_dice(game: Game, ix: Index) -> Iterator[Finding]:
    """Every die roll a chart is read with is defined in game.yaml.

    Why: the die roll decides which rows a chart must have.
    Fails:  charts: [{kind: crt, dice: 2d6, …}] with no 2d6 in `dice`
    Passes: dice: [{id: 2d6, count: 2, faces: 6}]
    """
    yield from _unknown(game, ix, ["dice"], "die roll", "game.yaml `dice`")


@check("ref/unknown-value")
def unknown_values(game: Game, ix: Index) -> Iterator[Finding]:
    """Every value written in a unit's steps is declared in counters.yaml `values`.

    Why: a misspelt value (`atack: 4`) would silently print nothing where the attack goes.
    Fails:  steps: [{values: {atack: 4}}]
    Passes: steps: [{values: {attack: 4}}]
    """
    if ix.values:
        yield from _unknown(game, ix, ["value"], "value", "counters.yaml `values`")


@check("ref/unknown-movement-class")
def unknown_movement_classes(game: Game, ix: Index) -> Iterator[Finding]:
    """Every movement class named by a unit type or the TEC is defined in counters.yaml.

    Why: the movement class picks the unit's column in the TEC.
    Fails:  unit_types: [{id: armour, movement_class: mech}] with only `mtz` defined
    Passes: movement_classes: [{id: mech, …}]
    """
    yield from _unknown(game, ix, ["movement-class"], "movement class", "counters.yaml `movement_classes`")


@check("ref/unknown-place")
def unknown_places(game: Game, ix: Index) -> Iterator[Finding]:
    """Every place named by a setup or a victory condition is defined on a map.

    Why: "sets up at Retma" needs Retma's hex.
    Fails:  placements: [{units: [7-mot], place: retna}]
    Passes: places: [{id: retma, hex: "1516", …}]
    """
    yield from _unknown(game, ix, ["place"], "place", "map.yaml `places`")


@check("ref/unknown-map-element")
def unknown_map_elements(game: Game, ix: Index) -> Iterator[Finding]:
    """Every zone, box, track, edge, cup or map a placement or marker names exists.

    Why: a reinforcement entering by an undefined edge cannot be placed on the map or in VASSAL.
    Fails:  reinforcements: [{turn: 5, units: [10-ind], edge: est}]
    Passes: edges: [{id: east, side_of_map: east}]
    """
    yield from _unknown(game, ix, ["zone", "box", "edge", "cup", "map"], "map element or cup",
                        "map.yaml (zones, tracks, edges, maps) or game.yaml `cups`")


_COLLECTIONS = {
    "side": lambda g: g.game.sides, "nationality": lambda g: g.game.nationalities,
    "formation": lambda g: g.game.formations, "die roll": lambda g: g.game.dice,
    "cup": lambda g: g.game.cups, "value": lambda g: g.counters.values,
    "movement class": lambda g: g.counters.movement_classes, "unit type": lambda g: g.counters.unit_types,
    "counter": lambda g: [*g.counters.units, *g.counters.markers], "terrain": lambda g: g.maps.terrain,
    "map": lambda g: g.maps.maps, "chart": lambda g: g.charts.charts, "scenario": lambda g: g.scenarios,
    "place": lambda g: [p for m in g.maps.maps for p in m.places],
    "zone": lambda g: [z for m in g.maps.maps for z in m.zones],
    "track or box": lambda g: [x for m in g.maps.maps for t in m.tracks for x in (t, *t.boxes)],
}


def _scoped_collections(game: Game) -> Iterator[tuple[str, str, list]]:
    """Yield the lists whose ids must differ only within their owner: phases, a scenario's special
    rules, a CRT's column shifts (a table's columns: chart/duplicate-column)."""
    yield "turn phase", "", game.game.turns.phases
    for scenario in game.scenarios:
        yield "special rule", f' of scenario "{scenario.id}"', scenario.special_rules
    for chart in game.charts.charts:
        if chart.kind == "crt":
            yield "column shift", f' of chart "{chart.id}"', chart.shifts


def _repeated_ids(noun: str, items: Iterable, owner: str = "") -> Iterator[Finding]:
    first: dict[str, Location] = {}
    for item in items:
        at = _at(item, "id")
        if item.id in first:
            yield Finding(at, f'{noun} id "{item.id}"{owner} is already used at {first[item.id].file.name}:'
                          f"{first[item.id].line}", f"give each {noun} its own id", subject=item.id)
        else:
            first[item.id] = at


@check("ref/duplicate-id")
def duplicate_ids(game: Game, ix: Index) -> Iterator[Finding]:
    """Each id is used once among things of its kind (units and markers share one namespace); turn phases,
    a scenario's special rules and a CRT's column shifts each once in their owner.

    Why: setup cards and the VASSAL module find things by id; a duplicate puts the wrong piece down,
    and a rule or shift listed twice is applied twice.
    Fails:  units: [{id: 21P-5, …}, {id: 21P-5, …}]
    Passes: units: [{id: 21P-5, …}, {id: 21P-6, …}]
    """
    for noun, collection in _COLLECTIONS.items():
        yield from _repeated_ids(noun, collection(game))
    for noun, owner, items in _scoped_collections(game):
        yield from _repeated_ids(noun, items, owner)
