"""What the model says a player component prints, worked out from the model alone.

These functions restate the content's printing rules (the layout's slots, the mix's order) without
calling the renderers that draw them, so that a renderer printing a wrong value is caught.
"""
from __future__ import annotations

from dataclasses import dataclass

from babel.numbers import format_decimal

from builder.model.base import text_in
from builder.model.locales import locale_of
from builder.model.content import Game
from builder.model.counters import Marker, Unit
from builder.model.template import CounterLayout, TextSlot

FALLBACK_LAYOUT = "nato"
"""The layout a unit whose type names none, in a game whose print settings name none, is drawn with."""


def printed_number(value: object, lang: str = "en") -> str:
    """Return a counter value as printed: whole numbers without a decimal point, decimals with the language's
    decimal sign (CLDR's), nothing for none."""
    if value is None or isinstance(value, bool):
        return ""
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else format_decimal(value, locale=locale_of(lang))
    return str(value)


def unit_layout(game: Game, unit: Unit) -> CounterLayout:
    """Return the layout the content asks for a unit: its type's, else the game's, else the fallback."""
    unit_type = next((t for t in game.counters.unit_types if t.id == unit.type), None)
    wanted = (unit_type.layout if unit_type is not None else None) or game.game.print.counter_layout
    return game.layouts.get(wanted) or game.layouts[FALLBACK_LAYOUT]


def _run(game: Game, layout: CounterLayout, slot: TextSlot, values: dict, lang: str) -> str:
    """Return a `values` slot's run: its listed values, or every declared number value no other slot prints."""
    wanted = list(slot.values)
    if not wanted:
        elsewhere = {s.value for s in layout.texts if s.source == "value"}
        elsewhere |= {v for s in layout.texts if s.source == "values" for v in s.values}
        wanted = [v.id for v in game.counters.values if v.kind == "number" and v.id not in elsewhere]
        wanted = wanted or [key for key in values if key not in elsewhere]
    return slot.sep.join(printed_number(values[key], lang) for key in wanted if values.get(key) is not None)


def unit_slot_words(game: Game, layout: CounterLayout, slot: TextSlot, unit: Unit, step: int, lang: str) -> str:
    """Return what one slot of the layout must show for one step of a unit in `lang`."""
    values = unit.steps[step].values
    by_source = {
        "designation": lambda: unit.designation,
        "parent_label": lambda: unit.parent_label,
        "values": lambda: _run(game, layout, slot, values, lang),
        "value": lambda: printed_number(values.get(slot.value or ""), lang),
        "designators": lambda: " ".join(unit.designators),
        "name": lambda: text_in(unit.name, lang),
        "label": lambda: unit.steps[step].label,
        "text": lambda: slot.text,
    }
    return by_source.get(slot.source, lambda: "")()


@dataclass(frozen=True)
class ExpectedText:
    """A text the model asks for on a face: its words and where its anchor stands (mm from the face's corner)."""

    words: str
    x_mm: float
    y_mm: float
    anchor: str
    size_mm: float


def unit_face_texts(game: Game, unit: Unit, step: int, side_mm: float, lang: str | None = None) -> list[ExpectedText]:
    """Return every non-empty text a unit's face for `step` must show in `lang` (the game's first language by
    default), in its layout's order."""
    layout = unit_layout(game, unit)
    found = []
    for slot in layout.texts:
        words = unit_slot_words(game, layout, slot, unit, step, lang or game.game.languages[0])
        if not words:
            continue
        partner = _PARTNER.get(slot.source)
        if slot.centre_alone and partner and not getattr(unit, partner):
            # a designation or parent label printed alone stands in the middle of the face (`centre_alone`)
            found.append(ExpectedText(words, 0.5 * side_mm, slot.y * side_mm, "middle", slot.size * side_mm))
        else:
            found.append(ExpectedText(words, slot.x * side_mm, slot.y * side_mm, slot.anchor, slot.size * side_mm))
    return found


_PARTNER = {"designation": "parent_label", "parent_label": "designation"}
"""The slot sources that share a line: either printed alone moves to the middle when its layout says so."""


def marker_face_words(game: Game, marker: Marker, face: int, lang: str | None = None) -> str:
    """Return the words a marker's face must show in `lang` (the game's first language by default), in its
    layout's order, space-separated."""
    layout = game.layouts.get(game.game.print.marker_layout) or game.layouts["marker"]
    lang = lang or game.game.languages[0]
    current = marker.faces[face] if face < len(marker.faces) else None
    words = []
    for slot in layout.texts:
        if slot.source == "marker_text":
            text = text_in(current.text, lang) if current else ""
            words.append(text or (text_in(marker.name, lang) if face == 0 else ""))
        elif slot.source == "marker_value":
            words.append(printed_number(current.value, lang) if current else "")
        elif slot.source == "text":
            words.append(slot.text)
    return " ".join(" ".join(words).split())


@dataclass(frozen=True)
class PrintedCounter:
    """One counter of the printed mix: the unit (and the step its front shows) or the marker."""

    unit: Unit | None
    step: int
    marker: Marker | None

    @property
    def id(self) -> str:
        """Return the counter's id as the manifest names it (a separate step's counter: `<unit>~<step>`)."""
        if self.marker is not None:
            return self.marker.id
        return self.unit.id if self.step == 0 else f"{self.unit.id}~{self.step + 1}"


def printed_mix(game: Game) -> list[PrintedCounter]:
    """Return the counters in the order the sheets print them: each unit (then its separately printed
    step) as many times as it has copies, then the source's markers; module aids are not printed."""
    found = []
    for unit in game.counters.units:
        steps = [0] + [i for i, s in enumerate(unit.steps) if i > 0 and s.counter == "separate"]
        found += [PrintedCounter(unit, step, None) for step in steps for _ in range(unit.copies)]
    for marker in game.counters.markers:
        if marker.origin == "source":
            found += [PrintedCounter(None, 0, marker)] * marker.copies
    return found


def back_step(unit: Unit, front_step: int) -> int | None:
    """Return the step a unit counter's back shows, or None for a plain or masked back."""
    following = front_step + 1
    if following < len(unit.steps) and unit.steps[following].counter == "same":
        return following
    return front_step if unit.back == "same" else None
