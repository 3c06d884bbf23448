"""Counter faces: every step of every unit, and every marker, as a Drawing in millimetres.

The same faces, the designer's art included, feed the PDF sheets, the SVG files and the VASSAL pieces' PNGs."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from builder.model.base import text_in
from builder.model.content import Game
from builder.model.counters import Marker, Unit
from builder.model.locales import decimal_text
from builder.model.template import CounterLayout, TextSlot
from builder.model.units import parse_length_mm
from builder.render.drawing import Drawing, Item, Paint, Rect, Text
from builder.render.contrast import legible_ink
from builder.render.counter_text import (MIN_TEXT_SCALE, PlacedText, fit_text, font_key,  # noqa: F401 (re-exported)
                                         wrap_lines)
from builder.render.fonts import text_width_mm
from builder.render.images import FULL_FACE, art_item
from builder.memo import per_game
from builder.render.nato import nato_symbol

REDUCED_BAND_WHITE = 0.55
"""How far the reduced band is lightened towards white (opaque: PDF forms take no transparency)."""
DEFAULT_MARKER_COLOUR = "#e6e1d3"
DEFAULT_LAYOUT = "nato"  # used when a named layout does not exist (the check layout/unknown-layout reports that)


@dataclass(frozen=True)
class CounterPiece:
    """One physical counter of the mix: front and back faces and how many copies are printed."""

    id: str
    source_id: str
    front: Drawing
    back: Drawing
    copies: int = 1


@per_game
def side_mm(game: Game) -> float:
    """Return the counter side in mm from the game's print settings."""
    return parse_length_mm(game.game.print.counter_size)


def unit_side_mm(game: Game, unit: Unit) -> float:
    """Return a unit's counter side in mm: its own size, else its type's, else the game's."""
    if unit.counter_size is not None:
        return parse_length_mm(unit.counter_size)
    unit_type = _mix(game).unit_types.get(unit.type)
    if unit_type is not None and unit_type.counter_size is not None:
        return parse_length_mm(unit_type.counter_size)
    return side_mm(game)


def marker_side_mm(game: Game) -> float:
    """Return the side in mm of markers and chits: `print.marker_size`, else the game's counter size."""
    size = game.game.print.marker_size
    return parse_length_mm(size) if size is not None else side_mm(game)


def _first_by_id(things) -> dict:
    found: dict = {}
    for thing in things:
        found.setdefault(thing.id, thing)
    return found


@dataclass
class _Mix:
    """What drawing every face of a game looks up: the game's lists by id, and results shared by faces.

    Else a mix of thousands of counters would search the types, nationalities and formations, measure
    the same words and redraw the same symbol for every face."""

    side: float
    safe_mm: float
    """How far inside the cut text keeps (print.safe_area_mm): a slot's room ends there."""
    unit_types: dict
    nationalities: dict
    formations: dict
    layouts: dict = field(default_factory=dict)
    """Unit type id → layout."""
    runs: dict = field(default_factory=dict)
    """Layout id → (layout, the value ids its other slots print, the number values a `values` slot
    that names none prints)."""
    fitted: dict = field(default_factory=dict)
    """(slot id, text) → PlacedText."""
    centred: dict = field(default_factory=dict)
    """Slot id → the slot centred, for a designation or parent label printed alone (`centre_alone`)."""


@per_game
def _mix(game: Game) -> _Mix:
    return _Mix(side_mm(game), game.game.print.safe_area_mm, _first_by_id(game.counters.unit_types),
                _first_by_id(game.game.nationalities), _first_by_id(game.game.formations))


@lru_cache(maxsize=4096)
def _symbol(symbols: tuple[str, ...], size: str, x_mm: float, y_mm: float, w_mm: float, h_mm: float,
            frame: str, stroke_mm: float) -> tuple[Item, ...]:
    """Return nato_symbol's items, remembered: a mix repeats a few symbols, sizes and colours thousands of times."""
    return tuple(nato_symbol(list(symbols), size, x_mm=x_mm, y_mm=y_mm, w_mm=w_mm, h_mm=h_mm, frame=frame,
                             stroke_mm=stroke_mm))


