"""Checks on charts: die coverage, row widths, column order, result codes, TEC coverage."""
from __future__ import annotations

import re
from fractions import Fraction
from typing import Iterator

from builder.model.cells import CellType, ChartRef, cell_problem, unknown_codes, wanted
from builder.model.charts import Crt, Table, Tec, column_types, combat_type, cost_problem, cost_type
from builder.model.content import Game
from builder.diagnostics import WARNING, Finding, Location, location_of
from builder.rules.index import Index
from builder.rules.registry import check

_ODDS = re.compile(r"^(?:[<>≤≥]=?\s*)?(\d+(?:\.\d+)?)\s*[-:]\s*(\d+(?:\.\d+)?)(?:\s*\+)?$")
_DIFF = re.compile(r"^(?:[<>≤≥]=?\s*)?([+\-−]?\d+)(?:\s*\+)?$")


def _die_rows(chart: Crt | Table) -> list[tuple[list[int], object]]:
    return [(list(row.roll), row) for row in chart.rows]


def _coverage(chart: Crt | Table, ix: Index) -> Iterator[Finding]:
    dice = ix.dice.get(chart.dice) if chart.dice else None
    if dice is None:
        return
    possible = dice.results()
    seen: dict[int, int] = {}
    for number, (rolls, row) in enumerate(_die_rows(chart), start=1):
        for roll in rolls:
            if roll not in possible:
                yield Finding(location_of(row, "roll"), f'row {number} of chart "{chart.id}" covers {roll}, which '
                              f"a {dice.id} roll cannot give ({possible[0]}-{possible[-1]})",
                              "correct the row's die results", subject=chart.id)
            elif roll in seen:
                yield Finding(location_of(row, "roll"), f'die result {roll} of chart "{chart.id}" is covered by rows '
                              f"{seen[roll]} and {number}", "each die result belongs to exactly one row",
                              subject=chart.id)
            else:
                seen[roll] = number
    missing = [r for r in possible if r not in seen]
    if missing:
        yield Finding(location_of(chart, "rows"), f'chart "{chart.id}" has no row for die result(s) '
                      + ", ".join(map(str, missing)), "add them to a row's `roll`", subject=chart.id)


@check("chart/die-coverage")
def die_coverage(game: Game, ix: Index) -> Iterator[Finding]:
    """A chart read by a die roll has exactly one row for every result that roll can give.

    Why: a roll that lands on no row, or on two, stops play.
    Fails:  dice: 2d6; rows: [{roll: [2, 12]}, …] with 7 missing
    Passes: rows cover 2 to 12 once each
    """
    for chart in game.charts.charts:
        if isinstance(chart, (Crt, Table)):
            yield from _coverage(chart, ix)


@check("chart/row-width")
def row_widths(game: Game, ix: Index) -> Iterator[Finding]:
    """Every row of a CRT or table has one cell per column.

    Why: a missing cell shifts every result after it one column left.
    Fails:  columns: [1-1, 2-1, 3-1]; rows: [{roll: [1], cells: [DR, DE]}]
    Passes: rows: [{roll: [1], cells: [AR, DR, DE]}]
    """
    for chart in game.charts.charts:
        if isinstance(chart, Tec):
            continue
        width = len(chart.columns)
        for number, row in enumerate(chart.rows, start=1):
            if len(row.cells) != width:
                yield Finding(location_of(row, "cells"), f'row {number} of chart "{chart.id}" has {len(row.cells)} '
                              f"cells for {width} columns", "give every row one cell per column",
                              subject=chart.id)


def _column_value(label: str, kind: str) -> Fraction | None:
    if kind == "odds":
        match = _ODDS.match(label.strip())
        return Fraction(match.group(1)) / Fraction(match.group(2)) if match else None
    match = _DIFF.match(label.strip())
    return Fraction(int(match.group(1).replace("−", "-"))) if match else None


