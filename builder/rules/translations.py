"""Checks that every text players read is written in every language of the game.

A text is one string, shared by every edition, or `{lang: …}` with one string per language. The texts
are every `Text` field of the model and every chart cell (builder/model/texts.py). A renderer asked for
a language a text lacks prints another language's words (`text_in` falls back to the first one given);
`text/missing-translation` is what makes that fallback never silent.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Iterator

from builder.diagnostics import WARNING, Finding
from builder.memo import per_game
from builder.model.base import Text
from builder.model.cells import CellKind
from builder.model.charts import Tec, column_types
from builder.model.content import Game
from builder.model.rulebook import Rulebook
from builder.model.texts import PrintedText, printed_texts
from builder.rules.index import Index
from builder.rules.registry import check

LETTERS = {"pl": "ąćęłńóśźż", "pt": "ãõçáéíóúâêôà"}
"""Letters that mark a word as one of these languages' rather than English (the seed games' languages)."""

_MARKS = frozenset("".join(LETTERS.values()))
_WORD = re.compile(r"[^\W\d_]+")
_SHORTEST_WORD = 3
"""Shorter words (`of`, `do`, `Pz`) are left alone, unless a letter of one language marks them (`Oś`)."""


@per_game
def _texts(game: Game) -> tuple[PrintedText, ...]:
    """Return every text for players (builder/model/texts.py), walked once for the translation checks."""
    return tuple(printed_texts(game))


@check("text/missing-translation", severity=WARNING)
def missing_translations(game: Game, ix: Index) -> Iterator[Finding]:
    """A text written per language (`{pl: …, en: …}`) has every language of the game.

    Why: the edition of a language the text lacks prints another language's words in its place, on a
    counter, the map, a chart or a setup card, and nothing else says so.
    Fails:  languages: [pl, en] and a unit's name: {pl: Piechota}
    Passes: name: {pl: Piechota, en: Infantry}
    """
    for item in _texts(game):
        missing = missing_languages(item, game.game.languages)
        if missing:
            written = next(lang for lang, v in item.text.items() if v.strip())
            yield Finding(item.at, f"{item.what} has no {_listed(missing)} text: the {_listed(missing)} "
                          f"edition would print its {written} text, \"{item.text[written]}\"",
                          f"add {missing[0]}: … to the mapping", subject=f"{item.subject}:{','.join(missing)}")


@check("text/undeclared-language", severity=WARNING)
def undeclared_languages(game: Game, ix: Index) -> Iterator[Finding]:
    """A text per language is written only in languages of the game.

    Why: no edition prints a text under a language game.yaml does not declare (`de:` in a Polish and English
    game, or `pt:` where `en:` was meant), so its words are lost, and the edition it was meant for prints
    another language's words in their place.
    Fails:  languages: [pl, en] and a unit's name: {pl: Piechota, de: Infanterie}
    Passes: languages: [pl, en, de] and the same name
    """
    declared = game.game.languages
    for item in _texts(game):
        if not isinstance(item.text, dict):
            continue
        extra = [lang for lang in item.text if lang not in declared]
        if extra:
            yield Finding(item.at, f"{item.what} has a {_listed(extra)} text, but the game's languages are "
                          f"{_listed(list(declared))}: no edition prints it",
                          f"add {extra[0]} to `languages` in game.yaml, or write the text under one of "
                          f"{', '.join(declared)}", subject=f"{item.subject}:{','.join(extra)}")


@check("text/untranslated", severity=WARNING)
def untranslated_texts(game: Game, ix: Index) -> Iterator[Finding]:
    """A text printed alike in every edition has no word of only one of the game's languages.

    Why: a plain string, or a text written the same in every language, prints alike in every edition, so a
    Polish word in it lands on the English counters. A word is one language's when that language writes it
    in lower case (in its rulebook or its texts per language) and no other language writes it at all, or
    when it has a letter only that language writes (ł, ã). Names and abbreviations (written capitalised), designations and numbers
    (`21 Pz`, `150/50`) are left alone, and so are a chart's result codes, whose names are texts.
    Fails:  languages: [pl, en], a marker's text: Niezaopatrzona (a word of rules/pl/, not of rules/en/)
    Passes: text: {pl: Niezaopatrzona, en: Out of supply}, or text: "21 Pz"
    """
    if len(game.game.languages) < 2:
        return
    texts = _texts(game)
    vocabulary = Vocabulary.of(game, texts)
    kinds = cell_kinds(game)
    for item in texts:
        shared = shared_text(item.text)
        if shared is None or kinds.get((id(item.owner), item.field, item.index), "text") != "text":
            continue
        found = vocabulary.one_language_words(shared)
        if found:
            lang, word = found
            others = [other for other in game.game.languages if other != lang]
            written = ", ".join([f'{lang}: "{shared}"'] + [f"{other}: …" for other in others])
            yield Finding(item.at, f"{item.what}, \"{shared}\", is one text for every edition, but \"{word}\" "
                          f"is a word of the {lang} texts only: the {_listed(others)} edition would print it too",
                          f"write it per language: {{{written}}}", subject=item.subject)


@dataclass(frozen=True)
class Vocabulary:
    """The words each language of a game writes: its rulebook's, and its part of the texts per language."""

    languages: tuple[str, ...]
    own: dict[str, frozenset[str]]
    """The words each language writes in lower case: its own words, rather than names and abbreviations."""
    every: dict[str, frozenset[str]]
    """Every word each language writes, in lower case, names and abbreviations too."""
    with_rulebook: frozenset[str]
    """The languages that have a rulebook: only their silence about a word says it is not theirs."""

    @classmethod
    def of(cls, game: Game, texts: Iterable[PrintedText]) -> "Vocabulary":
        """Return the vocabulary of a game, whose texts for players are `texts`."""
        written: dict[str, list[str]] = {lang: [] for lang in game.game.languages}
        for book in game.rulebooks:
            if book.lang in written:
                written[book.lang].append(_rulebook_text(book))
        for item in texts:
            if isinstance(item.text, dict) and shared_text(item.text) is None:
                for lang, text in item.text.items():
                    if lang in written:
                        written[lang].append(text)
        tokens = {lang: set(_WORD.findall("\n".join(parts))) for lang, parts in written.items()}
        return cls(tuple(game.game.languages),
                   {lang: frozenset(common_words_of(" ".join(found))) for lang, found in tokens.items()},
                   {lang: frozenset(words_of(" ".join(found))) for lang, found in tokens.items()},
                   frozenset(book.lang for book in game.rulebooks))

    def language_of(self, word: str) -> str | None:
        """Return the one language `word` belongs to, or None when it is several's, none's, or undecided.

        A word is a language's when that language writes it in lower case, or spells it with a letter of
        its own (ł, ã), and no other language writes it at all (`Pole` is a Polish word, and in
        `Pole-Carew` an English name)."""
        homes = [lang for lang in self.languages if word in self.own[lang] or _marked(word, lang)]
        if len(homes) != 1:
            return None
        others = [lang for lang in self.languages if lang != homes[0]]
        if any(word in self.every[lang] for lang in others):
            return None
        if _marked(word, homes[0]) or all(lang in self.with_rulebook for lang in others):
            return homes[0]
        return None

    def one_language_words(self, text: str) -> tuple[str, str] | None:
        """Return the first word of `text` that is one language's, with that language, or None."""
        for word in words_of(text):
            lang = self.language_of(word)
            if lang is not None:
                return lang, word
        return None


