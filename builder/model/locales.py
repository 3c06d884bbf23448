"""Dates, numbers and plural forms as each language prints them, from CLDR (Babel) rather than our own tables.

A language code of the content (`en`, `pl`, `pt-BR`) names a CLDR locale. A bare `en` is CLDR's
international English (`en_001`: `23 May`, `23 May 1942`) rather than its US English (`May 23`): a
wargame's turn track and setup card read day first, as its sources do; a game that wants US dates
declares `en-US`. Nothing here reads the machine's locale, so output never depends on it.
"""
from __future__ import annotations

import datetime as dt
from functools import lru_cache

from babel import Locale
from babel.dates import format_date, format_skeleton
from babel.numbers import format_decimal

_BARE = {"en": "en_001"}
"""Bare codes whose CLDR default region is not the one a printed game wants (see the module's note)."""


@lru_cache(maxsize=64)
def locale_of(lang: str) -> Locale:
    """Return the CLDR locale a content language code prints with."""
    return Locale.parse(_BARE.get(lang, lang.replace("-", "_")))


def long_date(date: dt.date, lang: str) -> str:
    """Return a date with its year, as players read it: `26 May 1942`, `26 maja 1942`, `26 de maio de 1942`."""
    return format_date(date, "long", locale=locale_of(lang))


def day_and_month(date: dt.date, lang: str) -> str:
    """Return a date without its year, for a turn box: `23 May`, `23 maja`, `23 de maio`."""
    return format_skeleton("MMMMd", date, locale=locale_of(lang))


def decimal_text(value: float, lang: str) -> str:
    """Return a decimal number with the language's decimal sign (`1.5`, `1,5`), no grouping, no trailing zeros."""
    return format_decimal(value, format="0.######", locale=locale_of(lang))


def plural_form(count: int, lang: str) -> str:
    """Return the CLDR plural category of `count` in `lang`: `one`, `few`, `many` or `other`."""
    return locale_of(lang).plural_form(count)
