"""A hex map's frame (`map.frame`): a double border around the map, and a cartouche in one of its corners with
the title, a subtitle, a scale bar in hexes with rulers in kilometres and miles, and a compass.

The cartouche is drawn on the map itself, over the hexes of its corner, so the VASSAL board (drawn from the
same items) carries it too; the border lies just outside the map's rectangle.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from builder.model.map_art import Compass, MapFrame, ScaleBar
from builder.render.drawing import Group, Item, Paint, Polyline, Rect, Text
from builder.render.fonts import text_width_mm
from builder.render.images import fitted_or_none
from builder.render.maps.context import HexMapContext
from builder.render.maps.words import word

INK = "#2a2a2a"
PAPER = "#fbf8f0"
PAD_MM = 3.0
"""Space inside the cartouche's frame, and between it and the map's edge."""
GAP_MM = 2.0
TITLE_MM = 5.6
SUBTITLE_MM = 3.4
BAR_MM = 1.8
"""Height of the hex bar."""
SCALE_TEXT_MM = 2.4
OUTLINE_MM = 0.5
"""The map's own outline."""
BORDER_GAP_MM = 1.4
"""Distance from the map's outline to the frame's outer rule."""
BORDER_MM = 0.8
NICE_STEPS = (0.1, 0.2, 0.25, 0.5, 1, 2, 2.5, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000)
"""Distances a ruler may be marked in: ticks at whole multiples of one of them."""


def border_items(ctx: HexMapContext) -> list[Item]:
    """Return the map's outline and, with a frame, an outer rule around it."""
    x, y, w, h = ctx.frame.rect
    items: list[Item] = [Rect(x, y, w, h, Paint(stroke=INK, stroke_mm=OUTLINE_MM, join="miter"))]
    frame = ctx.map.frame
    if frame is not None and frame.border:
        gap = BORDER_GAP_MM
        items.append(Rect(x - gap, y - gap, w + 2 * gap, h + 2 * gap, Paint(stroke=INK, stroke_mm=BORDER_MM,
                                                                          join="miter")))
    return items


def ruler_step(length: float) -> float:
    """Return the tick step of a ruler `length` units long: the smallest nice step giving at most five ticks."""
    return next((step for step in NICE_STEPS if length / step <= 5), NICE_STEPS[-1])


def _number(value: float) -> str:
    return f"{value:g}"


def _ruler(length_units: float, mm_per_unit: float, unit: str, top_mm: float) -> tuple[list[Item], float]:
    """Return a ruler of whole ticks up to `length_units` with its labels, and its width."""
    step = ruler_step(length_units)
    ticks = [step * k for k in range(int(length_units / step + 1e-9) + 1)]
    end = ticks[-1] * mm_per_unit
    pen = Paint(stroke=INK, stroke_mm=0.3, cap="butt")
    items: list[Item] = [Polyline(((0.0, top_mm), (end, top_mm)), pen)]
    for value in ticks:
        x = value * mm_per_unit
        items.append(Polyline(((x, top_mm - 1.0), (x, top_mm)), pen))
        items.append(Text(x, top_mm + SCALE_TEXT_MM * 1.1, _number(value), SCALE_TEXT_MM, INK, "labels",
                          anchor="middle"))
    return _unit_after(items, end, _number(ticks[-1]), unit, top_mm + SCALE_TEXT_MM * 1.1)


def _unit_after(items: list[Item], end_mm: float, last: str, unit: str, baseline_mm: float) -> tuple[list[Item], float]:
    """Return the items with the unit's name set after the last number (centred on `end_mm`), and their width."""
    x = end_mm + text_width_mm(last, SCALE_TEXT_MM, "labels") / 2 + SCALE_TEXT_MM * 0.5
    items.append(Text(x, baseline_mm, unit, SCALE_TEXT_MM, INK, "labels"))
    return items, x + text_width_mm(unit, SCALE_TEXT_MM, "labels")


def scale_bar(bar: ScaleBar, hex_mm: float, lang: str) -> tuple[list[Item], float, float]:
    """Return the scale bar (hexes, then the km and miles rulers) from (0, 0), its width and its height."""
    items: list[Item] = []
    for k in range(bar.hexes):
        paint = Paint(fill=INK if k % 2 == 0 else PAPER, stroke=INK, stroke_mm=0.25)
        items.append(Rect(k * hex_mm, 0.0, hex_mm, BAR_MM, paint))
    for k in range(bar.hexes + 1):
        items.append(Text(k * hex_mm, BAR_MM + SCALE_TEXT_MM * 1.15, str(k), SCALE_TEXT_MM, INK, "labels",
                          anchor="middle"))
    items, width = _unit_after(items, bar.hexes * hex_mm, str(bar.hexes), word("hexes", lang),
                               BAR_MM + SCALE_TEXT_MM * 1.15)
    height = BAR_MM + SCALE_TEXT_MM * 1.5
    for per_hex, unit_word in ((bar.hex_km, "km"), (bar.hex_miles, "miles")):
        if per_hex:
            top = height + 1.6
            ruler, ruler_w = _ruler(bar.hexes * per_hex, hex_mm / per_hex, word(unit_word, lang), top)
            items += ruler
            width, height = max(width, ruler_w), top + SCALE_TEXT_MM * 1.5
    return items, width, height