def shared_text(text: Text) -> str | None:
    """Return the one text every edition prints: a plain string, or a text per language that writes the same
    in every language it has (`{pl: Gazala, en: Gazala}`); None for a translated text."""
    if isinstance(text, str):
        return text
    written = {value for value in text.values() if value.strip()}
    return next(iter(written)) if len(written) == 1 and len(text) > 1 else None


def cell_kinds(game: Game) -> dict[tuple[int, str, int | None], CellKind]:
    """Return the kind of each chart cell, by (its row's identity, field, column): only `text` cells print
    a plain string as words; the others print numbers, or result codes whose names are texts of their own."""
    kinds: dict[tuple[int, str, int | None], CellKind] = {}
    for chart in game.charts.charts:
        if isinstance(chart, Tec):
            kinds.update({(id(row), "combat", None): chart.combat_kind for row in chart.rows})
            kinds.update({(id(row), "cost", m): "number" for row in chart.rows for m in row.cost})
            continue
        columns = [c.kind for c in column_types(game.charts, chart)]
        kinds.update({(id(row), "cells", n): kind for row in chart.rows for n, kind in enumerate(columns)})
    return kinds


def words_of(text: str) -> list[str]:
    """Return the words of a text, in lower case and first use order: runs of letters, long enough or marked by
    a letter of one language."""
    return [w for w in dict.fromkeys(_WORD.findall(text.lower()))
            if len(w) >= _SHORTEST_WORD or not _MARKS.isdisjoint(w)]


def common_words_of(text: str) -> list[str]:
    """Return the words a text writes in lower case: a language's own words, not the names (`Incheon`) and
    abbreviations (`KPA`) it shares with the others, which it writes capitalised wherever it uses them."""
    return [w for w in dict.fromkeys(_WORD.findall(text)) if len(w) >= _SHORTEST_WORD and w.islower()]


def _marked(word: str, lang: str) -> bool:
    return any(letter in LETTERS.get(lang, "") for letter in word)


def _rulebook_text(book: Rulebook) -> str:
    """Return the words of a rulebook as one text: case titles, blocks and glossary."""
    return "\n".join([*(case.title for case in book.cases), *(block.text for block in book.blocks()),
                      *(f"{entry.term} {entry.definition}" for entry in book.glossary)])


def _listed(languages: list[str]) -> str:
    return " and ".join(f'"{lang}"' for lang in languages)


def missing_languages(item: PrintedText, languages: Iterable[str]) -> list[str]:
    """Return the languages a text per language lacks (none for a plain string, or a text with no words)."""
    if not isinstance(item.text, dict) or not any(v.strip() for v in item.text.values()):
        return []
    return [lang for lang in languages if not item.text.get(lang, "").strip()]
