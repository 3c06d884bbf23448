"""Form XObjects: each distinct drawing written once in a document and placed by reference after.

A form is written by `define_form` without the canvas's beginForm/endForm: its stream is compressed once
for all the documents that hold it, and the object formats itself from a per-document template of its
dictionary (`_Form`), which saves reportlab's generic formatting of tens of thousands of small
dictionaries in a big counter mix.
"""
from __future__ import annotations

from weakref import WeakKeyDictionary

from reportlab.lib.rl_accel import fp_str
from reportlab.lib.units import mm as PT_PER_MM
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from builder.mechanisms import kept
from builder.render.deflate import FILTERS
from builder.render.drawing import Drawing
from builder.render.pdf import draw_drawing, pdf_bytes, placement, resolve
from builder.render.pdf_compile import Body, compiled


def _form_stream(body: Body, lines: tuple[str, ...], filtered: bool) -> bytes:
    """Return a form's stream made of its lines, filtered as reportlab does if `filtered`; the body keeps
    the last one of each kind (see Body.filtered), found again by its lines: a map's megabytes are then
    neither joined, encoded nor compressed again."""
    last = body.filtered.get(filtered)
    if last is not None and last[0] == lines:
        return last[1]
    stream = pdf_bytes("\n".join(lines))
    if filtered:
        for step in reversed(FILTERS):
            stream = step.encode(stream)
        stream = pdf_bytes(stream) if isinstance(stream, str) else stream
    body.filtered[filtered] = (lines, stream)
    return stream


LENGTH_MARK = 987654321
"""A stream length no form has, written into a form dictionary to find where the real length goes."""
_FORM_HEADS: WeakKeyDictionary = WeakKeyDictionary()
"""Per document: the formatted dictionary of a form, before and after its length, per (box, filtered)."""


def _form_head(document, bbox: tuple[float, ...], filtered: bool) -> tuple[bytes, bytes]:
    heads = _FORM_HEADS.get(document)
    if heads is None:
        heads = _FORM_HEADS[document] = {}
    key = (bbox, filtered)
    if key not in heads:
        # the entries PDFFormXObject.format and PDFStream.format give a form without images or states
        resources = pdfdoc.PDFResourceDictionary()
        resources.basicFonts()
        resources.allProcs()
        entries = {"Type": pdfdoc.PDFName("XObject"), "Subtype": pdfdoc.PDFName("Form"), "FormType": 1,
                   "BBox": pdfdoc.PDFArray(list(bbox)), "Matrix": pdfdoc.PDFArray([1, 0, 0, 1, 0, 0]),
                   "Resources": resources, "Length": LENGTH_MARK}
        if filtered:
            entries["Filter"] = pdfdoc.PDFArray([pdfdoc.PDFName(f.pdfname) for f in FILTERS])
        text = pdfdoc.format(pdfdoc.PDFDictionary(entries), document)
        before, after = text.split(pdfdoc.pdfdocEnc(fp_str(LENGTH_MARK)))
        heads[key] = (before, after)
    return heads[key]


class _Form(pdfdoc.PDFFormXObject):
    """A Form XObject whose stream is already filtered and whose dictionary comes from a template."""

    def __init__(self, width_pt: float, height_pt: float, content: bytes, filtered: bool) -> None:
        super().__init__(0, 0, width_pt, height_pt)
        self.content = content
        self.filtered = filtered

    def format(self, document) -> bytes:
        before, after = _form_head(document, (self.lowerx, self.lowery, self.upperx, self.uppery), self.filtered)
        content = document.encrypt.encode(self.content)
        return b"".join((before, str(len(content)).encode("ascii"), after, b"\nstream\n", content,
                         b"endstream\n"))


def define_form(canvas: Canvas, name: str, drawing: Drawing) -> None:
    """Define `drawing` as the Form XObject `name` (bottom-left at the origin), as beginForm … endForm would."""
    body = compiled(drawing) if kept("pdf-compile") else None
    width_pt, height_pt = drawing.width_mm * PT_PER_MM, drawing.height_mm * PT_PER_MM
    if body is None or body.private:
        canvas.beginForm(name, lowerx=0, lowery=0, upperx=width_pt, uppery=height_pt)
        draw_drawing(canvas, drawing, 0, 0)
        if body is None:
            canvas.endForm()
        else:
            _end_form(canvas, body)
        keep_states(canvas, name)
        return
    doc = canvas._doc
    doc.inForm()
    text = resolve(canvas, body)
    lines = (canvas._preamble, "q", placement(0, 0, drawing), *([text] if text else []), "Q")
    filtered = bool(canvas._pageCompression)
    doc.addForm(name, _Form(width_pt, height_pt, _form_stream(body, lines, filtered), filtered))


