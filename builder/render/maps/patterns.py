"""Terrain patterns drawn over a fill: dots, hatch, crosshatch, waves, grass, rough, trees, buildings.

A pattern is laid on one lattice anchored at the sheet's origin, so it runs on unbroken across
neighbouring hexes of one terrain; marks are kept only where they lie wholly inside the region.
Each pattern of a region is one Marks (or one Path of hatching), which keeps big maps fast in every backend.
"""
from __future__ import annotations

import math
from dataclasses import replace
from typing import Callable

import numpy as np
import shapely
from shapely import GeometryType
from shapely.geometry.base import BaseGeometry

from builder.render.drawing import Item, Marks, Paint, Path, PathCommand
from builder.render.maps.colour import darker, lighter

Columns = list[np.ndarray]
"""One array per number of a mark's commands, one entry per mark."""
LINESTRING, MULTILINESTRING = GeometryType.LINESTRING, GeometryType.MULTILINESTRING
Mark = tuple[str, Callable[[np.ndarray, np.ndarray, float, np.ndarray], Columns]]
"""A mark: its commands' letters, and the numbers of every mark centred on (xs, ys), given the lattice
spacing and a 0-1 jitter per mark, as columns: the arithmetic of each number done on all marks at once."""


def _lattice(region: BaseGeometry, step_mm: float, margin_mm: float,
             avoid: BaseGeometry | None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return x, y and jitter of a staggered lattice's points inside the region, away from its edge by
    margin_mm, and outside `avoid`."""
    inner = region.buffer(-margin_mm) if margin_mm > 0 else region
    if inner.is_empty:
        return np.empty(0), np.empty(0), np.empty(0)
    shapely.prepare(inner)  # thousands of points are tested against it: index its edges once
    x0, y0, x1, y1 = inner.bounds
    row_mm = step_mm * math.sqrt(3) / 2
    rows = np.arange(math.floor(y0 / row_mm), math.ceil(y1 / row_mm) + 1)
    cols = np.arange(math.floor(x0 / step_mm) - 1, math.ceil(x1 / step_mm) + 1)
    jj, ii = np.meshgrid(rows, cols, indexing="ij", copy=False)  # views: only the points near a part are taken
    near = _near_parts(inner, rows, cols, step_mm, row_mm)
    jj, ii = jj[near], ii[near]
    xs = ii * step_mm + (jj % 2) * step_mm / 2
    ys = jj * row_mm
    inside = shapely.contains_xy(inner, xs, ys)
    xs, ys, ii, jj = xs[inside], ys[inside], ii[inside], jj[inside]
    # a deterministic jitter from the lattice indices: the same map always draws the same marks
    jitter = ((ii * 73856093) ^ (jj * 19349663)) % 1009 / 1009.0
    if avoid is not None and not avoid.is_empty and len(xs):
        keep = ~shapely.intersects_xy(avoid, xs, ys)
        xs, ys, jitter = xs[keep], ys[keep], jitter[keep]
    return xs, ys, jitter


def _near_parts(region: BaseGeometry, rows: np.ndarray, cols: np.ndarray, step_mm: float,
                row_mm: float) -> np.ndarray:
    """Return which points of the lattice (rows × cols) lie in or next to the bounding box of one of the
    region's parts: only those can be inside it. A terrain scattered in patches over the map covers a
    tenth of its bounding box, and testing a point against the region costs more than this."""
    near = np.zeros((len(rows), len(cols)), dtype=bool)
    first_row, first_col = int(rows[0]), int(cols[0])
    for x0, y0, x1, y1 in shapely.bounds(shapely.get_parts(region)).tolist():
        top, bottom = math.floor(y0 / row_mm) - 1 - first_row, math.ceil(y1 / row_mm) + 2 - first_row
        left, right = math.floor(x0 / step_mm) - 2 - first_col, math.ceil(x1 / step_mm) + 2 - first_col
        near[max(top, 0):bottom, max(left, 0):right] = True
    return near


def _dot(x: np.ndarray, y: np.ndarray, step: float, jitter: np.ndarray) -> Columns:
    return [x - 0.01, y, x + 0.01, y]


def _tuft(x: np.ndarray, y: np.ndarray, step: float, jitter: np.ndarray) -> Columns:
    h, w = step * 0.22, step * 0.12
    x = x + (jitter - 0.5) * step * 0.4
    return [x - w, y - h * 0.8, x, y, x, y - h, x, y, x + w, y - h * 0.8]


def _rough(x: np.ndarray, y: np.ndarray, step: float, jitter: np.ndarray) -> Columns:
    w, h = step * (0.14 + 0.08 * jitter), step * 0.12
    x = x + (jitter - 0.5) * step * 0.3
    return [x - w, y + h / 2, x - w / 3, y - h / 2, x + w / 4, y + h / 4, x + w / 2, y - h / 4, x + w, y + h / 2]


def _wave(x: np.ndarray, y: np.ndarray, step: float, jitter: np.ndarray) -> Columns:
    w, h = step * 0.3, step * 0.08
    return [x - w, y, x - w / 2, y - h * 2, x, y, x + w / 2, y + h * 2, x + w, y]


def _tree(x: np.ndarray, y: np.ndarray, step: float, jitter: np.ndarray) -> Columns:
    # a tree is a round-capped dot: four numbers instead of a circle's twenty-six
    x = x + (jitter - 0.5) * step * 0.25
    y = y + (0.5 - jitter) * step * 0.15
    return [x - 0.01, y, x + 0.01, y]


def _building(x: np.ndarray, y: np.ndarray, step: float, jitter: np.ndarray) -> Columns:
    w, h = step * (0.22 + 0.12 * jitter), step * (0.18 + 0.1 * (1 - jitter))
    return [x - w / 2, y - h / 2, x + w / 2, y - h / 2, x + w / 2, y + h / 2, x - w / 2, y + h / 2]


DOT: Mark = ("ML", _dot)
TUFT: Mark = ("MLLML", _tuft)
ROUGH: Mark = ("MLLLL", _rough)
WAVE: Mark = ("MQQ", _wave)
TREE: Mark = ("ML", _tree)
BUILDING: Mark = ("MLLLZ", _building)


def _marks(region: BaseGeometry, mark: Mark, step_mm: float, margin_mm: float, avoid: BaseGeometry | None,
           paint: Paint) -> Marks | None:
    """Return the mark drawn at every lattice point, or None where none fits."""
    xs, ys, jitter = _lattice(region, step_mm, margin_mm, avoid)
    if not len(xs):
        return None
    letters, numbers = mark
    return Marks(letters, np.column_stack(numbers(xs, ys, step_mm, jitter)).tobytes(), paint)


def _hatch(region: BaseGeometry, spacing_mm: float, slope: int) -> tuple[PathCommand, ...]:
    """Return diagonal lines (slope +1 or -1) every spacing_mm, cut to the region."""
    x0, y0, x1, y1 = region.bounds
    step = spacing_mm * math.sqrt(2)
    if slope > 0:  # y = x + c, c from y0 - x1 to y1 - x0
        offsets = np.arange(math.floor((y0 - x1) / step), math.ceil((y1 - x0) / step) + 1) * step
        ends = [x0 + offsets, x1 + offsets]
    else:  # y = -x + c, c from x0 + y0 to x1 + y1
        offsets = np.arange(math.floor((x0 + y0) / step), math.ceil((x1 + y1) / step) + 1) * step
        ends = [offsets - x0, offsets - x1]
    lines = shapely.linestrings(np.stack([np.full_like(offsets, x0), ends[0], np.full_like(offsets, x1), ends[1]],
                                         axis=1).reshape(-1, 2, 2))
    # a line that misses the region cuts nothing: only those that meet it are cut (the rest of a terrain
    # scattered in patches is most lines), tested against the region indexed once
    shapely.prepare(region)
    cuts = shapely.intersection(lines[shapely.intersects(region, lines)], region)
    # lines and multi-lines only: a cut that also touches the region at a point is left out
    cuts = cuts[np.isin(shapely.get_type_id(cuts), (LINESTRING, MULTILINESTRING))]
    parts = shapely.get_parts(cuts)
    parts = parts[shapely.length(parts) >= 1e-3]
    points, owner = shapely.get_coordinates(parts, return_index=True)
    if not len(points):
        return ()
    first = np.ones(len(owner), dtype=bool)
    first[1:] = owner[1:] != owner[:-1]
    letters = np.where(first, "M", "L").tolist()
    return tuple(zip(letters, map(tuple, points.tolist())))


def pattern_items(pattern: str, region: BaseGeometry, fill: str, step_mm: float,
                  avoid: BaseGeometry | None = None) -> list[Item]:
    """Return the pattern's marks inside `region` and out of `avoid`, in a shade of `fill`, on a lattice of step_mm."""
    if region.is_empty or pattern == "none":
        return []
    ink = darker(fill, 0.42)
    if pattern in ("hatch", "crosshatch"):
        area = region.difference(avoid) if avoid is not None else region
        commands = _hatch(area, step_mm * 0.45, 1)
        if pattern == "crosshatch":
            commands += _hatch(area, step_mm * 0.45, -1)
        return [Path(commands, Paint(stroke=ink, stroke_mm=step_mm * 0.035))] if commands else []
    if pattern == "dots":
        marks = _marks(region, DOT, step_mm * 0.55, step_mm * 0.1, avoid,
                       Paint(stroke=ink, stroke_mm=step_mm * 0.09, cap="round"))
        return [marks] if marks else []
    if pattern == "trees":
        crown_mm = step_mm * 0.46
        marks = _marks(region, TREE, step_mm * 0.85, step_mm * 0.3, avoid,
                       Paint(stroke=darker(fill, 0.5), stroke_mm=crown_mm + step_mm * 0.07, cap="round"))
        # the crowns: the same marks, narrower and lighter, over their dark rims
        return [marks, replace(marks, paint=Paint(stroke=darker(fill, 0.18), stroke_mm=crown_mm, cap="round"))] \
            if marks else []
    if pattern == "buildings":
        marks = _marks(region, BUILDING, step_mm * 0.8, step_mm * 0.25, avoid,
                       Paint(fill=darker(fill, 0.45), stroke=lighter(fill, 0.3), stroke_mm=step_mm * 0.02))
        return [marks] if marks else []
    mark, step, margin = {"waves": (WAVE, 0.8, 0.3), "grass": (TUFT, 0.9, 0.2),
                          "rough": (ROUGH, 0.8, 0.25)}[pattern]
    marks = _marks(region, mark, step_mm * step, step_mm * margin, avoid,
                   Paint(stroke=ink, stroke_mm=step_mm * 0.045, cap="round", join="round"))
    return [marks] if marks else []
