"""Read-back proof of the charts: every cell of every chart, on the charts PDF and the player-aid card,
prints what the model says it prints (builder.model.charts.printed_cells), in every language, in its
row and in its column. A misprint planted in the renderer makes the proof fail.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import builder.render.charts as chart_render
from builder.emit.pdf_aid import aid_pdf
from builder.emit.pdf_charts import charts_pdf
from builder.load.game import load_game
from builder.model.base import text_in
from builder.model.charts import Chart, Tec, printed_cells
from builder.model.content import Game
from builder.render.charts import ChartText, _tec_label, roll_label
from tests.conftest import game_folders
from tests.proof.reading import Found, Glyph, compact, find_run, glyphs, split_run

COLUMN_TOLERANCE_PT = 1.0
"""How far a centred cell's middle may stray from its column's (rounding of glyph boxes)."""
DOCUMENTS = {"charts": charts_pdf, "aid": aid_pdf}


def _row_labels(game: Game, chart: Chart, lang: str) -> list[str]:
    """Return each body row's label as the chart prints it ("" for a table without labels)."""
    words = ChartText(game, lang)
    if isinstance(chart, Tec):
        return [_tec_label(row, words) for row in chart.rows]
    if chart.kind == "table" and not any(r.label or r.roll for r in chart.rows):
        return ["" for _ in chart.rows]
    return [roll_label(row.roll, row.label, words) if (row.roll or row.label) else "" for row in chart.rows]


def _read_rows(page: list[Glyph], start: int, labels: list[str], body: list[list[str]]) -> list[list[Found]] | str:
    """Return the cells of each row found one after another from glyph `start`, or what could not be found."""
    rows, at = [], start
    for number, (label, cells) in enumerate(zip(labels, body), start=1):
        found = find_run(page, label + "".join(cells), at)
        if found < 0:
            return f"row {number} ({label!r}) is not printed as {cells}"
        at = found + len(compact(label))
        rows.append(split_run(page, at, cells))
        at += len(compact("".join(cells)))
    return rows


def _misplaced(rows: list[list[Found]], body: list[list[str]]) -> list[str]:
    """Return the cells standing outside their row or column."""
    problems = []
    width = len(body[0]) if body else 0
    for column in range(width):
        centres = [row[column].centre_x_pt for row in rows if row[column].glyphs]
        if centres and max(centres) - min(centres) > COLUMN_TOLERANCE_PT:
            problems.append(f"column {column + 1} is not one column: centres {min(centres):.1f}-{max(centres):.1f} pt")
    for number in range(1, len(rows)):
        above = [c for c in rows[number - 1] if c.glyphs]
        below = [c for c in rows[number] if c.glyphs]
        if above and below and min(c.bottom_pt for c in above) < max(c.top_pt for c in below) - 0.5:
            problems.append(f"row {number + 1} is not below row {number}")
    for number, row in enumerate(rows, start=1):
        centres = [c.centre_x_pt for c in row if c.glyphs]
        if centres != sorted(centres):
            problems.append(f"the cells of row {number} are not left to right")
    return problems


def misprints(game: Game, lang: str, pdf: bytes) -> list[str]:
    """Return every chart cell of `pdf` that does not print its model value in its row and column."""
    page_glyphs = glyphs(pdf)
    problems = []
    for chart in game.charts.charts:
        title = text_in(chart.name, lang)
        body = printed_cells(game.charts, chart, lang)
        start = find_run(page_glyphs, title)
        if start < 0:
            problems.append(f'{chart.id}: the title "{title}" is not printed')
            continue
        rows = _read_rows(page_glyphs, start + len(compact(title)), _row_labels(game, chart, lang), body)
        if isinstance(rows, str):
            problems.append(f"{chart.id}: {rows}")
            continue
        problems += [f"{chart.id}: {p}" for p in _misplaced(rows, body)]
    return problems


def _cases() -> list:
    cases = []
    for folder in game_folders():
        game = load_game(folder)
        for lang in game.game.languages:
            for document in DOCUMENTS:
                cases.append(pytest.param(folder, lang, document, id=f"{folder.name}-{lang}-{document}"))
    return cases


@pytest.fixture(scope="module")
def games() -> dict[Path, Game]:
    """Return every seed game, loaded once for the module."""
    return {folder: load_game(folder) for folder in game_folders()}


@pytest.mark.parametrize("folder,lang,document", _cases())
def test_every_chart_cell_prints_its_model_value_in_its_row_and_column(games: dict[Path, Game], folder: Path,
                                                                       lang: str, document: str) -> None:
    game = games[folder]
    pdf = DOCUMENTS[document](game, lang, game.game.print.papers[0])
    assert misprints(game, lang, pdf) == []


def test_the_proof_reads_the_cells_it_claims_to() -> None:
    game = load_game(game_folders()[0])
    lang = game.game.languages[0]
    pdf = charts_pdf(game, lang, game.game.print.papers[0])
    chart = game.charts.charts[0]
    body = printed_cells(game.charts, chart, lang)
    page = glyphs(pdf)
    start = find_run(page, text_in(chart.name, lang))
    rows = _read_rows(page, start, _row_labels(game, chart, lang), body)
    assert not isinstance(rows, str)
    assert ["".join(g.char for g in cell.glyphs) for cell in rows[0]] == [compact(text) for text in body[0]]


def _planted(cells: list[list[str]], chart: Chart) -> list[list[str]]:
    """Return a chart's cells with the misprint the issue reported: a modifier printed as a result's name."""
    if chart.id != "terrain-combat":
        return cells
    return [["Courier caught" if text == "+2" else text for text in row] for row in cells]


def test_a_misprint_planted_in_the_renderer_fails_the_proof(monkeypatch: pytest.MonkeyPatch) -> None:
    folder = next(f for f in game_folders() if f.name == "magersfontein-1899")
    game = load_game(folder)  # loaded afresh: the drawings of a game are memoised per game object
    model_cells = printed_cells
    monkeypatch.setattr(chart_render, "printed_cells",
                        lambda charts, chart, lang: _planted(model_cells(charts, chart, lang), chart))
    pdf = charts_pdf(game, "en", game.game.print.papers[0])
    found = misprints(game, "en", pdf)
    assert found and all(problem.startswith("terrain-combat:") for problem in found), found


def test_a_swapped_column_planted_in_the_renderer_fails_the_proof(monkeypatch: pytest.MonkeyPatch) -> None:
    folder = next(f for f in game_folders() if f.name == "gazala-1942")
    game = load_game(folder)
    model_cells = printed_cells

    def swapped(charts, chart, lang):  # the CRT's first two columns printed the wrong way round
        cells = model_cells(charts, chart, lang)
        return [[row[1], row[0], *row[2:]] for row in cells] if chart.id == "crt" else cells

    monkeypatch.setattr(chart_render, "printed_cells", swapped)
    found = misprints(game, "en", charts_pdf(game, "en", game.game.print.papers[0]))
    assert any(problem.startswith("crt:") for problem in found), found
