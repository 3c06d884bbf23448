"""The path operators of shapes, as reportlab's PDFPathObject writes them (render/pdf.py compiles the rest).

Long paths (a map's terrain outlines, its hex grid as Marks) are written with their numbers printed
together and put in place by one format, not operator by operator; the result is the same text.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import chain

import numpy as np
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.pathobject import PDFPathObject

from builder.render.drawing import ARITY, Ellipse, Item, Marks, Path, Polyline, Rect


@lru_cache(maxsize=4096)
def _curve_code(kind: str, *args: float) -> str:
    path = PDFPathObject()
    getattr(path, kind)(*args)
    return path.getCode()


def _cubic_controls(x, y, qx, qy, ex, ey) -> tuple:
    """Return the two control points of the cubic curve that draws the quadratic from (x, y) through (qx, qy)
    to (ex, ey): two thirds of the way to the quadratic's control point. Numbers, or numpy columns of them."""
    return x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), ex + 2 / 3 * (qx - ex), ey + 2 / 3 * (qy - ey)


def trace_one_by_one(item: Path | Marks) -> str:
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
        return trace_one_by_one(item)
    # the commands taken apart and checked by maps over them, not a Python step per command (zip(*commands)
    # would make an iterator per command)
    names = [name for name, _ in commands]
    numbers = [values for _, values in commands]
    if not _ARITY.keys() >= set(names) or list(map(len, numbers)) != list(map(_ARITY.__getitem__, names)):
        return trace_one_by_one(item)
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
    """Return marks' commands with each quadratic curve made the cubic trace_one_by_one writes, the
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
    """Return the path operators of marks, as _trace writes the same path: the operators of one mark repeated
    and the numbers printed together."""
    letters, numbers, count = item.letters, np.frombuffer(item.numbers), item.count
    if not count:
        return ""
    if "Q" in letters:
        if letters[0] != "M":
            return trace_one_by_one(item)
        letters, numbers = _cubic(letters, numbers, count)
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


def shape_code(item: Item) -> str:
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
