"""PDF backend: draw a Drawing on a reportlab canvas, each distinct face once as a Form XObject.

A drawing is turned into PDF content-stream text once (`compiled`, remembered by drawing) and that
text is reused on every canvas: the full map and its A4 and Letter tilings, a counter face on the A4
sheets, on the Letter sheets and on the PNG scratch sheet. The text is exactly what reportlab's
canvas calls (setFillColorRGB, drawPath, beginText, …) would write, so the files are the same as
drawing through the canvas, only made once instead of once per canvas. What differs between
canvases is left as slots, filled in per canvas (`resolve`): the name and glyph codes of a font
subset (reportlab numbers them per document), the name of a transparency state (numbered per page
or form) and images (resources of the page or form they are drawn in).

A Form XObject is written by `define_form` without the canvas's beginForm/endForm: its stream is
compressed once for all the documents that hold it, and the object formats itself from a
per-document template of its dictionary (`_Form`), which saves reportlab's generic formatting of
tens of thousands of small dictionaries in a big counter mix.

What a file's writing repeats is done once too, each time to the bytes reportlab's own path writes
(tests/render/test_pdf_writer.py): a body resolved in a document new to its fonts is copied, with the
fonts' state, to the next such document (the map in its full-size and tiled files); the canvas of
`new_canvas` embeds font subsets from objects formatted once per process (`_embed_subsets`) and writes
its pages' dictionaries from a template (`_Page`).
"""
from __future__ import annotations

from collections import OrderedDict
from copy import copy
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import chain
from math import cos, pi, sin
from typing import Callable, NamedTuple, Union
from weakref import WeakKeyDictionary, ref

import numpy as np

from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.lib.units import mm as PT_PER_MM
from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth
from reportlab.pdfbase.ttfonts import FF_NONSYMBOLIC, FF_SYMBOLIC, SUBSETN, TTFont, TTFontFace, makeToUnicodeCMap
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from builder.render.decimals import joined
from builder.render.deflate import FILTERS
from builder.render.drawing import ARITY, Drawing, Ellipse, Group, Image, Item, Marks, Paint, Path, Polyline, Rect, Text
from builder.render.fonts import registered

CAPS = {"butt": 0, "round": 1, "square": 2}
JOINS = {"miter": 0, "round": 1, "bevel": 2}
PAINT_OPS = {(True, False): "f*", (False, True): "S", (True, True): "B*"}
"""The path-painting operator for (fill, stroke): reportlab's, with its default even-odd fill rule."""
MARK = "\x00"
"""Stands for a slot in compiled text: no operator or number reportlab writes contains it."""


@lru_cache(maxsize=4096)
def _hex_rgb(colour: str) -> tuple[float, float, float]:
    value = colour.lstrip("#")
    return tuple(int(value[i:i + 2], 16) / 255.0 for i in (0, 2, 4))


@lru_cache(maxsize=4096)
def _rgb_text(colour: str) -> str:
    return fp_str(_hex_rgb(colour))


class _Text(NamedTuple):
    """A slot: the text operators of one string in one font (font subsets are numbered per document)."""

    font: str
    text: str
    size_ops: str


class _Alpha(NamedTuple):
    """A slot: a transparency state ('ca' fill, 'CA' stroke), named per page or form."""

    key: str
    value: float


class _Picture(NamedTuple):
    """A slot: an image, drawn by reportlab on the canvas it goes to (it becomes a resource there)."""

    item: Image


Slot = Union[_Text, _Alpha, _Picture]


@dataclass(frozen=True)
class Body:
    """The content stream of a drawing's items (millimetres, y down): text chunks with a slot between each two."""

    chunks: tuple[str, ...]
    slots: tuple[Slot, ...]
    transparency: bool
    """Whether the drawing sets an opacity (the PDF then needs version 1.4)."""
    private: bool
    """Whether a slot depends on the page or form it is drawn in (opacity, images)."""
    fonts: tuple[str, ...] = ()
    """The fonts of its text slots, in the order they first appear."""
    filtered: dict = field(default_factory=dict, compare=False, hash=False, repr=False)
    """The last form stream made of it, plain and compressed, with the lines it was made of: the same
    face on the A4 and the Letter sheets, the same map in its full-size and tiled files, is made once."""
    fresh: dict = field(default_factory=dict, compare=False, hash=False, repr=False)
    """Its text as resolved in a document that had not used its fonts yet, with the state it left
    them in, by the document's count of fonts then (see resolve)."""


