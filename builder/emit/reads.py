"""What an emitter reads when that depends on the game, told without importing the emitter: the build
cache asks it in the process that reads the games, which never draws anything (builder/build.py)."""
from __future__ import annotations

import re

from builder.model.content import Game

PICTURES = re.compile(r"\{\s*(counter|map)\s*:")
"""The start of an embed that draws a counter or a map excerpt (render/typeset/structure.py parses them)."""


def rulebook_reads(game: Game) -> tuple[str, ...]:
    """Return the parts of the game the rulebooks read, for the build cache: their text, the charts they
    embed with the movement classes and terrain those name, and counters (with their layouts) or maps
    only when some block pictures one, so that a changed counter does not typeset a rulebook again."""
    blocks = [block for book in game.rulebooks for block in book.blocks()]
    drawn = {found.group(1) for block in blocks for found in PICTURES.finditer(block.text)}
    return (("root", "game", "rulebooks", "charts", "counters.movement_classes", "maps.terrain")
            + (("counters", "layouts") if "counter" in drawn else ()) + (("maps",) if "map" in drawn else ()))
