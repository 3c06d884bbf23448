"""NATO unit symbols: APP-6 / MIL-STD-2525 friendly land-unit frames, icons and size marks as vectors.

Every icon is written in fractions of the frame box (u across, v down, both 0..1), so it scales
with whatever frame the counter layout chooses. The proportions follow APP-6 (see
shared/reference/print-and-play.md §3.1: a 3:2 frame, the armour oval two thirds of its width,
size marks a quarter of its height above it); the coordinates are our own.

`hq` is APP-6's headquarters staff: a line down from the frame's lower left corner, HQ_STAFF of
the frame's height long (APP-6 draws it as long as the frame is high; on a counter the identity and
values stand below, so it is shorter). The modifiers `airborne`, `air-assault`, `marines` and `mountain` mark
infantry in APP-6: named without a function icon, they are drawn on the infantry cross.

Two departures from APP-6, both forced by a counter's small face:
- `mechanised` and `motorised` name infantry kinds and include the infantry cross; every other
  name is one icon or modifier, overlaid with the rest (["armour", "airborne"]);
- `leader`, `courier` and `naval` have no APP-6 land icon: a star, an envelope and an anchor.
APP-6 draws reconnaissance and cavalry alike (one diagonal), and so do we.
"""
from __future__ import annotations

import difflib
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Union, get_args

from builder.model.counters import NatoSymbol, UnitSize
from builder.render.drawing import Drawing, Item, Paint, Path, PathCommand, Point, Polyline, Rect, circle

SYMBOL_NAMES: tuple[str, ...] = get_args(NatoSymbol)
"""Every symbol name nato_symbol draws, as the content model spells them."""
SIZE_MARKS: tuple[str, ...] = get_args(UnitSize)
"""Every size mark nato_symbol draws; "" draws none."""

LAND_FRAME_ASPECT = 1.5
"""Width over height of the APP-6 friendly land-unit frame (3:2)."""
SIZE_BAND = 0.35
"""Height of the band above the frame that the size mark uses, as a fraction of the frame height."""
ICON_STROKE_RATIO = 0.8
"""Icon lines are a little thinner than the frame, as in APP-6, so the frame still reads as the box."""
MIN_STROKE_MM = 0.25
"""The thinnest frame line symbol_drawing uses: about 0.7 pt, which every printer holds."""
STROKE_PER_WIDTH = 0.02
"""symbol_drawing's frame line as a fraction of the frame width (0.3 mm for a 15 mm frame)."""
HQ_STAFF = 0.45
"""Length of the HQ staff below the frame, as a fraction of the frame height."""
MODIFIERS = frozenset({"airborne", "air-assault", "marines", "mountain"})
"""Names that modify a function icon (APP-6's sector modifiers); alone, they modify the infantry cross."""

_MARK_HEIGHT = 0.25   # size mark height / frame height (APP-6: 25 units over a 100-unit frame)
_MARK_GAP = 0.08      # clear space between the frame and the size mark / frame height
_BAR_PITCH = 0.8      # distance between the bars of II and III / mark height
_CROSS_GAP = 0.4      # space between the crosses of XX… / mark height
_TEAM_RADIUS = 0.36   # radius of the team circle / mark height
_STAR_INNER = 0.4     # inner over outer radius of the leader's star


@dataclass(frozen=True)
class _Shape:
    """A path whose numbers are frame fractions; stroked, or filled with the frame colour."""

    d: str
    solid: bool = False


@dataclass(frozen=True)
class _Ring:
    """A circle centred at frame fractions (u, v); its radius is a fraction of the frame height."""

    u: float
    v: float
    r: float
    solid: bool = False


@dataclass(frozen=True)
class _Oval:
    """The armour oval (a stadium) filling the frame fractions u0..u1 × v0..v1."""

    u0: float
    v0: float
    u1: float
    v1: float


@dataclass(frozen=True)
class _Star:
    """A filled five-pointed star centred at (u, v); its radius is a fraction of the frame height."""

    u: float
    v: float
    r: float


_Part = Union[_Shape, _Ring, _Oval, _Star]


def _wave(v: float, amplitude: float, half_waves: int) -> str:
    """Return a path (frame fractions) of a wave right across the frame at height v."""
    step = 1.0 / half_waves
    d = [f"M 0 {v}"]
    for i in range(half_waves):
        crest = v - 2 * amplitude if i % 2 == 0 else v + 2 * amplitude
        d.append(f"Q {(i + 0.5) * step:.6f} {crest:.6f} {(i + 1) * step:.6f} {v}")
    return " ".join(d)


