"""Map symbols: terrain and overlay symbols (`TerrainStyle.symbol`) and place markers, in mm.

Each symbol is drawn centred on a point and scaled to a size (its overall width); the hex-bound
fortification ring is drawn from the hex's corners instead.
"""
from __future__ import annotations

import math
from pathlib import Path as FilePath
from typing import Callable

from builder.render.drawing import Item, Paint, Path, PathCommand, Polyline, Rect, circle
from builder.render.images import IMAGE_SUFFIXES, fitted_or_none
from builder.render.maps.colour import darker

Point = tuple[float, float]
Symbol = Callable[[float, float, float, str], list[Item]]
"""A symbol drawn centred on (x, y), `size` mm wide, in a colour."""

INK = "#2a2a2a"
WHITE = "#ffffff"


def _blocks(x: float, y: float, size: float, colour: str, cells: list[tuple[float, float, float, float]]) -> list[Item]:
    paint = Paint(fill=colour, stroke=WHITE, stroke_mm=size * 0.03)
    return [Rect(x + cx * size, y + cy * size, w * size, h * size, paint) for cx, cy, w, h in cells]


def city(x: float, y: float, size: float, colour: str) -> list[Item]:
    """Return a block of city houses."""
    cells = [(-0.5, -0.3, 0.45, 0.35), (0.0, -0.45, 0.5, 0.5), (-0.45, 0.1, 0.5, 0.35), (0.1, 0.1, 0.4, 0.4)]
    return _blocks(x, y, size, colour, cells)


def town(x: float, y: float, size: float, colour: str) -> list[Item]:
    """Return two houses."""
    return _blocks(x, y, size, colour, [(-0.45, -0.25, 0.42, 0.4), (0.05, -0.1, 0.4, 0.4)])


def village(x: float, y: float, size: float, colour: str) -> list[Item]:
    """Return one house."""
    return _blocks(x, y, size, colour, [(-0.2, -0.2, 0.4, 0.4)])


def farm(x: float, y: float, size: float, colour: str) -> list[Item]:
    """Return a farmhouse with a pitched roof."""
    s = size / 2
    house = ((x - s * 0.7, y + s * 0.6), (x - s * 0.7, y - s * 0.1), (x, y - s * 0.7), (x + s * 0.7, y - s * 0.1),
             (x + s * 0.7, y + s * 0.6))
    return [Polyline(house, Paint(fill=colour, stroke=WHITE, stroke_mm=size * 0.04), closed=True)]


def mine(x: float, y: float, size: float, colour: str) -> list[Item]:
    """Return the minefield sign: three mines in a frame (after APP-6 "minefield")."""
    w, h = size, size * 0.5
    items: list[Item] = [Rect(x - w / 2, y - h / 2, w, h, Paint(fill=WHITE, stroke=colour, stroke_mm=size * 0.07))]
    for dx in (-0.28, 0.0, 0.28):
        items.append(circle(x + dx * size, y, size * 0.09, Paint(fill=colour)))
    return items


def fort(x: float, y: float, size: float, colour: str) -> list[Item]:
    """Return a four-pointed star fort (used off the hex grid; hexes get a toothed ring)."""
    points = []
    for i in range(8):
        radius = size / 2 if i % 2 == 0 else size * 0.22
        angle = math.radians(45 * i - 90)
        points.append((x + radius * math.cos(angle), y + radius * math.sin(angle)))
    return [Polyline(tuple(points), Paint(fill=colour, stroke=WHITE, stroke_mm=size * 0.03), closed=True)]


def star(x: float, y: float, size: float, colour: str) -> list[Item]:
    """Return a five-pointed star (objectives)."""
    points = []
    for i in range(10):
        radius = size / 2 if i % 2 == 0 else size * 0.2
        angle = math.radians(36 * i - 90)
        points.append((x + radius * math.cos(angle), y + radius * math.sin(angle)))
    return [Polyline(tuple(points), Paint(fill=colour, stroke=WHITE, stroke_mm=size * 0.05, join="round"), closed=True)]


def port(x: float, y: float, size: float, colour: str) -> list[Item]:
    """Return an anchor."""
    s = size / 2
    paint = Paint(stroke=colour, stroke_mm=size * 0.1, cap="round", join="round")
    commands: tuple[PathCommand, ...] = (
        ("M", (x, y - s * 0.55)), ("L", (x, y + s * 0.8)), ("M", (x - s * 0.4, y - s * 0.25)),
        ("L", (x + s * 0.4, y - s * 0.25)), ("M", (x - s * 0.8, y + s * 0.2)),
        ("Q", (x - s * 0.7, y + s * 0.8, x, y + s * 0.8)), ("Q", (x + s * 0.7, y + s * 0.8, x + s * 0.8, y + s * 0.2)))
    return [Path(commands, paint), circle(x, y - s * 0.75, s * 0.2, Paint(stroke=colour, stroke_mm=size * 0.08))]


def airfield(x: float, y: float, size: float, colour: str) -> list[Item]:
    """Return two crossed runways."""
    s = size / 2
    paint = Paint(stroke=colour, stroke_mm=size * 0.16)
    return [Polyline(((x - s, y + s * 0.3), (x + s, y - s * 0.3)), paint),
            Polyline(((x - s * 0.3, y - s), (x + s * 0.3, y + s)), paint)]


def oasis(x: float, y: float, size: float, colour: str) -> list[Item]:
    """Return a spring in a ring of palms."""
    return [circle(x, y, size * 0.45, Paint(fill="#4f8f3a", stroke=WHITE, stroke_mm=size * 0.04)),
            circle(x, y, size * 0.22, Paint(fill="#4a86c5"))]


