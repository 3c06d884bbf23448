"""charts.yaml: combat results tables, terrain effects charts and die-roll tables."""

from dataclasses import replace
from typing import Annotated, Literal, Union

from pydantic import Field

from builder.model.base import ContentModel, DesignedFlag, Id, Number, Text
from builder.model.cells import (NOTHING, CellKind, CellType, CellValue, ChartRef, Result, ResultPrint, Symbol,
                                 cell_problem, cell_text, number_text, signed_number, signed_text)

__all__ = ["Cell", "ChartRef", "Result", "Symbol"]

Cell = CellValue
"""A table cell: a number, a code, a legend symbol, text per language, or `{chart: id}`."""


class DieRow(ContentModel):
    """A row of a die-roll table and the results it covers."""

    roll: list[int] = Field(min_length=1)
    """The die results this row covers: `[7]`, `[2, 12]` (a pair of sums), or every value of a range."""
    label: str = ""
    """The row label as printed (`2-12`, `1-2`, `0`); derived from `roll` when empty."""
    cells: list[Cell] = []
    """One result per column, left to right: codes of the chart's `results`, a legend symbol, or `-`."""


class Shift(ContentModel):
    """A column shift applied before rolling."""

    id: Id
    """The shift's id."""
    columns: int = Field(ge=-20, le=20)
    """Columns to shift: negative = left (towards the defender), positive = right."""
    when: Text
    """When it applies, in words."""
    terrain: Id | None = None
    """The terrain that causes it, if any."""
    case: str = ""
    """The rulebook case that defines it (`5.1.2`)."""


class Pictured(ContentModel):
    """What every kind of chart may print under its grid and notes: an image."""

    image: str = ""
    """An image printed under the chart (a diagram, an example, an emblem): SVG, PNG or JPEG in the game folder.
    Every copy of the chart shows it: the charts PDF and SVG, the player-aid card, the rulebook, the module."""
    image_height_mm: float = Field(default=30.0, gt=0, le=200)
    """Height of the image's box; the image keeps its proportions inside it, as wide as the chart at most."""


class Crt(Pictured):
    """A combat results table: odds or differential columns by die-roll rows."""

    kind: Literal["crt"]
    id: Id
    """The chart's id, used by the rulebook (`{chart: crt}`) and VASSAL."""
    name: Text
    """The chart's title."""
    dice: Id
    """The die roll read on its rows."""
    column_kind: Literal["odds", "differential", "strength", "other"] = "odds"
    """What the columns are: attack-to-defence odds, a differential, or a strength band."""
    columns: list[str] = Field(min_length=1)
    """Column labels left to right (`1-4` … `9-1`, or `-3` … `+6`)."""
    rows: list[DieRow] = Field(min_length=1)
    """Rows, each with the die results it covers and one result per column."""
    results: dict[str, Result] = {}
    """Every result code that may appear in a cell, with its meaning."""
    separator: str = " "
    """What separates several codes in one cell (`DRB AVB` uses a space, `1/2` a slash)."""
    prints: ResultPrint = "codes"
    """How cells print: the result `codes` as written (`DRB`, `2/1`), or each result's `names`."""
    symbols: dict[str, Symbol] = {}
    """Marks a cell may hold besides the results (`*`, `OT`), with their meaning; see also the file's."""
    shifts: list[Shift] = []
    """Column shifts, listed under the table."""
    attack_value: Id | None = None
    """The unit value the attackers' strength adds up (`attack`), for the VASSAL module's combat helper."""
    defence_value: Id | None = None
    """The unit value the defenders' strength adds up (`defence`), for the VASSAL module's combat helper."""
    notes: list[Text] = []
    """Notes printed under the table (rounding, off-the-table results)."""
    designed: DesignedFlag = False
    """Marks values designed because the source lacks them."""


