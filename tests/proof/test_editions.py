"""Read-back proof of the language editions: each edition's counter sheets, maps (full size and tiled, with
their assembly pages), map SVGs and setup cards print their words in that edition's language and none of
another language's words that the model translates.

What is foreign to an edition is worked out from the model's text alone: the words of every text given per
language whose value in another language differs from the edition's, less every word the edition itself
prints from the model (its own values, the values that fall back to the source language where a text lacks
the edition's, and plain strings, which are the same in every language). sandtable's own captions (map key,
tile labels, setup-card headings) are held to the same rule.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from pydantic import BaseModel

from builder.model.base import text_in
from builder.model.content import Game
from builder.render.maps.words import WORDS
from builder.phrases import PHRASES
from tests.proof.conftest import PROOFED, Built
from tests.proof.expected import marker_face_words, printed_mix
from tests.proof.reading import pdf_pages, svg_texts

WORD = re.compile(r"[^\W\d_]{3,}")
"""A word worth comparing: three letters or more (`w`, `de`, `of` are shared by too many languages)."""
HYPHENS = re.compile("[\xad\ufffe]\\s?")
"""A soft hyphen, or what pdfium reads for one printed at a line's end: the word goes on after it."""


def _words(text: str) -> set[str]:
    return set(WORD.findall(HYPHENS.sub("", text).lower()))


def _texts(node: object, languages: set[str]) -> list[str | dict[str, str]]:
    """Return every text of the model for players: plain strings and texts given per language."""
    if isinstance(node, dict) and node and set(node) <= languages and all(isinstance(v, str) for v in node.values()):
        return [node]
    if isinstance(node, str):
        return [node]
    if isinstance(node, BaseModel):
        children = [getattr(node, name) for name in type(node).model_fields if name != "src"]
    elif isinstance(node, dict):
        children = list(node.values())
    elif isinstance(node, (list, tuple)):
        children = list(node)
    else:
        children = []
    return [text for child in children for text in _texts(child, languages)]


def foreign_words(game: Game, lang: str) -> set[str]:
    """Return the words the edition in `lang` must not print: another language's translated words."""
    languages = set(game.game.languages)
    parts = (game.game, game.counters, game.maps, game.charts, *game.scenarios)
    texts = [text for part in parts for text in _texts(part, languages)]
    own = {word for text in texts for word in _words(text_in(text, lang))}
    own |= {word for table in (PHRASES, WORDS) for word in _words(" ".join(table.get(lang, table["en"]).values()))}
    foreign: set[str] = set()
    for text in (t for t in texts if isinstance(t, dict) and lang in t):
        foreign |= {word for other, value in text.items() if other != lang and value != text[lang]
                    for word in _words(value)}
    for other in languages - {lang}:
        for table in (PHRASES, WORDS):
            foreign |= _words(" ".join(table.get(other, table["en"]).values()))
    return foreign - own


def _pdf_words(path: Path) -> set[str]:
    return _words(" ".join(run.text for page in pdf_pages(path).runs for run in page))


def edition_words(built: Built, lang: str) -> dict[str, set[str]]:
    """Return the words each printed component of one edition shows, by its path."""
    first = built.game.game.print.papers[0]
    found = {}
    for entry in built.artifacts:
        if entry.get("lang") != lang:
            continue
        path = built.folder / entry["path"]
        if entry["kind"] in ("counters-pdf", "setup-pdf") and entry["paper"] == first:
            found[entry["path"]] = _pdf_words(path)
        elif entry["kind"] == "map-pdf" and entry["layout"] in ("full", first):
            found[entry["path"]] = _pdf_words(path)
        elif entry["kind"] == "map-svg":
            found[entry["path"]] = _words(" ".join(t.text for t in svg_texts(path.read_bytes())))
    return found


def _languages(folder: Path) -> list[str]:
    """Return the languages a game folder's game.yaml declares (read before the build, to name the tests)."""
    return list(yaml.safe_load((folder / "game.yaml").read_text(encoding="utf-8")).get("languages", []))


EDITIONS = [(folder.name, lang) for folder in PROOFED for lang in _languages(folder)[1:]]
"""Every edition of a proofed game other than its source language's: (game id, language)."""


@pytest.mark.parametrize("game_id, lang", EDITIONS)
def test_an_edition_prints_no_word_of_another_language(built_games: dict[str, Built], game_id: str,
                                                      lang: str) -> None:
    built = built_games[game_id]
    foreign = foreign_words(built.game, lang)
    printed = edition_words(built, lang)
    assert {"counters-pdf", "map-pdf", "map-svg"} <= {e["kind"] for e in built.artifacts if e.get("lang") == lang}
    problems = [f"{path}: {sorted(words & foreign)[:12]}" for path, words in printed.items() if words & foreign]
    assert not problems, f"the {lang} edition prints words of another language:\n" + "\n".join(problems)


@pytest.mark.parametrize("game_id, lang", EDITIONS)
def test_an_editions_markers_and_map_labels_are_in_its_language(built_games: dict[str, Built], game_id: str,
                                                                lang: str) -> None:
    built = built_games[game_id]
    game = built.game
    printed = edition_words(built, lang)
    sheets = set().union(*(words for path, words in printed.items() if path.startswith("counters/")))
    maps = set().union(*(words for path, words in printed.items() if path.endswith(".svg")))
    wanted = {word for counter in printed_mix(game) if counter.marker is not None
              for face in range(max(1, len(counter.marker.faces))) for word in _words(
                  marker_face_words(game, counter.marker, face, lang))}
    assert wanted <= sheets, f"missing from the {lang} counter sheets: {sorted(wanted - sheets)[:20]}"
    labels = {word for map_ in game.maps.maps for thing in (*map_.places, *map_.tracks)
              for word in _words(text_in(thing.name, lang))}
    assert labels <= maps, f"missing from the {lang} map SVGs: {sorted(labels - maps)[:20]}"