def _lang(game: Game, lang: str | None) -> str:
    """Return the language a face prints in: the one asked for, else the game's first."""
    return lang or game.game.languages[0]


def _number(value: object, lang: str) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, float):
        return decimal_text(value, lang)
    return "" if value is None or isinstance(value, bool) else str(value)


def _declared_run(game: Game, layout: CounterLayout) -> tuple[set, list]:
    """Return the value ids other slots of the layout print, and the number values the game declares but those."""
    mix = _mix(game)
    key = id(layout)
    if key not in mix.runs:
        elsewhere = {s.value for s in layout.texts if s.source == "value"} | \
                    {v for s in layout.texts if s.source == "values" for v in s.values}
        mix.runs[key] = (layout, elsewhere,
                         [v.id for v in game.counters.values if v.kind == "number" and v.id not in elsewhere])
    return mix.runs[key][1:]


def _run_of_values(game: Game, layout: CounterLayout, slot: TextSlot, values: dict, lang: str) -> str:
    if slot.values:
        wanted = slot.values
    else:
        elsewhere, wanted = _declared_run(game, layout)
        wanted = wanted or [key for key in values if key not in elsewhere]
    return slot.sep.join(_number(values[key], lang) for key in wanted if key in values and values[key] is not None)


def unit_slot_text(game: Game, layout: CounterLayout, slot: TextSlot, unit: Unit, step: int,
                   lang: str | None = None) -> str:
    """Return the words a text slot prints for one step of a unit, in `lang` (the game's first by default)."""
    values, lang = unit.steps[step].values, _lang(game, lang)
    source = slot.source
    if source == "designation":
        return unit.designation
    if source == "parent_label":
        return unit.parent_label
    if source == "values":
        return _run_of_values(game, layout, slot, values, lang)
    if source == "value":
        return _number(values.get(slot.value or ""), lang)
    if source == "designators":
        return " ".join(unit.designators)
    if source == "name":
        return text_in(unit.name, lang)
    if source == "label":
        return unit.steps[step].label
    if source == "text":
        return slot.text
    return ""


def marker_slot_text(game: Game, slot: TextSlot, marker: Marker, face: int, lang: str | None = None) -> str:
    """Return the words a text slot prints on one face of a marker, in `lang` (the game's first by default)."""
    faces, lang = marker.faces, _lang(game, lang)
    current = faces[face] if face < len(faces) else None
    if slot.source == "marker_text":
        text = text_in(current.text, lang) if current else ""
        return text or (text_in(marker.name, lang) if face == 0 else "")
    if slot.source == "marker_value":
        return _number(current.value, lang) if current else ""
    if slot.source == "text":
        return slot.text
    return ""


def _fitted(mix: _Mix, slot: TextSlot, text: str, side: float) -> PlacedText:
    """Return fit_text for a counter side, remembered per slot, text and side."""
    key = (id(slot), text, side)
    placed = mix.fitted.get(key)
    if placed is None or placed.slot is not slot:
        placed = mix.fitted[key] = fit_text(slot, text, side, mix.safe_mm)
    return placed


def _slot_items(p: PlacedText, side: float, colour: str, fills: dict[str, str]) -> tuple[Item, ...]:
    """Return the items of one filled slot: its text, on a patch of colour when the slot asks for one."""
    if not p.text:
        return ()
    x, y = p.slot.x * side, p.slot.y * side
    text = Text(x, y, p.text, p.size_mm, colour, font_key(p.slot), p.slot.bold, p.slot.anchor)
    fill = fills.get(p.slot.fill_property)
    if not fill:
        return (text,)
    left = {"start": x, "middle": x - p.width_mm / 2, "end": x - p.width_mm}[p.slot.anchor]
    pad = p.size_mm * 0.12
    return (Rect(left - pad, y - p.size_mm * 0.8, p.width_mm + 2 * pad, p.size_mm * 0.98, Paint(fill=fill),
                 radius_mm=pad), text)


