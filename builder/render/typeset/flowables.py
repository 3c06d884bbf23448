"""Platypus flowables of our own: a drawing from the drawing model, a paragraph that records its
index terms, a heading that knows its outline entry, and a box for examples, designer's notes and notes.
"""
from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm as PT_PER_MM
from reportlab.platypus import Flowable, Paragraph, Table, TableStyle

from builder.render.drawing import Drawing
from builder.render.pdf import draw_drawing
from builder.render.typeset.breaking import Unbroken, break_lines
from builder.render.typeset.frags import paragraph_frags
from builder.render.typeset.glyphs import TextObject
from builder.render.typeset.styles import table_commands

BOX_PAD_PT = 4.0
INDEX_RECORDER = "sandtable_index"
"""The canvas attribute holding the index that paragraphs record their glossary terms with."""


class DrawingFlowable(Flowable):
    """A Drawing (mm) in the flow, shrunk to fit the frame's width and a maximum height."""

    def __init__(self, drawing: Drawing, *, max_height_pt: float) -> None:
        super().__init__()
        self.drawing = drawing
        self.max_height_pt = max_height_pt
        self.scale = 1.0
        self.hAlign = "CENTER"
        self.spaceBefore = self.spaceAfter = 3.0

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        """Return the size the drawing takes, scaled down to the available width if need be."""
        width_pt, height_pt = self.drawing.width_mm * PT_PER_MM, self.drawing.height_mm * PT_PER_MM
        self.scale = min(1.0, avail_width / width_pt, self.max_height_pt / height_pt)
        self.width, self.height = width_pt * self.scale, height_pt * self.scale
        return self.width, self.height

    def draw(self) -> None:
        """Draw the drawing at the flowable's origin."""
        self.canv.saveState()
        self.canv.scale(self.scale, self.scale)
        draw_drawing(self.canv, self.drawing, 0, 0)
        self.canv.restoreState()


@dataclass(frozen=True)
class Anchor:
    """An `<index item>` anchor taken out of a paragraph: its label, and the ink character (see `ink`)
    whose line it is drawn on, counted from the paragraph's first."""

    at: int
    label: str


_BREAK = re.compile(r"[^\S\xa0]")
"""The whitespace reportlab breaks words at: all but the no-break space, which stays inside its word."""


_INDEX_TAG = re.compile("<index", re.IGNORECASE)
"""The tag of an index anchor, as frags.py reads it (any case)."""


_UNUSUAL_BREAK = re.compile(r"[^\S \xa0]")
"""A break other than the plain space: rare, so spaces are counted alone when there is none."""


def ink(text: str) -> int:
    """Return how many characters of `text` are drawn, whitespace aside. Lines and anchors are both
    placed by this count, which reportlab's line breaking keeps (it drops only the spaces between words)."""
    if _UNUSUAL_BREAK.search(text) is None:
        return len(text) - text.count(" ")
    return len(text) - len(_BREAK.findall(text))


def _is_anchor(frag) -> bool:
    definition = getattr(frag, "cbDefn", None)
    return definition is not None and getattr(definition, "kind", None) == "index"


def _same_style(first, second) -> bool:
    """Tell whether two fragments differ in their text only."""
    return {**first.__dict__, "text": None} == {**second.__dict__, "text": None}


def take_anchors(frags: list) -> tuple[list, tuple[Anchor, ...]]:
    """Return the fragments without their index anchors, and the anchors.

    An anchor is a zero-width fragment: reportlab hangs it on the word before it (or on the word it
    is inside, or the first word), so it is drawn on the line of the character before it. Taking it
    out joins the text it had split in two, as if it had never been there, and the paragraph breaks
    its lines on the fast path when what is left is one fragment."""
    if not any(map(_is_anchor, frags)):
        return frags, ()
    kept: list = []
    anchors: list[Anchor] = []
    seen = 0
    joinable = False
    for frag in frags:
        if _is_anchor(frag):
            anchors.append(Anchor(max(seen - 1, 0), frag.cbDefn.label))
            joinable = bool(kept) and not hasattr(kept[-1], "cbDefn")
            continue
        if joinable and not hasattr(frag, "cbDefn") and _same_style(kept[-1], frag):
            kept[-1] = kept[-1].clone(text=kept[-1].text + frag.text)
        else:
            kept.append(frag)
        joinable = False
        seen += ink(getattr(frag, "text", ""))
    return kept, tuple(anchors)


def _line_ink(line) -> int:
    """Return the ink characters of one broken line: a (space, words) pair on reportlab's fast path,
    a line of fragments otherwise. Ink is counted character by character, so the line's text is counted
    in one piece (the spaces joining its words are not ink)."""
    if isinstance(line, tuple):
        return ink(" ".join(line[1]))
    return ink("".join([frag.text for frag in line.words]))


