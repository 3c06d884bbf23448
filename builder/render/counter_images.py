"""Counter pictures for rulebooks and setup cards: the seam between them and the counter renderer.

`CounterPictures` is the one place that asks builder/render/counters.py for faces. Ids it does
not draw get a plain placeholder box with the id and the values, so a card is never left blank.
"""
from __future__ import annotations

from builder.model.base import text_in
from builder.model.content import Game
from builder.model.counters import Marker, Unit
from builder.render.counters import all_counters, side_mm
from builder.render.drawing import Drawing, Paint, Rect, Text

PLACEHOLDER_FILL = "#f4f4f4"


class CounterPictures:
    """The faces (front, back) of every unit and marker of a game, in each language asked for, drawn on first use."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._drawn: dict[str, dict[str, list[Drawing]]] = {}

    def _all(self, lang: str) -> dict[str, list[Drawing]]:
        # One pass over the mix: counter_faces(game, id) redraws the whole mix on each call, which
        # costs seconds for a setup card of 50 units.
        if lang not in self._drawn:
            drawn = self._drawn[lang] = {}
            for piece in all_counters(self.game, lang):
                drawn.setdefault(piece.id, [piece.front, piece.back])
                drawn.setdefault(piece.source_id, [piece.front, piece.back])
        return self._drawn[lang]

    def faces(self, piece_id: str, lang: str | None = None) -> list[Drawing]:
        """Return the faces of one unit or marker as printed in `lang` (the game's first by default): drawn
        ones, else placeholders, else none."""
        lang = lang or self.game.game.languages[0]
        drawn = self._all(lang)
        if piece_id in drawn:
            return drawn[piece_id]
        piece = next((p for p in [*self.game.counters.units, *self.game.counters.markers] if p.id == piece_id), None)
        return [placeholder(self.game, piece, 0, lang), placeholder(self.game, piece, 1, lang)] if piece else []


def _values_line(piece: Unit | Marker, step: int) -> str:
    if isinstance(piece, Unit):
        values = piece.steps[min(step, len(piece.steps) - 1)].values
        return "-".join(str(v) for v in values.values() if v is not None)
    faces = piece.faces
    return str(faces[min(step, len(faces) - 1)].value or "") if faces else ""


def placeholder(game: Game, piece: Unit | Marker, step: int = 0, lang: str | None = None) -> Drawing:
    """Return a plain square with the piece's id and values, for pieces the renderer has no face for."""
    side = side_mm(game)
    size = side / 6
    items = (Rect(0, 0, side, side, Paint(fill=PLACEHOLDER_FILL, stroke="#000000", stroke_mm=0.2)),
             Text(side / 2, side * 0.4, piece.id[:10], size, anchor="middle"),
             Text(side / 2, side * 0.8, _values_line(piece, step), size, bold=True, anchor="middle"))
    return Drawing(side, side, items, title=text_in(piece.name, lang or game.game.languages[0]))