def air_base(x: float, y: float, size: float, colour: str) -> list[Item]:
    """Return crossed runways in a ring: an air base (an installation, unlike a bare airfield)."""
    return [circle(x, y, size * 0.5, Paint(fill=WHITE, stroke=colour, stroke_mm=size * 0.08)),
            *airfield(x, y, size * 0.7, colour)]


def factory(x: float, y: float, size: float, colour: str) -> list[Item]:
    """Return a saw-tooth factory roof with a chimney."""
    s = size / 2
    outline = ((x - s, y + s * 0.6), (x - s, y - s * 0.1), (x - s * 0.5, y - s * 0.5), (x - s * 0.5, y - s * 0.1),
               (x, y - s * 0.5), (x, y - s * 0.1), (x + s * 0.5, y - s * 0.5), (x + s * 0.5, y - s * 0.9),
               (x + s * 0.75, y - s * 0.9), (x + s * 0.75, y - s * 0.1), (x + s, y - s * 0.1), (x + s, y + s * 0.6))
    return [Polyline(outline, Paint(fill=colour, stroke=WHITE, stroke_mm=size * 0.03), closed=True)]


def tunnel(x: float, y: float, size: float, colour: str) -> list[Item]:
    """Return a tunnel mouth: an arch over a road."""
    s = size / 2
    commands: tuple[PathCommand, ...] = (("M", (x - s * 0.8, y + s * 0.5)), ("L", (x - s * 0.8, y)),
                                         ("C", (x - s * 0.8, y - s * 0.8, x + s * 0.8, y - s * 0.8, x + s * 0.8, y)),
                                         ("L", (x + s * 0.8, y + s * 0.5)))
    return [Path(commands, Paint(stroke=colour, stroke_mm=size * 0.14, join="round"))]


def landmark(x: float, y: float, size: float, colour: str) -> list[Item]:
    """Return a ringed dot."""
    return [circle(x, y, size * 0.32, Paint(fill=WHITE, stroke=colour, stroke_mm=size * 0.1)),
            circle(x, y, size * 0.12, Paint(fill=colour))]


def holding_box(x: float, y: float, size: float, colour: str) -> list[Item]:
    """Return a square with a heavy frame (a fortified box)."""
    s = size * 0.36
    return [Rect(x - s, y - s, 2 * s, 2 * s, Paint(fill=WHITE, stroke=colour, stroke_mm=size * 0.14))]


SYMBOLS: dict[str, Symbol] = {
    "city": city, "town": town, "village": village, "farm": farm, "mine": mine, "minefield": mine,
    "fort": fort, "fortification": fort, "star": star, "objective": star, "port": port, "airfield": airfield,
    "oasis": oasis, "landmark": landmark, "box": holding_box, "air-base": air_base, "airbase": air_base,
    "factory": factory, "tunnel": tunnel,
}
"""Symbols by the name a terrain style gives; an unknown name draws a landmark ring."""

PLACE_MARKERS: dict[str, tuple[Symbol, str]] = {
    "city": (city, "#5b4636"), "town": (town, "#5b4636"), "village": (village, "#5b4636"),
    "oasis": (oasis, "#4f8f3a"), "landmark": (landmark, INK), "objective": (star, "#c0392b"),
    "box": (holding_box, INK), "other": (landmark, INK),
}
"""The marker of a place by its kind, and its colour."""


def symbol_items(name: str, x: float, y: float, size: float, colour: str) -> list[Item]:
    """Return the named symbol centred on (x, y)."""
    return SYMBOLS.get(name, landmark)(x, y, size, colour)


def drawn_symbol(name: str, x: float, y: float, size: float, colour: str, root: FilePath | None) -> list[Item]:
    """Return a terrain symbol centred on (x, y): a built-in one, or an image of the game's (found in `root`)
    fitted in a size × size box, left out when it cannot be read (the check `image/missing` says why)."""
    if not name.lower().endswith(IMAGE_SUFFIXES):
        return symbol_items(name, x, y, size, colour)
    if root is None:
        return []
    return fitted_or_none(root / name, x - size / 2, y - size / 2, size, size)


def fort_ring(corners: list[Point], centre: Point, colour: str, width_mm: float) -> list[Item]:
    """Return a toothed ring just inside a hex: the fortified-hex sign of many wargame maps."""
    cx, cy = centre
    # small enough to leave the hex number at the top clear
    inset = [(cx + (x - cx) * 0.68, cy + (y - cy) * 0.68) for x, y in corners]
    ring = tuple(inset + inset[:1])
    teeth: list[PathCommand] = []
    for (ax, ay), (bx, by) in zip(ring, ring[1:]):
        for t in (0.25, 0.5, 0.75):
            mx, my = ax + (bx - ax) * t, ay + (by - ay) * t
            nx, ny = cx - mx, cy - my
            length = math.hypot(nx, ny) or 1.0
            tooth = width_mm * 2.0
            teeth += [("M", (mx, my)), ("L", (mx + nx / length * tooth, my + ny / length * tooth))]
    return [Polyline(ring, Paint(stroke=colour, stroke_mm=width_mm, join="round")),
            Path(tuple(teeth), Paint(stroke=colour, stroke_mm=width_mm * 0.9, cap="round"))]


def overlay_tint(corners: list[Point], centre: Point, colour: str) -> list[Item]:
    """Return an inset outline in the overlay's colour: a hex overlay with no symbol and no pattern."""
    cx, cy = centre
    inset = tuple((cx + (x - cx) * 0.86, cy + (y - cy) * 0.86) for x, y in corners)
    return [Polyline(inset, Paint(stroke=darker(colour, 0.1), stroke_mm=0.6), closed=True)]
