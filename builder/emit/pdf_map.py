"""Map sheets as PDF: one page at full size, and tiled across A4 or Letter pages with an assembly page.

The sheet is drawn once per file as a Form XObject and every tile page shows it through a clip, so a
tiled PDF is hardly bigger than the full-size one. The full-size page shows the same form: its
content stream is then the same bytes in all three files, written and compressed once
(render.pdf_forms.define_form). (render.pdf_forms.FormCache would find the form again by hashing the
whole drawing on every page, which costs more than drawing a big map; one sheet needs one form, named
here.) Fonts are embedded (render.pdf.new_canvas) and the files are byte-for-byte reproducible
(reportlab `invariant=1`).
"""
from __future__ import annotations

import io

from reportlab.lib.units import mm as PT_PER_MM
from reportlab.pdfgen.canvas import Canvas

from builder.emit.output import Artifact
from builder.model.content import Game
from builder.render.credits import DocumentInfo, document_info
from builder.render.maps.sheet import MapSheet, map_sheets
from builder.render.maps.tiling import (DEFAULT_OVERLAP_MM, TilePlan, assembly_overlay, assembly_scale, tile_marks,
                                        tile_plan)
from builder.render.pdf import draw_drawing, new_canvas
from builder.render.pdf_forms import define_form, show_form
from builder.phrases import phrase

KIND = "map-pdf"
FORM = "MapSheet"
"""Name of the Form XObject that holds the sheet in a tiled PDF."""
FULL_MARGIN_MM = 10.0
"""White border around a sheet on its full-size page."""
BLEED_MM = 3.0
"""The full-size page's BleedBox beyond its TrimBox (the sheet's edge): the 3 mm print shops ask for."""


def full_pdf(sheet: MapSheet, info: DocumentInfo) -> bytes:
    """Return a one-page PDF of the sheet at its real size, with a white border."""
    out = io.BytesIO()
    width_mm = sheet.drawing.width_mm + 2 * FULL_MARGIN_MM
    height_mm = sheet.drawing.height_mm + 2 * FULL_MARGIN_MM
    canvas = new_canvas(out, width_mm * PT_PER_MM, height_mm * PT_PER_MM, info=info)
    canvas.setViewerPreference("PrintScaling", "None")
    define_form(canvas, FORM, sheet.drawing)
    show_form(canvas, FORM, FULL_MARGIN_MM * PT_PER_MM, FULL_MARGIN_MM * PT_PER_MM)
    # a print shop trims at the sheet's edge and wants 3 mm beyond it (the white border is the paper's)
    trim = (FULL_MARGIN_MM, FULL_MARGIN_MM, width_mm - FULL_MARGIN_MM, height_mm - FULL_MARGIN_MM)
    canvas.setTrimBox(tuple(v * PT_PER_MM for v in trim))
    canvas.setBleedBox(tuple((v + grow) * PT_PER_MM for v, grow in zip(trim, (-BLEED_MM, -BLEED_MM, BLEED_MM,
                                                                               BLEED_MM))))
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def _assembly_page(canvas: Canvas, sheet: MapSheet, plan: TilePlan, lang: str) -> None:
    scale, x_mm, y_mm = assembly_scale(plan, sheet.drawing.width_mm, sheet.drawing.height_mm)
    canvas.saveState()
    top_pt = (plan.page_h_mm - y_mm) * PT_PER_MM
    canvas.translate(x_mm * PT_PER_MM, top_pt - sheet.drawing.height_mm * scale * PT_PER_MM)
    canvas.scale(scale, scale)
    canvas.doForm(FORM)
    canvas.restoreState()
    draw_drawing(canvas, assembly_overlay(plan, sheet.drawing.title, lang, scale, x_mm, y_mm), 0, 0, once=True)
    canvas.showPage()


def _tile_page(canvas: Canvas, sheet: MapSheet, plan: TilePlan, index: int, lang: str) -> None:
    tile, m = plan.tiles[index], plan.margin_mm
    clip_pt = (m * PT_PER_MM, (plan.page_h_mm - m - tile.h_mm) * PT_PER_MM, tile.w_mm * PT_PER_MM,
               tile.h_mm * PT_PER_MM)
    # the sheet's top-left corner goes to the printable area's top-left, less the tile's offset
    x_pt = (m - tile.x_mm) * PT_PER_MM
    y_pt = (plan.page_h_mm - m + tile.y_mm - sheet.drawing.height_mm) * PT_PER_MM
    show_form(canvas, FORM, x_pt, y_pt, clip_pt=clip_pt)
    draw_drawing(canvas, tile_marks(plan, tile, sheet.drawing.title, lang), 0, 0, once=True)
    canvas.showPage()


def page_count(plan: TilePlan) -> int:
    """Return the pages of a tiled PDF: one per tile, and the assembly page when there are several."""
    return len(plan.tiles) + (1 if len(plan.tiles) > 1 else 0)


def tiled_pdf(sheet: MapSheet, plan: TilePlan, lang: str, info: DocumentInfo) -> bytes:
    """Return the sheet tiled on pages: an assembly page first when there is more than one tile."""
    out = io.BytesIO()
    canvas = new_canvas(out, plan.page_w_mm * PT_PER_MM, plan.page_h_mm * PT_PER_MM, info=info)
    canvas.setViewerPreference("PrintScaling", "None")
    define_form(canvas, FORM, sheet.drawing)
    if len(plan.tiles) > 1:
        _assembly_page(canvas, sheet, plan, lang)
    for index in range(len(plan.tiles)):
        _tile_page(canvas, sheet, plan, index, lang)
    canvas.save()
    return out.getvalue()


def emit_map_pdfs(game: Game, *, overlap_mm: float = DEFAULT_OVERLAP_MM) -> list[Artifact]:
    """Return, per edition's language and map sheet, the full-size PDF and one tiled PDF per paper size of the
    print settings (the home papers, then the large formats of `map_papers`, which say whether the sheet fits
    one page)."""
    return [artifact for lang in game.game.editions() for sheet in map_sheets(game, lang)
            for artifact in _sheet_pdfs(game, sheet, lang, overlap_mm)]


def _sheet_pdfs(game: Game, sheet: MapSheet, lang: str, overlap_mm: float) -> list[Artifact]:
    settings = game.game.print
    extra = {"map": sheet.map_id, "sheet": sheet.kind, "lang": lang}
    name = sheet.drawing.title or sheet.id
    info = document_info(game, f"{phrase('map', lang)} {sheet.id}", lang, title=name)
    artifacts = [Artifact(KIND, f"maps/{sheet.id}-{lang}-full.pdf", full_pdf(sheet, info), {**extra, "layout": "full"})]
    large = [p for p in settings.map_papers if p not in settings.papers]
    for paper in [*settings.papers, *large]:
        plan = tile_plan(sheet.drawing.width_mm, sheet.drawing.height_mm, paper, overlap_mm=overlap_mm)
        more = {"fits": len(plan.tiles) == 1} if paper in large else {}
        artifacts.append(Artifact(KIND, f"maps/{sheet.id}-{lang}-{paper}.pdf", tiled_pdf(sheet, plan, lang, info),
                                  {**extra, "layout": paper, "pages": page_count(plan), **more}))
    return artifacts
