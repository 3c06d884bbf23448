"""Large pictures of the module (boards, charts) as PNG, with bounded memory whatever their size.

A board of 100 × 100 hexes is some 7,000 × 8,400 pixels: one bitmap of it, its RGB copy and its crop
took over 600 MiB. Here PDFium rasterises the page a strip of rows at a time (each strip with the very
transform of a whole-page render, so the pixels are the same) and each strip goes straight into the
PNG's compressed stream. The rows are written unfiltered: a map's flat colours and repeated hex
outlines compress better that way than with Pillow's per-row filters, and several times faster.
A picture of greys only (most charts: black text and rules on white) is written as a greyscale PNG
of the same pixels: a third of the bytes to compress, and half the file.

Deflated at the project's level (render/deflate.py: zlib-ng, level 1), the fastest here: next-war's 54
pictures (75 MB of rows) took zlib-ng 0.078 s to 8.90 MB at level 1, 0.122 s to 8.01 MB at level 2, 0.147 s
to 7.64 MB at level 3, where Python's zlib took 0.229 s to 7.55 MB at level 1; Z_RLE took 0.58 s to 36.7 MB
(zlib), and PNG's Sub or Up filters with Z_RLE cut a board's 0.10 s to 0.07 s for a third more bytes.
"""
from __future__ import annotations

import ctypes
import math
from typing import Iterator

import numpy as np
import pypdfium2
import pypdfium2.raw as pdfium_c

from builder.render.deflate import deflater
from builder.render.png import png_chunk, png_head

STRIP_BYTES = 32 * 2**20
"""Largest strip of a picture held at once, in bytes of RGB pixels (each PNG row adds its filter byte); a
picture drawn over another page (`pages_pngs`) holds that page's strip too.
Where two strips meet, anti-aliasing may round a few pixels differently (tests/emit/vassal/test_raster.py)."""
RGB = 3


class PngStream:
    """An RGB (or greyscale) PNG written a strip of rows at a time: rows in, one compressed stream, the
    file at the end."""

    def __init__(self, width_px: int, height_px: int, *, gray: bool = False) -> None:
        self.width_px, self.height_px, self.rows, self.gray = width_px, height_px, 0, gray
        self.parts = [png_head(width_px, height_px, gray=gray)]
        self.packer = deflater()

    def add(self, lines: np.ndarray) -> None:
        """Append PNG rows: each its filter byte (0, none) and then its pixels (RGB, or one grey byte)."""
        self._idat(self.packer.compress(lines))
        self.rows += len(lines)

    def _idat(self, data: bytes) -> None:
        if data:
            self.parts.append(png_chunk(b"IDAT", data))

    def finish(self) -> bytes:
        """Return the whole PNG file."""
        if self.rows != self.height_px:
            raise ValueError(f"PNG of {self.height_px} rows given {self.rows}")
        self._idat(self.packer.flush())
        self.parts.append(png_chunk(b"IEND", b""))
        return b"".join(self.parts)


GRAY_CHECK_ROWS = 64
"""Rows compared at a time when looking for colour: a coloured picture is told after its first few."""


def is_gray(lines: np.ndarray) -> bool:
    """Whether every pixel of these PNG rows (filter byte, then RGB) has red, green and blue equal."""
    for top in range(0, len(lines), GRAY_CHECK_ROWS):
        pixels = lines[top:top + GRAY_CHECK_ROWS, 1:]
        # each byte against the next in one pass: red = green at 0, 3, 6 …, green = blue at 1, 4, 7 …
        same = pixels[:, :-1] == pixels[:, 1:]
        if not (same[:, 0::RGB].all() and same[:, 1::RGB].all()):
            return False
    return True


