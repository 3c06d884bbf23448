"""Printed tracks and boxes: turn tracks (dated from the turn structure when they list no boxes),
points and impulse tracks, and holding boxes, each as a Block sized to hold the game's counters."""
from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass

from builder.model.base import text_in
from builder.model.game import GameFile
from builder.model.locales import day_and_month
from builder.model.map import Track
from builder.render.drawing import Group, Item, Paint, Rect, Text
from builder.render.fonts import text_width_mm
from builder.render.maps.colour import darker, lighter
from builder.render.maps.layout import Block, text_lines, wrapped

INK = "#2a2a2a"
BOX_FILL = "#fffdf6"
BOX_MARGIN_MM = 4.0
"""Room around a counter in a track box, so the counter can be picked up."""
TITLE_SIZE_MM = 3.2
HOLDING_SCALE = (2.6, 1.7)
"""Width and height of a holding box, in track boxes: room for a small stack of counters."""


@dataclass(frozen=True)
class BoxFace:
    """What one box prints: a big value, and small caption lines."""

    value: str
    captions: tuple[str, ...]
    holding: bool = False


CAPTION_WIDTH = 0.92
"""The share of a box's width its captions may fill."""


def _value_text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def turn_faces(game: GameFile, lang: str) -> list[BoxFace]:
    """Return one box per turn of the turn structure, with its label, or its date as `lang` writes a day and month
    (`23 May`, `23 maja`, `23 de maio`) and the year below it on the first turn and where a new year begins."""
    turns = game.turns
    labels = {t.number: text_in(t.label, lang) for t in turns.turns if t.label}
    faces, year = [], None
    for number in turns.numbers():
        date = turns.date_of(number)
        captions = [labels[number]] if number in labels else []
        if date is not None:
            captions.append(day_and_month(date, lang))
            if date.year != year and len(captions) == 1:
                captions.append(str(date.year))
            year = date.year
        faces.append(BoxFace(str(number), tuple(captions)))
    return faces


def track_faces(track: Track, game: GameFile, lang: str) -> list[BoxFace]:
    """Return the faces of a track's boxes; a turn track without boxes takes the turn structure's."""
    if not track.boxes and track.kind == "turn":
        return turn_faces(game, lang)
    faces = []
    for box in track.boxes:
        name = text_in(box.name, lang)
        holding = box.value is None and bool(name)
        date = day_and_month(box.date, lang) if isinstance(box.date, dt.date) else text_in(box.date, lang)
        captions = tuple(c for c in (name if not holding else "", date) if c)
        faces.append(BoxFace(_value_text(box.value) if not holding else name, captions, holding))
    return faces


def _box_items(face: BoxFace, width: float, height: float, colour: str) -> list[Item]:
    """Return one box's frame and text, top-left at (0, 0)."""
    fill = lighter(colour, 0.86) if colour != INK else BOX_FILL
    items: list[Item] = [Rect(0, 0, width, height, Paint(fill=fill, stroke=colour, stroke_mm=0.35))]
    if face.holding:
        size = min(3.0, height * 0.16)
        lines = wrapped(face.value, size, width - 2.0, font="labels", bold=True)
        return items + text_lines(lines, width / 2, 1.0, size, fill=INK, font="labels", bold=True,
                                  anchor="middle")
    value_size = height * (0.34 if face.captions else 0.42)
    baseline = height * (0.46 if face.captions else 0.62)
    items.append(Text(width / 2, baseline, face.value, value_size, fill=darker(colour, 0.2) if colour != INK else INK,
                      font="sans", bold=True, anchor="middle"))
    caption_size = height * 0.145
    for i, caption in enumerate(face.captions[:2]):
        y = height * 0.72 + i * caption_size * 1.15
        # a long month name ("23 de setembro") is set smaller rather than run over the box's sides
        size = min(caption_size, width * CAPTION_WIDTH / max(text_width_mm(caption, 1.0, "labels"), 1e-6))
        items.append(Text(width / 2, y, caption, size, fill=INK, font="labels", anchor="middle"))
    return items


def _grid_of_boxes(faces: list[BoxFace], box_mm: float, limit_mm: float, vertical: bool, colour: str) -> Block:
    """Return boxes abutting in rows (or columns, `vertical`), wrapping before `limit_mm`."""
    holding = any(f.holding for f in faces)
    width, height = (box_mm * HOLDING_SCALE[0], box_mm * HOLDING_SCALE[1]) if holding else (box_mm, box_mm)
    gap = 2.0 if holding else 0.0
    along = height if vertical else width
    per_line = max(1, math.floor((limit_mm + gap) / (along + gap)))
    items: list[Item] = []
    for i, face in enumerate(faces):
        line, index = divmod(i, per_line)
        x, y = ((line * (width + gap), index * (height + gap)) if vertical
                else (index * (width + gap), line * (height + gap)))
        items.append(Group(tuple(_box_items(face, width, height, colour)), dx_mm=x, dy_mm=y))
    lines = math.ceil(len(faces) / per_line) if faces else 0
    count = min(len(faces), per_line)
    if vertical:
        return Block(lines * (width + gap) - gap, count * (height + gap) - gap, tuple(items))
    return Block(count * (width + gap) - gap, lines * (height + gap) - gap, tuple(items))


def track_block(track: Track, game: GameFile, lang: str, *, box_mm: float, limit_mm: float,
                vertical: bool) -> Block:
    """Return a track with its title above its boxes, fitting `limit_mm` along its run."""
    colour = next((s.colour for s in game.sides if s.id == track.side), INK)
    faces = track_faces(track, game, lang)
    title_lines = wrapped(text_in(track.name, lang), TITLE_SIZE_MM, max(limit_mm, box_mm * 3) if not vertical
                          else max(box_mm * 2.5, 40.0), bold=True)
    title_h = len(title_lines) * TITLE_SIZE_MM * 1.2 + 1.2
    boxes = _grid_of_boxes(faces, box_mm, limit_mm - (title_h if vertical else 0.0), vertical, colour)
    title = text_lines(title_lines, 0.0, 0.0, TITLE_SIZE_MM, fill=darker(colour, 0.1), bold=True)
    width = max([boxes.width_mm] + [text_width_mm(t.text, t.size_mm, t.font, t.bold) for t in title])
    return Block(width, title_h + boxes.height_mm, (*title, Group(boxes.items, dy_mm=title_h)))
