"""The rulebook of each language as a PDF on each paper: a two-column rulebook, or a quick-reference sheet when
game.yaml says `document: {kind: reference}`."""
from __future__ import annotations

from builder.emit.output import Artifact
from builder.model.content import Game
from builder.render.typeset.reference import reference_pdf
from builder.render.typeset.rulebook import rulebook_pdf

KIND = "rules-pdf"


def emit_rulebook_pdf(game: Game) -> list[Artifact]:
    """Return the rulebook PDF of each edition's language on each paper of `print.papers`."""
    typeset = reference_pdf if game.game.document.kind == "reference" else rulebook_pdf
    editions = game.game.editions()
    return [Artifact(KIND, f"rules/rules-{book.lang}-{paper}.pdf", typeset(game, book, paper=paper),
                     {"lang": book.lang, "paper": paper, "document": game.game.document.kind})
            for book in game.rulebooks if book.cases and book.lang in editions for paper in game.game.print.papers]
