"""Laying out chart parts in millimetres: wrapped text, ruled grids with shaded headings, and
paragraphs with a bold lead-in, each returned as drawing items plus the height they take.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import accumulate
from typing import NamedTuple

from builder.render.drawing import Group, Item, Paint, Rect, Text, line
from builder.render.fonts import em_width, font_cached

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


def measured_mm(text: str, size_mm: float, *, bold: bool = False) -> float:
    """Return the advance width of `text` at `size_mm` in the sans face (text_width_mm, the same figure)."""
    return em_width(text, "sans", bold) * size_mm


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


class Cell(NamedTuple):
    """One cell of a grid: its text, weight, shading, alignment and an optional icon at its left.

    Cells and their measures are named tuples, as drawing items are (render/drawing.py): a chart sheet
    makes thousands, and a tuple is made in a fraction of a frozen dataclass's time.
    """

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


@dataclass
class Placed:
    """Items laid out so far and the height they take."""

    items: list[Item] = field(default_factory=list)
    height_mm: float = 0.0


def _cell_room(cell: Cell) -> float:
    return 2 * PAD_MM + (ICON_MM if cell.icon else 0.0)


class MeasuredCell(NamedTuple):
    """A cell with what it needs at any column width, measured once."""

    cell: Cell
    room_mm: float
    """Padding and icon beside the text."""
    natural_mm: float
    """The width it asks for: its widest explicit line, room included."""
    minimum_mm: float
    """The narrowest it goes without cutting a word: its longest word, room included."""
    lines: tuple[str, ...]
    """Its lines when nothing wraps (spaces collapsed, as wrap_lines sets them)."""
    widest_mm: float
    """The widest of those lines: a column with this much room keeps them as they are."""
    paint: Paint | None
    """The cell's shading."""
    centred: bool
    """Whether its lines are centred (an icon puts them at the left, after it)."""


@lru_cache(maxsize=64)
def _shading(fill: str) -> Paint:
    return Paint(fill=fill)


def unwrapped_lines(text: str) -> list[str]:
    """Return `text` as wrap_lines sets it when every line fits: spaces collapsed, a last empty line dropped."""
    lines = [" ".join(part.split()) for part in text.split("\n")]
    return lines[:-1] if len(lines) > 1 and not lines[-1] else lines


def measure_cell(cell: Cell, size_mm: float) -> MeasuredCell:
    """Return a cell measured at `size_mm`."""
    room, bold = _cell_room(cell), cell.bold
    paint, centred = _shading(cell.fill) if cell.fill else None, cell.align == "middle" and cell.icon is None
    words = cell.text.split()
    if len(words) == 1 and words[0] == cell.text:
        # most cells are one word (a number, a code, a result): it is every line, and its own longest word
        width = measured_mm(cell.text, size_mm, bold=bold)
        return MeasuredCell(cell, room, width + room, width + room, (cell.text,), width, paint, centred)
    lines = unwrapped_lines(cell.text)
    widest = max(measured_mm(ln, size_mm, bold=bold) for ln in lines)
    explicit = cell.text.split("\n")
    natural = widest if explicit == lines else max(measured_mm(ln, size_mm, bold=bold) for ln in explicit)
    words = split_words(cell.text) or [""]
    minimum = widest if words == lines else max(measured_mm(w, size_mm, bold=bold) for w in words)
    return MeasuredCell(cell, room, natural + room, minimum + room, tuple(lines), widest, paint, centred)


