"""The rulebook of each language as a PDF: a two-column rulebook, or a quick-reference sheet when
game.yaml says `document: {kind: reference}`."""
from __future__ import annotations

import re

from builder.emit.output import Artifact
from builder.model.content import Game
from builder.render.typeset.reference import reference_pdf
from builder.render.typeset.rulebook import rulebook_pdf

KIND = "rules-pdf"
PICTURES = re.compile(r"\{\s*(counter|map)\s*:")
"""The start of an embed that draws a counter or a map excerpt (render/typeset/structure.py parses them)."""


def rulebook_reads(game: Game) -> tuple[str, ...]:
    """Return the parts of the game the rulebooks read, for the build cache: their text, the charts they
    embed with the movement classes and terrain those name, and counters (with their layouts) or maps
    only when some block pictures one, so that a changed counter does not typeset a rulebook again."""
    blocks = [block for book in game.rulebooks for block in book.blocks()]
    drawn = {found.group(1) for block in blocks for found in PICTURES.finditer(block.text)}
    return (("game", "rulebooks", "charts", "counters.movement_classes", "maps.terrain")
            + (("counters", "layouts") if "counter" in drawn else ()) + (("maps",) if "map" in drawn else ()))


def emit_rulebook_pdf(game: Game) -> list[Artifact]:
    """Return one rulebook PDF per language, on the game's first paper size."""
    paper = game.game.print.papers[0]
    typeset = reference_pdf if game.game.document.kind == "reference" else rulebook_pdf
    return [Artifact(KIND, f"rules/rules-{book.lang}.pdf", typeset(game, book, paper=paper),
                     {"lang": book.lang, "paper": paper, "document": game.game.document.kind})
            for book in game.rulebooks if book.cases]
