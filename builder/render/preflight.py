"""What the print preflight checks measure on a counter face, read from the layers the face is drawn in
(counters.FaceParts): each printed line's glyph box, the colour printed behind it, the symbol's boxes."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Iterator

from builder.memo import per_game
from builder.model.base import text_in
from builder.model.content import Game
from builder.model.counters import Marker, Unit
from builder.render.counter_text import PlacedText
from builder.render.counters import FaceParts, layout_for_unit, marker_face_parts, unit_face_parts
from builder.render.drawing import Item, Rect, Text
from builder.render.ink import Box, shape_box, text_box


@dataclass(frozen=True)
class FaceText:
    """One printed line of a face: the slot it fills, the Text item, its glyph box and the colour behind it."""

    placed: PlacedText
    text: Text
    box: Box
    ground: str


def _ground(items: tuple[Item, ...], box: Box) -> str:
    """Return the fill of the topmost filled rectangle under the box's centre (the face's background at least)."""
    colour = "#ffffff"
    for item in items:
        if type(item) is Rect and item.paint.fill and item.paint.opacity >= 1.0 and \
                Box(item.x_mm, item.y_mm, item.x_mm + item.w_mm, item.y_mm + item.h_mm).contains(*box.centre):
            colour = item.paint.fill
    return colour


def face_texts(parts: FaceParts) -> Iterator[FaceText]:
    """Yield every printed line of a face, in drawing order."""
    for placed, items in parts.texts:
        patches = tuple(item for item in items if type(item) is Rect)
        for item in items:
            box = text_box(item) if type(item) is Text else None
            if box is not None:
                yield FaceText(placed, item, box, _ground(parts.ground + parts.symbol + patches, box))


def symbol_boxes(parts: FaceParts) -> list[Box]:
    """Return the box of each item of the symbol: the frame, its icons, the HQ staff below it, the size mark."""
    return [box for box in map(shape_box, parts.symbol) if box is not None]


@dataclass(frozen=True)
class PrintedFace:
    """A face the counter mix prints or the module shows: a unit's step or a marker's face, in layers."""

    owner: Unit | Marker
    index: int
    """The step (units) or face (markers), from 0."""
    parts: FaceParts
    lang: str = ""
    """The edition the face is measured in, when not the game's first language (whose faces are all measured)."""

    @cached_property
    def lines(self) -> tuple[FaceText, ...]:
        """Return the face's printed lines (`face_texts`), measured once for all the checks that read them."""
        return tuple(face_texts(self.parts))

    @cached_property
    def symbol_boxes(self) -> tuple[Box, ...]:
        """Return the boxes of the face's symbol (`symbol_boxes`), measured once for all its lines."""
        return tuple(symbol_boxes(self.parts))

    @property
    def printed(self) -> bool:
        """Return whether the face is printed (a module aid is a VASSAL piece only)."""
        return isinstance(self.owner, Unit) or self.owner.origin == "source"

    @property
    def name(self) -> str:
        """Return how a message names the face."""
        kind = "unit" if isinstance(self.owner, Unit) else "marker"
        edition = f", {self.lang} edition" if self.lang else ""
        return f'{kind} "{self.owner.id}" ({"step" if kind == "unit" else "face"} {self.index + 1}{edition})'


@per_game
def printed_faces(game: Game) -> tuple[PrintedFace, ...]:
    """Return every face of every unit and marker, in file order (measured once for all the checks), then the
    faces each further language prints in words of its own (a step label, a marker's text)."""
    faces = [PrintedFace(unit, step, unit_face_parts(game, unit, step))
             for unit in game.counters.units for step in range(len(unit.steps))]
    faces += [PrintedFace(marker, face, marker_face_parts(game, marker, face))
              for marker in game.counters.markers for face in range(max(1, len(marker.faces)))]
    first = game.game.languages[0]
    for lang in game.game.languages[1:]:
        faces += [PrintedFace(unit, step, unit_face_parts(game, unit, step, lang), lang)
                  for unit in game.counters.units if words_differ(unit_texts(game, unit), first, lang)
                  for step in range(len(unit.steps))]
        faces += [PrintedFace(marker, face, marker_face_parts(game, marker, face, lang), lang)
                  for marker in game.counters.markers if words_differ(marker_texts(marker), first, lang)
                  for face in range(max(1, len(marker.faces)))]
    return tuple(faces)


def unit_texts(game: Game, unit: Unit) -> list[object]:
    """Return the texts per language a unit's faces print: its name and its step labels, where its layout has
    a slot for them (the other slots print designations and numbers, alike in every language)."""
    sources = {slot.source for slot in layout_for_unit(game, unit).texts}
    return ([unit.name] if "name" in sources else []) + ([s.label for s in unit.steps] if "label" in sources else [])


def marker_texts(marker: Marker) -> list[object]:
    """Return the texts per language a marker's faces may print: its faces' texts and its name."""
    return [marker.name, *(face.text for face in marker.faces)]


def words_differ(texts: list[object], first: str, lang: str) -> bool:
    """Return whether any of `texts` reads differently in `lang` than in `first`."""
    return any(text_in(text, first) != text_in(text, lang) for text in texts)  # type: ignore[arg-type]
