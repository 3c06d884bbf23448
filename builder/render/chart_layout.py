"""Laying out chart parts in millimetres: wrapped text, ruled grids with shaded headings, and
paragraphs with a bold lead-in, each returned as drawing items plus the height they take.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from builder.render.drawing import Group, Item, Paint, Rect, Text, line
from builder.render.fonts import text_width_mm

LINE_FACTOR = 1.22
"""Line pitch as a multiple of the type size."""
BASELINE_FACTOR = 0.93
"""Distance from the top of a line box to its baseline, as a multiple of the type size."""
PAD_MM = 0.8
"""Inner margin of a grid cell."""
ICON_MM = 5.0
"""Width kept for a cell's icon (a terrain swatch), gap included."""
RULE = Paint(stroke="#606060", stroke_mm=0.15)
INK = "#000000"
FIT_MM = 1e-6
"""Slack when text is measured against its room: a column made exactly as wide as a word keeps it whole."""


@lru_cache(maxsize=1 << 16)
def _em_width(text: str, bold: bool) -> float:
    return text_width_mm(text, 1.0, bold=bold)


def measured_mm(text: str, size_mm: float, *, bold: bool = False) -> float:
    """Return the advance width of `text` at `size_mm` (text_width_mm, the same figure): a chart is
    laid out at several widths, for the chart sheet, the aid card and the rulebook, in each language,
    and measures the same words and cells every time."""
    return _em_width(text, bold) * size_mm


def split_words(text: str) -> list[str]:
    """Return the words of `text`; an explicit line break is kept as a word of its own."""
    words: list[str] = []
    for number, part in enumerate(text.split("\n")):
        if number:
            words.append("\n")
        words.extend(part.split())
    return words


def _break_word(word: str, width_mm: float, size_mm: float, bold: bool) -> list[str]:
    pieces, current = [], ""
    for char in word:
        if current and measured_mm(current + char, size_mm, bold=bold) > width_mm + FIT_MM:
            pieces.append(current)
            current = char
        else:
            current += char
    return pieces + [current]


def wrap_lines(text: str, width_mm: float, size_mm: float, *, bold: bool = False) -> list[str]:
    """Return `text` broken into lines no wider than `width_mm` (a too-long word is cut)."""
    lines: list[str] = []
    current = ""
    for word in split_words(text):
        if word == "\n":
            lines.append(current)
            current = ""
            continue
        trial = f"{current} {word}" if current else word
        if measured_mm(trial, size_mm, bold=bold) <= width_mm + FIT_MM:
            current = trial
            continue
        if current:
            lines.append(current)
        too_long = measured_mm(word, size_mm, bold=bold) > width_mm + FIT_MM
        pieces = _break_word(word, width_mm, size_mm, bold) if too_long else [word]
        lines.extend(pieces[:-1])
        current = pieces[-1]
    return lines + [current] if current or not lines else lines


@dataclass(frozen=True)
class Cell:
    """One cell of a grid: its text, weight, shading, alignment and an optional icon at its left."""

    text: str
    bold: bool = False
    fill: str | None = None
    align: str = "middle"
    icon: Group | None = None


@dataclass(frozen=True)
class GridStyle:
    """Type size and shading of a grid."""

    size_mm: float
    head_fill: str = "#d4d4d4"
    label_fill: str = "#ececec"
    stripe_fill: str = "#f7f7f7"


def _cell_room(cell: Cell) -> float:
    return 2 * PAD_MM + (ICON_MM if cell.icon else 0.0)


def _natural_mm(cell: Cell, size_mm: float) -> float:
    lines = cell.text.split("\n")
    return max(measured_mm(ln, size_mm, bold=cell.bold) for ln in lines) + _cell_room(cell)


def _minimum_mm(cell: Cell, size_mm: float) -> float:
    words = split_words(cell.text) or [""]
    return max(measured_mm(w, size_mm, bold=cell.bold) for w in words) + _cell_room(cell)


def column_widths(rows: Sequence[Sequence[Cell]], width_mm: float, size_mm: float) -> list[float]:
    """Return widths filling `width_mm`: natural widths stretched, or squeezed towards the longest words."""
    count = max(len(r) for r in rows)
    natural = [max(_natural_mm(r[c], size_mm) for r in rows if c < len(r)) for c in range(count)]
    minimum = [min(natural[c], max(_minimum_mm(r[c], size_mm) for r in rows if c < len(r))) for c in range(count)]
    if sum(natural) <= width_mm:
        return [n * width_mm / sum(natural) for n in natural]
    spare = width_mm - sum(minimum)
    if spare <= 0:
        return minimum
    give = [n - m for n, m in zip(natural, minimum)]
    total = sum(give) or 1.0
    return [m + spare * g / total for m, g in zip(minimum, give)]


