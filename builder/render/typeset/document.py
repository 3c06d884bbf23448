"""The page frame of typeset documents: pages with running header and folio, a one-column
template for the title and contents and an n-column template for the body, and the hooks that
turn headings into PDF outline entries, running heads and the page numbers of the contents.
"""
from __future__ import annotations

import io
from dataclasses import dataclass

from reportlab.lib.units import mm as PT_PER_MM
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, KeepTogether, PageTemplate, Spacer, Table

import builder.render.deflate  # noqa: F401 (deflates the document's streams at its level)
from builder.model.units import PAPERS_MM, shared_area_mm
from builder.render.credits import DocumentInfo
from builder.render.fonts import registered
from builder.render.typeset.contents import Contents
from builder.render.typeset.flowables import DrawingFlowable, Heading, Para
from builder.render.typeset.links import LinkingCanvas
from builder.render.typeset.styles import family

HEADER_PT = 7.0
"""Type size of the running header and the folio."""


@dataclass(frozen=True)
class Layout:
    """Page size, margins and columns of one document, whose type area (text, running header and folio)
    fits every paper of `group` with the margins and is centred on the page."""

    paper: str
    columns: int
    landscape: bool = False
    margin_mm: float = 15.0
    gutter_mm: float = 6.0
    header_mm: float = 6.0
    group: tuple[str, ...] = ()
    """The papers that share this type area (`paper_groups`), so that the document typeset on `paper` is the
    same on each, its page boxes moved (typeset/papers.py); none: `paper` alone."""

    def paper_pt(self, paper: str) -> tuple[float, float]:
        """Return the size of `paper` in points, turned as this document's pages are."""
        width, height = PAPERS_MM[paper]
        if self.landscape:
            width, height = height, width
        return width * PT_PER_MM, height * PT_PER_MM

    @property
    def page_pt(self) -> tuple[float, float]:
        """Return the page size in points."""
        return self.paper_pt(self.paper)

    @property
    def area_pt(self) -> tuple[float, float]:
        """Return the width and height of the type area, running header included: the smallest paper's less the margins."""
        width, height = shared_area_mm((self.paper, *self.group))
        if self.landscape:
            width, height = height, width
        margins = 2 * self.margin_mm * PT_PER_MM
        return width * PT_PER_MM - margins, height * PT_PER_MM - margins

    @property
    def origin_pt(self) -> tuple[float, float]:
        """Return the type area's lower left corner on the page: the area centred."""
        (width, height), (area_w, area_h) = self.page_pt, self.area_pt
        return (width - area_w) / 2, (height - area_h) / 2

    @property
    def column_pt(self) -> float:
        """Return the width of one body column."""
        return (self.text_width_pt - (self.columns - 1) * self.gutter_mm * PT_PER_MM) / self.columns

    @property
    def text_width_pt(self) -> float:
        """Return the width of the one-column text area."""
        return self.area_pt[0]

    @property
    def text_height_pt(self) -> float:
        """Return the height of the text area."""
        return self.area_pt[1] - self.header_mm * PT_PER_MM


def _frames(layout: Layout, columns: int, prefix: str) -> list[Frame]:
    (left, bottom), gutter = layout.origin_pt, layout.gutter_mm * PT_PER_MM
    width = layout.text_width_pt if columns == 1 else layout.column_pt
    return [Frame(left + n * (width + gutter), bottom, width, layout.text_height_pt, id=f"{prefix}{n}",
                  leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0) for n in range(columns)]


_QUIET = (Para, DrawingFlowable, Table, Spacer)
"""Flowables that never add content to the frame while they are measured."""


class KeepGroup(KeepTogether):
    """A heading kept with what follows it, measured without copying the frame.

    reportlab measures a keep-together group against a deep copy of the current frame, which catches
    whatever content its flowables add to the frame while measured (a copy per heading, some 20,000
    objects copied per rulebook). Ours of `_QUIET` kinds add none, so the group is measured without a
    frame to copy; any other kind gets reportlab's copy."""

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        """Return the group's size as KeepTogether does."""
        document = getattr(self.canv, "_doctemplate", None)
        if document is None or not all(isinstance(f, _QUIET) for f in self._content):
            return super().wrap(avail_width, avail_height)
        frame, document.frame = document.frame, None
        try:
            return super().wrap(avail_width, avail_height)
        finally:
            document.frame = frame


