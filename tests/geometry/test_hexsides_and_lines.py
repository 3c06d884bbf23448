"""Hexside identity, hexside corners and hex lines on grids of every orientation and parity."""
from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from builder.geometry.hexgrid import _CUBE_DIRECTIONS, _SIDE_CORNERS, Hex, HexGrid, Hexside
from builder.plan.hexes import hex_grid
from builder.model.map import Grid

grids = st.builds(
    lambda o, f, c, r: hex_grid(Grid(orientation=o, first=f, columns=c, rows=r, hex_mm=16.0)),
    st.sampled_from(["flat", "pointy"]), st.sampled_from(["high", "low"]),
    st.integers(2, 12), st.integers(2, 12),
)


def _close(p: tuple[float, float], q: tuple[float, float]) -> bool:
    return math.isclose(p[0], q[0], abs_tol=1e-9) and math.isclose(p[1], q[1], abs_tol=1e-9)


@given(grids, st.data())
@settings(max_examples=80, deadline=None)
def test_the_side_between_two_hexes_has_one_identity(grid: HexGrid, data) -> None:
    a = data.draw(st.sampled_from(grid.all_hexes()))
    for b in grid.neighbours(a):
        side = grid.hexside_between(a, b)
        assert side is not None and side == grid.hexside_between(b, a)
        assert grid.hexside_id(side) == grid.hexside_id(Hexside.of(b, a))
        assert side in grid.hexsides(a) and side in grid.hexsides(b)


@given(grids, st.data())
@settings(max_examples=80, deadline=None)
def test_hexside_corners_are_corners_of_both_hexes(grid: HexGrid, data) -> None:
    a = data.draw(st.sampled_from(grid.all_hexes()))
    for b in grid.neighbours(a):
        p, q = grid.hexside_corners_mm(grid.hexside_between(a, b))
        assert any(_close(p, c) for c in grid.corners_mm(b)) and any(_close(q, c) for c in grid.corners_mm(b))
        assert math.isclose(math.dist(p, q), grid.radius_mm)
        middle = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
        ca, cb = grid.centre_mm(a), grid.centre_mm(b)
        assert _close(middle, ((ca[0] + cb[0]) / 2, (ca[1] + cb[1]) / 2))


def test_hexes_that_do_not_touch_share_no_side() -> None:
    grid = hex_grid(Grid(columns=4, rows=4))
    assert grid.hexside_between(Hex(0, 0), Hex(0, 2)) is None
    assert grid.hexside_between(Hex(0, 0), Hex(0, 0)) is None


def test_every_hex_has_six_sides_and_the_grid_counts_each_once() -> None:
    grid = hex_grid(Grid(columns=3, rows=2))
    assert all(len(set(grid.hexsides(h))) == 6 for h in grid.all_hexes())
    sides = grid.all_hexsides()
    assert len(sides) == len(set(sides))
    inner = [s for s in sides if grid.contains(s.a) and grid.contains(s.b)]
    assert len(inner) == sum(len(grid.neighbours(h)) for h in grid.all_hexes()) // 2


@given(grids, st.data())
@settings(max_examples=80, deadline=None)
def test_a_hex_line_is_contiguous_and_as_long_as_the_distance(grid: HexGrid, data) -> None:
    a = data.draw(st.sampled_from(grid.all_hexes()))
    b = data.draw(st.sampled_from(grid.all_hexes()))
    line = grid.line(a, b)
    assert line[0] == a and line[-1] == b
    assert len(line) == grid.distance(a, b) + 1
    for first, second in zip(line, line[1:]):
        assert grid.distance(first, second) == 1


@given(grids, st.data())
@settings(max_examples=60, deadline=None)
def test_every_hex_of_a_line_is_crossed_by_the_segment_between_centres(grid: HexGrid, data) -> None:
    a = data.draw(st.sampled_from(grid.all_hexes()))
    b = data.draw(st.sampled_from(grid.all_hexes()))
    (ax, ay), (bx, by) = grid.centre_mm(a), grid.centre_mm(b)
    for hex_ in grid.line(a, b):
        cx, cy = grid.centre_mm(hex_)
        length = math.hypot(bx - ax, by - ay) or 1.0
        off_line_mm = abs((bx - ax) * (ay - cy) - (ax - cx) * (by - ay)) / length
        assert off_line_mm <= grid.radius_mm + 1e-6


def test_a_line_along_a_hexside_keeps_to_one_side() -> None:
    grid = hex_grid(Grid(columns=5, rows=5))
    # 0101 to 0302 runs exactly along the side between 0201 and 0202 (flat, odd-q)
    line = [grid.label(h) for h in grid.line(grid.find("0101"), grid.find("0302"))]
    assert line[0] == "0101" and line[-1] == "0302" and len(line) == 3
    assert line[1] in ("0201", "0202")
    assert line == [grid.label(h) for h in grid.line(grid.find("0101"), grid.find("0302"))]


@given(grids)
@settings(max_examples=40, deadline=None)
def test_grid_segments_draw_every_side_once(grid: HexGrid) -> None:
    segments = grid.hexside_segments_mm()
    assert len(segments) == len(grid.all_hexsides())
    keys = {tuple(sorted((round(x, 6), round(y, 6)) for x, y in segment)) for segment in segments}
    assert len(keys) == len(segments)
    by_side = [grid.hexside_corners_mm(side) for side in grid.all_hexsides()]
    # the very ends of every side (from the lattice, so to the last bit), in either direction
    assert sorted(map(sorted, segments)) == sorted(map(sorted, by_side))


@given(grids, st.data())
@settings(max_examples=60, deadline=None)
def test_neighbours_share_corners_to_the_last_bit(grid: HexGrid, data) -> None:
    a = data.draw(st.sampled_from(grid.all_hexes()))
    for b in grid.neighbours(a):
        assert len(set(grid.corners_mm(a)) & set(grid.corners_mm(b))) == 2


@given(grids)
@settings(max_examples=40, deadline=None)
def test_grid_segments_are_each_hexs_sides_to_the_last_bit(grid: HexGrid) -> None:
    # the obvious way, hex by hex and direction by direction: a side is drawn by the lower of its two
    # hexes, or by its only hex on the grid's edge
    expected = []
    for hex_ in grid.all_hexes():
        corners = grid.corners_mm(hex_)
        q, r, _ = grid.cube(hex_)
        for (dq, dr), (first, second) in zip(_CUBE_DIRECTIONS, _SIDE_CORNERS):
            other = grid.from_cube(q + dq, r + dr)
            if other > hex_ or not grid.contains(other):
                expected.append((corners[first], corners[second]))
    segments = grid.hexside_segments_mm()
    assert [tuple(map(tuple, row)) for row in grid.hexside_segments_array().reshape(-1, 2, 2).tolist()] == segments
    assert segments == expected


@given(grids)
@settings(max_examples=40, deadline=None)
def test_centres_and_labels_at_once_are_those_hex_by_hex(grid: HexGrid) -> None:
    hexes = grid.all_hexes()
    assert grid.centre_units_array(hexes).tolist() == [list(grid.centre_units(h)) for h in hexes]
    assert grid.hex_labels() == tuple(grid.label(h) for h in hexes)
    assert all(grid.find(grid.label(h)) == h for h in hexes)
