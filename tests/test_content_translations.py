"""Every seed game's texts for players are written in each of its languages: the English edition prints no
source-language word, and the source edition keeps every one of its own texts."""
from __future__ import annotations

from pathlib import Path

import pytest

from builder.load.game import load_game
from builder.model.texts import printed_texts
from builder.rules.registry import run_checks
from builder.rules.translations import LETTERS, Vocabulary, common_words_of, missing_languages, words_of
from tests.conftest import game_folders

SEEDS = [folder for folder in game_folders() if len(load_game(folder).game.languages) > 1]


def test_the_five_seed_games_have_several_languages() -> None:
    assert {folder.name for folder in SEEDS} >= {"gazala-1942", "batalha-de-gazala", "next-war",
                                                  "magersfontein-1899", "bolt-action"}


@pytest.mark.parametrize("folder", SEEDS, ids=lambda p: p.name)
def test_every_printed_text_has_every_language(folder: Path) -> None:
    game = load_game(folder)
    texts = list(printed_texts(game))
    translated = [item for item in texts if isinstance(item.text, dict)]
    assert len(translated) > 50, "the walk found too few texts per language to be the game's"
    lacking = [f"{item.at}: {item.what} lacks {missing_languages(item, game.game.languages)}"
               for item in translated if missing_languages(item, game.game.languages)]
    assert lacking == []


@pytest.mark.parametrize("folder", SEEDS, ids=lambda p: p.name)
def test_no_shared_text_holds_one_language_words(folder: Path) -> None:
    game = load_game(folder)
    found = run_checks(game, only=["text/missing-translation", "text/undeclared-language", "text/untranslated"])
    assert [f"{d.at}: [{d.rule}] {d.message}" for d in found if d.rule.startswith("text/")] == []


@pytest.mark.parametrize("folder", SEEDS, ids=lambda p: p.name)
def test_english_texts_hold_no_source_language_letters(folder: Path) -> None:
    """Every English text is English: no word with a letter of the source language (ł, ã) unless the English
    texts write that word elsewhere too, as a name (Łukasz)."""
    game = load_game(folder)
    source = game.game.languages[0]
    english = [item.text["en"] for item in printed_texts(game) if isinstance(item.text, dict) and "en" in item.text]
    names = {w for text in english for w in words_of(text) if not common_words_of(w)}
    marked = [(text, word) for text in english for word in common_words_of(text)
              if any(letter in LETTERS.get(source, "") for letter in word) and word not in names]
    assert marked == []


@pytest.mark.parametrize("folder", SEEDS, ids=lambda p: p.name)
def test_source_edition_keeps_its_own_texts(folder: Path) -> None:
    """Each text per language has its source-language text, and the source edition's texts that differ from
    the English ones are its own words: the English texts do not write them in lower case (loanwords such
    as "(flak)" aside)."""
    game = load_game(folder)
    source = game.game.languages[0]
    translated = [item for item in printed_texts(game) if isinstance(item.text, dict)]
    assert [str(item.at) for item in translated if not item.text.get(source, "").strip()] == []
    differing = [item.text[source] for item in translated if item.text[source] != item.text.get("en")]
    assert len(differing) > 50
    english = Vocabulary.of(game, printed_texts(game)).own["en"]
    own = [text for text in differing if not set(common_words_of(text)) or set(common_words_of(text)) - english]
    assert len(own) >= 0.98 * len(differing), [t for t in differing if t not in own][:20]
