"""Hex grid maths: offset and cube coordinates, labels, neighbours, distance, lines, hexsides, mm.

Offset coordinates are 0-based (column, row) from the top-left hex. Cube/axial maths after Red Blob
Games' "Hexagonal Grids"; the labels follow the content's numbering scheme, which the VASSAL exporter
reproduces with HexGridNumbering. A grid is given as plain values (GridShape), not as the content model:
builder/plan/hexes.py `hex_grid` turns a map's grid into one.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    import numpy as np

SQRT3 = math.sqrt(3.0)
_CUBE_DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
# The two corners (indices into corners_mm) of the side facing each cube direction. With y down,
# direction 0 points at 30° (flat) or 0° (pointy) and its side runs between corners 0 and 1; each
# next direction turns 60° anticlockwise on paper, one corner back. Same table for both orientations,
# because corner 0 sits 30° clockwise of direction 0 in both.
_SIDE_CORNERS = tuple(((6 - k) % 6, (7 - k) % 6) for k in range(6))
# Red Blob Games, "Line drawing": nudge the end points so a line along a hexside picks one side.
_LINE_NUDGE = (1e-6, 2e-6, -3e-6)

# Corner offsets from the centre in lattice half steps (see HexGrid.half_units): flat corners at
# 0°, 60°, … (y down), pointy corners at -30°, 30°, …; a flat hex spans 4 × 2 half steps, a pointy one 2 × 4.
_FLAT_CORNERS = ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))
_POINTY_CORNERS = ((1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1), (0, -2))

Point = tuple[float, float]


@dataclass(frozen=True)
class AxisLabels:
    """How one axis (columns or rows) is numbered in the labels."""

    style: Literal["numeric", "alpha"]
    """Digits, or letters (A…Z, AA, BB…)."""
    digits: int
    """Minimum digits, zero-padded."""
    first: int
    """Number (or letter index, A = 0) of the first column or row."""
    descending: bool
    """Whether numbers run down from the far edge."""


@dataclass(frozen=True)
class Labelling:
    """How a hex's label is made of its column's and its row's parts."""

    order: Literal["column-row", "row-column"]
    separator: str
    column: AxisLabels
    row: AxisLabels
    stagger: bool
    """Whether the shifted columns (rows) number their hexes one higher."""


@dataclass(frozen=True)
class GridShape:
    """A hex grid's shape, size and numbering, as plain values."""

    orientation: Literal["flat", "pointy"]
    columns: int
    rows: int
    hex_mm: float
    """Distance across flats of one hex."""
    first: Literal["high", "low"]
    """Whether the first column (flat) or row (pointy) sits higher/left of the second or lower."""
    numbering: Labelling


@dataclass(frozen=True, order=True)
class Hex:
    """A hex by 0-based offset column and row."""

    col: int
    row: int


