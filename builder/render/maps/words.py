"""The few words a map sheet prints itself (key title, scale, tile labels), per language.

Content text comes from the model in the sheet's language (its edition's); these labels follow it, and a
language missing here prints English.
"""
from __future__ import annotations

from builder.model.locales import plural_form

WORDS: dict[str, dict[str, str]] = {
    "en": {"key": "Terrain key", "scale": "Scale", "hex": "1 hex", "turn": "1 turn", "unit": "units",
           "tile": "Sheet", "row": "row", "column": "column", "of": "of", "assembly": "Assembling the map",
           "overlap": "overlap", "assembly_note": "Trim each sheet along the marks on its top and left edges and "
                                                 "lay it over its neighbours, matching the printed overlap.",
           "inches": "inches", "sheets.one": "{n} sheet", "sheets.other": "{n} sheets"},
    "pl": {"key": "Legenda terenu", "scale": "Skala", "hex": "1 heks", "turn": "1 tura", "unit": "jednostki",
           "tile": "Arkusz", "row": "rząd", "column": "kolumna", "of": "z", "assembly": "Składanie mapy",
           "overlap": "zakładka", "assembly_note": "Przytnij każdy arkusz wzdłuż znaczników u góry i po lewej "
                                                   "i połóż go na sąsiednich, dopasowując wydrukowaną zakładkę.",
           "inches": "cale", "sheets.one": "{n} arkusz", "sheets.few": "{n} arkusze", "sheets.many": "{n} arkuszy",
           "sheets.other": "{n} arkusza"},
    "pt": {"key": "Legenda do terreno", "scale": "Escala", "hex": "1 hexágono", "turn": "1 turno",
           "unit": "unidades", "tile": "Folha", "row": "linha", "column": "coluna", "of": "de",
           "assembly": "Montagem do mapa", "overlap": "sobreposição",
           "assembly_note": "Corte cada folha pelas marcas de cima e da esquerda e coloque-a sobre as "
                            "vizinhas, fazendo coincidir a sobreposição impressa.",
           "inches": "polegadas", "sheets.one": "{n} folha", "sheets.many": "{n} de folhas",
           "sheets.other": "{n} folhas"},
}


def word(key: str, lang: str) -> str:
    """Return the sheet word `key` in `lang` (English when the language is missing)."""
    return WORDS.get(lang.split("-")[0], WORDS["en"]).get(key, WORDS["en"][key])


def counted(key: str, count: int, lang: str) -> str:
    """Return `count` things in `lang` in the plural form CLDR gives that number (`1 sheet`, `12 sheets`; `2
    arkusze`, `5 arkuszy`): the words of `key.<form>`, else those of `key.other`."""
    table = WORDS.get(lang.split("-")[0], WORDS["en"])
    form = plural_form(count, lang) if f"{key}.other" in table else "other"
    found = table.get(f"{key}.{form}") or table.get(f"{key}.other") or WORDS["en"][f"{key}.other"]
    return found.format(n=count)
