"""The place names a map check finds covered (render/maps/label_room.py): the first thing each name runs into,
in order, never its own name, and boxes that merely touch are left alone."""
from types import SimpleNamespace

from builder.render.ink import Box
from builder.render.maps import label_room


def _clashes(monkeypatch, marks, obstacles):
    monkeypatch.setattr(label_room, "place_marks", lambda ctx: marks)
    monkeypatch.setattr(label_room, "printed_texts", lambda label: label)
    monkeypatch.setattr(label_room, "_obstacles", lambda ctx: iter(obstacles))
    monkeypatch.setattr(label_room, "_items_box", lambda marker: marker)
    return [(place.id, what) for place, what in label_room._clashes(None)]


def _mark(place: str, *boxes: Box, marker: Box | None = None) -> SimpleNamespace:
    return SimpleNamespace(place=SimpleNamespace(id=place), label=[SimpleNamespace(box=b) for b in boxes],
                           marker=marker)


def test_first_obstacle_in_order_then_names(monkeypatch):
    marks = [_mark("a", Box(0, 0, 10, 2), Box(0, 3, 10, 5)), _mark("b", Box(5, 1, 15, 3)), _mark("c", Box(50, 50, 60, 52))]
    obstacles = [(Box(20, 20, 22, 22), "far"), (Box(1, 4, 3, 6), "second line's"), (Box(8, 0, 9, 1), "first line's")]
    assert _clashes(monkeypatch, marks, obstacles) == [("a", "first line's"), ("b", 'the name of "a"')]


def test_touching_is_no_clash(monkeypatch):
    marks = [_mark("a", Box(0, 0, 10, 2), marker=Box(9.95, 0, 12, 2))]
    assert _clashes(monkeypatch, marks, [(Box(10, 0, 11, 2), "edge")]) == []
    assert _clashes(monkeypatch, [_mark("a", Box(0, 0, 10, 2), marker=Box(9.8, 0, 12, 2))], []) == \
        [("a", 'the marker of "a"')]
