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


PAPERS_MM: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0), "letter": (215.9, 279.4),
    "a3": (297.0, 420.0), "a2": (420.0, 594.0), "a1": (594.0, 841.0),
    "tabloid": (279.4, 431.8), "22x34in": (558.8, 863.6),
}
"""Portrait paper sizes, short side first: ISO 216 A4-A1; US Letter (8.5 × 11 in), Tabloid (11 × 17 in)
and ANSI D / Arch (22 × 34 in), the large-format sheets print shops stock."""

SAME_SIZE_MM = 25.0
"""Papers whose sizes differ by at most this in each dimension (A4 and Letter: 5.9 × 17.6 mm) share one
type area: a document is typeset once for them all (`paper_groups`)."""


def paper_groups(papers: list[str] | tuple[str, ...]) -> list[tuple[str, ...]]:
    """Return `papers` in groups of about the same size, in order: each paper joins the first group whose every
    paper differs from it by at most SAME_SIZE_MM in each dimension, or starts a group of its own."""
    groups: list[list[str]] = []
    for paper in papers:
        width, height = PAPERS_MM[paper]
        near = (g for g in groups if all(abs(width - PAPERS_MM[p][0]) <= SAME_SIZE_MM
                                         and abs(height - PAPERS_MM[p][1]) <= SAME_SIZE_MM for p in g))
        group = next(near, None)
        if group is None:
            groups.append([paper])
        elif paper not in group:
            group.append(paper)
    return [tuple(g) for g in groups]


def shared_area_mm(papers: list[str] | tuple[str, ...]) -> tuple[float, float]:
    """Return the width and height every one of `papers` has, portrait, in mm: the smallest width and the
    smallest height (A4 and Letter: 210 × 279.4), the area a document laid out once for them fits in."""
    sizes = [PAPERS_MM[paper] for paper in papers]
    return min(w for w, _ in sizes), min(h for _, h in sizes)


COUNTER_MM = (6.0, 80.0)
"""The smallest and largest counter side sandtable lays out: below 6 mm no value is legible, above 80 mm
a counter is a card."""


def counter_length(text: str) -> str:
    """Return `text` if it is a counter size (a length within COUNTER_MM); raise ValueError otherwise."""
    side_mm = parse_length_mm(text)
    low, high = COUNTER_MM
    if not low <= side_mm <= high:
        raise ValueError(f'a counter of "{text}" ({side_mm:g} mm) cannot be printed: a counter size lies between '
                         f"{low:g} mm and {high:g} mm, such as 1/2in, 5/8in, 3/4in, 1in or 16mm")
    return text
