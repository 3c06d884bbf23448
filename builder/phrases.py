"""The few words sandtable itself prints on charts, rulebooks and setup cards, in each language.

Content text comes from the model; these are the captions around it ("Contents", "Column shifts",
"enters on turn 5 by the east edge"). A language without an entry falls back to English. A leaf module:
the drawings, the checks and the VASSAL plan (a piece's "reduced" level) all use these words.
"""
from __future__ import annotations

import datetime as dt

from builder.model.cells import number_text  # noqa: F401  (printed numbers are the model's)
from builder.model.locales import long_date

PHRASES: dict[str, dict[str, str]] = {
    "en": {
        "figure": "Figure", "credits": "Credits",
        "contents": "Contents", "glossary": "Glossary", "index": "Index", "example": "Example of play",
        "designer": "Designer's note", "note": "Note", "page": "Page", "front": "front", "back": "back",
        "sheet": "sheet", "terrain": "Terrain", "combat": "Combat", "notes": "Notes",
        "shifts": "Column shifts (− left, + right)", "results": "Results", "odds": "Odds",
        "differential": "Differential", "strength": "Strength", "yes": "yes", "no": "no",
        "only": "only", "setup": "Setup", "reinforcements": "Reinforcements", "replacements": "Replacements",
        "special_rules": "Special rules", "victory": "Victory conditions", "markers": "Markers",
        "cups": "Cup contents", "turns": "Turns", "first_player": "First player", "unit": "Unit",
        "where": "Where", "independent": "Other units", "turn": "Turn", "points": "Points", "pool": "Pool",
        "side": "Side", "at_start": "at start", "objectives": "Objectives", "vp": "VP",
        "elimination": "Each {nationality} unit destroyed: {vp} VP to {scorer}", "checked": "Checked",
        "not_used": "Not used", "designed": "† placement designed: the source does not give it",
        "reduced": "reduced", "hidden": "hidden", "facing": "facing {deg}°", "hex": "{hex}", "place": "{place}", "within": "within {n} of {target}",
        "zone": "in zone {zone}", "box": "in box {box}", "stacked_formation": "stacked with any unit of {formation}",
        "stacked_unit": "stacked with {unit}", "edge": "on the {edge} edge",
        "enters": "enters on turn {turn} {where}", "enters_edge": "by the {edge} edge",
        "enter_hex": "at {where}", "enter_place": "at {where}",
        "anywhere_own": "anywhere on its own side", "anywhere_map": "anywhere on the map", "or": "or",
        "on_map": "map {map}", "north": "north", "south": "south", "east": "east", "west": "west",
        "control": "{side} must hold", "default_winner": "Otherwise {side} wins",
        "turn_date": "turn {turn} ({date})", "counter": "Counter",
        "sheet_fronts": "sheet {n}, fronts", "sheet_backs": "sheet {n}, backs", "sheet_n": "sheet {n}",
        "long-edge": "print duplex, flip on long edge", "short-edge": "print duplex, flip on short edge",
        "single-sided": "print both pages, glue back to front", "fold-over": "fold on the centre line",
        "calibration_front": "Calibration: print this page pair as you will print the sheets; hold it to the light",
        "calibration_back": "Calibration back: read the offset on the ticks (1 mm each) and set print.back_offset_mm",
        "rulebook": "rulebook", "reference": "rules summary", "counter-sheets": "counter sheets",
        "charts": "charts", "aid": "player aid card", "map": "map",
        "credits": "Credits", "credits-design": "Design", "credits-art": "Art", "credits-translation": "Translation",
        "credits-publisher": "Publisher", "credits-version": "Version", "credits-copyright": "Copyright",
        "credits-licence": "Licence",
    },
    "pt": {
        "figure": "Figura", "credits": "Créditos",
        "contents": "Sumário", "glossary": "Glossário", "index": "Índice remissivo", "example": "Exemplo de jogo",
        "designer": "Nota do autor", "note": "Nota", "page": "Página", "front": "frente", "back": "verso",
        "sheet": "folha", "terrain": "Terreno", "combat": "Combate", "notes": "Notas",
        "shifts": "Deslocamentos de coluna (− esquerda, + direita)", "results": "Resultados",
        "odds": "Relação de forças", "differential": "Diferença", "strength": "Força", "yes": "sim",
        "no": "não", "only": "só", "setup": "Disposição inicial", "reinforcements": "Reforços",
        "replacements": "Substituições", "special_rules": "Regras especiais", "victory": "Condições de vitória",
        "markers": "Marcadores", "cups": "Conteúdo dos copos", "turns": "Turnos", "first_player": "Primeiro jogador",
        "unit": "Unidade", "where": "Onde", "independent": "Outras unidades", "turn": "Turno", "points": "Pontos",
        "pool": "Reserva", "side": "Lado", "at_start": "no início", "objectives": "Objetivos", "vp": "PV",
        "elimination": "Cada unidade {nationality} destruída: {vp} PV para {scorer}", "checked": "Verificação",
        "not_used": "Não usadas", "designed": "† posição criada: a fonte não a indica",
        "reduced": "reduzida", "hidden": "oculta", "facing": "voltada a {deg}°", "hex": "{hex}", "place": "{place}", "within": "a até {n} de {target}",
        "zone": "na zona {zone}", "box": "na casa {box}",
        "stacked_formation": "empilhada com qualquer unidade de {formation}", "stacked_unit": "empilhada com {unit}",
        "edge": "na borda {edge}", "enters": "entra no turno {turn} {where}", "enters_edge": "pela borda {edge}",
        "enter_hex": "no hexágono {where}", "enter_place": "em {where}",
        "anywhere_own": "em qualquer lugar do seu lado", "anywhere_map": "em qualquer lugar do mapa", "or": "ou",
        "on_map": "mapa {map}", "north": "norte", "south": "sul", "east": "leste", "west": "oeste",
        "control": "{side} deve controlar", "default_winner": "Caso contrário vence {side}",
        "turn_date": "turno {turn} ({date})", "counter": "Peça",
        "sheet_fronts": "folha {n}, frentes", "sheet_backs": "folha {n}, versos", "sheet_n": "folha {n}",
        "long-edge": "imprima frente e verso, virando pela borda longa",
        "short-edge": "imprima frente e verso, virando pela borda curta",
        "single-sided": "imprima as duas páginas e cole o verso na frente", "fold-over": "dobre na linha central",
        "calibration_front": "Calibração: imprima este par de páginas como imprimirá as folhas; olhe-o contra a luz",
        "calibration_back": "Verso da calibração: leia o desvio nas marcas (1 mm cada) e defina print.back_offset_mm",
        "rulebook": "livro de regras", "reference": "resumo das regras", "counter-sheets": "folhas de peças",
        "charts": "tabelas", "aid": "cartão de ajuda", "map": "mapa",
        "credits": "Créditos", "credits-design": "Autoria", "credits-art": "Arte", "credits-translation": "Tradução",
        "credits-publisher": "Editora", "credits-version": "Versão", "credits-copyright": "Direitos autorais",
        "credits-licence": "Licença",
    },
    "pl": {
        "figure": "Rycina", "credits": "Autorzy",
        "contents": "Spis treści", "glossary": "Słowniczek", "index": "Indeks", "example": "Przykład rozgrywki",
        "designer": "Uwaga autora", "note": "Uwaga", "page": "Strona", "front": "przód", "back": "tył",
        "sheet": "arkusz", "terrain": "Teren", "combat": "Walka", "notes": "Uwagi",
        "shifts": "Przesunięcia kolumn (− w lewo, + w prawo)", "results": "Wyniki", "odds": "Stosunek sił",
        "differential": "Różnica", "strength": "Siła", "yes": "tak", "no": "nie", "only": "tylko",
        "setup": "Rozstawienie", "reinforcements": "Posiłki", "replacements": "Uzupełnienia",
        "special_rules": "Zasady specjalne", "victory": "Warunki zwycięstwa", "markers": "Znaczniki",
        "cups": "Zawartość kubków", "turns": "Tury", "first_player": "Pierwszy gracz", "unit": "Jednostka",
        "where": "Gdzie", "independent": "Pozostałe jednostki", "turn": "Tura", "points": "Punkty",
        "pool": "Pula", "side": "Strona", "at_start": "na początku", "objectives": "Cele", "vp": "PZ",
        "elimination": "Każda zniszczona jednostka ({nationality}): {vp} PZ dla: {scorer}",
        "checked": "Sprawdzane", "not_used": "Nieużywane",
        "designed": "† pozycja zaprojektowana: źródło jej nie podaje",
        "reduced": "osłabiona", "hidden": "ukryta", "facing": "frontem na {deg}°", "hex": "{hex}", "place": "{place}", "within": "do {n} od {target}",
        "zone": "w strefie {zone}", "box": "w polu {box}",
        "stacked_formation": "w jednym heksie z dowolną jednostką: {formation}",
        "stacked_unit": "w jednym heksie z: {unit}", "edge": "przy krawędzi {edge}",
        "enters": "wchodzi w turze {turn} {where}", "enters_edge": "od krawędzi {edge}",
        "enter_hex": "w heksie {where}", "enter_place": "w miejscu {where}",
        "anywhere_own": "w dowolnym miejscu własnej strony", "anywhere_map": "w dowolnym miejscu mapy",
        "or": "lub", "on_map": "mapa {map}", "north": "północnej", "south": "południowej",
        "east": "wschodniej", "west": "zachodniej", "control": "{side} musi utrzymać",
        "default_winner": "W przeciwnym razie wygrywa: {side}", "turn_date": "tura {turn} ({date})",
        "rulebook": "instrukcja", "reference": "podsumowanie zasad", "counter-sheets": "arkusze żetonów",
        "charts": "tabele", "aid": "karta pomocy", "map": "mapa",
        "credits": "Twórcy", "credits-design": "Projekt", "credits-art": "Grafika",
        "credits-translation": "Tłumaczenie",
        "credits-publisher": "Wydawca", "credits-version": "Wersja", "credits-copyright": "Prawa autorskie",
        "credits-licence": "Licencja",
        "counter": "Żeton",
        "sheet_fronts": "arkusz {n}, awersy", "sheet_backs": "arkusz {n}, rewersy", "sheet_n": "arkusz {n}",
        "long-edge": "drukuj dwustronnie, obracając wzdłuż dłuższej krawędzi",
        "short-edge": "drukuj dwustronnie, obracając wzdłuż krótszej krawędzi",
        "single-sided": "wydrukuj obie strony i sklej tył z przodem", "fold-over": "złóż wzdłuż linii środkowej",
        "calibration_front": "Kalibracja: wydrukuj tę parę stron tak jak arkusze i obejrzyj ją pod światło",
        "calibration_back": "Tył kalibracji: odczytaj przesunięcie na podziałce (co 1 mm) i ustaw "
                            "print.back_offset_mm",
    },
}
"""Captions by language, then by key."""



def phrase(key: str, lang: str, **values: object) -> str:
    """Return the caption `key` in `lang` (English when missing), with `{names}` filled from `values`."""
    table = PHRASES.get(lang.split("-")[0], PHRASES["en"])
    text = table.get(key, PHRASES["en"][key])
    return text.format(**values) if values else text


def date_text(date: dt.date, lang: str) -> str:
    """Return a date as players read it in `lang` (`26 May 1942`, `26 de maio de 1942`, `26 maja 1942`)."""
    return long_date(date, lang)