def concat(line: str, a: float, b: float, c: float, d: float, e: float, f: float) -> str:
    """Return the `cm` line `line` followed by the transform (a … f), merged as reportlab's canvas does:
    from the printed numbers of the line, so the result is the same to the last digit."""
    tokens = line.split()
    a0, b0, c0, d0, e0, f0 = map(float, tokens[-7:-1])
    template = " ".join(tokens) + " %s cm" if len(tokens) > 7 else "%s cm"
    return template % fp_str(a0 * a + c0 * b, b0 * a + d0 * b, a0 * c + c0 * d, b0 * c + d0 * d,
                             a0 * e + c0 * f + e0, b0 * e + d0 * f + f0)


@lru_cache(maxsize=4096)
def _curve_code(kind: str, *args: float) -> str:
    path = PDFPathObject()
    getattr(path, kind)(*args)
    return path.getCode()


def _cubic_controls(x, y, qx, qy, ex, ey) -> tuple:
    """Return the two control points of the cubic curve that draws the quadratic from (x, y) through (qx, qy)
    to (ex, ey): two thirds of the way to the quadratic's control point. Numbers, or numpy columns of them."""
    return x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), ex + 2 / 3 * (qx - ex), ey + 2 / 3 * (qy - ey)


def _trace_one_by_one(item: Path | Marks) -> str:
    ops = []
    x, y = 0.0, 0.0
    for command, values in item.commands:
        if command == "L":
            x, y = values
            ops.append(f"{fp_str(values)} l")
        elif command == "M":
            x, y = values
            ops.append(f"{fp_str(values)} m")
        elif command == "C":
            ops.append(f"{fp_str(values)} c")
            x, y = values[4], values[5]
        elif command == "Q":
            qx, qy, ex, ey = values
            ops.append(f"{fp_str(*_cubic_controls(x, y, qx, qy, ex, ey), ex, ey)} c")
            x, y = ex, ey
        elif command == "Z":
            ops.append("h")
    return "n " + " ".join(ops) if ops else ""


_OPERATOR = {"M": "m", "L": "l", "C": "c", "Z": "h"}
"""The PDF path operator of each path command but the quadratic curve, which PDF has not."""
_OPERATORS = {letter: " ".join(["{}"] * ARITY[letter] + [operator]) for letter, operator in _OPERATOR.items()}
_ARITY = {letter: ARITY[letter] for letter in _OPERATOR}


def _trace(item: Path) -> str:
    """Return the path operators of a Path, as PDFPathObject writes them (moveTo, lineTo, curveTo, close).

    A map's terrain outline is one path of thousands of corners: its numbers are printed together
    (_printed) and put in place by one format; a path with quadratic curves goes command by command.
    """
    commands = item.commands
    if len(commands) <= 4:
        return _trace_one_by_one(item)
    # the commands taken apart and checked by maps over them, not a Python step per command (zip(*commands)
    # would make an iterator per command)
    names = [name for name, _ in commands]
    numbers = [values for _, values in commands]
    if not _ARITY.keys() >= set(names) or list(map(len, numbers)) != list(map(_ARITY.__getitem__, names)):
        return _trace_one_by_one(item)
    template = " ".join(map(_OPERATORS.__getitem__, names))
    values = list(chain.from_iterable(numbers))
    return "n " + template.format(*_printed(values)) if values else "n " + template


REPEATS_FROM = 512
"""Lists of at least this many numbers are printed number by distinct number (see _printed)."""


def _printed(values: list[float] | tuple[float, ...]) -> list[str]:
    """Return each number as fp_str prints it.

    A map's long paths repeat their numbers: terrain outlines run through the corners of the hex lattice.
    Those are printed once each, which costs a fraction of printing every one.
    """
    if len(values) < REPEATS_FROM:
        return fp_str(values).split(" ")
    distinct, where = np.unique(np.array(values), return_inverse=True)
    if 2 * len(distinct) > len(values):
        return fp_str(values).split(" ")
    return np.array(fp_str(distinct.tolist()).split(" "), dtype=object)[where].tolist()