@check("chart/columns-out-of-order")
def columns_out_of_order(game: Game, ix: Index) -> Iterator[Finding]:
    """CRT columns are readable odds or differentials, strictly increasing left to right.

    Why: the odds are found by walking the columns; a swapped column gives the wrong result.
    Fails:  columns: [1-2, 2-1, 1-1]
    Passes: columns: [1-2, 1-1, 2-1]
    """
    for chart in game.charts.charts:
        if not isinstance(chart, Crt) or chart.column_kind not in ("odds", "differential"):
            continue
        previous = None
        for i, label in enumerate(chart.columns):
            value = _column_value(label, chart.column_kind)
            at = chart.src.item("columns", i) if chart.src else location_of(chart)
            if value is None:
                yield Finding(at, f'column "{label}" of chart "{chart.id}" is not a {chart.column_kind} column',
                              "write odds as 3-1 and differentials as -2 or +3", subject=chart.id)
            elif previous is not None and value <= previous:
                yield Finding(at, f'column "{label}" of chart "{chart.id}" does not follow '
                              f'"{chart.columns[i - 1]}" in increasing order', "order the columns", subject=chart.id)
            previous = value if value is not None else previous


@check("chart/columns-not-contiguous")
def columns_not_contiguous(game: Game, ix: Index) -> Iterator[Finding]:
    """Whole-number odds or differential columns have no gaps (1-2, 1-1, 2-1, 3-1…; -1, 0, +1…).

    Why: a missing column leaves attacks at those odds with nothing to read.
    Fails:  columns: [1-1, 2-1, 4-1]
    Passes: columns: [1-1, 2-1, 3-1, 4-1]
    """
    for chart in game.charts.charts:
        if not isinstance(chart, Crt) or chart.column_kind not in ("odds", "differential"):
            continue
        values = [_column_value(label, chart.column_kind) for label in chart.columns]
        for i in range(1, len(values)):
            a, b = values[i - 1], values[i]
            if a is None or b is None or b <= a:
                continue
            if chart.column_kind == "differential":
                gap = b - a > 1
            else:
                gap = _odds_gap(a, b)
            if gap:
                yield Finding(chart.src.item("columns", i) if chart.src else location_of(chart),
                              f'chart "{chart.id}" jumps from column "{chart.columns[i - 1]}" to "{chart.columns[i]}"',
                              "add the missing columns", subject=chart.id)


def _odds_gap(a: Fraction, b: Fraction) -> bool:
    """Return whether whole-number odds skip a step between a and b (1-3 → 1-2 → 1-1 → 2-1)."""
    if a >= 1 and b >= 1 and a.denominator == 1 and b.denominator == 1:
        return b - a > 1
    if a <= 1 and b <= 1 and a.numerator == 1 and b.numerator == 1:
        return a.denominator - b.denominator > 1
    return False


def _grid_cells(game: Game) -> Iterator[tuple[Crt | Table, object, int, object, CellType]]:
    """Yield every cell of every CRT and table: its chart, row, column index, value and type."""
    for chart in game.charts.charts:
        if isinstance(chart, Tec):
            continue
        types = column_types(game.charts, chart)
        for row in chart.rows:
            for i, (value, cell) in enumerate(zip(row.cells, types)):
                yield chart, row, i, value, cell


def _cell_at(row: object, i: int) -> Location:
    return row.src.item("cells", i) if row.src else location_of(row)


@check("chart/unknown-result")
def unknown_results(game: Game, ix: Index) -> Iterator[Finding]:
    """Every code in a result cell (a CRT's, or a table column of kind `result`) is one of the chart's `results`.

    Why: a typo in a cell (DRR for DRB) is a result no one can apply; a code of another chart means
    something else there.
    Fails:  results: {DE: …, DR: …}; cells: [DX]
    Passes: cells: [DE]
    """
    for chart, row, i, value, cell in _grid_cells(game):
        if cell.kind != "result" or isinstance(value, (dict, ChartRef)) or value is None:
            continue
        for code in unknown_codes(value, cell):
            yield Finding(_cell_at(row, i), f'"{code}" is not a result of chart "{chart.id}"',
                          "use one of: " + ", ".join(cell.results) + (" (or a symbol of the legend, `symbols`)"
                                                                        if cell.symbols else ""), subject=code)


