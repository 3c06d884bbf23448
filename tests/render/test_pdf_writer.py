"""render/pdf.py's shortcuts across documents against doing the work again in each.

A body resolved in a document new to its fonts is copied to the next such document with the fonts'
state it left; the canvas embeds font subsets through objects formatted once per process. Either way
every file must be the bytes reportlab's own path writes.
"""
from __future__ import annotations

import io
from pathlib import Path

from PIL import Image as PILImage
from reportlab.lib.units import mm as PT_PER_MM
from reportlab.pdfgen.canvas import Canvas

from builder.render import pdf as backend
from builder.render.drawing import Drawing, Group, Paint, Rect, Text
from builder.render.fonts import registered
from builder.render.pdf_forms import define_form, show_form
from tests.render.shown import assert_shows_the_same
from tests.render.test_backends import _oracle_drawing

# more distinct characters than one subset holds, so that the fonts get a second subset
MANY = "".join(chr(code) for code in range(0x391, 0x3CA)) + "".join(chr(code) for code in range(0x410, 0x450)) \
    + "".join(chr(code) for code in range(0x100, 0x17F))


def _map() -> Drawing:
    """A drawing whose texts use three fonts, ASCII and not, as a map's names and numbers do."""
    items = [Rect(0, 0, 80, 60, Paint(fill="#fbf8f0")),
             *(Text(4 + 7 * (k % 10), 6 + 5 * (k // 10), f"{k:04d}", 1.8, font="condensed", anchor="middle")
               for k in range(60)),
             Text(10, 50, "Łódź — Gazala ▲3", 3.0, bold=True),
             Group((Text(0, 0, "Westküste · ñ", 2.5, font="condensed", bold=True, anchor="middle"),),
                   dx_mm=2, dy_mm=30, rotate_deg=-90)]
    return Drawing(80.0, 60.0, tuple(items), title="map")


def _document(drawing: Drawing, *, before: str = "", after: str = "") -> bytes:
    """Return a file that shows `drawing` as a form, as the map PDFs do, with text set in the canvas's
    own fonts before (the document then knows a font first) and after it (new characters then join
    the subsets the form began)."""
    buffer = io.BytesIO()
    canvas = backend.new_canvas(buffer, 100 * PT_PER_MM, 80 * PT_PER_MM, title="writer")
    if before:
        canvas.setFont(registered("condensed"), 9)
        canvas.drawString(10, 10, before)
    define_form(canvas, "Sheet", drawing)
    show_form(canvas, "Sheet", 0, 0)
    if after:
        canvas.setFont(registered("sans", True), 9)
        canvas.drawString(10, 20, after)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def test_a_body_resolved_in_a_new_document_is_copied_exactly_to_the_next() -> None:
    drawing = _map()
    body = backend.compiled(drawing)
    body.fresh.clear()
    first = _document(drawing, after="A4 · tile B3 " + MANY)
    assert body.fresh, "the first document new to the fonts keeps what it resolved"
    copied = _document(drawing, after="LETTER · tile C1 " + MANY[::-1])
    body.fresh.clear()
    assert copied == _document(drawing, after="LETTER · tile C1 " + MANY[::-1])
    assert first == _document(drawing, after="A4 · tile B3 " + MANY)


def test_a_document_that_knows_a_font_already_resolves_the_body_itself() -> None:
    drawing = _map()
    backend.compiled(drawing).fresh.clear()
    _document(drawing)
    known = _document(drawing, before="0101 0102 Łódź", after="x")
    backend.compiled(drawing).fresh.clear()
    assert known == _document(drawing, before="0101 0102 Łódź", after="x")


def _subsets_document(plain: bool, compress: bool) -> bytes:
    buffer = io.BytesIO()
    canvas = backend.new_canvas(buffer, 200 * PT_PER_MM, 100 * PT_PER_MM, title="fonts", compress=compress)
    if plain:
        canvas.__class__ = Canvas  # reportlab's own save: TTFont.addObjects embeds the subsets
    for row, (font, bold) in enumerate((("sans", False), ("condensed", True), ("italic", False))):
        canvas.setFont(registered(font, bold), 8)
        canvas.drawString(10, 10 + 12 * row, f"{font} 0123 ▲▼◀▶ " + MANY[row * 40:])
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def test_fonts_are_embedded_as_reportlab_embeds_them() -> None:
    for compress in (True, False):
        expected = _subsets_document(plain=True, compress=compress)
        assert _subsets_document(plain=False, compress=compress) == expected
        # the second time from the subsets formatted before
        assert _subsets_document(plain=False, compress=compress) == expected


def _pages_document(plain: bool, picture: Path) -> bytes:
    buffer = io.BytesIO()
    canvas = backend.new_canvas(buffer, 210 * PT_PER_MM, 297 * PT_PER_MM, title="pages")
    if plain:
        canvas.__class__ = Canvas  # reportlab's own save: PDFPage.format writes each page
    define_form(canvas, "Sheet", _map())
    for page in range(5):
        show_form(canvas, "Sheet", 10 * page, 20, clip_pt=(0, 0, 100, 100))
        if page % 2:
            canvas.setFillAlpha(0.35)  # a transparency state among the page's resources
            canvas.rect(10, 10, 50, 50, fill=1)
        if page == 3:
            canvas.drawImage(str(picture), 100, 100, 20, 20)
            canvas.setPageRotation(90)
        if page == 4:
            canvas.setPageSize((300, 200))
        canvas.drawString(20, 20, f"page {page}")
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def test_pages_are_written_as_reportlab_writes_them(tmp_path: Path) -> None:
    picture = tmp_path / "dot.png"
    PILImage.new("RGB", (4, 4), (200, 30, 30)).save(picture)
    assert _pages_document(plain=False, picture=picture) == _pages_document(plain=True, picture=picture)


def test_texts_whose_characters_are_known_show_as_the_canvas_shows_them() -> None:
    # numbers and names that repeat characters already coded (the quick way), among new ones, a
    # non-breaking space, characters the font lacks and more than one subset (the general way)
    texts = [f"{k:04d}" for k in range(40)] + ["Łódź", "Łó", "a\u00a0b", "\u4e00x", "", "(1) \\ 2"] + \
        [MANY[k:k + 30] for k in range(0, len(MANY), 30)] + [MANY[::7], "0101 Łódź"]
    drawing = Drawing(100.0, 100.0, tuple(Text(2, 2 + k % 90, text, 2.0, font="condensed" if k % 3 else "sans")
                                          for k, text in enumerate(texts)))
    ours, oracle = io.BytesIO(), io.BytesIO()
    for buffer, draw in ((ours, backend.draw_drawing), (oracle, _oracle_drawing)):
        canvas = backend.new_canvas(buffer, 120 * PT_PER_MM, 120 * PT_PER_MM, title="texts")
        draw(canvas, drawing, 0, 0)
        canvas.showPage()
        canvas.save()
    assert_shows_the_same(ours.getvalue(), oracle.getvalue())
