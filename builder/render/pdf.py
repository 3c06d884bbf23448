"""PDF backend: draw a Drawing on a reportlab canvas.

A drawing is turned into PDF content-stream text once (`compiled`, remembered by drawing) and that
text is reused on every canvas: the full map and its A4 and Letter tilings, a counter face on the A4
sheets, on the Letter sheets and on the PNG scratch sheet. The text is exactly what reportlab's
canvas calls (setFillColorRGB, drawPath, beginText, …) would write, so the files are the same as
drawing through the canvas, only made once instead of once per canvas. What differs between
canvases is left as slots, filled in per canvas (`resolve`): the name and glyph codes of a font
subset (reportlab numbers them per document), the name of a transparency state (numbered per page
or form) and images (resources of the page or form they are drawn in). A body resolved in a
document new to its fonts is copied, with the fonts' state, to the next such document (the map in
its full-size and tiled files).

The compiling is render/pdf_compile.py's, the shapes' path operators render/pdf_paths.py's, and drawings
are placed as Form XObjects by render/pdf_forms.py; reportlab's canvas writes the files.
"""
from __future__ import annotations

import io
from copy import copy
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple
from weakref import WeakKeyDictionary

from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.lib.units import mm as PT_PER_MM
from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from builder.mechanisms import kept
from builder.render.deflate import FILTERS  # noqa: F401 (importing it sets how reportlab compresses streams)
from builder.render.drawing import Drawing, Image
from builder.render.fonts import registered
from builder.memo import Remembered
from builder.render.images import file_stamp, vector_drawing
from builder.render.pdf_canvas import draw_plainly
from builder.render.pdf_compile import AlphaSlot, Body, TextSlot, compile_items, compiled, concat

if TYPE_CHECKING:
    from builder.render.credits import DocumentInfo

_TEXT_OPS: WeakKeyDictionary = WeakKeyDictionary()
"""Per document: the text operators of each (font, text, size) already written in it."""


def _text_ops(slot: TextSlot, doc) -> str:
    # TextObject._formatText for a TrueType font: a font switch per subset, then the string
    font = getFont(slot.font)
    state = font.state.get(doc)
    if state is not None and slot.text:
        # every character already has its code in the first subset (a map's numbers and names, once
        # their digits and letters are known): the string is those codes, as splitString makes them
        try:
            codes = bytes([state.assignments[code] for code in map(ord, slot.text)])
        except (KeyError, ValueError):
            pass
        else:
            return f"{font.getSubsetInternalName(0, doc)} {slot.size_ops} ({escapePDF(codes)}) Tj"
    out = []
    current = -1
    for subset, chunk in font.splitString(slot.text, doc):
        if subset != current:
            out.append(f"{font.getSubsetInternalName(subset, doc)} {slot.size_ops}")
            current = subset
        out.append(f"({escapePDF(chunk)}) Tj")
    return " ".join(out)


def draw_picture(canvas: Canvas, item: Image) -> None:
    """Draw an image (a raster file, or an SVG as vector shapes) in its box, on a canvas in millimetres, y down."""
    canvas.saveState()
    canvas.translate(item.x_mm, item.y_mm + item.h_mm)
    canvas.scale(1, -1)
    if item.path.lower().endswith(".svg"):
        _vector(canvas, item)
    else:
        canvas.drawImage(item.path, 0, 0, item.w_mm, item.h_mm, mask="auto")
    canvas.restoreState()


_PICTURES = Remembered(256)
"""The content-stream text of each picture that names no resource, with the PDF version it needs, by item and
file version (`_picture`)."""


def _picture(canvas: Canvas, item: Image) -> str:
    """Return the content-stream text that draws a picture on `canvas`.

    An SVG picture whose text names no resource (no font, transparency state, colour space or image: no
    `/name` in it) is the same text on every canvas, so it is drawn once per build process and version of
    its file, on a canvas of its own: gazala-1942 draws its 8 pictures 627 times (counter sheets, setup cards,
    module faces), 0.55 s of CPU when each was drawn anew. What drawing it does to the document beside its
    text, raise the PDF version (svglib sets an opacity of 1, which writes nothing but asks for PDF 1.4), is
    done again on each canvas. Anything else is drawn on the canvas each time.
    """
    if not item.path.lower().endswith(".svg"):
        return _drawn(canvas, item)[0]  # a raster image is a resource of the canvas it is drawn on
    key = (item, file_stamp(item.path))
    found = _PICTURES.get(key)
    if found is None:
        found = _drawn(new_canvas(io.BytesIO(), 1, 1), item)
        _PICTURES.put(key, found, len(found[0]))
    text, version = found
    if "/" in text:
        return _drawn(canvas, item)[0]
    doc = canvas._doc
    doc._pdfVersion = max(doc._pdfVersion, version)  # as reportlab's ensureMinPdfVersion raises it
    return text


