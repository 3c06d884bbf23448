"""Tiling a sheet across printer pages with overlap, and the marks and labels printed on each tile.

Algorithm (print-and-play.md 2.4): printable area = page less a margin on every side; neighbouring
tiles share `overlap_mm` of the sheet, so the step is printable − overlap and the count along an
axis is ceil((size − overlap) / step); both orientations are tried and the one with fewer pages wins.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from builder.model.locales import decimal_text
from builder.model.units import PAPERS_MM
from builder.render.drawing import Drawing, Group, Item, Paint, Polyline, Rect, Text
from builder.render.maps.layout import text_lines, wrapped
from builder.render.maps.words import counted, word

DEFAULT_OVERLAP_MM = 10.0
"""Sheet area printed on both of two neighbouring tiles (8-20 mm is usual; 10 mm by default)."""
PAGE_MARGIN_MM = 10.0
"""Unprinted border of every tile page: most printers cannot print the outer 4-6 mm; marks and the
tile label go in the rest."""
MARK_GAP_MM = 1.0
MARK_LENGTH_MM = 5.0
LABEL_MM = 2.6
INK = "#000000"
GUIDE = "#808080"


@dataclass(frozen=True)
class Tile:
    """One page's window onto the sheet: the area (x, y, w, h) in sheet millimetres."""

    row: int
    col: int
    x_mm: float
    y_mm: float
    w_mm: float
    h_mm: float

    @property
    def name(self) -> str:
        """Return the tile's name: a row letter and a column number (`B3`)."""
        return f"{chr(ord('A') + self.row % 26) * (self.row // 26 + 1)}{self.col + 1}"


@dataclass(frozen=True)
class TilePlan:
    """How one sheet is printed across pages of one paper size."""

    paper: str
    page_w_mm: float
    page_h_mm: float
    margin_mm: float
    overlap_mm: float
    rows: int
    cols: int
    tiles: tuple[Tile, ...]

    def at(self, row: int, col: int) -> Tile | None:
        """Return the tile in a row and column, or None beyond the plan."""
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return self.tiles[row * self.cols + col]
        return None


def tiles_along(size_mm: float, printable_mm: float, overlap_mm: float) -> int:
    """Return how many tiles of `printable_mm` with `overlap_mm` shared cover `size_mm`."""
    if size_mm <= printable_mm:
        return 1
    return math.ceil((size_mm - overlap_mm) / (printable_mm - overlap_mm))


def tile_plan(sheet_w_mm: float, sheet_h_mm: float, paper: str, *, overlap_mm: float = DEFAULT_OVERLAP_MM,
              margin_mm: float = PAGE_MARGIN_MM) -> TilePlan:
    """Return the tiles of a sheet on `paper`, in the orientation that needs fewer pages (portrait on a tie)."""
    short, long_ = PAPERS_MM[paper]
    best: TilePlan | None = None
    for page_w, page_h in ((short, long_), (long_, short)):
        print_w, print_h = page_w - 2 * margin_mm, page_h - 2 * margin_mm
        if print_w <= overlap_mm or print_h <= overlap_mm:
            raise ValueError(f"an overlap of {overlap_mm} mm leaves no room on {paper} paper")
        cols = tiles_along(sheet_w_mm, print_w, overlap_mm)
        rows = tiles_along(sheet_h_mm, print_h, overlap_mm)
        tiles = tuple(Tile(r, c, c * (print_w - overlap_mm), r * (print_h - overlap_mm), print_w, print_h)
                      for r in range(rows) for c in range(cols))
        plan = TilePlan(paper, page_w, page_h, margin_mm, overlap_mm, rows, cols, tiles)
        if best is None or rows * cols < best.rows * best.cols:
            best = plan
    return best


def _crop_marks(x0: float, y0: float, x1: float, y1: float) -> list[Item]:
    """Return L-shaped crop marks outside each corner of the rectangle, clear of it by MARK_GAP_MM."""
    g, n = MARK_GAP_MM, MARK_GAP_MM + MARK_LENGTH_MM
    paint = Paint(stroke=INK, stroke_mm=0.2)
    marks: list[Item] = []
    for x, sx in ((x0, -1), (x1, 1)):
        for y, sy in ((y0, -1), (y1, 1)):
            marks.append(Polyline(((x + sx * g, y), (x + sx * n, y)), paint))
            marks.append(Polyline(((x, y + sy * g), (x, y + sy * n)), paint))
    return marks


def _guides(plan: TilePlan, tile: Tile) -> list[Item]:
    """Return dashed lines where the right and lower neighbours' edges fall, with ticks in the margin.

    The guides lie in the overlap, which the neighbour covers once the map is assembled.
    """
    m, paint = plan.margin_mm, Paint(stroke=GUIDE, stroke_mm=0.2, dash_mm=(2.0, 2.0))
    tick = Paint(stroke=INK, stroke_mm=0.3)
    x_edge, y_edge = m + tile.w_mm - plan.overlap_mm, m + tile.h_mm - plan.overlap_mm
    items: list[Item] = []
    if plan.at(tile.row, tile.col + 1):
        items += [Polyline(((x_edge, m), (x_edge, m + tile.h_mm)), paint),
                  Polyline(((x_edge, m - MARK_GAP_MM), (x_edge, m - MARK_GAP_MM - MARK_LENGTH_MM)), tick),
                  Polyline(((x_edge, m + tile.h_mm + MARK_GAP_MM),
                            (x_edge, m + tile.h_mm + MARK_GAP_MM + MARK_LENGTH_MM)), tick)]
    if plan.at(tile.row + 1, tile.col):
        items += [Polyline(((m, y_edge), (m + tile.w_mm, y_edge)), paint),
                  Polyline(((m - MARK_GAP_MM, y_edge), (m - MARK_GAP_MM - MARK_LENGTH_MM, y_edge)), tick),
                  Polyline(((m + tile.w_mm + MARK_GAP_MM, y_edge),
                            (m + tile.w_mm + MARK_GAP_MM + MARK_LENGTH_MM, y_edge)), tick)]
    return items


