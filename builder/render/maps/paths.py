"""Roads, tracks and railways: smooth curves through the hex centres, in the path terrain's style."""
from __future__ import annotations

from shapely.geometry import LineString
from shapely.geometry.base import BaseGeometry

from builder.geometry.hexgrid import Hex
from builder.render.drawing import Item, Paint, Path, PathCommand
from builder.render.maps.colour import lighter
from builder.render.maps.context import HexMapContext

Point = tuple[float, float]
CASING = 0.45
"""Extra width of the pale casing under a path, in mm: keeps it legible over patterns."""
SMOOTHING = 0.16
"""Control-point reach of the curve as a fraction of the chord (Catmull-Rom uses 1/6)."""


def smooth_commands(points: list[Point]) -> tuple[PathCommand, ...]:
    """Return a smooth curve through every point (a Catmull-Rom spline as cubic Béziers)."""
    if len(points) < 2:
        return ()
    commands: list[PathCommand] = [("M", points[0])]
    padded = [points[0], *points, points[-1]]
    for i in range(1, len(padded) - 2):
        (x0, y0), (x1, y1), (x2, y2), (x3, y3) = padded[i - 1:i + 3]
        c1 = (x1 + (x2 - x0) * SMOOTHING, y1 + (y2 - y0) * SMOOTHING)
        c2 = (x2 - (x3 - x1) * SMOOTHING, y2 - (y3 - y1) * SMOOTHING)
        commands.append(("C", (*c1, *c2, x2, y2)))
    return tuple(commands)


def _exit_point(ctx: HexMapContext, end: Hex, inner: Hex) -> Point | None:
    """Return where a path leaving the map through edge hex `end` meets the frame, or None if it stays on."""
    grid, frame = ctx.frame.grid, ctx.frame
    if len(grid.neighbours(end)) == 6 or grid.label(end) in {p.hex for p in ctx.map.places}:
        return None
    (x, y), (ix, iy) = frame.centre(end), frame.centre(inner)
    left, top, width, height = frame.rect
    right, bottom = left + width, top + height
    candidates = []
    if end.col == 0:
        candidates.append((left, y))
    if end.col == grid.spec.columns - 1:
        candidates.append((right, y))
    if end.row == 0:
        candidates.append((x, top))
    if end.row == grid.spec.rows - 1:
        candidates.append((x, bottom))
    # of the edges the hex touches, leave through the one facing away from the path's inner hex
    away = [c for c in candidates if (c[0] - x) * (x - ix) + (c[1] - y) * (y - iy) >= 0]
    return min(away or candidates, key=lambda c: abs(c[0] - x) + abs(c[1] - y)) if candidates else None


def path_points(ctx: HexMapContext, labels: list[str]) -> list[Point]:
    """Return the centres a path runs through, extended to the frame where it leaves the map."""
    hexes = [h for h in (ctx.frame.grid.find(label) for label in labels) if h is not None]
    if len(hexes) < 2:
        return []
    points = [ctx.frame.centre(h) for h in hexes]
    start, end = _exit_point(ctx, hexes[0], hexes[1]), _exit_point(ctx, hexes[-1], hexes[-2])
    return ([start] if start else []) + points + ([end] if end else [])


def _sampled(commands: tuple[PathCommand, ...], steps: int = 6) -> list[Point]:
    """Return points along a curve of M and C commands."""
    points: list[Point] = []
    for command, values in commands:
        if command == "M":
            points.append(values)
            continue
        (x0, y0), (x1, y1, x2, y2, x3, y3) = points[-1], values
        for i in range(1, steps + 1):
            t = i / steps
            a, b, c, d = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t ** 2, t ** 3
            points.append((a * x0 + b * x1 + c * x2 + d * x3, a * y0 + b * y1 + c * y2 + d * y3))
    return points


def _curves(ctx: HexMapContext) -> list[tuple[PathCommand, ...]]:
    """Return the curve of every path, in declared order (worked out once per map: drawn, and kept clear of)."""
    if "curves" not in ctx.memo:
        ctx.memo["curves"] = [smooth_commands(path_points(ctx, path.hexes)) for path in ctx.map.paths]
    return ctx.memo["curves"]


def path_lines(ctx: HexMapContext) -> list[BaseGeometry]:
    """Return the area each path covers on the sheet (its curve, as wide as it is drawn with its casing)."""
    areas = []
    for path, curve in zip(ctx.map.paths, _curves(ctx)):
        terrain = ctx.terrain.get(path.feature)
        points = _sampled(curve)
        if terrain is not None and len(points) > 1:
            areas.append(LineString(points).buffer((terrain.style.line_width_mm + CASING) / 2, quad_segs=2))
    return areas


def path_layer(ctx: HexMapContext) -> list[Item]:
    """Return every path: first all casings, then the lines, in declared order."""
    casings: list[Item] = []
    lines: list[Item] = []
    for path, commands in zip(ctx.map.paths, _curves(ctx)):
        terrain = ctx.terrain.get(path.feature)
        if terrain is None or not commands:
            continue
        style = terrain.style
        casings.append(Path(commands, Paint(stroke=lighter(style.fill, 0.8), stroke_mm=style.line_width_mm + CASING,
                                            cap="round", join="round")))
        lines.append(Path(commands, Paint(stroke=style.fill, stroke_mm=style.line_width_mm,
                                          dash_mm=tuple(style.dash), cap="butt" if style.dash else "round",
                                          join="round")))
    return casings + lines
