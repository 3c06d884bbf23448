"""Every scenario of the seed games, read back from the built module: each .vsav's pieces named by the grid
the buildFile declares, every hex within the game's stacking limits; and magersfontein's setup as rules
15.5-15.7 ask (the Highland column 2 hexes from the Boer line, the guns 5 away, entrenchments hidden under
Boer stacks)."""
from __future__ import annotations

import io
import xml.etree.ElementTree as ET
import zipfile
from collections import defaultdict
from pathlib import Path

import pytest

from builder.emit.vassal.module import emit_vmod
from builder.emit.vassal.plan import plan_module
from builder.emit.vassal.reader import read_saved_game
from builder.geometry.hexgrid import HexGrid
from builder.plan.hexes import hex_grid
from builder.load.game import load_game
from builder.model.content import Game
from builder.plan.hexes import HexMap, limits_in, stacking_share
from tests.conftest import CONTENT, game_folders
from tests.emit.vassal.test_saves import Locator, _short

Hexes = dict[str, dict[str, list[str]]]
"""Per scenario, the unit and marker ids in each hex of the hex map, as the module starts them."""


def _module_hexes(game: Game) -> Hexes:
    """Return, per scenario, the ids in each hex, read from the module's saves and named by its grid."""
    archive = zipfile.ZipFile(io.BytesIO(emit_vmod(game)[0].data))
    root = ET.fromstring(archive.read("buildFile.xml"))
    plan = plan_module(game)
    boards = {b.name: b for b in plan.boards}
    locators = {m.get("mapName"): Locator(next(e for e in m.iter() if _short(e.tag) == "Board"),
                                          boards[m.get("mapName")].size_px)
                for m in root if _short(m.tag) == "Map"}
    found: Hexes = {}
    for scenario in game.scenarios:
        inner = zipfile.ZipFile(io.BytesIO(archive.read(f"{scenario.id}.vsav")))
        save = read_saved_game(inner.read("savedGame").decode("utf-8"))
        hexes: dict[str, list[str]] = defaultdict(list)
        for piece in save.pieces.values():
            board = boards.get(piece.map_name)
            if board is None or board.hex is None:
                continue
            properties = piece.properties()
            hexes[locators[piece.map_name].name(piece.x, piece.y)].append(
                properties.get("UnitId") or properties.get("MarkerId", ""))
        found[scenario.id] = dict(hexes)
    return found


@pytest.mark.parametrize("folder", game_folders(), ids=lambda p: p.name)
def test_every_scenario_starts_within_its_stacking_limits(folder: Path) -> None:
    game = load_game(folder)
    units = {u.id: u for u in game.counters.units}
    hex_maps = [HexMap.of(m) for m in game.maps.maps if m.kind == "hex" and m.grid is not None]
    for scenario_id, hexes in _module_hexes(game).items():
        for label, ids in hexes.items():
            terrain = next((m.terrain[label] for m in hex_maps if label in m.terrain), ())
            stack = [units[i] for i in ids if i in units]
            for limit in limits_in(game, terrain):
                total = sum(stacking_share(game, unit, limit) for unit in stack)
                assert total <= limit.max, (scenario_id, label, [u.id for u in stack])


@pytest.fixture(scope="module")
def magersfontein() -> tuple[Game, dict[str, list[str]]]:
    game = load_game(CONTENT / "magersfontein-1899")
    return game, _module_hexes(game)["magersfontein"]


def _distance(grid: HexGrid, a: str, b: str) -> int:
    return grid.distance(grid.find(a), grid.find(b))


def test_the_highland_column_starts_two_hexes_from_the_boer_line(magersfontein) -> None:
    game, hexes = magersfontein
    grid = hex_grid(game.maps.maps[0].grid)
    side = {u.id: n.side for u in game.counters.units for n in game.game.nationalities if n.id == u.nationality}
    boer = [label for label, ids in hexes.items() if any(side.get(i) == "boer" for i in ids)]
    highland = {u.id for u in game.counters.units if u.formation == "highland-bde" and u.id != "wauchope"}
    column = [label for label, ids in hexes.items() if highland & set(ids)]
    assert len(column) == 3 and all(len(highland & set(hexes[label])) <= 3 for label in column)
    assert min(_distance(grid, c, b) for c in column for b in boer) == 2  # 15.7: exactly 2, none adjacent
    guns = [label for label, ids in hexes.items() if {"g-rha", "rfa18", "rfa75", "how62", "naval-120"} & set(ids)]
    assert min(_distance(grid, g, b) for g in guns for b in boer) >= 5
    assert all(grid.find(b).row < game.maps.maps[0].grid.rows - 9 for b in boer)  # 15.5: 10+ from the south edge


def test_entrenchments_start_hidden_under_boer_stacks(magersfontein) -> None:
    game, hexes = magersfontein
    grid = hex_grid(game.maps.maps[0].grid)
    dug = [label for label, ids in hexes.items() for i in ids if i == "entrench-camo"]
    assert len(dug) == 12 and len(set(dug)) == 12
    assert all(len(hexes[label]) > 1 for label in dug)
    assert all(min(_distance(grid, a, b) for b in dug if b != a) <= 2 for a in dug)  # 15.6
    setup = plan_module(game).setups[0]
    assert all(p.hidden and p.level == 1 for p in setup.placed if p.piece_id == "entrench-camo")
