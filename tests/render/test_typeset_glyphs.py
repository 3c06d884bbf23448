"""Text drawn by glyphs.TextObject is encoded exactly as reportlab's own text object encodes it, run
after run in one document: the same subset codes, font switches and escapes, also once the first
subset is full and characters go to the next one."""
from __future__ import annotations

import io

from reportlab.lib.colors import CMYKColor, Color, HexColor
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

from builder.render.fonts import registered
from builder.render.typeset.glyphs import TextObject

RUNS = ["plain words", "Zażółć gęślą jaźń", "a\xa0no-break space", "", "plain words", "(brackets) \\ and )",
        "".join(map(chr, range(0x400, 0x500))), "Zażółć again, then Ωμέγα", "plain words"]


def _code(text_object: type, runs: list[str]) -> tuple[str, bytes]:
    """Return what a text object of this class writes for the runs, in two fonts, and the document."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1)
    tx = text_object(canvas, 10, 700)
    for font in (registered("sans"), registered("sans", True)):
        tx.setFont(font, 9)
        for run in runs:
            tx._textOut(run, 1)
    code = tx.getCode()
    canvas.drawText(tx)
    canvas.save()
    return code, buffer.getvalue()


def test_runs_are_encoded_as_reportlab_encodes_them() -> None:
    assert _code(TextObject, RUNS) == _code(PDFTextObject, RUNS)


def test_only_runs_with_new_characters_go_through_split_string(monkeypatch) -> None:
    split: list[str] = []
    original = TTFont.splitString

    def recording(font: TTFont, text: str, doc, encoding: str = "utf-8") -> list:
        split.append(text)
        return original(font, text, doc, encoding)

    monkeypatch.setattr(TTFont, "splitString", recording)
    _code(TextObject, ["plain", "plan", "plain", "ańa", "plain"])
    assert split == ["plain", "ańa"] * 2


def _coloured(text_object: type) -> tuple[str, bytes]:
    """Return what a text object of this class writes for runs in colours, the same colour twice, and the document."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1)
    tx = text_object(canvas, 10, 700)
    tx.setFont(registered("sans"), 9)
    for colour in (HexColor("#1d4f91"), HexColor("#1d4f91"), Color(0, 0, 0), Color(0.2, 0.4, 0.6, alpha=0.5),
                   CMYKColor(0.1, 0.2, 0.3, 0.4), (0.5, 0.5, 0.5), "red"):
        tx.setFillColor(colour)
        tx._textOut("plain words", 1)
    code = tx.getCode()
    canvas.drawText(tx)
    canvas.save()
    return code, buffer.getvalue()


def test_fill_colours_are_set_as_reportlab_sets_them() -> None:
    assert _coloured(TextObject) == _coloured(PDFTextObject)
