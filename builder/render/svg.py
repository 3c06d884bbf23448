"""SVG backend: a Drawing as an SVG document whose user unit is the millimetre.

Written as text directly: building svgwrite's element tree cost about 1.2 ms a counter face, five
times this serializer, and a thousand-counter game writes two thousand face files.
"""
from __future__ import annotations

import base64
import mimetypes
import re
from functools import lru_cache
from pathlib import Path as FilePath
from xml.sax.saxutils import escape, quoteattr

import numpy as np

from builder.render.drawing import (ARITY, Drawing, Ellipse, Group, Image, Item, Marks, Paint, Path, Polyline, Rect,
                                    Text, points_of)
from builder.render.fonts import face, font_cached

HEADER = '<?xml version="1.0" encoding="utf-8" ?>\n'
_QUOTED = re.compile(r"[&<>\"'\n\r\t]")
"""Characters quoteattr would change; a value without them is written between double quotes as it is."""
SMALL = 64
"""Shapes with at most this many points are remembered once written (see _leaf)."""


@lru_cache(maxsize=1 << 16)
def num(value: float) -> str:
    """Return a number as SVG text: at most 3 decimals, no trailing zeros (deterministic); remembered: a
    chart, a mix or a map repeats the same positions, sizes and widths many times."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _attrs(pairs: list[tuple[str, str]]) -> str:
    return "".join(f' {key}="{value}"' if _QUOTED.search(value) is None else f" {key}={quoteattr(value)}"
                   for key, value in pairs)


def _paint(paint: Paint) -> list[tuple[str, str]]:
    pairs = [("fill", paint.fill or "none")]
    if paint.stroke and paint.stroke_mm > 0:
        pairs += [("stroke", paint.stroke), ("stroke-width", num(paint.stroke_mm))]
        if paint.dash_mm:
            pairs.append(("stroke-dasharray", " ".join(num(d) for d in paint.dash_mm)))
        if paint.cap != "butt":
            pairs.append(("stroke-linecap", paint.cap))
        if paint.join != "miter":
            pairs.append(("stroke-linejoin", paint.join))
    if paint.opacity < 1:
        pairs.append(("opacity", num(paint.opacity)))
    return pairs


@lru_cache(maxsize=4096)
def _paint_attrs(paint: Paint) -> str:
    """Return a paint's attributes, remembered: a mix, a map or a chart repeats a few dozen paints."""
    return _attrs(_paint(paint))


# Each pattern starts with its literal text, so the engine skips to candidates instead of trying
# every position; the lookbehinds at the end check what comes before.
_END = r"(?=[ ,]|$)"
_ZERO_DECIMALS = re.compile(r"\.000" + _END)
_TWO_ZEROS = re.compile(r"00" + _END + r"(?<=\.[1-9]00)")
_ONE_ZERO = re.compile(r"0" + _END + r"(?<=\.\d[1-9]0)")
_MINUS_ZERO = re.compile(r"-0" + _END + r"(?<![\d.]-0)")
_FORMATS = {command: command + " %.3f" * arity for command, arity in ARITY.items()}


def _trimmed(text: str) -> str:
    """Return numbers printed with "%.3f" as num() prints them: trailing zeros and a lone "-0" gone."""
    text = _ONE_ZERO.sub("", _TWO_ZEROS.sub("", _ZERO_DECIMALS.sub("", text)))
    return _MINUS_ZERO.sub("0", text)


def path_data(item: Path | Marks) -> str:
    """Return the `d` attribute of a path.

    A long path (a map's terrain outline has thousands of corners) is printed by one format and trimmed by a
    few regular expressions (_trimmed), which give what num() gives number by number.
    """
    commands = item.commands
    if len(commands) > 4:
        formats: list[str] = []
        values: list[float] = []
        for command, numbers in commands:
            if len(numbers) != ARITY.get(command, -1):
                break
            formats.append(_FORMATS[command])
            values += numbers
        else:
            return _trimmed(" ".join(formats) % tuple(values))
    return " ".join(command + (" " + " ".join(num(v) for v in values) if values else "")
                    for command, values in commands)


def marks_data(item: Marks) -> str:
    """Return the `d` attribute of marks: as path_data writes the same path, one mark's format repeated."""
    if item.count * len(item.letters) <= 4:
        return path_data(item)
    numbers = np.frombuffer(item.numbers)
    mark = " ".join(_FORMATS[letter] for letter in item.letters)
    return _trimmed(" ".join([mark] * item.count) % tuple(numbers.tolist()))


def _points(item: Polyline) -> str:
    if len(item.points) > 4:
        values = tuple([v for point in item.points for v in point])
        if len(values) == 2 * len(item.points):
            return _trimmed(" ".join(["%.3f,%.3f"] * len(item.points)) % values)
    return " ".join(f"{num(x)},{num(y)}" for x, y in item.points)


@font_cached(maxsize=4096)
def _text_style(font: str, bold: bool, size_mm: float, fill: str, anchor: str) -> str:
    """Return a text's attributes after its position: a map's numbers share a handful of styles."""
    chosen = face(font, bold)
    pairs = [("font-family", f"{chosen.family}, sans-serif"), ("font-size", num(size_mm)), ("fill", fill)]
    if chosen.bold:
        pairs.append(("font-weight", "bold"))
    if chosen.italic:
        pairs.append(("font-style", "italic"))
    if chosen.condensed:
        pairs.append(("font-stretch", "condensed"))
    if anchor != "start":
        pairs.append(("text-anchor", anchor))
    return _attrs(pairs)


def _text(item: Text) -> str:
    style = _text_style(item.font, item.bold, item.size_mm, item.fill, item.anchor)
    return f'<text x="{num(item.x_mm)}" y="{num(item.y_mm)}"{style}>{escape(item.text)}</text>'


