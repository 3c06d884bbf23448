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