def _cubic(letters: str, numbers: np.ndarray, count: int) -> tuple[str, np.ndarray]:
    """Return marks' commands with each quadratic curve made the cubic _trace_one_by_one writes, the
    arithmetic done on all marks at once (each mark starts with a move, so its current points are its own)."""
    table = numbers.reshape(count, -1)
    columns: list[np.ndarray] = []
    at, x, y = 0, table[:, 0], table[:, 1]
    for letter in letters:
        own = [table[:, at + k] for k in range(ARITY[letter])]
        at += len(own)
        if letter == "Q":
            qx, qy, ex, ey = own
            own = [*_cubic_controls(x, y, qx, qy, ex, ey), ex, ey]
        if own:
            x, y = own[-2], own[-1]
        columns += own
    return letters.replace("Q", "C"), np.column_stack(columns).ravel()


def _marks_code(item: Marks) -> str:
    """Return the path operators of marks, as _trace writes the same path: numbers and operators laid out
    by decimals.joined, or else the operators of one mark repeated and the numbers printed together."""
    letters, numbers, count = item.letters, np.frombuffer(item.numbers), item.count
    if not count:
        return ""
    if "Q" in letters:
        if letters[0] != "M":
            return _trace_one_by_one(item)
        letters, numbers = _cubic(letters, numbers, count)
    text = joined(numbers, [token for letter in letters for token in [None] * ARITY[letter] + [_OPERATOR[letter]]],
                  "fp_str")
    if text is not None:
        return "n " + text
    template = " ".join([" ".join(map(_OPERATORS.__getitem__, letters))] * count)
    return "n " + template.format(*_printed(numbers.tolist()))


def _polyline(item: Polyline) -> str:
    (x0, y0), *rest = item.points
    if len(rest) <= 4:
        ops = [f"n {fp_str(x0, y0)} m"]
        ops += [f"{fp_str(point)} l" for point in rest]
        if item.closed:
            ops.append("h")
        return " ".join(ops)
    values = [v for point in item.points for v in point]
    if len(values) != 2 * len(item.points):
        raise ValueError(f"a polyline's points are (x, y) pairs, not {item.points[:3]} …")
    template = "n {} {} m" + " {} {} l" * len(rest) + (" h" if item.closed else "")
    return template.format(*_printed(values))


def _shape_code(item: Item) -> str:
    """Return the path operators of a shape, as PDFPathObject writes them."""
    kind = type(item)
    if kind is Rect:
        if item.radius_mm:
            return _curve_code("roundRect", item.x_mm, item.y_mm, item.w_mm, item.h_mm, item.radius_mm)
        return f"n {fp_str(item.x_mm, item.y_mm, item.w_mm, item.h_mm)} re"
    if kind is Polyline:
        return _polyline(item)
    if kind is Path:
        return _trace(item)
    if kind is Marks:
        return _marks_code(item)
    if kind is Ellipse:
        return _curve_code("ellipse", item.cx_mm - item.rx_mm, item.cy_mm - item.ry_mm, 2 * item.rx_mm,
                           2 * item.ry_mm)
    raise TypeError(f"cannot draw {kind.__name__}")


@lru_cache(maxsize=4096)
def _opaque_paint(paint: Paint) -> tuple[str, bool, bool]:
    """Return the colour and line state of an opaque paint as text, and whether it fills and strokes."""
    compiler = _Compiler({})
    fill, stroke = compiler.paint(paint)
    return "\n".join(compiler.lines), fill, stroke


def _opaque_shape(item: Item) -> str:
    """Return an opaque shape's lines (paint, path, painting operator), or "" when it paints nothing."""
    paint, fill, stroke = _opaque_paint(item.paint)
    if not (fill or stroke):
        return paint
    return f"{paint}\n{_shape_code(item)}\n{PAINT_OPS[fill, stroke]}"


