"""Hex polygons tile the plane without overlap, share their sides, and fill the map rectangle."""
from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from builder.geometry.hexgrid import HexGrid
from builder.plan.hexes import hex_grid
from builder.geometry.polygons import corners_array, edge_gaps, grid_rectangle, hex_polygon, hexes_polygon, merged
from builder.model.map import Grid

grids = st.builds(
    lambda o, f, c, r, size: hex_grid(Grid(orientation=o, first=f, columns=c, rows=r, hex_mm=size)),
    st.sampled_from(["flat", "pointy"]), st.sampled_from(["high", "low"]),
    st.integers(1, 12), st.integers(1, 12), st.sampled_from([12.0, 16.2, 19.05, 25.4]),
)


@given(grids)
@settings(max_examples=40, deadline=None)
def test_hexes_tile_without_overlap(grid: HexGrid) -> None:
    polygons = [hex_polygon(grid, h) for h in grid.all_hexes()]
    union = hexes_polygon(grid, grid.all_hexes())
    assert math.isclose(sum(p.area for p in polygons), union.area, rel_tol=1e-5)
    assert math.isclose(polygons[0].area, 3 * math.sqrt(3) / 2 * grid.radius_mm ** 2, rel_tol=1e-9)


@given(grids, st.floats(-50, 50), st.floats(-50, 50))
@settings(max_examples=30, deadline=None)
def test_corners_of_many_hexes_are_each_hexs_corners_to_the_bit(grid: HexGrid, dx_mm: float, dy_mm: float) -> None:
    hexes = grid.all_hexes()
    assert corners_array(grid, hexes, dx_mm=dx_mm, dy_mm=dy_mm).tolist() == \
        [[[x + dx_mm, y + dy_mm] for x, y in grid.corners_mm(h)] for h in hexes]


@given(grids, st.data())
@settings(max_examples=40, deadline=None)
def test_neighbours_share_exactly_one_side(grid: HexGrid, data) -> None:
    a = data.draw(st.sampled_from(grid.all_hexes()))
    for b in grid.neighbours(a):
        shared = hex_polygon(grid, a).buffer(1e-6).intersection(hex_polygon(grid, b).buffer(1e-6))
        assert shared.area < 1e-3 * grid.spec.hex_mm
        assert math.isclose(shared.length / 2, grid.radius_mm, rel_tol=1e-3)


@given(grids)
@settings(max_examples=30, deadline=None)
def test_hexes_and_edge_gaps_fill_the_map_rectangle(grid: HexGrid) -> None:
    gaps = edge_gaps(grid)
    whole = merged([hexes_polygon(grid, grid.all_hexes()), *gaps.values()])
    rectangle = grid_rectangle(grid)
    assert math.isclose(whole.area, rectangle.area, rel_tol=1e-4)
    assert all(len(grid.neighbours(h)) < 6 for h in gaps)



@given(grids)
@settings(max_examples=60, deadline=None)
def test_edge_hexes_are_those_with_fewer_than_six_neighbours(grid: HexGrid) -> None:
    assert grid.edge_hexes() == [h for h in grid.all_hexes() if len(grid.neighbours(h)) < 6]
