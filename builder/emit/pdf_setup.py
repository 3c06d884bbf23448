"""Scenario setup cards: one PDF per scenario and language."""
from __future__ import annotations

from builder.collector import collector_paused
from builder.emit.output import Artifact
from builder.model.content import Game
from builder.plan.setups import planned_setups
from builder.render.typeset.setup_card import game_cells, setup_card_pdf

KIND = "setup-pdf"


def emit_setup_pdf(game: Game) -> list[Artifact]:
    """Return a setup card per scenario and language, on the game's first paper size, from the planned
    setups the VASSAL module also starts from (hidden pieces and facings marked alike).

    The collector is paused: a card of thousands of rows makes millions of short-lived paragraphs and
    fragments, and each full collection would walk the whole loaded game again. The cards share their
    rows' cells (`game_cells`): each scenario and language lists many of the same counters and places.
    """
    paper = game.game.print.papers[0]
    cells = game_cells(game)
    with collector_paused():
        return [Artifact(KIND, f"setup/{setup.scenario.id}-{lang}.pdf",
                         setup_card_pdf(game, setup.scenario, lang, paper=paper, cells=cells, setup=setup),
                         {"scenario": setup.scenario.id, "lang": lang, "paper": paper})
                for setup in planned_setups(game) for lang in game.game.editions()]
