"""Map sheets: the minimal game's map as a golden SVG, hex numbers at their hexes, key, tracks,
tables and displays."""
from __future__ import annotations

import datetime as dt
import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest
import shapely

from builder.plan.hexes import hex_grid
from builder.load.game import load_game
from builder.model.map import Grid
from builder.render.maps.frame import HEX_NUMBER_GAP, HexFrame
from builder.render.maps.patterns import LINESTRING, MULTILINESTRING, _hatch, _lattice
from builder.render.maps.sheet import MapSheet, map_sheets
from builder.render.drawing import Text
from builder.render.fonts import text_width_mm
from builder.render.maps.tracks import CAPTION_WIDTH, INK, BoxFace, _box_items, track_faces
from builder.render.svg import svg_text
from tests.conftest import MINIMAL, ROOT

GOLDEN = ROOT / "tests" / "golden" / "maps" / "minimal-main.svg"
SVG = "{http://www.w3.org/2000/svg}"


def _edit(game: Path, find: str, replace: str, file: str = "map.yaml") -> None:
    path = game / file
    text = path.read_text(encoding="utf-8")
    assert find in text, find
    path.write_text(text.replace(find, replace, 1), encoding="utf-8")


def _texts(svg: str) -> list[tuple[str, float, float]]:
    """Return (text, x, y) of every <text>, with the translations of its groups applied."""
    found: list[tuple[str, float, float]] = []

    def walk(element: ET.Element, dx: float, dy: float) -> None:
        transform = element.get("transform", "")
        for kind, args in re.findall(r"(\w+)\(([^)]*)\)", transform):
            if kind != "translate":
                return  # rotated labels (edge names) are not hex numbers
            values = [float(v) for v in args.replace(",", " ").split()]
            dx, dy = dx + values[0], dy + (values[1] if len(values) > 1 else 0.0)
        if element.tag == f"{SVG}text":
            found.append((element.text or "", dx + float(element.get("x")), dy + float(element.get("y"))))
        for child in element:
            walk(child, dx, dy)

    walk(ET.fromstring(svg.encode("utf-8")), 0.0, 0.0)
    return found


def _main_sheet(folder: Path = MINIMAL) -> MapSheet:
    return map_sheets(load_game(folder))[0]


def test_minimal_map_matches_its_golden_svg(update_golden: bool) -> None:
    svg = svg_text(_main_sheet().drawing)
    if update_golden:
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text(svg, encoding="utf-8")
    assert GOLDEN.exists(), "run pytest --update-golden once, then review tests/golden/maps/"
    assert svg == GOLDEN.read_text(encoding="utf-8"), "the map SVG changed: rerun with --update-golden and review"


def test_every_hex_has_its_number_at_the_top_of_the_hex() -> None:
    sheet = _main_sheet()
    frame = sheet.frame
    texts = _texts(svg_text(sheet.drawing))
    by_text: dict[str, list[tuple[float, float]]] = {}
    for text, x, y in texts:
        by_text.setdefault(text, []).append((x, y))
    grid, half = frame.grid, frame.grid.spec.hex_mm / 2
    assert len(grid.all_hexes()) == 30
    for hex_ in grid.all_hexes():
        cx, cy = frame.centre(hex_)
        spots = by_text.get(grid.label(hex_), [])
        assert any(abs(x - cx) < 1e-3 and cy - half < y < cy for x, y in spots), grid.label(hex_)


@pytest.mark.parametrize("orientation,numbering", [
    ("pointy", "{order: row-column, row: {digits: 2, descending: true}}"),
    ("flat", "{column: {style: alpha, first: 0}, separator: '.'}"),
])
def test_numbers_follow_the_numbering_scheme(minimal: Path, orientation: str, numbering: str) -> None:
    _edit(minimal, "grid: {orientation: flat, columns: 6, rows: 5, hex_mm: 19.05}",
          f"grid: {{orientation: {orientation}, columns: 6, rows: 5, hex_mm: 19.05, numbering: {numbering}}}")
    _edit(minimal, 'hexes:\n      "0303": marsh\n      "0402": [clear, town]', "hexes: {}")
    sheet = map_sheets(load_game(minimal))[0]
    grid = sheet.frame.grid
    texts = {text for text, _, _ in _texts(svg_text(sheet.drawing))}
    assert {grid.label(h) for h in grid.all_hexes()} <= texts


def test_the_key_names_every_terrain_the_map_uses_and_the_scale() -> None:
    texts = {text for text, _, _ in _texts(svg_text(_main_sheet().drawing))}
    assert {"Clear", "Marsh", "Town", "River", "Road", "Terrain key"} <= texts
    assert "Scale: 1 hex = 2 km · 1 turn = 1 day" in texts


