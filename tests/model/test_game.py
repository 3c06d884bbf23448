"""Model helpers that checks rely on (dice results, the turn track's dates), and what importing the models costs."""
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


def test_importing_the_models_builds_no_validator() -> None:
    """A build's main process only unpickles games: the validators are built where a game is validated
    (`defer_build`, and defaults made by `default_of`)."""
    import subprocess
    import sys

    from tests.conftest import PRINT_VALIDATED

    probe = "import builder.model.content\n" + PRINT_VALIDATED
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_a_default_made_without_validating_equals_the_validated_one() -> None:
    from builder.model.game import GameFile, PrintSettings, Stacking
    from builder.model.template import Box, CounterLayout

    assert GameFile.model_fields["stacking"].default == Stacking()
    assert GameFile.model_fields["print"].default == PrintSettings()
    assert CounterLayout.model_fields["reduced_band"].default == Box(x=0, y=0, w=1, h=0.1)
    assert type(CounterLayout.model_fields["reduced_band"].default.w) is float