@dataclass(frozen=True)
class FaceParts:
    """A face in the layers it is drawn in: what the preflight checks measure is what is printed."""

    side_mm: float
    ground: tuple[Item, ...]
    """The background and bands."""
    symbol: tuple[Item, ...]
    """The NATO symbol with its size mark (none on markers)."""
    texts: tuple[tuple[PlacedText, tuple[Item, ...]], ...]
    """Each text slot, filled, with the items it prints."""
    title: str = ""

    def drawing(self) -> Drawing:
        """Return the face as one drawing, layers bottom to top."""
        items = self.ground + self.symbol + tuple(item for _, drawn in self.texts for item in drawn)
        return Drawing(self.side_mm, self.side_mm, items, title=self.title)


def layout_for_unit(game: Game, unit: Unit) -> CounterLayout:
    """Return the layout a unit's counter uses (its type's, else the game's default)."""
    return _layout(game, _mix(game), unit)


def _layout(game: Game, mix: _Mix, unit: Unit) -> CounterLayout:
    layouts = mix.layouts
    if unit.type not in layouts:
        unit_type = mix.unit_types.get(unit.type)
        wanted = (unit_type.layout if unit_type and unit_type.layout else None) or game.game.print.counter_layout
        layouts[unit.type] = game.layouts.get(wanted) or game.layouts[DEFAULT_LAYOUT]
    return layouts[unit.type]


def lighten(colour: str, amount: float) -> str:
    """Return `colour` mixed with white by `amount` (0 = unchanged, 1 = white)."""
    channels = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * amount):02x}" for c in channels)


def _colours(game: Game, nationality_id: str | None, mix: _Mix | None = None) -> tuple[str, str]:
    nationality = (mix or _mix(game)).nationalities.get(nationality_id)
    if nationality is None:
        return DEFAULT_MARKER_COLOUR, "#000000"
    return nationality.colour, nationality.text_colour


_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


def _fill_properties(mix: _Mix, unit: Unit) -> dict[str, str]:
    unit_type = mix.unit_types.get(unit.type)
    merged = {**(unit_type.properties if unit_type else {}), **unit.properties}
    return {k: v for k, v in merged.items() if isinstance(v, str) and _COLOUR.fullmatch(v)}


def placed_unit_texts(game: Game, unit: Unit, step: int, lang: str | None = None) -> list[PlacedText]:
    """Return every text slot of one unit face, filled and fitted (the layout checks read this)."""
    return _placed_unit_texts(game, _mix(game), unit, step, lang)


_PARTNER = {"designation": "parent_label", "parent_label": "designation"}


def _centred(mix: _Mix, slot: TextSlot) -> TextSlot:
    """Return the slot moved to the middle of the face, spanning its room mirrored about the middle (made once)."""
    if id(slot) not in mix.centred:
        left, right = {"start": (slot.x, slot.x + slot.width), "end": (slot.x - slot.width, slot.x),
                       "middle": (slot.x - slot.width / 2, slot.x + slot.width / 2)}[slot.anchor]
        half = max(0.5 - left, right - 0.5)
        mix.centred[id(slot)] = slot.model_copy(update={"x": 0.5, "anchor": "middle", "width": min(1.0, 2 * half)})
    return mix.centred[id(slot)]


def _slot_for(mix: _Mix, slot: TextSlot, unit: Unit) -> TextSlot:
    partner = _PARTNER.get(slot.source)
    return _centred(mix, slot) if slot.centre_alone and partner and not getattr(unit, partner) else slot


def _placed_unit_texts(game: Game, mix: _Mix, unit: Unit, step: int, lang: str | None) -> list[PlacedText]:
    layout = _layout(game, mix, unit)
    side = unit_side_mm(game, unit)
    return [_fitted(mix, _slot_for(mix, slot, unit), unit_slot_text(game, layout, slot, unit, step, lang), side)
            for slot in layout.texts]


