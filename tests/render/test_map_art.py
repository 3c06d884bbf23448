"""The designer's art on a hex map: a painting aligned by two hex centres, drawn shapes, images, hexes outside play."""
from __future__ import annotations

import math
import shutil
from pathlib import Path

from builder.load.game import load_game
from builder.render.drawing import Group, Image, Item, Polyline, Rect
from builder.render.maps.sheet import map_sheets
from tests.conftest import DATA


def _with_art(minimal: Path, art: str) -> object:
    (minimal / "art").mkdir(exist_ok=True)
    shutil.copyfile(DATA / "images" / "sharp-400px.png", minimal / "art" / "painting.png")
    map_yaml = minimal / "map.yaml"
    map_yaml.write_text(map_yaml.read_text(encoding="utf-8").replace("    places:\n", f"    art:\n{art}    places:\n", 1),
                        encoding="utf-8")
    return load_game(minimal)


def _flat(items: tuple[Item, ...]) -> list[Item]:
    out: list[Item] = []
    for item in items:
        out += _flat(item.items) if isinstance(item, Group) else [item]
    return out


def _main(game) -> object:
    return next(sheet for sheet in map_sheets(game) if sheet.map_id == "main")


def test_painting_is_scaled_so_the_two_stated_points_fall_on_their_hex_centres(minimal: Path) -> None:
    game = _with_art(minimal, '      background: {image: art/painting.png, align: {"0101": [50, 40], "0605": [350, 330]}}\n')
    sheet = _main(game)
    [painting] = [item for item in _flat(sheet.hex_map) if isinstance(item, Image)]
    first, last = sheet.frame.grid.find("0101"), sheet.frame.grid.find("0605")
    (ax, ay), (bx, by) = sheet.frame.centre(first), sheet.frame.centre(last)
    scale = painting.w_mm / 400
    assert math.isclose(painting.x_mm + 50 * scale, ax) and math.isclose(painting.y_mm + 40 * scale, ay)
    assert math.isclose(math.dist((ax, ay), (bx, by)), scale * math.dist((50, 40), (350, 330)))
    # the painting stands instead of the generated terrain: no marsh fill is drawn
    assert "#a8c8a0" not in {getattr(getattr(i, "paint", None), "fill", None) for i in _flat(sheet.hex_map)}


def test_drawn_line_runs_through_hex_centres_and_outside_hexes_are_painted_over(minimal: Path) -> None:
    game = _with_art(minimal, '      shapes: [{kind: line, hexes: ["0101", "0303"], stroke: "#123456", width_mm: 1}]\n'
                              '      outside_play: ["0605"]\n')
    sheet = _main(game)
    items = _flat(sheet.hex_map)
    [line] = [i for i in items if isinstance(i, Polyline) and i.paint.stroke == "#123456"]
    assert line.points == (sheet.frame.centre(sheet.frame.grid.find("0101")),
                           sheet.frame.centre(sheet.frame.grid.find("0303")))
    corner = sheet.frame.corners(sheet.frame.grid.find("0605"))
    covers = [i for i in items if isinstance(i, Polyline) and i.closed and list(i.points) == corner]
    # painted over after the grid, and printed without its number
    assert covers and items.index(covers[-1]) > min(i for i, item in enumerate(items) if type(item).__name__ == "Marks")
    assert "0605" not in {getattr(item, "text", None) for item in items} and "0604" in {getattr(i, "text", None) for i in items}
    # everything stays clipped to the map's rectangle
    assert isinstance(sheet.hex_map[0], Group) and isinstance(sheet.hex_map[0].clip, Rect)


def test_image_on_the_map_sits_in_its_box_from_the_map_corner(minimal: Path) -> None:
    game = _with_art(minimal, "      images: [{image: art/painting.png, x_mm: 5, y_mm: 6, w_mm: 20, h_mm: 10}]\n")
    sheet = _main(game)
    [logo] = [item for item in _flat(sheet.hex_map) if isinstance(item, Image)]
    assert (logo.x_mm, logo.y_mm, logo.w_mm, logo.h_mm) == (sheet.frame.x_mm + 10, sheet.frame.y_mm + 6, 10, 10)
