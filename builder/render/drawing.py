"""The one drawing model: shapes, text and images in millimetres, y pointing down.

Counter faces, map sheets and chart cards are built once as a Drawing and then handed to a
backend (SVG, PDF, PNG), so the printed counter and the VASSAL piece cannot drift apart.

A mix of 10,000 counters holds some 300,000 items, and the backends' caches hash and compare each
one. The items and the paint are named tuples: one is made in a quarter of a frozen dataclass's time,
hashed and compared in C rather than by generated Python methods, takes no more memory than a slotted
instance, and the garbage collector stops walking a tuple of plain values after its first pass.
Marks stays a slotted dataclass (its `count` would shadow the tuple method). A Drawing takes weak
references, so the PDF backend can remember its content stream while it lives.
"""
from __future__ import annotations

from array import array
from dataclasses import dataclass, field
from typing import Iterable, Literal, NamedTuple, Union

Point = tuple[float, float]
"""A point in millimetres from the drawing's top-left corner."""


class Paint(NamedTuple):
    """How a shape is filled and outlined."""

    fill: str | None = None
    stroke: str | None = None
    stroke_mm: float = 0.0
    dash_mm: tuple[float, ...] = ()
    opacity: float = 1.0
    cap: Literal["butt", "round", "square"] = "butt"
    join: Literal["miter", "round", "bevel"] = "miter"


class Rect(NamedTuple):
    """A rectangle, optionally with rounded corners."""

    x_mm: float
    y_mm: float
    w_mm: float
    h_mm: float
    paint: Paint
    radius_mm: float = 0.0


class Ellipse(NamedTuple):
    """An ellipse (a circle when both radii are equal)."""

    cx_mm: float
    cy_mm: float
    rx_mm: float
    ry_mm: float
    paint: Paint


class Polyline(NamedTuple):
    """Straight segments through points; closed, it is a polygon."""

    points: tuple[Point, ...]
    paint: Paint
    closed: bool = False


PathCommand = tuple[str, tuple[float, ...]]
"""`("M", (x, y))`, `("L", (x, y))`, `("C", (x1, y1, x2, y2, x, y))`, `("Q", (x1, y1, x, y))`, `("Z", ())`."""
ARITY = {"M": 2, "L": 2, "C": 6, "Q": 4, "Z": 0}
"""How many numbers each path command takes."""


class Path(NamedTuple):
    """A path of moves, lines and curves."""

    commands: tuple[PathCommand, ...]
    paint: Paint


@dataclass(frozen=True, slots=True)
class Marks:
    """One small path drawn at many places, as one path: the thousands of marks of a terrain pattern.

    Kept flat rather than as a tuple per command: a map's patterns are some hundred thousand commands,
    which as Python objects would cost more to make, hash and collect than to print.
    """

    letters: str
    """The commands of one mark, one letter each, as in PathCommand ("MLLML")."""
    numbers: bytes
    """The numbers of every mark's commands, mark after mark, as doubles in the machine's byte order
    (array("d"), numpy's float64): packed, they are no objects, and the backends read them as an array."""
    paint: Paint

    @classmethod
    def of(cls, letters: str, numbers: Iterable[float], paint: Paint) -> "Marks":
        """Return marks from their numbers as floats."""
        return cls(letters, array("d", numbers).tobytes(), paint)

    @property
    def count(self) -> int:
        """Return how many marks there are."""
        per_mark = sum(map(ARITY.__getitem__, self.letters))
        return len(self.numbers) // (8 * per_mark) if per_mark else 0

    @property
    def commands(self) -> tuple[PathCommand, ...]:
        """Return the marks as the commands of a Path."""
        numbers, at, commands = array("d", self.numbers).tolist(), 0, []
        for _ in range(self.count):
            for letter in self.letters:
                arity = ARITY[letter]
                commands.append((letter, tuple(numbers[at:at + arity])))
                at += arity
        return tuple(commands)


class Text(NamedTuple):
    """One line of text; (x, y) is the anchor point on the baseline."""

    x_mm: float
    y_mm: float
    text: str
    size_mm: float
    fill: str = "#000000"
    font: str = "sans"
    bold: bool = False
    anchor: Literal["start", "middle", "end"] = "start"


class Image(NamedTuple):
    """A raster or vector image from a file inside the game folder."""

    x_mm: float
    y_mm: float
    w_mm: float
    h_mm: float
    path: str


class Group(NamedTuple):
    """Items moved, scaled and rotated together, optionally clipped to a rectangle (in group units)."""

    items: tuple["Item", ...]
    dx_mm: float = 0.0
    dy_mm: float = 0.0
    scale: float = 1.0
    rotate_deg: float = 0.0
    clip: Rect | None = None


Item = Union[Rect, Ellipse, Polyline, Path, Marks, Text, Image, Group]


@dataclass(frozen=True, slots=True, weakref_slot=True)
class Drawing:
    """A finished picture of a given size: a counter face, a sheet, a map."""

    width_mm: float
    height_mm: float
    items: tuple[Item, ...] = field(default_factory=tuple)
    title: str = ""


def points_of(item: Item) -> int:
    """Return how many commands or points a path or polyline has (0 for any other item): how long it is to
    write, which tells the backends whether it is worth remembering."""
    kind = type(item)
    if kind is Path:
        return len(item.commands)
    if kind is Polyline:
        return len(item.points)
    return 0


def circle(cx_mm: float, cy_mm: float, r_mm: float, paint: Paint) -> Ellipse:
    """Return a circle."""
    return Ellipse(cx_mm, cy_mm, r_mm, r_mm, paint)


def line(a: Point, b: Point, paint: Paint) -> Polyline:
    """Return a single straight line from a to b."""
    return Polyline((a, b), paint)
