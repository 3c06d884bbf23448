"""Chart pages: charts packed into the columns of printed pages, then written as a PDF with a
bookmark per chart. The chart PDF uses one portrait column; the player-aid card two landscape
columns, front and back.
"""
from __future__ import annotations

import io
from bisect import bisect_left
from dataclasses import dataclass
from itertools import accumulate

from reportlab.lib.units import mm as PT_PER_MM

from builder.model.units import PAPERS_MM, shared_area_mm
from builder.render.credits import DocumentInfo
from builder.render.drawing import Drawing, Group, Paint, Rect, Text
from builder.render.ink import printed_texts, shape_boxes
from builder.render.pdf import draw_drawing, new_canvas

FOOTER_MM = 2.6
"""Type size of the page footer."""
RULE_MM = 0.5
"""A horizontal line thinner than this, across most of a chart, is a rule between its rows."""
PIECE_FRAME = Paint(stroke="#303030", stroke_mm=0.3)
"""The frame drawn round each piece of a chart cut in two (charts.FRAME)."""


@dataclass(frozen=True)
class PagePlan:
    """A page and the columns charts are packed into, inside an area centred on the page: the area every
    paper of its group has (`page_plan`), so that the pages fit each of them once moved to its centre."""

    width_mm: float
    height_mm: float
    columns: int
    area_mm: tuple[float, float] | None = None
    """The width and height the columns, margins and footer fit in (None: the whole page)."""
    margin_mm: float = 12.0
    gutter_mm: float = 8.0
    gap_mm: float = 5.0
    footer_room_mm: float = 6.0

    @property
    def left_mm(self) -> float:
        """Return where the first column starts."""
        return (self.width_mm - self._area[0]) / 2 + self.margin_mm

    @property
    def top_mm(self) -> float:
        """Return where the columns start, down from the top of the page."""
        return (self.height_mm - self._area[1]) / 2 + self.margin_mm

    @property
    def column_mm(self) -> float:
        """Return the width of one column."""
        return (self.across_mm - (self.columns - 1) * self.gutter_mm) / self.columns

    @property
    def across_mm(self) -> float:
        """Return the width of all the columns together, which a chart too wide for one may take."""
        return self._area[0] - 2 * self.margin_mm

    @property
    def column_height_mm(self) -> float:
        """Return the height charts may fill in a column."""
        return self._area[1] - 2 * self.margin_mm - self.footer_room_mm

    @property
    def _area(self) -> tuple[float, float]:
        return self.area_mm or (self.width_mm, self.height_mm)


def page_plan(paper: str, *, columns: int, landscape: bool = False, group: tuple[str, ...] = ()) -> PagePlan:
    """Return the plan of a paper size (a4, letter), portrait or landscape, with the area every paper of its
    `group` has (typeset/papers.py `on_every_paper`; the paper alone if none)."""
    width, height = PAPERS_MM[paper]
    area = shared_area_mm((paper, *group))
    if landscape:
        width, height, area = height, width, area[::-1]
    return PagePlan(width, height, columns, area_mm=area)


@dataclass(frozen=True)
class PlacedChart:
    """A chart drawing at its place on a page (top-left corner, mm)."""

    key: str
    title: str
    drawing: Drawing
    x_mm: float
    y_mm: float
    continued: bool = False
    """Whether this is the continuation of a chart cut to fit its column (no bookmark of its own)."""


def fitted(drawing: Drawing, width_mm: float, height_mm: float) -> Drawing:
    """Return the drawing shrunk (never enlarged) to fit a box."""
    factor = min(1.0, width_mm / drawing.width_mm, height_mm / drawing.height_mm)
    if factor >= 1.0 - 1e-9:
        return drawing
    return Drawing(drawing.width_mm * factor, drawing.height_mm * factor, (Group(drawing.items, scale=factor),),
                   drawing.title)


def _cuts(drawing: Drawing) -> tuple[list[float], list[float]]:
    """Return where a drawing may be cut without cutting text: its rules across, and the gaps between lines."""
    lines = sorted((box.y0_mm, box.y1_mm) for box in (t.box for t in printed_texts(drawing.items)))
    # y cuts no line when every line starting above it ends by it: the lowest end of those lines, found at once
    # (each cut tried against every line took 0.04 s of next-war's charts)
    tops, lowest = [top for top, _ in lines], list(accumulate((bottom for _, bottom in lines), max))
    clear = lambda y: (above := bisect_left(tops, y)) == 0 or lowest[above - 1] <= y  # noqa: E731
    rules = sorted({round(b.y0_mm + (b.y1_mm - b.y0_mm) / 2, 6) for b in shape_boxes(drawing.items)
                    if b.y1_mm - b.y0_mm < RULE_MM and b.x1_mm - b.x0_mm > 0.8 * drawing.width_mm})
    gaps = [(a[1] + b[0]) / 2 for a, b in zip(lines, lines[1:]) if b[0] > a[1]]
    return [y for y in rules if clear(y)], [y for y in gaps if clear(y)]


