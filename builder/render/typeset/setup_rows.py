"""The setup card's ruled tables (counter, name and place; replacement pools) as one light flowable per
block of rows.

reportlab's Table set these rows with a resolved style per cell, wrapped every cell again when it drew
it and rebuilt its styles at every column break: a sixth of a card's time. The rows of one table are all
alike, so this flowable measures each row once and, when drawn, makes the canvas calls Table made for
them, in the same order and with the same arithmetic (Table._calc_height, _splitRows, _drawCell and
_drawLines), so the card's bytes are the same.
"""
from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import HexColor
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from builder.render.pdf import draw_drawing
from builder.render.typeset.flowables import DrawingFlowable
from builder.render.typeset.styles import family

FONT_PT = 8.0
"""The table font's size (`table_commands`): an empty cell is drawn in it."""
LEADING_PT = FONT_PT * 1.2
"""The table font's leading, as reportlab derives it from the size: the height of an empty cell."""
FONT_COLOR = "black"
"""reportlab's cell colour, set (as Table sets it) before a block's first cell."""
RULE_PT = 0.3
RULE_COLOR = HexColor("#c0c0c0")
WRAP_HEIGHT_PT = 72000
"""The height Table offers a cell, less its padding, while measuring its row."""

CellRow = tuple[Flowable | None, ...]
"""One row's cells; None is an empty cell."""


@dataclass(frozen=True)
class Grid:
    """How a table's rows are set: each column's width and left padding (an int where the table style
    had one, so positions add up the same), the padding above and below every cell, and whether a cell
    sits in the middle of its row or at its top."""

    widths_pt: tuple[float, ...]
    indents_pt: tuple[float, ...]
    top_pt: float
    bottom_pt: float
    middle: bool


@dataclass(frozen=True, slots=True)
class _Cell:
    """A measured cell: its flowable (None: empty), own height, space before, and content height."""

    flowable: Flowable | None
    height_pt: float
    before_pt: float
    content_pt: float


@dataclass(frozen=True, slots=True)
class _Row:
    """A measured row: its height and cells."""

    height_pt: float
    cells: tuple[_Cell, ...]


def _measured_cell(flowable: Flowable | None, width_pt: float, grid: Grid, canvas: Canvas | None) -> _Cell:
    if flowable is None:
        return _Cell(None, 0.0, 0.0, LEADING_PT)
    height = flowable.wrapOn(canvas, width_pt, WRAP_HEIGHT_PT - grid.top_pt - grid.bottom_pt)[1]
    before, after = flowable.getSpaceBefore(), flowable.getSpaceAfter()
    # Table._listCellGeom: the spaces added, then the first's before and the last's after taken off
    return _Cell(flowable, height, before, height + after + before - before - after)


def _measured_row(cells: CellRow, grid: Grid, canvas: Canvas | None) -> _Row:
    measured = tuple(_measured_cell(flowable, width - indent, grid, canvas)
                     for flowable, width, indent in zip(cells, grid.widths_pt, grid.indents_pt))
    height = 0
    for cell in measured:
        padded = cell.content_pt + (grid.bottom_pt + grid.top_pt)
        if padded > height:
            height = padded
    return _Row(height, measured)


def _tops(heights: list[float]) -> list[float]:
    """Return each row's top from the block's bottom, and last the bottom (0): Table sums the heights
    upwards with a compensated sum, and each rule must fall on the same float."""
    tops = []
    height = lost = 0
    for row_height in reversed(heights):
        tops.append(height)
        step = row_height - lost
        total = height + step
        lost = (total - height) - step
        height = total
    tops.append(height)
    tops.reverse()
    return tops


def _draw_picture(canvas: Canvas, picture: DrawingFlowable, x: float, y: float) -> None:
    """Write the operators `picture.drawOn` writes (saved states, the move, the scale, the drawing), without
    saving and restoring the canvas's state twice: the drawing's body keeps its state inside its own."""
    code = canvas._code
    code.append("q")
    code.append(f"{fp_str(1, 0, 0, 1, x, y)} cm")
    code.append("q")
    code.append(f"{fp_str(picture.scale, 0, 0, picture.scale, 0, 0)} cm")
    draw_drawing(canvas, picture.drawing, 0, 0)
    code.append("Q")
    code.append("Q")


