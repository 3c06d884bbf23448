"""Lengths with units, as content may write them: `5/8in`, `16mm`, `72in`."""

import re
from fractions import Fraction

MM_PER_INCH = 25.4

_LENGTH = re.compile(r"^\s*(?P<num>\d+(?:\.\d+)?(?:/\d+)?)\s*(?P<unit>mm|cm|in|\")\s*$")


def parse_length_mm(text: str) -> float:
    """Return the length `text` (e.g. `9/16in`, `16mm`) in millimetres; raise ValueError if unreadable."""
    match = _LENGTH.match(text)
    if not match:
        raise ValueError(f'"{text}" is not a length: write a number and a unit, such as 5/8in or 16mm')
    amount = float(Fraction(match["num"]))
    unit = match["unit"]
    if amount <= 0:
        raise ValueError(f'"{text}" must be longer than zero')
    if unit in ("in", '"'):
        return amount * MM_PER_INCH
    return amount * (10.0 if unit == "cm" else 1.0)

POINTS_PER_INCH = 72
"""PostScript points (the PDF's unit and a type size's) in an inch."""
MM_PER_PT = MM_PER_INCH / POINTS_PER_INCH