def _drawn(canvas: Canvas, item: Image) -> tuple[str, tuple[int, int]]:
    """Draw a picture on `canvas` apart from its page: return its text and the PDF version the document then needs."""
    saved = canvas._code
    canvas._code = []
    try:
        draw_picture(canvas, item)
        return "\n".join(canvas._code), canvas._doc._pdfVersion
    finally:
        canvas._code = saved


def _vector(canvas: Canvas, item: Image) -> None:
    """Draw an SVG file as vector shapes (svglib), scaled to the image's box."""
    from reportlab.graphics import renderPDF
    drawing = vector_drawing(item.path)
    drawing.initialFontName = registered("sans")  # else svglib's drawing names an unembedded Times-Roman
    canvas.scale(item.w_mm / drawing.width, item.h_mm / drawing.height)
    renderPDF.draw(drawing, canvas, 0, 0, showBoundary=False)


def _filled(canvas: Canvas, body: Body) -> str:
    """Return the body's text with its slots filled in on `canvas`, in drawing order."""
    doc = canvas._doc
    known = _TEXT_OPS.get(doc)
    if known is None:
        known = _TEXT_OPS[doc] = {}
    chunks = body.chunks
    out = [chunks[0]]
    for slot, chunk in zip(body.slots, chunks[1:]):
        kind = type(slot)
        if kind is TextSlot:
            text = known.get(slot)
            if text is None:
                text = known[slot] = _text_ops(slot, doc)
            out.append(text)
        elif kind is AlphaSlot:
            states = canvas._extgstate._c
            name = states.get(tuple(slot))
            if name is None:
                name = states[tuple(slot)] = f"gRLs{len(states)}"
            out.append(f"/{name} gs")
        else:
            out.append(_picture(canvas, slot.item))
        out.append(chunk)
    return "".join(out)


def _font_state(state: TTFont.State) -> TTFont.State:
    """Return a copy of a font's state in a document that the document's further text leaves unchanged."""
    copied = copy(state)
    copied.assignments = dict(state.assignments)
    copied.subsets = [list(subset) for subset in state.subsets]
    return copied


class _Fresh(NamedTuple):
    """A body resolved in a document new to its fonts: its text, and each font's entry in that document
    (font, state, internal name) in the order the document met them."""

    text: str
    fonts: tuple[tuple[TTFont, TTFont.State, str], ...]


def resolve(canvas: Canvas, body: Body) -> str:
    """Return the body's text for `canvas`: the font subsets and transparency states named there.

    Slots are filled in drawing order, so fonts and glyphs are numbered in the document as drawing
    through the canvas would number them. In a document that has not used the body's fonts yet the
    numbering depends only on how many fonts the document has named: a map placed first in its
    full-size and in its tiled files is resolved once, and the fonts' state it leaves is copied.
    """
    doc = canvas._doc
    if body.transparency:
        doc.ensureMinPdfVersion("transparency")
    if not body.slots:
        return body.chunks[0]
    fonts = [getFont(name) for name in body.fonts]
    if body.private or any(doc in font.state for font in fonts):
        return _filled(canvas, body)
    named = len(doc.fontMapping)
    fresh = body.fresh.get(named)
    if fresh is None:
        first = len(doc.delayedFonts)
        text = _filled(canvas, body)
        met = doc.delayedFonts[first:]
        body.fresh[named] = _Fresh(text, tuple((font, _font_state(font.state[doc]), doc.fontMapping[font.fontName])
                                               for font in met))
        return text
    for font, state, name in fresh.fonts:
        font.state[doc] = _font_state(state)
        doc.fontMapping[font.fontName] = name
        doc.delayedFonts.append(font)
    return fresh.text


