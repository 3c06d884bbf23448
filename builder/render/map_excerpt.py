"""A map excerpt for the rulebook (`{map: 0101-0510}`): the hexes between two corners with their
terrain colours, overlays, roads, hexside features, place names and hex numbers.

This is a plain drawing of its own; when the map sheet renderer can draw a clipped region, this
module's one public function is the place to call it instead.
"""
from __future__ import annotations

from builder.geometry.hexgrid import Hex, HexGrid
from builder.plan.hexes import hex_grid
from builder.model.base import text_in
from builder.model.content import Game
from builder.model.map import HexEntry, Map, Terrain
from builder.render.drawing import Drawing, Ellipse, Group, Item, Paint, Polyline, Text

MARGIN_MM = 1.0
EDGE = Paint(stroke="#707070", stroke_mm=0.2)


def _corners(grid: HexGrid, target: str) -> tuple[Hex, Hex] | None:
    first, _, last = target.partition("-")
    a, b = grid.find(first), grid.find(last or first)
    return (a, b) if a and b else None


def _terrain_ids(map_: Map, label: str) -> list[str]:
    value = map_.hexes.get(label, map_.default_terrain)
    if isinstance(value, HexEntry):
        return [value.terrain, *value.overlays]
    if isinstance(value, list):
        return [str(v) for v in value]
    return [str(value)] if value else []


def _hex_items(grid: HexGrid, map_: Map, hex_: Hex, terrain: dict[str, Terrain]) -> list[Item]:
    label = grid.label(hex_)
    ids = _terrain_ids(map_, label)
    base = terrain.get(ids[0]) if ids else None
    fill = base.style.fill if base else "#ffffff"
    items: list[Item] = [Polyline(tuple(grid.corners_mm(hex_)), Paint(fill=fill, stroke=EDGE.stroke, stroke_mm=0.2),
                                  closed=True)]
    cx, cy = grid.centre_mm(hex_)
    for number, overlay in enumerate(terrain[i] for i in ids[1:] if i in terrain):
        items.append(Ellipse(cx - 2 + 4 * number, cy + 1.5, 1.6, 1.6, Paint(fill=overlay.style.fill)))
    size = grid.spec.hex_mm * 0.11
    items.append(Text(cx, cy - grid.spec.hex_mm * 0.3, label, size, fill="#404040", anchor="middle"))
    return items


def _paths(grid: HexGrid, map_: Map, inside: set[Hex], terrain: dict[str, Terrain]) -> list[Item]:
    items: list[Item] = []
    for path in map_.paths:
        style = terrain[path.feature].style if path.feature in terrain else None
        paint = Paint(stroke=style.fill if style else "#000000", stroke_mm=style.line_width_mm if style else 0.8,
                      dash_mm=tuple(style.dash) if style else (), cap="round")
        hexes = [grid.find(label) for label in path.hexes]
        for a, b in zip(hexes, hexes[1:]):
            if a in inside and b in inside:
                items.append(Polyline((grid.centre_mm(a), grid.centre_mm(b)), paint))
    return items


def _hexsides(grid: HexGrid, map_: Map, inside: set[Hex], terrain: dict[str, Terrain]) -> list[Item]:
    items: list[Item] = []
    for side in map_.hexsides:
        a, b = grid.find(side.between[0]), grid.find(side.between[1])
        if a not in inside or b not in inside:
            continue
        shared = [p for p in grid.corners_mm(a) if any(abs(p[0] - q[0]) + abs(p[1] - q[1]) < 1e-3
                                                       for q in grid.corners_mm(b))]
        style = terrain[side.feature].style if side.feature in terrain else None
        if len(shared) == 2:
            items.append(Polyline(tuple(shared), Paint(stroke=style.fill if style else "#000000",
                                                       stroke_mm=style.line_width_mm if style else 1.0, cap="round")))
    return items


def _places(grid: HexGrid, map_: Map, inside: set[Hex], lang: str) -> list[Item]:
    items: list[Item] = []
    for place in map_.places:
        hex_ = grid.find(place.hex) if place.hex else None
        if hex_ in inside:
            cx, cy = grid.centre_mm(hex_)
            items.append(Text(cx, cy + grid.spec.hex_mm * 0.38, text_in(place.name, lang), grid.spec.hex_mm * 0.12,
                              bold=True, anchor="middle"))
    return items


def map_excerpt(game: Game, target: str, lang: str) -> Drawing | None:
    """Return the hexes between the two corner hexes of `target` (`0101-0510`), or None if no map has them."""
    terrain = {t.id: t for t in game.maps.terrain}
    for map_ in (m for m in game.maps.maps if m.kind == "hex" and m.grid is not None):
        grid = hex_grid(map_.grid)
        corners = _corners(grid, target)
        if corners is None:
            continue
        (a, b) = corners
        inside = {Hex(c, r) for c in range(min(a.col, b.col), max(a.col, b.col) + 1)
                  for r in range(min(a.row, b.row), max(a.row, b.row) + 1)}
        items = [item for h in sorted(inside) for item in _hex_items(grid, map_, h, terrain)]
        items += _hexsides(grid, map_, inside, terrain) + _paths(grid, map_, inside, terrain)
        items += _places(grid, map_, inside, lang)
        points = [p for h in inside for p in grid.corners_mm(h)]
        x0, y0 = min(p[0] for p in points), min(p[1] for p in points)
        x1, y1 = max(p[0] for p in points), max(p[1] for p in points)
        group = Group(tuple(items), dx_mm=MARGIN_MM - x0, dy_mm=MARGIN_MM - y0)
        return Drawing(x1 - x0 + 2 * MARGIN_MM, y1 - y0 + 2 * MARGIN_MM, (group,), title=target)
    return None
