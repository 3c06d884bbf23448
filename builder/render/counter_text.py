"""Text on a counter face: a slot's words at their size, shrunk a little to fit, or wrapped in two."""
from __future__ import annotations

from dataclasses import dataclass

from builder.model.template import TextSlot
from builder.render.fonts import em_width, text_width_mm

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


def fit_text(slot: TextSlot, text: str, side: float) -> PlacedText:
    """Return the text at its slot size, shrunk (down to MIN_TEXT_SCALE) until it fits its room."""
    size = slot.size * side
    room = slot.width * side
    em = em_width(text, slot.font, slot.bold)
    width = em * size
    if width > room and width > 0:
        size = max(size * MIN_TEXT_SCALE, size * room / width)
        width = em * size
    return PlacedText(slot, text, size, width, room)


def wrap_in_two(slot: TextSlot, text: str, side: float) -> list[PlacedText]:
    """Return the text on one line if it fits at its size, else on the one line or the two (broken at the
    space that best balances them) that print it larger."""
    whole = fit_text(slot, text, side)
    if " " not in text or whole.size_mm >= slot.size * side - 1e-9:
        return [whole]
    words = text.split(" ")
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    first, second = min(splits, key=lambda pair: max(text_width_mm(t, 1.0, slot.font, slot.bold) for t in pair))
    lower = slot.model_copy(update={"y": min(1.0, slot.y + slot.size * 1.05)})
    two = [fit_text(slot, first, side), fit_text(lower, second, side)]
    if whole.fits and whole.size_mm >= min(p.size_mm for p in two):
        return [whole]
    return two
