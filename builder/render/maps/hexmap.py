"""The drawing of a hex map itself: terrain, overlays, grid, hexsides, paths, symbols, places, numbers.

Layers are drawn bottom to top in that order and clipped to the grid's rectangle; every layer is
built from the model and the grid alone, in declared or sorted order, so the output is stable.
Only terrain fills over a painting (`background.terrain: all`) are drawn transparent: the PDF places
the map as a Form XObject, whose transparency states pdf_forms adds to the form's resources itself.
"""
from __future__ import annotations

from pathlib import Path as FilePath

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from builder.geometry.hexgrid import Hex
from builder.geometry.polygons import edge_gaps, hexes_polygon, merged
from builder.model.map import Map, Terrain
from builder.render.drawing import Group, Item, Marks, Paint, Polyline, Rect, Text
from builder.render.fonts import text_width_mm, font_cached
from builder.render.maps.art import art_over, art_shapes, art_under
from builder.render.maps.cartouche import border_items, cartouche_items
from builder.render.maps.colour import darker
from builder.render.maps.context import HexMapContext, is_ring
from builder.render.maps.frame import HexContent, HexFrame
from builder.render.maps.paths import path_layer, path_lines
from builder.render.maps.patterns import pattern_items
from builder.render.maps.places import place_items
from builder.render.maps.regions import region_path
from builder.render.maps.symbols import fort_ring, overlay_tint

PAPER = "#fbf8f0"
GRID_INK = "#5e5648"
FRAME_INK = "#2a2a2a"
NUMBER_INK = "#33302a"
GRID_LINE = 0.012
"""Width of the grid lines as a fraction of the hex."""
PATTERN_STEP = 0.25
"""Lattice step of terrain patterns as a fraction of the hex."""
ELEVATION_SHADE = 0.07
"""How much darker each height level makes a hex's fill."""


def terrain_layer(ctx: HexMapContext, *, fills: bool = True, opacity: float = 1.0) -> list[Item]:
    """Return the fills (at `opacity`; none without `fills`) and patterns of the hex terrain, one region per
    terrain and height level; opaque fills start from a sheet of paper."""
    frame = ctx.frame
    gaps = edge_gaps(frame.grid, dx_mm=frame.x_mm, dy_mm=frame.y_mm)
    groups: dict[tuple[str, int], list[Hex]] = {}
    for hex_, content in sorted(ctx.contents.items()):
        groups.setdefault((content.terrain, content.elevation or 0), []).append(hex_)
    items: list[Item] = [_paper(ctx)] if fills and opacity == 1 else []
    numbers = number_mask(ctx)
    for (terrain_id, level), hexes in sorted(groups.items(), key=lambda kv: (ctx.order(kv[0][0]), kv[0])):
        terrain = ctx.terrain.get(terrain_id)
        if terrain is None:
            continue
        region = merged([hexes_polygon(frame.grid, hexes, dx_mm=frame.x_mm, dy_mm=frame.y_mm)]
                        + [gaps[h] for h in hexes if h in gaps])
        fill = hex_fill(ctx, hexes[0])
        if fills:
            items.append(region_path(region, Paint(fill=fill, opacity=opacity)))
        items.extend(pattern_items(terrain.style.pattern, region, fill, ctx.hex_mm * PATTERN_STEP, numbers))
    return items


def hex_numbers(ctx: HexMapContext) -> list[tuple[Hex, str, float, float, float]]:
    """Return (hex, label, x, y, half width) of every printed hex number, hex by hex (worked out once per map):
    none for hexes outside play or left unnumbered, each kept inside the map where half hexes cut it."""
    if "numbers" not in ctx.memo:
        frame = ctx.frame
        size = frame.number_size_mm
        xs, ys = frame.number_anchors()
        labels = printed_labels(ctx)
        half_widths = np.array([_label_width(label, size) / 2 for label in labels])
        xs, ys = frame.kept_inside(xs, ys, half_widths)
        left_out = {frame.grid.find(h) for h in (*ctx.map.art.outside_play, *ctx.map.art.unnumbered)}
        numbers = zip(frame.grid.all_hexes(), labels, xs.tolist(), ys.tolist(), half_widths.tolist())
        shown = frame.numbers.position != "none"
        ctx.memo["numbers"] = [row for row in numbers if shown and row[0] not in left_out]
    return ctx.memo["numbers"]


