"""Scenario setup cards: one PDF per scenario, language and paper."""
from __future__ import annotations

from builder.collector import collector_paused
from builder.emit.output import Artifact
from builder.model.content import Game
from builder.plan.setups import planned_setups
from builder.render.typeset.papers import on_every_paper
from builder.render.typeset.setup_card import game_cells, setup_card_pdf

KIND = "setup-pdf"


def emit_setup_pdf(game: Game) -> list[Artifact]:
    """Return a setup card per scenario and language on each paper of `print.papers`, from the planned
    setups the VASSAL module also starts from (hidden pieces and facings marked alike); a card is typeset
    once per group of papers of about the same size (`paper_groups`, typeset/papers.py).

    The collector is paused: a card of thousands of rows makes millions of short-lived paragraphs and
    fragments, and each full collection would walk the whole loaded game again. The cards share their
    rows' cells (`game_cells`): each scenario and language lists many of the same counters and places.
    """
    papers = game.game.print.papers
    cells = game_cells(game)
    found: list[Artifact] = []
    with collector_paused():
        for setup in planned_setups(game):
            for lang in game.game.editions():
                pdfs = on_every_paper(papers, setup_card_pdf, game, setup.scenario, lang, cells=cells, setup=setup)
                found += [Artifact(KIND, f"setup/{setup.scenario.id}-{lang}-{paper}.pdf", pdfs[paper],
                                   {"scenario": setup.scenario.id, "lang": lang, "paper": paper}) for paper in papers]
    return found
