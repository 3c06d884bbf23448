"""Where a drawing puts ink: the box of a line of text from its glyphs' outlines, and the box of a shape.

The print preflight checks (builder/rules/layout.py) measure faces, charts and maps with these boxes,
so what they report is what the PDF and SVG backends print: a text's box spans the glyph outlines
of the very TTF the backends embed, placed at the advance widths reportlab sets them with.
"""
from __future__ import annotations

import math
import struct
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator

from reportlab.pdfbase import pdfmetrics

from builder.render.drawing import Ellipse, Group, Item, Marks, Path, Polyline, Rect, Text
from builder.render.fonts import em_width, registered

_ANCHOR_SHIFT = {"start": 0.0, "middle": 0.5, "end": 1.0}
"""How much of a text's advance width lies left of its anchor point."""


@dataclass(frozen=True)
class Box:
    """An axis-aligned box in millimetres, y down."""

    x0_mm: float
    y0_mm: float
    x1_mm: float
    y1_mm: float

    def overlap_mm(self, other: "Box") -> float:
        """Return how far the two boxes overlap along the shorter way out (0 when they do not touch)."""
        # min() and max() spelt out, as they choose (the first of equals): the map-label check calls this some
        # 100,000 times for next-war, and the builtins' calls were two thirds of its cost
        x0, y0, x1, y1 = other.x0_mm, other.y0_mm, other.x1_mm, other.y1_mm
        across = (x1 if x1 < self.x1_mm else self.x1_mm) - (x0 if x0 > self.x0_mm else self.x0_mm)
        down = (y1 if y1 < self.y1_mm else self.y1_mm) - (y0 if y0 > self.y0_mm else self.y0_mm)
        least = down if down < across else across
        return least if least > 0.0 else 0.0

    def gap_mm(self, other: "Box") -> float:
        """Return the clear space between the two boxes (negative when they overlap)."""
        return max(other.x0_mm - self.x1_mm, self.x0_mm - other.x1_mm, other.y0_mm - self.y1_mm,
                   self.y0_mm - other.y1_mm)

    def inset_mm(self, width_mm: float, height_mm: float) -> float:
        """Return the least distance from the box to the edges of a width × height area (negative: outside)."""
        return min(self.x0_mm, self.y0_mm, width_mm - self.x1_mm, height_mm - self.y1_mm)

    @property
    def centre(self) -> tuple[float, float]:
        """Return the centre point."""
        return ((self.x0_mm + self.x1_mm) / 2, (self.y0_mm + self.y1_mm) / 2)

    def contains(self, x_mm: float, y_mm: float) -> bool:
        """Return whether the point lies inside the box or on its edge."""
        return self.x0_mm <= x_mm <= self.x1_mm and self.y0_mm <= y_mm <= self.y1_mm


def box_around(points: list[tuple[float, float]]) -> Box:
    """Return the smallest box around the points."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return Box(min(xs), min(ys), max(xs), max(ys))


@lru_cache(maxsize=None)
def _glyf(font: str, bold: bool) -> tuple[object, int]:
    """Return a face's TTF and where its glyf table starts."""
    ttf = pdfmetrics.getFont(registered(font, bold)).face
    return ttf, ttf.get_table_pos("glyf")[0]


@lru_cache(maxsize=1 << 14)
def _glyph_bounds(char: str, font: str, bold: bool) -> tuple[float, float, float, float] | None:
    """Return a character's outline bounds (x min, y min, x max, y max, in ems, y up) in a face, read from its glyph
    header in the glyf table (None without an outline: a space, or a character the face lacks). Read character by
    character: reading every glyph of the six faces cost the checks 0.04 s, for the hundred or so characters printed."""
    ttf, glyf = _glyf(font, bold)
    glyph = ttf.charToGlyph.get(ord(char))
    if glyph is None:
        return None
    start, end = ttf.glyphPos[glyph], ttf.glyphPos[glyph + 1]
    if end <= start:  # an empty glyph (a space) has no outline
        return None
    _, *box = struct.unpack_from(">hhhhh", ttf._ttf_data, glyf + start)
    return tuple(value / ttf.unitsPerEm for value in box)


