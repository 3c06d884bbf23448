"""Checks on the counter mix: step values, required values, counts the source states, links."""
from __future__ import annotations

from collections import Counter
from typing import Iterator

from builder.model.cells import CellType, cell_problem
from builder.model.content import Game
from builder.model.counters import ValueDef
from builder.diagnostics import WARNING, Finding, location_of
from builder.rules.index import Index
from builder.rules.registry import check


@check("counter/step-values-increase")
def step_values_increase(game: Game, ix: Index) -> Iterator[Finding]:
    """A reduced step is never stronger than the step before it, value by value.

    Why: a back printed stronger than its front is almost always a transposed number.
    Fails:  steps: [{values: {attack: 2}}, {values: {attack: 3}}]
    Passes: steps: [{values: {attack: 4}}, {values: {attack: 2}}]
    """
    for unit in game.counters.units:
        for number in range(1, len(unit.steps)):
            before, after = unit.steps[number - 1], unit.steps[number]
            for key, value in after.values.items():
                definition = ix.values.get(key)
                earlier = before.values.get(key)
                if definition is None or definition.kind != "number" or not definition.higher_is_better:
                    continue
                if isinstance(value, (int, float)) and isinstance(earlier, (int, float)) and value > earlier:
                    at = after.src.child("values").value(key) if after.src else location_of(unit)
                    yield Finding(at, f'step {number + 1} of unit "{unit.id}" has {key} {value}, more than step '
                                  f"{number}'s {earlier}", "check the order of the steps and their values",
                                  subject=unit.id)


@check("counter/missing-value")
def missing_values(game: Game, ix: Index) -> Iterator[Finding]:
    """Every step of a unit has each value its type requires.

    Why: a counter missing its movement allowance cannot be played.
    Fails:  unit_types: [{id: infantry, required_values: [attack, defence, movement]}]; steps: [{values: {attack: 2}}]
    Passes: steps: [{values: {attack: 2, defence: 3, movement: 6}}]
    """
    for unit in game.counters.units:
        unit_type = ix.unit_types.get(unit.type)
        if unit_type is None:
            continue
        for number, step in enumerate(unit.steps, start=1):
            missing = [key for key in unit_type.required_values if key not in step.values]
            if missing:
                at = step.src.at if step.src else location_of(unit)
                yield Finding(at, f'step {number} of unit "{unit.id}" lacks ' + ", ".join(missing),
                              f'units of type "{unit.type}" need them on every step', subject=unit.id)


@check("counter/expected-count")
def expected_counts(game: Game, ix: Index) -> Iterator[Finding]:
    """The counter mix holds the piece counts the source states (units, markers, pieces, per side, per nationality).

    Why: the source's counts are the quickest proof that no counter was forgotten or doubled.
    Fails:  expected: {units: 54} with 53 units
    Passes: expected: {units: 54, british: 13} with 54 units, 13 of them British
    Keys: `units`, `markers` (printed ones, not module aids), `pieces` (every printed counter, separate
    last-step counters included), a side, a nationality, or `type:<unit type>`.
    """
    units = [u for u in game.counters.units for _ in range(u.copies)]
    printed_markers = sum(m.copies for m in game.counters.markers if m.origin == "source")
    separate = sum(u.copies for u in game.counters.units for s in u.steps if s.counter == "separate")
    tallies: Counter[str] = Counter({"units": len(units), "markers": printed_markers,
                                     "pieces": len(units) + separate + printed_markers})
    for unit in units:
        tallies[unit.nationality] += 1
        tallies[ix.side_of(unit) or ""] += 1
        tallies[f"type:{unit.type}"] += 1
    for key, wanted in game.counters.expected.items():
        if tallies[key] != wanted:
            at = game.counters.src.child("expected").key(key) if game.counters.src else location_of(game.counters)
            yield Finding(at, f'the source states {wanted} for "{key}", the counter mix has {tallies[key]}',
                          "add or remove counters, or correct the expected count", subject=key)


