"""Location names a player reads: every point of a gridless table is named by a Zone (a deployment zone,
else the table), and every box on a board by a Region with a name of its own, never by a content id.

The zone lookup is our own reading of VASSAL's ZonedGrid (first zone whose polygon holds the point, by the
rules of java.awt.Polygon), applied to the Zones the buildFile declares."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from builder.emit.vassal.boards import BoardPlan, unique_names
from builder.emit.vassal.buildfile import build_file, vassal_version
from builder.emit.vassal.plan import ModulePlan, plan_module
from builder.emit.vassal.xmlwrite import xml_bytes
from builder.emit.vassal.zones import ZONED_GRID_SINCE, TableZone, location_name, parse_path, polygon_contains
from builder.load.game import load_game
from builder.model.base import text_in
from builder.model.units import MM_PER_INCH
from tests.conftest import CONTENT, MINIMAL, game_folders


@pytest.fixture(scope="module", params=[MINIMAL, *game_folders()], ids=lambda p: p.name)
def plan(request: pytest.FixtureRequest) -> ModulePlan:
    return plan_module(load_game(request.param))


@pytest.fixture(scope="module")
def bolt_action() -> ModulePlan:
    folder = CONTENT / "bolt-action"
    if not (folder / "game.yaml").exists():
        pytest.skip("no content/bolt-action")
    return plan_module(load_game(folder))


def _short(tag: str) -> str:
    return tag.rsplit(".", 1)[-1]


def _declared_zones(plan: ModulePlan) -> dict[str, list[tuple[ET.Element, TableZone]]]:
    """Return the Zones the buildFile declares on each map's board, in order, read back from the XML."""
    root = ET.fromstring(xml_bytes(build_file(plan, [])))
    found = {}
    for map_ in (m for m in root if _short(m.tag) == "Map"):
        zones = [z for z in map_.iter() if _short(z.tag) == "Zone"]
        found[map_.get("mapName")] = [(z, TableZone("", z.get("name"), parse_path(z.get("path")))) for z in zones]
    return found


def _tables(plan: ModulePlan) -> list[BoardPlan]:
    return [b for b in plan.boards if b.kind == "table"]


# --- the lookup itself ---------------------------------------------------------------------------------

def test_polygon_is_half_open_like_java_awt() -> None:
    square = TableZone.rectangle("z", "Z", 10, 20, 5, 4).corners
    assert polygon_contains(square, (10, 20)) and polygon_contains(square, (14, 23))
    assert not polygon_contains(square, (15, 20)) and not polygon_contains(square, (10, 24))
    assert not polygon_contains(square, (9, 21)) and not polygon_contains(square, (12, 19))
    triangle = ((0, 0), (10, 0), (0, 10))
    assert polygon_contains(triangle, (2, 2)) and not polygon_contains(triangle, (6, 6))
    assert not polygon_contains(((0, 0), (5, 5)), (1, 1))


def test_the_first_zone_holding_a_point_names_it() -> None:
    zones = [TableZone.rectangle("a", "A", 0, 0, 10, 5), TableZone.rectangle("t", "Table", 0, 0, 10, 20)]
    assert location_name(zones, (3, 3)) == "A"
    assert location_name(zones, (3, 5)) == "Table"
    assert location_name(zones, (10, 3)) is None


# --- tables: zones in the plan and in the buildFile ----------------------------------------------------

def test_a_table_has_its_zones_then_the_whole_table(plan: ModulePlan) -> None:
    for board in _tables(plan):
        map_ = next(m for m in plan.game.maps.maps if m.id == board.map_id)
        with_area = [z for z in map_.zones if z.area_in is not None]
        assert [z.key for z in board.zones] == [z.id for z in with_area] + [map_.id]
        assert [z.name for z in board.zones] == [text_in(z.name, plan.lang) for z in with_area] + [board.name]
        x, y, w, h = board.table_px
        assert board.zones[-1].corners == ((x, y), (x + w, y), (x + w, y + h), (x, y + h))


def test_the_buildfile_declares_the_zones_of_the_plan(plan: ModulePlan) -> None:
    declared = _declared_zones(plan)
    for board in _tables(plan):
        zones = declared[board.name]
        assert [(z.name, z.corners) for _, z in zones] == [(z.name, z.corners) for z in board.zones]
        for element, _ in zones:
            assert element.get("locationFormat") == "$name$" and element.get("useParentGrid") == "false"
            assert not list(element), "a table's zone has no grid of its own"
    assert tuple(int(v) for v in vassal_version(plan).split(".")) >= \
        tuple(int(v) for v in ZONED_GRID_SINCE.split("."))


