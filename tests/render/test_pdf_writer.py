"""render/pdf.py's shortcuts across documents against doing the work again in each.

A body resolved in a document new to its fonts is copied to the next such document with the fonts'
state it left: the file must be the bytes resolving it again writes. Texts whose characters a document
has coded already must show what reportlab's canvas shows.
"""
from __future__ import annotations

import io

from reportlab.lib.units import mm as PT_PER_MM

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


def _layered(layer: tuple, name: str, alpha: float = 1.0) -> Drawing:
    """A drawing that holds `layer` (a hex map's wordless layers, say) in a group, between items of its own."""
    return Drawing(80.0, 60.0, (Rect(0, 0, 80, 60, Paint(fill="#ffffff", opacity=alpha)), Group(layer),
                                Text(10, 50, name, 3.0, bold=True)), title=name)


def test_a_large_group_is_compiled_once_and_written_as_it_would_be_where_it_stands(monkeypatch) -> None:
    from builder.render import pdf_compile

    layer = tuple(Rect(k % 40 * 2, k // 40 * 2, 1.5, 1.5, Paint(fill="#44aa77", opacity=0.5 if k % 7 == 0 else 1))
                  for k in range(pdf_compile.LAYER_ITEMS)) + \
        tuple(Text(k * 4.0, 40, f"{k:02d}", 1.8, font="condensed") for k in range(20))
    drawings = (_layered(layer, "Polski"), _layered(layer, "English"), _layered(layer, "x", alpha=0.5))
    with monkeypatch.context() as plain:
        plain.setattr(pdf_compile, "LAYER_ITEMS", 10 ** 9)  # every group compiled where it stands
        where_they_stand = [pdf_compile.compile_items(d.items) for d in drawings]
    compiling = []
    items = pdf_compile._Compiler.items
    monkeypatch.setattr(pdf_compile._Compiler, "items", lambda self, them: (compiling.append(them is layer),
                                                                             items(self, them))[1])
    pdf_compile._layers.clear()
    assert [pdf_compile.compile_items(d.items) for d in drawings] == where_they_stand
    # compiled for the first drawing, taken as it was for the second, compiled again under another opacity
    assert compiling.count(True) == 2