class TypesetDocument(BaseDocTemplate):
    """A document whose Heading flowables become outline entries, contents page numbers and running
    heads, laid out in one pass (`build`; never `multiBuild`)."""

    def __init__(self, target: io.BytesIO, layout: Layout, *, title: str = "", lang: str = "",
                 info: DocumentInfo | None = None, front: bool = True, contents: Contents | None = None) -> None:
        """`info` is the document information of a game's document; without it, only `title` and `lang` are set."""
        info = info or DocumentInfo(title, "", "", "", lang)
        title = info.title
        super().__init__(target, pagesize=layout.page_pt, invariant=1, title=title, author=info.author,
                         subject=info.subject, keywords=info.keywords, creator="sandtable", producer="sandtable",
                         lang=info.lang, initialFontName=family(),
                         keepTogetherClass=KeepGroup,
                         **_margins(layout))
        self.layout = layout
        self.running_title = title
        self.section = ""
        self.contents = contents
        self.landed: dict[str, int] = {}
        """The page of each heading listed in the contents, by destination name."""
        templates = [PageTemplate("front", _frames(layout, 1, "f"), onPageEnd=self._decorate),
                     PageTemplate("body", _frames(layout, layout.columns, "c"), onPageEnd=self._decorate)]
        # the first template is the first page's: a one-column front page, or straight into the columns
        self.addPageTemplates(templates if front else templates[::-1])

    def handle_documentBegin(self) -> None:
        """Start the build afresh: no section seen yet."""
        self.section = ""
        self.landed = {}
        super().handle_documentBegin()

    def build(self, flowables: list[Flowable], filename=None, canvasmaker=LinkingCanvas) -> None:
        """Lay out and draw the story once, then write the contents' page numbers and save."""
        self._doSave = 0  # as multiBuild does: save here, after the forms the contents refer to
        super().build(flowables, filename, canvasmaker)
        if self.contents is not None:
            self.contents.define_page_numbers(self.canv, self.landed)
        self.canv.save()

    def afterFlowable(self, flowable: Flowable) -> None:
        """Register a heading: outline entry, contents line, running head."""
        if not isinstance(flowable, Heading):
            return
        self.canv.addOutlineEntry(flowable.outline_text, flowable.outline_key, level=flowable.outline_depth,
                                  closed=flowable.outline_depth > 0)
        if flowable.in_contents:
            self.landed[flowable.outline_key] = self.page
        if flowable.outline_depth == 0:
            self.section = flowable.outline_text

    def _decorate(self, canvas, doc) -> None:
        (left, bottom), (width, height) = self.layout.origin_pt, self.layout.area_pt
        canvas.saveState()
        canvas.setFillColorRGB(0.3, 0.3, 0.3)
        canvas.setFont(family(), HEADER_PT)
        top = bottom + height + HEADER_PT * 0.4
        if doc.page > 1:
            canvas.drawString(left, top, self.running_title)
            canvas.setFont(registered("sans", True), HEADER_PT)
            canvas.drawRightString(left + width, top, self.section)
            canvas.setFont(family(), HEADER_PT)
        canvas.drawCentredString(left + width / 2, bottom - 3 * HEADER_PT, str(doc.page))
        canvas.restoreState()


def _margins(layout: Layout) -> dict[str, float]:
    """Return the page's margins around the type area, as reportlab's document template takes them."""
    (left, bottom), (width, height), (page_w, page_h) = layout.origin_pt, layout.area_pt, layout.page_pt
    return {"leftMargin": left, "rightMargin": page_w - left - width, "bottomMargin": bottom,
            "topMargin": page_h - bottom - height}
