"""Model helpers that checks rely on: dice results, the turn track's dates."""
from __future__ import annotations

import datetime as dt

from builder.model.game import Dice, TurnStructure


def test_dice_results() -> None:
    assert Dice(id="d6").results() == [1, 2, 3, 4, 5, 6]
    assert Dice(id="2d6", count=2).results() == list(range(2, 13))
    assert Dice(id="d10", faces=10, first_face=0).results() == list(range(10))
    assert Dice(id="dmg", modifiers=(-3, 1)).results() == list(range(-2, 8))
    assert Dice(id="aa", count=3, combine="separate").results() == [1, 2, 3, 4, 5, 6]


def test_turn_track_dates() -> None:
    track = TurnStructure(start=dt.date(1942, 5, 26), end=dt.date(1942, 6, 22), days_per_turn=2)
    assert track.turn_count() == 14
    assert track.date_of(5) == dt.date(1942, 6, 3)
    assert track.turn_of(dt.date(1942, 6, 4)) == 5
    assert track.turn_of(dt.date(1942, 6, 23)) is None
    assert track.turn_of(dt.date(1942, 5, 25)) is None
