"""Checks on the planned setups (builder/plan/setups.py): every position the VASSAL module and the setup
cards show, whether the content gives its hex or the plan chose it (prefix `scenario/`, as in
rules/scenarios.py, which checks the placements as written).
"""
from __future__ import annotations

from collections import defaultdict
from typing import Iterator

from builder.model.base import text_in
from builder.model.content import Game
from builder.model.counters import Unit
from builder.model.scenario import MarkerPlacement, Placement, Scenario
from builder.plan.hexes import limits_in, stacking_share
from builder.plan.placement import Placed
from builder.plan.setups import Setup, planned_setups
from builder.plan.vassal.pieces import unit_facings
from builder.diagnostics import WARNING, Finding, location_of
from builder.rules.index import Index
from builder.rules.registry import check

HEXSIDE_STEP_DEG = 60
"""The angle between two hexsides."""


def _stacks(setup: Setup, ix: Index) -> dict[tuple[str, str], list[tuple[Unit, Placed]]]:
    """Return the units the plan puts in each hex at the start, in content order."""
    stacks: dict[tuple[str, str], list[tuple[Unit, Placed]]] = defaultdict(list)
    for placed in setup.placed:
        unit = ix.units.get(placed.piece_id)
        if placed.target.kind == "hex" and unit is not None and placed.target.key is not None:
            stacks[(placed.target.map_id, placed.target.key)].append((unit, placed))
    return stacks


def _at(placed: Placed):
    source = placed.source
    return location_of(source, source.how) if source is not None else None


@check("scenario/overstacked-setup")
def overstacked_setups(game: Game, ix: Index) -> Iterator[Finding]:
    """The units a scenario starts with in one hex respect every stacking limit, as planned.

    Why: an illegal starting stack means the setup was mistyped, or the rules need an exception; VASSAL
    and the setup card would start the game with it.
    Fails:  stacking limit 5; six units placed in hex 0209
    Passes: five units in 0209, the sixth within 1 of 0209
    """
    for setup in planned_setups(game):
        for (map_id, label), stack in sorted(_stacks(setup, ix).items()):
            terrain = ix.maps[map_id].terrain.get(label) if map_id in ix.maps else None
            for limit in limits_in(game, terrain.all() if terrain else ()):
                total = sum(stacking_share(game, unit, limit) for unit, _ in stack)
                if total > limit.max:
                    said = f" ({text_in(limit.text, game.game.languages[0])})" if limit.text else ""
                    yield Finding(_at(stack[-1][1]), f'scenario "{setup.scenario.id}" stacks {total:g} in hex '
                                  f"{label}, over the limit of {limit.max:g}{said}",
                                  "move units to other hexes, or waive this with the reason",
                                  subject=f"{setup.scenario.id}:{label}")


@check("scenario/enemies-stacked")
def enemies_stacked(game: Game, ix: Index) -> Iterator[Finding]:
    """Units of opposing sides never start in one hex, unless the game allows it.

    Why: enemies sharing a hex is a slip in the setup lists.
    Fails:  an Axis and an Allied unit both placed in 1210
    Passes: each in its own hex
    """
    if game.game.stacking.enemy_may_share:
        return
    for setup in planned_setups(game):
        for (_, label), stack in sorted(_stacks(setup, ix).items()):
            sides = {ix.side_of(unit) for unit, _ in stack}
            if len(sides) > 1:
                yield Finding(_at(stack[-1][1]), f"units of sides {', '.join(sorted(map(str, sides)))} set up "
                              f"together in hex {label}", "move one side's units",
                              subject=f"{setup.scenario.id}:{label}")


@check("scenario/unplaceable-setup")
def unplaceable_setups(game: Game, ix: Index) -> Iterator[Finding]:
    """Every unit of a "within N", zone, edge or "stacked with" placement finds a legal hex with room.

    Why: when the area is full under the stacking limits, the setup cannot be made on the table, and the
    VASSAL module would have to overstack or leave the unit off the map.
    Fails:  limit 2 units; three units within: {hexes: 0, of: "0102"}
    Passes: three units within: {hexes: 1, of: "0102"}
    """
    for setup in planned_setups(game):
        for unplaced in setup.unplaced:
            where = unplaced.source
            yield Finding(location_of(where, where.how), f'scenario "{setup.scenario.id}" has no legal hex with '
                          f'room left for unit "{unplaced.unit_id}" of this "{where.how}" placement',
                          "widen the area, or set some of its units up elsewhere",
                          subject=f"{setup.scenario.id}:{unplaced.unit_id}")


