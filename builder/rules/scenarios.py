"""Checks on scenarios as written: setup hexes, terrain, placement constraints, reinforcements, victory (the
planned positions, stacking among them, are checked in rules/setups.py)."""
from __future__ import annotations

from typing import Callable, Iterator

from builder.model.content import Game
from builder.model.counters import Unit
from builder.model.scenario import Placement, Scenario, Where
from builder.diagnostics import WARNING, Finding, Location, location_of
from builder.rules.index import Index, MapIndex
from builder.plan.hexes import prohibited_terrain
from builder.rules.registry import check


def exact_hex(where: Where, ix: Index) -> tuple[MapIndex | None, str | None]:
    """Return (map, hex label) of a placement by hex or by place; (map, None) otherwise."""
    if where.place is not None and where.place in ix.places:
        place, map_id = ix.places[where.place]
        return ix.maps.get(map_id), place.hex
    return ix.map_for(where.map), where.hex


def _placements(scenario: Scenario) -> Iterator[tuple[str | None, Placement]]:
    for side in scenario.setup:
        for placement in side.placements:
            yield side.side, placement


def _prohibition_lookup(game: Game, ix: Index) -> Callable[[Unit, tuple[str, ...]], str | None]:
    """Return `prohibited_terrain` for one run of a check, answering each (unit type, terrain) pair once.

    The answer depends on the unit's type and the hex's terrain alone, and a check asks it for
    every unit placed (10,000 in a big game) or for every hex of an area times every unit placed there.
    """
    answers: dict[tuple[str, tuple[str, ...]], str | None] = {}

    def prohibited(unit: Unit, terrain_ids: tuple[str, ...]) -> str | None:
        key = (unit.type, terrain_ids)
        if key not in answers:
            answers[key] = prohibited_terrain(game, unit, terrain_ids)
        return answers[key]

    return prohibited


@check("scenario/setup-hex-off-map")
def setup_hexes_off_map(game: Game, ix: Index) -> Iterator[Finding]:
    """Every hex a setup, reinforcement or marker placement names is on the map.

    Why: a unit set up in a hex that does not exist cannot be placed.
    Fails:  placements: [{units: [10-ind], hex: "134"}]
    Passes: placements: [{units: [10-ind], hex: "3405"}]
    """
    for scenario in game.scenarios:
        wheres = [p for _, p in _placements(scenario)] + list(scenario.reinforcements) + list(scenario.markers)
        for where in wheres:
            m = ix.map_for(where.map)
            labels = [("hex", where.hex)] if where.hex else []
            if where.within is not None:
                targets = [where.within.of] if isinstance(where.within.of, str) else where.within.of
                labels += [("within", t) for t in targets if t not in ix.places]
            if where.near is not None:
                near = [where.near] if isinstance(where.near, str) else where.near
                labels += [("near", t) for t in near if t not in ix.places]
            for key, label in labels:
                if m is not None and m.grid is not None and m.grid.find(label) is None:
                    node, field = {"hex": (where, "hex"), "within": (where.within, "of"), "near": (where, "near")}[key]
                    yield Finding(location_of(node, field),
                                  f'scenario "{scenario.id}" names hex "{label}", which is not on map "{m.map.id}"',
                                  "correct the hex number (four digits, column then row)",
                                  subject=f"{scenario.id}:{label}")