SMALL = 64
"""Shapes with at most this many points are remembered once compiled: a counter mix or a map repeats
the same frames, symbols and marks thousands of times."""


def _is_small(item: Item) -> bool:
    kind = type(item)
    if kind is Path:
        return len(item.commands) <= SMALL
    if kind is Polyline:
        return len(item.points) <= SMALL
    return kind is not Marks


_small_shape = lru_cache(maxsize=1 << 16)(_opaque_shape)


@lru_cache(maxsize=1 << 16)
def _text(item: Text) -> tuple[str, _Text]:
    """Return a text's line (MARK where its string goes) and its slot: what beginText, setFont,
    setFillColorRGB, textOut and drawText write."""
    # One text object with a flipped text matrix: cheaper than saving the graphics state per label.
    font, colour, size_ops = _text_style(item.font, item.bold, item.size_mm, item.fill)
    x = item.x_mm
    if item.anchor != "start":
        width = stringWidth(item.text, font, item.size_mm)
        x -= width if item.anchor == "end" else width / 2
    line = f"BT 1 0 0 1 0 0 Tm 1 0 0 -1 {fp_str(x, item.y_mm)} Tm {colour} rg {MARK} ET"
    return line, _Text(font, item.text, size_ops)


@lru_cache(maxsize=4096)
def _text_style(font: str, bold: bool, size_mm: float, fill: str) -> tuple[str, str, str]:
    """Return a text style's font name, colour and size operators: a map's numbers share a handful."""
    return registered(font, bold), _rgb_text(fill), f"{fp_str(size_mm)} Tf {fp_str(size_mm * 1.2)} TL"


@lru_cache(maxsize=4096)
def _turned(dx_mm: float, dy_mm: float, rotate_deg: float, scale: float) -> str:
    """Return the `cm` line of a group that is turned or scaled (canvas.translate, rotate, scale): the
    labels along a map's or a tile page's edges are turned the same ways at the same places."""
    line = f"{fp_str(1, 0, 0, 1, dx_mm, dy_mm)} cm"
    if rotate_deg:
        c, s = cos(rotate_deg * pi / 180), sin(rotate_deg * pi / 180)
        line = concat(line, c, s, -s, c, 0, 0)
    if scale != 1:
        line = concat(line, scale, 0, 0, scale, 0, 0)
    return line


