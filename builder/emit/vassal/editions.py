"""One module per language of the game: each is the module of the game's edition in that language.

The emitter and everything it calls (pieces, boards, menus, the counter and map renderers) name things
in the game's first language. The edition of a game in a language is the same game with that language
first, so the module made from it says everything in that language: piece names, counter faces, trait
menus, boards, charts, setups, About and Help. A text missing in that language falls back to the
game's first language as it does everywhere (`text_in`), which the i18n checks report.
"""
from __future__ import annotations

import dataclasses

from builder.memo import per_game
from builder.model.content import Game


def edition(game: Game, lang: str) -> Game:
    """Return `game` with `lang` as its first language (`game` itself when it is already first)."""
    return game if game.game.languages[0] == lang else _reordered(game, lang)


@per_game
def _reordered(game: Game, lang: str) -> Game:
    """Return a copy of `game` with `lang` first, made once per game and language, so that the drawings
    remembered per game (counter faces, map sheets) are drawn once for each edition. (Not the game itself:
    a remembered value holding its game would keep it alive.)"""
    ordered = [lang, *(other for other in game.game.languages if other != lang)]
    return dataclasses.replace(game, game=game.game.model_copy(update={"languages": ordered}))


def module_path(game: Game, lang: str) -> str:
    """Return the module file of one language: `<game-id>.vmod` for the first, `<game-id>-<lang>.vmod` for
    the others (so a one-language game keeps its one file name)."""
    return f"{game.id}.vmod" if lang == game.game.languages[0] else f"{game.id}-{lang}.vmod"
