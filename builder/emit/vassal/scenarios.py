"""Scenarios as setups (units, reinforcements by turn, markers, cups, first turn) and the blank new game."""
from __future__ import annotations

from builder.emit.vassal.boards import Aids, turn_box_key
from builder.emit.vassal.placement import HexMap, Stacks
from builder.emit.vassal.setups import Placed, Resolver, Setup, Target, marker_target, place_units
from builder.model.base import default_of, text_in
from builder.model.content import Game
from builder.model.scenario import Scenario


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


def _setup_pieces(resolver: Resolver, scenario: Scenario) -> list[Placed]:
    """Return the setup's counters; "stacked with" placements go last so their targets exist."""
    entries = [(side.side, p) for side in scenario.setup for p in side.placements]
    order = [e for e in entries if e[1].how != "stacked_with"] + [e for e in entries if e[1].how == "stacked_with"]
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


def hex_maps_of(game: Game) -> dict[str, HexMap]:
    """Return the game's hex maps indexed for placing counters, by map id: read only, so every scenario
    shares them (indexing a map names each of its hexes)."""
    return {m.id: HexMap.of(m) for m in game.maps.maps if m.kind == "hex" and m.grid is not None}


def resolve(game: Game, scenario: Scenario, hex_maps: dict[str, HexMap]) -> Setup:
    """Return one scenario resolved to targets on the game's hex maps (`hex_maps_of`)."""
    resolver = Resolver(game, Stacks(game), hex_maps)
    placed = _setup_pieces(resolver, scenario) + _reinforcements(resolver, scenario, turn_boxes(game))
    for entry in scenario.markers:
        placed += [Placed(marker_id, marker_target(resolver, entry, i), entry.face)
                   for i, marker_id in enumerate(entry.markers)]
    cups = tuple((cup, tuple(ids)) for cup, ids in scenario.cup.items())
    return Setup(scenario, tuple(placed), cups, first_turn(game, scenario))


def new_game(game: Game, setups: list[Setup]) -> Setup:
    """Return the blank new game: every cup full, and the markers every scenario puts in the same place."""
    cups = tuple((cup.id, tuple(m.id for m in game.counters.markers if m.cup == cup.id for _ in range(m.copies)))
                 for cup in game.game.cups)
    shared: list[Placed] = []
    if setups:
        markers = {m.id for m in game.counters.markers}
        first = [p for p in setups[0].placed if p.counter_id in markers and p.target.kind == "box"]
        shared = [p for p in first if all(p in s.placed for s in setups[1:])]
    numbers = game.game.turns.numbers()
    blank = default_of(Scenario, id="new-game", name="")  # made, not validated: a task builds no validator
    return Setup(blank, tuple(shared), cups, numbers[0] if numbers else 1)


def aids_needed(game: Game, setups: list[Setup]) -> Aids:
    """Return what the module's own board must hold for these setups."""
    lang = game.game.languages[0]
    cup_ids = [c.id for c in game.game.cups] + sorted({c for s in setups for c, _ in s.cups} -
                                                      {c.id for c in game.game.cups})
    cup_names = {c.id: text_in(c.name, lang) for c in game.game.cups}
    targets = [p.target for s in setups for p in s.placed]
    turns = sorted({int(t.key.split(":")[1]) for t in targets if t.kind == "turn"})
    pool_sides = {t.key for t in targets if t.kind == "pool"}
    sides = [(s.id, text_in(s.name, lang)) for s in game.game.sides if s.id in pool_sides]
    if "" in pool_sides:
        sides.append(("", "—"))
    return Aids(tuple((c, cup_names.get(c, c)) for c in cup_ids), tuple(turns), tuple(sides), dead_sides(game))


def dead_sides(game: Game) -> tuple[tuple[str, str], ...]:
    """Return the sides (id, name) with units of a nationality that names no dead pile: the module's board
    gets a dead pile for each."""
    lang = game.game.languages[0]
    unnamed = {n.side for n in game.game.nationalities if not n.dead_pile}
    return tuple((s.id, text_in(s.name, lang)) for s in game.game.sides if s.id in unnamed)