class _Compiler:
    """Writes the items of a drawing as content-stream lines, MARK where a slot goes."""

    def __init__(self, alpha: dict[str, float]) -> None:
        self.lines: list[str] = []
        self.slots: list[Slot] = []
        self.alpha = dict(alpha)
        self.transparency = False
        self.private = False

    def _set_alpha(self, key: str, value: float) -> None:
        # reportlab's ExtGState.set: an operator only when the value changes
        if value == 1 and self.alpha.get(key, 1) == 1:
            return
        self.transparency = True
        if value != self.alpha.get(key, 1):
            self.alpha[key] = value
            self.lines.append(MARK)
            self.slots.append(_Alpha(key, value))
            self.private = True

    def paint(self, paint: Paint) -> tuple[bool, bool]:
        """Write the colour and line state of a shape (canvas.setFillColorRGB, setLineWidth, …).

        An opaque shape after a translucent one sets the opacity back to 1: a shape's opacity is its
        own, as in SVG (a transparency state otherwise lasts to the end of the group).
        """
        lines = self.lines
        fill = paint.fill is not None
        stroke = bool(paint.stroke) and paint.stroke_mm > 0
        alpha = paint.opacity if paint.opacity < 1 else 1
        if fill:
            lines.append(f"{_rgb_text(paint.fill)} rg")
            self._set_alpha("ca", alpha)
        if stroke:
            lines.append(f"{_rgb_text(paint.stroke)} RG")
            self._set_alpha("CA", alpha)
            lines.append(f"{fp_str(paint.stroke_mm)} w")
            lines.append(f"[{fp_str(list(paint.dash_mm))}] 0 d")
            lines.append(f"{CAPS[paint.cap]} J")
            lines.append(f"{JOINS[paint.join]} j")
        return fill, stroke

    def items(self, items: tuple[Item, ...]) -> None:
        lines, slots = self.lines, self.slots
        for item in items:
            kind = type(item)
            if kind is Text:
                if self.alpha.get("ca", 1) != 1:  # a text's opacity is its own too
                    self._set_alpha("ca", 1)
                line, slot = _text(item)
                lines.append(line)
                slots.append(slot)
            elif kind is Group:
                self.group(item)
            elif kind is Image:
                lines.append(MARK)
                slots.append(_Picture(item))
                self.private = True
            elif item.paint.opacity < 1 or any(value != 1 for value in self.alpha.values()):
                fill, stroke = self.paint(item.paint)
                if fill or stroke:
                    lines.append(_shape_code(item))
                    lines.append(PAINT_OPS[fill, stroke])
            else:
                text = _small_shape(item) if kind is Rect or _is_small(item) else _opaque_shape(item)
                if text:
                    lines.append(text)

    def group(self, item: Group) -> None:
        lines = self.lines
        lines.append("q")
        saved = dict(self.alpha)
        if item.rotate_deg or item.scale != 1:
            lines.append(_turned(item.dx_mm, item.dy_mm, item.rotate_deg, item.scale))
        else:
            lines.append(f"{fp_str(1, 0, 0, 1, item.dx_mm, item.dy_mm)} cm")
        if item.clip is not None:
            box = item.clip
            lines.append(f"n {fp_str(box.x_mm, box.y_mm, box.w_mm, box.h_mm)} re W* n")
        self.items(item.items)
        lines.append("Q")
        self.alpha = saved

    def body(self) -> Body:
        chunks = tuple("\n".join(self.lines).split(MARK)) if self.slots else ("\n".join(self.lines),)
        fonts = tuple(dict.fromkeys(slot.font for slot in self.slots if type(slot) is _Text))
        return Body(chunks, tuple(self.slots), self.transparency, self.private, fonts)


def _compile(items: tuple[Item, ...], alpha: tuple[tuple[str, float], ...] = ()) -> Body:
    compiler = _Compiler(dict(alpha))
    compiler.items(items)
    return compiler.body()


class Remembered:
    """Values by key, the most recently stored kept: many small ones, and a few big ones apart (a map's
    content stream is megabytes), so that a long `sandtable watch` session holds a bounded amount."""

    def __init__(self, small: int, big: int = 4, big_from: int = 1 << 20) -> None:
        self.limits = (small, big)
        self.big_from = big_from
        self.tiers: tuple[OrderedDict, OrderedDict] = (OrderedDict(), OrderedDict())

    def get(self, key, default=None):
        """Return the value stored under `key`, or `default`."""
        for tier in self.tiers:
            found = tier.get(key, self)
            if found is not self:
                return found
        return default

    def put(self, key, value, size: int) -> None:
        """Store `value` (of about `size` bytes) under `key`, forgetting the oldest beyond the tier's limit."""
        index = int(size >= self.big_from)
        tier = self.tiers[index]
        tier[key] = value
        if len(tier) > self.limits[index]:
            tier.popitem(last=False)

    def clear(self) -> None:
        """Forget everything."""
        for tier in self.tiers:
            tier.clear()


def _size(body: Body) -> int:
    return sum(map(len, body.chunks))


class _Hashed:
    """A drawing as a dictionary key whose hash is worked out once (a frozen drawing's hash walks all its items)."""

    __slots__ = ("drawing", "hash")

    def __init__(self, drawing: Drawing) -> None:
        self.drawing = drawing
        self.hash = hash(drawing)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Hashed) and (other.drawing is self.drawing or other.drawing == self.drawing)


_by_identity: dict[int, tuple[ref, Body]] = {}
"""id(drawing) → (weak reference to it, body): an entry goes when its drawing does."""
_by_value = Remembered(1 << 12, big=2)
"""_Hashed(drawing) → body, for an equal drawing made again (a sheet's decorations, a chart per paper)."""


def _forget(key: int) -> Callable[[ref], None]:
    return lambda gone: _by_identity.pop(key, None)