def gray_lines(lines: np.ndarray) -> np.ndarray:
    """Return greyscale PNG rows (filter byte 0, then one byte a pixel) of grey RGB rows."""
    gray = np.empty((len(lines), 1 + (lines.shape[1] - 1) // RGB), dtype=np.uint8)
    gray[:, 0] = 0
    gray[:, 1:] = lines[:, 1::RGB]
    return gray


def page_png(page: pypdfium2.PdfPage, px_per_pt: float, width_px: int, height_px: int) -> bytes:
    """Return the top-left `width_px` × `height_px` pixels of a PDF page at `px_per_pt`, on white, as PNG.

    The same pixels as `page.render(scale=px_per_pt)` cut to that size, rendered in strips (`_strips`).
    A picture rendered in one strip that turns out all grey is written as a greyscale PNG (`is_gray`);
    one of several strips stays RGB, as its first strip is compressed before the next is drawn.
    """
    return pages_pngs([page], px_per_pt, width_px, height_px)[0]


def pages_pngs(pages: list[pypdfium2.PdfPage], px_per_pt: float, width_px: int, height_px: int,
               under: pypdfium2.PdfPage | None = None) -> list[bytes]:
    """Return `page_png` of each page, each drawn over the page `under` if given: what the pages of one
    picture in several languages have in common (a board's terrain, grid and art) is then drawn once.

    PDFium paints a page's objects one after another onto the bitmap it is given, so a page drawn over
    the bitmap of `under` has the very pixels of one page holding both (tests/emit/vassal/test_raster.py).
    """
    streams: list[PngStream] = []
    for index, lines in _strips(pages, px_per_pt, width_px, height_px, under):
        if index == len(streams):
            streams.append(PngStream(width_px, height_px, gray=len(lines) == height_px and is_gray(lines)))
        png = streams[index]
        png.add(gray_lines(lines) if png.gray else lines)
    return [png.finish() for png in streams]


def _strips(pages: list[pypdfium2.PdfPage], px_per_pt: float, width_px: int, height_px: int,
            under: pypdfium2.PdfPage | None) -> Iterator[tuple[int, np.ndarray]]:
    """Yield the PNG rows of each page's picture a strip at a time, top first, each page of a strip in turn
    (its index, its rows in the buffer of the last), each drawn over `under`'s strip if given.

    PDFium draws each strip straight into PNG rows: its bitmap starts one byte into the buffer and each
    of its lines is one byte longer than its pixels, so that byte, before every row, is the row's filter
    byte.
    """
    line = 1 + width_px * RGB
    strip_rows = max(1, min(height_px, STRIP_BYTES // (width_px * RGB)))
    lines = np.empty((strip_rows, line), dtype=np.uint8)
    below = np.empty_like(lines) if under is not None else None
    for top in range(0, height_px, strip_rows):
        rows = min(strip_rows, height_px - top)
        if below is not None:
            _render(under, below, rows, top, px_per_pt)
        for index, page in enumerate(pages):
            if below is None:
                _render(page, lines, rows, top, px_per_pt)
            else:
                lines[:rows] = below[:rows]
                _render(page, lines, rows, top, px_per_pt, blank=False)
            yield index, lines[:rows]


def _render(page: pypdfium2.PdfPage, lines: np.ndarray, rows: int, top: int, px_per_pt: float, *,
            blank: bool = True) -> None:
    """Draw the page's rows from `top` into the first `rows` PNG rows of `lines`, on white if `blank`
    (else over what they hold), with the very transform of a whole-page render."""
    if blank:
        lines[:rows] = 0xFF
        lines[:rows, 0] = 0
    width_px = (lines.shape[1] - 1) // RGB
    full_width = math.ceil(page.get_width() * px_per_pt)
    full_height = math.ceil(page.get_height() * px_per_pt)
    # the strip's last row ends at the buffer's end: the bitmap's one byte offset asks no room past it
    bitmap = pdfium_c.FPDFBitmap_CreateEx(width_px, rows, pdfium_c.FPDFBitmap_BGR,
                                          ctypes.c_void_p(lines.ctypes.data + 1), lines.shape[1])
    try:
        pdfium_c.FPDF_RenderPageBitmap(bitmap, page.raw, 0, -top, full_width, full_height, 0,
                                       pdfium_c.FPDF_ANNOT | pdfium_c.FPDF_REVERSE_BYTE_ORDER)
    finally:
        pdfium_c.FPDFBitmap_Destroy(bitmap)
