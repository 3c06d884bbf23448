"""PNG backend: the SVG of a drawing rasterised by resvg with the shipped fonts only.

resvg (a Rust renderer, through resvg-py) needs no system libraries, unlike CairoSVG, which needs
libcairo; and skipping system fonts makes the pixels the same on every machine.
"""
from __future__ import annotations

import resvg_py

from builder.model.units import MM_PER_INCH
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


def face_pngs(faces: list[Drawing], *, px: int) -> list[bytes]:
    """Return each face as a `px`-wide PNG, rendered from scratch PDF sheets of many faces by PDFium.

    Rasterising SVG with resvg costs about 3.5 ms a counter face (text shaping); PDFium renders a
    page of faces drawn as Form XObjects, the very drawing the printed sheets use, in well under a
    millisecond a face. The scale makes a face exactly `px` pixels wide and every cell start on a
    whole pixel, so the crops are exact.
    """
    if not faces:
        return []
    pitch_px = px + max(2, round(FACE_GAP_MM * (px / faces[0].width_mm)))
    cols = max(1, min(len(faces), SHEET_PX // pitch_px))
    per_sheet = cols * max(1, SHEET_PX // pitch_px)
    out: list[bytes] = []
    for start in range(0, len(faces), per_sheet):
        out += _sheet_pngs(faces[start:start + per_sheet], px=px, cols=cols)
    return out


def _sheet_pngs(faces: list[Drawing], *, px: int, cols: int) -> list[bytes]:
    """Return the PNGs of faces laid out `cols` to a row on one scratch sheet."""
    import io

    import pypdfium2
    from reportlab.lib.units import mm as PT_PER_MM

    from builder.render.pdf import FormCache, new_canvas

    width_mm, height_mm = faces[0].width_mm, faces[0].height_mm
    px_per_mm = px / width_mm
    pitch_px = px + max(2, round(FACE_GAP_MM * px_per_mm))
    height_px = round(height_mm * px_per_mm)
    cols = min(cols, len(faces))
    rows = -(-len(faces) // cols)
    pitch_mm = pitch_px / px_per_mm
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, cols * pitch_mm * PT_PER_MM, rows * pitch_mm * PT_PER_MM, compress=False)
    forms = FormCache(canvas)
    for index, face in enumerate(faces):
        col, row = index % cols, index // cols
        forms.place(face, col * pitch_mm * PT_PER_MM, (rows - row - 1) * pitch_mm * PT_PER_MM
                    + (pitch_mm - height_mm) * PT_PER_MM)
    canvas.showPage()
    canvas.save()
    page = pypdfium2.PdfDocument(buffer.getvalue())[0]
    sheet = page.render(scale=px_per_mm / PT_PER_MM, fill_color=(255, 255, 255, 255)).to_pil().convert("RGB")
    out = []
    for index in range(len(faces)):
        col, row = index % cols, index // cols
        left, top = col * pitch_px, row * pitch_px + (pitch_px - height_px)
        crop = sheet.crop((left, top, left + px, top + height_px))
        stream = io.BytesIO()
        crop.save(stream, format="PNG", compress_level=1)
        out.append(stream.getvalue())
    return out
