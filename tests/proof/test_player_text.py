"""Read-back proof that what players read is theirs: no model id on a printed page unless it is that
thing's printed name, and no designer note (what was designed, the source, a correction) on a player
component unless the content marks it to be printed."""
from __future__ import annotations

import re
from pathlib import Path

from builder.phrases import phrase
from tests.proof.conftest import Built
from tests.proof.model_words import ModelWords, leaked_ids, model_words
from tests.proof.reading import pdf_text_pages

PRINTED_KINDS = ("counters-pdf", "charts-pdf", "aid-pdf", "rules-pdf", "setup-pdf", "map-pdf")
"""Every printed document; each is read in the first paper (the others hold the same text)."""
RULEBOOK_KINDS = ("rules-pdf",)
"""Documents whose designer's notes the content marks to be printed: rulebook `::: designer` blocks."""
ORDINARY_WORDS = frozenset({"close-combat", "all-weather"})
"""Ids that are also hyphenated words of the rules' prose (`its close-combat bonus`, `all-weather rating`)."""
NOTE_WINDOW_WORDS = 8
"""A designer note is found on a page when this many of its words (all of them words, not figures: a
note quotes the values it speaks of) stand there in a row."""
EDITORIAL = {
    "en": r"\bthe source\b|\(source:|\bsee corrections\b|\bdesigned\b|\bseed\b",
    "pt": r"\bfonte\b|\bcorreç(ão|ões)\b|\bcriad[oa]s?\b|\bprojetad[oa]s?\b",
    "pl": r"\bźródło (podaje|nie)\b|\bze źródła\b|\(źródło:|\bzaprojektowan\w*|\bkorekt\w*",
}
"""How each language talks about the making of the game rather than playing it: the source the content
transcribes, what was designed where it is silent, the corrections to it."""


def printed_documents(built: Built, kinds: tuple[str, ...]) -> list[tuple[dict, Path]]:
    """Return the printed PDFs of some kinds, in the game's first paper (maps at full size)."""
    first = built.game.game.print.papers[0]
    return [(entry, built.folder / entry["path"]) for entry in built.artifacts
            if entry["kind"] in kinds and entry.get("paper", first) == first and entry.get("layout", "full") == "full"]


def id_problems(built: Built, words: ModelWords) -> list[str]:
    """Return every model id a printed page shows that is not that thing's printed name."""
    problems = []
    for entry, path in printed_documents(built, PRINTED_KINDS):
        for number, text in enumerate(pdf_text_pages(path), start=1):
            problems += [f"{entry['path']} page {number}: the {words.ids[token]} id {token!r}"
                         for token in sorted(set(leaked_ids(text, words)) - ORDINARY_WORDS)]
    return problems


def test_no_model_id_is_printed_unless_it_is_the_things_printed_name(built: Built) -> None:
    words = model_words(built.game)
    assert words.ids, "the model has no ids to look for"
    problems = id_problems(built, words)
    assert not problems, f"{len(problems)} id(s) printed:\n" + "\n".join(problems[:30])


def _plain(text: str) -> str:
    """Return text lower-cased with its words single-spaced: a PDF breaks lines wherever they end."""
    return " ".join(re.findall(r"[\w'’]+", text.lower()))


def note_windows(notes: tuple[str, ...]) -> set[str]:
    """Return every run of NOTE_WINDOW_WORDS words of the designer notes."""
    found = set()
    for note in notes:
        plain = _plain(note).split()
        windows = (plain[i:i + NOTE_WINDOW_WORDS] for i in range(len(plain) - NOTE_WINDOW_WORDS + 1))
        found.update(" ".join(w) for w in windows if not any(word.isdigit() for word in w))
    return found


def note_problems(built: Built, windows: set[str]) -> list[str]:
    """Return every page of a player component but the rulebook (whose designer's notes the content marks)
    that repeats a designer note, or talks of the source, the corrections or what was designed."""
    problems = []
    kinds = tuple(kind for kind in PRINTED_KINDS if kind not in RULEBOOK_KINDS)
    for entry, path in printed_documents(built, kinds):
        lang = entry.get("lang", built.game.game.languages[0])
        for number, text in enumerate(pdf_text_pages(path), start=1):
            plain = _plain(text)
            problems += [f"{entry['path']} page {number}: repeats the designer note '… {w} …'"
                         for w in sorted(windows) if w in plain]
            # the setup card's legend of its † is sandtable's own line, printed for placements marked designed
            text = " ".join(text.split()).replace(phrase("designed", lang), "")
            problems += [f"{entry['path']} page {number}: an editorial aside: '…{text[max(0, m.start() - 40):m.end() + 20]}…'"
                         for m in re.finditer(EDITORIAL.get(lang, EDITORIAL["en"]), text, flags=re.IGNORECASE)]
    return problems


def test_no_designer_note_reaches_a_player_component_unless_marked_to_be_printed(built: Built) -> None:
    words = model_words(built.game)
    problems = note_problems(built, note_windows(words.notes))
    assert not problems, f"{len(problems)} note(s) printed:\n" + "\n".join(problems[:30])