def _band(drawing: Drawing, top_mm: float, bottom_mm: float) -> Drawing:
    """Return the part of a drawing between two heights, framed."""
    width, height = drawing.width_mm, bottom_mm - top_mm
    clip = Rect(0.0, top_mm, width, height, Paint())
    return Drawing(width, height, (Group(drawing.items, dy_mm=-top_mm, clip=clip),
                                   Rect(0.0, 0.0, width, height, PIECE_FRAME)), drawing.title)


def cut_to_height(drawing: Drawing, height_mm: float) -> list[Drawing]:
    """Return the drawing in pieces no taller than height_mm, cut on a rule between rows where one is low
    enough, else between lines of text; a drawing that cannot be cut so is returned whole."""
    if drawing.height_mm <= height_mm:
        return [drawing]
    rules, gaps = _cuts(drawing)
    pieces, top = [], 0.0
    while drawing.height_mm - top > height_mm:
        limit, least = top + height_mm, top + height_mm / 3
        cut = max((y for y in rules if least <= y <= limit), default=None) or \
            max((y for y in gaps if top < y <= limit), default=None)
        if cut is None:
            break
        pieces.append(_band(drawing, top, cut))
        top = cut
    return pieces + [_band(drawing, top, drawing.height_mm)] if pieces else [drawing]


def column_pieces(drawing: Drawing, plan: PagePlan) -> list[Drawing]:
    """Return a chart as a page plan prints it: shrunk to the column width (or, too wide for a column, to
    the width of all of them), cut into pieces a column high (a tall chart goes on in the next column rather
    than shrinking), each shrunk only if it cannot be cut."""
    width = plan.column_mm if drawing.width_mm <= plan.column_mm + 1e-6 else plan.across_mm
    narrow = fitted(drawing, width, drawing.height_mm)
    return [fitted(piece, width, plan.column_height_mm) for piece in cut_to_height(narrow, plan.column_height_mm)]


def _spot(filled: list[float], height_mm: float, plan: PagePlan, *, across: bool) -> tuple[int, float] | None:
    """Return the column and height a piece goes at on the open page (None: it needs a new page): the first
    column with room, or, for a piece across all columns, below the lowest of them."""
    if across:
        y = max(filled)
        return (0, y) if y == 0 or y + height_mm <= plan.column_height_mm else None
    column = next((n for n, y in enumerate(filled) if y == 0 or y + height_mm <= plan.column_height_mm), None)
    return None if column is None else (column, filled[column])


def pack(charts: list[tuple[str, Drawing]], plan: PagePlan) -> list[list[PlacedChart]]:
    """Return pages of charts in order, each piece (column_pieces) put in the first column of the open page
    with room for it (so a short chart fills the foot of an earlier column), else on a new page."""
    pages: list[list[PlacedChart]] = []
    filled: list[float] = []
    for key, whole in charts:
        for number, drawing in enumerate(column_pieces(whole, plan)):
            across = drawing.width_mm > plan.column_mm + 1e-6
            spot = _spot(filled, drawing.height_mm, plan, across=across) if pages else None
            if spot is None:
                pages.append([])
                filled = [0.0] * plan.columns
                spot = (0, 0.0)
            column, y = spot
            x = plan.left_mm + column * (plan.column_mm + plan.gutter_mm)
            pages[-1].append(PlacedChart(key, drawing.title, drawing, x, plan.top_mm + y, continued=number > 0))
            for n in (range(plan.columns) if across else [column]):
                filled[n] = y + drawing.height_mm + plan.gap_mm
    return pages


def footer(plan: PagePlan, text: str) -> Drawing:
    """Return a page-sized drawing holding only the footer line."""
    baseline = plan.height_mm - plan.top_mm + FOOTER_MM
    return Drawing(plan.width_mm, plan.height_mm,
                   (Text(plan.width_mm / 2, baseline, text, FOOTER_MM, fill="#505050", anchor="middle"),))


def pages_pdf(pages: list[list[PlacedChart]], plan: PagePlan, *, info: DocumentInfo, footers: list[str]) -> bytes:
    """Return the pages as a PDF: each chart drawn in place and bookmarked under its title."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, plan.width_mm * PT_PER_MM, plan.height_mm * PT_PER_MM, info=info)
    for number, page in enumerate(pages):
        for placed in page:
            top_pt = (plan.height_mm - placed.y_mm) * PT_PER_MM
            if not placed.continued:
                canvas.bookmarkHorizontal(placed.key, placed.x_mm * PT_PER_MM, top_pt)
                canvas.addOutlineEntry(placed.title, placed.key, level=0)
            draw_drawing(canvas, placed.drawing, placed.x_mm * PT_PER_MM, top_pt - placed.drawing.height_mm * PT_PER_MM)
        draw_drawing(canvas, footer(plan, footers[number]), 0, 0)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()