def alpha_label(value: int) -> str:
    """Return the letters for `value` as wargame maps write them: 0 → A, 25 → Z, 26 → AA, 27 → BB."""
    if value < 0:
        return "-" + alpha_label(-value)
    return chr(ord("A") + value % 26) * (value // 26 + 1)


def axis_label(value: int, axis: AxisLabels) -> str:
    """Return one part of a label: zero-padded digits, or letters."""
    if axis.style == "alpha":
        return alpha_label(value)
    text = str(abs(value)).rjust(axis.digits, "0")
    return ("-" + text) if value < 0 else text


@dataclass(frozen=True, order=True)
class Hexside:
    """The side shared by two adjacent hexes: one value whichever hex it is named from (a < b)."""

    a: Hex
    b: Hex

    @classmethod
    def of(cls, first: Hex, second: Hex) -> "Hexside":
        """Return the side between two hexes, in its one canonical order."""
        return cls(first, second) if first <= second else cls(second, first)


def cube_distance(a: tuple[int, int, int], b: tuple[int, int, int]) -> int:
    """Return the distance in hexes between two hexes given by their cube coordinates (HexGrid.cube)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))


@dataclass(frozen=True)
class HexGrid:
    """A hex grid as the content describes it, with every label it prints."""

    spec: GridShape

    @property
    def flat(self) -> bool:
        """Return whether hexes are flat-topped (vertical columns)."""
        return self.spec.orientation == "flat"

    def is_shifted(self, hex_: Hex) -> bool:
        """Return whether this hex's column (flat) or row (pointy) sits half a hex down (right)."""
        flat, parity = self._shape
        return (hex_.col if flat else hex_.row) % 2 == parity

    def contains(self, hex_: Hex) -> bool:
        """Return whether the hex lies on the grid."""
        return 0 <= hex_.col < self.spec.columns and 0 <= hex_.row < self.spec.rows

    def all_hexes(self) -> list[Hex]:
        """Return every hex, column by column."""
        return list(self._all_hexes)

    @cached_property
    def _all_hexes(self) -> tuple[Hex, ...]:
        # made once: a map's layers each go through every hex
        return tuple(Hex(c, r) for c in range(self.spec.columns) for r in range(self.spec.rows))

    def edge_hexes(self) -> list[Hex]:
        """Return the hexes with a side on the grid's edge (fewer than six neighbours), column by column.

        The grid is a full rectangle of columns and rows, so these are the hexes of its first and last
        column and row: found without asking each hex for its neighbours.
        """
        last_col, last_row = self.spec.columns - 1, self.spec.rows - 1
        return [h for h in self.all_hexes() if h.col in (0, last_col) or h.row in (0, last_row)]

    def label(self, hex_: Hex) -> str:
        """Return the label printed in the hex."""
        numbering = self.spec.numbering
        col_text, row_text = self.label_parts(hex_)
        first, second = (col_text, row_text) if numbering.order == "column-row" else (row_text, col_text)
        return f"{first}{numbering.separator}{second}"

    def label_parts(self, hex_: Hex) -> tuple[str, str]:
        """Return the column's and the row's part of the hex's label."""
        numbering = self.spec.numbering
        col_index = self.spec.columns - 1 - hex_.col if numbering.column.descending else hex_.col
        row_index = self.spec.rows - 1 - hex_.row if numbering.row.descending else hex_.row
        col_value = numbering.column.first + col_index
        row_value = numbering.row.first + row_index
        if numbering.stagger and self.is_shifted(hex_):
            if self.flat:
                row_value += 1
            else:
                col_value += 1
        return axis_label(col_value, numbering.column), axis_label(row_value, numbering.row)

    @cached_property
    def _labels(self) -> tuple[str, ...]:
        # made once: the hex numbers and the look-up by label both go through every hex
        return tuple(self.label(h) for h in self._all_hexes)

    def hex_labels(self) -> tuple[str, ...]:
        """Return the label of every hex, column by column (as all_hexes)."""
        return self._labels

    @cached_property
    def _by_label(self) -> dict[str, Hex]:
        return dict(zip(self._labels, self._all_hexes))

    def find(self, label: str) -> Hex | None:
        """Return the hex printed with `label`, or None when no hex has it."""
        return self._by_label.get(label)

    def labels(self) -> list[str]:
        """Return every label, column by column."""
        return list(self._by_label)

    def _parity_offset(self, index: int) -> int:
        # odd-q / odd-r when the first column (row) is the high one, even-q / even-r otherwise
        return (index - (index & 1)) // 2 if self.spec.first == "high" else (index + (index & 1)) // 2

    def cube(self, hex_: Hex) -> tuple[int, int, int]:
        """Return the cube coordinates (q, r, s) of the hex."""
        if self.flat:
            q, r = hex_.col, hex_.row - self._parity_offset(hex_.col)
        else:
            q, r = hex_.col - self._parity_offset(hex_.row), hex_.row
        return q, r, -q - r

    def from_cube(self, q: int, r: int) -> Hex:
        """Return the offset hex of cube coordinates (q, r)."""
        if self.flat:
            return Hex(q, r + self._parity_offset(q))
        return Hex(q + self._parity_offset(r), r)

    def distance(self, a: Hex, b: Hex) -> int:
        """Return the distance in hexes."""
        return cube_distance(self.cube(a), self.cube(b))

    def neighbours(self, hex_: Hex) -> list[Hex]:
        """Return the adjacent hexes that lie on the grid."""
        q, r, _ = self.cube(hex_)
        found = (self.from_cube(q + dq, r + dr) for dq, dr in _CUBE_DIRECTIONS)
        return [h for h in found if self.contains(h)]

    def within(self, centre: Hex, radius: int) -> list[Hex]:
        """Return every hex on the grid within `radius` of `centre`, centre included."""
        q0, r0, _ = self.cube(centre)
        found = []
        for dq in range(-radius, radius + 1):
            for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
                h = self.from_cube(q0 + dq, r0 + dr)
                if self.contains(h):
                    found.append(h)
        return sorted(found)

    @property
    def radius_mm(self) -> float:
        """Return the distance from centre to corner (the side length)."""
        return self.spec.hex_mm / SQRT3

    @cached_property
    def half_units(self) -> tuple[float, float]:
        """Return the lattice steps every centre and corner lies on: (x step, y step) in mm."""
        side, across = self.radius_mm, self.spec.hex_mm
        return (side / 2, across / 2) if self.flat else (across / 2, side / 2)

    @cached_property
    def corner_units(self) -> tuple[tuple[int, int], ...]:
        """Return the six corners' offsets from the centre in half steps, in the order of corners_mm."""
        return _FLAT_CORNERS if self.flat else _POINTY_CORNERS

    @cached_property
    def _shape(self) -> tuple[bool, int]:
        # (flat, the parity of a shifted column or row): worked out once, a map asks for every hex's corners
        return self.flat, 1 if self.spec.first == "high" else 0

    def _centre_units_at(self, col, row):
        """Return the centre in half steps of the hex at (col, row): whole numbers, or numpy columns of them."""
        flat, parity = self._shape
        if flat:
            return 2 + 3 * col, 1 + 2 * row + (col % 2 == parity)
        return 1 + 2 * col + (row % 2 == parity), 2 + 3 * row

    def centre_units(self, hex_: Hex) -> tuple[int, int]:
        """Return the hex centre in half steps (see half_units) from the top-left corner of the bounding box."""
        return self._centre_units_at(hex_.col, hex_.row)

    def centre_units_array(self, hexes: list[Hex]) -> np.ndarray:
        """Return centre_units of each hex as rows (i, j): the arithmetic of all of them at once."""
        import numpy as np  # here, not above: the checks use this module without it (0.09 s to import)

        col = np.fromiter((h.col for h in hexes), dtype=np.int64, count=len(hexes))
        row = np.fromiter((h.row for h in hexes), dtype=np.int64, count=len(hexes))
        return np.stack(self._centre_units_at(col, row), axis=1)

    def centre_mm(self, hex_: Hex) -> tuple[float, float]:
        """Return the hex centre in mm from the top-left corner of the grid's bounding box."""
        (ux, uy), (i, j) = self.half_units, self.centre_units(hex_)
        return ux * i, uy * j

    def corners_mm(self, hex_: Hex) -> list[tuple[float, float]]:
        """Return the six corners of the hex in mm, clockwise on paper from the east (flat) or east-north-east.

        Corners are computed on the grid's lattice of half steps, so a corner shared by neighbouring
        hexes has the very same coordinates in each of them.
        """
        (ux, uy), (i, j) = self.half_units, self.centre_units(hex_)
        return [(ux * (i + di), uy * (j + dj)) for di, dj in self.corner_units]

    def size_mm(self) -> tuple[float, float]:
        """Return the width and height of the grid's bounding box."""
        side, across = self.radius_mm, self.spec.hex_mm
        cols, rows = self.spec.columns, self.spec.rows
        # half a hex more wherever some column (row) is shifted: always with two, and with one low one
        if self.flat:
            shifted = cols > 1 or self.spec.first == "low"
            return 2 * side + 1.5 * side * (cols - 1), across * rows + (across / 2 if shifted else 0.0)
        shifted = rows > 1 or self.spec.first == "low"
        return across * cols + (across / 2 if shifted else 0.0), 2 * side + 1.5 * side * (rows - 1)

    def direction(self, a: Hex, b: Hex) -> int | None:
        """Return the cube direction (0-5) from a to the adjacent hex b, or None if not adjacent."""
        qa, ra, _ = self.cube(a)
        qb, rb, _ = self.cube(b)
        try:
            return _CUBE_DIRECTIONS.index((qb - qa, rb - ra))
        except ValueError:
            return None

    def hexside_between(self, a: Hex, b: Hex) -> Hexside | None:
        """Return the side a and b share (either may lie off the grid), or None if they do not touch."""
        return Hexside.of(a, b) if self.direction(a, b) is not None else None

    def hexsides(self, hex_: Hex) -> list[Hexside]:
        """Return the six sides of a hex, by direction; sides on the map edge face an off-grid hex."""
        q, r, _ = self.cube(hex_)
        return [Hexside.of(hex_, self.from_cube(q + dq, r + dr)) for dq, dr in _CUBE_DIRECTIONS]

    def all_hexsides(self) -> list[Hexside]:
        """Return every side of every hex on the grid once, sorted."""
        return sorted({side for hex_ in self.all_hexes() for side in self.hexsides(hex_)})

    def _neighbour_steps(self, shifted: bool) -> list[tuple[int, int]]:
        """Return the (column, row) step to the neighbour in each cube direction, for a hex that is
        shifted or not: in offset coordinates the steps depend on nothing else."""
        index = 3 if self.is_shifted(Hex(3, 3)) == shifted else 4  # a hex of that kind, away from any edge
        sample = Hex(index, index)
        q, r, _ = self.cube(sample)
        return [(h.col - sample.col, h.row - sample.row)
                for h in (self.from_cube(q + dq, r + dr) for dq, dr in _CUBE_DIRECTIONS)]

    def hexside_segments_mm(self) -> list[tuple[Point, Point]]:
        """Return the two ends of every side of every hex on the grid, each side once, hex by hex.

        A side is drawn by the lower of its two hexes, or by its only hex on the grid's edge.
        """
        return [((x0, y0), (x1, y1)) for x0, y0, x1, y1 in self.hexside_segments_array().tolist()]

    def hexside_segments_array(self) -> np.ndarray:
        """Return hexside_segments_mm as rows (x0, y0, x1, y1): the arithmetic of all hexes at once, each
        corner the same product of a half step and a whole number as corners_mm makes it."""
        import numpy as np

        columns, rows = self.spec.columns, self.spec.rows
        col = np.repeat(np.arange(columns), rows)  # column by column, as all_hexes
        row = np.tile(np.arange(rows), columns)
        flat, parity = self._shape
        shifted = ((col if flat else row) % 2) == parity
        i, j = self._centre_units_at(col, row)
        (ux, uy), corners = self.half_units, np.array(self.corner_units)
        # per direction: the step to the neighbour for a hex that is shifted or not, and the side's corners
        steps = np.array([self._neighbour_steps(False), self._neighbour_steps(True)])
        dc = np.where(shifted[:, None], steps[1, :, 0], steps[0, :, 0])
        dr = np.where(shifted[:, None], steps[1, :, 1], steps[0, :, 1])
        other_col, other_row = col[:, None] + dc, row[:, None] + dr
        later = (other_col > col[:, None]) | ((other_col == col[:, None]) & (other_row > row[:, None]))
        off = (other_col < 0) | (other_col >= columns) | (other_row < 0) | (other_row >= rows)
        ends = corners[np.array(_SIDE_CORNERS)]  # direction, end, (di, dj)
        xs = ux * (i[:, None, None] + ends[None, :, :, 0])
        ys = uy * (j[:, None, None] + ends[None, :, :, 1])
        return np.stack([xs, ys], axis=3).reshape(len(col), 6, 4)[later | off]

    def hexside_corners_mm(self, side: Hexside) -> tuple[Point, Point]:
        """Return the two end points of the side, taken from its first hex's corners."""
        direction = self.direction(side.a, side.b)
        if direction is None:
            raise ValueError(f"{side} joins hexes that do not touch")
        first, second = _SIDE_CORNERS[direction]
        corners = self.corners_mm(side.a)
        return corners[first], corners[second]

    def hexside_id(self, side: Hexside) -> str:
        """Return the side's id: the labels of its two hexes, in canonical order, joined by `|`."""
        return f"{self.label(side.a)}|{self.label(side.b)}"

    def line(self, a: Hex, b: Hex) -> list[Hex]:
        """Return the hexes a straight line from a's centre to b's centre passes through, a and b included.

        A line running exactly along a hexside takes the hexes on one side, always the same one
        (the nudge of Red Blob Games' line drawing); hexes off the grid are returned as they are.
        """
        count = self.distance(a, b)
        qa, ra, sa = (v + n for v, n in zip(self.cube(a), _LINE_NUDGE))
        qb, rb, sb = (v + n for v, n in zip(self.cube(b), _LINE_NUDGE))
        found = []
        for i in range(count + 1):
            t = i / count if count else 0.0
            q, r = _cube_round(qa + (qb - qa) * t, ra + (rb - ra) * t, sa + (sb - sa) * t)
            found.append(self.from_cube(q, r))
        return found


def _cube_round(q: float, r: float, s: float) -> tuple[int, int]:
    """Return the cube hex (q, r) nearest to fractional cube coordinates."""
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return rq, rr
