"""The captions sandtable prints: every language has every one; dates and numbers without locale."""
from __future__ import annotations

import datetime as dt

from builder.phrases import PHRASES, date_text, number_text, phrase


def test_every_language_has_every_caption() -> None:
    keys = set(PHRASES["en"])
    for lang, table in PHRASES.items():
        assert set(table) == keys, lang


def test_unknown_language_falls_back_to_english() -> None:
    assert phrase("index", "de") == "Index"
    assert phrase("within", "pt-BR", n=1, target="0409") == "a até 1 de 0409"


def test_dates_and_numbers_as_printed() -> None:
    day = dt.date(1942, 6, 5)
    assert [date_text(day, lang) for lang in ("en", "pt", "pl")] == ["5 June 1942", "5 de junho de 1942",
                                                                     "5 czerwca 1942"]
    assert [number_text(v, "pt") for v in (2, 0.5, 1.5, -0.5, 0.25)] == ["2", "½", "1½", "−½", "0,25"]