def test_every_point_of_a_table_is_named_by_its_zone_or_the_table(plan: ModulePlan) -> None:
    declared = _declared_zones(plan)
    for board in _tables(plan):
        map_ = next(m for m in plan.game.maps.maps if m.id == board.map_id)
        zones = [z for _, z in declared[board.name]]
        per_inch = plan.scale * MM_PER_INCH
        x0, y0, _, _ = board.table_px
        width_in, depth_in = map_.size_in
        for area in (z for z in map_.zones if z.area_in is not None):
            zx, zy, zw, zd = area.area_in
            centre = (x0 + round((zx + zw / 2) * per_inch), y0 + round((zy + zd / 2) * per_inch))
            assert location_name(zones, centre) == text_in(area.name, plan.lang), area.id
        # A sample of the table, a little off the whole inches: the zone whose area holds the point (in
        # inches, first declared first), else the table.
        for i in range(int(width_in)):
            for j in range(int(depth_in)):
                u, v = i + 0.37, j + 0.61
                point = (x0 + round(u * per_inch), y0 + round(v * per_inch))
                holder = next((z for z in map_.zones if z.area_in is not None
                               and z.area_in[0] <= u < z.area_in[0] + z.area_in[2]
                               and z.area_in[1] <= v < z.area_in[1] + z.area_in[3]), None)
                want = text_in(holder.name, plan.lang) if holder else board.name
                assert location_name(zones, point) == want, (map_.id, u, v)


def test_every_piece_on_a_table_has_a_place_name(plan: ModulePlan) -> None:
    for setup in [*plan.setups, plan.new_game]:
        for placed in setup.placed:
            found = plan.position(placed.target)
            if found is None or found[0].kind != "table":
                continue
            board, x, y = found
            name = board.zone_name((x, y))
            assert name is not None, (setup.scenario.id, placed)
            zone = next((z for z in board.zones if z.key == placed.target.key), None)
            if zone is not None:
                assert name == zone.name, (setup.scenario.id, placed)


def test_bolt_action_names_its_deployment_zones(bolt_action: ModulePlan) -> None:
    board = next(b for b in bolt_action.boards if b.kind == "table")
    x0, y0, _, _ = board.table_px
    per_inch = bolt_action.scale * MM_PER_INCH
    at = lambda u, v: board.zone_name((x0 + round(u * per_inch), y0 + round(v * per_inch)))  # noqa: E731
    assert at(36, 6).startswith("Strefa niemiecka")
    assert at(36, 42).startswith("Strefa brytyjska")
    assert at(36, 24) == board.name == "Stół 6 × 4 stopy"
    assert at(-1, 24) is None


# --- region names ----------------------------------------------------------------------------------------

def _content_ids(plan: ModulePlan) -> set[str]:
    game = plan.game
    ids = {m.id for m in game.maps.maps}
    for map_ in game.maps.maps:
        ids |= {t.id for t in map_.tracks} | {b.id for t in map_.tracks for b in t.boxes} | {z.id for z in map_.zones}
    ids |= {r.key for b in plan.boards for r in (*b.regions, *b.decks)}
    ids |= {p.counter_id for p in plan.pieces} | {s.id for s in game.game.sides}
    return ids


def test_region_names_are_unique_per_board_and_hold_no_content_id(plan: ModulePlan) -> None:
    ids = _content_ids(plan)
    for board in plan.boards:
        names = [r.name for r in board.regions]
        assert len(names) == len(set(names)), (board.name, sorted(n for n in names if names.count(n) > 1))
        for region in (*board.regions, *board.decks):
            inside = re.findall(r"\(([^()]*)\)", region.name)
            assert not [t for t in inside if t.strip() in ids], (board.name, region.key, region.name)
            assert region.name.strip(), (board.name, region.key)


def test_like_named_boxes_are_told_apart_by_side_then_track_then_number() -> None:
    keys = ["a-mines", "b-mines", "a-x", "a-y", "c-z", "d-z", "solo"]
    names = {"a-mines": "Mines", "b-mines": "Mines", "a-x": "Box", "a-y": "Box", "c-z": "Pool", "d-z": "Pool",
             "solo": "Solo"}
    qualifiers = {"a-mines": ("Allies", "Pools — Allies"), "b-mines": ("North", "Pools — North"),
                  "a-x": ("Allies", "Pools — Allies"), "a-y": ("Allies", "Pools — Allies"),
                  "c-z": ("Common",), "d-z": ("Common",)}
    assert unique_names(keys, names, qualifiers) == {
        "a-mines": "Mines — Allies", "b-mines": "Mines — North", "a-x": "Box", "a-y": "Box (2)",
        "c-z": "Pool", "d-z": "Pool (2)", "solo": "Solo"}
    side_shared = {"a": ("Allies", "Track one"), "b": ("Allies", "Track two")}
    assert unique_names(["a", "b"], {"a": "Box", "b": "Box"}, side_shared) == {
        "a": "Box — Track one", "b": "Box — Track two"}


def test_next_war_names_each_sides_marker_box_by_its_side() -> None:
    folder = CONTENT / "next-war"
    if not (folder / "game.yaml").exists():
        pytest.skip("no content/next-war")
    plan = plan_module(load_game(folder))
    regions = {r.key: r.name for b in plan.boards for r in b.regions}
    assert regions["north-markers"] == "Znaczniki kontroli i kontroli morskiej — Północ"
    assert regions["allies-markers"] == "Znaczniki kontroli i kontroli morskiej — Sojusznicy"
