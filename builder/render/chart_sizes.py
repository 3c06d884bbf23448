"""The type sizes charts print at: each chart as the charts PDF and the player-aid card place it, shrunk
and cut to fit its columns as they do it (chart_pages.column_pieces). The check layout/text-too-small reads this."""
from __future__ import annotations

from typing import Iterator

from builder.memo import per_game
from builder.model.charts import Chart
from builder.model.content import Game
from builder.model.units import MM_PER_PT, paper_groups
from builder.render.chart_pages import column_pieces, page_plan
from builder.render.charts import chart_drawing
from builder.render.ink import printed_sizes_mm

DOCUMENTS = (("charts PDF", 1, False), ("player-aid card", 2, True))
"""Each document that prints the charts: its name, columns, and whether its pages are landscape
(as builder/emit/pdf_charts.py and pdf_aid.py lay them out)."""


@per_game
def _sizes(game: Game) -> tuple[tuple[str, Chart, float], ...]:
    found = []
    for name, columns, landscape in DOCUMENTS:
        for group in paper_groups(game.game.print.papers):  # laid out once per group (typeset/papers.py)
            plan = page_plan(group[0], columns=columns, landscape=landscape, group=group)
            for lang in game.game.languages:
                for chart in game.charts.charts:
                    pieces = column_pieces(chart_drawing(game, chart, lang, width_mm=plan.column_mm), plan)
                    smallest = min((size for piece in pieces for size in printed_sizes_mm(piece.items)), default=None)
                    if smallest is not None:
                        found.append((f"{name} ({', '.join(group)}, {lang})", chart, smallest / MM_PER_PT))
    return tuple(found)


def chart_text_sizes(game: Game) -> Iterator[tuple[str, Chart, float]]:
    """Yield (document, chart, smallest type size in points) for every chart in every document, paper and
    language, the smallest first for each chart."""
    best: dict[str, tuple[str, Chart, float]] = {}
    for document, chart, size_pt in _sizes(game):
        if chart.id not in best or size_pt < best[chart.id][2]:
            best[chart.id] = (document, chart, size_pt)
    yield from best.values()
