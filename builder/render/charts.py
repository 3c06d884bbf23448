"""Charts as drawings: a CRT, a TEC or a generic table with its legend, shifts and notes, in mm.

One Drawing per chart and language feeds the chart PDFs, the chart SVGs, the player-aid cards and
the rulebook's `{chart: id}` embeds, so every printed copy of a chart is the same picture.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

from builder.model.base import text_in
from builder.model.charts import Chart, Crt, Table, TableRow, Tec, TecRow, printed_cells, shared_combat_chart
from builder.model.content import Game
from builder.model.map import Terrain
from builder.render.chart_layout import (BASELINE_FACTOR, Cell, Entry, Grid, GridStyle, Placed, measured_mm, stacked,
                                         stays_one_line)
from builder.render.drawing import Drawing, Group, Image, Item, Paint, Polyline, Rect, Text
from builder.render.images import fitted_or_none
from builder.memo import per_game
from builder.phrases import phrase

BODY_MM = 2.5
"""Type size of cells, legends and notes (about 7 pt)."""
TITLE_MM = 3.2
TITLE_BAND_MM = 5.6
TITLE_FILL = "#3b3b3b"
INSET_MM = 1.4
"""Margin of the legend and notes inside the chart's frame."""
GAP_MM = 1.4
FRAME = Paint(stroke="#303030", stroke_mm=0.3)
_ARGUMENT = re.compile(r"^([\w-]+)\((.*)\)$")
_SEPARATORS = re.compile(r"[\s,/]+")
"""What separates the codes written in one cell, for finding the codes a legend explains."""


@dataclass(frozen=True)
class ChartText:
    """What a chart needs to turn its values into printed words."""

    game: Game
    lang: str

    def text(self, value: object) -> str:
        """Return content text (one string or one per language) in this language."""
        return text_in(value, self.lang) if isinstance(value, (str, dict)) else str(value)

    def dice(self, dice_id: str) -> str:
        """Return a die roll as a chart's corner prints it: its notation (`d6`, `2d6`), not its id."""
        found = next((d for d in self.game.game.dice if d.id == dice_id), None)
        return f"{found.count if found.count > 1 else ''}d{found.faces}" if found is not None else dice_id



def shows_codes(chart: Chart) -> bool:
    """Return whether a chart's legend leads with its result codes (DE, AVI): it prints codes, not names."""
    return getattr(chart, "prints", "codes") == "codes"


def _body(words: ChartText, chart: Chart) -> list[list[str]]:
    """Return the chart's cells as the model prints them, row by row."""
    return printed_cells(words.game.charts, chart, words.lang)


def roll_label(roll: list[int], label: object, words: ChartText) -> str:
    """Return a row's printed label: its own, or its die results (`4–6`, `2, 12`)."""
    if label:
        return words.text(label)
    ordered = sorted(roll)
    if len(ordered) > 1 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]}–{ordered[-1]}"
    return ", ".join(str(r) for r in ordered)


def _style() -> GridStyle:
    return GridStyle(BODY_MM)


def _heading(texts: list[str]) -> list[Cell]:
    fill = _style().head_fill
    return [Cell(t, bold=True, fill=fill) for t in texts]


def _label(text: str, *, icon: Group | None = None) -> Cell:
    return Cell(text, bold=True, fill=_style().label_fill, align="start", icon=icon)


def crt_rows(crt: Crt, words: ChartText) -> list[list[Cell]]:
    """Return the grid of a CRT: the die roll and column labels, then one row per die roll."""
    rows = [_heading([words.dice(crt.dice)] + list(crt.columns))]
    for row, printed in zip(crt.rows, _body(words, crt)):
        rows.append([_label(roll_label(row.roll, row.label, words))] + [Cell(text) for text in printed])
    return rows


def _terrain(game: Game, terrain_id: str) -> Terrain | None:
    return next((t for t in game.maps.terrain if t.id == terrain_id), None)


def terrain_swatch(terrain: Terrain | None) -> Group:
    """Return a 4 × 3.6 mm sample of a terrain as the map draws it: an area, a line or a hexside."""
    if terrain is None:
        return Group((Rect(0, 0, 4.0, 3.6, Paint(fill="#ffffff", stroke="#808080", stroke_mm=0.15)),))
    style = terrain.style
    if terrain.kind in ("path", "hexside"):
        width = min(style.line_width_mm, 1.4)
        paint = Paint(stroke=style.fill, stroke_mm=width, dash_mm=tuple(style.dash))
        points = ((0.0, 1.8), (4.0, 1.8)) if terrain.kind == "path" else ((1.2, 0.0), (2.8, 3.6))
        return Group((Rect(0, 0, 4.0, 3.6, Paint(fill="#f4efe2")), Polyline(points, paint)))
    body = Rect(0, 0, 4.0, 3.6, Paint(fill=style.fill, stroke="#606060", stroke_mm=0.15))
    return Group((body,))


