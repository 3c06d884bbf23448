"""Hexes as shapely polygons: one hex, a set of hexes merged, the grid's outline and its edge gaps.

HexGrid puts every corner on one lattice, so neighbouring hexes share their corners to the last bit
and a set of hexes is a proper coverage: it merges exactly (and fast) without snapping.
"""
from __future__ import annotations

from typing import Iterable

import numpy as np
import shapely
from shapely.geometry import MultiPolygon, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.geometry.polygon import orient

from builder.geometry.hexgrid import Hex, HexGrid

SLIVER_MM2 = 1e-6
"""Pieces of an edge gap smaller than this (in mm²) are rounding dust, not area."""


def hex_polygon(grid: HexGrid, hex_: Hex, *, dx_mm: float = 0.0, dy_mm: float = 0.0) -> Polygon:
    """Return the hex as a polygon, moved by (dx_mm, dy_mm)."""
    return Polygon([(x + dx_mm, y + dy_mm) for x, y in grid.corners_mm(hex_)])


def merged(polygons: Iterable[BaseGeometry]) -> BaseGeometry:
    """Return the union of polygons."""
    parts = list(polygons)
    if not parts:
        return Polygon()
    return shapely.union_all(parts)


def corners_array(grid: HexGrid, hexes: list[Hex], *, dx_mm: float = 0.0, dy_mm: float = 0.0) -> np.ndarray:
    """Return the corners of hexes (hex, corner, x/y), as corners_mm gives them, moved by (dx_mm, dy_mm):
    the arithmetic of all of them at once."""
    if not hexes:
        return np.empty((0, 6, 2))
    (ux, uy), units = grid.half_units, grid.centre_units_array(hexes)
    offsets = np.array(grid.corner_units)
    xs = ux * (units[:, :1] + offsets[:, 0]) + dx_mm
    ys = uy * (units[:, 1:] + offsets[:, 1]) + dy_mm
    return np.stack([xs, ys], axis=2)


def hexes_polygon(grid: HexGrid, hexes: Iterable[Hex], *, dx_mm: float = 0.0, dy_mm: float = 0.0) -> BaseGeometry:
    """Return the area covered by some hexes as one (multi)polygon."""
    rings = corners_array(grid, list(hexes), dx_mm=dx_mm, dy_mm=dy_mm)
    if not len(rings):
        return Polygon()
    # the hexes share sides exactly and never overlap: a coverage, merged by its outline
    return shapely.coverage_union_all(shapely.polygons(rings))


def grid_rectangle(grid: HexGrid, *, dx_mm: float = 0.0, dy_mm: float = 0.0) -> Polygon:
    """Return the grid's bounding box as a polygon."""
    width_mm, height_mm = grid.size_mm()
    return box(dx_mm, dy_mm, dx_mm + width_mm, dy_mm + height_mm)


def edge_gaps(grid: HexGrid, *, dx_mm: float = 0.0, dy_mm: float = 0.0) -> dict[Hex, BaseGeometry]:
    """Return the parts of the bounding box no hex covers, each given to the nearest edge hex.

    A map is printed as a rectangle; the half-hex notches along its edges take the terrain of the
    hex beside them, so the sea runs to the frame instead of stopping in a zigzag.
    """
    rectangle = grid_rectangle(grid, dx_mm=dx_mm, dy_mm=dy_mm)
    covered = hexes_polygon(grid, grid.all_hexes(), dx_mm=dx_mm, dy_mm=dy_mm)
    gaps = shapely.difference(rectangle, covered)
    edge = sorted(grid.edge_hexes())
    centres = np.array([grid.centre_mm(h) for h in edge]) + (dx_mm, dy_mm)
    owners: dict[Hex, list[BaseGeometry]] = {}
    for piece in polygon_parts(gaps):
        if piece.area < SLIVER_MM2:
            continue
        point = piece.representative_point()
        # argmin takes the first of equally near hexes: the lowest in (column, row) order
        nearest = int(np.argmin(((centres - (point.x, point.y)) ** 2).sum(axis=1)))
        owners.setdefault(edge[nearest], []).append(piece)
    if not owners:
        return {}
    # each hex's pieces merged as `merged` merges them, all in one call: a row of pieces per hex
    hexes = sorted(owners)
    rows = np.full((len(hexes), max(map(len, owners.values()))), None, dtype=object)
    for row, hex_ in enumerate(hexes):
        for column, piece in enumerate(owners[hex_]):
            rows[row, column] = piece
    return dict(zip(hexes, shapely.union_all(rows, axis=1).tolist()))


def polygon_parts(geometry: BaseGeometry) -> list[Polygon]:
    """Return the polygons of a geometry, counter-clockwise outside and clockwise holes, in a stable order."""
    if geometry.is_empty:
        return []
    if isinstance(geometry, Polygon):
        parts = [geometry]
    elif isinstance(geometry, MultiPolygon):
        parts = list(geometry.geoms)
    else:
        parts = [g for g in getattr(geometry, "geoms", []) if isinstance(g, Polygon)]
    ordered = sorted(parts, key=lambda p: (round(p.bounds[1], 3), round(p.bounds[0], 3), -p.area))
    return [orient(p, 1.0) for p in ordered]
