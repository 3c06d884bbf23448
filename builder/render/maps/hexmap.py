"""The drawing of a hex map itself: terrain, overlays, grid, hexsides, paths, symbols, places, numbers.

Layers are drawn bottom to top in that order and clipped to the grid's rectangle; every layer is
built from the model and the grid alone, in declared or sorted order, so the output is stable.
Nothing is drawn transparent: the PDF places the map as a Form XObject, and reportlab leaves a
form's transparency states (ExtGState) out of its resources, so viewers would drop them.
"""
from __future__ import annotations

from builder.geometry.hexgrid import Hex
from builder.geometry.polygons import edge_gaps, hexes_polygon, merged
from builder.model.map import Map, Terrain
from builder.render.drawing import Group, Item, Paint, Path, PathCommand, Polyline, Rect, Text
from builder.render.maps.colour import darker, ink_of
from builder.render.maps.context import HexMapContext
from builder.render.maps.frame import HexContent, HexFrame
from builder.render.maps.paths import path_layer
from builder.render.maps.patterns import pattern_items
from builder.render.maps.places import place_items
from builder.render.maps.regions import region_path
from builder.render.maps.symbols import fort_ring, overlay_tint, symbol_items

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


def terrain_layer(ctx: HexMapContext) -> list[Item]:
    """Return the fills and patterns of the hex terrain, one region per terrain and height level."""
    frame = ctx.frame
    gaps = edge_gaps(frame.grid, dx_mm=frame.x_mm, dy_mm=frame.y_mm)
    groups: dict[tuple[str, int], list[Hex]] = {}
    for hex_, content in sorted(ctx.contents.items()):
        groups.setdefault((content.terrain, content.elevation or 0), []).append(hex_)
    items: list[Item] = [Rect(frame.x_mm, frame.y_mm, frame.width_mm, frame.height_mm, Paint(fill=PAPER))]
    for (terrain_id, level), hexes in sorted(groups.items(), key=lambda kv: (ctx.order(kv[0][0]), kv[0])):
        terrain = ctx.terrain.get(terrain_id)
        if terrain is None:
            continue
        region = merged([hexes_polygon(frame.grid, hexes, dx_mm=frame.x_mm, dy_mm=frame.y_mm)]
                        + [gaps[h] for h in hexes if h in gaps])
        fill = darker(terrain.style.fill, ELEVATION_SHADE * level) if level > 0 else terrain.style.fill
        items.append(region_path(region, Paint(fill=fill)))
        items.extend(pattern_items(terrain.style.pattern, region, fill, ctx.hex_mm * PATTERN_STEP))
    return items


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
        region = hexes_polygon(ctx.frame.grid, hexes, dx_mm=ctx.frame.x_mm, dy_mm=ctx.frame.y_mm)
        items.extend(pattern_items(style.pattern, region, style.fill, ctx.hex_mm * PATTERN_STEP))
        for hex_ in hexes:
            items.extend(_overlay_mark(ctx, hex_, terrain))
    return items


def _overlay_mark(ctx: HexMapContext, hex_: Hex, terrain: Terrain) -> list[Item]:
    frame, style = ctx.frame, terrain.style
    centre, corners = frame.centre(hex_), frame.corners(hex_)
    if style.symbol in ("fort", "fortification"):
        return fort_ring(corners, centre, style.fill, ctx.hex_mm * 0.028)
    if style.symbol:
        x, y = symbol_slot(ctx, hex_, overlay=True)
        return symbol_items(style.symbol, x, y, ctx.hex_mm * 0.34, ink_of(style.fill))
    return [] if style.pattern != "none" else overlay_tint(corners, centre, style.fill)


def symbol_slot(ctx: HexMapContext, hex_: Hex, *, overlay: bool) -> tuple[float, float]:
    """Return where a symbol stands: the centre, or beside the terrain's own symbol for an overlay."""
    x, y = ctx.frame.centre(hex_)
    base = ctx.terrain.get(ctx.contents[hex_].terrain) if hex_ in ctx.contents else None
    if overlay and base is not None and base.style.symbol:
        return x - ctx.hex_mm * 0.3, y + ctx.hex_mm * 0.02
    return x, y


def symbol_layer(ctx: HexMapContext) -> list[Item]:
    """Return the symbols of base terrain (city, farm…) at the hex centres."""
    items: list[Item] = []
    for hex_, content in sorted(ctx.contents.items()):
        terrain = ctx.terrain.get(content.terrain)
        if terrain is not None and terrain.style.symbol:
            x, y = symbol_slot(ctx, hex_, overlay=False)
            items.extend(symbol_items(terrain.style.symbol, x, y, ctx.hex_mm * 0.36, darker(terrain.style.fill, 0.55)))
    return items


def grid_layer(ctx: HexMapContext) -> list[Item]:
    """Return the hex grid as one path, each side drawn once."""
    dx, dy = ctx.frame.x_mm, ctx.frame.y_mm
    commands: list[PathCommand] = []
    for (ax, ay), (bx, by) in ctx.frame.grid.hexside_segments_mm():
        commands += [("M", (ax + dx, ay + dy)), ("L", (bx + dx, by + dy))]
    return [Path(tuple(commands), Paint(stroke=GRID_INK, stroke_mm=ctx.hex_mm * GRID_LINE, cap="round"))]


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
    """Return the number of every hex, small, at the top of the hex; and height levels at the bottom."""
    frame, grid = ctx.frame, ctx.frame.grid
    size = frame.number_size_mm
    items: list[Item] = []
    for hex_ in grid.all_hexes():
        x, y = frame.number_anchor(hex_)
        items.append(Text(x, y, grid.label(hex_), size, fill=NUMBER_INK, font="condensed", anchor="middle"))
    for hex_, content in sorted(ctx.contents.items()):
        if content.elevation:
            cx, cy = frame.centre(hex_)
            items.append(Text(cx, cy + ctx.hex_mm * 0.42, f"▲{content.elevation}", size * 0.9, fill=NUMBER_INK,
                              font="condensed", anchor="middle"))
    return items


def hex_map_items(map_: Map, terrain: dict[str, Terrain], frame: HexFrame, contents: dict[Hex, HexContent],
                  lang: str) -> list[Item]:
    """Return the whole hex map, clipped to its rectangle and framed."""
    ctx = HexMapContext(map_, frame, terrain, contents, lang)
    layers = [*terrain_layer(ctx), *overlay_layer(ctx), *grid_layer(ctx), *hexside_layer(ctx), *path_layer(ctx),
              *symbol_layer(ctx), *place_items(ctx), *number_layer(ctx)]
    clip = Rect(frame.x_mm, frame.y_mm, frame.width_mm, frame.height_mm, Paint())
    outline = Rect(frame.x_mm, frame.y_mm, frame.width_mm, frame.height_mm,
                   Paint(stroke=FRAME_INK, stroke_mm=0.5, join="miter"))
    return [Group(tuple(layers), clip=clip), outline]

