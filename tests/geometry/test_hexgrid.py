"""Hex grid properties: round trips, symmetric neighbours, a metric distance, labels."""
from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from builder.geometry.hexgrid import AxisLabels, GridShape, Hex, HexGrid, Labelling, alpha_label
from builder.plan.hexes import hex_grid
from builder.model.map import Grid, Numbering

grids = st.builds(
    lambda o, f, c, r: hex_grid(Grid(orientation=o, first=f, columns=c, rows=r)),
    st.sampled_from(["flat", "pointy"]), st.sampled_from(["high", "low"]),
    st.integers(2, 14), st.integers(2, 14),
)


@given(grids, st.data())
@settings(max_examples=60, deadline=None)
def test_cube_round_trip_and_symmetric_neighbours(grid: HexGrid, data) -> None:
    hex_ = data.draw(st.sampled_from(grid.all_hexes()))
    assert grid.from_cube(*grid.cube(hex_)[:2]) == hex_
    for other in grid.neighbours(hex_):
        assert hex_ in grid.neighbours(other)
        ax, ay = grid.centre_mm(hex_)
        bx, by = grid.centre_mm(other)
        assert math.isclose(math.hypot(ax - bx, ay - by), grid.spec.hex_mm)


@given(grids, st.data())
@settings(max_examples=60, deadline=None)
def test_distance_is_a_metric(grid: HexGrid, data) -> None:
    a, b, c = (data.draw(st.sampled_from(grid.all_hexes())) for _ in range(3))
    assert grid.distance(a, a) == 0
    assert grid.distance(a, b) == grid.distance(b, a)
    assert grid.distance(a, c) <= grid.distance(a, b) + grid.distance(b, c)
    assert set(grid.within(a, 1)) == {a, *grid.neighbours(a)}


def test_labels_follow_the_numbering() -> None:
    grid = hex_grid(Grid(columns=3, rows=3))
    assert grid.label(Hex(0, 0)) == "0101" and grid.label(Hex(2, 1)) == "0302"
    staggered = hex_grid(Grid(columns=3, rows=3, numbering=Numbering(stagger=True)))
    assert [staggered.label(Hex(c, 0)) for c in range(3)] == ["0101", "0202", "0301"]
    alpha = hex_grid(Grid(columns=28, rows=2, numbering={"column": {"style": "alpha", "first": 0}, "separator": "."}))
    assert alpha.label(Hex(0, 0)) == "A.01" and alpha.label(Hex(27, 1)) == "BB.02"
    assert alpha_label(26) == "AA"
    descending = hex_grid(Grid(columns=3, rows=4, numbering={"row": {"descending": True}}))
    assert descending.label(Hex(0, 0)) == "0104"


def test_a_grid_of_plain_values_is_the_content_grid_that_hex_grid_converts() -> None:
    # every field of the model's grid reaches the geometry: a field dropped or swapped changes labels or sizes
    column, row = AxisLabels("alpha", 1, 0, False), AxisLabels("numeric", 3, 5, True)
    plain = HexGrid(GridShape("pointy", 28, 4, 16.0, "low", Labelling("row-column", ".", column, row, True)))
    content = hex_grid(Grid(orientation="pointy", columns=28, rows=4, hex_mm=16.0, first="low", numbering={
        "order": "row-column", "separator": ".", "column": {"style": "alpha", "digits": 1, "first": 0},
        "row": {"digits": 3, "first": 5, "descending": True}, "stagger": True}))
    assert content.spec == plain.spec
    assert plain.hex_labels()[:3] == ("008.B", "007.A", "006.B")  # staggered: shifted rows one letter on
    assert plain.size_mm() == content.size_mm()
