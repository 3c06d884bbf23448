"""A gridless table: the table's rectangle, terrain pieces, zones, places and an inch ruler."""
from __future__ import annotations

from shapely import affinity
from shapely.geometry import Point, Polygon, box
from shapely.geometry.base import BaseGeometry

from builder.model.base import text_in
from builder.model.map import Map, TablePiece, Terrain
from builder.model.units import MM_PER_INCH
from builder.render.drawing import Group, Item, Paint, Path, PathCommand, Rect, Text
from builder.render.maps.colour import darker
from builder.render.maps.patterns import pattern_items
from builder.render.maps.places import label_items
from builder.render.maps.regions import region_path
from builder.render.maps.symbols import PLACE_MARKERS

TABLE_FILL = "#c6d49a"
PATTERN_STEP_MM = 14.0
"""Lattice step of patterns on a table: coarser than on a hex map, for pieces a foot across."""
LABEL_MM = 8.0
RULER_MM = 12.0
"""Depth of the inch ruler band along the table's top and left edges."""
INK = "#2a2a2a"


def piece_shape(piece: TablePiece, x_mm: float, y_mm: float) -> BaseGeometry:
    """Return the piece's footprint on the sheet."""
    (ax, ay), inch = piece.at_in, MM_PER_INCH
    if piece.shape == "polygon" and len(piece.points_in) >= 3:
        return Polygon([(x_mm + px * inch, y_mm + py * inch) for px, py in piece.points_in])
    w, d = piece.size_in or (1.0, 1.0)
    left, top = x_mm + ax * inch, y_mm + ay * inch
    if piece.shape == "ellipse":
        circle = Point(left + w * inch / 2, top + d * inch / 2).buffer(1.0, quad_segs=24)
        return affinity.scale(circle, w * inch / 2, d * inch / 2)
    return box(left, top, left + w * inch, top + d * inch)


def _piece_items(piece: TablePiece, terrain: Terrain | None, x_mm: float, y_mm: float) -> list[Item]:
    shape = piece_shape(piece, x_mm, y_mm)
    fill = terrain.style.fill if terrain else "#999999"
    items: list[Item] = [region_path(shape, Paint(fill=fill))]
    items += pattern_items(terrain.style.pattern if terrain else "none", shape, fill, PATTERN_STEP_MM)
    items.append(region_path(shape, Paint(stroke=darker(fill, 0.4), stroke_mm=0.8, join="round")))
    return items


def _piece_label(piece: TablePiece, lang: str, x_mm: float, y_mm: float) -> list[Item]:
    name = text_in(piece.name, lang)
    if not name:
        return []
    point = piece_shape(piece, x_mm, y_mm).representative_point()
    return label_items([name], point.x, point.y - LABEL_MM * 0.6, LABEL_MM, bold=False)


def _place_items(map_: Map, lang: str, x_mm: float, y_mm: float) -> list[Item]:
    items: list[Item] = []
    for place in map_.places:
        if place.at_in is None:
            continue
        px, py = x_mm + place.at_in[0] * MM_PER_INCH, y_mm + place.at_in[1] * MM_PER_INCH
        symbol, colour = PLACE_MARKERS.get(place.kind, PLACE_MARKERS["other"])
        items += symbol(px, py, 2 * MM_PER_INCH, colour)
        items += label_items([text_in(place.name, lang)], px, py + MM_PER_INCH * 1.1, LABEL_MM)
    return items


def _zone_items(map_: Map, lang: str, x_mm: float, y_mm: float) -> list[Item]:
    items: list[Item] = []
    for zone in map_.zones:
        if zone.area_in is None:
            continue
        zx, zy, zw, zd = (v * MM_PER_INCH for v in zone.area_in)
        items.append(Rect(x_mm + zx, y_mm + zy, zw, zd, Paint(stroke=INK, stroke_mm=0.8, dash_mm=(6.0, 3.0))))
        items.append(Text(x_mm + zx + 3.0, y_mm + zy + LABEL_MM * 1.1, text_in(zone.name, lang), LABEL_MM * 0.8,
                          fill=INK))
    return items


def inch_ruler(length_in: float, *, vertical: bool) -> list[Item]:
    """Return a ruler band with a tick every inch and a number every 6 inches, starting at (0, 0)."""
    ticks: list[PathCommand] = []
    labels: list[Item] = []
    for inch in range(int(length_in) + 1):
        along = inch * MM_PER_INCH
        depth = RULER_MM * (0.6 if inch % 6 == 0 else 0.3 if inch % 2 == 0 else 0.2)
        a, b = ((RULER_MM, along), (RULER_MM - depth, along)) if vertical else ((along, RULER_MM), (along, RULER_MM - depth))
        ticks += [("M", a), ("L", b)]
        if inch % 6 == 0 and inch:
            text = Text(0, 0, f'{inch}"', RULER_MM * 0.32, fill=INK, anchor="middle")
            where = (RULER_MM * 0.3, along) if vertical else (along, RULER_MM * 0.32)
            labels.append(Group((text,), dx_mm=where[0], dy_mm=where[1], rotate_deg=-90 if vertical else 0))
    return [Path(tuple(ticks), Paint(stroke=INK, stroke_mm=0.3)), *labels]


def table_items(map_: Map, terrain: dict[str, Terrain], lang: str, x_mm: float, y_mm: float) -> list[Item]:
    """Return the table with its pieces, zones and places; its top-left corner at (x_mm, y_mm)."""
    width_in, depth_in = map_.size_in
    base = terrain.get(map_.default_terrain or "")
    fill = base.style.fill if base else TABLE_FILL
    surface = box(x_mm, y_mm, x_mm + width_in * MM_PER_INCH, y_mm + depth_in * MM_PER_INCH)
    items: list[Item] = [region_path(surface, Paint(fill=fill))]
    items += pattern_items(base.style.pattern if base else "none", surface, fill, PATTERN_STEP_MM)
    for piece in map_.pieces:
        items += _piece_items(piece, terrain.get(piece.terrain), x_mm, y_mm)
    items += _zone_items(map_, lang, x_mm, y_mm)
    for piece in map_.pieces:
        items += _piece_label(piece, lang, x_mm, y_mm)
    items += _place_items(map_, lang, x_mm, y_mm)
    items.append(region_path(surface, Paint(stroke=INK, stroke_mm=0.8)))
    items.append(Group(tuple(inch_ruler(width_in, vertical=False)), dx_mm=x_mm, dy_mm=y_mm - RULER_MM))
    items.append(Group(tuple(inch_ruler(depth_in, vertical=True)), dx_mm=x_mm - RULER_MM, dy_mm=y_mm))
    return items
