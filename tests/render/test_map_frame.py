"""A hex map's frame and the map options of the art: the cartouche (title, subtitle, scale bar, compass) read
back from the SVG and the PDF, half hexes at the edges, unnumbered hexes, the hex numbers' style, a painting
under the terrain, and terrain symbols from the game's images."""
from __future__ import annotations

import math
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pypdfium2
import pytest

from builder.load.game import load_game
from builder.render.drawing import Group, Image, Item, Polyline, Rect, Text
from builder.render.maps.cartouche import ruler_step
from builder.render.maps.sheet import map_sheets
from builder.render.pdf import scratch_document
from builder.render.svg import svg_text
from tests.conftest import DATA
from tests.render.drawn import placed_items

SVG = "{http://www.w3.org/2000/svg}"
FRAME = ('    frame:\n'
         '      title: {en: The Long Ridge}\n'
         '      subtitle: Spring 1944\n'
         '      scale: {hexes: 3, hex_km: 2, hex_miles: 1.25}\n'
         '      compass: true\n'
         '      at: bottom-right\n')


def _edited(minimal: Path, find: str, replace: str) -> object:
    map_yaml = minimal / "map.yaml"
    text = map_yaml.read_text(encoding="utf-8")
    assert find in text, find
    map_yaml.write_text(text.replace(find, replace, 1), encoding="utf-8")
    return load_game(minimal)


def _with_art(minimal: Path, art: str) -> object:
    return _edited(minimal, "    places:\n", f"    art:\n{art}    places:\n")


def _all_texts(sheet) -> list[tuple[str, tuple[float, float]]]:
    return [(item.text, (item.x_mm + dx, item.y_mm + dy)) for item, dx, dy in placed_items(sheet.hex_map)
            if isinstance(item, Text) and item.text.isdigit() and dy > 0]


def _main(game) -> object:
    return next(sheet for sheet in map_sheets(game) if sheet.map_id == "main")


def _texts(sheet) -> dict[str, tuple[float, float]]:
    return {item.text: (item.x_mm + dx, item.y_mm + dy) for item, dx, dy in placed_items(sheet.hex_map)
            if isinstance(item, Text)}


def test_cartouche_prints_title_subtitle_scale_and_compass_in_its_corner_of_the_map(minimal: Path) -> None:
    sheet = _main(_edited(minimal, "    places:\n", FRAME + "    places:\n"))
    texts = _texts(sheet)
    x, y, w, h = sheet.frame.rect
    for word in ("The Long Ridge", "Spring 1944", "hexes", "km", "miles", "N"):
        assert word in texts, word
        tx, ty = texts[word]
        assert x < tx < x + w and y + h / 2 < ty < y + h, word
    # bottom-right: the cartouche's box ends 3 mm inside the map's right and bottom edges
    [(box, dx, dy)] = [(i, dx, dy) for i, dx, dy in placed_items(sheet.hex_map) if isinstance(i, Rect) and i.paint.stroke_mm == 0.6]
    assert math.isclose(box.x_mm + dx + box.w_mm, x + w - 3) and math.isclose(box.y_mm + dy + box.h_mm, y + h - 3)
    # the hex bar: three hexes numbered 0 to 3, one hex apart; the km ruler 0 to 6 km (3 hexes of 2 km) in steps
    # of 2 km; the miles ruler 0 to 3 miles (of 3.75) in steps of 1 mile
    hex_mm, zero = sheet.frame.grid.spec.hex_mm, texts["0"][0]
    marks = sorted((round((tx - zero) / hex_mm, 3), text) for text, (tx, _) in _all_texts(sheet))
    assert {(0.0, "0"), (1.0, "1"), (2.0, "2"), (3.0, "3")} <= set(marks)
    assert (1.0, "2") in marks and (3.0, "6") in marks  # km
    assert (0.8, "1") in marks and (2.4, "3") in marks  # miles
    # the compass rose: a four-pointed star of eight half points
    rose = [item for item, _, _ in placed_items(sheet.hex_map) if isinstance(item, Polyline) and len(item.points) == 3]
    assert len(rose) == 8