@check("counter/alternate-not-mutual", severity=WARNING)
def alternates_not_mutual(game: Game, ix: Index) -> Iterator[Finding]:
    """When a unit names an alternate counter (mounted/dismounted), the alternate names it back.

    Why: the swap must work both ways in play and in the VASSAL module.
    Fails:  a: {alternate: b}; b: {} (no alternate)
    Passes: a: {alternate: b}; b: {alternate: a}
    """
    for unit in game.counters.units:
        other = ix.units.get(unit.alternate) if unit.alternate else None
        if other is not None and other.alternate != unit.id:
            yield Finding(location_of(unit, "alternate"), f'unit "{unit.id}" swaps with "{other.id}", which does not '
                          "swap back", f'give "{other.id}" `alternate: {unit.id}`', subject=unit.id)


@check("counter/chit-without-cup", severity=WARNING)
def chits_without_cup(game: Game, ix: Index) -> Iterator[Finding]:
    """Every chit or order die says which cup or bag it is drawn from.

    Why: a draw cup in VASSAL is filled from the chits that name it.
    Fails:  markers: [{id: chit-xxi, kind: chit}]
    Passes: markers: [{id: chit-xxi, kind: chit, cup: impulse-cup}]
    """
    for marker in game.counters.markers:
        if marker.kind in ("chit", "order-die") and marker.cup is None:
            yield Finding(location_of(marker), f'{marker.kind} "{marker.id}" names no cup', "add `cup: <cup id>`",
                          subject=marker.id)


def _value_problem(value: object, definition: ValueDef) -> str | None:
    """Return what is wrong with a step value for its definition (a word where a number belongs), or None."""
    if definition.kind == "flag":
        return None if isinstance(value, bool) or value is None else f'"{value}" is not true or false'
    if definition.kind == "text" or (isinstance(value, str) and value in definition.symbols):
        return None
    cell = CellType("number", minimum=definition.min, maximum=definition.max)
    return cell_problem(value, cell)


def _value_hint(key: str, definition: ValueDef) -> str:
    if definition.kind == "flag":
        return f"write true or false (`{key}` is declared `kind: flag` in `values`)"
    low = "any" if definition.min is None else definition.min
    high = "any" if definition.max is None else definition.max
    return (f"write a number from {low} to {high} (`{key}` is declared `kind: number` in `values`; change its "
            "`min`/`max`, or declare it `kind: text`, if this is right)")


@check("counter/value-kind")
def value_kinds(game: Game, ix: Index) -> Iterator[Finding]:
    """Every step value is of its value's kind: a number within its bounds where `kind: number`.

    Why: `attack: five` prints `five-6-8` on the counter and no rule can add it up; a negative model
    count or an attack of 40 for 4 is a typo the players pay for.
    Fails:  values: [{id: attack, name: Attack}]; steps: [{values: {attack: five}}]
    Passes: steps: [{values: {attack: 5}}]
    """
    for unit in game.counters.units:
        for number, step in enumerate(unit.steps, start=1):
            for key, value in step.values.items():
                definition = ix.values.get(key)
                problem = _value_problem(value, definition) if definition is not None else None
                if problem:
                    at = step.src.child("values").value(key) if step.src else location_of(unit)
                    yield Finding(at, f'{key} of step {number} of unit "{unit.id}": {problem}',
                                  _value_hint(key, definition), subject=unit.id)


@check("counter/empty-formation")
def empty_formations(game: Game, ix: Index) -> Iterator[Finding]:
    """Every formation has a unit, itself or through a formation below it.

    Why: a formation with no units prints an empty box on the formation chart and a chit that activates
    nothing; it is usually a unit whose `formation` is misspelt the other way round.
    Fails:  formations: [{id: 9-div, …}] and no unit with `formation: 9-div`
    Passes: units: [{id: r1, formation: 9-div, …}]
    """
    filled = {unit.formation for unit in game.counters.units if unit.formation}
    parents = {f.id: f.parent for f in game.game.formations}
    for name in list(filled):
        seen: set[str] = set()
        while parents.get(name) and name not in seen:  # a cycle is ref's to report; stop at it
            seen.add(name)
            name = parents[name]
            filled.add(name)
    for formation in game.game.formations:
        if formation.id not in filled:
            yield Finding(location_of(formation, "id"), f'formation "{formation.id}" has no units',
                          "give units `formation: " + formation.id + "`, or remove the formation", subject=formation.id)
