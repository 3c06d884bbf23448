"""The player-aid card: the charts packed two columns to a landscape page, printed front and back."""
from __future__ import annotations

from builder.emit.output import Artifact
from builder.emit.pdf_charts import on_each_paper
from builder.model.base import text_in
from builder.model.content import Game
from builder.render.chart_pages import page_plan, pack, pages_pdf
from builder.render.charts import chart_drawing
from builder.render.credits import document_info
from builder.phrases import phrase

KIND = "aid-pdf"
COLUMNS = 2


def _footers(title: str, lang: str, count: int) -> list[str]:
    """Return `title — sheet 1, front` / `… back` for each page of a duplex card."""
    sides = (phrase("front", lang), phrase("back", lang))
    return [f"{title} — {phrase('sheet', lang)} {n // 2 + 1}, {sides[n % 2]}" for n in range(count)]


def aid_pdf(game: Game, lang: str, paper: str, *, group: tuple[str, ...] = ()) -> bytes:
    """Return the player-aid card of one language on one paper size, an even number of pages, laid out on the
    area every paper of its `group` has (typeset/papers.py `on_every_paper`)."""
    plan = page_plan(paper, columns=COLUMNS, landscape=True, group=group)
    drawings = [(f"aid-{c.id}", chart_drawing(game, c, lang, width_mm=plan.column_mm)) for c in game.charts.charts]
    pages = pack(drawings, plan)
    if len(pages) % 2:
        pages.append([])
    title = text_in(game.game.title, lang)
    info = document_info(game, phrase("aid", lang), lang, title=title)
    return pages_pdf(pages, plan, info=info, footers=_footers(title, lang, len(pages)))


def emit_aid_pdf(game: Game) -> list[Artifact]:
    """Return one player-aid card per language and paper size (none when the game has no charts)."""
    if not game.charts.charts:
        return []
    return on_each_paper(game, KIND, "aid", aid_pdf)
