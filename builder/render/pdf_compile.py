"""Drawings compiled to PDF content-stream text, once, for every canvas they are drawn on (render/pdf.py).

The text is what reportlab's canvas calls (setFillColorRGB, drawPath, beginText, …) would write for the
drawing's items, with slots where it depends on the canvas: the name and glyph codes of a font subset
(reportlab numbers them per document), the name of a transparency state (per page or form) and images
(resources of the page or form they are drawn in). render/pdf.py fills the slots in (`resolve`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from math import cos, pi, sin
from typing import Callable, NamedTuple, Union
from weakref import ref

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfmetrics import stringWidth

from builder.mechanisms import kept
from builder.memo import Remembered
from builder.render.drawing import Drawing, Group, Image, Item, Marks, Paint, Rect, Text, points_of
from builder.render.fonts import font_cached, on_font_change, registered
from builder.render.pdf_paths import shape_code


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


class TextSlot(NamedTuple):
    """A slot: the text operators of one string in one font (font subsets are numbered per document)."""

    font: str
    text: str
    size_ops: str


class AlphaSlot(NamedTuple):
    """A slot: a transparency state ('ca' fill, 'CA' stroke), named per page or form."""

    key: str
    value: float


class PictureSlot(NamedTuple):
    """A slot: an image, drawn by reportlab on the canvas it goes to (it becomes a resource there)."""

    item: Image


Slot = Union[TextSlot, AlphaSlot, PictureSlot]


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
    return f"{paint}\n{shape_code(item)}\n{PAINT_OPS[fill, stroke]}"


SMALL = 64
"""Shapes with at most this many points are remembered once compiled: a counter mix or a map repeats
the same frames, symbols and marks thousands of times."""


def _is_small(item: Item) -> bool:
    return type(item) is not Marks and points_of(item) <= SMALL


_small_shape = lru_cache(maxsize=1 << 16)(_opaque_shape)


@font_cached(maxsize=1 << 16)
def _text(item: Text) -> tuple[str, TextSlot]:
    """Return a text's line (MARK where its string goes) and its slot: what beginText, setFont,
    setFillColorRGB, textOut and drawText write."""
    # One text object with a flipped text matrix: cheaper than saving the graphics state per label.
    font, colour, size_ops = _text_style(item.font, item.bold, item.size_mm, item.fill)
    x = item.x_mm
    if item.anchor != "start":
        width = stringWidth(item.text, font, item.size_mm)
        x -= width if item.anchor == "end" else width / 2
    line = f"BT 1 0 0 1 0 0 Tm 1 0 0 -1 {fp_str(x, item.y_mm)} Tm {colour} rg {MARK} ET"
    return line, TextSlot(font, item.text, size_ops)


@font_cached(maxsize=4096)
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
            self.slots.append(AlphaSlot(key, value))
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
                slots.append(PictureSlot(item))
                self.private = True
            elif item.paint.opacity < 1 or any(value != 1 for value in self.alpha.values()):
                fill, stroke = self.paint(item.paint)
                if fill or stroke:
                    lines.append(shape_code(item))
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
        if len(item.items) >= LAYER_ITEMS and kept("once"):
            self.layer(item.items)
        else:
            self.items(item.items)
        lines.append("Q")
        self.alpha = saved

    def layer(self, items: tuple[Item, ...]) -> None:
        """Write a large group's items as compiled once for this opacity state (`_layers`)."""
        alpha = tuple(sorted(self.alpha.items()))
        key = (id(items), alpha)
        found = _layers.get(key)
        if found is None:  # an entry holds its items, so their id is theirs while it is remembered
            inner = _Compiler(self.alpha)
            inner.items(items)
            found = (items, inner.lines, inner.slots, inner.transparency, inner.private)
            _layers.put(key, found, sum(map(len, inner.lines)))
        _, lines, slots, transparency, private = found
        self.lines += lines
        self.slots += slots
        self.transparency |= transparency
        self.private |= private

    def body(self) -> Body:
        chunks = tuple("\n".join(self.lines).split(MARK)) if self.slots else ("\n".join(self.lines),)
        fonts = tuple(dict.fromkeys(slot.font for slot in self.slots if type(slot) is TextSlot))
        return Body(chunks, tuple(self.slots), self.transparency, self.private, fonts)


def compile_items(items: tuple[Item, ...], alpha: tuple[tuple[str, float], ...] = ()) -> Body:
    compiler = _Compiler(dict(alpha))
    compiler.items(items)
    return compiler.body()


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


LAYER_ITEMS = 256
"""A group of at least this many items is compiled once per opacity state and kept while it lives (`_layers`):
a hex map's wordless layers and its numbers are the same objects on every sheet of every language, and on the
module's board (render/maps/hexmap.py); compiling them was most of a map sheet's."""
_layers = Remembered(64, big=8)
"""(id(items), opacity state) → (items, lines, slots, transparency, private): the items are held, so no other
object takes their id while they are remembered."""
on_font_change(_layers.clear)

_by_identity: dict[int, tuple[ref, Body]] = {}
"""id(drawing) → (weak reference to it, body): an entry goes when its drawing does."""
_by_value = Remembered(1 << 12, big=2)
"""_Hashed(drawing) → body, for an equal drawing made again (a sheet's decorations, a chart per paper)."""


on_font_change(_by_identity.clear)  # a body names its fonts: one compiled with other faces is stale
on_font_change(_by_value.clear)


def _forget(key: int, known: dict = _by_identity) -> Callable[[ref], None]:
    # the table is bound here, not looked up when called: a drawing may go while the interpreter exits,
    # after this module's globals (fonts.py's list of caches to clear keeps _by_value, and its keys, longest)
    return lambda gone: known.pop(key, None)


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
        body = compile_items(drawing.items)
        _by_value.put(key, body, _size(body))
    _by_identity[id(drawing)] = (ref(drawing, _forget(id(drawing))), body)
    return body