def test_frame_reads_back_from_the_svg_and_the_pdf(minimal: Path) -> None:
    sheet = _main(_edited(minimal, "    places:\n", FRAME + "    places:\n"))
    root = ET.fromstring(svg_text(sheet.drawing).encode("utf-8"))
    svg_words = {"".join(t.itertext()) for t in root.iter(f"{SVG}text")}
    assert {"The Long Ridge", "Spring 1944", "hexes", "km", "miles"} <= svg_words
    document = pypdfium2.PdfDocument(scratch_document([sheet.drawing]))
    pdf_text = document[0].get_textpage().get_text_range()
    assert "The Long Ridge" in pdf_text and "Spring 1944" in pdf_text and "miles" in pdf_text


def test_frame_draws_a_second_rule_outside_the_map_and_the_game_compass_image(minimal: Path) -> None:
    (minimal / "art").mkdir()
    shutil.copyfile(DATA / "images" / "sharp-400px.png", minimal / "art" / "compass.png")
    game = _edited(minimal, "    places:\n", "    frame: {compass: {image: art/compass.png, north_deg: 30}}\n"
                                             "    places:\n")
    sheet = _main(game)
    x, y, w, h = sheet.frame.rect
    rules = [item for item in sheet.hex_map if not isinstance(item, Group)]
    assert [(r.x_mm, r.y_mm) for r in rules] == [(x, y), (x - 1.4, y - 1.4)]
    [compass] = [g for g, _, _ in _flat_groups(sheet.hex_map) if g.rotate_deg == 30]
    assert isinstance(compass.items[0], Image) and compass.items[0].path.endswith("compass.png")
    # with no title given, the cartouche prints the map's name
    assert "Main map" in _texts(sheet)


def _flat_groups(items: tuple[Item, ...]) -> list[tuple[Group, float, float]]:
    found = []
    for item in items:
        if isinstance(item, Group):
            found.append((item, 0.0, 0.0))
            found += _flat_groups(item.items)
    return found


@pytest.mark.parametrize(("length", "step"), [(6, 2), (12.5, 2.5), (20, 5), (1.8, 0.5), (0.9, 0.2), (3, 1)])
def test_ruler_ticks_at_a_nice_step_with_at_most_five_of_them(length: float, step: float) -> None:
    assert ruler_step(length) == step


def test_half_hexes_cut_the_map_through_the_outermost_centres_and_keep_numbers_inside(minimal: Path) -> None:
    whole = _main(load_game(minimal))
    sheet = _main(_with_art(minimal, "      half_hexes: [west, north]\n"))
    frame, grid = sheet.frame, sheet.frame.grid
    x, y, w, h = frame.rect
    assert math.isclose(x, frame.centre(grid.find("0101"))[0])
    assert math.isclose(y, min(frame.centre(grid.find(f"0{c}01"))[1] for c in range(1, 7)))
    assert math.isclose(w, whole.frame.width_mm - grid.radius_mm)
    assert math.isclose(h, whole.frame.height_mm - grid.spec.hex_mm / 2)
    # the sheet shrinks by as much, and the clip is the cut rectangle
    assert math.isclose(whole.drawing.width_mm - sheet.drawing.width_mm, grid.radius_mm)
    assert tuple(sheet.hex_map[0].clip[:4]) == (x, y, w, h)
    for label, (tx, ty) in _texts(sheet).items():
        if grid.find(label) is not None:
            assert x < tx < x + w and y < ty < y + h, label


def test_unnumbered_and_outside_hexes_print_no_number(minimal: Path) -> None:
    texts = _texts(_main(_with_art(minimal, '      unnumbered: ["0101", "0202"]\n      outside_play: ["0605"]\n')))
    assert not {"0101", "0202", "0605"} & set(texts) and {"0102", "0604"} <= set(texts)


def test_hex_numbers_take_the_maps_position_size_colour_and_format(minimal: Path) -> None:
    sheet = _main(_with_art(minimal, '      numbers: {position: centre, size: 0.15, colour: "#aa0000", '
                                     'format: "{column}.{row}"}\n'))
    numbers = {item.text: (item, dx, dy) for item, dx, dy in placed_items(sheet.hex_map)
               if isinstance(item, Text) and "." in item.text}
    item, dx, dy = numbers["03.02"]
    cx, cy = sheet.frame.centre(sheet.frame.grid.find("0302"))
    assert item.fill == "#aa0000" and math.isclose(item.size_mm, 19.05 * 0.15)
    assert math.isclose(item.x_mm + dx, cx) and abs(item.y_mm + dy - cy) < item.size_mm
    assert len(numbers) == 30