def _kind_hint(cell: CellType) -> str:
    return (f"write {wanted(cell.kind)}, a dash for nothing, or a symbol declared in `symbols`"
            + ("" if cell.kind == "text" else "; if the column holds words, declare its `kind: text`"))


@check("chart/cell-kind")
def cell_kinds(game: Game, ix: Index) -> Iterator[Finding]:
    """Every chart cell holds what its column declares: a number where a number belongs, within its bounds.

    Why: a word where a number belongs (`five`, `l` for 1) prints as it is, and players read it as a
    value; a cost of 40 for 4 stops every unit.
    Fails:  columns: [{id: mp, label: MP, kind: whole, min: 0}]; rows: [{cells: [six]}]
    Passes: rows: [{cells: [6]}]
    """
    for chart, row, i, value, cell in _grid_cells(game):
        problem = None if cell.kind == "result" and not isinstance(value, (bool, ChartRef)) \
            else cell_problem(value, cell)
        if problem:
            column = chart.columns[i] if isinstance(chart, Crt) else chart.columns[i].id
            yield Finding(_cell_at(row, i), f'cell of column "{column}" in chart "{chart.id}": {problem}',
                          _kind_hint(cell), subject=chart.id)
    for tec in (c for c in game.charts.charts if isinstance(c, Tec)):
        yield from _tec_cell_kinds(game, tec)


def _tec_cell_kinds(game: Game, tec: Tec) -> Iterator[Finding]:
    cost, combat = cost_type(game.charts, tec), combat_type(game.charts, tec)
    for row in tec.rows:
        for name, value in row.cost.items():
            problem = cost_problem(value, cost)
            if problem:
                at = row.src.child("cost").value(name) if row.src else location_of(row)
                yield Finding(at, f'cost for "{name}" of "{row.terrain}" in TEC "{tec.id}": {problem}',
                              f"write a cost from 0 to {tec.cost_max}, +n for an added cost, or a symbol declared "
                              "in `symbols` (P)", subject=tec.id)
        problem = cell_problem(row.combat, combat)
        if problem:
            yield Finding(location_of(row, "combat"), f'combat effect of "{row.terrain}" in TEC "{tec.id}": '
                          f"{problem}", _kind_hint(combat) + " (`combat_kind`)", subject=tec.id)


@check("chart/unknown-results-from")
def unknown_results_from(game: Game, ix: Index) -> Iterator[Finding]:
    """A chart's `results_from` names another CRT or table that has results.

    Why: the chart's codes are read against that chart's results; without them they print as bare codes.
    Fails:  results_from: terain
    Passes: results_from: terrain
    """
    with_results = {c.id for c in game.charts.charts if not isinstance(c, Tec) and c.results}
    for chart in game.charts.charts:
        source = getattr(chart, "results_from", None)
        if source and source not in with_results:
            yield Finding(location_of(chart, "results_from"), f'chart "{chart.id}" reads its codes from '
                          f'"{source}", which is no chart with results', "use one of: " +
                          ", ".join(sorted(with_results)), subject=chart.id)


def _column_ids(chart: Crt | Table) -> list[str]:
    return list(chart.columns) if isinstance(chart, Crt) else [column.id for column in chart.columns]


