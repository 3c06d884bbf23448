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


def test_the_checks_measure_with_the_faces_the_game_prints_with() -> None:
    """What the checks measure, the emitters reuse (builder/memo.py): measured with the shipped faces, a game
    printed in its own font had its charts laid out for the wrong one (gazala-1942 prints in Carlito)."""
    from builder.render.charts import chart_drawing
    from builder.render.fonts import game_faces, using_fonts
    from tests.conftest import CONTENT

    checked_game, fresh = load_game(CONTENT / "gazala-1942"), load_game(CONTENT / "gazala-1942")
    assert game_faces(fresh) is not None
    run_checks(checked_game, only=["layout/text-too-small"])  # it measures every chart as the documents lay it out
    drawn = []
    for game in (fresh, checked_game):
        with using_fonts(game_faces(game)):
            drawn.append([chart_drawing(game, chart, lang, width_mm=180.0) for chart in game.charts.charts
                          for lang in game.game.languages])
    assert drawn[0] == drawn[1]
