"""Where a drawing puts ink: text boxes from the glyph outlines agree with the PDF the backend writes."""
from __future__ import annotations

import io

import pypdfium2 as pdfium
import pytest
from reportlab.lib.units import mm as PT_PER_MM

from builder.render.drawing import Drawing, Group, Paint, Rect, Text
from builder.render.ink import Box, printed_sizes_mm, printed_texts, shape_box, shape_boxes, text_box
from builder.render.pdf import draw_drawing, new_canvas

PAGE_MM = 40.0


def pdf_glyph_box(text: Text) -> Box:
    """Return the box round every glyph of the text as pdfium reads it back from the PDF the backend writes."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, PAGE_MM * PT_PER_MM, PAGE_MM * PT_PER_MM)
    draw_drawing(canvas, Drawing(PAGE_MM, PAGE_MM, (text,)), 0, 0)
    canvas.showPage()
    canvas.save()
    page = pdfium.PdfDocument(buffer.getvalue())[0]
    chars = page.get_textpage()
    boxes = [chars.get_charbox(i, loose=False) for i in range(chars.count_chars())]
    boxes = [b for b, char in zip(boxes, text.text) if not char.isspace()]
    # pdfium's boxes are (left, bottom, right, top) in points from the page's lower left corner
    return Box(min(b[0] for b in boxes) / PT_PER_MM, PAGE_MM - max(b[3] for b in boxes) / PT_PER_MM,
               max(b[2] for b in boxes) / PT_PER_MM, PAGE_MM - min(b[1] for b in boxes) / PT_PER_MM)


@pytest.mark.parametrize("text", [
    Text(5.0, 20.0, "Heckler", 3.0, font="condensed", bold=True),
    Text(20.0, 20.0, "4-4-10", 4.0, font="condensed", bold=True, anchor="middle"),
    Text(35.0, 20.0, "Żółw gęś", 2.5, anchor="end"),
    Text(5.0, 30.0, "(pjq)/", 3.0, font="condensed"),
])
def test_text_box_is_the_box_of_the_glyphs_the_pdf_prints(text: Text) -> None:
    measured, printed = text_box(text), pdf_glyph_box(text)
    for ours, theirs in zip((measured.x0_mm, measured.y0_mm, measured.x1_mm, measured.y1_mm),
                            (printed.x0_mm, printed.y0_mm, printed.x1_mm, printed.y1_mm)):
        assert ours == pytest.approx(theirs, abs=0.05)


def test_blank_text_has_no_box_and_descenders_reach_below_the_baseline() -> None:
    assert text_box(Text(0, 10, "  ", 3.0)) is None
    assert text_box(Text(0, 10, "ace", 3.0)).y1_mm == pytest.approx(10.0, abs=0.05)
    assert text_box(Text(0, 10, "gyp", 3.0)).y1_mm > 10.5


def test_groups_move_and_scale_text_and_shapes() -> None:
    inner = (Text(0.0, 2.0, "H", 2.0), Rect(0.0, 0.0, 4.0, 1.0, Paint(fill="#000000")))
    lines = list(printed_texts([Group(inner, dx_mm=10.0, dy_mm=5.0, scale=0.5)]))
    alone = text_box(inner[0])
    assert len(lines) == 1 and lines[0].size_mm == 1.0
    assert lines[0].box.x0_mm == pytest.approx(10.0 + alone.x0_mm / 2)
    assert lines[0].box.y1_mm == pytest.approx(5.0 + alone.y1_mm / 2)
    assert list(shape_boxes([Group(inner, dx_mm=10.0, dy_mm=5.0, scale=0.5)])) == [Box(10.0, 5.0, 12.0, 5.5)]


def test_a_stroked_shape_reaches_half_its_line_beyond_its_outline() -> None:
    assert shape_box(Rect(1.0, 1.0, 2.0, 2.0, Paint(stroke="#000000", stroke_mm=0.4))) == Box(0.8, 0.8, 3.2, 3.2)


def test_boxes_tell_their_overlap_their_gap_and_their_inset() -> None:
    a, b = Box(0.0, 0.0, 2.0, 2.0), Box(1.5, 0.5, 4.0, 1.0)
    assert a.overlap_mm(b) == pytest.approx(0.5) and a.gap_mm(b) == pytest.approx(-0.5)
    assert a.gap_mm(Box(2.3, 0.0, 3.0, 1.0)) == pytest.approx(0.3) and a.overlap_mm(Box(2.3, 0, 3, 1)) == 0.0
    assert b.inset_mm(5.0, 5.0) == pytest.approx(0.5)


def test_printed_sizes_apply_every_groups_scale() -> None:
    items = (Text(0, 1, "a", 2.0), Group((Text(0, 1, "b", 2.0), Group((Text(0, 1, "c", 4.0),), scale=0.5)), scale=0.5),
             Text(0, 1, " ", 1.0))
    assert list(printed_sizes_mm(items)) == [2.0, 1.0, 1.0]


def test_text_boxes_follow_the_font_table_in_use() -> None:
    # one process checks or builds games of different fonts in turn (`sandtable check content/*/`): a box
    # measured with one game's face must not be kept for the next game's
    from pathlib import Path

    from builder.render.fonts import FACES, Face, using_fonts

    carlito = Path(__file__).resolve().parents[2] / "content" / "gazala-1942" / "fonts" / "Carlito-Regular.ttf"
    text = Text(5.0, 20.0, "Wadi Hamza", 3.0)
    shipped = text_box(text)
    with using_fonts({**FACES, ("sans", False): Face("Carlito", str(carlito))}):
        other, printed = text_box(text), pdf_glyph_box(text)
        assert [other.x0_mm, other.y0_mm, other.x1_mm, other.y1_mm] == pytest.approx(
            [printed.x0_mm, printed.y0_mm, printed.x1_mm, printed.y1_mm], abs=0.05)
    assert other != shipped
    assert text_box(text) == shipped
