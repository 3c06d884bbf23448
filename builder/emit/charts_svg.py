"""Each chart as an SVG: `charts/<id>.svg` in the game's first language, `charts/<id>.<lang>.svg` in the others."""
from __future__ import annotations

from builder.emit.output import Artifact
from builder.model.content import Game
from builder.render.charts import chart_drawing
from builder.render.svg import svg_text

KIND = "charts-svg"
WIDTH_MM = 180.0
"""Width of an SVG chart: the text column of an A4 page."""


def emit_charts_svg(game: Game) -> list[Artifact]:
    """Return one SVG per chart and edition's language."""
    artifacts = []
    for number, lang in enumerate(game.game.languages):
        if lang not in game.game.editions():
            continue
        for chart in game.charts.charts:
            path = f"charts/{chart.id}.svg" if number == 0 else f"charts/{chart.id}.{lang}.svg"
            drawing = chart_drawing(game, chart, lang, width_mm=WIDTH_MM)
            artifacts.append(Artifact(KIND, path, svg_text(drawing).encode("utf-8"), {"chart": chart.id, "lang": lang}))
    return artifacts