_CROSS = _Shape("M 0 0 L 1 1 M 0 1 L 1 0")
_SLASH = _Shape("M 0 1 L 1 0")
_OVAL = _Oval(0.2, 0.3, 0.8, 0.7)
_ARROW = "M 0.5 0.2 L 0.5 {foot} M 0.44 0.32 L 0.5 0.2 L 0.56 0.32"

# The order of this table is the drawing order, so ["recon", "armour"] equals ["armour", "recon"].
_ICONS: dict[str, tuple[_Part, ...]] = {
    "none": (),
    "infantry": (_CROSS,),
    "armour": (_OVAL,),
    "mechanised": (_CROSS, _OVAL),
    "motorised": (_CROSS, _Shape("M 0.5 0 L 0.5 1")),
    "recon": (_SLASH,),
    "cavalry": (_SLASH,),
    # APP-6 "armour, wheeled": a smaller oval over wheels.
    "armoured-car": (_Oval(0.24, 0.2, 0.76, 0.56), _Ring(0.38, 0.74, 0.08), _Ring(0.62, 0.74, 0.08)),
    "artillery": (_Ring(0.5, 0.5, 0.15, solid=True),),
    "self-propelled-artillery": (_OVAL, _Ring(0.5, 0.5, 0.1, solid=True)),
    # APP-6 anti-tank (an inverted V) and air defence (a dome on the frame's bottom).
    "anti-tank": (_Shape("M 0 1 L 0.5 0.03 L 1 1"),),
    "anti-aircraft": (_Shape("M 0 1 C 0.06 0.6 0.94 0.6 1 1"),),
    "engineer": (_Shape("M 0.3 0.68 L 0.3 0.34 L 0.7 0.34 L 0.7 0.68 M 0.5 0.34 L 0.5 0.6"),),
    # APP-6 weapon icons: an arrow; a bar under it for a machine gun, a ring for a mortar.
    "machine-gun": (_Shape(_ARROW.format(foot=0.82) + " M 0.42 0.82 L 0.58 0.82"),),
    "mortar": (_Ring(0.5, 0.76, 0.07), _Shape(_ARROW.format(foot=0.69))),  # shaft meets ring in a 3:2 frame
    # APP-6 "supply": a line across the lower part of the frame.
    "supply": (_Shape("M 0 0.7 L 1 0.7"),),
    # APP-6 rotary-wing aviation (a bow tie) and fixed-wing aviation (a propeller).
    "helicopter": (_Shape("M 0.25 0.35 L 0.5 0.5 L 0.75 0.35 L 0.75 0.65 L 0.5 0.5 L 0.25 0.65 Z", solid=True),),
    "aircraft": (_Shape("M 0.5 0.5 L 0.6 0.41 C 0.68 0.34 0.79 0.38 0.79 0.5 C 0.79 0.62 0.68 0.66 0.6 0.59 Z "
                        "M 0.5 0.5 L 0.4 0.59 C 0.32 0.66 0.21 0.62 0.21 0.5 C 0.21 0.38 0.32 0.34 0.4 0.41 Z",
                        solid=True),),
    "naval": (_Ring(0.5, 0.21, 0.06),
              _Shape("M 0.5 0.27 L 0.5 0.84 M 0.42 0.37 L 0.58 0.37 "
                     "M 0.35 0.6 Q 0.36 0.84 0.5 0.84 Q 0.64 0.84 0.65 0.6")),
    "leader": (_Star(0.5, 0.52, 0.36),),
    "courier": (_Shape("M 0.3 0.28 L 0.7 0.28 L 0.7 0.72 L 0.3 0.72 Z M 0.3 0.28 L 0.5 0.52 L 0.7 0.28"),),
    # APP-6 headquarters: the staff down from the frame's lower left corner (outside the frame).
    "hq": (_Shape(f"M 0 1 L 0 {1 + HQ_STAFF}"),),
    # Modifiers in APP-6's lower sector: amphibious waves, airborne wings, the air-assault chevron, a mountain.
    "marines": (_Shape(_wave(0.84, 0.035, 6)),),
    "airborne": (_Shape("M 0.34 0.9 C 0.34 0.73 0.5 0.73 0.5 0.9 C 0.5 0.73 0.66 0.73 0.66 0.9"),),
    "air-assault": (_Shape("M 0.4 0.74 L 0.5 0.92 L 0.6 0.74"),),
    "mountain": (_Shape("M 0.38 0.93 L 0.47 0.68 L 0.53 0.8 L 0.565 0.74 L 0.64 0.93 Z", solid=True),),
}