def test_a_track_placed_right_stands_right_of_the_map() -> None:
    sheet = _main_sheet()
    right_mm = sheet.frame.x_mm + sheet.frame.width_mm
    texts = _texts(svg_text(sheet.drawing))
    (title,) = [(x, y) for text, x, y in texts if text == "Turns"]
    assert title[0] > right_mm
    assert [t for t, x, _ in texts if x > right_mm and t in ("1", "2", "3")] == ["1", "2", "3"]


def test_a_turn_track_without_boxes_takes_the_dated_turns() -> None:
    game = load_game(MINIMAL)
    track = game.maps.maps[0].tracks[0].model_copy(update={"boxes": []})
    faces = track_faces(track, game.game, "en")
    assert [f.value for f in faces] == ["1", "2", "3"]
    assert [f.captions for f in faces] == [("26 May", "1942"), ("28 May",), ("30 May",)]


@pytest.mark.parametrize("lang, dates", [("pl", ("26 maja", "28 maja")), ("pt", ("26 de maio", "28 de maio")),
                                         ("en-US", ("May 26", "May 28"))])
def test_turn_dates_are_written_as_each_language_writes_them(lang: str, dates: tuple[str, ...]) -> None:
    game = load_game(MINIMAL)
    track = game.maps.maps[0].tracks[0].model_copy(update={"boxes": []})
    faces = track_faces(track, game.game, lang)
    assert faces[0].captions == (dates[0], "1942") and faces[1].captions == (dates[1],)


def test_a_long_date_is_set_smaller_to_stay_inside_its_box() -> None:
    face = BoxFace("9", ("30 de setembro",))
    items = _box_items(face, 16.0, 16.0, INK)
    caption = next(i for i in items if isinstance(i, Text) and i.text == "30 de setembro")
    assert text_width_mm(caption.text, caption.size_mm, "labels") <= 16.0 * CAPTION_WIDTH + 1e-6


def test_places_and_edge_names_are_printed() -> None:
    texts = {text for text, _, _ in _texts(svg_text(_main_sheet().drawing))}
    assert "Ville" in texts and "Main map" in texts and "Minimal Battle" in texts
    svg = svg_text(_main_sheet().drawing)
    assert ">red entry<" in svg and ">blue entry<" in svg


def test_a_gridless_table_has_its_pieces_places_and_an_inch_ruler(minimal: Path) -> None:
    (minimal / "map.yaml").write_text("""\
terrain:
  - {id: field, name: {en: Field, pl: Pole}, kind: piece, style: {fill: "#c6d49a"}}
  - {id: wood, name: {en: Wood, pl: Las}, kind: piece, style: {fill: "#6f9a52", pattern: trees}}
  - {id: hill, name: {en: Hill, pl: Wzgórze}, kind: piece, style: {pattern: dots}}
maps:
  - id: table
    name: {en: Table, pl: Stół}
    kind: table
    size_in: [24, 18]
    default_terrain: field
    pieces:
      - {id: w, terrain: wood, shape: ellipse, at_in: [2, 2], size_in: [6, 4], name: {en: Copse, pl: Zagajnik}}
      - {id: h, terrain: hill, shape: polygon, at_in: [10, 10], points_in: [[10, 10], [16, 10], [13, 15]]}
    places:
      - {id: ville, name: {en: Żółw, pl: Żółw}, at_in: [12, 9], kind: objective}
""", encoding="utf-8")
    _edit(minimal, "languages: [en]", "languages: [pl, en]", "game.yaml")
    _edit(minimal, "title: {en: Minimal Battle}", "title: {en: Minimal Battle, pl: Mała bitwa}", "game.yaml")
    game = load_game(minimal)
    (sheet,) = map_sheets(game)
    texts = {text for text, _, _ in _texts(svg_text(sheet.drawing))}
    assert {"Zagajnik", "Żółw", "Stół", "Mała bitwa", "Las", "Wzgórze", "Legenda terenu"} <= texts
    assert sheet.kind == "table" and sheet.drawing.width_mm > 24 * 25.4 and sheet.drawing.height_mm > 18 * 25.4
    assert {'6"', '12"', '18"'} <= {t for t in re.findall(r">([^<]*)</text>", svg_text(sheet.drawing))}


def test_a_display_and_sheet_placed_tracks_get_sheets_of_their_own(minimal: Path) -> None:
    _edit(minimal, "        placement: right\n", "        placement: sheet\n")
    with (minimal / "map.yaml").open("a", encoding="utf-8") as stream:
        stream.write("""\
  - id: holding
    name: Holding boxes
    kind: display
    tracks:
      - id: dead
        name: Eliminated
        boxes: [{id: dead-red, name: Red units}, {id: dead-blue, name: Blue units}]
""")
    sheets = map_sheets(load_game(minimal))
    assert [(s.id, s.kind) for s in sheets] == [("main", "hex"), ("main-boxes", "boxes"), ("holding", "display")]
    boxes_svg, display_svg = svg_text(sheets[1].drawing), svg_text(sheets[2].drawing)
    assert ">Turns<" in boxes_svg and ">Turns<" not in svg_text(sheets[0].drawing)
    assert ">Red units<" in display_svg and ">Eliminated<" in display_svg
    assert sheets[2].drawing.width_mm <= 259.4, "a display sheet fits a landscape Letter page"