def new_canvas(target, width_pt: float, height_pt: float, *, title: str = "", info: DocumentInfo | None = None,
               compress: bool = True) -> Canvas:
    """Return a deterministic canvas (invariant, no clock in the file) whose default font is embedded, with
    the document information `info` (a game's documents), or only a `title`, or none (a scratch document)."""
    canvas = Canvas(target, pagesize=(width_pt, height_pt), invariant=1, pageCompression=int(compress),
                    initialFontName=registered("sans"), initialFontSize=10, lang=info.lang if info else None)
    canvas.setCreator("sandtable")
    canvas.setProducer("sandtable")
    if title:
        canvas.setTitle(title)
    if info is not None:
        canvas.setTitle(info.title)
        canvas.setAuthor(info.author)
        canvas.setSubject(info.subject)
        canvas.setKeywords(info.keywords)
    return canvas


def placement(x_pt: float, y_pt: float, drawing: Drawing) -> str:
    """Return the `cm` line that puts a drawing's top-left corner at (x_pt, y_pt + height), y down, in mm."""
    return _placement_at(x_pt, y_pt, drawing.height_mm)


@lru_cache(maxsize=4096)
def _placement_at(x_pt: float, y_pt: float, height_mm: float) -> str:
    return concat(f"{fp_str(1, 0, 0, 1, x_pt, y_pt + height_mm * PT_PER_MM)} cm", PT_PER_MM, 0, 0, -PT_PER_MM, 0, 0)


def draw_drawing(canvas: Canvas, drawing: Drawing, x_pt: float, y_pt: float, *, clip: bool = False,
                 once: bool = False) -> None:
    """Draw `drawing` with its top-left corner at (x_pt, y_pt + height) — (x_pt, y_pt) is its bottom-left.

    With `clip`, nothing is drawn outside the drawing's rectangle, as when it is placed as a form. With
    `once`, the drawing is drawn nowhere else (a tile page's marks): its content stream is not
    remembered, which spares hashing it.
    """
    if not kept("pdf-compile"):
        draw_plainly(canvas, drawing, x_pt, y_pt, clip=clip, picture=draw_picture)
        return
    alpha = canvas._extgstate._d
    body = compile_items(drawing.items, tuple(sorted(alpha.items()))) if alpha or once else compiled(drawing)
    code = canvas._code
    # saveState, translate, scale … restoreState: the same operators; the state inside is the body's own
    code.append("q")
    code.append(placement(x_pt, y_pt, drawing))
    if clip:
        code.append(f"n 0 0 {fp_str(drawing.width_mm, drawing.height_mm)} re W* n")
    text = resolve(canvas, body)
    if text:
        code.append(text)
    code.append("Q")


def scratch_document(drawings: list[Drawing]) -> bytes:
    """Return an uncompressed PDF of one page per drawing, each page the drawing's size: for PDFium to read
    once and rasterise (not worth compressing)."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, drawings[0].width_mm * PT_PER_MM, drawings[0].height_mm * PT_PER_MM, compress=False)
    for drawing in drawings:
        canvas.setPageSize((drawing.width_mm * PT_PER_MM, drawing.height_mm * PT_PER_MM))
        draw_drawing(canvas, drawing, 0, 0)
        show_scratch_page(canvas)
    canvas.save()
    return buffer.getvalue()


def pdf_bytes(text: str) -> bytes:
    """Return content-stream text as bytes, as reportlab's pdfdocEnc does; plain ASCII (the usual case) directly.

    PDFDocEncoding maps ASCII to itself but for the controls 0x18-0x1f, which compiled text never
    holds: it is operators, numbers, names and strings escaped by escapePDF (controls as octal).
    """
    return text.encode("ascii") if text.isascii() else pdfdoc.pdfdocEnc(text)


def show_scratch_page(canvas: Canvas) -> None:
    """End a page of an uncompressed scratch document (one PDFium reads once): `canvas.showPage`, the
    page's content stream then made bytes by pdf_bytes. reportlab would write it through its
    PDFDocEncoding codec at save, which on a board's megabytes of operators costs more than the writing."""
    canvas.showPage()
    page = canvas._doc.Pages.pages[-1]
    page.stream = pdf_bytes(page.stream)


