"""Every scenario planned: its units and markers at their targets, its reinforcements on their turns, its
cups' contents and its first turn, planned once per game for the checks and the emitters alike."""
from __future__ import annotations

from dataclasses import dataclass

from builder.memo import per_game
from builder.model.content import Game
from builder.model.map import Track
from builder.model.scenario import Scenario
from builder.plan.hexes import HexMap, Stacks
from builder.plan.placement import Placed, Resolver, Target, Unplaced, marker_target, place_units


@dataclass(frozen=True)
class Setup:
    """A scenario planned: its pieces in content order, its cups' contents, its first turn, and the units
    no legal hex had room for."""

    scenario: Scenario
    placed: tuple[Placed, ...]
    cups: tuple[tuple[str, tuple[str, ...]], ...]
    first_turn: int
    unplaced: tuple[Unplaced, ...] = ()


def turn_box_key(track: Track, number: int) -> str:
    """Return the key of a turn track's box for turn `number` when the track lists no boxes."""
    return f"{track.id}#{number}"


def turn_boxes(game: Game) -> dict[int, Target]:
    """Return the turn track box of each turn, from every turn track of every map."""
    found: dict[int, Target] = {}
    for map_ in game.maps.maps:
        for track in (t for t in map_.tracks if t.kind == "turn"):
            if not track.boxes:
                for number in game.game.turns.numbers():
                    found.setdefault(number, Target("box", map_.id, turn_box_key(track, number)))
            for box in track.boxes:
                if isinstance(box.value, (int, float)) and not isinstance(box.value, bool):
                    found.setdefault(int(box.value), Target("box", map_.id, box.id))
    return found


def first_turn(game: Game, scenario: Scenario) -> int:
    """Return the scenario's first turn: its own, the turn of its start date, or the track's first."""
    turns = game.game.turns
    if scenario.first_turn is not None:
        return scenario.first_turn
    dated = turns.turn_of(scenario.start) if scenario.start else None
    numbers = turns.numbers()
    return dated if dated is not None else (numbers[0] if numbers else 1)


def _order(how: str) -> int:
    """Return when a placement is resolved: exact ones first, then areas, then "stacked with"."""
    return 2 if how == "stacked_with" else 1 if how in ("within", "zone", "edge") else 0


def _setup_pieces(resolver: Resolver, scenario: Scenario) -> list[Placed]:
    """Return the setup's counters in content order, resolved exact placements first (see `_order`)."""
    entries = [(side.side, p) for side in scenario.setup for p in side.placements]
    order = sorted(entries, key=lambda e: _order(e[1].how))
    resolved = {id(p): place_units(resolver, p, side, None) for side, p in order}
    return [placed for _, p in entries for placed in resolved[id(p)]]


def _reinforcements(resolver: Resolver, scenario: Scenario, boxes: dict[int, Target]) -> list[Placed]:
    units = resolver.units
    nationalities = {n.id: n.side for n in resolver.game.game.nationalities}
    placed = []
    for entry in scenario.reinforcements:
        turn = entry.turn if entry.turn is not None else resolver.game.game.turns.turn_of(entry.date)
        side = next((nationalities.get(units[u].nationality, "") for u in entry.units if u in units), "")
        target = boxes.get(turn) or (Target("turn", None, f"turn:{turn}") if turn is not None
                                     else Target("pool", None, side))
        placed += place_units(resolver, entry, side, target)
    return placed


def _markers(resolver: Resolver, scenario: Scenario) -> list[Placed]:
    markers = {m.id: m for m in resolver.game.counters.markers}
    return [Placed(marker_id, marker_target(resolver, entry, markers.get(marker_id)), entry.face, entry.hidden,
                   entry.facing or 0, marker_id, entry)
            for entry in scenario.markers for marker_id in entry.markers]


def hex_maps_of(game: Game) -> dict[str, HexMap]:
    """Return the game's hex maps indexed for placing counters, by map id: read only, so every scenario
    shares them (indexing a map names each of its hexes)."""
    return {m.id: HexMap.of(m) for m in game.maps.maps if m.kind == "hex" and m.grid is not None}


def plan_setup(game: Game, scenario: Scenario, hex_maps: dict[str, HexMap]) -> Setup:
    """Return one scenario planned on the game's hex maps (`hex_maps_of`)."""
    resolver = Resolver(game, Stacks(game), hex_maps)
    placed = _setup_pieces(resolver, scenario) + _reinforcements(resolver, scenario, turn_boxes(game))
    placed += _markers(resolver, scenario)
    cups = tuple((cup, tuple(ids)) for cup, ids in scenario.cup.items())
    return Setup(scenario, tuple(placed), cups, first_turn(game, scenario), tuple(resolver.unplaced))


@per_game
def planned_setups(game: Game) -> tuple[Setup, ...]:
    """Return every scenario of the game planned, in content order (made once per game)."""
    hex_maps = hex_maps_of(game)
    return tuple(plan_setup(game, scenario, hex_maps) for scenario in game.scenarios)
