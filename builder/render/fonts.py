"""The fonts sandtable draws with: DejaVu TTFs shipped in the package, registered explicitly.

Shipping the files (Bitstream Vera licence, see fonts/LICENSE-DejaVu.txt) makes every machine draw
and measure the same glyphs, with Polish and Portuguese diacritics, whatever fonts it has.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics

from builder.render.ttf import quick_font

FONT_DIR = Path(__file__).resolve().parent / "fonts"


@dataclass(frozen=True)
class Face:
    """One font face: the family name SVG uses and the file behind it.

    The condensed faces belong to the family "DejaVu Sans" with a condensed stretch: that is how
    their files name them, so SVG renderers find them by `font-stretch`, not by a family of their own.
    """

    family: str
    file: str
    bold: bool = False
    italic: bool = False
    condensed: bool = False

    @property
    def pdf_name(self) -> str:
        """Return the name the face is registered under in reportlab."""
        return Path(self.file).stem

    @property
    def path(self) -> Path:
        """Return the TTF file."""
        return FONT_DIR / self.file


FACES: dict[tuple[str, bool], Face] = {
    ("sans", False): Face("DejaVu Sans", "DejaVuSans.ttf"),
    ("sans", True): Face("DejaVu Sans", "DejaVuSans-Bold.ttf", bold=True),
    ("condensed", False): Face("DejaVu Sans", "DejaVuSansCondensed.ttf", condensed=True),
    ("condensed", True): Face("DejaVu Sans", "DejaVuSansCondensed-Bold.ttf", bold=True, condensed=True),
    ("italic", False): Face("DejaVu Sans", "DejaVuSans-Oblique.ttf", italic=True),
}
"""Font keys used by Text.font, with and without bold."""


def face(font: str, bold: bool = False) -> Face:
    """Return the face for a font key; unknown keys fall back to sans."""
    return FACES.get((font, bold)) or FACES.get((font, False)) or FACES[("sans", bold)]


@lru_cache(maxsize=None)
def registered(font: str, bold: bool = False) -> str:
    """Register the face with reportlab once and return its PDF name."""
    chosen = face(font, bold)
    if chosen.pdf_name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(quick_font(chosen.pdf_name, str(chosen.path)))
    return chosen.pdf_name


@lru_cache(maxsize=1 << 16)
def em_width(text: str, font: str = "sans", bold: bool = False) -> float:
    """Return the advance width of `text` set 1 mm high (remembered: charts, labels and counters
    measure the same words at several sizes and widths)."""
    return pdfmetrics.stringWidth(text, registered(font, bold), 1000.0) / 1000.0


def text_width_mm(text: str, size_mm: float, font: str = "sans", bold: bool = False) -> float:
    """Return the advance width of `text` set at `size_mm`, from the font's own metrics."""
    return em_width(text, font, bold) * size_mm


@lru_cache(maxsize=None)
def _covered(font: str, bold: bool) -> frozenset[int]:
    registered(font, bold)
    ttf = pdfmetrics.getFont(face(font, bold).pdf_name)
    return frozenset(ttf.face.charToGlyph.keys())


def missing_glyphs(text: str, font: str = "sans", bold: bool = False) -> list[str]:
    """Return the characters of `text` that the font has no glyph for."""
    covered = _covered(font, bold)
    return sorted({ch for ch in text if ord(ch) not in covered and not ch.isspace()})


def font_files() -> list[str]:
    """Return every shipped TTF, for the PNG rasteriser."""
    return sorted(str(p) for p in FONT_DIR.glob("*.ttf"))
