"""Reading the built artifacts back as a player would see them: PDF text with its place on the page
(pypdfium2's text page), SVG text elements with their place, and the VASSAL module's XML.

A chart PDF is read character by character (`glyphs`): pdfium gives a page's characters in the order they
are drawn, which for a chart is its title, its heading row, then row by row, cell by cell. A chart is found
by its title; each row by the run of its printed cells (whitespace and line breaks ignored, since cells
wrap). Every cell found keeps the boxes of its characters, so a test can say where it stands: in which
row, in which column. Those boxes are in PDF points, y up, as pdfium gives them.

Every position is in millimetres from the page's top-left corner, as the drawing model measures.
"""
from __future__ import annotations

import ctypes
import re
import zipfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from xml.etree import ElementTree

import pypdfium2
import pypdfium2.raw as pdfium_c
from reportlab.lib.units import mm as PT_PER_MM

MM_PER_PT = 1 / PT_PER_MM
SVG = "{http://www.w3.org/2000/svg}"
_TRANSLATE = re.compile(r"translate\(\s*([-\d.e]+)[ ,]+([-\d.e]+)\s*\)")


@dataclass(frozen=True)
class Run:
    """One string as drawn: its text and the box of its ink (mm, from the top-left), on a page (0-based)."""

    text: str
    left_mm: float
    top_mm: float
    right_mm: float
    bottom_mm: float
    page: int = 0
    baseline_mm: float = 0.0
    """Where the first character's origin stands (mm from the top): the string's baseline."""

    def anchor_x_mm(self, anchor: str) -> float:
        """Return the x its text is anchored at: `start`, `middle` or `end`."""
        return {"start": self.left_mm, "middle": (self.left_mm + self.right_mm) / 2, "end": self.right_mm}[anchor]

    def inside(self, left_mm: float, top_mm: float, width_mm: float, height_mm: float) -> bool:
        """Return whether the run's centre lies in the box."""
        x, y = (self.left_mm + self.right_mm) / 2, (self.top_mm + self.bottom_mm) / 2
        return left_mm <= x <= left_mm + width_mm and top_mm <= y <= top_mm + height_mm


@dataclass(frozen=True)
class PdfPages:
    """The text runs of every page of one PDF, and the pages' sizes in mm."""

    runs: tuple[tuple[Run, ...], ...]
    sizes_mm: tuple[tuple[float, float], ...]


@dataclass
class _Char:
    """One character pdfium read: its text, its glyph box (pt, from the bottom), its origin's y and its text object."""

    text: str
    box: tuple[float, float, float, float]
    baseline: float
    owner: int


def _chars(text_page: pypdfium2.PdfTextPage) -> list[_Char | None]:
    """Return every character of a page in drawing order; None for what pdfium inserts between strings."""
    found: list[_Char | None] = []
    x, y = ctypes.c_double(), ctypes.c_double()
    for index in range(text_page.count_chars()):
        if pdfium_c.FPDFText_IsGenerated(text_page, index) == 1:
            found.append(None)
            continue
        pdfium_c.FPDFText_GetCharOrigin(text_page, index, x, y)
        owner = pdfium_c.FPDFText_GetTextObject(text_page, index)
        found.append(_Char(text_page.get_text_range(index, 1), text_page.get_charbox(index), y.value,
                           ctypes.cast(owner, ctypes.c_void_p).value or 0))
    return found


def _continues(before: _Char, char: _Char) -> bool:
    """Return whether a character carries on the string drawn before it (same object, same line, no jump)."""
    height = max(before.box[3] - before.box[1], char.box[3] - char.box[1], 1.0)
    return (char.owner == before.owner and abs(char.baseline - before.baseline) < 0.3 * height
            and -0.3 * height <= char.box[0] - before.box[2] <= 0.8 * height)


def _run_of(chars: list[_Char], height_pt: float, page: int) -> Run | None:
    text = "".join(c.text for c in chars).strip()
    inked = [c.box for c in chars if c.text.strip()]
    if not text or not inked:
        return None
    left, right = min(b[0] for b in inked), max(b[2] for b in inked)
    bottom, top = min(b[1] for b in inked), max(b[3] for b in inked)
    return Run(text, left * MM_PER_PT, (height_pt - top) * MM_PER_PT, right * MM_PER_PT,
               (height_pt - bottom) * MM_PER_PT, page, (height_pt - chars[0].baseline) * MM_PER_PT)


def _page_runs(page: pypdfium2.PdfPage, number: int) -> tuple[Run, ...]:
    height_pt = page.get_height()
    text_page = page.get_textpage()
    groups: list[list[_Char]] = []
    for char in _chars(text_page):
        if char is None or char.text in "\r\n":
            groups.append([])
        elif groups and groups[-1] and _continues(groups[-1][-1], char):
            groups[-1].append(char)
        else:
            groups.append([char])
    text_page.close()
    return tuple(run for run in (_run_of(g, height_pt, number) for g in groups if g) if run is not None)