def unit_face_parts(game: Game, unit: Unit, step: int, lang: str | None = None) -> FaceParts:
    """Return the layers of the face that shows `step` (0 = full strength) of a unit, its text in `lang`."""
    mix = _mix(game)
    layout = _layout(game, mix, unit)
    side = unit_side_mm(game, unit)
    background, ink = _colours(game, unit.nationality, mix)
    if step > 0:  # a back of its own colour or shade (lightened by 0 it is the same colour)
        background = layout.back_colour or lighten(background, layout.back_lighten)
    ground: list[Item] = [Rect(0, 0, side, side, Paint(fill=background))]
    formation = mix.formations.get(unit.formation)
    if layout.formation_band and formation and formation.colour:
        band = layout.formation_band
        ground.append(Rect(band.x * side, band.y * side, band.w * side, band.h * side, Paint(fill=formation.colour)))
    if step > 0 and layout.reduced_band and unit.steps[step].counter == "same":
        band = layout.reduced_band
        ground.append(Rect(band.x * side, band.y * side, band.w * side, band.h * side,
                           Paint(fill=lighten(background, REDUCED_BAND_WHITE))))
    unit_type = mix.unit_types.get(unit.type)
    symbol: tuple[Item, ...] = ()
    art = unit.steps[step].image or unit.image or (unit_type.image if unit_type else "")
    if art:
        ground.append(art_item(game.root / art, layout.image or layout.symbol or FULL_FACE, side))
    if layout.symbol and unit_type is not None:
        replaced = bool(art) and layout.image is None  # art in its place keeps the size mark, not the bare frame
        listed = unit_type.symbol if isinstance(unit_type.symbol, list) else [unit_type.symbol]
        symbols = () if replaced else tuple(listed)
        box = layout.symbol
        size = unit.steps[step].size if unit.steps[step].size is not None else unit.size
        symbol = _symbol(symbols, size, box.x * side, box.y * side, box.w * side, box.h * side, ink,
                         max(0.18, side * 0.014))[1 if replaced else 0:]
    fills = _fill_properties(mix, unit)
    texts = tuple((p, _slot_items(p, side, ink, fills)) for p in _placed_unit_texts(game, mix, unit, step, lang))
    return FaceParts(side, tuple(ground), symbol, texts, title=f"{unit.id} step {step + 1}")


def unit_face(game: Game, unit: Unit, step: int, lang: str | None = None) -> Drawing:
    """Return the face that shows `step` (0 = full strength) of a unit, its text in `lang`."""
    return unit_face_parts(game, unit, step, lang).drawing()


def plain_face(game: Game, nationality: str | None, *, label: str = "", side: float | None = None) -> Drawing:
    """Return a plain back in the nationality's colour, with an optional label (a hidden-unit mask), `side` mm
    wide (the game's counter size by default)."""
    side = side_mm(game) if side is None else side
    background, ink = _colours(game, nationality)
    items: list[Item] = [Rect(0, 0, side, side, Paint(fill=background))]
    if label:
        size = min(side * 0.16, side * 0.9 / max(1.0, text_width_mm(label, 1.0, "condensed", True)))
        items.append(Text(side / 2, side * 0.55, label, size, ink, "condensed", True, "middle"))
    return Drawing(side, side, tuple(items))


def _unit_back(game: Game, unit: Unit, front_step: int, lang: str | None) -> Drawing:
    following = front_step + 1
    if following < len(unit.steps) and unit.steps[following].counter == "same":
        return unit_face(game, unit, following, lang)
    if unit.back == "same":
        return unit_face(game, unit, front_step, lang)
    if unit.back == "mask":
        side = next((n.side for n in game.game.nationalities if n.id == unit.nationality), "")
        name = next((text_in(s.name, _lang(game, lang)) for s in game.game.sides if s.id == side), "")
        return plain_face(game, unit.nationality, label=name, side=unit_side_mm(game, unit))
    return plain_face(game, unit.nationality, side=unit_side_mm(game, unit))


def unit_counters(game: Game, unit: Unit, lang: str | None = None) -> list[CounterPiece]:
    """Return the physical counters of a unit: the main one, and one per step printed separately."""
    pieces = [CounterPiece(unit.id, unit.id, unit_face(game, unit, 0, lang), _unit_back(game, unit, 0, lang),
                           unit.copies)]
    for index, step in enumerate(unit.steps):
        if index > 0 and step.counter == "separate":
            pieces.append(CounterPiece(f"{unit.id}~{index + 1}", unit.id, unit_face(game, unit, index, lang),
                                       _unit_back(game, unit, index, lang), unit.copies))
    return pieces