def compiled(drawing: Drawing) -> Body:
    """Return the content stream of a drawing's items (remembered: a face or a map is drawn on several canvases).

    The same drawing object is found by identity first: hashing a frozen drawing walks all its items,
    which costs as much as a small face's compiling. It is remembered while it lives (a game's faces
    and sheets live as long as the game), so a long `sandtable watch` session holds no old ones.
    """
    known = _by_identity.get(id(drawing))
    if known is not None and known[0]() is drawing:
        return known[1]
    key = _Hashed(drawing)
    body = _by_value.get(key)
    if body is None:
        body = _compile(drawing.items)
        _by_value.put(key, body, _size(body))
    _by_identity[id(drawing)] = (ref(drawing, _forget(id(drawing))), body)
    return body


_TEXT_OPS: WeakKeyDictionary = WeakKeyDictionary()
"""Per document: the text operators of each (font, text, size) already written in it."""


def _text_ops(slot: _Text, doc) -> str:
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


def _picture(canvas: Canvas, item: Image) -> str:
    saved = canvas._code
    canvas._code = []
    try:
        canvas.saveState()
        canvas.translate(item.x_mm, item.y_mm + item.h_mm)
        canvas.scale(1, -1)
        canvas.drawImage(item.path, 0, 0, item.w_mm, item.h_mm, mask="auto")
        canvas.restoreState()
        return "\n".join(canvas._code)
    finally:
        canvas._code = saved


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
        if kind is _Text:
            text = known.get(slot)
            if text is None:
                text = known[slot] = _text_ops(slot, doc)
            out.append(text)
        elif kind is _Alpha:
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


class _FormattedValue(pdfdoc.PDFObject):
    """A direct object (a value inside a dictionary) written as the bytes it was formatted to before."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def format(self, document) -> bytes:
        """Return the bytes."""
        return self.data


class _Formatted(_FormattedValue):
    """An indirect object written as the bytes it was formatted to before (it refers to no other object)."""

    __RefOnly__ = 1
    """reportlab writes an object by reference where its class has this attribute, whatever its value."""


class _SubsetParts(NamedTuple):
    """What a font subset's objects hold that depends only on its characters: widths, character map, font file."""

    widths: bytes
    cmap: bytes
    file: bytes


_SUBSETS = Remembered(256)
"""_SubsetParts by (font file, subset name, characters, compression): a map's full-size and tiled files,
a counter mix on A4 and on Letter, embed the same subsets."""


def _subset_parts(face: TTFontFace, base_name: str, subset: tuple[int, ...], doc) -> _SubsetParts:
    key = (face.filename, base_name, subset, doc.compression)
    parts = _SUBSETS.get(key)
    if parts is None:
        filters = [pdfdoc.PDFZCompress] if doc.compression else None
        cmap = pdfdoc.PDFStream(content=makeToUnicodeCMap(base_name, subset), filters=filters)
        font_file = pdfdoc.PDFStream(content=face.makeSubset(subset), filters=filters)
        font_file.dictionary["Length1"] = len(font_file.content)
        parts = _SubsetParts(pdfdoc.PDFArray(list(map(face.getCharWidth, subset))).format(doc), cmap.format(doc),
                             font_file.format(doc))
        _SUBSETS.put(key, parts, len(parts.file))
    return parts