def _end_form(canvas: Canvas, body: Body) -> None:
    """canvas.endForm, with the form's stream made by _form_stream: a drawing with images (a map with its
    art) resolves to the same text in each of its files, which is then encoded and compressed once."""
    name, lowerx, lowery, upperx, uppery = canvas._formData
    form = pdfdoc.PDFFormXObject(lowerx=lowerx, lowery=lowery, upperx=upperx, uppery=uppery)
    form.compression = filtered = bool(canvas._pageCompression)
    contents = pdfdoc.PDFStream(content=_form_stream(body, (canvas._preamble, *canvas._code), filtered))
    if filtered:  # already applied: PDFStream.format applies no filter to a stream that names its Filter
        contents.dictionary["Filter"] = pdfdoc.PDFArray([pdfdoc.PDFName(f.pdfname) for f in FILTERS])
    contents.__Comment__ = "xobject form stream"
    form.Contents = contents
    canvas._setColorSpace(form)
    canvas._setExtGState(form)
    canvas._setXObjects(form)
    canvas._setAnnotations(form)
    canvas._doc.addForm(name, form)
    canvas._restartAccumulators()
    canvas.pop_state_stack()


def keep_states(canvas: Canvas, name: str) -> None:
    """Give the form `name` the transparency states it names: reportlab's form collects them (ExtGState) but
    leaves them out of its resources, so a viewer would not know them and draw the shapes opaque or not at all."""
    form = canvas._doc.idToObject[pdfdoc.xObjectName(name)]
    if not form.ExtGState:
        return
    resources = pdfdoc.PDFResourceDictionary()
    resources.basicFonts()
    resources.allProcs()
    if form.XObjects:
        resources.XObject = form.XObjects
    resources.ExtGState = form.ExtGState
    form.Resources = resources


def show_form(canvas: Canvas, name: str, x_pt: float, y_pt: float, *,
              clip_pt: tuple[float, float, float, float] | None = None) -> None:
    """Show the form `name` with its origin at (x_pt, y_pt), cut to the rectangle `clip_pt` (x, y, width,
    height) if given: what saveState, clipPath, translate, doForm and restoreState write, without
    the canvas's state copies (a tiled map shows its form on every page)."""
    code = canvas._code
    code.append("q")
    if clip_pt is not None:
        code.append(f"n {fp_str(clip_pt)} re W* n")
    code += (f"1 0 0 1 {fp_str(x_pt, y_pt)} cm", f"/{pdfdoc.xObjectName(name)} Do", "Q")
    canvas._formsinuse.append(name)


class FormCache:
    """Draws each distinct drawing once as a Form XObject and places it by reference afterwards."""

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self.names: dict[tuple, str] = {}
        """Form names by (width, height, title, content stream): a drawing's look and title, as the
        drawing itself would key them, but hashed from the compiled text, which costs a fraction."""
        self._by_identity: dict[int, tuple[Drawing, str]] = {}
        """The same face object placed again (a counter's copies) is found without even that."""

    def place(self, drawing: Drawing, x_pt: float, y_pt: float) -> None:
        """Place `drawing` with its bottom-left corner at (x_pt, y_pt)."""
        known = self._by_identity.get(id(drawing))
        if known is not None and known[0] is drawing:
            name = known[1]
        else:
            key = (drawing.width_mm, drawing.height_mm, drawing.title,
                   compiled(drawing) if kept("pdf-compile") else drawing)
            name = self.names.get(key)
            if name is None:
                name = f"F{len(self.names) + 1}"
                self.names[key] = name
                define_form(self.canvas, name, drawing)
            self._by_identity[id(drawing)] = (drawing, name)
        show_form(self.canvas, name, x_pt, y_pt)
