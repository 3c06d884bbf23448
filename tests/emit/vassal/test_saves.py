"""Every scenario's .vsav, read back with VASSAL's decoding rules: each piece on its intended hex or box
(named through the grid the buildFile declares), at its intended step, stacked, with the turn tracker set.
Runs on the minimal game and every content game, without drawing any image."""
from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest

from builder.emit.vassal.buildfile import build_file
from builder.emit.vassal.combat import LAYER as COMBAT_LAYER
from builder.plan.vassal.grid import VassalHexGrid
from builder.emit.vassal.plan import ModulePlan, plan_module
from builder.emit.vassal.reader import SavedGame, deobfuscate, read_saved_game
from builder.emit.vassal.savegame import saved_game
from builder.plan.placement import Placed
from builder.emit.vassal.xmlwrite import xml_bytes
from builder.emit.vassal.zones import TableZone, parse_path, zone_at
from builder.load.game import load_game
from tests.conftest import MINIMAL, game_folders


def _short(tag: str) -> str:
    return tag.rsplit(".", 1)[-1]


@pytest.fixture(scope="module", params=[MINIMAL, *game_folders()], ids=lambda p: p.name)
def plan(request: pytest.FixtureRequest) -> ModulePlan:
    return plan_module(load_game(request.param))


class Locator:
    """Names a point of a map the way VASSAL would, from the grids the buildFile declares: the first Zone
    holding the point (its hex grid's label, or its name), else the board's own hex grid, else the nearest
    Region."""

    def __init__(self, board: ET.Element, size_px: tuple[int, int]) -> None:
        self.zones = [(z, TableZone("", z.get("name"), parse_path(z.get("path"))))
                      for z in board.iter() if _short(z.tag) == "Zone"]
        self.grids = {id(z): self._grid(g, self._bounds(shape)) for z, shape in self.zones
                      for g in z if _short(g.tag) == "HexGrid"}
        in_zones = {id(g) for z, _ in self.zones for g in z}
        hexgrid = next((e for e in board.iter() if _short(e.tag) == "HexGrid" and id(e) not in in_zones), None)
        self.regions = [(r.get("name"), int(r.get("originx")), int(r.get("originy")))
                        for r in board.iter() if _short(r.tag) == "Region"]
        self.rect = (0, 0, *size_px)
        self.grid = self._grid(hexgrid, self.rect) if hexgrid is not None else None

    @staticmethod
    def _bounds(zone: TableZone) -> tuple[int, int, int, int]:
        xs, ys = [p[0] for p in zone.corners], [p[1] for p in zone.corners]
        return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)

    def _grid(self, hexgrid: ET.Element, rect: tuple[int, int, int, int]) -> VassalHexGrid:
        n = next(iter(hexgrid))
        return VassalHexGrid(
            int(hexgrid.get("x0")), int(hexgrid.get("y0")), float(hexgrid.get("dx")), float(hexgrid.get("dy")),
            hexgrid.get("sideways") == "true", (rect[2], rect[3]), first=n.get("first"), sep=n.get("sep"),
            h_type=n.get("hType"), h_leading=int(n.get("hLeading")), h_off=int(n.get("hOff")),
            h_descend=n.get("hDescend") == "true", v_type=n.get("vType"), v_leading=int(n.get("vLeading")),
            v_off=int(n.get("vOff")), v_descend=n.get("vDescend") == "true", stagger=n.get("stagger") == "true")

    def name(self, x: int, y: int) -> str:
        """Return the location name of a point."""
        zone = zone_at([shape for _, shape in self.zones], (x, y))
        if zone is not None:
            element = next(z for z, shape in self.zones if shape is zone)
            grid = self.grids.get(id(element))
            return grid.location_name((x, y)) if grid is not None else zone.name
        rx, ry, rw, rh = self.rect
        if self.grid is not None and rx <= x < rx + rw and ry <= y < ry + rh:
            return self.grid.location_name((x, y))
        return min(self.regions, key=lambda r: math.hypot(r[1] - x, r[2] - y))[0] if self.regions else ""


def _locators(plan: ModulePlan) -> dict[str, Locator]:
    root = ET.fromstring(xml_bytes(build_file(plan, [])))
    sizes = {b.name: b.size_px for b in plan.boards}
    return {m.get("mapName"): Locator(next(e for e in m.iter() if _short(e.tag) == "Board"), sizes[m.get("mapName")])
            for m in root if _short(m.tag) == "Map"}


def _expected_name(plan: ModulePlan, placed: Placed) -> tuple[str, str | None]:
    board, _, _ = plan.position(placed.target)
    if placed.target.kind == "hex":
        return board.name, placed.target.key
    if placed.target.kind == "point":
        zone = next((z for z in board.zones if z.key == placed.target.key), None)
        return board.name, zone.name if zone is not None else board.zone_name(plan.position(placed.target)[1:])
    key = {"pool": f"pool:{placed.target.key}"}.get(placed.target.kind, placed.target.key)
    return board.name, next(r.name for r in plan.boards for r in r.regions if r.key == key)


def _saves(plan: ModulePlan) -> list[tuple]:
    return [(setup, read_saved_game(saved_game(plan, setup))) for setup in plan.setups]