@check("scenario/setup-prohibited-terrain")
def setups_in_prohibited_terrain(game: Game, ix: Index) -> Iterator[Finding]:
    """No unit sets up in a hex whose terrain it may not enter (sea, or prohibited in the TEC).

    Why: a tank set up in the sea is a transcription slip that the printed card would repeat.
    Fails:  placements: [{units: [22-armd], hex: "0101"}] where 0101 is sea
    Passes: placements: [{units: [22-armd], hex: "1210"}] where 1210 is open
    """
    prohibited = _prohibition_lookup(game, ix)
    for scenario in game.scenarios:
        for where in [p for _, p in _placements(scenario)] + list(scenario.reinforcements):
            m, label = exact_hex(where, ix)
            if m is None or label is None or label not in m.terrain:
                continue
            for unit_id in where.units:
                unit = ix.units.get(unit_id)
                bad = prohibited(unit, m.terrain[label].all()) if unit else None
                if bad:
                    yield Finding(location_of(where, where.how), f'unit "{unit_id}" sets up in hex {label}, '
                                  f'whose terrain "{bad}" it may not enter', "choose a hex it may enter",
                                  subject=f"{scenario.id}:{unit_id}")


def _area(where: Where, m: MapIndex, ix: Index, zones: dict[tuple[str, str], frozenset[str]]) -> frozenset[str] | None:
    """Return the labels of the hexes a "within" or "zone" placement may use (None for other placements);
    a zone's once per map, in `zones`, as many placements name the same zone."""
    if where.within is not None:
        targets = [where.within.of] if isinstance(where.within.of, str) else where.within.of
        centres = [ix.places[t][0].hex if t in ix.places else t for t in targets]
        return frozenset(m.grid.label(h) for c in centres if c and m.grid.find(c)
                         for h in m.grid.within(m.grid.find(c), where.within.hexes))
    if where.zone is None or where.zone not in ix.zones:
        return None
    key = (m.map.id, where.zone)
    if key not in zones:
        zones[key] = frozenset(label for entry in ix.zones[where.zone][0].hexes for label in (m.expand(entry) or []))
    return zones[key]


@check("scenario/unsatisfiable-placement")
def unsatisfiable_placements(game: Game, ix: Index) -> Iterator[Finding]:
    """A "within N of X" or "in zone Z" placement leaves at least one legal hex; "stacked with" finds its unit or
    formation set up.

    Why: a constraint no hex can meet cannot be set up on the table or in VASSAL.
    Fails:  within: {hexes: 1, of: "0101"} where every hex near 0101 is sea
    Passes: within: {hexes: 3, of: "2905"}
    """
    prohibited = _prohibition_lookup(game, ix)
    zones: dict[tuple[str, str], frozenset[str]] = {}
    for scenario in game.scenarios:
        placed_formations = {ix.units[u].formation for _, p in _placements(scenario) if p.how != "stacked_with"
                             for u in p.units if u in ix.units}
        set_up = {u for _, p in _placements(scenario) for u in p.units}
        for where in [p for _, p in _placements(scenario)] + list(scenario.reinforcements):
            m = ix.map_for(where.map)
            units = [ix.units[u] for u in where.units if u in ix.units]
            area = _area(where, m, ix, zones) if m is not None and m.grid is not None else None
            if area is not None and not any(label in m.terrain and not any(prohibited(u, m.terrain[label].all())
                                                                          for u in units) for label in area):
                yield Finding(location_of(where, where.how), f'no hex meets the placement "{where.how}" of '
                              + ", ".join(where.units), "widen the area or correct its centre",
                              subject=f"{scenario.id}:{where.units[0]}")
            target = where.stacked_with
            if target is not None and target.formation and target.formation not in placed_formations:
                yield Finding(location_of(where, "stacked_with"), f'no unit of formation "{target.formation}" is set '
                              f'up in scenario "{scenario.id}" to stack with', "set one up by hex, place or zone",
                              subject=f"{scenario.id}:{target.formation}")
            if target is not None and target.unit in ix.units and target.unit not in set_up:
                yield Finding(location_of(where, "stacked_with"), f'unit "{target.unit}" is not set up in scenario '
                              f'"{scenario.id}" to stack with', "set it up, or stack with a unit that is",
                              subject=f"{scenario.id}:{target.unit}")


