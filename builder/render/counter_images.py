"""Counter pictures for rulebooks and setup cards: the seam between them and the counter renderer.

`counter_pictures` is the one place that asks builder/render/counters.py for faces. Ids it does
not draw get a plain placeholder box with the id and the values, so a card is never left blank.
"""
from __future__ import annotations

from builder.model.base import text_in
from builder.model.content import Game
from builder.model.counters import Marker, Unit
from builder.render.counters import all_counters, side_mm
from builder.render.drawing import Drawing, Paint, Rect, Text

PLACEHOLDER_FILL = "#f4f4f4"


def counter_pictures(game: Game) -> dict[str, list[Drawing]]:
    """Return [front, back] of every unit and marker by id, drawn once by the counter renderer."""
    # One pass over the mix: counter_faces(game, id) redraws the whole mix on each call, which
    # costs seconds for a setup card of 50 units.
    pictures: dict[str, list[Drawing]] = {}
    for piece in all_counters(game):
        pictures.setdefault(piece.id, [piece.front, piece.back])
        pictures.setdefault(piece.source_id, [piece.front, piece.back])
    return pictures


def _values_line(piece: Unit | Marker, step: int) -> str:
    if isinstance(piece, Unit):
        values = piece.steps[min(step, len(piece.steps) - 1)].values
        return "-".join(str(v) for v in values.values() if v is not None)
    faces = piece.faces
    return str(faces[min(step, len(faces) - 1)].value or "") if faces else ""


def placeholder(game: Game, piece: Unit | Marker, step: int = 0) -> Drawing:
    """Return a plain square with the piece's id and values, for pieces the renderer has no face for."""
    side = side_mm(game)
    size = side / 6
    items = (Rect(0, 0, side, side, Paint(fill=PLACEHOLDER_FILL, stroke="#000000", stroke_mm=0.2)),
             Text(side / 2, side * 0.4, piece.id[:10], size, anchor="middle"),
             Text(side / 2, side * 0.8, _values_line(piece, step), size, bold=True, anchor="middle"))
    return Drawing(side, side, items, title=text_in(piece.name, game.game.languages[0]))


def faces_of(game: Game, pictures: dict[str, list[Drawing]], piece_id: str) -> list[Drawing]:
    """Return the faces of one unit or marker: drawn ones, else placeholders."""
    if piece_id in pictures:
        return pictures[piece_id]
    pieces = {p.id: p for p in [*game.counters.units, *game.counters.markers]}
    piece = pieces.get(piece_id)
    if piece is None:
        return []
    return [placeholder(game, piece, 0), placeholder(game, piece, 1)]
