"""Text on a counter face: the room a slot leaves inside the safe area, and marker words broken into lines."""
from __future__ import annotations

import pytest

from builder.model.template import TextSlot
from builder.render.contrast import BLACK, WHITE, contrast, legible_ink
from builder.render.counter_text import SOFT_HYPHEN, fit_text, room_mm, wrap_lines

SIDE_MM = 12.7


def slot(**fields: object) -> TextSlot:
    """Return a marker text slot with the given fields changed."""
    return TextSlot(**{"source": "marker_text", "x": 0.5, "y": 0.4, "size": 0.14, "width": 0.92, "bold": True,
                       **fields})


@pytest.mark.parametrize("anchor,x,expected_mm", [("middle", 0.5, 10.7), ("start", 0.05, 11.065),
                                                  ("end", 0.3, 2.81), ("start", 0.9, 0.27)])
def test_a_slots_room_ends_at_the_safe_area(anchor: str, x: float, expected_mm: float) -> None:
    assert room_mm(slot(anchor=anchor, x=x), SIDE_MM, 1.0) == pytest.approx(min(expected_mm, 0.92 * SIDE_MM))
    assert room_mm(slot(anchor=anchor, x=x, width=0.1), SIDE_MM, 1.0) == pytest.approx(min(expected_mm, 1.27))


def test_text_shrinks_to_the_safe_room_and_says_when_it_still_does_not_fit() -> None:
    fitted = fit_text(slot(), "SZTURMOWANIE", SIDE_MM, 1.0)
    assert fitted.room_mm == pytest.approx(10.7) and fitted.width_mm <= fitted.room_mm and fitted.fits
    assert not fit_text(slot(), "SZTURMOWANIE" * 2, SIDE_MM, 1.0).fits


def test_short_words_stay_on_one_line_at_their_size() -> None:
    [line] = wrap_lines(slot(), "SZTURM", SIDE_MM, 1.0)
    assert (line.text, line.size_mm) == ("SZTURM", pytest.approx(0.14 * SIDE_MM))


def test_long_words_break_at_soft_hyphens_into_up_to_three_lines_printed_larger() -> None:
    lines = wrap_lines(slot(), f"BRAK DOWO{SOFT_HYPHEN}DZENIA", SIDE_MM, 1.0)
    assert [line.text for line in lines] == ["BRAK", "DOWO-", "DZENIA"]
    assert all(line.fits and line.size_mm == pytest.approx(0.14 * SIDE_MM) for line in lines)
    assert [line.slot.y for line in lines] == pytest.approx([0.4, 0.4 + 0.147, 0.4 + 0.294])
    [whole] = wrap_lines(slot(), f"SZTUR{SOFT_HYPHEN}MY", SIDE_MM, 1.0)
    assert whole.text == "SZTURMY"


def test_ink_is_kept_when_it_reads_and_else_black_or_white() -> None:
    assert legible_ink("#e6e1d3", "#333333") == "#333333"
    assert legible_ink("#404040", BLACK) == WHITE and contrast("#404040", WHITE) >= 4.5
    assert legible_ink("#b03030", BLACK) == WHITE
    assert legible_ink("#f0d040", WHITE) == BLACK
