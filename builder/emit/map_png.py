"""Map sheets as PNG pictures at `print.map_dpi`, for print-on-demand services and other tools.

Opt-in: a 742 × 660 mm map at 300 dpi is 68 million pixels, which takes seconds and some 200 MB to
draw; a game that wants them sets `print.map_dpi` (or the build is given `--map-dpi`).
"""
from __future__ import annotations

from reportlab.lib.units import mm as PT_PER_MM

from builder.emit.output import Artifact
from builder.model.content import Game
from builder.model.units import MM_PER_INCH
from builder.render.drawing import Drawing
from builder.render.maps.sheet import map_sheets
from builder.render.pdf import scratch_document
from builder.render.png import bitmap_png

KIND = "map-png"


def _pngs(drawings: list[Drawing], dpi: int) -> list[bytes]:
    """Return each drawing as a PNG at `dpi`: one scratch PDF page each, rasterised by PDFium."""
    import pypdfium2

    document = pypdfium2.PdfDocument(scratch_document(drawings))
    found = []
    for index, drawing in enumerate(drawings):
        page = document[index]
        width_px = max(1, round(drawing.width_mm / MM_PER_INCH * dpi))
        height_px = max(1, round(drawing.height_mm / MM_PER_INCH * dpi))
        bitmap = page.render(scale=dpi / MM_PER_INCH / PT_PER_MM, fill_color=(255, 255, 255, 255),
                             rev_byteorder=True)
        found.append(bitmap_png(bitmap.to_numpy()[:height_px, :width_px, :3], dpi))
        bitmap.close()
        page.close()
    document.close()
    return found


def emit_map_pngs(game: Game) -> list[Artifact]:
    """Return a PNG of every map sheet of each edition at `print.map_dpi` (none when it is not set)."""
    dpi = game.game.print.map_dpi
    sheets = [(lang, sheet) for lang in game.game.editions() for sheet in map_sheets(game, lang)]
    if dpi is None or not sheets:
        return []
    return [Artifact(KIND, f"maps/png/{sheet.id}-{lang}.png", data,
                     {"map": sheet.map_id, "sheet": sheet.kind, "lang": lang, "dpi": dpi})
            for (lang, sheet), data in zip(sheets, _pngs([sheet.drawing for _, sheet in sheets], dpi))]