def _image(item: Image) -> str:
    data = FilePath(item.path).read_bytes()
    kind = mimetypes.guess_type(item.path)[0] or "image/png"
    href = f"data:{kind};base64,{base64.b64encode(data).decode('ascii')}"
    pairs = [("x", num(item.x_mm)), ("y", num(item.y_mm)), ("width", num(item.w_mm)), ("height", num(item.h_mm)),
             ("xlink:href", href)]
    return f"<image{_attrs(pairs)} />"


# Numbers need no quoting (digits, point, minus), nor do command letters: only paints go through _attrs.
def _rect(item: Rect) -> str:
    corner = f' rx="{num(item.radius_mm)}"' if item.radius_mm else ""
    return (f'<rect x="{num(item.x_mm)}" y="{num(item.y_mm)}" width="{num(item.w_mm)}" height="{num(item.h_mm)}"'
            f'{corner}{_paint_attrs(item.paint)} />')


def _ellipse(item: Ellipse) -> str:
    if item.rx_mm == item.ry_mm:
        return (f'<circle cx="{num(item.cx_mm)}" cy="{num(item.cy_mm)}" r="{num(item.rx_mm)}"'
                f'{_paint_attrs(item.paint)} />')
    return (f'<ellipse cx="{num(item.cx_mm)}" cy="{num(item.cy_mm)}" rx="{num(item.rx_mm)}" ry="{num(item.ry_mm)}"'
            f'{_paint_attrs(item.paint)} />')


def _polyline(item: Polyline) -> str:
    tag = "polygon" if item.closed else "polyline"
    return f'<{tag} points="{_points(item)}"{_paint_attrs(item.paint)} />'


def _path(item: Path) -> str:
    return f'<path d="{path_data(item)}"{_paint_attrs(item.paint)} />'


def _marks(item: Marks) -> str:
    return f'<path d="{marks_data(item)}"{_paint_attrs(item.paint)} />'


_SHAPES = {Rect: _rect, Ellipse: _ellipse, Polyline: _polyline, Path: _path, Marks: _marks, Text: _text, Image: _image}
"""The writer of each kind of item but the group."""


def _shape(item: Item) -> str:
    writer = _SHAPES.get(type(item))
    if writer is None:
        raise TypeError(f"cannot draw {type(item).__name__}")
    return writer(item)


@font_cached(maxsize=1 << 16)
def _leaf(item: Item) -> str:
    """Return a small shape or a text as SVG, remembered: a counter face is written in its own file and
    again on its sheet, and a mix repeats the same frames, symbols and numbers thousands of times."""
    return _shape(item)


_REMEMBERED = frozenset({Path, Polyline, Text, Rect, Ellipse})
"""The kinds of item written once and remembered (see _leaf), when they are short (`points_of`)."""


def _is_small(item: Item) -> bool:
    return type(item) in _REMEMBERED and points_of(item) <= SMALL


Known = dict[int, tuple[tuple[Item, ...], str]]
"""Item sequences already written, by identity (see _Writer.body)."""


class _Writer:
    """Writes elements in drawing order; clip ids are numbered in that order, so output is stable."""

    def __init__(self, known: Known | None = None) -> None:
        self.defs: list[str] = []
        self.known = known

    def element(self, item: Item) -> str:
        if type(item) is Group:
            return self.group(item)
        return _leaf(item) if _is_small(item) else _shape(item)

    def body(self, items: tuple[Item, ...]) -> str:
        """Return items written one after the other; with `known`, remembered by identity when no clip
        was written, so a face written on its sheet and again to its own file is written once."""
        if self.known is None:
            return "".join(self.element(child) for child in items)
        found = self.known.get(id(items))
        if found is not None and found[0] is items:
            return found[1]
        clips = len(self.defs)
        body = "".join(self.element(child) for child in items)
        if len(self.defs) == clips:
            self.known[id(items)] = (items, body)
        return body

    def group(self, item: Group) -> str:
        parts = []
        if item.dx_mm or item.dy_mm:
            parts.append(f"translate({num(item.dx_mm)} {num(item.dy_mm)})")
        if item.rotate_deg:
            parts.append(f"rotate({num(item.rotate_deg)})")
        if item.scale != 1:
            parts.append(f"scale({num(item.scale)})")
        body = self.body(item.items)
        if item.clip is not None:
            clip_id = f"clip{len(self.defs) + 1}"
            box = item.clip
            self.defs.append(f'<clipPath id="{clip_id}"><rect x="{num(box.x_mm)}" y="{num(box.y_mm)}" '
                             f'width="{num(box.w_mm)}" height="{num(box.h_mm)}" /></clipPath>')
            body = f'<g clip-path="url(#{clip_id})">{body}</g>'
        transform = f' transform="{" ".join(parts)}"' if parts else ""
        return f"<g{transform}>{body}</g>"


def svg_text(drawing: Drawing, *, known: Known | None = None) -> str:
    """Return the drawing as an SVG document (UTF-8 text, deterministic).

    `known`, a dict kept by the caller across calls, lets documents that hold the same item sequences
    (a sheet of faces, then each face alone) write each once.
    """
    writer = _Writer(known)
    body = writer.body(drawing.items)
    width, height = num(drawing.width_mm), num(drawing.height_mm)
    title = f"<title>{escape(drawing.title)}</title>" if drawing.title else ""
    defs = f"<defs>{''.join(writer.defs)}</defs>" if writer.defs else ""
    return (f'{HEADER}<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            f'version="1.1" width="{width}mm" height="{height}mm" viewBox="0 0 {width} {height}">'
            f"{title}{defs}{body}</svg>\n")
