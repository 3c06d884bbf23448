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
