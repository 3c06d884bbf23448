"""Shapely regions as drawing paths."""
from __future__ import annotations

import numpy as np
from shapely.geometry.base import BaseGeometry

from builder.geometry.polygons import polygon_parts
from builder.render.drawing import Paint, Path, PathCommand


def region_path(region: BaseGeometry, paint: Paint) -> Path:
    """Return a region (with holes) as one filled path."""
    commands: list[PathCommand] = []
    for polygon in polygon_parts(region):
        for ring in (polygon.exterior, *polygon.interiors):
            # the coordinates as one array: shapely's coordinate iterator makes a list per point
            (x0, y0), *rest = np.asarray(ring.coords).tolist()[:-1]
            commands.append(("M", (x0, y0)))
            commands.extend([("L", (x, y)) for x, y in rest])
            commands.append(("Z", ()))
    return Path(tuple(commands), paint)
