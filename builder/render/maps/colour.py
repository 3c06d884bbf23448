"""Colour shades for map drawing: darker pattern strokes, lighter box tints, elevation shading."""
from __future__ import annotations

from functools import lru_cache


def _rgb(colour: str) -> tuple[int, int, int]:
    value = colour.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def _hex(rgb: tuple[float, float, float]) -> str:
    return "#" + "".join(f"{max(0, min(255, round(c))):02x}" for c in rgb)


@lru_cache(maxsize=4096)
def mix(colour: str, other: str, amount: float) -> str:
    """Return `colour` moved `amount` (0-1) of the way towards `other` (remembered: a map shades the same
    few terrain colours hex after hex)."""
    a, b = _rgb(colour), _rgb(other)
    return _hex(tuple(x + (y - x) * amount for x, y in zip(a, b)))


def darker(colour: str, amount: float) -> str:
    """Return `colour` moved `amount` of the way towards black."""
    return mix(colour, "#000000", amount)


def lighter(colour: str, amount: float) -> str:
    """Return `colour` moved `amount` of the way towards white."""
    return mix(colour, "#ffffff", amount)


def ink_of(colour: str) -> str:
    """Return `colour` when it is dark enough to draw a symbol with, else a dark shade of it."""
    r, g, b = _rgb(colour)  # ITU-R BT.601 luma
    return colour if 0.299 * r + 0.587 * g + 0.114 * b < 150 else darker(colour, 0.55)