class Para(Paragraph):
    """A paragraph whose markup is read by frags.py when it can (reportlab's parser otherwise), and
    that remembers its line breaks for a width: tables, keep-with-next groups and frames measure the
    same paragraph several times, and breaking lines is most of the work.

    Its index anchors are not left in the text, where each made the paragraph break and draw its
    lines the slow way: the paragraph keeps them aside and records them with the index on the page
    it is drawn on, each part of a split paragraph the anchors of its own lines."""

    def __init__(self, text: str | None, style, bulletText: str | None = None, frags: list | None = None,
                 **options: object) -> None:
        read = frags is None and text is not None and (frags := paragraph_frags(text, style)) is not None
        super().__init__(text, style, bulletText, frags, **options)
        if read and _INDEX_TAG.search(text) is None:
            self.anchors: tuple[Anchor, ...] = ()  # read here without an `<index>` tag: no anchor to take
        else:
            self.frags, self.anchors = take_anchors(self.frags)

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        """Return the paragraph's size at this width, breaking its lines only the first time."""
        cached = getattr(self, "_wrapped", None)
        if cached is not None and cached[0] == avail_width:
            _, self.width, self.height, self.blPara, self._wrapWidths = cached
            return self.width, self.height
        size = super().wrap(avail_width, avail_height)
        self._wrapped = (avail_width, self.width, self.height, self.blPara, self._wrapWidths)
        return size

    def breakLines(self, width: float | list[float]):
        """Break the lines as reportlab does, faster in the common case (breaking.py)."""
        try:
            return break_lines(self, width)
        except Unbroken:
            return super().breakLines(width)

    def beginText(self, x: float, y: float) -> TextObject:
        """Return the text object the lines are drawn with: one that encodes TrueType text quickly (glyphs.py)."""
        return TextObject(self.canv, x, y)

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        """Split as reportlab does, and hand each part the anchors drawn on its lines: the first
        part holds the first lines, whose ink characters are counted off for the second."""
        parts = super().split(avail_width, avail_height)
        if len(parts) == 2 and self.anchors:
            first, rest = parts
            held = sum(_line_ink(line) for line in first.blPara.lines)
            first.anchors = tuple(a for a in self.anchors if a.at < held)
            rest.anchors = tuple(Anchor(a.at - held, a.label) for a in self.anchors if a.at >= held)
        return parts

    def drawOn(self, canvas, x: float, y: float, _sW: float = 0) -> None:
        """Draw the paragraph, then record its anchors with the index (if the canvas has one) at the
        top of the line each is drawn on, where reportlab's anchors put their destination."""
        super().drawOn(canvas, x, y, _sW)
        index = getattr(canvas, INDEX_RECORDER, None)
        if index is None or not self.anchors:
            return
        ends = list(accumulate(_line_ink(line) for line in self.blPara.lines))
        style = self.style
        for anchor in self.anchors:
            line = min(bisect_right(ends, anchor.at), len(ends) - 1)
            # reportlab sets the first baseline a type size below the top, the others a leading apart
            top = y + self.height - style.fontSize - line * style.leading + style.leading
            index.record(canvas, anchor.label, x + style.leftIndent, top)


class Heading(Para):
    """A heading paragraph that the document turns into an outline entry and a contents line."""

    def __init__(self, markup: str, style, *, key: str, text: str, depth: int, in_contents: bool) -> None:
        super().__init__(markup, style)
        self.outline_key = key
        self.outline_text = text
        self.outline_depth = depth
        self.in_contents = in_contents


@lru_cache(maxsize=None)
def _box_style(fill: str, rule: str, last_kept: int) -> TableStyle:
    """Return the style of a box, made once for every box of its kind and length (rows kept together)."""
    return TableStyle(table_commands(padding=False) + [
        ("BACKGROUND", (0, 0), (-1, -1), HexColor(fill)),
        ("LINEBEFORE", (0, 0), (0, -1), 2.0, HexColor(rule)),
        ("LEFTPADDING", (0, 0), (-1, -1), BOX_PAD_PT + 1),
        ("RIGHTPADDING", (0, 0), (-1, -1), BOX_PAD_PT),
        ("TOPPADDING", (0, 0), (-1, -1), 1.0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.0),
        ("TOPPADDING", (0, 0), (-1, 0), BOX_PAD_PT),
        ("BOTTOMPADDING", (0, -1), (-1, -1), BOX_PAD_PT),
        ("NOSPLIT", (0, 0), (0, last_kept)),
    ])


def boxed(rows: list[Flowable], *, width_pt: float, fill: str, rule: str) -> Table:
    """Return the flowables set in a shaded, ruled box, one table row each so the box can break."""
    table = Table([[row] for row in rows], colWidths=[width_pt])
    # the caption never ends a column alone
    table.setStyle(_box_style(fill, rule, min(1, len(rows) - 1)))
    table.spaceBefore = table.spaceAfter = 4.0
    return table
