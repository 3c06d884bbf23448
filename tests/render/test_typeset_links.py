"""LinkingCanvas writes its links exactly as reportlab's canvas does, only in one step."""
from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

from builder.render.typeset.links import LinkingCanvas, _Link


def _document(canvas_class: type[Canvas]) -> tuple[bytes, list]:
    buffer = io.BytesIO()
    canvas = canvas_class(buffer, pagesize=(595.27, 841.89), invariant=1)
    canvas.bookmarkHorizontal("case-1.2", 42.51969, 785.656)
    canvas.drawString(40, 800, "1.2 Stacking")
    canvas.showPage()
    canvas.saveState()
    canvas.translate(17.3, -4.25)  # a paragraph's links are relative to where it is drawn
    canvas.linkRect("", "case-1.2", (119.8871, 685.3435, 552.7559, 695.9685), relative=1)
    canvas.linkRect("", "index-stacking-2", (10, 20.5, 30, 40), relative=1)
    canvas.restoreState()
    canvas.linkRect("", "case-1.2", (1.0 / 3, 2, 3, 4), relative=0)
    canvas.linkRect("see 1.2", "case-1.2", (5, 6, 7, 8), relative=1)  # contents: reportlab's own
    canvas.linkRect("", "case-1.2", (5, 6, 7, 8), thickness=1)  # a border: reportlab's own
    canvas.bookmarkHorizontal("index-stacking-2", 30, 500)
    canvas.drawString(40, 800, "Index")
    canvas.showPage()
    annotations = [value for value in canvas._doc.idToObject.values() if hasattr(value, "Destination")]
    canvas.save()
    return buffer.getvalue(), annotations


def test_links_are_the_bytes_reportlab_writes() -> None:
    ours, made = _document(LinkingCanvas)
    theirs, _ = _document(Canvas)
    assert ours == theirs
    assert sum(isinstance(a, _Link) for a in made) == 3, "the plain links were not made the quick way"
    assert sum(not isinstance(a, _Link) for a in made) == 2, "links with contents or a border went the quick way"
    assert ours.count(b"/Subtype /Link") == 5