def _neighbour_labels(plan: TilePlan, tile: Tile) -> list[Item]:
    """Return the names of the neighbouring tiles, in the margin beside each edge."""
    m, w, h = plan.margin_mm, tile.w_mm, tile.h_mm
    spots = [((-1, 0), "▲", m + w * 0.75, m - 3.0, 0), ((1, 0), "▼", m + w / 2, m + h + 3.0 + LABEL_MM * 0.8, 0),
             ((0, -1), "◀", m - 3.0, m + h / 2, -90), ((0, 1), "▶", m + w + 3.0, m + h / 2, 90)]
    items: list[Item] = []
    for (dr, dc), arrow, x, y, angle in spots:
        other = plan.at(tile.row + dr, tile.col + dc)
        if other is not None:
            text = Text(0, 0, f"{arrow} {other.name}", LABEL_MM, fill=INK, bold=True, anchor="middle")
            items.append(Group((text,), dx_mm=x, dy_mm=y, rotate_deg=angle))
    return items


def tile_marks(plan: TilePlan, tile: Tile, title: str, lang: str) -> Drawing:
    """Return what a tile page prints around the sheet: crop marks, guides, its label and its neighbours."""
    m = plan.margin_mm
    label = (f"{title} — {word('tile', lang)} {tile.name} ({word('row', lang)} {tile.row + 1} {word('of', lang)} "
             f"{plan.rows}, {word('column', lang)} {tile.col + 1} {word('of', lang)} {plan.cols}) · "
             f"{plan.paper.upper()} · {word('overlap', lang)} {decimal_text(plan.overlap_mm, lang)} mm")
    items: list[Item] = [*_crop_marks(m, m, m + tile.w_mm, m + tile.h_mm), *_guides(plan, tile),
                         Text(m + 2.0, m - 3.0, label, LABEL_MM, fill=INK), *_neighbour_labels(plan, tile)]
    return Drawing(plan.page_w_mm, plan.page_h_mm, tuple(items))


ASSEMBLY_TOP_MM = 26.0
"""Room above the assembly page's picture of the map, for its title and note."""


def assembly_scale(plan: TilePlan, sheet_w_mm: float, sheet_h_mm: float) -> tuple[float, float, float]:
    """Return the scale and top-left corner (mm) of the sheet's picture on the assembly page."""
    cover_w = (plan.cols - 1) * (plan.tiles[0].w_mm - plan.overlap_mm) + plan.tiles[0].w_mm
    cover_h = (plan.rows - 1) * (plan.tiles[0].h_mm - plan.overlap_mm) + plan.tiles[0].h_mm
    room_w = plan.page_w_mm - 2 * plan.margin_mm
    room_h = plan.page_h_mm - 2 * plan.margin_mm - ASSEMBLY_TOP_MM
    scale = min(room_w / max(cover_w, sheet_w_mm), room_h / max(cover_h, sheet_h_mm))
    return scale, plan.margin_mm, plan.margin_mm + ASSEMBLY_TOP_MM


def assembly_overlay(plan: TilePlan, title: str, lang: str, scale: float, x_mm: float, y_mm: float) -> Drawing:
    """Return the assembly page's drawing (title, note, tile outlines and names) over a map scaled by `scale`."""
    m, room = plan.margin_mm, plan.page_w_mm - 2 * plan.margin_mm
    note = wrapped(word("assembly_note", lang), 2.6, room)
    facts = (f"{title} · {plan.rows} × {plan.cols} = {counted('sheets', len(plan.tiles), lang)} · "
             f"{plan.paper.upper()} · {word('overlap', lang)} {decimal_text(plan.overlap_mm, lang)} mm")
    items: list[Item] = [Text(m, m + 5.0, word("assembly", lang), 5.0, fill=INK, bold=True),
                         *text_lines(wrapped(facts, 3.0, room)[:2], m, m + 7.0, 3.0, fill=INK),
                         *text_lines(note[:2], m, m + 15.5, 2.6, fill=INK)]
    for tile in plan.tiles:
        x, y = x_mm + tile.x_mm * scale, y_mm + tile.y_mm * scale
        w, h = tile.w_mm * scale, tile.h_mm * scale
        items.append(Rect(x, y, w, h, Paint(fill="#ffffff", stroke="#c0392b", stroke_mm=0.35, opacity=0.35)))
        items.append(Rect(x, y, w, h, Paint(stroke="#c0392b", stroke_mm=0.35)))
        size = max(2.5, min(w, h) * 0.18)
        items.append(Text(x + w / 2, y + h / 2 + size * 0.35, tile.name, size, fill="#c0392b", bold=True,
                          anchor="middle"))
    return Drawing(plan.page_w_mm, plan.page_h_mm, tuple(items))