def turn_range(scenario: Scenario, game: Game) -> tuple[int, int] | None:
    """Return the first and last turn a scenario plays, from its own fields or the turn track."""
    turns = game.game.turns
    numbers = turns.numbers()
    first = scenario.first_turn or (turns.turn_of(scenario.start) if scenario.start else None)
    last = scenario.last_turn or (turns.turn_of(scenario.end) if scenario.end else None)
    first = first if first is not None else (numbers[0] if numbers else None)
    last = last if last is not None else (numbers[-1] if numbers else None)
    return (first, last) if first is not None and last is not None else None


@check("scenario/reinforcement-outside-length")
def reinforcements_outside_length(game: Game, ix: Index) -> Iterator[Finding]:
    """Reinforcements arrive on a turn (or date) within the scenario's length.

    Why: a unit due after the last turn never plays; one dated outside the track has no turn.
    Fails:  last_turn: 14; reinforcements: [{turn: 15, …}]
    Passes: reinforcements: [{turn: 13, …}]
    """
    for scenario in game.scenarios:
        span = turn_range(scenario, game)
        for r in scenario.reinforcements:
            turn = r.turn if r.turn is not None else game.game.turns.turn_of(r.date)
            when = f"turn {r.turn}" if r.turn is not None else f"{r.date.isoformat()}"
            if turn is None:
                yield Finding(location_of(r, "date"), f"{when} falls on no turn of the turn track",
                              "correct the date or the turn track's dates", subject=f"{scenario.id}:{when}")
            elif span is not None and not span[0] <= turn <= span[1]:
                yield Finding(location_of(r, "turn" if r.turn is not None else "date"),
                              f'reinforcements on {when} fall outside scenario "{scenario.id}" (turns {span[0]}-{span[1]})',
                              "correct the arrival or the scenario's length", subject=f"{scenario.id}:{when}")


@check("scenario/length-outside-track")
def lengths_outside_track(game: Game, ix: Index) -> Iterator[Finding]:
    """A scenario's first and last turn (or dates) lie on the game's turn track, first before last.

    Why: a scenario ending after the track's last box cannot be played on the printed track.
    Fails:  turns 1-14 on the track; last_turn: 16
    Passes: last_turn: 14
    """
    numbers = game.game.turns.numbers()
    for scenario in game.scenarios:
        for key in ("first_turn", "last_turn"):
            value = getattr(scenario, key)
            if value is not None and numbers and value not in numbers:
                yield Finding(location_of(scenario, key), f"turn {value} is not on the turn track "
                              f"({numbers[0]}-{numbers[-1]})", "correct the turn", subject=f"{scenario.id}:{key}")
        for key in ("start", "end"):
            value = getattr(scenario, key)
            if value is not None and game.game.turns.start and game.game.turns.turn_of(value) is None:
                yield Finding(location_of(scenario, key), f"{value.isoformat()} falls on no turn of the turn track",
                              "correct the date, or extend the turn track", subject=f"{scenario.id}:{key}")
        span = turn_range(scenario, game)
        if span and span[0] > span[1]:
            yield Finding(location_of(scenario), f'scenario "{scenario.id}" ends (turn {span[1]}) before it starts '
                          f"(turn {span[0]})", "correct the first or last turn", subject=scenario.id)


def _uses(scenario: Scenario) -> Iterator[tuple[str, Location, int | None]]:
    for placement in [p for _, p in _placements(scenario)] + list(scenario.reinforcements):
        for i, unit in enumerate(placement.units):
            yield unit, placement.src.item("units", i) if placement.src else location_of(placement), placement.step


def _counter_of(ix: Index, unit_id: str, step: int | None) -> str:
    """Return which physical counter of a unit a placement puts down: the main one or a separate step."""
    unit = ix.units.get(unit_id)
    if unit is None or step is None or step > len(unit.steps):
        return "main"
    return f"step-{step}" if unit.steps[step - 1].counter == "separate" else "main"


