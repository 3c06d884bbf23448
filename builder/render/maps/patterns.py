"""Terrain patterns drawn over a fill: dots, hatch, crosshatch, waves, grass, rough, trees, buildings.

A pattern is laid on one lattice anchored at the sheet's origin, so it runs on unbroken across
neighbouring hexes of one terrain; marks are kept only where they lie wholly inside the region.
Each pattern of a region is one Path, which keeps big maps fast in every backend.
"""
from __future__ import annotations

import math
from typing import Callable

import numpy as np
import shapely
from shapely.geometry import LineString, MultiLineString
from shapely.geometry.base import BaseGeometry

from builder.render.drawing import Item, Paint, Path, PathCommand
from builder.render.maps.colour import darker, lighter

Mark = Callable[[float, float, float, float], list[PathCommand]]
"""Commands of one mark centred on (x, y), given the lattice spacing and a 0-1 jitter value."""


def _lattice(region: BaseGeometry, step_mm: float, margin_mm: float,
             avoid: BaseGeometry | None) -> list[tuple[float, float, float]]:
    """Return (x, y, jitter) of a staggered lattice's points inside the region, away from its edge by margin_mm,
    and outside `avoid`."""
    inner = region.buffer(-margin_mm) if margin_mm > 0 else region
    if inner.is_empty:
        return []
    shapely.prepare(inner)  # thousands of points are tested against it: index its edges once
    x0, y0, x1, y1 = inner.bounds
    row_mm = step_mm * math.sqrt(3) / 2
    rows = np.arange(math.floor(y0 / row_mm), math.ceil(y1 / row_mm) + 1)
    cols = np.arange(math.floor(x0 / step_mm) - 1, math.ceil(x1 / step_mm) + 1)
    jj, ii = np.meshgrid(rows, cols, indexing="ij")
    xs = ii * step_mm + (jj % 2) * step_mm / 2
    ys = jj * row_mm
    inside = shapely.contains_xy(inner, xs, ys)
    # a deterministic jitter from the lattice indices: the same map always draws the same marks
    jitter = ((ii * 73856093) ^ (jj * 19349663)) % 1009 / 1009.0
    xs, ys, jitter = xs[inside], ys[inside], jitter[inside]
    if avoid is not None and not avoid.is_empty and len(xs):
        keep = ~shapely.intersects_xy(avoid, xs, ys)
        xs, ys, jitter = xs[keep], ys[keep], jitter[keep]
    return [(float(x), float(y), float(j)) for x, y, j in zip(xs, ys, jitter)]


def _dot(x: float, y: float, step: float, jitter: float) -> list[PathCommand]:
    return [("M", (x - 0.01, y)), ("L", (x + 0.01, y))]


def _tuft(x: float, y: float, step: float, jitter: float) -> list[PathCommand]:
    h, w = step * 0.22, step * 0.12
    x += (jitter - 0.5) * step * 0.4
    return [("M", (x - w, y - h * 0.8)), ("L", (x, y)), ("L", (x, y - h)), ("M", (x, y)), ("L", (x + w, y - h * 0.8))]


def _rough(x: float, y: float, step: float, jitter: float) -> list[PathCommand]:
    w, h = step * (0.14 + 0.08 * jitter), step * 0.12
    x += (jitter - 0.5) * step * 0.3
    return [("M", (x - w, y + h / 2)), ("L", (x - w / 3, y - h / 2)), ("L", (x + w / 4, y + h / 4)),
            ("L", (x + w / 2, y - h / 4)), ("L", (x + w, y + h / 2))]


def _wave(x: float, y: float, step: float, jitter: float) -> list[PathCommand]:
    w, h = step * 0.3, step * 0.08
    return [("M", (x - w, y)), ("Q", (x - w / 2, y - h * 2, x, y)), ("Q", (x + w / 2, y + h * 2, x + w, y))]


def _tree(x: float, y: float, step: float, jitter: float) -> list[PathCommand]:
    # a tree is a round-capped dot: four numbers instead of a circle's twenty-six
    x += (jitter - 0.5) * step * 0.25
    y += (0.5 - jitter) * step * 0.15
    return [("M", (x - 0.01, y)), ("L", (x + 0.01, y))]


