"""Platypus flowables of our own: a drawing from the drawing model, a heading that knows its
outline entry, and a box for examples, designer's notes and notes.
"""
from __future__ import annotations

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm as PT_PER_MM
from reportlab.platypus import Flowable, Paragraph, Table, TableStyle

from builder.render.drawing import Drawing
from builder.render.pdf import draw_drawing
from builder.render.typeset.styles import table_commands

BOX_PAD_PT = 4.0


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


class Para(Paragraph):
    """A paragraph that remembers its line breaks for a width: tables, keep-with-next groups and
    frames measure the same paragraph several times, and breaking lines is most of the work."""

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        """Return the paragraph's size at this width, breaking its lines only the first time."""
        cached = getattr(self, "_wrapped", None)
        if cached is not None and cached[0] == avail_width:
            _, self.width, self.height, self.blPara, self._wrapWidths = cached
            return self.width, self.height
        size = super().wrap(avail_width, avail_height)
        self._wrapped = (avail_width, self.width, self.height, self.blPara, self._wrapWidths)
        return size


class Heading(Para):
    """A heading paragraph that the document turns into an outline entry and a contents line."""

    def __init__(self, markup: str, style, *, key: str, text: str, depth: int, in_contents: bool) -> None:
        super().__init__(markup, style)
        self.outline_key = key
        self.outline_text = text
        self.outline_depth = depth
        self.in_contents = in_contents


def boxed(rows: list[Flowable], *, width_pt: float, fill: str, rule: str) -> Table:
    """Return the flowables set in a shaded, ruled box, one table row each so the box can break."""
    table = Table([[row] for row in rows], colWidths=[width_pt])
    table.setStyle(TableStyle(table_commands() + [
        ("BACKGROUND", (0, 0), (-1, -1), HexColor(fill)),
        ("LINEBEFORE", (0, 0), (0, -1), 2.0, HexColor(rule)),
        ("LEFTPADDING", (0, 0), (-1, -1), BOX_PAD_PT + 1),
        ("RIGHTPADDING", (0, 0), (-1, -1), BOX_PAD_PT),
        ("TOPPADDING", (0, 0), (-1, -1), 1.0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.0),
        ("TOPPADDING", (0, 0), (-1, 0), BOX_PAD_PT),
        ("BOTTOMPADDING", (0, -1), (-1, -1), BOX_PAD_PT),
        # the caption never ends a column alone
        ("NOSPLIT", (0, 0), (0, min(1, len(rows) - 1))),
    ]))
    table.spaceBefore = table.spaceAfter = 4.0
    return table
