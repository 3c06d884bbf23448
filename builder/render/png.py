"""PNG backend: the SVG of a drawing rasterised by resvg with the shipped fonts only, and counter
faces by the thousand through PDFium (face_pngs).

resvg (a Rust renderer, through resvg-py) needs no system libraries, unlike CairoSVG, which needs
libcairo; and skipping system fonts makes the pixels the same on every machine.
"""
from __future__ import annotations

import io
import struct
import zlib

import numpy as np
import resvg_py

from builder.model.units import MM_PER_INCH
from builder.render.deflate import deflate
from builder.render.drawing import Drawing
from builder.render.fonts import font_files
from builder.render.svg import svg_text


def png_bytes(drawing: Drawing, *, dpi: float = 150.0) -> bytes:
    """Return the drawing as PNG bytes at `dpi`."""
    width_px = max(1, round(drawing.width_mm / MM_PER_INCH * dpi))
    height_px = max(1, round(drawing.height_mm / MM_PER_INCH * dpi))
    return bytes(resvg_py.svg_to_bytes(svg_string=svg_text(drawing), dpi=dpi, width=width_px, height=height_px,
                                       skip_system_fonts=True, font_files=font_files(),
                                       sans_serif_family="DejaVu Sans"))


FACE_GAP_MM = 2.0
"""Space between faces on the scratch sheet, so that no face's anti-aliased edge reaches the next crop."""
SHEET_PX = 4000
"""Largest width and height of a scratch sheet in pixels: more faces take more sheets, so a mix of
10,000 counters never needs one bitmap of gigabytes."""
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def face_pngs(faces: list[Drawing], *, px: int, dpi: float | None = None) -> list[bytes]:
    """Return each face as a `px`-wide PNG, rendered from scratch PDF sheets of many faces by PDFium.

    Rasterising SVG with resvg costs about 3.5 ms a counter face (text shaping); PDFium renders a
    page of faces, the very content streams the printed sheets use (render.pdf.compiled), in well
    under a millisecond a face. Each face is drawn clipped to its square, as a form on the printed
    sheet is, so text running over its edge never reaches a neighbour's crop; drawn on the page
    rather than as forms, the sheet is quicker to write and for PDFium to read. The scale makes a
    face exactly `px` pixels wide and every cell start on a whole pixel, so the crops are exact.
    All faces have the size of the first; with `dpi`, each PNG records it.
    """
    if not faces:
        return []
    pitch_px = px + max(2, round(FACE_GAP_MM * (px / faces[0].width_mm)))
    cols = max(1, min(len(faces), SHEET_PX // pitch_px))
    per_sheet = cols * max(1, SHEET_PX // pitch_px)
    out: list[bytes] = []
    for start in range(0, len(faces), per_sheet):
        out += _sheet_pngs(faces[start:start + per_sheet], px=px, cols=cols, dpi=dpi)
    return out


def png_chunk(kind: bytes, data: bytes) -> bytes:
    """Return one PNG chunk: length, kind, data and CRC."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_head(width: int, height: int, *, gray: bool = False) -> bytes:
    """Return the start of an 8-bit RGB (or, with `gray`, greyscale) PNG of `width` × `height` pixels:
    signature and header chunk."""
    colour_type = 0 if gray else 2
    return PNG_SIGNATURE + png_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0))


def resolution_chunk(dpi: float) -> bytes:
    """Return the pHYs chunk that records `dpi` (as pixels per metre, the unit PNG knows)."""
    per_metre = round(dpi / MM_PER_INCH * 1000)
    return png_chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1))


def _png(width: int, height: int, rows: memoryview | bytes, dpi: float | None = None) -> bytes:
    """Return an RGB PNG of `rows`: each row a filter byte (0, none) and its `width` × 3 bytes; with `dpi`,
    the resolution is recorded in it.

    Pillow's encoder tries five filters on every row; on a counter's flat colours no filter
    compresses as well, and writing the file directly takes a fraction of the time.
    """
    resolution = resolution_chunk(dpi) if dpi else b""
    return b"".join((png_head(width, height), resolution, png_chunk(b"IDAT", deflate(rows)),
                     png_chunk(b"IEND", b"")))


def bitmap_png(pixels: np.ndarray, dpi: float | None = None) -> bytes:
    """Return an RGB bitmap (height × width × 3 bytes) as a PNG, recording `dpi` if given."""
    height, width = pixels.shape[0], pixels.shape[1]
    rows = np.zeros((height, 1 + 3 * width), dtype=np.uint8)
    rows[:, 1:] = pixels.reshape(height, 3 * width)
    return _png(width, height, memoryview(rows), dpi)


def _cells(sheet: np.ndarray, count: int, cols: int, pitch_px: int, width_px: int, height_px: int) -> np.ndarray:
    """Return the top-left `width_px` × `height_px` of the first `count` cells of a sheet (RGB pixels, cells
    `pitch_px` apart, `cols` to a row) as PNG rows: count × height × (1 + 3 × width) bytes, filter bytes 0.

    One copy for the whole sheet, instead of a crop, a copy and a filter column per face. Cells past the
    bitmap's edge are black, as an image crop pads.
    """
    rows = -(-count // cols)
    wanted = (rows * pitch_px, cols * pitch_px)
    if sheet.shape[0] < wanted[0] or sheet.shape[1] < wanted[1]:
        grown = np.zeros((max(sheet.shape[0], wanted[0]), max(sheet.shape[1], wanted[1]), 3), dtype=np.uint8)
        grown[:sheet.shape[0], :sheet.shape[1]] = sheet
        sheet = grown
    grid = sheet[:wanted[0], :wanted[1]].reshape(rows, pitch_px, cols, pitch_px, 3)
    faces = grid[:, :height_px, :, :width_px].transpose(0, 2, 1, 3, 4).reshape(rows * cols, height_px, 3 * width_px)
    out = np.zeros((count, height_px, 1 + 3 * width_px), dtype=np.uint8)
    out[:, :, 1:] = faces[:count]
    return out


def _sheet_pngs(faces: list[Drawing], *, px: int, cols: int, dpi: float | None) -> list[bytes]:
    """Return the PNGs of faces laid out `cols` to a row on one scratch sheet."""
    import pypdfium2
    from reportlab.lib.units import mm as PT_PER_MM

    from builder.render.pdf import draw_drawing, new_canvas, show_scratch_page

    width_mm, height_mm = faces[0].width_mm, faces[0].height_mm
    px_per_mm = px / width_mm
    pitch_px = px + max(2, round(FACE_GAP_MM * px_per_mm))
    height_px = round(height_mm * px_per_mm)
    cols = min(cols, len(faces))
    rows = -(-len(faces) // cols)
    pitch_mm = pitch_px / px_per_mm
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, cols * pitch_mm * PT_PER_MM, rows * pitch_mm * PT_PER_MM, compress=False)
    for index, face in enumerate(faces):
        col, row = index % cols, index // cols
        draw_drawing(canvas, face, col * pitch_mm * PT_PER_MM, (rows - row - 1) * pitch_mm * PT_PER_MM
                     + (pitch_mm - height_mm) * PT_PER_MM, clip=True)
    show_scratch_page(canvas)
    canvas.save()
    document = pypdfium2.PdfDocument(buffer.getvalue())
    page = document[0]
    # PDFium writes the bytes in RGB order itself: no reordered copy of the whole sheet
    bitmap = page.render(scale=px_per_mm / PT_PER_MM, fill_color=(255, 255, 255, 255), rev_byteorder=True)
    cells = _cells(bitmap.to_numpy(), len(faces), cols, pitch_px, px, height_px)
    bitmap.close()
    page.close()
    document.close()
    # each face stands at the top-left of its cell (its bottom edge is the cell's gap above the next)
    return [_png(px, height_px, memoryview(cell), dpi) for cell in cells]
