"""Map sheets as SVG: one file per map, table, display and sheet of boxes (`maps/<id>.svg`)."""
from __future__ import annotations

from builder.emit.output import Artifact
from builder.model.content import Game
from builder.render.maps.sheet import map_sheets
from builder.render.svg import svg_text

KIND = "map-svg"


def emit_map_svgs(game: Game) -> list[Artifact]:
    """Return the SVG of every map sheet of the game, in declared order."""
    return [Artifact(KIND, f"maps/{sheet.id}.svg", svg_text(sheet.drawing).encode("utf-8"),
                     {"map": sheet.map_id, "sheet": sheet.kind})
            for sheet in map_sheets(game)]
