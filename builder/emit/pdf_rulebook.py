"""The rulebook of each language as a PDF on each paper: a two-column rulebook, typeset once per language and
group of papers of about the same size (`paper_groups`) and given each other paper of the group by its page
boxes (typeset/papers.py); or a quick-reference sheet when game.yaml says `document: {kind: reference}`,
typeset on each paper (its landscape columns take the whole paper: on Letter's shorter width a two-page
sheet would run to three)."""
from __future__ import annotations

from builder.emit.output import Artifact
from builder.model.content import Game
from builder.model.units import paper_groups
from builder.render.typeset.papers import on_every_paper
from builder.render.typeset.reference import reference_pdf
from builder.render.typeset.rulebook import rulebook_pdf

KIND = "rules-pdf"


def typeset_groups(game: Game) -> list[tuple[str, ...]]:
    """Return the groups of `print.papers` a rulebook is typeset once for: each paper alone for a reference sheet."""
    papers = game.game.print.papers
    return [(paper,) for paper in papers] if game.game.document.kind == "reference" else paper_groups(papers)


def emit_rulebook_pdf(game: Game) -> list[Artifact]:
    """Return the rulebook PDF of each edition's language on each paper of `print.papers`, group by group."""
    typeset = reference_pdf if game.game.document.kind == "reference" else rulebook_pdf
    editions = game.game.editions()
    found: list[Artifact] = []
    for book in game.rulebooks:
        if book.cases and book.lang in editions:
            pdfs = {paper: pdf for group in typeset_groups(game)
                    for paper, pdf in on_every_paper(group, typeset, game, book).items()}
            # group by group, as the build's parts (pipeline/emitters.py `_one_rulebook_each`) list them
            found += [Artifact(KIND, f"rules/rules-{book.lang}-{paper}.pdf", pdf,
                               {"lang": book.lang, "paper": paper, "document": game.game.document.kind})
                      for paper, pdf in pdfs.items()]
    return found
