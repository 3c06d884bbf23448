"""Text drawn by glyphs.TextObject is encoded exactly as reportlab's own text object encodes it, run
after run in one document: the same subset codes, font switches and escapes, also once the first
subset is full and characters go to the next one."""
from __future__ import annotations

import io

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
