"""The rulebook of each language as a PDF: a two-column rulebook, or a quick-reference sheet when
game.yaml says `document: {kind: reference}`."""
from __future__ import annotations

from builder.emit.output import Artifact
from builder.model.content import Game
from builder.render.typeset.reference import reference_pdf
from builder.render.typeset.rulebook import rulebook_pdf

KIND = "rules-pdf"


def emit_rulebook_pdf(game: Game) -> list[Artifact]:
    """Return one rulebook PDF per language, on the game's first paper size."""
    paper = game.game.print.papers[0]
    typeset = reference_pdf if game.game.document.kind == "reference" else rulebook_pdf
    return [Artifact(KIND, f"rules/rules-{book.lang}.pdf", typeset(game, book, paper=paper),
                     {"lang": book.lang, "paper": paper, "document": game.game.document.kind})
            for book in game.rulebooks if book.cases]
