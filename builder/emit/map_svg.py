"""Map sheets as SVG: one file per map, table, display and sheet of boxes and language (`maps/<id>-<lang>.svg`)."""
from __future__ import annotations

from builder.emit.output import Artifact
from builder.model.content import Game
from builder.render.maps.sheet import map_sheets
from builder.render.svg import svg_text

KIND = "map-svg"


def emit_map_svgs(game: Game) -> list[Artifact]:
    """Return the SVG of every map sheet of the game in each edition's language, in declared order."""
    return [Artifact(KIND, f"maps/{sheet.id}-{lang}.svg", svg_text(sheet.drawing).encode("utf-8"),
                     {"map": sheet.map_id, "sheet": sheet.kind, "lang": lang})
            for lang in game.game.editions() for sheet in map_sheets(game, lang)]
