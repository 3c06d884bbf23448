"""The table of contents and the index, set in the same single pass as the body they list.

The contents come first but its page numbers are only known once the body is laid out, so each
contents line ends in a Form XObject that is referenced where the number goes and defined at the
end of the pass (the "page X of Y" technique): the titles are known from the start, so the contents
has its final length at once and the body never moves. The index comes last, so it is built from
the entries the body's drawing collected by the time it is laid out.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from reportlab.lib.utils import commasplit, decode_label, encode_label, escapeOnce
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Spacer, Table, TableStyle
from reportlab.platypus.tableofcontents import SimpleIndex, drawPageNumbers, listdiff

from builder.render.typeset.flowables import INDEX_RECORDER, Para
from builder.render.typeset.links import LinkingCanvas
from builder.render.typeset.markup import escape

PAGE_NUMBER = "contentsPage"
"""The paragraph callback that places a contents line's page number."""
ENTRY_END = "drawIndexEntryEnd"
"""The paragraph callback by which reportlab's index draws an entry's page numbers (its name there)."""
LEADER = " . "
"""The dotted leader between a contents title and its page number."""


@dataclass(frozen=True)
class Node:
    """One entry of the section tree, and so one contents line: the destination name of its heading,
    its title and its outline depth."""

    key: str
    text: str
    depth: int


@dataclass(frozen=True)
class Slot:
    """Where a contents line's page number goes: the end of its title, and the right edge, in the
    coordinates of the line's paragraph."""

    x: float
    right: float


def form_name(number: int) -> str:
    """Return the name of the Form XObject holding the page number of contents line `number`."""
    return f"contents{number}"


class Contents(Flowable):
    """The table of contents: one line per entry, title linked to its heading, dots, page number.

    Laid out like reportlab's TableOfContents (a one-column table of paragraphs, each level's
    spaceBefore as a spacer row), whose page numbers needed a second build."""

    def __init__(self, entries: list[Node], level_styles: list, table_style: TableStyle) -> None:
        super().__init__()
        self.entries = entries
        self.level_styles = level_styles
        self.table_style = table_style
        self.slots: dict[int, Slot] = {}
        self._table: Table | None = None
        self._table_width = -1.0

    def _style(self, depth: int):
        return self.level_styles[min(depth, len(self.level_styles) - 1)]

    def _page_number(self, canvas, kind: str, label: str) -> None:
        """Place the (not yet defined) page number form at the end of a contents line, and link it."""
        number = int(label)
        info = canvas._curr_tx_info
        x, y = info["cur_x"], info["cur_y"]
        self.slots[number] = Slot(x, self._table_width)
        canvas.saveState()
        canvas.translate(x, y)
        canvas.doForm(form_name(number))
        canvas.restoreState()
        entry = self.entries[number]
        canvas.linkRect("", entry.key, (x, y, self._table_width, y + self._style(entry.depth).leading), relative=1)

    def _build(self, width: float) -> Table:
        rows: list[list[Flowable]] = []
        for number, entry in enumerate(self.entries):
            style = self._style(entry.depth)
            if style.spaceBefore:
                rows.append([Spacer(1, style.spaceBefore)])
            markup = f'<a href="#{entry.key}">{escape(entry.text)}</a><onDraw name="{PAGE_NUMBER}" label="{number}"/>'
            rows.append([Para(markup, style)])
        return Table(rows, colWidths=(width,), style=self.table_style)

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        """Return the size of the contents, building its table for this width."""
        self.canv.setNamedCB(PAGE_NUMBER, self._page_number)
        if self._table is None or self._table_width != avail_width:
            self._table, self._table_width = self._build(avail_width), avail_width
        self.width, self.height = self._table.wrapOn(self.canv, avail_width, avail_height)
        return self.width, self.height

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        """Return the contents table split to fit (a long contents runs onto the next page)."""
        return self._table.splitOn(self.canv, avail_width, avail_height)

    def drawOn(self, canvas, x: float, y: float, _sW: float = 0) -> None:
        """Draw the table; its lines' callbacks place the page number forms."""
        self._table.drawOn(canvas, x, y, _sW)

    def define_page_numbers(self, canvas, pages: dict[str, int]) -> None:
        """Define every page number form, once the body has been laid out: dots, then the number of
        the page where the entry's heading landed, set flush right as reportlab's contents set it."""
        missing = [e.key for n, e in enumerate(self.entries) if n in self.slots and e.key not in pages]
        if missing:
            raise ValueError(f"contents entries without a heading in the document: {', '.join(missing)}")
        for number, entry in enumerate(self.entries):
            slot = self.slots.get(number)
            if slot is None:
                continue
            style = self._style(entry.depth)
            text, left, size = leader_and_number(str(pages[entry.key]), style.fontName, style.fontSize,
                                                 slot.right - slot.x)
            canvas.beginForm(form_name(number), lowerx=-1, lowery=-style.leading,
                             upperx=slot.right - slot.x + 1, uppery=style.leading)
            line = canvas.beginText(left, 0)
            line.setFont(style.fontName, size)
            line.setFillColor(style.textColor)
            line.textLine(text)
            canvas.drawText(line)
            canvas.endForm()


