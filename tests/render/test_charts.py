"""Charts as drawings: what a CRT, a TEC and a table print, how they fit a width, and the SVG golden."""
from __future__ import annotations

import math

from builder.load.game import load_game
from builder.render.chart_layout import (FIT_MM, ICON_MM, PAD_MM, Cell, Grid, GridStyle, _measured_runs, _wrap_words,
                                         measure_cell, measured_mm, split_words, unwrapped_lines, wrap_lines,
                                         wrap_runs)
from builder.render.charts import (INSET_MM, _below, _placed_below, _wrapped_below, chart_by_id, chart_drawing,
                                   shows_codes)
from builder.render.drawing import Drawing, Group, Rect, Text
from builder.render.fonts import text_width_mm
from builder.render.svg import svg_text
from tests.conftest import CONTENT, DATA, MINIMAL

GOLDEN = DATA.parent / "golden" / "charts"


def _texts(items, dx: float = 0.0, dy: float = 0.0, scale: float = 1.0) -> list[tuple[float, float, Text]]:
    found = []
    for item in items:
        if isinstance(item, Group):
            found += _texts(item.items, dx + item.dx_mm * scale, dy + item.dy_mm * scale, scale * item.scale)
        elif isinstance(item, Text):
            found.append((dx + item.x_mm * scale, dy + item.y_mm * scale, item))
    return found


def _all(items) -> list:
    return [found for item in items for found in ([item] + (_all(item.items) if isinstance(item, Group) else []))]


def _words(drawing: Drawing) -> list[str]:
    return [t.text for _, _, t in _texts(drawing.items)]


def test_crt_prints_columns_die_rows_result_legend_and_shifts() -> None:
    game = load_game(MINIMAL)
    words = _words(chart_drawing(game, chart_by_id(game, "crt"), "en", width_mm=180))
    assert {"Combat Results Table", "d6", "1-2", "1-1", "2-1", "3-1", "1", "2–3", "4–6"} <= set(words)
    assert {"AE", "AR", "DR", "DE", "EX", "−1"} <= set(words)
    joined = " ".join(words)
    assert "Attacker eliminated" in joined and "defender in marsh" in joined


def test_tec_shows_terrain_swatch_in_the_map_colour_and_costs() -> None:
    game = load_game(MINIMAL)
    drawing = chart_drawing(game, chart_by_id(game, "tec"), "en", width_mm=120)
    fills = [item.paint.fill for item in _all(drawing.items) if isinstance(item, Rect)]
    assert "#a8c8a0" in fills and "#f0e6c8" in fills
    words = _words(drawing)
    assert {"Marsh", "Foot", "Mechanised", "P", "½", "+2", "−1", "Combat"} <= set(words)


def test_narrow_chart_wraps_its_cells_inside_the_width() -> None:
    game = load_game(CONTENT / "batalha-de-gazala")
    drawing = chart_drawing(game, chart_by_id(game, "crt"), "pt", width_mm=100)
    assert drawing.width_mm <= 100 + 1e-6
    for x, _, text in _texts(drawing.items):
        left = x - (text_width_mm(text.text, text.size_mm, bold=text.bold) / 2 if text.anchor == "middle" else 0)
        assert left >= -0.01 and left + text_width_mm(text.text, text.size_mm, bold=text.bold) <= drawing.width_mm


def test_word_codes_print_their_names_and_borrowed_codes_are_named() -> None:
    game = load_game(CONTENT / "bolt-action")
    terrain = chart_by_id(game, "terrain")
    assert not shows_codes(terrain)
    words = " ".join(_words(chart_drawing(game, terrain, "en", width_mm=180)))
    assert "No run" in words and "no-run" not in words
    heavy = " ".join(_words(chart_drawing(game, chart_by_id(game, "heavy-weapons"), "pl", width_mm=180)))
    assert "Ładunek kumulacyjny" in heavy and "Odłamkowa (K3)" not in heavy and "Odłamkowa (D3)" in heavy


def test_crt_svg_matches_golden(update_golden: bool) -> None:
    game = load_game(MINIMAL)
    text = svg_text(chart_drawing(game, chart_by_id(game, "crt"), "en", width_mm=120))
    golden = GOLDEN / "minimal-crt.svg"
    if update_golden:
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")


def test_unwrapped_lines_are_what_wrap_lines_sets_when_everything_fits() -> None:
    for text in ["", "  ", "a", "a  b", " a\n\nb ", "a\n", "a\n\n", "\na", "x\ty  z\n w"]:
        assert unwrapped_lines(text) == wrap_lines(text, math.inf, 2.5), repr(text)


def test_grid_cells_wrap_as_wrap_lines_does_at_every_width() -> None:
    rows = [[Cell("Die roll", bold=True), Cell("Attacker  eliminated\nfully", bold=True)],
            [Cell("1"), Cell("Defender retreats two hexes or is eliminated")], [Cell("2–3"), Cell("")]]
    grid = Grid(rows, GridStyle(2.5))
    for width in (8.0, 20.0, 40.0, 90.0, 200.0):
        widths = grid.widths(width)
        texts = [item.text for item in grid.placed(widths).items if isinstance(item, Text)]
        expected = [line for row in rows for cell, w in zip(row, widths)
                    for line in wrap_lines(cell.text, w - 2 * PAD_MM, 2.5, bold=cell.bold)]
        assert texts == expected, width


def test_runs_that_fit_on_one_line_are_wrapped_as_word_by_word() -> None:
    runs = [("Attacker eliminated:", True), ("remove every attacking unit", False), ("(7.2)", True)]
    measured = _measured_runs(tuple(runs), 2.5)
    assert len(wrap_runs(runs, 200.0, 2.5)) == 1 and len(wrap_runs(runs, 30.0, 2.5)) > 1
    for width in (5.0, 30.0, 45.0, 60.0, 61.0, 200.0):
        assert wrap_runs(runs, width, 2.5) == _wrap_words(measured.words, measured.space_mm, width + FIT_MM), width


def test_one_word_cells_measure_as_cells_of_several_words_do() -> None:
    for text in ["", "1", "DE", "2–3", "a b", " a", "a ", "a\nb", "a\u00a0b", "x\ty", "Attacker  eliminated\nfully"]:
        for cell in (Cell(text), Cell(text, bold=True, icon=Group(()))):
            found = measure_cell(cell, 2.5)
            lines = unwrapped_lines(text)
            room = 2 * PAD_MM + (ICON_MM if cell.icon else 0.0)
            widest = max(measured_mm(ln, 2.5, bold=cell.bold) for ln in lines)
            natural = max(measured_mm(ln, 2.5, bold=cell.bold) for ln in text.split("\n"))
            minimum = max(measured_mm(w, 2.5, bold=cell.bold) for w in split_words(text) or [""])
            assert (found.lines, found.widest_mm, found.natural_mm, found.minimum_mm) == \
                   (tuple(lines), widest, natural + room, minimum + room), repr(text)


def test_blocks_under_a_chart_laid_out_once_are_those_wrapped_at_each_width() -> None:
    game = load_game(CONTENT / "next-war")
    for chart in game.charts.charts:
        for block in _below(game, chart, "en"):
            for width in (60.0, 120.9, 129.7, 177.2, 183.2, 189.1):
                wrapped = _wrapped_below(block, width - 2 * INSET_MM)
                assert _placed_below(game, block, width - 2 * INSET_MM) == (tuple(wrapped.items), wrapped.height_mm)
