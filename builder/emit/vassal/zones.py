"""Named areas of a gridless table (VASSAL Zones in a ZonedGrid), and the name VASSAL gives a point there.

Described from VASSAL `ZonedGrid.java` and `mapgrid/Zone.java` (3.7.26) and `java.awt.Polygon` (never
copied). A ZonedGrid names a point of its board by the first of its zones, in buildFile order, whose
polygon holds the point; a zone without a grid of its own and the location format `$name$` gives its
name. A point in no zone falls to the background grid (none here), and VASSAL's map then calls it
"offboard". A zone's polygon is the attribute `path`: its corners as `x,y` in board pixels, joined by `;`.

`java.awt.Polygon.contains` is an even-odd test with half-open edges: a point on a left or top edge is
inside, a point on a right or bottom edge is not (so a rectangle from x to x + w holds x … x + w - 1).
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

Point = tuple[int, int]

ZONED_GRID_SINCE = "3.3.0"
"""The oldest VASSAL whose Zone knows every attribute the module writes (name, path, locationFormat,
useParentGrid, useHighlight, highlightProperty)."""


@dataclass(frozen=True)
class TableZone:
    """One named area of a board: its key (a content zone id, or the map id for the whole table), its
    name as players see it, and its corners in board pixels."""

    key: str
    name: str
    corners: tuple[Point, ...]

    @classmethod
    def rectangle(cls, key: str, name: str, x: int, y: int, w: int, h: int) -> TableZone:
        """Return a rectangular zone from its top-left corner and size in pixels."""
        return cls(key, name, ((x, y), (x + w, y), (x + w, y + h), (x, y + h)))

    @property
    def path(self) -> str:
        """Return the zone's polygon as VASSAL's `path` attribute."""
        return ";".join(f"{x},{y}" for x, y in self.corners)

    def contains(self, point: Point) -> bool:
        """Return whether VASSAL counts the point as inside the zone."""
        return polygon_contains(self.corners, point)


def parse_path(path: str) -> tuple[Point, ...]:
    """Return the corners of a `path` attribute."""
    corners = []
    for pair in path.split(";"):
        x, y = pair.split(",")
        corners.append((int(x), int(y)))
    return tuple(corners)


def polygon_contains(corners: tuple[Point, ...], point: Point) -> bool:
    """Return whether a polygon holds a point, by the rules of java.awt.Polygon.contains."""
    if len(corners) < 3:
        return False
    px, py = point
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    if not (min(xs) <= px < max(xs) and min(ys) <= py < max(ys)):
        return False
    inside = False
    for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1]):
        if ay == by:
            continue                                  # a level edge crosses no horizontal ray
        if px >= max(ax, bx):
            continue                                  # the edge lies wholly left of the point (or under it)
        (lx, ly), (hx, hy) = ((ax, ay), (bx, by)) if ay < by else ((bx, by), (ax, ay))
        if not ly <= py < hy:
            continue                                  # the edge spans the rows from ly up to, not with, hy
        if px < min(ax, bx) or px - lx < (py - ly) / (hy - ly) * (hx - lx):
            inside = not inside                       # the edge crosses the ray to the point's right
    return inside


def zone_at(zones: Iterable[TableZone], point: Point) -> TableZone | None:
    """Return the first zone holding the point, as a ZonedGrid looks them up."""
    return next((zone for zone in zones if zone.contains(point)), None)


def location_name(zones: Iterable[TableZone], point: Point) -> str | None:
    """Return the name VASSAL's ZonedGrid gives a point (None: the map will call it "offboard")."""
    zone = zone_at(zones, point)
    return zone.name if zone is not None else None
