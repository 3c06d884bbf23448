"""Every chart of a game as a print-and-play PDF: one portrait column of charts, per language and paper."""
from __future__ import annotations

from typing import Callable

from builder.emit.output import Artifact
from builder.model.base import text_in
from builder.model.content import Game
from builder.render.chart_pages import page_plan, pack, pages_pdf
from builder.render.charts import chart_drawing
from builder.render.credits import document_info
from builder.render.typeset.papers import on_every_paper
from builder.phrases import phrase

KIND = "charts-pdf"


def charts_pdf(game: Game, lang: str, paper: str, *, group: tuple[str, ...] = ()) -> bytes:
    """Return the charts PDF of one language on one paper size, laid out on the area every paper of its
    `group` has (typeset/papers.py `on_every_paper`)."""
    plan = page_plan(paper, columns=1, group=group)
    drawings = [(f"chart-{c.id}", chart_drawing(game, c, lang, width_mm=plan.column_mm)) for c in game.charts.charts]
    pages = pack(drawings, plan)
    title = text_in(game.game.title, lang)
    footers = [f"{title} — {phrase('page', lang)} {n}/{len(pages)}" for n in range(1, len(pages) + 1)]
    info = document_info(game, phrase("charts", lang), lang, title=title)
    return pages_pdf(pages, plan, info=info, footers=footers)


def emit_charts_pdf(game: Game) -> list[Artifact]:
    """Return one charts PDF per language and paper size (none when the game has no charts)."""
    if not game.game.languages or not game.charts.charts:
        return []
    return on_each_paper(game, KIND, "charts", charts_pdf)


def on_each_paper(game: Game, kind: str, name: str, typeset: Callable[..., bytes]) -> list[Artifact]:
    """Return `typeset(game, lang, paper=, group=)` as charts/<name>-<lang>-<paper>.pdf for each edition's language
    and paper of `print.papers`: laid out once per group of papers of about the same size (`paper_groups`) and
    moved onto each of them (typeset/papers.py `on_every_paper`)."""
    papers = game.game.print.papers
    found = []
    for lang in game.game.editions():
        pdfs = on_every_paper(papers, typeset, game, lang)
        found += [Artifact(kind, f"charts/{name}-{lang}-{paper}.pdf", pdfs[paper], {"paper": paper, "lang": lang})
                  for paper in papers]
    return found
