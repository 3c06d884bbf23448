"""The few words the module shows itself (window and button names), per language; English by default."""
from __future__ import annotations

WORDS: dict[str, dict[str, str]] = {
    "en": {"counters": "Counters", "markers": "Markers", "charts": "Charts", "units": "Units", "turn": "Turn",
           "aids": "Module boxes", "reinforcements": "Reinforcements", "free": "Set up freely", "cups": "Cups",
           "rulebook": "Rulebook", "scenario": "Scenario card", "other": "Other", "roll": "Roll",
           "retire": "Retire", "switch": "Switch sides", "range": "Range",
           "marker": "Markers", "chit": "Chits", "order-die": "Order dice", "control": "Control markers",
           "track": "Track markers"},
    "pl": {"counters": "Żetony", "markers": "Znaczniki", "charts": "Tabele", "units": "Jednostki", "turn": "Tura",
           "aids": "Pola modułu", "reinforcements": "Posiłki", "free": "Rozstawienie dowolne", "cups": "Pojemniki",
           "rulebook": "Instrukcja", "scenario": "Karta scenariusza", "other": "Inne", "roll": "Rzut",
           "retire": "Wycofaj się", "switch": "Zmień stronę", "range": "Odległość",
           "marker": "Znaczniki", "chit": "Żetony losowane", "order-die": "Kostki rozkazów",
           "control": "Znaczniki kontroli", "track": "Znaczniki tabel"},
    "pt": {"counters": "Marcadores", "markers": "Indicadores", "charts": "Tabelas", "units": "Unidades",
           "turn": "Turno", "aids": "Caixas do módulo", "reinforcements": "Reforços", "free": "Disposição livre",
           "cups": "Copos", "rulebook": "Livro de regras", "scenario": "Cartão do cenário", "other": "Outros",
           "roll": "Rolar", "retire": "Retirar-se", "switch": "Trocar de lado", "range": "Distância",
           "marker": "Indicadores", "chit": "Fichas sorteadas", "order-die": "Dados de ordens",
           "control": "Indicadores de controle", "track": "Indicadores de trilha"},
}


def word(key: str, lang: str) -> str:
    """Return the module word `key` in `lang` (English when the language is missing)."""
    return WORDS.get(lang.split("-")[0], WORDS["en"]).get(key, WORDS["en"][key])
