"""Reading our PDFs back for tests: text (pdftotext), fonts (pdffonts), outline, links, text lines."""
from __future__ import annotations

import io
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from pypdf import PdfReader


def _run(tool: list[str], data: bytes) -> str:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "in.pdf"
        path.write_bytes(data)
        done = subprocess.run([*tool, str(path), *(["-"] if tool[0] == "pdftotext" else [])],
                              capture_output=True, text=True, check=True)
    return done.stdout


def pdf_text(data: bytes, *, page: int | None = None, raw: bool = False) -> str:
    """Return the text pdftotext extracts, of the whole file or of one page (1-based); `raw` keeps
    the order it was drawn in (table cells whole) instead of reading order."""
    pages = ["-f", str(page), "-l", str(page)] if page else []
    return _run(["pdftotext", "-enc", "UTF-8", *(["-raw"] if raw else []), *pages], data)


def pdf_fonts(data: bytes) -> list[tuple[str, str]]:
    """Return (font name, embedded yes/no) for every font pdffonts lists."""
    lines = _run(["pdffonts"], data).splitlines()[2:]
    # columns: name, type (may hold spaces), encoding, emb, sub, uni, object, ID
    return [(line.split()[0], line.split()[-5]) for line in lines if line.strip()]


def reader(data: bytes) -> PdfReader:
    """Return a pypdf reader of the bytes."""
    return PdfReader(io.BytesIO(data))


def outline(pdf: PdfReader) -> list[tuple[int, str, int]]:
    """Return the outline as (depth, title, page index) in reading order."""
    found: list[tuple[int, str, int]] = []

    def walk(items: list, depth: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
            else:
                found.append((depth, item.title, pdf.get_destination_page_number(item)))

    walk(pdf.outline, 0)
    return found


@dataclass(frozen=True)
class Link:
    """An internal link: where it is, and where it goes."""

    page: int
    rect: tuple[float, float, float, float]
    target_page: int
    target_left: float
    target_top: float


def links(pdf: PdfReader) -> list[Link]:
    """Return every internal link annotation with an explicit destination."""
    pages = {page.indirect_reference.idnum: n for n, page in enumerate(pdf.pages)}
    found = []
    for number, page in enumerate(pdf.pages):
        for annotation in page.get("/Annots", []) or []:
            annotation = annotation.get_object()
            dest = annotation.get("/Dest")
            if annotation.get("/Subtype") != "/Link" or dest is None:
                continue
            target, _, left, top = dest[0], dest[1], dest[2], dest[3]
            found.append(Link(number, tuple(float(v) for v in annotation["/Rect"]), pages[target.idnum],
                              float(left), float(top)))
    return found


def text_lines(page) -> list[tuple[float, float, str]]:
    """Return (x, y of baseline, text) of each text line drawn on a page."""
    found: list[tuple[float, float, str]] = []

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            found.append((x, y, text.strip()))

    page.extract_text(visitor_text=visit)
    return found
