"""Reading a chart PDF back: its characters with their boxes, and a chart's grid found among them.

pdfium gives a page's characters in the order they are drawn, which for a chart is its title, its
heading row, then row by row, cell by cell. A chart is found by its title; each row by the run of
its printed cells (whitespace and line breaks ignored, since cells wrap). Every cell found keeps the
boxes of its characters, so a test can say where it stands: in which row, in which column.
"""
from __future__ import annotations

from dataclasses import dataclass

import pypdfium2 as pdfium


@dataclass(frozen=True)
class Glyph:
    """One printed character and its box in PDF points (y grows upwards), on one page."""

    char: str
    page: int
    left_pt: float
    bottom_pt: float
    right_pt: float
    top_pt: float


@dataclass(frozen=True)
class Found:
    """A run of text found on a page: its glyphs and the box around them."""

    glyphs: tuple[Glyph, ...]

    @property
    def centre_x_pt(self) -> float:
        """Return the middle of the run, left to right."""
        return (min(g.left_pt for g in self.glyphs) + max(g.right_pt for g in self.glyphs)) / 2

    @property
    def top_pt(self) -> float:
        """Return the top of the run's highest glyph."""
        return max(g.top_pt for g in self.glyphs)

    @property
    def bottom_pt(self) -> float:
        """Return the bottom of the run's lowest glyph."""
        return min(g.bottom_pt for g in self.glyphs)


def glyphs(pdf: bytes) -> list[Glyph]:
    """Return every visible character of a PDF in drawing order, page after page (no whitespace)."""
    found: list[Glyph] = []
    document = pdfium.PdfDocument(pdf)
    for number in range(len(document)):
        text = document[number].get_textpage()
        for index in range(text.count_chars()):
            char = text.get_text_range(index, 1)
            if char and not char.isspace():
                left, bottom, right, top = text.get_charbox(index)
                found.append(Glyph(char, number, left, bottom, right, top))
    return found


def compact(text: str) -> str:
    """Return `text` without whitespace: how it is compared with what a page holds."""
    return "".join(text.split())


def find_run(page: list[Glyph], text: str, start: int = 0) -> int:
    """Return the index of the first glyph at or after `start` where `text` is printed, or -1."""
    joined = "".join(g.char for g in page)
    return joined.find(compact(text), start)


def split_run(page: list[Glyph], at: int, texts: list[str]) -> list[Found]:
    """Return the runs of `texts` printed one after another from glyph `at`."""
    runs = []
    for text in texts:
        length = len(compact(text))
        runs.append(Found(tuple(page[at:at + length])))
        at += length
    return runs