@check("chart/duplicate-column")
def duplicate_columns(game: Game, ix: Index) -> Iterator[Finding]:
    """Each column of a CRT (by label) or a table (by id) is given once.

    Why: a roll or an odds ratio that finds two columns is read in whichever the player sees first.
    Fails:  columns: [1-1, 2-1, 2-1]
    Passes: columns: [1-1, 2-1, 3-1]
    """
    for chart in game.charts.charts:
        if isinstance(chart, Tec):
            continue
        seen: dict[str, int] = {}
        for i, name in enumerate(_column_ids(chart)):
            if name in seen:
                at = chart.src.item("columns", i) if chart.src else location_of(chart)
                yield Finding(at, f'column "{name}" of chart "{chart.id}" is given twice (columns {seen[name] + 1} '
                              f"and {i + 1})", "give each column its own id or label", subject=chart.id)
            else:
                seen[name] = i


@check("chart/unused-result", severity=WARNING)
def unused_results(game: Game, ix: Index) -> Iterator[Finding]:
    """Every result a chart explains appears in at least one of its cells.

    Why: a result explained but never rolled is usually a cell typed wrong.
    Fails:  results: {DE: …, EX: …} with no EX in any cell
    Passes: every result appears somewhere
    """
    for chart in game.charts.charts:
        if isinstance(chart, Tec) or not chart.results:
            continue
        separator = getattr(chart, "separator", " ")
        used = {code for row in chart.rows for cell in row.cells if isinstance(cell, (str, int, float))
                for code in str(cell).split(separator)}
        for code in chart.results:
            if code not in used:
                at = chart.src.child("results").key(code) if chart.src else location_of(chart)
                yield Finding(at, f'result "{code}" of chart "{chart.id}" appears in no cell',
                              "remove it, or correct the cell that should hold it", subject=code)


def _terrain_on_maps(ix: Index) -> dict[str, str]:
    used: dict[str, str] = {}
    for m in ix.hex_maps():
        for label, hex_terrain in m.terrain.items():
            for name in hex_terrain.all():
                used.setdefault(name, label)
        for side in m.map.hexsides:
            used.setdefault(side.feature, side.between[0])
        for path in m.map.paths:
            used.setdefault(path.feature, path.hexes[0])
    return used


@check("chart/tec-missing-terrain")
def tec_missing_terrain(game: Game, ix: Index) -> Iterator[Finding]:
    """The TEC has a row for every terrain, overlay, hexside feature and path used on the maps.

    Why: players look up every terrain they meet; a missing row has no cost and no effect.
    Fails:  a map with wadi hexsides and no `terrain: wadi` row in the TEC
    Passes: rows: [{terrain: wadi, …}]
    """
    for chart in game.charts.charts:
        if not isinstance(chart, Tec):
            continue
        covered = {row.terrain for row in chart.rows}
        for name, example in sorted(_terrain_on_maps(ix).items()):
            if name not in covered and name in ix.terrain:
                yield Finding(location_of(chart, "rows"), f'TEC "{chart.id}" has no row for "{name}" '
                              f"(used in hex {example})", f"add a row with `terrain: {name}`", subject=name)


@check("chart/tec-missing-cost")
def tec_missing_cost(game: Game, ix: Index) -> Iterator[Finding]:
    """Every TEC row gives a cost for each of the chart's movement classes, and every class used is a column.

    Why: a unit must always know what a hex costs it.
    Fails:  movement_classes: [foot, mech]; rows: [{terrain: hill, cost: {foot: 2}}]
    Passes: rows: [{terrain: hill, cost: {foot: 2, mech: 3}}]
    """
    used_classes = {t.movement_class for t in game.counters.unit_types if t.movement_class}
    for chart in game.charts.charts:
        if not isinstance(chart, Tec):
            continue
        for name in sorted(used_classes - set(chart.movement_classes)):
            yield Finding(location_of(chart, "movement_classes"), f'TEC "{chart.id}" has no column for movement '
                          f'class "{name}", which unit types use', f"add {name} to `movement_classes`", subject=name)
        for row in chart.rows:
            for name in chart.movement_classes:
                if name not in row.cost:
                    yield Finding(location_of(row, "cost"), f'TEC row "{row.terrain}" gives no cost for "{name}"',
                                  f"add `{name}: …` (a number, P for prohibited, or +1)", subject=row.terrain)
