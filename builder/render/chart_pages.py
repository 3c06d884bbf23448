"""Chart pages: charts packed into the columns of printed pages, then written as a PDF with a
bookmark per chart. The chart PDF uses one portrait column; the player-aid card two landscape
columns, front and back.
"""
from __future__ import annotations

import io
from dataclasses import dataclass

from reportlab.lib.units import mm as PT_PER_MM

from builder.render.counter_sheet import PAPERS_MM
from builder.render.credits import DocumentInfo
from builder.render.drawing import Drawing, Group, Text
from builder.render.pdf import draw_drawing, new_canvas

FOOTER_MM = 2.6
"""Type size of the page footer."""


@dataclass(frozen=True)
class PagePlan:
    """A page and the columns charts are packed into."""

    width_mm: float
    height_mm: float
    columns: int
    margin_mm: float = 12.0
    gutter_mm: float = 8.0
    gap_mm: float = 5.0
    footer_room_mm: float = 6.0

    @property
    def column_mm(self) -> float:
        """Return the width of one column."""
        return (self.width_mm - 2 * self.margin_mm - (self.columns - 1) * self.gutter_mm) / self.columns

    @property
    def column_height_mm(self) -> float:
        """Return the height charts may fill in a column."""
        return self.height_mm - 2 * self.margin_mm - self.footer_room_mm


def page_plan(paper: str, *, columns: int, landscape: bool = False) -> PagePlan:
    """Return the plan of a paper size (a4, letter), portrait or landscape."""
    width, height = PAPERS_MM[paper]
    if landscape:
        width, height = height, width
    return PagePlan(width, height, columns)


@dataclass(frozen=True)
class PlacedChart:
    """A chart drawing at its place on a page (top-left corner, mm)."""

    key: str
    title: str
    drawing: Drawing
    x_mm: float
    y_mm: float


def fitted(drawing: Drawing, width_mm: float, height_mm: float) -> Drawing:
    """Return the drawing shrunk (never enlarged) to fit a box."""
    factor = min(1.0, width_mm / drawing.width_mm, height_mm / drawing.height_mm)
    if factor >= 1.0 - 1e-9:
        return drawing
    return Drawing(drawing.width_mm * factor, drawing.height_mm * factor, (Group(drawing.items, scale=factor),),
                   drawing.title)


def pack(charts: list[tuple[str, Drawing]], plan: PagePlan) -> list[list[PlacedChart]]:
    """Return pages of charts in order, each put in the first column of the open page with room
    for it (so a short chart fills the foot of an earlier column), else on a new page."""
    pages: list[list[PlacedChart]] = []
    filled: list[float] = []
    for key, drawing in charts:
        drawing = fitted(drawing, plan.column_mm, plan.column_height_mm)
        column = next((n for n, y in enumerate(filled)
                       if y == 0 or y + drawing.height_mm <= plan.column_height_mm), None)
        if column is None:
            pages.append([])
            filled = [0.0] * plan.columns
            column = 0
        x = plan.margin_mm + column * (plan.column_mm + plan.gutter_mm)
        pages[-1].append(PlacedChart(key, drawing.title, drawing, x, plan.margin_mm + filled[column]))
        filled[column] += drawing.height_mm + plan.gap_mm
    return pages


def footer(plan: PagePlan, text: str) -> Drawing:
    """Return a page-sized drawing holding only the footer line."""
    baseline = plan.height_mm - plan.margin_mm + FOOTER_MM
    return Drawing(plan.width_mm, plan.height_mm,
                   (Text(plan.width_mm / 2, baseline, text, FOOTER_MM, fill="#505050", anchor="middle"),))


def pages_pdf(pages: list[list[PlacedChart]], plan: PagePlan, *, info: DocumentInfo, footers: list[str]) -> bytes:
    """Return the pages as a PDF: each chart drawn in place and bookmarked under its title."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, plan.width_mm * PT_PER_MM, plan.height_mm * PT_PER_MM, info=info)
    for number, page in enumerate(pages):
        for placed in page:
            top_pt = (plan.height_mm - placed.y_mm) * PT_PER_MM
            canvas.bookmarkHorizontal(placed.key, placed.x_mm * PT_PER_MM, top_pt)
            canvas.addOutlineEntry(placed.title, placed.key, level=0)
            draw_drawing(canvas, placed.drawing, placed.x_mm * PT_PER_MM, top_pt - placed.drawing.height_mm * PT_PER_MM)
        draw_drawing(canvas, footer(plan, footers[number]), 0, 0)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()
