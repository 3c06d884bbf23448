"""Where a hex map sits on its sheet, and what stands in each hex (terrain, overlays, height)."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from builder.geometry.hexgrid import Hex, HexGrid, Hexside
from builder.model.map import HexEntry, Map, Terrain
from builder.model.map_art import HexNumbers, MapSide

HEX_NUMBER_GAP = 0.05
"""Gap between the hex's top (flat side or the corner's shoulder) and its number, as a fraction of the hex."""


@dataclass(frozen=True)
class HexContent:
    """What stands in one hex: base terrain, overlays and height level."""

    terrain: str
    overlays: tuple[str, ...] = ()
    elevation: int | None = None


@dataclass(frozen=True)
class HexFrame:
    """A hex grid placed on a sheet: its top-left corner at (x_mm, y_mm)."""

    grid: HexGrid
    x_mm: float
    y_mm: float
    numbers: HexNumbers = HexNumbers.model_construct()  # made, not validated: an emitter builds no validator
    """How the hex numbers are printed."""
    cut_mm: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    """How far the printed map is cut in from the grid's rectangle on the west, north, east and south:
    through the centres of the outermost hexes where the map has half hexes."""

    @classmethod
    def of(cls, map_: Map, grid: HexGrid, x_mm: float, y_mm: float) -> "HexFrame":
        """Return the grid of a hex map with its printed rectangle's top-left corner at (x_mm, y_mm)."""
        cut = half_hex_cut(grid, map_.art.half_hexes)
        return cls(grid, x_mm - cut[0], y_mm - cut[1], map_.art.numbers, cut)

    @property
    def rect(self) -> tuple[float, float, float, float]:
        """Return the printed map's rectangle (x, y, width, height): the grid's, less the half hexes' cut."""
        west, north, east, south = self.cut_mm
        w, h = self.grid.size_mm()
        return self.x_mm + west, self.y_mm + north, w - west - east, h - north - south

    @property
    def width_mm(self) -> float:
        """Return the width of the printed map."""
        return self.rect[2]

    @property
    def height_mm(self) -> float:
        """Return the height of the printed map."""
        return self.rect[3]

    def centre(self, hex_: Hex) -> tuple[float, float]:
        """Return the hex centre on the sheet."""
        x, y = self.grid.centre_mm(hex_)
        return x + self.x_mm, y + self.y_mm

    def corners(self, hex_: Hex) -> list[tuple[float, float]]:
        """Return the hex corners on the sheet."""
        return [(x + self.x_mm, y + self.y_mm) for x, y in self.grid.corners_mm(hex_)]

    def side_ends(self, side: Hexside) -> tuple[tuple[float, float], tuple[float, float]]:
        """Return the two ends of a hexside on the sheet."""
        (ax, ay), (bx, by) = self.grid.hexside_corners_mm(side)
        return (ax + self.x_mm, ay + self.y_mm), (bx + self.x_mm, by + self.y_mm)

    @property
    def number_size_mm(self) -> float:
        """Return the text height of the hex numbers."""
        return self.grid.spec.hex_mm * self.numbers.size

    def number_anchors(self) -> tuple[np.ndarray, np.ndarray]:
        """Return x and y of the baseline centre of every hex's number (at the top, centre or bottom of the
        hex), column by column (as all_hexes)."""
        grid = self.grid
        (ux, uy), units = grid.half_units, grid.centre_units_array(grid.all_hexes())
        cx, cy = ux * units[:, 0] + self.x_mm, uy * units[:, 1] + self.y_mm
        size, across = self.number_size_mm, grid.spec.hex_mm
        # pointy top: below the shoulders (above the lower ones), where the hex is wide enough for four digits
        reach = across / 2 if grid.flat else grid.radius_mm / 2
        lift = size * 0.8 if grid.flat else size * 0.4
        if self.numbers.position == "centre":
            return cx, cy + size * 0.36
        if self.numbers.position == "bottom":
            return cx, cy + reach - across * HEX_NUMBER_GAP - (size * 0.2 if grid.flat else size * -0.4)
        return cx, cy - reach + across * HEX_NUMBER_GAP + lift

    def kept_inside(self, xs: np.ndarray, ys: np.ndarray, half_widths: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Return the numbers' anchors moved inside the printed rectangle where half hexes cut them off."""
        if not any(self.cut_mm):
            return xs, ys
        x, y, w, h = self.rect
        size, gap = self.number_size_mm, self.grid.spec.hex_mm * HEX_NUMBER_GAP
        xs = np.clip(xs, x + half_widths + gap, x + w - half_widths - gap)
        return xs, np.clip(ys, y + gap + size * 0.8, y + h - gap)


def half_hex_cut(grid: HexGrid, sides: list[MapSide]) -> tuple[float, float, float, float]:
    """Return how far the map is cut in on the west, north, east and south: to the outermost hexes' centres on
    each side that has half hexes, else nothing."""
    if not sides:
        return 0.0, 0.0, 0.0, 0.0
    (ux, uy), units = grid.half_units, grid.centre_units_array(grid.all_hexes())
    w, h = grid.size_mm()
    reach = {"west": ux * units[:, 0].min(), "north": uy * units[:, 1].min(),
             "east": w - ux * units[:, 0].max(), "south": h - uy * units[:, 1].max()}
    return tuple(float(reach[side]) if side in sides else 0.0 for side in ("west", "north", "east", "south"))


def hex_contents(map_: Map, grid: HexGrid) -> dict[Hex, HexContent]:
    """Return the content of every hex of the grid that has a terrain."""
    found: dict[Hex, HexContent] = {}
    if map_.default_terrain:
        found = dict.fromkeys(grid.all_hexes(), HexContent(map_.default_terrain))  # one value: it is frozen
    for label, value in map_.hexes.items():
        hex_ = grid.find(label)
        if hex_ is None:
            continue
        if isinstance(value, HexEntry):
            found[hex_] = HexContent(value.terrain, tuple(value.overlays), value.elevation)
        elif isinstance(value, list):
            if value:
                found[hex_] = HexContent(value[0], tuple(value[1:]))
        else:
            found[hex_] = HexContent(str(value))
    return found


def terrain_by_id(terrain: list[Terrain]) -> dict[str, Terrain]:
    """Return terrain types by id; the first of a duplicated id wins."""
    out: dict[str, Terrain] = {}
    for item in terrain:
        out.setdefault(item.id, item)
    return out
