"""Pixels for the module: one scale per game, and each hex grid placed so VASSAL names every hex by its id.

The scale is chosen so that counters come out about COUNTER_PX wide and the hex spacing of the first hex
map is (near) whole pixels: `dy` (across the flats) is a whole number and `dx` = dy·√3/2 is the closest
to one within ±10 % (VASSAL truncates centres to whole pixels; vassalengine/vassal#6627).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from builder.geometry.hexgrid import SQRT3, Hex, HexGrid
from builder.model.content import Game
from builder.model.map import AxisNumbering, Grid
from builder.model.units import MM_PER_INCH, parse_length_mm
from builder.plan.hexes import hex_grid
from builder.plan.vassal.grid import VassalHexGrid

COUNTER_PX = 56
"""Target width of a counter in the module, in pixels."""
TABLE_PX_PER_INCH = 50
"""Scale of a gridless table (whole pixels per inch, as VASSAL's range thread wants)."""
SEARCH = 0.1
"""How far (as a fraction) the hex spacing may stray from the target to find whole pixels."""


def hex_spacing_px(target_px: float) -> int:
    """Return the whole `dy` near `target_px` whose `dx` = dy·√3/2 is closest to a whole number."""
    low, high = max(8, round(target_px * (1 - SEARCH))), max(8, round(target_px * (1 + SEARCH)))
    return min(range(low, high + 1), key=lambda dy: (round(abs(dy * SQRT3 / 2 - round(dy * SQRT3 / 2)), 3),
                                                     abs(dy - target_px)))


def px_per_mm(game: Game) -> float:
    """Return the game's module scale: pixels per millimetre, for maps and counters alike."""
    counter_mm = parse_length_mm(game.game.print.counter_size)
    grids = [m.grid for m in game.maps.maps if m.kind == "hex" and m.grid is not None]
    if not grids:
        return TABLE_PX_PER_INCH / MM_PER_INCH if any(m.kind == "table" for m in game.maps.maps) \
            else COUNTER_PX / counter_mm
    target = grids[0].hex_mm * COUNTER_PX / counter_mm
    return hex_spacing_px(target) / grids[0].hex_mm


@dataclass(frozen=True)
class HexArea:
    """A content hex grid drawn in pixels: its VASSAL grid, where the drawing sits, and the area's size."""

    grid: Grid
    vassal: VassalHexGrid
    offset_px: tuple[float, float]
    size_px: tuple[int, int]
    scale: float
    hexes: HexGrid
    """The grid's hex maths."""

    def centre_px(self, hex_: Hex) -> tuple[float, float]:
        """Return a hex's drawn centre in the area's pixels."""
        x, y = self.hexes.centre_mm(hex_)
        return self.offset_px[0] + x * self.scale, self.offset_px[1] + y * self.scale


def _frame(flat: bool, pair: tuple[float, float]) -> tuple[float, float]:
    """Swap a pair between image (x, y) and VASSAL's frame when hexes are pointy (VASSAL `sideways`)."""
    return pair if flat else (pair[1], pair[0])


def _part(axis: AxisNumbering) -> tuple[str, int]:
    return ("A", 0) if axis.style == "alpha" else ("N", axis.digits - 1)


def _offset(axis: AxisNumbering, count: int, shift: int, maximum: int) -> int:
    """Return hOff/vOff so that raw index (content index + shift) prints the content's number."""
    if axis.descending:
        return axis.first + count - 1 + shift - maximum
    return axis.first - shift


def numbered(base: VassalHexGrid, grid: Grid, shift: int) -> VassalHexGrid:
    """Return the grid with the numbering attributes that reproduce the content's labels."""
    flat, numbering = grid.orientation == "flat", grid.numbering
    major, minor = (numbering.column, numbering.row) if flat else (numbering.row, numbering.column)
    n_major, n_minor = (grid.columns, grid.rows) if flat else (grid.rows, grid.columns)
    max_major = base.max_columns() if flat else base.max_rows()
    max_minor = base.max_rows() if flat else base.max_columns()
    (h_type, h_leading), (v_type, v_leading) = _part(major), _part(minor)
    # In sideways mode VASSAL's vDescend turns the column part and hDescend the row part.
    h_descend, v_descend = (major.descending, minor.descending) if flat else (minor.descending, major.descending)
    column_first = numbering.order == "column-row"
    return VassalHexGrid(
        base.x0, base.y0, base.dx, base.dy, base.sideways, base.container_px,
        first="H" if column_first == flat else "V", sep=numbering.separator,
        h_type=h_type, h_leading=h_leading, h_off=_offset(major, n_major, shift, max_major), h_descend=h_descend,
        v_type=v_type, v_leading=v_leading, v_off=_offset(minor, n_minor, 0, max_minor), v_descend=v_descend,
        stagger=numbering.stagger)


def hex_area(grid: Grid, scale: float) -> HexArea:
    """Return the grid placed in pixels, cut tight, with VASSAL attributes that name every hex by its label."""
    flat = grid.orientation == "flat"
    content = hex_grid(grid)
    dy = round(grid.hex_mm * scale, 6)
    dx = round(grid.hex_mm * scale * SQRT3 / 2, 6)
    cu, cv = _frame(flat, tuple(c * scale for c in content.centre_mm(Hex(0, 0))))
    shift = 0 if grid.first == "high" else 1  # a low first column is VASSAL's raw column 1
    # origin just short of the first centre, so the lattice points beyond the edges fall off the image
    # and a low first line is shifted, so VASSAL's raw row 0 lies half a hex above its centre
    u0, v0 = math.ceil(cu - shift * dx) - 1, math.ceil(cv - shift * dy / 2) - 1
    offset = (u0 + shift * dx - cu, v0 + shift * dy / 2 - cv)
    extent = _frame(flat, tuple(s * scale for s in content.size_mm()))
    size = (math.floor(offset[0] + extent[0]), math.floor(offset[1] + extent[1]))
    size_px = _frame(flat, size)
    base = VassalHexGrid(u0, v0, dx, dy, not flat, (int(size_px[0]), int(size_px[1])))
    return HexArea(grid, numbered(base, grid, shift), _frame(flat, offset), (int(size_px[0]), int(size_px[1])), scale,
                   content)


def label_problems(area: HexArea) -> list[tuple[str, str]]:
    """Return (label, what VASSAL makes of it) for every hex whose name or position does not round-trip."""
    content, problems = area.hexes, []
    for hex_ in content.all_hexes():
        label = content.label(hex_)
        cx, cy = area.centre_px(hex_)
        named = area.vassal.location_name((round(cx), round(cy)))
        if named != label:
            problems.append((label, f'VASSAL names its centre "{named}"'))
            continue
        try:
            x, y = area.vassal.location(label)
        except ValueError:
            problems.append((label, "VASSAL cannot read the label back"))
            continue
        if abs(x - cx) > 1.5 or abs(y - cy) > 1.5:
            problems.append((label, f"VASSAL puts it at ({x}, {y}), not at its centre ({cx:.0f}, {cy:.0f})"))
    return problems
