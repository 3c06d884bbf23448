"""charts.yaml: combat results tables, terrain effects charts and die-roll tables."""

from typing import Annotated, Literal, Union

from pydantic import Field

from builder.model.base import ContentModel, DesignedFlag, Id, LanguageCode, Number, Scalar, Text

Cell = Union[Scalar, dict[LanguageCode, str]]
"""A table cell: a number, a code, or text per language."""


class DieRow(ContentModel):
    """A row of a die-roll table and the results it covers."""

    roll: list[int] = Field(min_length=1)
    """The die results this row covers: `[7]`, `[2, 12]` (a pair of sums), or every value of a range."""
    label: str = ""
    """The row label as printed (`2-12`, `1-2`, `0`); derived from `roll` when empty."""
    cells: list[Scalar] = []
    """One result per column, left to right."""


class Result(ContentModel):
    """A result code and what it does."""

    name: Text
    """The result's name."""
    text: Text = ""
    """What happens, in a sentence."""


class Shift(ContentModel):
    """A column shift applied before rolling."""

    id: Id
    """The shift's id."""
    columns: int
    """Columns to shift: negative = left (towards the defender), positive = right."""
    when: Text
    """When it applies, in words."""
    terrain: Id | None = None
    """The terrain that causes it, if any."""
    case: str = ""
    """The rulebook case that defines it (`5.1.2`)."""


class Crt(ContentModel):
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
    cost: dict[Id, Union[Number, str]] = {}
    """Movement cost per movement class: a number, `P` (prohibited), `+1` (added), `see 9.1`."""
    combat: Union[int, str] = 0
    """Combat effect: column shift (negative = towards the defender), or a short text."""
    note: Text = ""
    """A footnote for this row."""
    sides: list[Id] = []
    """Only these sides are affected (minefields that hurt the Axis only); all when empty."""


class Tec(ContentModel):
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


class TableRow(ContentModel):
    """A row of a generic table."""

    label: Text = ""
    """The row heading (when the table is not read by die roll)."""
    roll: list[int] = []
    """Die results this row covers, when the table is read by a roll."""
    cells: list[Cell] = []
    """One value per column."""


class Table(ContentModel):
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
    separator: str = " "
    """What separates several codes in one cell, when the cells hold codes."""
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
    designed: DesignedFlag = False
    """Marks values in this file designed because the source lacks them."""
