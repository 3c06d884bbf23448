"""Charts as drawings: a CRT, a TEC or a generic table with its legend, shifts and notes, in mm.

One Drawing per chart and language feeds the chart PDFs, the chart SVGs, the player-aid cards and
the rulebook's `{chart: id}` embeds, so every printed copy of a chart is the same picture.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache

from builder.model.base import text_in
from builder.model.charts import Chart, Crt, Result, Table, TableRow, Tec, TecRow
from builder.model.content import Game
from builder.model.map import Terrain
from builder.render.chart_layout import (BASELINE_FACTOR, Cell, Entry, Grid, GridStyle, Placed, measured_mm, stacked,
                                         stays_one_line)
from builder.render.drawing import Drawing, Group, Item, Paint, Polyline, Rect, Text
from builder.memo import per_game
from builder.render.phrases import number_text, phrase

BODY_MM = 2.5
"""Type size of cells, legends and notes (about 7 pt)."""
TITLE_MM = 3.2
TITLE_BAND_MM = 5.6
TITLE_FILL = "#3b3b3b"
INSET_MM = 1.4
"""Margin of the legend and notes inside the chart's frame."""
GAP_MM = 1.4
FRAME = Paint(stroke="#303030", stroke_mm=0.3)
CODE = re.compile(r"^[A-Z]{1,5}$")
_ARGUMENT = re.compile(r"^([\w-]+)\((.*)\)$")
_SEPARATORS = re.compile(r"[\s,/]+")
"""What separates the codes written in one cell."""


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

    def chart_title(self, chart_id: str) -> str | None:
        """Return the printed title of the chart with this id, or None when no chart has it."""
        found = next((c for c in self.game.charts.charts if c.id == chart_id), None)
        return self.text(found.name) if found is not None else None


def shows_codes(results: dict[str, Result]) -> bool:
    """Return whether a chart prints its result codes (DE, AVI) rather than the results' names."""
    return bool(results) and _all_codes(tuple(results))


@lru_cache(maxsize=256)
def _all_codes(names: tuple[str, ...]) -> bool:
    """Return whether every name is a code (asked for each cell of a chart, of the same few results)."""
    return all(CODE.match(name) for name in names)


def _named(code: str, results: dict[str, Result], words: ChartText) -> str | None:
    if code in results:
        return words.text(results[code].name)
    match = _ARGUMENT.match(code)
    if match and match.group(1) in results:
        name = words.text(results[match.group(1)].name)
        return name.replace("(x)", f"({match.group(2)})") if "(x)" in name else f"{name} ({match.group(2)})"
    return None


def value_text(value: object, results: dict[str, Result], words: ChartText) -> str:
    """Return a cell value as printed: numbers, yes/no, a dash for nothing, result names for codes."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return phrase("yes" if value else "no", words.lang)
    if isinstance(value, (int, float)):
        return number_text(value, words.lang)
    if isinstance(value, dict):
        return words.text(value)
    if shows_codes(results) or not results:
        return str(value)
    parts = [_named(part, results, words) or part for part in str(value).split(", ")]
    return ", ".join(parts)


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
    for row in crt.rows:
        cells = [Cell(value_text(v, crt.results, words)) for v in row.cells]
        rows.append([_label(roll_label(row.roll, row.label, words))] + cells)
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


def cell_results(game: Game, chart: Chart) -> dict[str, Result]:
    """Return the results a chart's cells are read against: its own, else those other charts name in words.

    A TEC or a table without results of its own may still write codes that another chart defines
    (Bolt Action's terrain key uses the terrain chart's `P*`; its weapons list the weapon rules).
    """
    own = getattr(chart, "results", {})
    if own:
        return own
    found: dict[str, Result] = {}
    for other in game.charts.charts:
        if other is not chart and not isinstance(other, Tec) and not shows_codes(other.results):
            for code, result in other.results.items():
                found.setdefault(code, result)
    return found


def _tec_label(row: TecRow, words: ChartText) -> str:
    terrain = _terrain(words.game, row.terrain)
    name = words.text(terrain.name) if terrain else row.terrain
    if row.sides:
        sides = {s.id: words.text(s.name) for s in words.game.game.sides}
        name += f" ({phrase('only', words.lang)} {', '.join(sides.get(s, s) for s in row.sides)})"
    return name


def _combat_text(combat: object, words: ChartText) -> str:
    """Return a TEC row's combat effect: a signed shift, or its words, a cross reference `→ <chart id>`
    printed with the chart's title (a player has the title, not the id)."""
    if isinstance(combat, int):
        return "—" if combat == 0 else (f"+{combat}" if combat > 0 else f"−{-combat}")
    text = words.text(combat)
    arrow, _, target = text.partition(" ")
    title = words.chart_title(target) if arrow == "→" else None
    return f"→ {title}" if title else text


