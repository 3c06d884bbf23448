"""Hex grid maths: offset and cube coordinates, labels, neighbours, distance, centres in mm.

Offset coordinates are 0-based (column, row) from the top-left hex. Cube/axial maths after Red Blob
Games' "Hexagonal Grids"; the labels follow the content's numbering scheme, which the VASSAL exporter
reproduces with HexGridNumbering.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

from builder.model.map import AxisNumbering, Grid

SQRT3 = math.sqrt(3.0)
_CUBE_DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


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


def axis_label(value: int, axis: AxisNumbering) -> str:
    """Return one part of a label: zero-padded digits, or letters."""
    if axis.style == "alpha":
        return alpha_label(value)
    text = str(abs(value)).rjust(axis.digits, "0")
    return ("-" + text) if value < 0 else text


@dataclass(frozen=True)
class HexGrid:
    """A hex grid as the content describes it, with every label it prints."""

    spec: Grid

    @property
    def flat(self) -> bool:
        """Return whether hexes are flat-topped (vertical columns)."""
        return self.spec.orientation == "flat"

    def is_shifted(self, hex_: Hex) -> bool:
        """Return whether this hex's column (flat) or row (pointy) sits half a hex down (right)."""
        index = hex_.col if self.flat else hex_.row
        return (index % 2 == 1) if self.spec.first == "high" else (index % 2 == 0)

    def contains(self, hex_: Hex) -> bool:
        """Return whether the hex lies on the grid."""
        return 0 <= hex_.col < self.spec.columns and 0 <= hex_.row < self.spec.rows

    def all_hexes(self) -> list[Hex]:
        """Return every hex, column by column."""
        return [Hex(c, r) for c in range(self.spec.columns) for r in range(self.spec.rows)]

    def label(self, hex_: Hex) -> str:
        """Return the label printed in the hex."""
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
        col_text = axis_label(col_value, numbering.column)
        row_text = axis_label(row_value, numbering.row)
        first, second = (col_text, row_text) if numbering.order == "column-row" else (row_text, col_text)
        return f"{first}{numbering.separator}{second}"

    @cached_property
    def _by_label(self) -> dict[str, Hex]:
        return {self.label(h): h for h in self.all_hexes()}

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
        qa, ra, sa = self.cube(a)
        qb, rb, sb = self.cube(b)
        return max(abs(qa - qb), abs(ra - rb), abs(sa - sb))

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

    def centre_mm(self, hex_: Hex) -> tuple[float, float]:
        """Return the hex centre in mm from the top-left corner of the grid's bounding box."""
        side, across = self.radius_mm, self.spec.hex_mm
        if self.flat:
            x = side + 1.5 * side * hex_.col
            y = across / 2 + across * hex_.row + (across / 2 if self.is_shifted(hex_) else 0.0)
        else:
            x = across / 2 + across * hex_.col + (across / 2 if self.is_shifted(hex_) else 0.0)
            y = side + 1.5 * side * hex_.row
        return x, y

    def corners_mm(self, hex_: Hex) -> list[tuple[float, float]]:
        """Return the six corners of the hex in mm."""
        cx, cy = self.centre_mm(hex_)
        start = 0.0 if self.flat else -30.0
        return [(cx + self.radius_mm * math.cos(math.radians(start + 60 * i)),
                 cy + self.radius_mm * math.sin(math.radians(start + 60 * i))) for i in range(6)]

    def size_mm(self) -> tuple[float, float]:
        """Return the width and height of the grid's bounding box."""
        side, across = self.radius_mm, self.spec.hex_mm
        cols, rows = self.spec.columns, self.spec.rows
        if self.flat:
            return 2 * side + 1.5 * side * (cols - 1), across * rows + (across / 2 if cols > 1 else 0.0)
        return across * cols + (across / 2 if rows > 1 else 0.0), 2 * side + 1.5 * side * (rows - 1)
