"""A build checks a game in its own process while the game's tasks run (builder/build.py `HeadStart`): the checks
call it back after each one, so that it takes in the tasks that finish meanwhile."""
from __future__ import annotations

from builder.load.game import load_game
from builder.pipeline.checking import CheckResult, checked
from builder.rules.registry import WAIVER_CHECK_ID, every_check, run_checks
from tests.conftest import MINIMAL


def test_the_checks_call_back_after_each_check_and_find_the_same() -> None:
    game = load_game(MINIMAL)
    calls = []
    found = run_checks(game, between=lambda: calls.append(len(calls)))
    assert len(calls) == len([c for c in every_check() if c != WAIVER_CHECK_ID])
    assert found == run_checks(game)
    result = checked(CheckResult(MINIMAL, game, []), between=lambda: calls.append(-1))
    assert result.diagnostics == found and calls.count(-1) == len(calls) // 2