@dataclass
class Placed:
    """Items laid out so far and the height they take."""

    items: list[Item] = field(default_factory=list)
    height_mm: float = 0.0


def _cell_items(cell: Cell, x: float, y: float, w: float, h: float, lines: list[str], size_mm: float) -> list[Item]:
    items: list[Item] = []
    if cell.fill:
        items.append(Rect(x, y, w, h, Paint(fill=cell.fill)))
    left = x + PAD_MM
    if cell.icon is not None:
        items.append(Group(cell.icon.items, dx_mm=left, dy_mm=y + (h - 3.6) / 2))
        left += ICON_MM
    pitch = size_mm * LINE_FACTOR
    top = y + (h - pitch * len(lines)) / 2
    for number, text in enumerate(lines):
        baseline = top + number * pitch + size_mm * BASELINE_FACTOR
        if cell.align == "middle" and cell.icon is None:
            items.append(Text(x + w / 2, baseline, text, size_mm, bold=cell.bold, anchor="middle"))
        else:
            items.append(Text(left, baseline, text, size_mm, bold=cell.bold))
    return items


def grid(rows: Sequence[Sequence[Cell]], widths: list[float], style: GridStyle, *, y_mm: float = 0.0) -> Placed:
    """Return a ruled grid of `rows` (the first is the heading) in columns of `widths`, from `y_mm` down."""
    placed = Placed()
    size, pitch = style.size_mm, style.size_mm * LINE_FACTOR
    y = y_mm
    for row in rows:
        wrapped = [wrap_lines(c.text, w - _cell_room(c), size, bold=c.bold) for c, w in zip(row, widths)]
        h = max(len(lines) for lines in wrapped) * pitch + 2 * PAD_MM
        x = 0.0
        for cell, w, lines in zip(row, widths, wrapped):
            placed.items.extend(_cell_items(cell, x, y, w, h, lines, size))
            x += w
        placed.items.append(line((0.0, y), (sum(widths), y), RULE))
        y += h
    total = sum(widths)
    placed.items.append(line((0.0, y), (total, y), RULE))
    x = 0.0
    for w in [0.0] + widths:
        x += w
        placed.items.append(line((x, y_mm), (x, y), RULE))
    placed.height_mm = y - y_mm
    return placed


Run = tuple[str, bool]
"""A stretch of text and whether it is bold."""


def wrap_runs(runs: list[Run], width_mm: float, size_mm: float) -> list[list[tuple[float, str, bool]]]:
    """Return lines of (x offset, text, bold) for runs of mixed weight wrapped to `width_mm`."""
    words = [(word, bold) for text, bold in runs for word in text.split()]
    space = measured_mm(" ", size_mm)
    lines: list[list[tuple[float, str, bool]]] = [[]]
    x = 0.0
    for word, bold in words:
        w = measured_mm(word, size_mm, bold=bold)
        if lines[-1] and x + w > width_mm + FIT_MM:
            lines.append([])
            x = 0.0
        current = lines[-1]
        if current and current[-1][2] == bold:
            start, text, _ = current[-1]
            current[-1] = (start, f"{text} {word}", bold)
        else:
            current.append((x, word, bold))
        x += w + space
    return lines


def paragraph(runs: list[Run], *, x_mm: float, y_mm: float, width_mm: float, size_mm: float,
              fill: str = INK) -> Placed:
    """Return wrapped runs as text items from (x_mm, y_mm) down."""
    placed = Placed()
    pitch = size_mm * LINE_FACTOR
    for number, parts in enumerate(wrap_runs(runs, width_mm, size_mm)):
        baseline = y_mm + number * pitch + size_mm * BASELINE_FACTOR
        placed.items.extend(Text(x_mm + dx, baseline, text, size_mm, fill=fill, bold=bold) for dx, text, bold in parts)
        placed.height_mm += pitch
    return placed


def hanging(lead: str, runs: list[Run], *, lead_mm: float, y_mm: float, width_mm: float, size_mm: float) -> Placed:
    """Return a bold `lead` in a column of `lead_mm`, the runs wrapped beside it (a legend entry)."""
    body = paragraph(runs, x_mm=lead_mm, y_mm=y_mm, width_mm=width_mm - lead_mm, size_mm=size_mm)
    head = Text(0.0, y_mm + size_mm * BASELINE_FACTOR, lead, size_mm, bold=True)
    return Placed([head, *body.items], max(body.height_mm, size_mm * LINE_FACTOR))