def _sides_in(stack: list[tuple[Unit, Placed]], ix: Index) -> set[str | None]:
    return {ix.side_of(unit) for unit, _ in stack}


@check("scenario/hidden-marker-alone", severity=WARNING)
def hidden_markers_alone(game: Game, ix: Index) -> Iterator[Finding]:
    """A marker that starts hidden (face down) shares its hex with units of its side.

    Why: a face-down marker alone in a hex shows the enemy where the secret is; the rules usually have
    it placed face up there, or hidden under a stack.
    Fails:  markers: [{markers: [mine], hex: "0301", hidden: true}] with no unit in 0301
    Passes: markers: [{markers: [mine], hex: "0102", hidden: true}] under the red stack in 0102
    """
    for setup in planned_setups(game):
        stacks = _stacks(setup, ix)
        for placed in setup.placed:
            marker = ix.markers.get(placed.piece_id)
            if marker is None or not placed.hidden or placed.target.kind != "hex":
                continue
            sides = _sides_in(stacks.get((placed.target.map_id, placed.target.key), []), ix)
            if not sides or (marker.side is not None and marker.side not in sides):
                yield Finding(location_of(placed.source, "hidden"), f'hidden marker "{marker.id}" starts alone in '
                              f'hex {placed.target.key} in scenario "{setup.scenario.id}"',
                              "place it under a stack of its side's units, or face up",
                              subject=f"{setup.scenario.id}:{marker.id}:{placed.target.key}")


def _wheres(scenario: Scenario) -> list[Placement | MarkerPlacement]:
    """Return every placement of a scenario as written: each side's setup, the reinforcements, the markers."""
    return [p for side in scenario.setup for p in side.placements] + [*scenario.reinforcements, *scenario.markers]


@check("scenario/facing-off-hexside")
def facings_off_hexside(game: Game, ix: Index) -> Iterator[Finding]:
    """A facing on a hex map points at a hexside (0, 60, … on flat-topped hexes; 30, 90, … on pointy ones).

    Why: a unit's front on a hex map is one of its six hexsides; any other angle leaves the front, flank
    and rear of the piece undefined.
    Fails:  placements: [{units: [r1], hex: "0102", facing: 45}] on flat-topped hexes
    Passes: placements: [{units: [r1], hex: "0102", facing: 60}]
    """
    for scenario in game.scenarios:
        for where in _wheres(scenario):
            m = ix.map_for(where.map)
            if where.facing is None or m is None or m.grid is None:
                continue
            first = 0 if m.grid.flat else HEXSIDE_STEP_DEG // 2
            if (where.facing - first) % HEXSIDE_STEP_DEG:
                yield Finding(location_of(where, "facing"), f"facing {where.facing}° points at no hexside of map "
                              f'"{m.map.id}" (hexsides face {first}°, {first + HEXSIDE_STEP_DEG}°, …)',
                              "turn it to the nearest hexside", subject=f"{scenario.id}:{where.facing}")


@check("scenario/facing-not-turnable", severity=WARNING)
def facings_not_turnable(game: Game, ix: Index) -> Iterator[Finding]:
    """A facing is given only to pieces that turn in the VASSAL module: vehicles, and markers laid on a hexside.

    Why: the setup card prints the facing, but the module's piece of any other counter has no way to turn,
    so it starts facing up, and the two components a player sets up from disagree.
    Fails:  placements: [{units: [hq, r1], zone: north, facing: 180}] where hq and r1 are infantry
    Passes: placements: [{units: [tank-1], zone: north, facing: 180}] where tank-1's type has role: vehicle
    """
    for scenario in game.scenarios:
        for where in _wheres(scenario):
            if not where.facing:
                continue
            units = [ix.units[i] for i in getattr(where, "units", []) if i in ix.units]
            markers = [ix.markers[i] for i in getattr(where, "markers", []) if i in ix.markers]
            still = [u.id for u in units if not unit_facings(game, u)] + [m.id for m in markers if not m.hexside]
            if still:
                yield Finding(location_of(where, "facing"), f"facing {where.facing}° is printed on the setup card, "
                              f"but {', '.join(still)} cannot turn in the VASSAL module (only vehicles and markers "
                              "laid on a hexside turn): they start facing up there",
                              "give the facing only to the pieces that turn, in a placement of their own",
                              subject=f"{scenario.id}:{','.join(still)}")