def _embed_subsets(font: TTFont, doc) -> None:
    """Add a TrueType font's subsets to the document: the objects TTFont.addObjects adds, in its order,
    those that depend only on a subset's characters formatted once (see _SUBSETS)."""
    state = font.state[doc]
    state.frozen = 1
    face = font.face
    flags = face.flags & ~FF_NONSYMBOLIC | FF_SYMBOLIC
    basic_fonts = doc.idToObject["BasicFonts"].dict
    for n, subset in enumerate(state.subsets):
        name = font.getSubsetInternalName(n, doc)[1:]
        base_name = b"".join((SUBSETN(n), b"+", face.name, face.subfontNameX)).decode("pdfdoc")
        parts = _subset_parts(face, base_name, tuple(subset), doc)
        pdf_font = pdfdoc.PDFTrueTypeFont()
        pdf_font.Name, pdf_font.BaseFont, pdf_font.FirstChar, pdf_font.LastChar = name, base_name, 0, len(subset) - 1
        pdf_font.Widths = _FormattedValue(parts.widths)
        pdf_font.ToUnicode = doc.Reference(_Formatted(parts.cmap), "toUnicodeCMap:" + base_name)
        font_file = doc.Reference(_Formatted(parts.file), f"fontFile:{face.filename}({base_name})")
        descriptor = pdfdoc.PDFDictionary({
            "Type": "/FontDescriptor", "Ascent": face.ascent, "CapHeight": face.capHeight, "Descent": face.descent,
            "Flags": flags, "FontBBox": pdfdoc.PDFArray(face.bbox), "FontName": pdfdoc.PDFName(base_name),
            "ItalicAngle": face.italicAngle, "StemV": face.stemV, "FontFile2": font_file,
            "MissingWidth": face.defaultWidth})
        pdf_font.FontDescriptor = doc.Reference(descriptor, "fontDescriptor:" + base_name)
        doc.Reference(pdf_font, name)
        basic_fonts[name] = pdf_font
    del font.state[doc]


_PAGE_ENTRIES = frozenset({"Contents", "MediaBox", "Parent", "Resources", "Rotate", "Trans"})
"""The entries canvas.showPage gives a page (beside its type), when it has no annotations, boxes or transition."""
_RESOURCES: WeakKeyDictionary = WeakKeyDictionary()
"""Per document: the formatted resources of its pages, by what they hold (see _resources_key)."""
_MEDIA_BOXES: dict[tuple, bytes] = {}
"""Formatted media boxes by their numbers."""


def _resources_key(resources: object) -> tuple | None:
    """Return what a page's resource dictionary holds, as a key: references by name, and dictionaries of
    numbers and names (transparency states); None if it holds anything else."""
    if type(resources) is not pdfdoc.PDFResourceDictionary or not isinstance(resources.ProcSet, list):
        return None
    key: list = [tuple(resources.ProcSet)]
    for name in resources.dict_attributes:
        value = getattr(resources, name)
        if type(value) is pdfdoc.PDFObjectReference:
            key.append((name, value.name))
            continue
        entries = value if type(value) is dict else value.dict if type(value) is pdfdoc.PDFDictionary else None
        if entries is None:
            return None
        held = []
        for entry, item in entries.items():
            if type(item) is pdfdoc.PDFObjectReference:
                held.append((entry, item.name))
            elif type(item) is pdfdoc.PDFDictionary and all(type(v) in (int, float, str) for v in item.dict.values()):
                held.append((entry, tuple(item.dict.items())))
            else:
                return None
        key.append((name, type(value).__name__, tuple(held)))
    return tuple(key)


class _Marker(pdfdoc.PDFObject):
    """A value that formats to a mark where a page's own value goes (see _page_template)."""

    def __init__(self, mark: bytes) -> None:
        self.mark = mark

    def format(self, document) -> bytes:
        return self.mark


_PAGE_MARKS = tuple(b"\x00%d\x00" % n for n in range(5))


@lru_cache(maxsize=1)
def _page_template() -> tuple[bytes, ...]:
    """Return a page dictionary as reportlab formats it, cut where its contents, media box, parent,
    resources and rotation go."""
    values = dict(zip(("Contents", "MediaBox", "Parent", "Resources", "Rotate"), map(_Marker, _PAGE_MARKS)))
    text = pdfdoc.PDFDictionary({**values, "Trans": pdfdoc.PDFDictionary(), "Type": pdfdoc.PDFName("Page")}).format(
        pdfdoc.DummyDoc())
    pieces = []
    for mark in _PAGE_MARKS:
        before, text = text.split(mark)
        pieces.append(before)
    return (*pieces, text)