class Grid:
    """Rows of cells (the first is the heading) measured once, then laid out at any width: a chart is
    drawn for the chart sheet, the aid card, the SVG and the rulebook, and its cells measure the same."""

    def __init__(self, rows: Sequence[Sequence[Cell]], style: GridStyle) -> None:
        self.style = style
        self.rows = [[measure_cell(cell, style.size_mm) for cell in row] for row in rows]
        count = max(len(r) for r in rows)
        self.natural_mm = [max(r[c].natural_mm for r in self.rows if c < len(r)) for c in range(count)]
        self.minimum_mm = [min(self.natural_mm[c], max(r[c].minimum_mm for r in self.rows if c < len(r)))
                           for c in range(count)]

    def widths(self, width_mm: float) -> list[float]:
        """Return widths filling `width_mm`: natural widths stretched, or squeezed towards the longest words."""
        natural, minimum = self.natural_mm, self.minimum_mm
        if sum(natural) <= width_mm:
            return [n * width_mm / sum(natural) for n in natural]
        spare = width_mm - sum(minimum)
        if spare <= 0:
            return list(minimum)
        give = [n - m for n, m in zip(natural, minimum)]
        total = sum(give) or 1.0
        return [m + spare * g / total for m, g in zip(minimum, give)]

    def placed(self, widths: list[float], *, y_mm: float = 0.0) -> Placed:
        """Return the ruled grid in columns of `widths`, from `y_mm` down."""
        items: list[Item] = []
        size = self.style.size_mm
        pitch = size * LINE_FACTOR
        total = sum(widths)
        # each column's left edge and centre, summed left to right as a row's cells are
        lefts = list(accumulate([0.0] + widths[:-1]))
        columns = [(x, w, x + w / 2) for x, w in zip(lefts, widths)]
        y = y_mm
        for row in self.rows:
            wrapped = [m.lines if m.widest_mm <= w - m.room_mm + FIT_MM
                       else wrap_lines(m.cell.text, w - m.room_mm, size, bold=m.cell.bold)
                       for m, w in zip(row, widths)]
            h = max(map(len, wrapped)) * pitch + 2 * PAD_MM
            _row_items(items, row, columns, wrapped, y, h, size)
            items.append(line((0.0, y), (total, y), RULE))
            y += h
        items.append(line((0.0, y), (total, y), RULE))
        x = 0.0
        for w in [0.0] + widths:
            x += w
            items.append(line((x, y_mm), (x, y), RULE))
        return Placed(items, y - y_mm)


def column_widths(rows: Sequence[Sequence[Cell]], width_mm: float, size_mm: float) -> list[float]:
    """Return widths filling `width_mm`: natural widths stretched, or squeezed towards the longest words."""
    return Grid(rows, GridStyle(size_mm)).widths(width_mm)


def _row_items(items: list[Item], row: list[MeasuredCell], columns: list[tuple[float, float, float]],
               wrapped: list[Sequence[str]], y: float, h: float, size_mm: float) -> None:
    """Append the shading, icon and lines of text of a row's cells, `h` high from `y`, to `items`; `columns`
    holds each column's left edge, width and centre."""
    pitch = size_mm * LINE_FACTOR
    drop = size_mm * BASELINE_FACTOR
    append = items.append
    for measured, (x, w, centre), lines in zip(row, columns, wrapped):
        if measured.paint is not None:
            append(Rect(x, y, w, h, measured.paint))
        top = y + (h - pitch * len(lines)) / 2
        cell = measured.cell
        if measured.centred:
            for n, text in enumerate(lines):
                append(Text(centre, top + n * pitch + drop, text, size_mm, INK, "sans", cell.bold, "middle"))
        else:
            left = x + PAD_MM
            if cell.icon is not None:
                append(Group(cell.icon.items, dx_mm=left, dy_mm=y + (h - 3.6) / 2))
                left += ICON_MM
            for n, text in enumerate(lines):
                append(Text(left, top + n * pitch + drop, text, size_mm, INK, "sans", cell.bold))


Run = tuple[str, bool]
"""A stretch of text and whether it is bold."""


RunLine = list[tuple[float, str, bool]]
"""A wrapped line of runs: (x offset, text, bold) for each stretch of one weight."""


def _wrap_words(words: tuple[tuple[str, bool, float], ...], space_mm: float, limit_mm: float) -> list[RunLine]:
    lines: list[list[tuple[float, list[str], bool]]] = [[]]
    x = 0.0
    for word, bold, w in words:
        current = lines[-1]
        if current and x + w > limit_mm:
            current = []
            lines.append(current)
            x = 0.0
        if current and current[-1][2] == bold:
            current[-1][1].append(word)
        else:
            current.append((x, [word], bold))
        x += w + space_mm
    return [[(start, " ".join(stretch), bold) for start, stretch, bold in line] for line in lines]


