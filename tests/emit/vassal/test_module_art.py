"""The VASSAL module shows the designer's art: the piece and the board images carry the same pictures as the print."""
from __future__ import annotations

import io
import zipfile
from pathlib import Path

import numpy as np
from PIL import Image as PilImage

from builder.build import build_game
from builder.load.game import load_game

RED_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20">'
           '<rect width="40" height="20" fill="#ff0000"/></svg>')


def _red_pixels(png: bytes) -> int:
    pixels = np.asarray(PilImage.open(io.BytesIO(png)).convert("RGB")).astype(int)
    return int(((pixels[..., 0] > 200) & (pixels[..., 1] < 60) & (pixels[..., 2] < 60)).sum())


def _module_images(minimal: Path, tmp_path: Path, map_lines: str, counters_edit: tuple[str, str] = ("", "")
                   ) -> dict[str, bytes]:
    """Return the images of the module built from the minimal game with the red art, `map_lines` put before its
    places and `counters_edit` made in counters.yaml."""
    (minimal / "art").mkdir()
    (minimal / "art" / "red.svg").write_text(RED_SVG, encoding="utf-8")
    if counters_edit[0]:
        counters = minimal / "counters.yaml"
        counters.write_text(counters.read_text(encoding="utf-8").replace(*counters_edit), encoding="utf-8")
    map_yaml = minimal / "map.yaml"
    map_yaml.write_text(map_yaml.read_text(encoding="utf-8").replace("    places:\n", map_lines + "    places:\n", 1),
                        encoding="utf-8")
    build_game(load_game(minimal), tmp_path / "out")
    [vmod] = (tmp_path / "out" / "minimal").glob("*.vmod")
    with zipfile.ZipFile(vmod) as module:
        return {name: module.read(name) for name in module.namelist() if name.startswith("images/")}


def test_piece_and_board_images_show_the_art(minimal: Path, tmp_path: Path) -> None:
    images = _module_images(minimal, tmp_path,
                            "    art:\n      images: [{image: art/red.svg, x_mm: 10, y_mm: 10, w_mm: 20, h_mm: 10}]\n",
                            ("{id: armour, name: Armour,", "{id: armour, name: Armour, image: art/red.svg,"))
    armour = next(data for n, data in images.items() if n.startswith("images/r2") and "front" in n)
    infantry = next(data for n, data in images.items() if n.startswith("images/r1") and "front" in n)
    board = next(data for n, data in images.items() if n.startswith("images/map-main"))
    assert _red_pixels(armour) > 20 and _red_pixels(infantry) == 0
    assert _red_pixels(board) > 200


def test_board_carries_the_map_frames_cartouche(minimal: Path, tmp_path: Path) -> None:
    images = _module_images(minimal, tmp_path,
                            "    frame: {title: Ridge, at: bottom-left, compass: {image: art/red.svg, size_mm: 12}}\n")
    board = next(data for n, data in images.items() if n.startswith("images/map-main"))
    pixels = np.asarray(PilImage.open(io.BytesIO(board)).convert("RGB")).astype(int)
    red = (pixels[..., 0] > 200) & (pixels[..., 1] < 60) & (pixels[..., 2] < 60)
    rows, columns = np.nonzero(red)
    # the compass (12 mm wide, 6 mm high at its proportions) in the cartouche at the map's bottom left
    assert red.sum() > 200 and columns.mean() < pixels.shape[1] / 2 and rows.mean() > pixels.shape[0] / 3