class _Page(pdfdoc.PDFPage):
    """A page whose dictionary is written from _page_template, its resources formatted once per document:
    a tiled map has a hundred pages that differ only in their contents."""

    def format(self, document) -> bytes:
        """Return the page dictionary as PDFPage.format writes it."""
        self.check_format(document)
        present = {name for name in self.__NoDefault__ if getattr(self, name, None) is not None}
        trans, media = self.Trans, self.MediaBox
        key = _resources_key(self.Resources)
        if (present != _PAGE_ENTRIES or key is None or self.Override_default_compilation or hasattr(self, "Type")
                or type(trans) is not pdfdoc.PDFDictionary or trans.dict or type(self.Rotate) is not int
                or type(media) is not pdfdoc.PDFArray):
            return super().format(document)
        # registered in PDFCatalog.format's order: the contents stream, then the parent
        contents = document.Reference(self.Contents).format(document)
        parent = document.Reference(self.Parent).format(document)
        box = tuple(media.sequence)
        if box not in _MEDIA_BOXES:
            _MEDIA_BOXES[box] = media.format(document)
        known = _RESOURCES.get(document)
        if known is None:
            known = _RESOURCES[document] = {}
        if key not in known:
            known[key] = pdfdoc.format(self.Resources, document)
        t0, t1, t2, t3, t4, t5 = _page_template()
        return b"".join((t0, contents, t1, _MEDIA_BOXES[box], t2, parent, t3, known[key], t4,
                         pdfdoc.format(self.Rotate, document), t5))


class _Canvas(Canvas):
    """A canvas that embeds its TrueType fonts' subsets through _embed_subsets and writes its pages as _Page."""

    def save(self) -> None:
        """Save the document, as Canvas.save does."""
        if self._code:
            self.showPage()
        doc = self._doc
        for page in doc.Pages.pages:
            if type(page) is pdfdoc.PDFPage:
                page.__class__ = _Page
        if isinstance(doc.encrypt, pdfdoc.NoEncryption):
            # the fonts reportlab would embed first thing when it writes the document, in its order
            for font in doc.delayedFonts:
                if type(font) is TTFont:
                    _embed_subsets(font, doc)
                else:
                    font.addObjects(doc)
            doc.delayedFonts = []
        super().save()


def new_canvas(target, width_pt: float, height_pt: float, *, title: str = "", compress: bool = True) -> Canvas:
    """Return a deterministic canvas (invariant, no clock in the file) whose default font is embedded."""
    canvas = _Canvas(target, pagesize=(width_pt, height_pt), invariant=1, pageCompression=int(compress),
                     initialFontName=registered("sans"), initialFontSize=10)
    canvas.setCreator("sandtable")
    canvas.setProducer("sandtable")
    if title:
        canvas.setTitle(title)
    return canvas


def _placement(x_pt: float, y_pt: float, drawing: Drawing) -> str:
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
    alpha = canvas._extgstate._d
    body = _compile(drawing.items, tuple(sorted(alpha.items()))) if alpha or once else compiled(drawing)
    code = canvas._code
    # saveState, translate, scale … restoreState: the same operators; the state inside is the body's own
    code.append("q")
    code.append(_placement(x_pt, y_pt, drawing))
    if clip:
        code.append(f"n 0 0 {fp_str(drawing.width_mm, drawing.height_mm)} re W* n")
    text = resolve(canvas, body)
    if text:
        code.append(text)
    code.append("Q")


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
    body = compiled(drawing)
    width_pt, height_pt = drawing.width_mm * PT_PER_MM, drawing.height_mm * PT_PER_MM
    if body.private:
        canvas.beginForm(name, lowerx=0, lowery=0, upperx=width_pt, uppery=height_pt)
        draw_drawing(canvas, drawing, 0, 0)
        canvas.endForm()
        return
    doc = canvas._doc
    doc.inForm()
    text = resolve(canvas, body)
    lines = (canvas._preamble, "q", _placement(0, 0, drawing), *([text] if text else []), "Q")
    filtered = bool(canvas._pageCompression)
    doc.addForm(name, _Form(width_pt, height_pt, _form_stream(body, lines, filtered), filtered))


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
            key = (drawing.width_mm, drawing.height_mm, drawing.title, compiled(drawing))
            name = self.names.get(key)
            if name is None:
                name = f"F{len(self.names) + 1}"
                self.names[key] = name
                define_form(self.canvas, name, drawing)
            self._by_identity[id(drawing)] = (drawing, name)
        show_form(self.canvas, name, x_pt, y_pt)