@dataclass(frozen=True)
class _MeasuredRuns:
    """Runs split into measured words, and their one line with the room it needs: a legend entry or a
    note is wrapped at several widths and mostly fits on one line at all of them."""

    words: tuple[tuple[str, bool, float], ...]
    space_mm: float
    one_line: tuple[tuple[float, str, bool], ...]
    need_mm: float
    """The largest right end checked against the width on the way: no more room than this keeps one line."""


@font_cached(maxsize=1 << 12)
def _measured_runs(runs: tuple[Run, ...], size_mm: float) -> _MeasuredRuns:
    words = tuple((word, bold, measured_mm(word, size_mm, bold=bold)) for text, bold in runs for word in text.split())
    space = measured_mm(" ", size_mm)
    need, x = -math.inf, 0.0
    for number, (_, _, w) in enumerate(words):
        if number:
            need = max(need, x + w)
        x += w + space
    return _MeasuredRuns(words, space, tuple(_wrap_words(words, space, math.inf)[0]), need)


def wrap_runs(runs: Sequence[Run], width_mm: float, size_mm: float) -> list[RunLine]:
    """Return lines of (x offset, text, bold) for runs of mixed weight wrapped to `width_mm`."""
    measured = _measured_runs(tuple(runs), size_mm)
    limit = width_mm + FIT_MM
    if measured.need_mm <= limit:
        return [list(measured.one_line)]
    return _wrap_words(measured.words, measured.space_mm, limit)


def paragraph(runs: Sequence[Run], *, x_mm: float, y_mm: float, width_mm: float, size_mm: float,
              fill: str = INK) -> Placed:
    """Return wrapped runs as text items from (x_mm, y_mm) down."""
    placed = Placed()
    pitch = size_mm * LINE_FACTOR
    for number, parts in enumerate(wrap_runs(runs, width_mm, size_mm)):
        baseline = y_mm + number * pitch + size_mm * BASELINE_FACTOR
        for dx, text, bold in parts:
            placed.items.append(Text(x_mm + dx, baseline, text, size_mm, fill, "sans", bold))
        placed.height_mm += pitch
    return placed


def hanging(lead: str, runs: Sequence[Run], *, lead_mm: float, y_mm: float, width_mm: float, size_mm: float) -> Placed:
    """Return a bold `lead` in a column of `lead_mm`, the runs wrapped beside it (a legend entry)."""
    body = paragraph(runs, x_mm=lead_mm, y_mm=y_mm, width_mm=width_mm - lead_mm, size_mm=size_mm)
    head = Text(0.0, y_mm + size_mm * BASELINE_FACTOR, lead, size_mm, bold=True)
    return Placed([head, *body.items], max(body.height_mm, size_mm * LINE_FACTOR))


ENTRY_GAP_MM = 0.4
"""Space between two stacked entries."""


@dataclass(frozen=True)
class Entry:
    """A paragraph of runs, hung from a bold `lead` in a column `lead_mm` wide if it has one (a legend line, a note)."""

    runs: tuple[Run, ...]
    lead: str | None = None
    lead_mm: float = 0.0


def stays_one_line(entry: Entry, width_mm: float, size_mm: float) -> bool:
    """Return whether `stacked` sets the entry on one line at `width_mm`, as wrap_runs decides it (its
    items are then the same at any such width)."""
    room = width_mm - entry.lead_mm if entry.lead is not None else width_mm
    return _measured_runs(entry.runs, size_mm).need_mm <= room + FIT_MM


def stacked(entries: Sequence[Entry], *, y_mm: float, width_mm: float, size_mm: float) -> Placed:
    """Return entries one below the other from `y_mm` down, each wrapped to `width_mm`."""
    placed = Placed()
    for entry in entries:
        y = y_mm + placed.height_mm
        part = (hanging(entry.lead, entry.runs, lead_mm=entry.lead_mm, y_mm=y, width_mm=width_mm, size_mm=size_mm)
                if entry.lead is not None
                else paragraph(entry.runs, x_mm=0.0, y_mm=y, width_mm=width_mm, size_mm=size_mm))
        placed.items.extend(part.items)
        placed.height_mm += part.height_mm + ENTRY_GAP_MM
    return placed
