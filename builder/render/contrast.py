"""Contrast of text on its background, as WCAG 2 measures it, and the choice of a legible ink."""
from __future__ import annotations

from functools import lru_cache

BLACK = "#000000"
WHITE = "#ffffff"
LEGIBLE_CONTRAST = 4.5
"""WCAG 2 (1.4.3): the least contrast of normal text with its background."""
LARGE_TEXT_CONTRAST = 3.0
"""WCAG 2 (1.4.3): the least contrast of large text (18 pt, or 14 pt bold)."""


def relative_luminance(colour: str) -> float:
    """Return the WCAG relative luminance of a #rrggbb colour."""
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


@lru_cache(maxsize=4096)
def contrast(a: str, b: str) -> float:
    """Return the WCAG contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def legible_ink(background: str, preferred: str) -> str:
    """Return `preferred` when it reads on `background` (4.5:1), else black or white, whichever contrasts more."""
    if contrast(background, preferred) >= LEGIBLE_CONTRAST:
        return preferred
    return BLACK if contrast(background, BLACK) >= contrast(background, WHITE) else WHITE