@dataclass(frozen=True)
class _Frame:
    """The frame box in millimetres and the paints its icons are drawn with."""

    x_mm: float
    y_mm: float
    w_mm: float
    h_mm: float
    line: Paint
    solid: Paint

    def at(self, u: float, v: float) -> Point:
        """Return the point at fractions u across and v down the frame."""
        return (self.x_mm + u * self.w_mm, self.y_mm + v * self.h_mm)

    @property
    def round_mm(self) -> float:
        """Return the length round shapes scale with: the frame height, less in a narrow frame."""
        return min(self.h_mm, self.w_mm / LAND_FRAME_ASPECT)


_ARITY = {"M": 2, "L": 2, "Q": 4, "C": 6, "Z": 0}


@lru_cache(maxsize=None)
def _steps(d: str) -> tuple[tuple[str, tuple[float, ...]], ...]:
    """Return the commands of a path string (M, L, Q, C, Z, space separated) with their numbers."""
    tokens = d.split()
    steps: list[tuple[str, tuple[float, ...]]] = []
    command, i = "", 0
    while i < len(tokens):
        if tokens[i] in _ARITY:
            command, i = tokens[i], i + 1
        arity = _ARITY[command]
        steps.append((command, tuple(float(t) for t in tokens[i:i + arity])))
        i += arity
    return tuple(steps)


def _path(d: str, frame: _Frame, paint: Paint) -> Path:
    """Return the path `d`, written in frame fractions, placed on the frame."""
    commands: list[PathCommand] = []
    for command, numbers in _steps(d):
        points = (frame.at(u, v) for u, v in zip(numbers[::2], numbers[1::2]))
        commands.append((command, tuple(value for point in points for value in point)))
    return Path(tuple(commands), paint)


def _star(part: _Star, frame: _Frame) -> Polyline:
    """Return a filled five-pointed star, point up."""
    cx_mm, cy_mm = frame.at(part.u, part.v)
    outer_mm = part.r * frame.round_mm
    points = []
    for k in range(10):
        angle = math.radians(-90 + 36 * k)
        radius_mm = outer_mm if k % 2 == 0 else outer_mm * _STAR_INNER
        points.append((cx_mm + radius_mm * math.cos(angle), cy_mm + radius_mm * math.sin(angle)))
    return Polyline(tuple(points), frame.solid, closed=True)


def _part_item(part: _Part, frame: _Frame) -> Item:
    """Return the drawing item of one icon part on the frame."""
    if isinstance(part, _Shape):
        return _path(part.d, frame, frame.solid if part.solid else frame.line)
    if isinstance(part, _Ring):
        cx_mm, cy_mm = frame.at(part.u, part.v)
        return circle(cx_mm, cy_mm, part.r * frame.round_mm, frame.solid if part.solid else frame.line)
    if isinstance(part, _Oval):
        x_mm, y_mm = frame.at(part.u0, part.v0)
        w_mm, h_mm = (part.u1 - part.u0) * frame.w_mm, (part.v1 - part.v0) * frame.h_mm
        return Rect(x_mm, y_mm, w_mm, h_mm, frame.line, radius_mm=min(w_mm, h_mm) / 2)
    return _star(part, frame)


def _mark_width(size: str) -> float:
    """Return the width of a size mark in mark heights."""
    if size == "team":
        return 1.0
    if set(size) == {"I"}:
        return max(1.0, (len(size) - 1) * _BAR_PITCH)
    return len(size) + (len(size) - 1) * _CROSS_GAP