@lru_cache(maxsize=1 << 14)
def _ink_em(text: str, font: str, bold: bool) -> tuple[float, float, float, float] | None:
    """Return the ink bounds of `text` set 1 mm high from its pen start on the baseline (x right, y down)."""
    pen, found = 0.0, []
    for char in text:
        glyph = _glyph_bounds(char, font, bold)
        if glyph is not None:
            x_min, y_min, x_max, y_max = glyph
            found.append((pen + x_min, -y_max, pen + x_max, -y_min))
        pen += em_width(char, font, bold)
    if not found:
        return None
    return (min(b[0] for b in found), min(b[1] for b in found), max(b[2] for b in found), max(b[3] for b in found))


def text_box(text: Text) -> Box | None:
    """Return the box of a line of text's glyph outlines where it is printed (None for blank text)."""
    ink = _ink_em(text.text, text.font, text.bold)
    if ink is None:
        return None
    size = text.size_mm
    left = text.x_mm - _ANCHOR_SHIFT[text.anchor] * em_width(text.text, text.font, text.bold) * size
    return Box(left + ink[0] * size, text.y_mm + ink[1] * size, left + ink[2] * size, text.y_mm + ink[3] * size)


def _half_stroke(item: Item) -> float:
    paint = getattr(item, "paint", None)
    return paint.stroke_mm / 2 if paint is not None and paint.stroke else 0.0


def _points(item: Item) -> list[tuple[float, float]]:
    """Return points whose box holds the item's ink (a curve's control points hold its curve)."""
    kind = type(item)
    if kind is Rect:
        return [(item.x_mm, item.y_mm), (item.x_mm + item.w_mm, item.y_mm + item.h_mm)]
    if kind is Ellipse:
        return [(item.cx_mm - item.rx_mm, item.cy_mm - item.ry_mm), (item.cx_mm + item.rx_mm, item.cy_mm + item.ry_mm)]
    if kind is Polyline:
        return list(item.points)
    if kind in (Path, Marks):
        numbers = [n for _, values in item.commands for n in values]
        return list(zip(numbers[::2], numbers[1::2]))
    return []


def shape_box(item: Item) -> Box | None:
    """Return the box of a shape's ink, its outline's half width included (None for text, images, groups)."""
    points = _points(item)
    if not points:
        return None
    box, half = box_around(points), _half_stroke(item)
    return Box(box.x0_mm - half, box.y0_mm - half, box.x1_mm + half, box.y1_mm + half)


def _moved(box: Box, group: Group) -> Box:
    """Return a box in group units as a box in the units around the group (translate, rotate, scale)."""
    turn = math.radians(group.rotate_deg)
    cos, sin = math.cos(turn), math.sin(turn)
    corners = [(x * group.scale, y * group.scale) for x in (box.x0_mm, box.x1_mm) for y in (box.y0_mm, box.y1_mm)]
    return box_around([(group.dx_mm + x * cos - y * sin, group.dy_mm + x * sin + y * cos) for x, y in corners])


@dataclass(frozen=True)
class PrintedText:
    """A line of text as printed: the item, its box and its size after every group's scale."""

    text: Text
    box: Box
    size_mm: float


def printed_texts(items: tuple[Item, ...] | list[Item]) -> Iterator[PrintedText]:
    """Yield every line of text among the items, groups entered, in drawing order."""
    for item in items:
        if type(item) is Group:
            for inner in printed_texts(item.items):
                yield PrintedText(inner.text, _moved(inner.box, item), inner.size_mm * item.scale)
        elif type(item) is Text:
            box = text_box(item)
            if box is not None:
                yield PrintedText(item, box, item.size_mm)


def shape_boxes(items: tuple[Item, ...] | list[Item]) -> Iterator[Box]:
    """Yield the box of every shape among the items, groups entered, in drawing order."""
    for item in items:
        if type(item) is Group:
            for inner in shape_boxes(item.items):
                yield _moved(inner, item)
        else:
            box = shape_box(item)
            if box is not None:
                yield box


def printed_sizes_mm(items: tuple[Item, ...] | list[Item], scale: float = 1.0) -> Iterator[float]:
    """Yield the size every line of text among the items prints at, each group's scale applied (no boxes)."""
    for item in items:
        if type(item) is Group:
            yield from printed_sizes_mm(item.items, scale * item.scale)
        elif type(item) is Text and item.text.strip():
            yield item.size_mm * scale