def placed_marker_texts(game: Game, marker: Marker, face: int, lang: str | None = None) -> list[PlacedText]:
    """Return every text slot of one marker face, filled, fitted and wrapped (the layout checks read this)."""
    layout = marker_layout(game)
    side, safe = marker_side_mm(game), game.game.print.safe_area_mm
    placed: list[PlacedText] = []
    for slot in layout.texts:
        text = marker_slot_text(game, slot, marker, face, lang)
        fitted = (wrap_lines(slot, text, side, safe) if slot.source == "marker_text"
                  else [fit_text(slot, text, side, safe)])
        placed += fitted
    return placed


def marker_layout(game: Game) -> CounterLayout:  # the print settings' `marker_layout`, else sandtable's
    return game.layouts.get(game.game.print.marker_layout) or game.layouts["marker"]


def marker_face_parts(game: Game, marker: Marker, face: int, lang: str | None = None) -> FaceParts:
    """Return the layers of one face of a marker, chit or order die, its text (in `lang`) in an ink legible on
    its colour."""
    side = marker_side_mm(game)
    colour = (marker.faces[face].colour if face < len(marker.faces) else None) or marker.colour
    background, ink = _colours(game, marker.nationality)
    if colour is None and marker.nationality is None and marker.side is not None:
        colour = next((s.colour for s in game.game.sides if s.id == marker.side), None)
    ground = colour or background
    ink = legible_ink(ground, ink)
    texts = tuple((p, _slot_items(p, side, ink, {})) for p in placed_marker_texts(game, marker, face, lang))
    art = marker.faces[face].image if face < len(marker.faces) else ""
    pictured = (art_item(game.root / art, marker_layout(game).image or FULL_FACE, side),) if art else ()
    return FaceParts(side, (Rect(0, 0, side, side, Paint(fill=ground)), *pictured), (), texts,
                     title=f"{marker.id} face {face + 1}")


def marker_face(game: Game, marker: Marker, face: int, lang: str | None = None) -> Drawing:
    """Return one face of a marker, chit or order die, its text in `lang`."""
    return marker_face_parts(game, marker, face, lang).drawing()


def marker_counters(game: Game, marker: Marker, lang: str | None = None) -> list[CounterPiece]:
    """Return a marker's counter: its first face in front, its second (or a plain back) behind."""
    front = marker_face(game, marker, 0, lang)
    back = (marker_face(game, marker, 1, lang) if len(marker.faces) > 1
            else plain_face(game, marker.nationality, side=marker_side_mm(game)))
    if len(marker.faces) <= 1 and marker.colour:
        back = Drawing(front.width_mm, front.height_mm, (front.items[0],))
    return [CounterPiece(marker.id, marker.id, front, back, marker.copies)]


def all_counters(game: Game, lang: str | None = None) -> list[CounterPiece]:
    """Return every counter of the mix, printed in `lang` (the game's first by default): units in file order,
    then markers (drawn once per game and language)."""
    return list(_all_counters(game, _lang(game, lang)))


@per_game
def _all_counters(game: Game, lang: str) -> tuple[CounterPiece, ...]:
    pieces = [piece for unit in game.counters.units for piece in unit_counters(game, unit, lang)]
    # Module aids exist only in the VASSAL module; the printed mix has the source's markers only.
    printed = [m for m in game.counters.markers if m.origin == "source"]
    return tuple(pieces + [piece for marker in printed for piece in marker_counters(game, marker, lang)])


def counter_faces(game: Game, piece_id: str, lang: str | None = None) -> list[Drawing]:
    """Return [front, back] of the counter of a unit or marker id in `lang` (for rulebooks and setup cards)."""
    for piece in all_counters(game, lang):
        if piece.id == piece_id:
            return [piece.front, piece.back]
    raise KeyError(piece_id)
