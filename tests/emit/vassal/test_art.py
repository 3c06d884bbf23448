"""The module's pictures: each distinct one drawn once."""
from __future__ import annotations

from builder.emit.vassal.art import _distinct, _job_size
from builder.render.drawing import Drawing, Paint, Rect


def _board(width_mm: float, colour: str) -> Drawing:
    return Drawing(width_mm, 40.0, (Rect(0, 0, width_mm, 40.0, Paint(fill=colour)),))


def test_equal_pictures_are_drawn_once_whatever_their_neighbours() -> None:
    jobs = [(_board(50, "#ff0000"), 96.0), (_board(60, "#ff0000"), 96.0), (_board(50, "#ff0000"), 96.0),
            (_board(50, "#00ff00"), 96.0), (_board(50, "#ff0000"), 150.0)]
    distinct, slots = _distinct(jobs, _job_size)
    assert slots == [0, 1, 0, 2, 3]
    assert distinct == [jobs[0], jobs[1], jobs[3], jobs[4]]


def test_the_same_object_twice_is_one_picture() -> None:
    board = (_board(50, "#ff0000"), 96.0)
    assert _distinct([board, board], _job_size) == ([board], [0, 0])


def test_a_board_is_the_map_sheets_hex_map_moved_not_drawn_again() -> None:
    from builder.emit.vassal.art import board_drawing
    from builder.emit.vassal.plan import plan_module
    from builder.load.game import load_game
    from builder.render.drawing import Group
    from builder.render.maps.sheet import map_sheets
    from tests.conftest import MINIMAL

    game = load_game(MINIMAL)
    plan = plan_module(game)
    board = next(b for b in plan.boards if b.hex is not None)
    sheet = next(s for s in map_sheets(game) if s.map_id == board.map_id)
    moved = [item for item in board_drawing(plan, board).items
             if isinstance(item, Group) and item.items is sheet.hex_map]
    assert len(moved) == 1 and sheet.hex_map
    # the sheet's grid corner lands where the board has it
    x_px, y_px = board.hex.offset_px
    assert abs(sheet.frame.x_mm + moved[0].dx_mm - x_px / plan.scale) < 1e-9
    assert abs(sheet.frame.y_mm + moved[0].dy_mm - y_px / plan.scale) < 1e-9