class TecRow(ContentModel):
    """One terrain's row in the terrain effects chart."""

    terrain: Id
    """The terrain."""
    cost: dict[Id, Cell] = {}
    """Movement cost per movement class: a number of at least 0, `+1` (added to the other terrain's), a
    legend symbol (`P` prohibited), a result code of the chart named in `results_from`, or `{chart: id}`."""
    combat: Cell = 0
    """Combat effect, of the chart's `combat_kind` (a column shift unless it says otherwise; 0 prints `—`),
    a legend symbol, text per language, or `{chart: id}`."""
    note: Text = ""
    """A footnote for this row."""
    sides: list[Id] = []
    """Only these sides are affected (minefields that hurt the Axis only); all when empty."""


class Tec(Pictured):
    """A terrain effects chart: cost per movement class and combat effect of each terrain."""

    kind: Literal["tec"]
    id: Id
    """The chart's id."""
    name: Text
    """The chart's title."""
    movement_classes: list[Id] = Field(min_length=1)
    """The movement classes, as columns."""
    rows: list[TecRow] = Field(min_length=1)
    """One row per terrain."""
    combat_kind: CellKind = "shift"
    """What the combat column holds: column `shift`s, or a to-hit `modifier`, or `text`."""
    results_from: Id | None = None
    """Another chart whose result codes the cost cells may hold (a terrain key using the terrain chart's)."""
    prints: ResultPrint = "codes"
    """How such result codes print: as written, or each result's name."""
    symbols: dict[str, Symbol] = {}
    """Marks the cells may hold (`P` prohibited, `OT` other terrain), with their meaning."""
    cost_max: Number = Field(default=99, ge=0)
    """The highest movement cost a cell may hold (a typo such as 40 for 4 is caught)."""
    notes: list[Text] = []
    """Notes under the chart."""
    designed: DesignedFlag = False
    """Marks values designed because the source lacks them."""


class Column(ContentModel):
    """A column of a generic table."""

    id: Id
    """The column's id."""
    label: Text
    """Its heading."""
    kind: CellKind | None = None
    """What its cells hold; `result` when the table has `results` (or `results_from`), else `text`."""
    min: Number | None = None
    """The least number a cell may hold (number kinds)."""
    max: Number | None = None
    """The most a cell may hold (number kinds)."""


class TableRow(ContentModel):
    """A row of a generic table."""

    label: Text = ""
    """The row heading (when the table is not read by die roll)."""
    roll: list[int] = []
    """Die results this row covers, when the table is read by a roll."""
    cells: list[Cell] = []
    """One value per column."""


class Table(Pictured):
    """A generic table: a die-roll table, or a lookup table with labelled rows."""

    kind: Literal["table"]
    id: Id
    """The chart's id."""
    name: Text
    """The chart's title."""
    dice: Id | None = None
    """The roll read on its rows, if it is a die-roll table (every result must be covered once)."""
    columns: list[Column] = Field(min_length=1)
    """Its columns."""
    rows: list[TableRow] = Field(min_length=1)
    """Its rows."""
    results: dict[str, Result] = {}
    """Result codes used in its cells, with their meaning."""
    results_from: Id | None = None
    """Another chart whose result codes its result cells hold, when it has none of its own."""
    separator: str = " "
    """What separates several codes in one cell, when the cells hold codes."""
    prints: ResultPrint = "codes"
    """How cells print: the result `codes` as written (`DRB`, `2/1`), or each result's `names`."""
    symbols: dict[str, Symbol] = {}
    """Marks a cell may hold besides the results (`*`, `OT`), with their meaning; see also the file's."""
    notes: list[Text] = []
    """Notes under the table."""
    designed: DesignedFlag = False
    """Marks values designed because the source lacks them."""


Chart = Annotated[Union[Crt, Tec, Table], Field(discriminator="kind")]
"""A chart: `kind: crt`, `kind: tec` or `kind: table`."""


class ChartsFile(ContentModel):
    """charts.yaml: every chart of the game."""

    charts: list[Chart] = []
    """The charts, in the order they are printed."""
    symbols: dict[str, Symbol] = {}
    """The game's legend: marks any chart's cells may hold (`P` prohibited, `*` see note), with their meaning."""
    designed: DesignedFlag = False
    """Marks values in this file designed because the source lacks them."""


def _results_of(charts: ChartsFile, chart: Chart) -> dict[str, Result]:
    """Return the results a chart's result cells are read against: its own, or those of `results_from`."""
    own = getattr(chart, "results", {})
    source = getattr(chart, "results_from", None)
    if own or not source:
        return own
    other = next((c for c in charts.charts if c.id == source and not isinstance(c, Tec)), None)
    return other.results if other is not None else {}