@check("scenario/unit-placed-twice")
def units_placed_twice(game: Game, ix: Index) -> Iterator[Finding]:
    """A unit appears once per scenario: in the setup or among the reinforcements, not both.

    Why: a unit placed twice needs two counters the mix does not have.
    Fails:  10-ind in the setup and in the turn 5 reinforcements
    Passes: 10-ind only in the turn 5 reinforcements
    """
    for scenario in game.scenarios:
        first: dict[tuple[str, str], Location] = {}
        for unit, at, step in _uses(scenario):
            piece = (unit, _counter_of(ix, unit, step))
            copies = ix.units[unit].copies if unit in ix.units else 1
            if piece in first and copies == 1:
                yield Finding(at, f'unit "{unit}" is already placed in scenario "{scenario.id}" at line '
                              f"{first[piece].line}", "remove one of the two entries", subject=f"{scenario.id}:{unit}")
            first.setdefault(piece, at)


@check("scenario/unit-side-mismatch")
def unit_side_mismatches(game: Game, ix: Index) -> Iterator[Finding]:
    """A unit is set up in its own side's setup.

    Why: a British brigade in the Axis list would be printed on the wrong card.
    Fails:  setup: [{side: axis, placements: [{units: [7-mot], …}]}]
    Passes: setup: [{side: allies, placements: [{units: [7-mot], …}]}]
    """
    for scenario in game.scenarios:
        for side, placement in _placements(scenario):
            for i, unit_id in enumerate(placement.units):
                unit = ix.units.get(unit_id)
                if unit is not None and ix.side_of(unit) not in (None, side):
                    yield Finding(placement.src.item("units", i) if placement.src else location_of(placement),
                                  f'unit "{unit_id}" belongs to side "{ix.side_of(unit)}" but is set up by "{side}"',
                                  "move it to its side's setup", subject=f"{scenario.id}:{unit_id}")


@check("scenario/unit-not-accounted", severity=WARNING)
def units_not_accounted(game: Game, ix: Index) -> Iterator[Finding]:
    """Every unit of the counter mix is set up, arrives later, or is listed under `not_used`.

    Why: a unit forgotten by a scenario is missing from the table without anyone deciding so.
    Fails:  a unit in counters.yaml that scenario "campaign" never mentions
    Passes: not_used: [heckler]
    """
    for scenario in game.scenarios:
        named = {unit for unit, _, _ in _uses(scenario)} | set(scenario.not_used)
        # a swap counter (mounted/dismounted, line/column) is in play when its other half is
        missing = [u.id for u in game.counters.units if u.id not in named and u.alternate not in named]
        if missing:
            shown = ", ".join(missing[:6]) + (f" and {len(missing) - 6} more" if len(missing) > 6 else "")
            yield Finding(location_of(scenario, "setup"), f'scenario "{scenario.id}" does not mention '
                          f"{len(missing)} unit(s): {shown}", "place them, or list them under `not_used`",
                          subject=scenario.id)


@check("scenario/victory-hex-off-map")
def victory_hexes_off_map(game: Game, ix: Index) -> Iterator[Finding]:
    """Every hex a victory condition names exists on the map (places are checked by ref/unknown-place).

    Why: an objective in a hex that does not exist can never be held.
    Fails:  objectives: [{hex: "4040", vp: 50}]
    Passes: objectives: [{place: tobruk, vp: 50}]
    """
    m = ix.map_for(None)
    if m is None:
        return
    for scenario in game.scenarios:
        v = scenario.victory
        sites = [(o.hex, location_of(o, "hex")) for o in v.objectives if o.hex] + \
                [(h, v.src.item("control_all", i) if v.src else location_of(v)) for i, h in enumerate(v.control_all)
                 if h not in ix.places]
        for label, at in sites:
            if m.grid.find(label) is None:
                yield Finding(at, f'victory hex "{label}" is not on map "{m.map.id}"', "correct the hex number",
                              subject=f"{scenario.id}:{label}")
