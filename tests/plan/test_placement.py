"""The placement plan on small variants of the minimal game: areas spread over the nearest legal hexes with
room, exact placements first, a full area left unplaced, hidden markers under their side's stacks, and the
same content always planned the same way."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from builder.geometry.hexgrid import HexGrid
from builder.plan.hexes import hex_grid
from builder.load.game import load_game
from builder.model.content import Game
from builder.plan.setups import Setup, planned_setups

EXTRA_UNITS = 6
"""Red infantry regiments x1 … x6 added to the minimal game, none in a formation."""


def _extra_units() -> str:
    return "".join(f"  - id: x{n}\n    name: Regiment {n}\n    designation: \"{n}\"\n    nationality: redland\n"
                   f"    type: infantry\n    size: II\n    steps:\n      - values: {{attack: 1, defence: 1, movement: 4}}\n"
                   for n in range(1, EXTRA_UNITS + 1))


def _game(folder: Path, red: str, *, limit: int = 2, markers: str = "") -> Game:
    """Return the minimal game with the extra units, Red's placements replaced and a stacking limit."""
    counters = folder / "counters.yaml"
    text = counters.read_text(encoding="utf-8").replace("markers:\n", _extra_units() + "markers:\n", 1)
    counters.write_text(text.replace("markers:\n", "markers:\n  - {id: mine, name: Mine, side: red, faces: "
                                     "[{text: Mine}, {text: Mined}]}\n", 1), encoding="utf-8")
    scenario = folder / "scenarios" / "meeting.yaml"
    text = scenario.read_text(encoding="utf-8")
    old = '      - {units: [r1], hex: "0102"}\n      - {units: [r2], stacked_with: {formation: 1-div}}\n'
    text = text.replace(old, red).replace("  - {markers: [turn], box: turn-1}\n",
                                          "  - {markers: [turn], box: turn-1}\n" + markers)
    scenario.write_text(text, encoding="utf-8")
    game_file = folder / "game.yaml"
    game_file.write_text(game_file.read_text(encoding="utf-8").replace(
        "    - {max: 2, text: two units per hex}", f"    - {{max: {limit}, text: a limit}}"), encoding="utf-8")
    return load_game(folder)


def _hexes(setup: Setup, prefix: str = "") -> dict[str, str]:
    return {p.piece_id: p.target.key for p in setup.placed if p.target.kind == "hex" and p.piece_id.startswith(prefix)}


def _grid(game: Game) -> HexGrid:
    return hex_grid(game.maps.maps[0].grid)


def test_within_fills_the_centre_to_the_limit_then_spreads_over_the_nearest_hexes(minimal: Path) -> None:
    game = _game(minimal, '      - {units: [x1, x2, x3, x4, x5], within: {hexes: 2, of: "0203"}}\n')
    hexes = _hexes(planned_setups(game)[0], "x")
    grid = _grid(game)
    counts = Counter(hexes.values())
    assert counts["0203"] == 2
    assert sorted(counts.values()) == [1, 1, 1, 2]
    assert all(grid.distance(grid.find("0203"), grid.find(label)) == 1 for label in counts if label != "0203")


def test_an_area_never_takes_terrain_the_unit_may_not_enter(minimal: Path) -> None:
    game = _game(minimal, '      - {units: [r2], zone: red-half, near: "0303"}\n')
    label = _hexes(planned_setups(game)[0])["r2"]
    grid = _grid(game)
    assert label != "0303"  # marsh, prohibited to armour
    assert grid.distance(grid.find("0303"), grid.find(label)) == 1


def test_exact_placements_are_planned_before_areas_that_come_first(minimal: Path) -> None:
    red = ('      - {units: [x1, x2], within: {hexes: 1, of: "0102"}}\n'
           '      - {units: [r1, x3], hex: "0102"}\n')
    hexes = _hexes(planned_setups(_game(minimal, red))[0])
    assert hexes["r1"] == hexes["x3"] == "0102"
    assert "0102" not in (hexes["x1"], hexes["x2"])
    assert max(Counter(hexes.values()).values()) <= 2


def test_an_area_avoids_hexes_holding_the_enemy(minimal: Path) -> None:
    hexes = _hexes(planned_setups(_game(minimal, '      - {units: [x1, x2], within: {hexes: 1, of: ville}}\n'))[0])
    assert "0402" not in (hexes["x1"], hexes["x2"])  # Blue's b1 holds Ville


def test_a_full_area_leaves_its_last_units_unplaced(minimal: Path) -> None:
    setup = planned_setups(_game(minimal, '      - {units: [x1, x2, x3, x4], within: {hexes: 0, of: "0203"}}\n'))[0]
    assert [u.unit_id for u in setup.unplaced] == ["x3", "x4"]
    assert setup.unplaced[0].source.within.of == "0203"
    assert Counter(_hexes(setup).values())["0203"] == 2


def test_stacked_with_a_formation_joins_its_first_hex_until_it_is_full(minimal: Path) -> None:
    red = ('      - {units: [r1], hex: "0102"}\n'
           '      - {units: [x1, x2], stacked_with: {unit: r1}}\n')
    hexes = _hexes(planned_setups(_game(minimal, red))[0])
    assert hexes["x1"] == "0102" and hexes["x2"] != "0102"


def test_hidden_markers_go_under_their_sides_stacks(minimal: Path) -> None:
    red = '      - {units: [x1, x2], hex: "0305"}\n      - {units: [x3], hex: "0101"}\n'
    markers = '  - {markers: [mine, mine], zone: red-half, near: "0102", hidden: true}\n'
    setup = planned_setups(_game(minimal, red, markers=markers))[0]
    mines = sorted(p.target.key for p in setup.placed if p.piece_id == "mine")
    assert mines == ["0101", "0305"]
    assert all(p.hidden for p in setup.placed if p.piece_id == "mine")


def test_facing_and_hidden_are_planned_on_every_piece(minimal: Path) -> None:
    setup = planned_setups(_game(minimal, '      - {units: [x1, x2], hex: "0102", facing: 120, hidden: true}\n'))[0]
    planned = [p for p in setup.placed if p.piece_id in ("x1", "x2")]
    assert [(p.hidden, p.facing_deg) for p in planned] == [(True, 120), (True, 120)]


@pytest.mark.parametrize("red", ['      - {units: [x1, x2, x3, x4, x5, x6], zone: red-half}\n'])
def test_the_same_content_is_planned_the_same_way(minimal: Path, red: str) -> None:
    first = planned_setups(_game(minimal, red))
    again = planned_setups(load_game(minimal))
    assert [p for s in first for p in s.placed] == [p for s in again for p in s.placed]
    assert len(set(_hexes(first[0], "x").values())) >= EXTRA_UNITS // 2