def test_hex_numbers_can_be_left_out(minimal: Path) -> None:
    assert not {"0101", "0605"} & set(_texts(_main(_with_art(minimal, "      numbers: {position: none}\n"))))


def test_painting_under_the_terrain_shows_through_its_fills(minimal: Path) -> None:
    (minimal / "art").mkdir()
    shutil.copyfile(DATA / "images" / "sharp-400px.png", minimal / "art" / "painting.png")
    game = _with_art(minimal, '      background: {image: art/painting.png, align: {"0101": [50, 40], "0605": [350, 330]},'
                              ' terrain: all, terrain_opacity: 0.4}\n')
    items = [item for item, _, _ in placed_items(_main(game).hex_map)]
    painting = next(i for i, item in enumerate(items) if isinstance(item, Image))
    marsh = [i for i, item in enumerate(items) if getattr(getattr(item, "paint", None), "fill", None) == "#a8c8a0"]
    assert marsh and min(marsh) > painting
    assert all(items[i].paint.opacity == 0.4 for i in marsh if items[i].paint.stroke is None)


def test_painting_with_terrain_marks_keeps_patterns_but_no_fills(minimal: Path) -> None:
    (minimal / "art").mkdir()
    shutil.copyfile(DATA / "images" / "sharp-400px.png", minimal / "art" / "painting.png")
    game = _with_art(minimal, '      background: {image: art/painting.png, align: {"0101": [50, 40], "0605": [350, 330]},'
                              ' terrain: marks}\n')
    kinds = {type(item).__name__ for item, _, _ in placed_items(_main(game).hex_map)}
    fills = {getattr(getattr(item, "paint", None), "fill", None) for item, _, _ in placed_items(_main(game).hex_map)}
    assert "Marks" in kinds and "#a8c8a0" not in fills  # the marsh's grass marks, not its fill


def test_terrain_symbol_from_an_image_is_drawn_in_each_hex_of_that_terrain(minimal: Path) -> None:
    (minimal / "art").mkdir()
    shutil.copyfile(DATA / "images" / "sharp-400px.png", minimal / "art" / "reeds.png")
    game = _edited(minimal, 'pattern: grass}}', 'pattern: grass, symbol: art/reeds.png, symbol_size: 0.5}}')
    sheet = _main(game)
    [reeds] = [item for item, _, _ in placed_items(sheet.hex_map) if isinstance(item, Image)]
    cx, cy = sheet.frame.centre(sheet.frame.grid.find("0303"))
    assert math.isclose(reeds.x_mm + reeds.w_mm / 2, cx) and math.isclose(reeds.y_mm + reeds.h_mm / 2, cy)
    assert math.isclose(reeds.w_mm, 19.05 * 0.5)


def test_terrain_key_shows_an_image_symbol_in_its_swatch(minimal: Path) -> None:
    (minimal / "art").mkdir()
    shutil.copyfile(DATA / "images" / "sharp-400px.png", minimal / "art" / "reeds.png")
    sheet = _main(_edited(minimal, 'pattern: grass}}', 'pattern: grass, symbol: art/reeds.png}}'))
    on_map = {id(item) for item, _, _ in placed_items(sheet.hex_map)}
    key_images = [i for i, _, _ in placed_items(sheet.drawing.items) if isinstance(i, Image) and id(i) not in on_map]
    assert [image.path for image in key_images] == [str(minimal / "art" / "reeds.png")]


def test_map_form_in_the_pdf_names_the_transparency_of_fills_over_a_painting(minimal: Path, tmp_path: Path) -> None:
    import pypdf

    from builder.build import build_game

    (minimal / "art").mkdir()
    shutil.copyfile(DATA / "images" / "sharp-400px.png", minimal / "art" / "painting.png")
    game = _with_art(minimal, '      background: {image: art/painting.png, align: {"0101": [50, 40], "0605": [350, 330]},'
                              ' terrain: all, terrain_opacity: 0.4}\n')
    build_game(game, tmp_path / "out")
    page = pypdf.PdfReader(tmp_path / "out" / "minimal" / "maps" / "main-en-full.pdf").pages[0]
    forms = [x.get_object() for x in page["/Resources"]["/XObject"].values()]
    states = [state.get_object() for form in forms for state in form["/Resources"].get("/ExtGState", {}).values()]
    assert any(float(state.get("/ca", 1)) == 0.4 for state in states)