class SetupRows(Flowable):
    """Rows of cells, ruled below, set and split as Table set them; a part after a break is also ruled
    above, as Table rules the rows it carries over."""

    def __init__(self, rows: list[CellRow], grid: Grid, *, measured: list[_Row] | None = None,
                 continued: bool = False) -> None:
        super().__init__()
        self.rows = rows
        self.grid = grid
        self.measured = measured
        self.continued = continued
        self.hAlign, self.vAlign = "CENTER", "MIDDLE"
        self.lefts = [0]
        for width in grid.widths_pt:
            self.lefts.append(self.lefts[-1] + width)
        self.width = self.lefts[-1]
        self.tops = _tops([row.height_pt for row in measured]) if measured is not None else []

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        """Return the rows' size, measuring them the first time."""
        if self.measured is None:
            canvas = getattr(self, "canv", None)
            self.measured = [_measured_row(row, self.grid, canvas) for row in self.rows]
            self.tops = _tops([row.height_pt for row in self.measured])
        self.height = self.tops[0]
        return self.width, self.height

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        """Return the rows that fit and the rest, as Table splits by row; nothing when no row fits."""
        self.wrap(avail_width, avail_height)
        used = fitting = 0
        for row in self.measured:
            if used + row.height_pt > avail_height:
                break
            used += row.height_pt
            fitting += 1
        if fitting == 0:
            return []
        if fitting == len(self.measured):
            return [self]
        return [SetupRows(self.rows[:fitting], self.grid, measured=self.measured[:fitting], continued=self.continued),
                SetupRows(self.rows[fitting:], self.grid, measured=self.measured[fitting:], continued=True)]

    def draw(self) -> None:
        """Draw the cells row by row, then the rules, inside one saved state as Table does."""
        canvas = self.canv
        canvas.saveState()
        canvas.setFillColor(FONT_COLOR)
        canvas.setFont(family(), FONT_PT, LEADING_PT)
        for row, bottom in zip(self.measured, self.tops[1:]):
            for cell, left, indent in zip(row.cells, self.lefts, self.grid.indents_pt):
                self._draw_cell(cell, left + indent, bottom, row.height_pt)
        self._draw_rules()
        canvas.restoreState()

    def _draw_cell(self, cell: _Cell, x: float, bottom: float, row_height: float) -> None:
        """Draw one cell in its row, as Table._drawCell does."""
        grid = self.grid
        if cell.flowable is None:
            # an empty cell is an empty string, still drawn
            if grid.middle:
                y = bottom + (grid.bottom_pt + row_height - grid.top_pt + LEADING_PT) / 2.0 - FONT_PT
            else:
                y = bottom + row_height - grid.top_pt - FONT_PT
            self.canv.drawString(x, y, "")
            return
        if grid.middle:
            y = bottom + (row_height + grid.bottom_pt - grid.top_pt + cell.content_pt) / 2.0
        else:
            y = bottom + row_height - grid.top_pt
        y += cell.before_pt
        y -= cell.before_pt
        y -= cell.height_pt
        if isinstance(cell.flowable, DrawingFlowable):
            _draw_picture(self.canv, cell.flowable, x, y)
        else:
            cell.flowable.drawOn(self.canv, x, y)

    def _draw_rules(self) -> None:
        """Rule below every row (and above the first of a continued part), as Table._drawLines does."""
        canvas = self.canv
        canvas.saveState()
        canvas.setLineCap(1)
        canvas.setLineJoin(1)
        canvas.setStrokeColor(RULE_COLOR)
        canvas.setLineWidth(RULE_PT)
        for y in self.tops if self.continued else self.tops[1:]:
            canvas.line(0, y, self.width, y)
        canvas.restoreState()