def compass_rose(size_mm: float) -> list[Item]:
    """Return a compass rose centred on (0, 0) pointing up: a four-pointed star, each point half dark, and N."""
    r, waist = size_mm * 0.36, size_mm * 0.09
    items: list[Item] = []
    for k in range(4):
        angle = math.radians(90 * k - 90)
        tip = (r * math.cos(angle), r * math.sin(angle))
        left = (waist * math.cos(angle - math.pi / 2), waist * math.sin(angle - math.pi / 2))
        right = (waist * math.cos(angle + math.pi / 2), waist * math.sin(angle + math.pi / 2))
        items.append(Polyline(((0.0, 0.0), tip, left), Paint(fill=INK, stroke=INK, stroke_mm=0.15), closed=True))
        items.append(Polyline(((0.0, 0.0), tip, right), Paint(fill=PAPER, stroke=INK, stroke_mm=0.15), closed=True))
    text_mm = size_mm * 0.2
    items.append(Text(0.0, -r - text_mm * 0.25, "N", text_mm, INK, "labels", True, "middle"))
    return items


def compass_items(compass: Compass, ctx: HexMapContext, cx: float, cy: float) -> list[Item]:
    """Return the compass centred on (cx, cy), turned so its north points `north_deg` clockwise from the top."""
    size = compass.size_mm
    if compass.image and ctx.root is not None:
        drawn = fitted_or_none(ctx.root / compass.image, -size / 2, -size / 2, size, size)
    else:
        drawn = compass_rose(size)
    return [Group(tuple(drawn), dx_mm=cx, dy_mm=cy, rotate_deg=compass.north_deg)] if drawn else []


def _texts(frame: MapFrame, ctx: HexMapContext) -> tuple[list[Item], float, float]:
    """Return the title and subtitle from (0, 0), their width and height."""
    title = ctx.text(frame.title) or ctx.text(ctx.map.name)
    subtitle = ctx.text(frame.subtitle)
    items: list[Item] = [Text(0.0, TITLE_MM * 0.8, title, TITLE_MM, INK, "headings", True)]
    width, height = text_width_mm(title, TITLE_MM, "headings", True), TITLE_MM
    if subtitle:
        items.append(Text(0.0, height + SUBTITLE_MM * 1.2, subtitle, SUBTITLE_MM, INK, "sans"))
        width, height = max(width, text_width_mm(subtitle, SUBTITLE_MM, "sans")), height + SUBTITLE_MM * 1.5
    return items, width, height


@dataclass(frozen=True)
class Cartouche:
    """The cartouche laid out: its body (texts and scale bar, from its padding's corner), size and place."""

    body: tuple[Item, ...]
    width_mm: float
    height_mm: float
    x_mm: float
    y_mm: float
    compass_mm: float
    """Room the compass takes at the right (0 without one)."""


def cartouche(ctx: HexMapContext) -> Cartouche | None:
    """Return the map's cartouche laid out in its corner, or None when the map has no frame."""
    frame = ctx.map.frame
    if frame is None:
        return None
    body, width, height = _texts(frame, ctx)
    if frame.scale is not None:
        bar, bar_w, bar_h = scale_bar(frame.scale, ctx.hex_mm, ctx.lang)
        body.append(Group(tuple(bar), dy_mm=height + GAP_MM * 1.5))
        width, height = max(width, bar_w), height + GAP_MM * 1.5 + bar_h
    compass_w = frame.compass.size_mm + GAP_MM * 2 if frame.compass else 0.0
    box_w, box_h = width + compass_w + 2 * PAD_MM, max(height, compass_w) + 2 * PAD_MM
    x, y, w, h = ctx.frame.rect
    left = x + PAD_MM if frame.at.endswith("left") else x + w - PAD_MM - box_w
    top = y + PAD_MM if frame.at.startswith("top") else y + h - PAD_MM - box_h
    return Cartouche(tuple(body), box_w, box_h, left, top, compass_w)


def cartouche_items(ctx: HexMapContext) -> list[Item]:
    """Return the cartouche in its corner of the map: a framed box with title, subtitle, scale bar and compass."""
    laid = cartouche(ctx)
    if laid is None:
        return []
    box_w, box_h = laid.width_mm, laid.height_mm
    items: list[Item] = [Rect(0.0, 0.0, box_w, box_h, Paint(fill=PAPER, stroke=INK, stroke_mm=0.6)),
                         Rect(0.8, 0.8, box_w - 1.6, box_h - 1.6, Paint(stroke=INK, stroke_mm=0.2)),
                         Group(laid.body, dx_mm=PAD_MM, dy_mm=PAD_MM)]
    compass = ctx.map.frame.compass
    if compass:
        items += compass_items(compass, ctx, box_w - PAD_MM - laid.compass_mm / 2, box_h / 2)
    return [Group(tuple(items), dx_mm=laid.x_mm, dy_mm=laid.y_mm)]