def _tec_label(row: TecRow, words: ChartText) -> str:
    terrain = _terrain(words.game, row.terrain)
    name = words.text(terrain.name) if terrain else row.terrain
    if row.sides:
        sides = {s.id: words.text(s.name) for s in words.game.game.sides}
        name += f" ({phrase('only', words.lang)} {', '.join(sides.get(s, s) for s in row.sides)})"
    return name


def tec_has_note_column(tec: Tec, words: ChartText) -> bool:
    """Return whether the TEC's row notes are short enough for a column (else they go below)."""
    notes = [words.text(r.note) for r in tec.rows if r.note]
    return bool(notes) and max(len(n) for n in notes) <= 48


def tec_rows(tec: Tec, words: ChartText) -> list[list[Cell]]:
    """Return the grid of a TEC: terrain with its swatch, cost per movement class, combat, notes."""
    classes = {m.id: words.text(m.name) for m in words.game.counters.movement_classes}
    with_notes = tec_has_note_column(tec, words)
    head = [phrase("terrain", words.lang)] + [classes.get(m, m) for m in tec.movement_classes]
    head += [phrase("combat", words.lang)] if shared_combat_chart(tec) is None else []
    head += [phrase("notes", words.lang)] if with_notes else []
    rows = [_heading(head)]
    for row, printed in zip(tec.rows, _body(words, tec)):
        extra = [Cell(words.text(row.note), align="start")] if with_notes else []
        swatch = terrain_swatch(_terrain(words.game, row.terrain))
        rows.append([_label(_tec_label(row, words), icon=swatch)] + [Cell(text) for text in printed] + extra)
    return rows


def _table_label(row: TableRow, words: ChartText) -> str:
    return roll_label(row.roll, row.label, words) if (row.roll or row.label) else ""


def table_rows(table: Table, words: ChartText) -> list[list[Cell]]:
    """Return the grid of a generic table: an optional label column, then its columns."""
    labelled = any(r.label or r.roll for r in table.rows)
    corner = [words.dice(table.dice) if table.dice else ""] if labelled else []
    rows = [_heading(corner + [words.text(c.label) for c in table.columns])]
    for row, printed in zip(table.rows, _body(words, table)):
        rows.append(([_label(_table_label(row, words))] if labelled else []) + [Cell(text) for text in printed])
    return rows


@per_game
def _used_codes(game: Game, chart: Chart) -> frozenset[str]:
    rows = chart.rows if not isinstance(chart, Tec) else []
    found: set[str] = set()
    # a chart repeats its few values in many cells: each distinct one is read once
    for value in {str(value) for row in rows for value in row.cells}:
        for part in _SEPARATORS.split(value):
            argument = _ARGUMENT.match(part)
            found.add(argument.group(1) if argument else part)
    return frozenset(found)


@dataclass(frozen=True)
class Below:
    """A block under a chart's grid, the same at every width: entries after an optional bold caption."""

    entries: tuple[Entry, ...]
    caption: str = ""


def legend(chart: Chart, words: ChartText) -> Below:
    """Return the result legend: `CODE Name: text` for code charts, `Name: text` otherwise."""
    results = getattr(chart, "results", {})
    used = _used_codes(words.game, chart)
    codes = shows_codes(chart)
    lead_mm = max((measured_mm(c, BODY_MM, bold=True) for c in results), default=0.0) + 1.5
    entries = []
    for code, result in results.items():
        text = words.text(result.text)
        if code not in used or (not codes and not text):
            continue
        runs = ((words.text(result.name) + (":" if text else ""), not codes), (text, False))
        entries.append(Entry(runs, code, lead_mm) if codes else Entry(runs))
    return Below(tuple(entries))


def _bullets(texts: list[str], leads: list[str] | None = None) -> tuple[Entry, ...]:
    return tuple(Entry(((text, False),), leads[number] if leads else "•", 7.0 if leads else 2.6)
                 for number, text in enumerate(texts))


def shifts_block(crt: Crt, words: ChartText) -> Below:
    """Return the CRT's column shifts: a caption, then `−2  Defender in a city (5.1.2)` lines."""
    leads = [f"+{s.columns}" if s.columns > 0 else f"−{-s.columns}" for s in crt.shifts]
    texts = [words.text(s.when) + (f" ({s.case})" if s.case else "") for s in crt.shifts]
    return Below(_bullets(texts, leads), phrase("shifts", words.lang))


def _tec_footnotes(tec: Tec, words: ChartText) -> Below:
    if tec_has_note_column(tec, words):
        return Below(())
    return Below(tuple(Entry(((_tec_label(row, words) + ":", True), (words.text(row.note), False)))
                       for row in tec.rows if row.note))


def _shared_combat(tec: Tec, words: ChartText) -> Below:
    """Return the line that stands for a combat column whose every row names the same chart."""
    target = shared_combat_chart(tec)
    chart = chart_by_id(words.game, target) if target is not None else None
    if chart is None:
        return Below(())
    return Below((Entry(((phrase("combat", words.lang) + ":", True), ("→ " + words.text(chart.name), False))),))


@per_game
def _grid(game: Game, chart: Chart, lang: str) -> Grid:
    """Return a chart's grid in one language, measured once: it is laid out at several widths."""
    words = ChartText(game, lang)
    if isinstance(chart, Crt):
        rows = crt_rows(chart, words)
    elif isinstance(chart, Tec):
        rows = tec_rows(chart, words)
    else:
        rows = table_rows(chart, words)
    return Grid(rows, _style())


