"""The designer's art on a hex map: a painting aligned to the grid, drawn shapes, images on top, hexes left
out of play. All of it is art: the hexes' terrain, which the checks and the module read, stays as written."""
from __future__ import annotations

import math
from pathlib import Path

from builder.model.map import Background, DrawnShape
from builder.render.drawing import Group, Image, Item, Paint, Polyline
from builder.render.images import ImageError, fitted_image, image_size
from builder.render.maps.context import HexMapContext


def _centre_of(ctx: HexMapContext, hex_id: str) -> tuple[float, float] | None:
    found = ctx.frame.grid.find(hex_id)
    return ctx.frame.centre(found) if found is not None else None


def background_placement(ctx: HexMapContext, background: Background, root: Path) -> Image | None:
    """Return the painting scaled and moved so the two stated image points fall on their hex centres."""
    (first, (ax, ay)), (second, (bx, by)) = list(background.align.items())
    on_map = _centre_of(ctx, first), _centre_of(ctx, second)
    if None in on_map or (ax, ay) == (bx, by):
        return None
    (px, py), (qx, qy) = on_map
    scale = math.dist((px, py), (qx, qy)) / math.dist((ax, ay), (bx, by))
    path = root / background.image
    try:
        size = image_size(path)
    except ImageError:
        return None
    return Image(px - ax * scale, py - ay * scale, size.width * scale, size.height * scale, str(path))


def shape_item(ctx: HexMapContext, shape: DrawnShape) -> Item | None:
    """Return a drawn area or line, its points from hex centres or from millimetres on the map."""
    frame = ctx.frame
    points = [p for p in (_centre_of(ctx, h) for h in shape.hexes) if p is not None]
    left, top = frame.rect[:2]
    points += [(left + x, top + y) for x, y in shape.points_mm]
    if len(points) < 2:
        return None
    paint = Paint(fill=shape.fill if shape.kind == "area" else None, stroke=shape.stroke,
                  stroke_mm=shape.width_mm if shape.stroke else 0.0, cap="round", join="round")
    return Polyline(tuple(points), paint, closed=shape.kind == "area")


def art_under(ctx: HexMapContext, root: Path) -> list[Item]:
    """Return the painting (drawn where the terrain fills would be)."""
    background = ctx.map.art.background
    placed = background_placement(ctx, background, root) if background else None
    return [placed] if placed else []


def art_shapes(ctx: HexMapContext) -> list[Item]:
    """Return the drawn areas and lines, in declared order."""
    return [item for item in (shape_item(ctx, s) for s in ctx.map.art.shapes) if item is not None]


def art_over(ctx: HexMapContext, root: Path, paper: str) -> list[Item]:
    """Return the hexes outside play painted over in the paper colour, then the images on the map."""
    items: list[Item] = []
    for hex_id in ctx.map.art.outside_play:
        found = ctx.frame.grid.find(hex_id)
        if found is not None:
            items.append(Polyline(tuple(ctx.frame.corners(found)), Paint(fill=paper, stroke=paper, stroke_mm=0.3),
                                  closed=True))
    left, top = ctx.frame.rect[:2]
    for placed in ctx.map.art.images:
        try:
            items.append(fitted_image(root / placed.image, left + placed.x_mm, top + placed.y_mm, placed.w_mm,
                                      placed.h_mm))
        except ImageError:
            items.append(Group(()))
    return items
