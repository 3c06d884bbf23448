"""Chart pages: a chart too tall for its column goes on in the next, cut between rows; one too wide for a
column of the player-aid card takes the width of all of them; neither is shrunk below its type size."""
from __future__ import annotations

import io
from functools import lru_cache

import pytest
from pypdf import PdfReader

from builder.load.game import load_game
from builder.model.content import Game
from builder.render.chart_pages import column_pieces, pack, page_plan, pages_pdf
from builder.render.charts import BODY_MM, chart_by_id, chart_drawing
from builder.render.ink import printed_sizes_mm, printed_texts
from builder.render.credits import DocumentInfo
from tests.conftest import CONTENT


@lru_cache(maxsize=None)
def seed(name: str) -> Game:
    """Return a seed game, loaded once for the module."""
    return load_game(CONTENT / name)


def test_a_tall_chart_is_cut_between_its_rows_into_column_high_pieces_at_full_size() -> None:
    game, plan = seed("next-war"), page_plan("a4", columns=2, landscape=True)
    whole = chart_drawing(game, chart_by_id(game, "tec"), "pl", width_mm=plan.column_mm)
    pieces = column_pieces(whole, plan)
    assert whole.height_mm > plan.column_height_mm and len(pieces) == 2
    assert all(p.height_mm <= plan.column_height_mm for p in pieces)
    assert sum(p.height_mm for p in pieces) == pytest.approx(whole.height_mm)
    assert min(s for p in pieces for s in printed_sizes_mm(p.items)) == pytest.approx(min(printed_sizes_mm(whole.items)))
    cut = pieces[0].height_mm
    assert not [t.text.text for t in printed_texts(whole.items) if t.box.y0_mm < cut < t.box.y1_mm]


def test_a_chart_too_wide_for_a_column_spans_the_aid_card_and_the_next_goes_below() -> None:
    game, plan = seed("magersfontein-1899"), page_plan("letter", columns=2, landscape=True)
    charts = [(c.id, chart_drawing(game, c, "pl", width_mm=plan.column_mm)) for c in game.charts.charts]
    placed = [p for page in pack(charts, plan) for p in page]
    wide = next(p for p in placed if p.key == "tec")
    after = placed[placed.index(wide) + 1]
    assert wide.drawing.width_mm > plan.column_mm and wide.x_mm == plan.margin_mm
    assert min(printed_sizes_mm(wide.drawing.items)) == pytest.approx(BODY_MM)
    assert after.y_mm >= wide.y_mm + wide.drawing.height_mm or after.y_mm == plan.margin_mm


def test_a_cut_chart_is_bookmarked_once() -> None:
    game, plan = seed("next-war"), page_plan("a4", columns=2, landscape=True)
    charts = [(c.id, chart_drawing(game, c, "pl", width_mm=plan.column_mm)) for c in game.charts.charts]
    pages = pack(charts, plan)
    assert sum(p.continued for page in pages for p in page) >= 1
    outline = PdfReader(io.BytesIO(pages_pdf(pages, plan, info=DocumentInfo("t", "", "", "", "pl"), footers=[""] * len(pages)))).outline
    assert [entry.title for entry in outline] == [d.title for _, d in charts]


def test_a_group_of_papers_shares_one_area_centred_on_each() -> None:
    group = ("a4", "letter")
    a4, letter = page_plan("a4", columns=1, group=group), page_plan("letter", columns=1, group=group)
    # A4 is the narrower paper and Letter the shorter: the area is A4's width and Letter's height
    assert a4.column_mm == pytest.approx(letter.column_mm) == pytest.approx(210.0 - 2 * a4.margin_mm)
    assert a4.column_height_mm == pytest.approx(letter.column_height_mm)
    assert a4.column_height_mm == pytest.approx(279.4 - 2 * a4.margin_mm - a4.footer_room_mm)
    assert a4.left_mm == pytest.approx(a4.margin_mm)
    assert a4.top_mm == pytest.approx((297.0 - 279.4) / 2 + a4.margin_mm)
    alone = page_plan("a4", columns=1)
    assert (alone.left_mm, alone.top_mm) == (alone.margin_mm, alone.margin_mm)
    assert alone.column_height_mm == pytest.approx(297.0 - 2 * alone.margin_mm - alone.footer_room_mm)
