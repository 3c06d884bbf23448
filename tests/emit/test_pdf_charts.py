"""Chart PDFs, chart SVGs and the player-aid card: sizes, bookmarks, text, fonts, determinism."""
from __future__ import annotations

import pytest

from builder.emit.charts_svg import emit_charts_svg
from builder.emit.pdf_aid import emit_aid_pdf
from builder.emit.pdf_charts import emit_charts_pdf
from builder.load.game import load_game
from builder.render.counter_sheet import PAPERS_MM
from tests.conftest import CONTENT, MINIMAL
from tests.emit.pdf_reading import outline, pdf_fonts, pdf_text, reader

PT_PER_MM = 72 / 25.4


@pytest.fixture(scope="module")
def batalha():
    """Return the Batalha game."""
    return load_game(CONTENT / "batalha-de-gazala")


def _size_mm(data: bytes) -> tuple[float, float]:
    box = reader(data).pages[0].mediabox
    return round(float(box.width) / PT_PER_MM, 1), round(float(box.height) / PT_PER_MM, 1)


def test_charts_pdf_per_language_and_paper_with_a_bookmark_per_chart(batalha) -> None:
    artifacts = emit_charts_pdf(batalha)
    assert sorted((a.extra["lang"], a.extra["paper"]) for a in artifacts) == [
        ("en", "a4"), ("en", "letter"), ("pt", "a4"), ("pt", "letter")]
    for artifact in artifacts:
        assert artifact.kind == "charts-pdf" and artifact.path.endswith(".pdf")
        width, height = PAPERS_MM[artifact.extra["paper"]]
        assert _size_mm(artifact.data) == (round(width, 1), round(height, 1))
        titles = [title for _, title, _ in outline(reader(artifact.data))]
        assert len(titles) == len(batalha.charts.charts)
        assert all(emb == "yes" for _, emb in pdf_fonts(artifact.data))
    pt = next(a for a in artifacts if a.extra == {"paper": "a4", "lang": "pt"})
    text = pdf_text(pt.data)
    for expected in ("Tabela de Efeitos do Combate", "9-1", "DVB ARB", "Braço de Mar", "Deslocamentos de coluna",
                     "Defesa Eliminada", "Tabela de Vulnerabilidade"):
        assert expected in text


def test_aid_card_is_landscape_and_printed_front_and_back(batalha) -> None:
    for artifact in emit_aid_pdf(batalha):
        assert artifact.kind == "aid-pdf"
        pdf = reader(artifact.data)
        assert len(pdf.pages) % 2 == 0
        width, height = _size_mm(artifact.data)
        assert width > height
    polish = emit_aid_pdf(load_game(CONTENT / "bolt-action"))
    text = pdf_text(next(a for a in polish if a.extra == {"paper": "a4", "lang": "pl"}).data)
    assert "arkusz 1, przód" in text and "arkusz 1, tył" in text and "Przeszkoda przeciwczołgowa" in text


def test_chart_svgs_one_per_chart_and_language() -> None:
    game = load_game(MINIMAL)
    artifacts = emit_charts_svg(game)
    assert [a.path for a in artifacts] == ["charts/crt.svg", "charts/tec.svg", "charts/weather.svg"]
    assert all(a.kind == "charts-svg" and a.data.startswith(b"<?xml") for a in artifacts)
    assert b"<title>Combat Results Table</title>" in artifacts[0].data


def test_chart_outputs_are_byte_identical_when_rebuilt() -> None:
    game = load_game(MINIMAL)
    for emit in (emit_charts_pdf, emit_aid_pdf, emit_charts_svg):
        assert [a.data for a in emit(game)] == [a.data for a in emit(load_game(MINIMAL))]
