"""Every chart of a game as a print-and-play PDF: one portrait column of charts, per language and paper."""
from __future__ import annotations

from builder.emit.output import Artifact
from builder.model.base import text_in
from builder.model.content import Game
from builder.render.chart_pages import page_plan, pack, pages_pdf
from builder.render.charts import chart_drawing
from builder.render.credits import document_info
from builder.phrases import phrase

KIND = "charts-pdf"


def charts_pdf(game: Game, lang: str, paper: str) -> bytes:
    """Return the charts PDF of one language on one paper size."""
    plan = page_plan(paper, columns=1)
    drawings = [(f"chart-{c.id}", chart_drawing(game, c, lang, width_mm=plan.column_mm)) for c in game.charts.charts]
    pages = pack(drawings, plan)
    title = text_in(game.game.title, lang)
    footers = [f"{title} — {phrase('page', lang)} {n}/{len(pages)}" for n in range(1, len(pages) + 1)]
    info = document_info(game, f"{phrase('charts', lang)} ({paper.upper()})", lang, title=title)
    return pages_pdf(pages, plan, info=info, footers=footers)


def emit_charts_pdf(game: Game) -> list[Artifact]:
    """Return one charts PDF per language and paper size (none when the game has no charts)."""
    if not game.game.languages or not game.charts.charts:
        return []
    return [Artifact(KIND, f"charts/charts-{lang}-{paper}.pdf", charts_pdf(game, lang, paper),
                     {"paper": paper, "lang": lang})
            for lang in game.game.editions() for paper in game.game.print.papers]