@per_game
def _below(game: Game, chart: Chart, lang: str) -> tuple[Below, ...]:
    """Return the blocks under the grid that have entries, made once: they are wrapped at several widths."""
    words = ChartText(game, lang)
    blocks = [legend(chart, words)]
    if isinstance(chart, Crt):
        blocks.append(shifts_block(chart, words))
    if isinstance(chart, Tec):
        blocks.append(_tec_footnotes(chart, words))
        blocks.append(_shared_combat(chart, words))
    blocks.append(Below(_bullets([words.text(n) for n in chart.notes])))
    return tuple(b for b in blocks if b.entries)


def measure_charts(game: Game, lang: str) -> None:
    """Measure every chart's grid and the blocks below it in `lang`: what drawing a chart at any width starts
    with (each is remembered for the game)."""
    for chart in game.charts.charts:
        _grid(game, chart, lang)
        _below(game, chart, lang)


def _placed_below(game: Game, block: Below, width_mm: float) -> tuple[tuple[Item, ...], float]:
    """Return the items and height of a block wrapped to `width_mm`, from y = 0."""
    if all(stays_one_line(entry, width_mm, BODY_MM) for entry in block.entries):
        return _unwrapped_below(game, block)
    placed = _wrapped_below(block, width_mm)
    return tuple(placed.items), placed.height_mm


@per_game
def _unwrapped_below(game: Game, block: Below) -> tuple[tuple[Item, ...], float]:
    """Return a block whose entries all stay on one line: it is the same at every such width (a chart is
    drawn at five), so it is laid out once."""
    placed = _wrapped_below(block, math.inf)
    return tuple(placed.items), placed.height_mm


def _wrapped_below(block: Below, width_mm: float) -> Placed:
    """Return a block wrapped to `width_mm`, from y = 0."""
    if not block.caption:
        return stacked(block.entries, y_mm=0.0, width_mm=width_mm, size_mm=BODY_MM)
    caption = Text(0.0, BODY_MM * BASELINE_FACTOR, block.caption, BODY_MM, bold=True)
    body = stacked(block.entries, y_mm=BODY_MM * 1.5, width_mm=width_mm, size_mm=BODY_MM)
    return Placed([caption, *body.items], body.height_mm + BODY_MM * 1.5)


@per_game
def chart_drawing(game: Game, chart: Chart, lang: str, *, width_mm: float) -> Drawing:
    """Return one chart as a framed drawing `width_mm` wide (wider only if its columns cannot shrink)."""
    words = ChartText(game, lang)
    cells = _grid(game, chart, lang)
    widths = cells.widths(width_mm)
    full_mm = max(width_mm, sum(widths))
    title = words.text(chart.name)
    items: list[Item] = [Rect(0, 0, full_mm, TITLE_BAND_MM, Paint(fill=TITLE_FILL)),
                         Text(INSET_MM, (TITLE_BAND_MM + TITLE_MM * 0.7) / 2, title, TITLE_MM, fill="#ffffff",
                              bold=True)]
    body = cells.placed(widths, y_mm=TITLE_BAND_MM)
    items.extend(body.items)
    y = TITLE_BAND_MM + body.height_mm
    for below in _below(game, chart, lang):
        block, block_mm = _placed_below(game, below, full_mm - 2 * INSET_MM)
        y += GAP_MM
        items.append(Group(block, dx_mm=INSET_MM, dy_mm=y))
        y += block_mm
    picture = chart_picture(game, chart, full_mm - 2 * INSET_MM)
    if picture is not None:
        y += GAP_MM
        items.append(Group((picture,), dx_mm=INSET_MM, dy_mm=y))
        y += picture.h_mm
    height = y + GAP_MM
    items.append(Rect(0, 0, full_mm, height, FRAME))
    return Drawing(full_mm, height, tuple(items), title=title)


def chart_picture(game: Game, chart: Chart, width_mm: float) -> Image | None:
    """Return the chart's image at the left of a box `width_mm` wide and its `image_height_mm` high, cut to the
    image's own proportions (None without one, or when it cannot be read: the check `image/missing` says why)."""
    placed = fitted_or_none(game.root / chart.image, 0.0, 0.0, width_mm, chart.image_height_mm) if chart.image else []
    return placed[0]._replace(y_mm=0.0) if placed else None


def scaled_to_width(drawing: Drawing, width_mm: float) -> Drawing:
    """Return the drawing shrunk to `width_mm` if it is wider (never enlarged)."""
    if drawing.width_mm <= width_mm + 1e-6:
        return drawing
    factor = width_mm / drawing.width_mm
    return Drawing(width_mm, drawing.height_mm * factor, (Group(drawing.items, scale=factor),), drawing.title)


def chart_by_id(game: Game, chart_id: str) -> Chart | None:
    """Return the chart with this id, if the game has it."""
    return next((c for c in game.charts.charts if c.id == chart_id), None)