def printed_labels(ctx: HexMapContext) -> tuple[str, ...]:
    """Return the number printed in every hex, column by column: its id, or the map's number format."""
    grid, template = ctx.frame.grid, ctx.frame.numbers.format
    if template == "{id}":
        return grid.hex_labels()
    return tuple(template.format(id=label, column=column, row=row)
                 for label, (column, row) in zip(grid.hex_labels(), map(grid.label_parts, grid.all_hexes())))


@font_cached(maxsize=1 << 16)
def _label_width(label: str, size_mm: float) -> float:
    return text_width_mm(label, size_mm, "labels")


def number_boxes(ctx: HexMapContext, pad_mm: float) -> np.ndarray:
    """Return the box (x0, y0, x1, y1) around every hex's number, padded by pad_mm, hex by hex."""
    size = ctx.frame.number_size_mm
    rows = []
    for _, _, x, y, half_width in hex_numbers(ctx):
        half = half_width + pad_mm
        rows.append((x - half, y - size * 0.8 - pad_mm, x + half, y + pad_mm))
    return np.array(rows).reshape(-1, 4)


def number_mask(ctx: HexMapContext) -> BaseGeometry:
    """Return the boxes of the hex numbers: patterns keep out of them, so every number stays legible."""
    if "mask" not in ctx.memo:
        # clear of the text by half a pattern mark
        pad = ctx.frame.number_size_mm * 0.3 + ctx.hex_mm * PATTERN_STEP * 0.25
        mask = shapely.multipolygons(shapely.box(*number_boxes(ctx, pad).T))
        shapely.prepare(mask)
        ctx.memo["mask"] = mask
    return ctx.memo["mask"]


def hex_fill(ctx: HexMapContext, hex_: Hex) -> str:
    """Return the fill colour a hex is printed in (its terrain's, darkened by its height)."""
    content = ctx.contents.get(hex_)
    terrain = ctx.terrain.get(content.terrain) if content else None
    if terrain is None:
        return PAPER
    level = content.elevation or 0
    return darker(terrain.style.fill, ELEVATION_SHADE * level) if level > 0 else terrain.style.fill


def overlay_layer(ctx: HexMapContext) -> list[Item]:
    """Return overlay patterns, fortification rings, overlay symbols and tints."""
    by_overlay: dict[str, list[Hex]] = {}
    for hex_, content in sorted(ctx.contents.items()):
        for overlay in content.overlays:
            by_overlay.setdefault(overlay, []).append(hex_)
    items: list[Item] = []
    for overlay_id in sorted(by_overlay, key=lambda t: (ctx.order(t), t)):
        terrain, hexes = ctx.terrain.get(overlay_id), by_overlay[overlay_id]
        if terrain is None:
            continue
        style = terrain.style
        if style.pattern != "none":
            region = hexes_polygon(ctx.frame.grid, hexes, dx_mm=ctx.frame.x_mm, dy_mm=ctx.frame.y_mm)
            items.extend(pattern_items(style.pattern, region, style.fill, ctx.hex_mm * PATTERN_STEP,
                                       number_mask(ctx)))
        for hex_ in hexes:
            items.extend(_overlay_mark(ctx, hex_, terrain))
    return items


def _overlay_mark(ctx: HexMapContext, hex_: Hex, terrain: Terrain) -> list[Item]:
    """Return an overlay's mark drawn from the hex's shape: a fortification ring, or a tint."""
    frame, style = ctx.frame, terrain.style
    centre, corners = frame.centre(hex_), frame.corners(hex_)
    if is_ring(style.symbol):
        return fort_ring(corners, centre, style.fill, ctx.hex_mm * 0.028)
    return [] if style.symbol or style.pattern != "none" else overlay_tint(corners, centre, style.fill)


def symbol_layer(ctx: HexMapContext) -> list[Item]:
    """Return the terrain and overlay symbols of each hex (built-in or the game's images), side by side."""
    items: list[Item] = []
    for hex_ in sorted(ctx.contents):
        for name, colour, x, y, size in ctx.symbol_spots(hex_):
            items.extend(ctx.symbol_items(name, x, y, size, colour))
    return items


def grid_layer(ctx: HexMapContext) -> list[Item]:
    """Return the hex grid as one path of sides (marks of a move and a line), each side drawn once."""
    dx, dy = ctx.frame.x_mm, ctx.frame.y_mm
    ends = ctx.frame.grid.hexside_segments_array() + (dx, dy, dx, dy)
    return [Marks("ML", ends.tobytes(), Paint(stroke=GRID_INK, stroke_mm=ctx.hex_mm * GRID_LINE, cap="round"))]


