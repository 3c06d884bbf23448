"""VASSAL's HexGrid and HexGridNumbering, re-implemented to prove every hex's location name.

Described from VASSAL `HexGrid.java`, `mapgrid/HexGridNumbering.java` and `RegularGridNumbering.java`
(never copied). In VASSAL's frame a hex grid has vertical columns `dx` apart; inside a column hexes are
`dy` apart and odd raw columns sit `dy/2` lower. `sideways` (pointy-topped hexes) swaps x and y of every
point first, so there `x0`/`dx` run down the board and `y0`/`dy` across it. Java's integer casts and
rounding are kept, and so are its quirks: descending numbering counts from a maximum that mixes `dx`
and `dy`, and in sideways mode `vDescend` turns the column part and `hDescend` the row part.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

Point = tuple[int, int]

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
# RegularGridNumbering.ALPHABETIC_MATCH: runs of one repeated capital (A…Z, AA, BB…)
ALPHA_PATTERN = "-?(?:" + "|".join(f"{c}+" for c in ALPHABET) + ")"


class BadCoords(ValueError):
    """A label that the numbering cannot turn back into a point (VASSAL's MapGrid.BadCoords)."""


@dataclass(frozen=True)
class VassalHexGrid:
    """The attributes of a HexGrid and its HexGridNumbering, and the size of the grid's container."""

    x0: int
    y0: int
    dx: float
    dy: float
    sideways: bool
    container_px: tuple[int, int]
    first: str = "H"
    sep: str = ""
    h_type: str = "N"
    h_leading: int = 1
    h_off: int = 1
    h_descend: bool = False
    v_type: str = "N"
    v_leading: int = 1
    v_off: int = 1
    v_descend: bool = False
    stagger: bool = False

    def _turned(self, p: Point) -> Point:
        return (p[1], p[0]) if self.sideways else p

    def raw_column(self, p: Point) -> int:
        """Return VASSAL's raw column of a point (HexGrid.getRawColumn)."""
        u, _ = self._turned(p)
        return math.floor((u - self.x0) / self.dx + 0.5)

    def raw_row(self, p: Point) -> int:
        """Return VASSAL's raw row of a point (HexGrid.getRawRow)."""
        u, v = self._turned(p)
        column = math.floor((u - self.x0) / self.dx + 0.5)
        shift = 0.0 if column % 2 == 0 else self.dy / 2
        return math.floor((v - self.y0 - shift) / self.dy + 0.5)

    def max_rows(self) -> int:
        """Return HexGridNumbering.getMaxRows: container height over dx (sic)."""
        return math.floor(self.container_px[1] / self.dx + 0.5)

    def max_columns(self) -> int:
        """Return HexGridNumbering.getMaxColumns: container width over dy (sic)."""
        return math.floor(self.container_px[0] / self.dy + 0.5)

    def column(self, p: Point) -> int:
        """Return the numbered column of a point, before hOff (HexGridNumbering.getColumn)."""
        x = self.raw_column(p)
        if self.v_descend and self.sideways:
            x = self.max_rows() - x
        if self.h_descend and not self.sideways:
            x = self.max_columns() - x
        return x

    def row(self, p: Point) -> int:
        """Return the numbered row of a point, before vOff (HexGridNumbering.getRow)."""
        y = self.raw_row(p)
        if self.v_descend and not self.sideways:
            y = self.max_rows() - y
        if self.h_descend and self.sideways:
            y = self.max_columns() - y
        if self.stagger and self.raw_column(p) % 2 != 0:
            descending = self.h_descend if self.sideways else self.v_descend
            y += -1 if descending else 1
        return y

    def location_name(self, p: Point) -> str:
        """Return the location name VASSAL gives a point (format `$gridLocation$`)."""
        return self.name(self.row(p), self.column(p))

    def name(self, row: int, column: int) -> str:
        """Return the label of a numbered row and column (RegularGridNumbering.getName)."""
        row_name = part_name(row + self.v_off, self.v_type, self.v_leading)
        col_name = part_name(column + self.h_off, self.h_type, self.h_leading)
        return col_name + self.sep + row_name if self.first == "H" else row_name + self.sep + col_name

    def location(self, label: str) -> Point:
        """Return the point VASSAL puts a label at (RegularGridNumbering.getLocation), or raise BadCoords."""
        col_pattern = part_pattern(self.h_type, self.h_leading)
        row_pattern = part_pattern(self.v_type, self.v_leading)
        first, second = (col_pattern, row_pattern) if self.first == "H" else (row_pattern, col_pattern)
        found = re.fullmatch(f"({first}){re.escape(self.sep)}({second})", label)
        if found is None:
            raise BadCoords(label)
        col_text, row_text = found.groups() if self.first == "H" else found.groups()[::-1]
        return self.centre(parse_part(col_text, self.h_type) - self.h_off,
                           parse_part(row_text, self.v_type) - self.v_off)

    def centre(self, col: int, row: int) -> Point:
        """Return the centre of a numbered column and row (HexGridNumbering.getCenterPoint)."""
        if self.stagger and col % 2 != 0:
            descending = self.h_descend if self.sideways else self.v_descend
            row += 1 if descending else -1
        if self.sideways:
            col = self.max_rows() - col if self.v_descend else col
            row = self.max_columns() - row if self.h_descend else row
        else:
            col = self.max_columns() - col if self.h_descend else col
            row = self.max_rows() - row if self.v_descend else row
        u = math.trunc(col * self.dx) + self.x0
        v = math.trunc(row * self.dy if col % 2 == 0 else row * self.dy + self.dy / 2) + self.y0
        return (v, u) if self.sideways else (u, v)


def part_name(value: int, kind: str, leading: int) -> str:
    """Return one part of a label: letters (A=0, Z=25, AA=26, BB=27) or zero-padded digits."""
    sign = "-" if value < 0 else ""
    value = abs(value)
    if kind == "A":
        return sign + ALPHABET[value % 26] * (value // 26 + 1)
    return sign + str(value).rjust(leading + 1, "0")


def part_pattern(kind: str, leading: int) -> str:
    """Return the pattern VASSAL matches one part of a label with."""
    return ALPHA_PATTERN if kind == "A" else f"-?[0-9]{{{leading + 1},}}"


def parse_part(text: str, kind: str) -> int:
    """Return the number of one part of a label (RegularGridNumbering.parseName)."""
    if kind != "A":
        return int(text)
    negative = text.startswith("-")
    letters = text[1:] if negative else text
    value = 26 * (len(letters) - 1) + ALPHABET.index(letters[-1])
    return -value if negative else value
