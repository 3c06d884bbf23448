"""Setup cards: every unit of the scenario with where it goes, reinforcements, rules and victory."""
from __future__ import annotations

import re

import pytest

from builder.emit.pdf_setup import emit_setup_pdf
from builder.load.game import load_game
from builder.model.base import text_in
from tests.conftest import CONTENT, MINIMAL
from tests.emit.pdf_reading import outline, pdf_fonts, pdf_text, reader


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


@pytest.mark.parametrize("game_id", ["batalha-de-gazala", "bolt-action"])
def test_setup_card_lists_every_unit_of_the_scenario(game_id: str) -> None:
    game = load_game(CONTENT / game_id)
    cards = emit_setup_pdf(game)
    assert len(cards) == len(game.scenarios) * len(game.game.languages) * len(game.game.print.papers)
    for card in cards:
        scenario = next(s for s in game.scenarios if s.id == card.extra["scenario"])
        lang = card.extra["lang"]
        text = _flat(pdf_text(card.data, raw=True))
        units = {u.id: text_in(u.name, lang) for u in game.counters.units}
        placed = [u for side in scenario.setup for p in side.placements for u in p.units]
        placed += [u for r in scenario.reinforcements for u in r.units]
        for unit in placed:
            assert _flat(units[unit]) in text, (card.path, unit)
        assert all(emb == "yes" for _, emb in pdf_fonts(card.data))


def test_batalha_card_writes_placements_out_in_portuguese() -> None:
    game = load_game(CONTENT / "batalha-de-gazala")
    card = next(a for a in emit_setup_pdf(game) if a.extra == {"scenario": "campaign", "lang": "pt", "paper": "a4"})
    text = _flat(pdf_text(card.data, raw=True))
    for expected in ("Disposição inicial: Eixo", "entra no turno 5 pela borda leste", "Sidi Breghisc (0408)",
                     "na zona", "Regras especiais", "Condições de vitória", "Tobruk (1704): 50 PV", "0403 †"):
        assert expected in text, expected
    headings = [title for _, title, _ in outline(reader(card.data))]
    assert headings[0] == "Disposição inicial: Eixo" and "Reforços" in headings


def test_minimal_card_covers_stacking_cups_markers_and_is_reproducible() -> None:
    game = load_game(MINIMAL)
    card, letter = emit_setup_pdf(game)
    assert (card.path, letter.path) == ("setup/meeting-en-a4.pdf", "setup/meeting-en-letter.pdf")
    assert card.kind == letter.kind == "setup-pdf" and letter.extra["paper"] == "letter"
    assert pdf_text(letter.data, raw=True) == pdf_text(card.data, raw=True)  # the A4 card, on Letter
    assert round(float(reader(letter.data).pages[0].mediabox.width)) == 612
    text = _flat(pdf_text(card.data, raw=True))
    for expected in ("stacked with any unit of 1st Division", "Ville (0402)", "enters on turn 2 by the east edge",
                     "Activation cup: Red chit", "in box Turns: 1", "Each Blueland unit destroyed: 2 VP to Red"):
        assert expected in text, expected
    assert emit_setup_pdf(load_game(MINIMAL))[0].data == card.data
