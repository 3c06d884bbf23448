"""Large pictures of the module (boards, charts) as PNG, with bounded memory whatever their size.

A board of 100 × 100 hexes is some 7,000 × 8,400 pixels: one bitmap of it, its RGB copy and its crop
took over 600 MiB. Here PDFium rasterises the page a strip of rows at a time (each strip with the very
transform of a whole-page render, so the pixels are the same) and each strip goes straight into the
PNG's compressed stream. The rows are written unfiltered: a map's flat colours and repeated hex
outlines compress better that way than with Pillow's per-row filters, and several times faster.
"""
from __future__ import annotations

import ctypes
import math
import struct
import zlib

import pypdfium2
import pypdfium2.raw as pdfium_c

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PNG_LEVEL = 3
"""zlib level of the pictures: as fast as level 1 on such pictures, a little smaller."""
STRIP_BYTES = 32 * 2**20
"""Largest strip of a picture held at once, in bytes of RGB pixels."""
RGB = 3


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


class PngStream:
    """An RGB PNG written a strip of rows at a time: rows in, one compressed stream, the file at the end."""

    def __init__(self, width_px: int, height_px: int, *, level: int = PNG_LEVEL) -> None:
        self.width_px, self.height_px, self.rows = width_px, height_px, 0
        self.parts = [PNG_SIGNATURE, _chunk(b"IHDR", struct.pack(">IIBBBBB", width_px, height_px, 8, 2, 0, 0, 0))]
        self.packer = zlib.compressobj(level)

    def add(self, pixels: bytes | memoryview, rows: int, stride: int) -> None:
        """Append `rows` rows of packed RGB pixels, each `stride` bytes apart in `pixels`."""
        width = self.width_px * RGB
        lines = b"".join(b"\x00" + pixels[n * stride:n * stride + width] for n in range(rows))
        self._idat(self.packer.compress(lines))
        self.rows += rows

    def _idat(self, data: bytes) -> None:
        if data:
            self.parts.append(_chunk(b"IDAT", data))

    def finish(self) -> bytes:
        """Return the whole PNG file."""
        if self.rows != self.height_px:
            raise ValueError(f"PNG of {self.height_px} rows given {self.rows}")
        self._idat(self.packer.flush())
        self.parts.append(_chunk(b"IEND", b""))
        return b"".join(self.parts)


def page_png(page: pypdfium2.PdfPage, px_per_pt: float, width_px: int, height_px: int) -> bytes:
    """Return the top-left `width_px` × `height_px` pixels of a PDF page at `px_per_pt`, on white, as PNG.

    The same pixels as `page.render(scale=px_per_pt)` cut to that size, rendered in strips.
    """
    full_width = math.ceil(page.get_width() * px_per_pt)
    full_height = math.ceil(page.get_height() * px_per_pt)
    stride = width_px * RGB
    strip_rows = max(1, min(height_px, STRIP_BYTES // stride))
    buffer = (ctypes.c_ubyte * (stride * strip_rows))()
    flags = pdfium_c.FPDF_ANNOT | pdfium_c.FPDF_REVERSE_BYTE_ORDER
    png = PngStream(width_px, height_px)
    for top in range(0, height_px, strip_rows):
        rows = min(strip_rows, height_px - top)
        ctypes.memset(buffer, 0xFF, stride * rows)
        bitmap = pdfium_c.FPDFBitmap_CreateEx(width_px, rows, pdfium_c.FPDFBitmap_BGR, buffer, stride)
        try:
            pdfium_c.FPDF_RenderPageBitmap(bitmap, page.raw, 0, -top, full_width, full_height, 0, flags)
        finally:
            pdfium_c.FPDFBitmap_Destroy(bitmap)
        png.add(memoryview(buffer).cast("B")[:stride * rows], rows, stride)
    return png.finish()