def test_every_piece_is_where_the_scenario_puts_it(plan: ModulePlan) -> None:
    locators = _locators(plan)
    for setup, save in _saves(plan):
        in_decks = {m for deck in save.decks for m in deck[5]}
        loose = [p for pid, p in sorted(save.pieces.items()) if pid not in in_decks]
        assert len(loose) == len(setup.placed), setup.scenario.id
        for placed, piece in zip(setup.placed, loose):
            assert piece.properties().get("UnitId", piece.properties().get("MarkerId")) == placed.counter_id.split("~")[0]
            map_name, location = _expected_name(plan, placed)
            assert piece.map_name == map_name
            assert location is not None or placed.target.kind != "point", (setup.scenario.id, placed)
            if location is not None:
                assert locators[map_name].name(piece.x, piece.y) == location, (setup.scenario.id, placed)
            layer = next((t for t in piece.traits if t.prefix == "emb2;" and t.field("name") != COMBAT_LAYER), None)
            if layer is not None:
                assert int(layer.state) == placed.level


def test_pieces_that_turn_start_at_their_planned_facing(plan: ModulePlan) -> None:
    """A turning piece's Can Rotate state is its facing: VASSAL's stepped index (60° a step on flat-topped
    hexes) or, turning freely, the angle counter-clockwise; a piece placed without a facing starts unturned."""
    for setup, save in _saves(plan):
        in_decks = {m for deck in save.decks for m in deck[5]}
        loose = [p for pid, p in sorted(save.pieces.items()) if pid not in in_decks]
        for placed, piece in zip(setup.placed, loose):
            rotate = piece.trait("rotate;")
            if rotate is None:
                continue
            facings = int(rotate.field("facings"))
            turned = -float(rotate.state) % 360 if facings == 1 else int(rotate.state) * 360 / facings
            assert turned == placed.facing_deg % 360, (setup.scenario.id, placed.counter_id, rotate.state)


def test_a_vehicle_set_up_facing_a_direction_starts_turned(tmp_path) -> None:
    import shutil
    folder = tmp_path / "minimal"
    shutil.copytree(MINIMAL, folder)
    counters = folder / "counters.yaml"
    counters.write_text(counters.read_text(encoding="utf-8").replace(
        "{id: armour, name: Armour, symbol: armour, movement_class: mech,",
        "{id: armour, name: Armour, symbol: armour, movement_class: mech, role: vehicle,"), encoding="utf-8")
    scenario = folder / "scenarios" / "meeting.yaml"
    scenario.write_text(scenario.read_text(encoding="utf-8").replace(
        "{units: [r2], stacked_with: {formation: 1-div}}", "{units: [r2], stacked_with: {formation: 1-div}, facing: 120}"),
        encoding="utf-8")
    plan = plan_module(load_game(folder))
    [(_, save)] = _saves(plan)
    turned = [p.trait("rotate;").state for p in save.pieces.values() if p.trait("rotate;") is not None]
    assert turned == ["2"]  # the second of six steps of 60° clockwise
    test_pieces_that_turn_start_at_their_planned_facing(plan)


def test_hex_placements_are_legal_and_resolved(plan: ModulePlan) -> None:
    for setup in plan.setups:
        for placed in setup.placed:
            assert plan.position(placed.target) is not None, (setup.scenario.id, placed)


def test_pieces_sit_in_stacks_and_decks_with_their_contents_first(plan: ModulePlan) -> None:
    for setup, save in _saves(plan):
        members = [m for stack in save.stacks for m in stack[3]] + [m for deck in save.decks for m in deck[5]]
        assert sorted(members) == sorted(save.pieces), setup.scenario.id
        for map_name, x, y, ids in save.stacks:
            assert all((save.pieces[i].map_name, save.pieces[i].x, save.pieces[i].y) == (map_name, x, y) for i in ids)
        expected_cups = {cup: len(ids) for cup, ids in setup.cups}
        assert sum(len(d[5]) for d in save.decks) == sum(expected_cups.values())


def test_saved_pieces_have_prototypes_expanded(plan: ModulePlan) -> None:
    for _, save in _saves(plan):
        for piece in save.pieces.values():
            assert piece.trait("prototype;") is None
            if "UnitId" in piece.properties():
                assert "Side" in piece.properties() and "Type" in piece.properties()


def test_commands_select_boards_and_set_the_turn(plan: ModulePlan) -> None:
    for setup, save in _saves(plan):
        commands = list(save.commands)
        assert commands[0] == "begin_save" and commands[-1] == "end_save"
        assert "SETUP_STACK\t" in commands
        assert {f"{b.name}BoardPicker\t{b.name}\t0\t0" for b in plan.boards} <= set(commands)
        turn = next(c for c in commands if c.startswith("TURNTurnTracker0\t"))
        assert turn.split("\t")[1].split("|")[1].split(";")[0] in (str(setup.first_turn), "0")


def test_deobfuscation_reads_the_engine_form() -> None:
    plain = "begin_save\x1bend_save"
    key = 0x5A
    obfuscated = "!VCSK5a" + "".join(f"{b ^ key:02x}" for b in plain.encode("utf-8"))
    assert deobfuscate(obfuscated) == plain
    assert isinstance(read_saved_game(obfuscated), SavedGame)
