"""Text on a counter face: a slot's words at their size, shrunk a little to fit, or broken into lines."""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from builder.model.counters import SOFT_HYPHEN
from builder.model.template import TextSlot
from builder.render.fonts import em_width

MIN_TEXT_SCALE = 0.7
"""Text that does not fit its slot is shrunk down to this fraction of its size, and no further."""


@dataclass(frozen=True)
class PlacedText:
    """A text slot filled for one face: the words, their size after fitting, and whether they fit."""

    slot: TextSlot
    text: str
    size_mm: float
    width_mm: float
    room_mm: float

    @property
    def fits(self) -> bool:
        """Return whether the text fits its room at its fitted size."""
        return self.width_mm <= self.room_mm + 1e-6


def room_mm(slot: TextSlot, side: float, safe_mm: float = 0.0) -> float:
    """Return the width a slot's text may take: its width, less what would reach into the safe area along the
    cut (`safe_mm` inside it) on the side or sides its anchor lets the text grow towards."""
    x = slot.x * side
    reach = {"start": side - safe_mm - x, "end": x - safe_mm,
             "middle": 2 * min(x - safe_mm, side - safe_mm - x)}[slot.anchor]
    return max(0.0, min(slot.width * side, reach))


VALUE_SOURCES = frozenset({"values", "value", "marker_value"})
"""Text slots that print numbers: drawn in the `counter_values` font (the font key "values")."""


def font_key(slot: TextSlot) -> str:
    """Return the font key a slot's text is drawn in: the counter values' role for numbers in the condensed face."""
    return "values" if slot.font == "condensed" and slot.source in VALUE_SOURCES else slot.font


def fit_text(slot: TextSlot, text: str, side: float, safe_mm: float = 0.0) -> PlacedText:
    """Return the text at its slot size, shrunk (down to MIN_TEXT_SCALE) until it fits its room (room_mm)."""
    size = slot.size * side
    room = room_mm(slot, side, safe_mm)
    em = em_width(text, font_key(slot), slot.bold)
    width = em * size
    if width > room and width > 0:
        size = max(size * MIN_TEXT_SCALE, size * room / width)
        width = em * size
    return PlacedText(slot, text, size, width, room)


MAX_LINES = 3
"""The most lines a marker's text is broken into."""


def _breaks(text: str) -> list[int]:
    """Return where the text may be broken: at its spaces and soft hyphens."""
    return [i for i, char in enumerate(text) if char in (" ", SOFT_HYPHEN)]


def _lines_at(text: str, cuts: tuple[int, ...]) -> list[str]:
    """Return the text broken at the cut positions, a soft hyphen printed as "-" where it breaks a line."""
    lines, start = [], 0
    for cut in cuts:
        lines.append(text[start:cut] + ("-" if text[cut] == SOFT_HYPHEN else ""))
        start = cut + 1
    return [line.replace(SOFT_HYPHEN, "") for line in lines + [text[start:]]]


def wrap_lines(slot: TextSlot, text: str, side: float, safe_mm: float = 0.0) -> list[PlacedText]:
    """Return the text on one line if it fits at its size, else on the one to MAX_LINES lines (broken at
    spaces or soft hyphens) that print it largest, the fewest lines of those."""
    whole = fit_text(slot, text.replace(SOFT_HYPHEN, ""), side, safe_mm)
    breaks = _breaks(text)
    if not breaks or whole.size_mm >= slot.size * side - 1e-9:
        return [whole]
    best, best_size = [whole], whole.size_mm if whole.fits else 0.0
    for count in range(1, MAX_LINES):
        for cuts in combinations(breaks, count):
            lines = [fit_text(slot.model_copy(update={"y": min(1.0, slot.y + n * slot.size * 1.05)}), line, side,
                              safe_mm) for n, line in enumerate(_lines_at(text, cuts))]
            size = min(p.size_mm for p in lines) if all(p.fits for p in lines) else 0.0
            if size > best_size + 1e-9:
                best, best_size = lines, size
    return best
