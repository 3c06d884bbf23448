"""The page frame of typeset documents: pages with running header and folio, a one-column
template for the title and contents and an n-column template for the body, and the hooks that
turn headings into PDF outline entries and contents lines.
"""
from __future__ import annotations

import io
from dataclasses import dataclass

from reportlab.lib.units import mm as PT_PER_MM
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate

from builder.render.counter_sheet import PAPERS_MM
from builder.render.fonts import registered
from builder.render.typeset.flowables import Heading
from builder.render.typeset.styles import family

HEADER_PT = 7.0
"""Type size of the running header and the folio."""


@dataclass(frozen=True)
class Layout:
    """Page size, margins and columns of one document."""

    paper: str
    columns: int
    landscape: bool = False
    margin_mm: float = 15.0
    gutter_mm: float = 6.0
    header_mm: float = 6.0

    @property
    def page_pt(self) -> tuple[float, float]:
        """Return the page size in points."""
        width, height = PAPERS_MM[self.paper]
        if self.landscape:
            width, height = height, width
        return width * PT_PER_MM, height * PT_PER_MM

    @property
    def column_pt(self) -> float:
        """Return the width of one body column."""
        width, _ = self.page_pt
        inner = width - 2 * self.margin_mm * PT_PER_MM
        return (inner - (self.columns - 1) * self.gutter_mm * PT_PER_MM) / self.columns

    @property
    def text_width_pt(self) -> float:
        """Return the width of the one-column text area."""
        return self.page_pt[0] - 2 * self.margin_mm * PT_PER_MM

    @property
    def text_height_pt(self) -> float:
        """Return the height of the text area."""
        return self.page_pt[1] - 2 * self.margin_mm * PT_PER_MM - self.header_mm * PT_PER_MM


def _frames(layout: Layout, columns: int, prefix: str) -> list[Frame]:
    margin, gutter = layout.margin_mm * PT_PER_MM, layout.gutter_mm * PT_PER_MM
    width = layout.text_width_pt if columns == 1 else layout.column_pt
    return [Frame(margin + n * (width + gutter), margin, width, layout.text_height_pt, id=f"{prefix}{n}",
                  leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0) for n in range(columns)]


class TypesetDocument(BaseDocTemplate):
    """A document whose Heading flowables become outline entries, contents lines and running heads."""

    def __init__(self, target: io.BytesIO, layout: Layout, *, title: str, lang: str, front: bool = True) -> None:
        super().__init__(target, pagesize=layout.page_pt, invariant=1, title=title, author="", subject="",
                         creator="sandtable", producer="sandtable", lang=lang, initialFontName=family(),
                         leftMargin=layout.margin_mm * PT_PER_MM, rightMargin=layout.margin_mm * PT_PER_MM,
                         topMargin=layout.margin_mm * PT_PER_MM, bottomMargin=layout.margin_mm * PT_PER_MM)
        self.layout = layout
        self.running_title = title
        self.section = ""
        templates = [PageTemplate("front", _frames(layout, 1, "f"), onPageEnd=self._decorate),
                     PageTemplate("body", _frames(layout, layout.columns, "c"), onPageEnd=self._decorate)]
        # the first template is the first page's: a one-column front page, or straight into the columns
        self.addPageTemplates(templates if front else templates[::-1])

    def handle_documentBegin(self) -> None:
        """Start each build pass afresh: no section seen yet."""
        self.section = ""
        super().handle_documentBegin()

    def afterFlowable(self, flowable: Flowable) -> None:
        """Register a heading: outline entry, contents line, running head."""
        if not isinstance(flowable, Heading):
            return
        self.canv.addOutlineEntry(flowable.outline_text, flowable.outline_key, level=flowable.outline_depth,
                                  closed=flowable.outline_depth > 0)
        if flowable.in_contents:
            self.notify("TOCEntry", (flowable.outline_depth, flowable.outline_text, self.page, flowable.outline_key))
        if flowable.outline_depth == 0:
            self.section = flowable.outline_text

    def _decorate(self, canvas, doc) -> None:
        width, height = self.layout.page_pt
        margin = self.layout.margin_mm * PT_PER_MM
        canvas.saveState()
        canvas.setFillColorRGB(0.3, 0.3, 0.3)
        canvas.setFont(family(), HEADER_PT)
        top = height - margin + HEADER_PT * 0.4
        if doc.page > 1:
            canvas.drawString(margin, top, self.running_title)
            canvas.setFont(registered("sans", True), HEADER_PT)
            canvas.drawRightString(width - margin, top, self.section)
            canvas.setFont(family(), HEADER_PT)
        canvas.drawCentredString(width / 2, margin - 3 * HEADER_PT, str(doc.page))
        canvas.restoreState()
