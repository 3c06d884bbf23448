"""Placements written out as setup cards print them, in each language."""
from __future__ import annotations

import datetime as dt

from builder.load.game import load_game
from builder.model.scenario import Reinforcement, Where
from builder.render.typeset.placement import Names, arrival_text, where_text
from tests.conftest import MINIMAL


def _where(**kwargs) -> Where:
    return Where.model_validate(kwargs)


def test_every_way_of_placing_in_english() -> None:
    names = Names(load_game(MINIMAL), "en")
    assert where_text(_where(hex="0409"), names) == "0409"
    assert where_text(_where(place="ville"), names) == "Ville (0402)"
    assert where_text(_where(within={"hexes": 1, "of": "0409"}), names) == "within 1 of 0409"
    assert where_text(_where(within={"hexes": 2, "of": ["ville", "0101"]}), names) == "within 2 of Ville (0402) or 0101"
    assert where_text(_where(zone="red-half"), names) == "in zone Red half"
    assert where_text(_where(box="turn-2"), names) == "in box Turns: 2"
    assert where_text(_where(stacked_with={"formation": "1-div"}), names) == "stacked with any unit of 1st Division"
    assert where_text(_where(stacked_with={"unit": "r1"}), names) == "stacked with 1st Infantry"
    assert where_text(_where(edge="east"), names) == "on the east edge"
    assert where_text(_where(anywhere="own-side"), names) == "anywhere on its own side"


def test_reinforcements_by_turn_and_by_date() -> None:
    game = load_game(MINIMAL)
    by_turn = Reinforcement.model_validate({"turn": 5, "units": ["b2"], "edge": "east"})
    assert arrival_text(by_turn, Names(game, "en")) == "enters on turn 5 by the east edge"
    assert arrival_text(by_turn, Names(game, "pt")) == "entra no turno 5 pela borda leste"
    assert arrival_text(by_turn, Names(game, "pl")) == "wchodzi w turze 5 od krawędzi wschodniej"
    by_date = Reinforcement.model_validate({"date": dt.date(1942, 5, 28), "units": ["b2"], "hex": "0601"})
    assert arrival_text(by_date, Names(game, "en")) == "enters on turn 2 (28 May 1942) at 0601"
    assert arrival_text(by_date, Names(game, "pl")) == "wchodzi w turze 2 (28 maja 1942) w heksie 0601"