def tec_has_note_column(tec: Tec, words: ChartText) -> bool:
    """Return whether the TEC's row notes are short enough for a column (else they go below)."""
    notes = [words.text(r.note) for r in tec.rows if r.note]
    return bool(notes) and max(len(n) for n in notes) <= 48


def tec_rows(tec: Tec, words: ChartText) -> list[list[Cell]]:
    """Return the grid of a TEC: terrain with its swatch, cost per movement class, combat, notes."""
    classes = {m.id: words.text(m.name) for m in words.game.counters.movement_classes}
    with_notes = tec_has_note_column(tec, words)
    head = [phrase("terrain", words.lang)] + [classes.get(m, m) for m in tec.movement_classes]
    head += [phrase("combat", words.lang)] + ([phrase("notes", words.lang)] if with_notes else [])
    borrowed = cell_results(words.game, tec)
    rows = [_heading(head)]
    for row in tec.rows:
        costs = [Cell(value_text(row.cost.get(m), borrowed, words)) for m in tec.movement_classes]
        extra = [Cell(words.text(row.note), align="start")] if with_notes else []
        swatch = terrain_swatch(_terrain(words.game, row.terrain))
        rows.append([_label(_tec_label(row, words), icon=swatch)] + costs + [Cell(_combat_text(row.combat, words))]
                    + extra)
    return rows


def _table_label(row: TableRow, words: ChartText) -> str:
    return roll_label(row.roll, row.label, words) if (row.roll or row.label) else ""


def table_rows(table: Table, words: ChartText) -> list[list[Cell]]:
    """Return the grid of a generic table: an optional label column, then its columns."""
    labelled = any(r.label or r.roll for r in table.rows)
    corner = [words.dice(table.dice) if table.dice else ""] if labelled else []
    rows = [_heading(corner + [words.text(c.label) for c in table.columns])]
    results = cell_results(words.game, table)
    for row in table.rows:
        cells = [Cell(value_text(v, results, words)) for v in row.cells]
        rows.append(([_label(_table_label(row, words))] if labelled else []) + cells)
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
    codes = shows_codes(results)
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
    blocks.append(Below(_bullets([words.text(n) for n in chart.notes])))
    return tuple(b for b in blocks if b.entries)


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
    height = y + GAP_MM
    items.append(Rect(0, 0, full_mm, height, FRAME))
    return Drawing(full_mm, height, tuple(items), title=title)


def scaled_to_width(drawing: Drawing, width_mm: float) -> Drawing:
    """Return the drawing shrunk to `width_mm` if it is wider (never enlarged)."""
    if drawing.width_mm <= width_mm + 1e-6:
        return drawing
    factor = width_mm / drawing.width_mm
    return Drawing(width_mm, drawing.height_mm * factor, (Group(drawing.items, scale=factor),), drawing.title)


def chart_by_id(game: Game, chart_id: str) -> Chart | None:
    """Return the chart with this id, if the game has it."""
    return next((c for c in game.charts.charts if c.id == chart_id), None)

