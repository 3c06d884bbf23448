"""The blank new game (every cup full, the markers every scenario puts alike) and what the module's own
board must hold for the planned setups (builder/plan/setups.py)."""
from __future__ import annotations

from builder.emit.vassal.boards import Aids
from builder.model.base import default_of, text_in
from builder.model.content import Game
from builder.model.scenario import Scenario
from builder.plan.placement import Placed
from builder.plan.setups import Setup


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
