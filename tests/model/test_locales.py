"""Dates, decimal signs and plural forms per language, from CLDR (Babel): never from the machine's locale."""
from __future__ import annotations

import datetime as dt

import pytest

from builder.model.cells import number_text
from builder.model.locales import day_and_month, decimal_text, long_date, plural_form
from builder.render.maps.tiling import assembly_overlay, tile_marks, tile_plan
from builder.render.maps.words import counted

GAZALA = dt.date(1942, 5, 23)


@pytest.mark.parametrize("lang, short, full", [
    ("en", "23 May", "23 May 1942"), ("pl", "23 maja", "23 maja 1942"), ("pt", "23 de maio", "23 de maio de 1942"),
    ("en-US", "May 23", "May 23, 1942"), ("pt-BR", "23 de maio", "23 de maio de 1942")])
def test_dates_are_written_as_each_language_writes_them(lang: str, short: str, full: str) -> None:
    assert (day_and_month(GAZALA, lang), long_date(GAZALA, lang)) == (short, full)


@pytest.mark.parametrize("lang, decimal", [("en", "1.25"), ("pl", "1,25"), ("pt", "1,25")])
def test_decimals_take_the_languages_decimal_sign(lang: str, decimal: str) -> None:
    assert decimal_text(1.25, lang) == decimal and decimal_text(12000.0, lang) == "12000"
    assert number_text(-1.25, lang) == "−" + decimal and number_text(2.5, lang) == "2½"


def test_plural_forms_follow_cldr() -> None:
    assert [plural_form(n, "pl") for n in (1, 2, 5, 22, 25)] == ["one", "few", "many", "few", "many"]
    assert [counted("sheets", n, "pl") for n in (1, 3, 12)] == ["1 arkusz", "3 arkusze", "12 arkuszy"]
    assert [counted("sheets", n, "en") for n in (1, 4)] == ["1 sheet", "4 sheets"]
    assert counted("sheets", 2, "pt") == "2 folhas"


def test_the_assembly_page_counts_its_sheets_and_writes_the_overlap_in_the_editions_language() -> None:
    plan = tile_plan(500.0, 400.0, "a4", overlap_mm=7.5)
    texts = {lang: " ".join(item.text for item in assembly_overlay(plan, "Mapa", lang, 0.3, 10.0, 36.0).items
                            if hasattr(item, "text")) for lang in ("pl", "en")}
    count = len(plan.tiles)
    assert f"= {counted('sheets', count, 'pl')}" in texts["pl"] and "zakładka 7,5 mm" in texts["pl"]
    assert f"= {count} sheets" in texts["en"] and "overlap 7.5 mm" in texts["en"]
    label = next(i.text for i in tile_marks(plan, plan.tiles[0], "Mapa", "pt").items if hasattr(i, "text")
                 and "Folha" in i.text)
    assert "sobreposição 7,5 mm" in label