def leader_and_number(page: str, font: str, size: float, free: float) -> tuple[str, float, float]:
    """Return the dots and page number that fill `free` points, where they start (from the end of
    the title) and their type size (shrunk, as reportlab does, when the number alone does not fit)."""
    width = stringWidth(page, font, size)
    while width > free and size >= 1.0:
        size *= 0.9
        width = stringWidth(page, font, size)
    dot = stringWidth(LEADER, font, size)
    dots = int((free - width) / dot)
    return dots * LEADER + page, free - dots * dot - width, size


class Index(SimpleIndex):
    """The index, built from the entries collected so far when it is laid out: it ends the story,
    so by then every page with a term on it has been drawn. Paragraphs record their terms with it."""

    def getCanvasMaker(self, canvasmaker=LinkingCanvas):
        """Return a maker of canvases that paragraphs record their index terms on (see Para.drawOn);
        no anchor callback is registered, as no paragraph draws anchors."""

        def make(*args, **kwargs):
            canvas = canvasmaker(*args, **kwargs)
            setattr(canvas, INDEX_RECORDER, self)
            return canvas

        return make

    def record(self, canvas, label: str, x: float, top: float) -> None:
        """Record a term's occurrence on the canvas's page, and a destination at (x, top) that the
        page number in the index links to (one per term and page: the page's last occurrence, as
        SimpleIndex keeps it). The label of a term is the same in every paragraph, so each is read once."""
        page = canvas.getPageNumber()
        key = f"index-{_bare(label)}-{page}"
        canvas.bookmarkHorizontal(key, x, top)
        self.addEntry(anchor_terms(label), (page, self.formatFunc(page - self.offset)), key)

    def _getlastEntries(self, dummy=None):
        if not self._entries:
            return super()._getlastEntries()
        return sorted(self._entries.items())

    def _build(self, availWidth: float, availHeight: float) -> None:
        """Build the table reportlab's index builds, of our paragraphs (set faster than reportlab's,
        and the same), then answer its page-number callback ourselves: reportlab reads each entry's
        pages back from the callback's label with `literal_eval` (a long list of pages and destination
        names per term, the costliest part of drawing the index); here they are looked up by that
        label. Same pages, same drawing."""
        self._flowable = Table(self._rows(), colWidths=[availWidth], style=self.tableStyle)
        pages = {_bare(encode_label(list(numbers))): numbers for _, numbers in self._getlastEntries()}
        style = self.getLevelStyle(1 if self.headers else 0)

        def entry_end(canvas, kind: str, label: str) -> None:
            numbers = [(number[1], key) for number, key in sorted(pages[_bare(label)])]
            drawPageNumbers(canvas, style, numbers, availWidth, availHeight, self.dot)

        self.canv.setNamedCB(ENTRY_END, entry_end)

    def _rows(self) -> list[list[Flowable]]:
        """Return the index table's rows as SimpleIndex makes them: entries sorted by their terms without
        accents, a letter heading (and its spacers) where the initial changes, each term and subterm
        not already listed above it on a line of its own level, the last with the page-number callback."""
        entries = sorted(((tuple(texts), numbers) for texts, numbers in self._getlastEntries()),
                         key=lambda entry: [_initial(text) for text in entry[0]])
        offset = 1 if self.headers else 0
        letter_style = self.getLevelStyle(0)
        rows: list[list[Flowable]] = []
        letter, above = "", []
        for texts, numbers in entries:
            texts = list(texts)
            if _initial(texts[0][0]) != letter:
                letter = _initial(texts[0][0])
                rows += [[Spacer(1, letter_style.spaceBefore)], [Para(letter if self.headers else " ", letter_style)],
                         [Spacer(1, letter_style.spaceAfter)]]
            level, new = listdiff(above, texts)
            if new:
                above, texts = texts, texts[level:]
            texts[-1] = f'{texts[-1]}<onDraw name="{ENTRY_END}" label="{encode_label(list(numbers))}"/>'
            for text in texts:
                style = self.getLevelStyle(level + offset)
                if style.spaceBefore:
                    rows.append([Spacer(1, style.spaceBefore)])
                rows.append([Para(escapeOnce(text), style)])
                level += 1
        return rows


def _initial(text: str) -> str:
    """Return the upper-case letters of `text` without their accents: how the index sorts and groups."""
    return "".join(c for c in unicodedata.normalize("NFD", text.upper()) if unicodedata.category(c) != "Mn")


@lru_cache(maxsize=None)
def anchor_terms(label: str) -> tuple[str, ...]:
    """Return the index terms (a term, or a term and its subterms) of an `<index item>` anchor's label."""
    item, number_format, offset = decode_label(label)
    if number_format is not None or offset is not None:
        raise ValueError(f"index anchor {item!r}: a page number format or offset is not set here")
    return tuple(commasplit(item))


def _bare(label: str) -> str:
    # the label is base64 in lines, and the paragraph markup it travels in turns line breaks into spaces
    return "".join(label.split())
