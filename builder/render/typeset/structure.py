"""The Markdown structure inside one block's text: paragraphs, lists, pipe tables, block quotes, embeds,
figures and headings, each as offsets into that text (so reference offsets keep working).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

_LIST_ITEM = re.compile(r"^(\s*)([-*+]|\d+[.)])\s+")
_EMBED = re.compile(r"^\{(chart|counter|map):\s*([^}\s]+)\s*\}$")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
FIGURE = re.compile(r'^!\[([^\]]*)\]\(\s*([^)\s]+)(?:\s+"([^"]*)")?\s*\)(\{[^}]*\})?$')
"""A Markdown image alone on its line: `![caption](art/file.png)` or `![alt](file.svg "caption")`: a figure;
an attribute block after it sets its width (`{width=50%}`, Pandoc's way)."""
_WIDTH = re.compile(r"^\{\s*width\s*=\s*(\d+(?:\.\d+)?)%\s*\}$")
_QUOTE = re.compile(r"^\s*>\s?")
_TABLE_RULE = re.compile(r"^\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")


@dataclass(frozen=True)
class Piece:
    """A run of lines of one kind: text[start:end]."""

    kind: str
    start: int
    end: int


@dataclass(frozen=True)
class Item:
    """One list item: its marker (`•`, `3.`), nesting depth, and text[start:end] without the marker."""

    marker: str
    depth: int
    start: int
    end: int


def _lines(text: str) -> list[tuple[int, str]]:
    found, at = [], 0
    for line in text.split("\n"):
        found.append((at, line))
        at += len(line) + 1
    return found


def _kind(line: str) -> str:
    stripped = line.strip()
    if _EMBED.match(stripped):
        return "embed"
    if FIGURE.match(stripped):
        return "figure"
    if _QUOTE.match(line):
        return "quote"
    if _HEADING.match(stripped):
        return "heading"
    if stripped.startswith("|"):
        return "table"
    if _LIST_ITEM.match(line):
        return "list"
    return "paragraph"


def _starts_new(kind: str, first: str) -> bool:
    """Return whether a line of `kind` ends a piece that began with a line of kind `first`."""
    if kind in ("heading", "embed", "figure"):
        return True
    if (kind == "table") != (first == "table") or (kind == "quote") != (first == "quote"):
        return True
    return kind == "list" and first == "paragraph"


@lru_cache(maxsize=1 << 12)
def pieces(text: str) -> tuple[Piece, ...]:
    """Return the pieces of a block: blank lines separate them, and a heading or embed stands alone (remembered:
    the image and rulebook checks and the rulebook's typesetting each walk every block)."""
    found: list[Piece] = []
    current: list[tuple[int, str]] = []
    first = ""  # the kind of current's first line, which is the kind of its piece
    for start, line in _lines(text) + [(len(text) + 1, "")]:
        kind = _kind(line) if line.strip() else ""
        if current and (not kind or _starts_new(kind, first)):
            found.append(Piece(first, current[0][0], current[-1][0] + len(current[-1][1])))
            current = []
        if kind in ("heading", "embed", "figure"):
            found.append(Piece(kind, start, start + len(line)))
        elif kind:
            first = first if current else kind
            current.append((start, line))
    return tuple(found)


def list_items(text: str, piece: Piece) -> list[Item]:
    """Return the items of a list piece; lines without a marker continue the item above."""
    items: list[Item] = []
    for start, line in _lines(text[piece.start:piece.end]):
        match = _LIST_ITEM.match(line)
        absolute = piece.start + start
        if match:
            marker = match.group(2)
            shown = "•" if marker in "-*+" else marker
            items.append(Item(shown, len(match.group(1)) // 2, absolute + match.end(), absolute + len(line)))
        elif items:
            last = items[-1]
            items[-1] = Item(last.marker, last.depth, last.start, absolute + len(line))
    return items


def table_rows(text: str, piece: Piece) -> list[list[tuple[int, int]]]:
    """Return the cells of a pipe table as (start, end) offsets, row by row, the rule line dropped."""
    rows = []
    for start, line in _lines(text[piece.start:piece.end]):
        if not line.strip() or _TABLE_RULE.match(line.strip()):
            continue
        absolute = piece.start + start
        bars = [m.start() for m in re.finditer(r"(?<!\\)\|", line)]
        if not line.strip().startswith("|"):
            bars = [-1] + bars
        if not line.rstrip().endswith("|"):
            bars = bars + [len(line)]
        cells = []
        for left, right in zip(bars, bars[1:]):
            cell = line[left + 1:right]
            lead = len(cell) - len(cell.lstrip())
            cells.append((absolute + left + 1 + lead, absolute + left + 1 + len(cell.rstrip())))
        rows.append(cells)
    return rows


def quote_lines(text: str, piece: Piece) -> list[tuple[int, int]]:
    """Return the (start, end) offsets of each line of a block quote, its `>` left out."""
    found = []
    for start, line in _lines(text[piece.start:piece.end]):
        marker = _QUOTE.match(line)
        skip = marker.end() if marker else 0
        found.append((piece.start + start + skip, piece.start + start + len(line)))
    return found


def figure(text: str) -> tuple[str, str] | None:
    """Return (caption, path) of a figure line: the title if it has one, else the alt text."""
    match = FIGURE.match(text.strip())
    return (match.group(3) or match.group(1), match.group(2)) if match else None


def figure_attributes(text: str) -> tuple[str, float | None]:
    """Return the attribute block of a figure line (`{width=50%}`, "" when none) and the width it sets, a fraction
    of the column from above 0 to 1 (None when the block sets none the renderer knows: rulebook/figure-attribute)."""
    match = FIGURE.match(text.strip())
    block = (match.group(4) or "") if match else ""
    if not block:
        return "", 1.0
    width = _WIDTH.match(block)
    percent = float(width.group(1)) if width else 0.0
    return block, percent / 100 if 0 < percent <= 100 else None


def embed(text: str) -> tuple[str, str] | None:
    """Return (kind, target) of an embed line such as `{chart: crt}`."""
    match = _EMBED.match(text.strip())
    return (match.group(1), match.group(2)) if match else None


def heading(text: str) -> tuple[int, str] | None:
    """Return (level, title) of an unnumbered heading line such as `## Designer's notes`."""
    match = _HEADING.match(text.strip())
    return (len(match.group(1)), match.group(2)) if match else None
