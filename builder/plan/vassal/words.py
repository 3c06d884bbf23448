"""The few words the module shows itself (window and button names), per language; English by default."""
from __future__ import annotations

WORDS: dict[str, dict[str, str]] = {
    "en": {"counters": "Counters", "markers": "Markers", "charts": "Charts", "units": "Units", "turn": "Turn",
           "aids": "Module boxes", "reinforcements": "Reinforcements", "free": "Set up freely", "cups": "Cups",
           "rulebook": "Rulebook", "scenario": "Scenario card", "other": "Other", "roll": "Roll",
           "retire": "Retire", "switch": "Switch sides", "range": "Range",
           "marker": "Markers", "chit": "Chits", "order-die": "Order dice", "control": "Control markers",
           "track": "Track markers",
           "eliminated": "Eliminated", "eliminate": "Eliminate", "restore": "Restore", "return": "Return to cup",
           "trail": "Movement trail", "label": "Write label", "cw": "Turn right", "ccw": "Turn left",
           "rotate": "Turn", "command": "Command range", "hide": "Hide", "reveal": "Reveal", "overview": "Overview",
           "hide-pieces": "Hide pieces", "notes": "Notes", "about": "About", "credits": "Credits",
           "version": "Version", "dice": "Dice", "unmoved": "Clear moved markers",
           "combat": "Attacker / defender", "helper": "Combat odds",
           "return-all": "Return chits to cups"},
    "pl": {"counters": "Żetony", "markers": "Znaczniki", "charts": "Tabele", "units": "Jednostki", "turn": "Tura",
           "aids": "Pola modułu", "reinforcements": "Posiłki", "free": "Rozstawienie dowolne", "cups": "Pojemniki",
           "rulebook": "Instrukcja", "scenario": "Karta scenariusza", "other": "Inne", "roll": "Rzut",
           "retire": "Wycofaj się", "switch": "Zmień stronę", "range": "Odległość",
           "marker": "Znaczniki", "chit": "Żetony losowane", "order-die": "Kostki rozkazów",
           "control": "Znaczniki kontroli", "track": "Znaczniki tabel",
           "eliminated": "Wyeliminowane", "eliminate": "Wyeliminuj", "restore": "Przywróć",
           "return": "Zwróć do pojemnika", "trail": "Ślad ruchu", "label": "Napisz etykietę", "cw": "Obróć w prawo",
           "ccw": "Obróć w lewo", "rotate": "Obróć", "command": "Zasięg dowodzenia", "hide": "Zakryj",
           "reveal": "Odkryj", "overview": "Podgląd mapy", "hide-pieces": "Ukryj żetony", "notes": "Notatki",
           "about": "O module", "credits": "Autorzy", "version": "Wersja", "dice": "Kości",
           "unmoved": "Usuń znaczniki ruchu",
           "combat": "Atakujący / broniący się", "helper": "Stosunek sił",
           "return-all": "Zwróć żetony do pojemników"},
    "pt": {"counters": "Marcadores", "markers": "Indicadores", "charts": "Tabelas", "units": "Unidades",
           "turn": "Turno", "aids": "Caixas do módulo", "reinforcements": "Reforços", "free": "Disposição livre",
           "cups": "Copos", "rulebook": "Livro de regras", "scenario": "Cartão do cenário", "other": "Outros",
           "roll": "Rolar", "retire": "Retirar-se", "switch": "Trocar de lado", "range": "Distância",
           "marker": "Indicadores", "chit": "Fichas sorteadas", "order-die": "Dados de ordens",
           "control": "Indicadores de controle", "track": "Indicadores de trilha",
           "eliminated": "Eliminadas", "eliminate": "Eliminar", "restore": "Restaurar", "return": "Devolver ao copo",
           "trail": "Rastro de movimento", "label": "Escrever rótulo", "cw": "Girar à direita",
           "ccw": "Girar à esquerda", "rotate": "Girar", "command": "Alcance de comando", "hide": "Ocultar",
           "reveal": "Revelar", "overview": "Visão geral", "hide-pieces": "Ocultar peças", "notes": "Notas",
           "about": "Sobre", "credits": "Créditos", "version": "Versão", "dice": "Dados",
           "unmoved": "Limpar marcas de movimento",
           "combat": "Atacante / defensor", "helper": "Relação de forças",
           "return-all": "Devolver fichas aos copos"},
}


def word(key: str, lang: str) -> str:
    """Return the module word `key` in `lang` (English when the language is missing)."""
    return WORDS.get(lang.split("-")[0], WORDS["en"]).get(key, WORDS["en"][key])