def hexside_layer(ctx: HexMapContext) -> list[Item]:
    """Return hexside features drawn on the side the two hexes share."""
    grid, items = ctx.frame.grid, []
    for feature in ctx.map.hexsides:
        terrain = ctx.terrain.get(feature.feature)
        a, b = (grid.find(label) for label in feature.between)
        side = grid.hexside_between(a, b) if a and b else None
        if terrain is None or side is None:
            continue
        style = terrain.style
        paint = Paint(stroke=style.fill, stroke_mm=style.line_width_mm, dash_mm=tuple(style.dash),
                      cap="butt" if style.dash else "round")
        items.append(Polyline(ctx.frame.side_ends(side), paint))
    return items


def number_layer(ctx: HexMapContext) -> list[Item]:
    """Return the number of every hex, small, at the top of the hex; and height levels at the bottom.

    Where a road runs under a number, the number is knocked out of it on a patch of the hex's colour.
    """
    frame = ctx.frame
    size = frame.number_size_mm
    boxes = number_boxes(ctx, size * 0.12)
    crossed = [False] * len(boxes)
    if ctx.map.paths:
        roads = shapely.union_all(path_lines(ctx))
        shapely.prepare(roads)
        crossed = shapely.intersects(roads, shapely.box(*boxes.T)).tolist()
    items: list[Item] = []
    ink = frame.numbers.colour
    for (hex_, label, x, y, _), (x0, y0, x1, y1), knocked_out in zip(hex_numbers(ctx), boxes.tolist(), crossed):
        if knocked_out:
            items.append(Rect(x0, y0, x1 - x0, y1 - y0, Paint(fill=hex_fill(ctx, hex_)), radius_mm=size * 0.2))
        items.append(Text(x, y, label, size, fill=ink, font="labels", anchor="middle"))
    # height levels at the bottom of the hex, or at its top where the numbers take the bottom
    below = ctx.hex_mm * (-0.34 if frame.numbers.position == "bottom" else 0.42)
    for hex_, content in sorted(ctx.contents.items()):
        if content.elevation:
            cx, cy = frame.centre(hex_)
            items.append(Text(cx, cy + below, f"▲{content.elevation}", size * 0.9, fill=ink,
                              font="labels", anchor="middle"))
    return items


def _paper(ctx: HexMapContext) -> Rect:
    return Rect(*ctx.frame.rect, Paint(fill=PAPER))


def ground_layer(ctx: HexMapContext) -> list[Item]:
    """Return what the map is painted on: the generated terrain, or the painting with as much of the terrain
    over it as its `terrain` says."""
    painted = art_under(ctx, ctx.root) if ctx.root is not None else []
    if not painted:
        return terrain_layer(ctx)
    background = ctx.map.art.background
    over = [] if background.terrain == "none" else \
        terrain_layer(ctx, fills=background.terrain == "all", opacity=background.terrain_opacity)
    return [_paper(ctx), *painted, *over]


def wordless_layers(ctx: HexMapContext) -> tuple[Item, ...]:
    """Return the layers of the hex map below its first word (the same in every language): ground, overlays,
    art, grid, hexsides, paths and symbols."""
    return (*ground_layer(ctx), *overlay_layer(ctx), *art_shapes(ctx), *grid_layer(ctx), *hexside_layer(ctx),
            *path_layer(ctx), *symbol_layer(ctx))


def hex_map_items(map_: Map, terrain: dict[str, Terrain], frame: HexFrame, contents: dict[Hex, HexContent],
                  lang: str, root: FilePath | None = None,
                  wordless: tuple[tuple[Item, ...], tuple[Item, ...]] | None = None) -> list[Item]:
    """Return the whole hex map, clipped to its rectangle and framed; `root` (the game folder) finds its art.
    `wordless` is its `wordless_layers` and `number_layer` (the same in every language) if already drawn."""
    ctx = HexMapContext(map_, frame, terrain, contents, lang, root)
    below, numbers = (wordless_layers(ctx), tuple(number_layer(ctx))) if wordless is None else wordless
    # the wordless layers and the numbers each in a group of their own: the same objects in every language
    # (`wordless`), which a PDF compiles once (render/pdf_compile.py `LAYER_ITEMS`)
    layers = [Group(below), *place_items(ctx), Group(numbers), *(art_over(ctx, root, PAPER) if root else []),
              *cartouche_items(ctx)]
    clip = Rect(*frame.rect, Paint())
    return [Group(tuple(layers), clip=clip), *border_items(ctx)]

