"""Read-back proof that each game's source-language edition stays whole beside its translations: the words
of its own language that its counter faces and map labels are written in, where they differ from the English,
are printed on its counter sheets and map SVGs."""
from __future__ import annotations

import pytest

from builder.model.base import text_in
from builder.model.counters import MarkerFace, Step
from builder.model.map import Box, Place, Track
from builder.model.texts import printed_texts
from tests.proof.conftest import PROOFED, Built
from tests.proof.test_editions import _languages, _words, edition_words

SEVERAL = [folder.name for folder in PROOFED if len(_languages(folder)) > 1 and "en" in _languages(folder)]
COUNTER_TEXTS = {(MarkerFace, "text"), (Step, "label")}
MAP_TEXTS = {(Place, "name"), (Track, "name"), (Box, "name"), (Box, "date")}


def _own_words(built: Built, kinds: set[tuple[type, str]]) -> set[str]:
    """Return the source language's words of the given texts that the English text of each does not write."""
    source = built.game.game.languages[0]
    words: set[str] = set()
    for item in printed_texts(built.game):
        marker = item.holder.parent.node if item.holder.parent is not None else None
        if getattr(marker, "origin", "source") != "source":
            continue  # a module aid is a VASSAL piece only
        if (type(item.owner), item.field) in kinds and isinstance(item.text, dict):
            words |= _words(text_in(item.text, source)) - _words(text_in(item.text, "en"))
    return words


@pytest.mark.parametrize("game_id", SEVERAL)
def test_the_source_edition_prints_its_own_counter_and_map_words(built_games: dict[str, Built],
                                                                game_id: str) -> None:
    built = built_games[game_id]
    printed = edition_words(built, built.game.game.languages[0])
    sheets = set().union(*(words for path, words in printed.items() if path.startswith("counters/")))
    maps = set().union(*(words for path, words in printed.items() if path.endswith(".svg")))
    counter_words, map_words = _own_words(built, COUNTER_TEXTS), _own_words(built, MAP_TEXTS)
    assert counter_words or map_words, "the game translates none of its counter or map texts"
    assert counter_words <= sheets, f"missing from the source counter sheets: {sorted(counter_words - sheets)[:20]}"
    assert map_words <= maps, f"missing from the source map SVGs: {sorted(map_words - maps)[:20]}"