def _size_mark(size: str, frame: _Frame, paint: Paint) -> tuple[Item, ...]:
    """Return the size mark centred above the frame: a slashed circle, bars or crosses."""
    if not size:
        return ()
    mark_mm = min(_MARK_HEIGHT * frame.h_mm, frame.w_mm / _mark_width(size))
    bottom_mm = frame.y_mm - _MARK_GAP * frame.h_mm
    top_mm = bottom_mm - mark_mm
    cx_mm = frame.x_mm + frame.w_mm / 2
    if size == "team":
        half_mm = mark_mm / 2
        ring = circle(cx_mm, bottom_mm - half_mm, _TEAM_RADIUS * mark_mm, paint)
        slash = (("M", (cx_mm - half_mm, bottom_mm)), ("L", (cx_mm + half_mm, top_mm)))
        return (ring, Path(slash, paint))
    commands: list[PathCommand] = []
    if set(size) == {"I"}:
        for i in range(len(size)):
            x_mm = cx_mm + (i - (len(size) - 1) / 2) * _BAR_PITCH * mark_mm
            commands += [("M", (x_mm, bottom_mm)), ("L", (x_mm, top_mm))]
        return (Path(tuple(commands), paint),)
    left_mm = cx_mm - _mark_width(size) * mark_mm / 2
    for i in range(len(size)):
        x_mm = left_mm + i * (1 + _CROSS_GAP) * mark_mm
        commands += [("M", (x_mm, bottom_mm)), ("L", (x_mm + mark_mm, top_mm)),
                     ("M", (x_mm, top_mm)), ("L", (x_mm + mark_mm, bottom_mm))]
    return (Path(tuple(commands), paint),)


def _names_in_drawing_order(symbols: str | Sequence[str]) -> tuple[str, ...]:
    """Return the symbol names once each, in drawing order; raise ValueError for an unknown name."""
    names = (symbols,) if isinstance(symbols, str) else tuple(symbols)
    for name in names:
        if name not in _ICONS:
            close = difflib.get_close_matches(str(name), SYMBOL_NAMES, n=1)
            expected = f'did you mean "{close[0]}"?' if close else "expected one of " + ", ".join(SYMBOL_NAMES)
            raise ValueError(f'unknown NATO symbol "{name}": {expected}')
    if names and all(name in MODIFIERS for name in names):
        names = ("infantry", *names)
    return tuple(name for name in _ICONS if name in names)


def nato_symbol(symbols: Sequence[str], size: str, *, x_mm: float, y_mm: float, w_mm: float, h_mm: float,
                frame: str = "#000000", fill: str | None = None, stroke_mm: float = 0.25) -> tuple[Item, ...]:
    """Return the items of a unit symbol: the frame box at (x, y, w, h), the symbols inside it, and the size mark centred above it."""
    names = _names_in_drawing_order(symbols)
    if size not in SIZE_MARKS:
        raise ValueError(f'unknown unit size "{size}": expected one of "", ' + ", ".join(SIZE_MARKS[1:]))
    if w_mm <= 0 or h_mm <= 0:
        raise ValueError(f"a symbol frame needs a positive size, not {w_mm} × {h_mm} mm")
    if names == ("none",):  # a piece that shows no symbol; an empty list still draws a plain frame
        return ()
    box = _Frame(x_mm, y_mm, w_mm, h_mm, line=Paint(stroke=frame, stroke_mm=stroke_mm * ICON_STROKE_RATIO),
                 solid=Paint(fill=frame))
    outline = Rect(x_mm, y_mm, w_mm, h_mm, Paint(fill=fill, stroke=frame, stroke_mm=stroke_mm))
    icons = tuple(_part_item(part, box) for name in names for part in _ICONS[name])
    return (outline, *icons, *_size_mark(size, box, Paint(stroke=frame, stroke_mm=stroke_mm)))


def symbol_drawing(symbols: Sequence[str], size: str, *, w_mm: float = 15.0) -> Drawing:
    """Return one symbol as a drawing of its own (a 3:2 frame w_mm wide), with room for its size mark."""
    h_mm = w_mm / LAND_FRAME_ASPECT
    stroke_mm = max(MIN_STROKE_MM, STROKE_PER_WIDTH * w_mm)
    band_mm = SIZE_BAND * h_mm
    names = _names_in_drawing_order(symbols)
    staff_mm = HQ_STAFF * h_mm if "hq" in names else 0.0
    items = nato_symbol(symbols, size, x_mm=stroke_mm, y_mm=stroke_mm + band_mm, w_mm=w_mm, h_mm=h_mm,
                        stroke_mm=stroke_mm)
    title = " + ".join(names) + (f", size {size}" if size else "")
    return Drawing(w_mm + 2 * stroke_mm, band_mm + h_mm + staff_mm + 2 * stroke_mm, items, title=title)
