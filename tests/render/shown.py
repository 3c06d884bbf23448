"""What a PDF shows, read back for tests that hold behaviour rather than bytes: each page's pixels as PDFium
renders them, its strings with their boxes, its page boxes and its fonts (embedded or not).

Two ways of writing a document (render/pdf.py's compiled content streams, reportlab's canvas calls) are
held to show the same thing, whatever bytes the installed reportlab writes.
"""
from __future__ import annotations

import io
from typing import NamedTuple

import numpy as np
import pypdfium2
from pypdf import PdfReader


class Shown(NamedTuple):
    """One page as a reader meets it."""

    pixels: np.ndarray
    texts: tuple[tuple[str, tuple[float, ...]], ...]
    """Each text object's string and its box in points (rounded to a hundredth)."""
    media_box: tuple[float, ...]


def shown(data: bytes, *, scale: float = 2.0) -> list[Shown]:
    """Return every page of the PDF `data` as rendered and read by PDFium."""
    document = pypdfium2.PdfDocument(data)
    pages = []
    for page in document:
        bitmap = page.render(scale=scale, fill_color=(255, 255, 255, 255))
        pixels = np.asarray(bitmap.to_pil().convert("RGB"))
        text_page = page.get_textpage()
        objects = page.get_objects(filter=[pypdfium2.raw.FPDF_PAGEOBJ_TEXT], max_depth=8)
        boxes = [(getattr(obj, "get_bounds", None) or obj.get_pos)() for obj in objects]  # pypdfium2 5, 4
        texts = tuple((text_page.get_text_bounded(*box), tuple(round(v, 2) for v in box)) for box in boxes)
        pages.append(Shown(pixels, texts, tuple(round(v, 2) for v in page.get_mediabox())))
    return pages


def fonts(data: bytes) -> dict[str, bool]:
    """Return every font the PDF's pages and forms use, by base name, and whether its file is embedded."""
    found: dict[str, bool] = {}
    reader = PdfReader(io.BytesIO(data))

    def walk(resources) -> None:
        resources = resources.get_object() if resources is not None else {}
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor is not None else {}
            found[str(font["/BaseFont"])] = any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
        for xobject in (resources.get("/XObject") or {}).values():
            xobject = xobject.get_object()
            if xobject.get("/Subtype") == "/Form":
                walk(xobject.get("/Resources"))

    for page in reader.pages:
        walk(page.get("/Resources"))
    return found


def assert_shows_the_same(ours: bytes, theirs: bytes) -> None:
    """Assert that two PDFs show the same pages: pixels, strings at their places, page sizes and fonts."""
    mine, other = shown(ours), shown(theirs)
    assert len(mine) == len(other)
    for number, (a, b) in enumerate(zip(mine, other), start=1):
        assert a.media_box == b.media_box, f"page {number}"
        assert a.texts == b.texts, f"page {number}"
        assert np.array_equal(a.pixels, b.pixels), f"page {number}: {np.count_nonzero(a.pixels != b.pixels)} values differ"
    assert fonts(ours) == fonts(theirs)
    assert all(fonts(ours).values()), "every font is embedded"
