"""The text object our paragraphs draw with: text in a TrueType font encoded with one translation.

reportlab writes each run of text in a TrueType font as codes of the document's font subsets, which
`TTFont.splitString` finds a character at a time: a quarter of drawing a rulebook's paragraphs. Once
the characters of a run have their codes in the first subset (nearly always: a rulebook has fewer
than 256 distinct characters per font), the run's bytes are `str.translate` with those codes. Runs
with a character not coded yet, or coded in a later subset, go through reportlab, which codes them.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from reportlab.lib.colors import Color
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.pdfgen.textobject import PDFTextObject

CODES = "sandtable_first_subset"
"""The canvas attribute holding, per font, the first-subset codes known so far (see `_FirstSubset`)."""
_NO_BREAK_SPACE, _SPACE = 0xA0, 0x20


@dataclass(frozen=True)
class _FirstSubset:
    """The characters of one font coded in a document's first subset, as a translation to their codes."""

    assigned: int
    """How many characters the font had coded when this was made: more means it is out of date."""
    characters: frozenset[str]
    table: dict[int, int]

    @classmethod
    def of(cls, assignments: dict[int, int]) -> "_FirstSubset":
        """Read the codes of the first subset, the no-break space written as the space (as splitString does)."""
        table = {char: code for char, code in assignments.items() if code < 256}
        table.pop(_NO_BREAK_SPACE, None)
        if table.get(_SPACE) is not None:
            table[_NO_BREAK_SPACE] = table[_SPACE]
        return cls(len(assignments), frozenset(map(chr, table)), table)


@lru_cache(maxsize=None)
def _rgb(red: float, green: float, blue: float) -> str:
    """Return the operator that sets an RGB fill colour."""
    return f"{fp_str((red, green, blue))} rg"


@lru_cache(maxsize=None)
def _font_operators(name: str, size: float, leading: float) -> str:
    """Return the operators that set a font subset, size and leading: each run after a change of font."""
    return f"{name} {fp_str(size)} Tf {fp_str(leading)} TL"


class TextObject(PDFTextObject):
    """A text object whose runs in a TrueType font skip `splitString` when their codes are known."""

    def _formatText(self, text: str) -> str:
        font = getFont(self._fontname)
        # a shaped run (a str subclass) is reportlab's to draw, as are fonts without subsets
        known = getattr(self._canvas, CODES, {}).get(font.fontName) if font._dynamicFont else None
        if known is None or type(text) is not str or not text or not known.characters.issuperset(text):
            found = super()._formatText(text)
            self._refresh(font)
            return found
        canvas = self._canvas
        code = f"({canvas._escape(text.translate(known.table).encode('latin-1'))}) Tj"
        if self._curSubset == 0:
            return code
        self._curSubset = 0
        return f"{_font_operators(font.getSubsetInternalName(0, canvas._doc), self._fontsize, self._leading)} {code}"

    def setFillColor(self, aColor, alpha=None) -> None:  # noqa: N803 (reportlab's name)
        """Set the fill colour as reportlab does, an RGB colour's operator made once per colour: links
        switch colour and back twice per link."""
        if type(aColor) is not Color or alpha is not None or self._enforceColorSpace is not None:
            super().setFillColor(aColor, alpha)
            return
        self._fillColorObj = aColor
        self._code.append(_rgb(aColor.red, aColor.green, aColor.blue))
        if aColor.alpha is not None:
            self.setFillAlpha(aColor.alpha)

    def _refresh(self, font) -> None:
        """Read again the font's codes in this document, if reportlab coded more characters."""
        if not font._dynamicFont:
            return
        state = font.state.get(self._canvas._doc)
        if state is None:
            return
        known = getattr(self._canvas, CODES, None)
        if known is None:
            known = {}
            setattr(self._canvas, CODES, known)
        current = known.get(font.fontName)
        if current is None or current.assigned != len(state.assignments):
            known[font.fontName] = _FirstSubset.of(state.assignments)