def _building(x: float, y: float, step: float, jitter: float) -> list[PathCommand]:
    w, h = step * (0.22 + 0.12 * jitter), step * (0.18 + 0.1 * (1 - jitter))
    return [("M", (x - w / 2, y - h / 2)), ("L", (x + w / 2, y - h / 2)), ("L", (x + w / 2, y + h / 2)),
            ("L", (x - w / 2, y + h / 2)), ("Z", ())]


def _marks(region: BaseGeometry, mark: Mark, step_mm: float, margin_mm: float,
           avoid: BaseGeometry | None) -> tuple[PathCommand, ...]:
    commands: list[PathCommand] = []
    for x, y, jitter in _lattice(region, step_mm, margin_mm, avoid):
        commands.extend(mark(x, y, step_mm, jitter))
    return tuple(commands)


def _hatch(region: BaseGeometry, spacing_mm: float, slope: int) -> tuple[PathCommand, ...]:
    """Return diagonal lines (slope +1 or -1) every spacing_mm, cut to the region."""
    x0, y0, x1, y1 = region.bounds
    step = spacing_mm * math.sqrt(2)
    if slope > 0:  # y = x + c, c from y0 - x1 to y1 - x0
        offsets = np.arange(math.floor((y0 - x1) / step), math.ceil((y1 - x0) / step) + 1) * step
        lines = [LineString([(x0, x0 + c), (x1, x1 + c)]) for c in offsets]
    else:  # y = -x + c, c from x0 + y0 to x1 + y1
        offsets = np.arange(math.floor((x0 + y0) / step), math.ceil((x1 + y1) / step) + 1) * step
        lines = [LineString([(x0, c - x0), (x1, c - x1)]) for c in offsets]
    commands: list[PathCommand] = []
    for cut in shapely.intersection(np.array(lines, dtype=object), region):
        parts = cut.geoms if isinstance(cut, MultiLineString) else [cut] if isinstance(cut, LineString) else []
        for part in parts:
            if part.is_empty or part.length < 1e-3:
                continue
            (ax, ay), *rest = part.coords
            commands.append(("M", (ax, ay)))
            commands.extend(("L", (bx, by)) for bx, by in rest)
    return tuple(commands)


def pattern_items(pattern: str, region: BaseGeometry, fill: str, step_mm: float,
                  avoid: BaseGeometry | None = None) -> list[Item]:
    """Return the pattern's marks inside `region` and out of `avoid`, in a shade of `fill`, on a lattice of step_mm."""
    if region.is_empty or pattern == "none":
        return []
    ink = darker(fill, 0.42)
    thin = Paint(stroke=ink, stroke_mm=step_mm * 0.045, cap="round", join="round")
    if pattern == "dots":
        commands = _marks(region, _dot, step_mm * 0.55, step_mm * 0.1, avoid)
        return [Path(commands, Paint(stroke=ink, stroke_mm=step_mm * 0.09, cap="round"))] if commands else []
    if pattern in ("hatch", "crosshatch"):
        area = region.difference(avoid) if avoid is not None else region
        commands = _hatch(area, step_mm * 0.45, 1)
        if pattern == "crosshatch":
            commands += _hatch(area, step_mm * 0.45, -1)
        return [Path(commands, Paint(stroke=ink, stroke_mm=step_mm * 0.035))] if commands else []
    if pattern == "trees":
        commands = _marks(region, _tree, step_mm * 0.85, step_mm * 0.3, avoid)
        crown_mm = step_mm * 0.46
        return [Path(commands, Paint(stroke=darker(fill, 0.5), stroke_mm=crown_mm + step_mm * 0.07, cap="round")),
                Path(commands, Paint(stroke=darker(fill, 0.18), stroke_mm=crown_mm, cap="round"))] if commands else []
    if pattern == "buildings":
        commands = _marks(region, _building, step_mm * 0.8, step_mm * 0.25, avoid)
        paint = Paint(fill=darker(fill, 0.45), stroke=lighter(fill, 0.3), stroke_mm=step_mm * 0.02)
        return [Path(commands, paint)] if commands else []
    mark, step, margin = {"waves": (_wave, 0.8, 0.3), "grass": (_tuft, 0.9, 0.2),
                          "rough": (_rough, 0.8, 0.25)}[pattern]
    commands = _marks(region, mark, step_mm * step, step_mm * margin, avoid)
    return [Path(commands, thin)] if commands else []