def test_sheets_are_the_same_every_time() -> None:
    assert svg_text(_main_sheet().drawing) == svg_text(_main_sheet().drawing)


def test_the_golden_map_is_a_sheet_of_the_grid_size() -> None:
    sheet = _main_sheet()
    grid = hex_grid(load_game(MINIMAL).maps.maps[0].grid)
    assert (sheet.frame.width_mm, sheet.frame.height_mm) == grid.size_mm()
    assert sheet.frame.x_mm + sheet.frame.width_mm < sheet.drawing.width_mm


def test_a_pattern_on_scattered_patches_keeps_every_lattice_point_inside_them() -> None:
    patches = shapely.union_all([shapely.box(x, y, x + 7.3, y + 4.1) for x, y in
                                 [(3.2, 1.1), (40.7, 2.9), (11.5, 33.3), (70.1, 60.6), (25.0, 80.2)]])
    step, margin = 1.7, 0.3
    xs, ys, _ = _lattice(patches, step, margin, None)
    # every point of the lattice over the whole bounding box, tested one by one
    inner, row = patches.buffer(-margin), step * math.sqrt(3) / 2
    x0, y0, x1, y1 = inner.bounds
    everywhere = [(i * step + (j % 2) * step / 2, j * row)
                  for j in range(math.floor(y0 / row), math.ceil(y1 / row) + 1)
                  for i in range(math.floor(x0 / step) - 1, math.ceil(x1 / step) + 1)]
    expected = [(x, y) for x, y in everywhere if inner.contains(shapely.Point(x, y))]
    assert len(expected) > 50 and list(zip(xs.tolist(), ys.tolist())) == expected
    assert np.all(np.diff(ys) >= 0)


def test_hatching_cuts_only_the_lines_that_meet_the_region_as_cutting_them_all_would() -> None:
    patches = shapely.union_all([shapely.box(x, y, x + 9, y + 7) for x, y in ((0, 0), (40, 5), (13, 52), (70, 70))])
    region = patches.difference(shapely.box(42, 7, 44, 9))  # a hole, as a hex number's box makes
    for slope in (1, -1):
        x0, y0, x1, y1 = region.bounds
        step = 1.3 * math.sqrt(2)
        # every line across the bounds, cut by the region (the hatching before lines were sorted out first)
        if slope > 0:
            offsets = np.arange(math.floor((y0 - x1) / step), math.ceil((y1 - x0) / step) + 1) * step
            ends = [x0 + offsets, x1 + offsets]
        else:
            offsets = np.arange(math.floor((x0 + y0) / step), math.ceil((x1 + y1) / step) + 1) * step
            ends = [offsets - x0, offsets - x1]
        lines = shapely.linestrings(np.stack([np.full_like(offsets, x0), ends[0], np.full_like(offsets, x1), ends[1]],
                                             axis=1).reshape(-1, 2, 2))
        cuts = shapely.intersection(lines, region)
        parts = shapely.get_parts(cuts[np.isin(shapely.get_type_id(cuts), (LINESTRING, MULTILINESTRING))])
        points = shapely.get_coordinates(parts[shapely.length(parts) >= 1e-3]).tolist()
        commands = _hatch(region, 1.3, slope)
        assert [list(values) for _, values in commands] == points
        assert sum(letter == "M" for letter, _ in commands) > 4


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_hex_number_anchors_at_once_are_those_hex_by_hex(orientation: str) -> None:
    grid = hex_grid(Grid(orientation=orientation, columns=7, rows=5, hex_mm=19.05))
    frame = HexFrame(grid, 12.5, 31.25)
    xs, ys = frame.number_anchors()
    size, across = frame.number_size_mm, grid.spec.hex_mm
    for hex_, x, y in zip(grid.all_hexes(), xs.tolist(), ys.tolist()):
        cx, cy = frame.centre(hex_)
        top = cy - across / 2 if grid.flat else cy - grid.radius_mm / 2
        assert (x, y) == (cx, top + across * HEX_NUMBER_GAP + size * (0.8 if grid.flat else 0.4))


def test_a_boxs_date_is_written_in_each_editions_language_and_its_text_as_given() -> None:
    game = load_game(MINIMAL)
    track = game.maps.maps[0].tracks[0]
    box = track.boxes[0].model_copy(update={"date": dt.date(1942, 6, 1)})
    worded = track.boxes[0].model_copy(update={"date": {"en": "dawn", "pl": "świt"}})
    dated = track.model_copy(update={"boxes": [box, worded]})
    assert [f.captions[-1] for f in track_faces(dated, game.game, "pl")] == ["1 czerwca", "świt"]
    assert [f.captions[-1] for f in track_faces(dated, game.game, "en")] == ["1 June", "dawn"]
