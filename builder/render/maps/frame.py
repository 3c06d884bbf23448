"""Where a hex map sits on its sheet, and what stands in each hex (terrain, overlays, height)."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from builder.geometry.hexgrid import Hex, HexGrid, Hexside
from builder.model.map import HexEntry, Map, Terrain

HEX_NUMBER_SIZE = 0.11
"""Height of the hex numbers as a fraction of the hex's width across flats."""
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

    @property
    def width_mm(self) -> float:
        """Return the width of the grid's rectangle."""
        return self.grid.size_mm()[0]

    @property
    def height_mm(self) -> float:
        """Return the height of the grid's rectangle."""
        return self.grid.size_mm()[1]

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
        return self.grid.spec.hex_mm * HEX_NUMBER_SIZE

    def number_anchors(self) -> tuple[np.ndarray, np.ndarray]:
        """Return x and y of the baseline centre of every hex's number (small, at the top of the hex),
        column by column (as all_hexes)."""
        grid = self.grid
        (ux, uy), units = grid.half_units, grid.centre_units_array(grid.all_hexes())
        cx, cy = ux * units[:, 0] + self.x_mm, uy * units[:, 1] + self.y_mm
        size, across = self.number_size_mm, grid.spec.hex_mm
        if grid.flat:
            return cx, cy - across / 2 + across * HEX_NUMBER_GAP + size * 0.8
        # pointy top: below the shoulders, where the hex is wide enough for four digits
        return cx, cy - grid.radius_mm / 2 + across * HEX_NUMBER_GAP + size * 0.4


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