def _cell_type(charts: ChartsFile, chart: Chart, kind: CellKind, **bounds: object) -> CellType:
    return CellType(kind, results=_results_of(charts, chart), symbols={**charts.symbols, **chart.symbols},
                    prints=chart.prints, separator=getattr(chart, "separator", " "),
                    chart_names={c.id: c.name for c in charts.charts}, **bounds)


def column_kind(chart: Table, column: Column) -> CellKind:
    """Return the kind of a table column's cells: as declared, else `result` for a table with results."""
    if column.kind is not None:
        return column.kind
    return "result" if chart.results or chart.results_from else "text"


def column_types(charts: ChartsFile, chart: Crt | Table) -> list[CellType]:
    """Return the type of each column's cells, left to right."""
    if isinstance(chart, Crt):
        return [_cell_type(charts, chart, "result") for _ in chart.columns]
    return [_cell_type(charts, chart, column_kind(chart, c), minimum=c.min, maximum=c.max) for c in chart.columns]


def cost_type(charts: ChartsFile, tec: Tec) -> CellType:
    """Return the type of a TEC's cost cells: a number from 0 to `cost_max` (or `+n`, added: `cost_problem`)."""
    return _cell_type(charts, tec, "number", minimum=0, maximum=tec.cost_max)


def combat_type(charts: ChartsFile, tec: Tec) -> CellType:
    """Return the type of a TEC's combat cells; a zero prints `—`, no effect."""
    return _cell_type(charts, tec, tec.combat_kind, zero="—")


def _as_result(value: Cell, cell: CellType) -> bool:
    """Return whether a cost cell is a result code of `results_from` (text that is no number nor symbol)."""
    return (bool(cell.results) and isinstance(value, str) and signed_number(value) is None
            and value not in cell.symbols and value.strip() not in NOTHING)


def _is_added(value: Cell) -> bool:
    """Return whether a cost is written with its sign (`+1`): added to the other terrain's cost."""
    return isinstance(value, str) and value.strip()[:1] in ("+", "-", "−") and signed_number(value) is not None


def cost_problem(value: Cell, cell: CellType) -> str | None:
    """Return what is wrong with a TEC cost cell, or None."""
    if _is_added(value):
        return cell_problem(value, replace(cell, kind="modifier"))
    return cell_problem(value, replace(cell, kind="result") if _as_result(value, cell) else cell)


def cost_text(value: Cell, cell: CellType, lang: str) -> str:
    """Return a TEC cost as printed: a plain number, or `+n` when written with its sign (added to another)."""
    number = signed_number(value)
    if _is_added(value):
        return signed_text(number, lang, zero="+0")  # a cost added to another keeps its sign, even for 0
    if number is not None and not isinstance(value, bool):
        return number_text(number, lang)
    return cell_text(value, replace(cell, kind="result") if _as_result(value, cell) else cell, lang)


def shared_combat_chart(tec: Tec) -> str | None:
    """Return the chart every row of a TEC sends its combat effect to, when they all name the same one: the
    TEC then prints one line under its grid rather than the same cross reference in every row."""
    targets = {row.combat.chart if isinstance(row.combat, ChartRef) else None for row in tec.rows}
    return next(iter(targets)) if len(targets) == 1 else None


def printed_cells(charts: ChartsFile, chart: Chart, lang: str) -> list[list[str]]:
    """Return the body of a chart as printed, row by row: a CRT's or table's cells, a TEC's costs then combat."""
    if isinstance(chart, Tec):
        cost, combat = cost_type(charts, chart), combat_type(charts, chart)
        with_combat = shared_combat_chart(chart) is None
        return [[cost_text(row.cost.get(m), cost, lang) for m in chart.movement_classes]
                + ([cell_text(row.combat, combat, lang)] if with_combat else []) for row in chart.rows]
    types = column_types(charts, chart)
    return [[cell_text(value, kind, lang) for value, kind in zip(row.cells, types)] for row in chart.rows]