@lru_cache(maxsize=64)
def pdf_pages(path: Path) -> PdfPages:
    """Return every text run of a PDF with its box in mm (pypdfium2 groups a drawn string as one run)."""
    document = pypdfium2.PdfDocument(str(path))
    try:
        runs, sizes = [], []
        for number in range(len(document)):
            page = document[number]
            runs.append(_page_runs(page, number))
            sizes.append((page.get_width() * MM_PER_PT, page.get_height() * MM_PER_PT))
            page.close()
    finally:
        document.close()
    return PdfPages(tuple(runs), tuple(sizes))


@dataclass(frozen=True)
class SvgText:
    """One <text> element: its words, its anchor point (mm, after the groups' translations) and anchor."""

    text: str
    x_mm: float
    y_mm: float
    anchor: str


def _svg_walk(element: ElementTree.Element, dx: float, dy: float, found: list[SvgText]) -> None:
    for child in element:
        if child.tag == f"{SVG}text":
            text = "".join(child.itertext())
            found.append(SvgText(text, dx + float(child.get("x", 0)), dy + float(child.get("y", 0)),
                                 child.get("text-anchor", "start")))
            continue
        move = _TRANSLATE.search(child.get("transform", ""))
        shift = (float(move.group(1)), float(move.group(2))) if move else (0.0, 0.0)
        _svg_walk(child, dx + shift[0], dy + shift[1], found)


def svg_texts(data: bytes) -> list[SvgText]:
    """Return every text element of an SVG document with its place in the document's units (mm)."""
    found: list[SvgText] = []
    _svg_walk(ElementTree.fromstring(data), 0.0, 0.0, found)
    return found


@dataclass(frozen=True)
class ModulePiece:
    """A piece of the module's palette or setups: its name and its traits' decoded text."""

    name: str
    definition: str


def module_build_file(vmod: Path) -> ElementTree.Element:
    """Return the root of the module's buildFile.xml."""
    with zipfile.ZipFile(vmod) as archive:
        return ElementTree.fromstring(archive.read("buildFile.xml"))


def module_pieces(vmod: Path) -> list[ModulePiece]:
    """Return every PieceSlot of the module's buildFile.xml (palettes and at-start stacks)."""
    root = module_build_file(vmod)
    return [ModulePiece(slot.get("entryName", ""), slot.text or "") for slot in root.iter()
            if slot.tag.endswith("PieceSlot")]


def sequence_tokens(text: str, delimiter: str) -> list[str]:
    """Return the tokens of one VASSAL SequenceEncoder level: split on un-escaped delimiters, one
    backslash dropped before an escaped one, one enclosing pair of single quotes stripped
    (VASSAL tools/SequenceEncoder.java, as /work/shared/reference/vassal-format.md §2.2 sets out)."""
    tokens, current, index = [], [], 0
    while index < len(text):
        char = text[index]
        if char == "\\" and index + 1 < len(text) and text[index + 1] == delimiter:
            current.append(delimiter)
            index += 2
            continue
        if char == delimiter:
            tokens.append("".join(current))
            current = []
        else:
            current.append(char)
        index += 1
    tokens.append("".join(current))
    return [t[1:-1] if len(t) >= 2 and t[0] == t[-1] == "'" else t for t in tokens]


def _chain(text: str) -> list[str]:
    head, *rest = sequence_tokens(text, "\t") if text else [""]
    return [head] + (_chain(rest[0]) if rest else [])


def piece_traits(definition: str) -> list[tuple[str, str]]:
    """Return (type, state) of each trait of an AddPiece command, outermost first, BasicPiece last."""
    _, _, piece_type, piece_state = sequence_tokens(definition.strip(), "/")[:4]
    types, states = _chain(piece_type), _chain(piece_state)
    return list(zip(types, states + [""] * (len(types) - len(states))))


def piece_name(definition: str) -> str:
    """Return the name the BasicPiece of an AddPiece command carries."""
    basic = piece_traits(definition)[-1][0]
    return sequence_tokens(basic, ";")[4] if basic.startswith("piece;") else ""


def piece_marks(definition: str) -> dict[str, str]:
    """Return the piece's static properties (Marker traits): key → value."""
    marks: dict[str, str] = {}
    for trait_type, state in piece_traits(definition):
        if trait_type.startswith("mark;"):
            keys = sequence_tokens(sequence_tokens(trait_type, ";")[1], ",")
            marks.update(zip(keys, sequence_tokens(state, ",")))
    return marks


@lru_cache(maxsize=256)
def pdf_text_pages(path: Path) -> tuple[str, ...]:
    """Return the text of every page of a PDF as pdfium reads it (no positions: for looking words up)."""
    document = pypdfium2.PdfDocument(str(path))
    try:
        texts = []
        for number in range(len(document)):
            page = document[number]
            text_page = page.get_textpage()
            texts.append(text_page.get_text_range())
            text_page.close()
            page.close()
    finally:
        document.close()
    return tuple(texts)


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
    document = pypdfium2.PdfDocument(pdf)
    return [Glyph(char.text, number, *char.box) for number in range(len(document))
            for char in _chars(document[number].get_textpage()) if char is not None and char.text.strip()]


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
