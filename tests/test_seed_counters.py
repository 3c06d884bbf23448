"""The counter defects of issue 21, read back from the faces the seed games print: the SVG the
emitters write and the picture it rasterises to, not the layout that was meant."""
from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from functools import lru_cache

import numpy as np
import pytest
from PIL import Image

from builder.load.game import load_game
from builder.model.content import Game
from builder.model.units import MM_PER_INCH, MM_PER_PT
from builder.render.contrast import contrast
from builder.render.counters import all_counters, counter_faces
from builder.render.drawing import Drawing
from builder.render.png import png_bytes
from builder.render.svg import svg_text
from builder.rules.registry import run_checks
from tests.conftest import CONTENT, game_folders

SVG = "{http://www.w3.org/2000/svg}"
DPI = 400
SAFE_MM = 1.0
EDGE_MM = 0.1
"""Anti-aliasing may tint this much more of the ring next to the safe area."""


@lru_cache(maxsize=None)
def seed(name: str) -> Game:
    """Return a seed game, loaded once for the module."""
    return load_game(CONTENT / name)


def printed_words(face: Drawing) -> list[tuple[str, str, float]]:
    """Return (text, fill, font size in mm) of every text element of the face's SVG."""
    root = ET.fromstring(svg_text(face).encode("utf-8"))
    return [(t.text or "", t.get("fill"), float(t.get("font-size"))) for t in root.iter(f"{SVG}text")]


def ring_inks(face: Drawing) -> set[tuple[int, ...]]:
    """Return the colours printed within SAFE_MM of the face's edge, on its picture at DPI."""
    image = np.asarray(Image.open(io.BytesIO(png_bytes(face, dpi=DPI))).convert("RGB"))
    ring = round((SAFE_MM - EDGE_MM) / MM_PER_INCH * DPI)
    mask = np.ones(image.shape[:2], dtype=bool)
    mask[ring:-ring, ring:-ring] = False
    return {tuple(int(c) for c in pixel) for pixel in image[mask]}


def test_every_gazala_front_prints_nothing_within_1_mm_of_the_cut() -> None:
    fronts = [piece.front for piece in all_counters(seed("gazala-1942"))]
    assert len(fronts) >= 131
    crowded = []
    for face in fronts:
        background = tuple(int(face.items[0].paint.fill[i:i + 2], 16) for i in (1, 3, 5))
        if ring_inks(face) != {background}:
            crowded.append(face.title)
    assert crowded == []


def test_rommel_prints_range_then_movement_as_every_gazala_hq_does() -> None:
    game = seed("gazala-1942")
    for unit in game.counters.units:
        if unit.type in ("hq", "leader"):
            values = unit.steps[0].values
            words = [text for text, _, _ in printed_words(counter_faces(game, unit.id)[0])]
            assert f"{values['range']}-{values['movement']}" in words, (unit.id, words)
    assert "0-14" in [text for text, _, _ in printed_words(counter_faces(game, "rommel")[0])]


def test_heckler_prints_its_whole_name_at_5_pt_or_more() -> None:
    words = printed_words(counter_faces(seed("gazala-1942"), "heckler")[0])
    assert ("Heckler", "#000000") in [(text, fill) for text, fill, _ in words]
    assert all(size / MM_PER_PT >= 5 - 1e-6 for _, _, size in words)


@pytest.mark.parametrize("name", [f.name for f in game_folders()])
def test_no_counter_prints_text_under_5_pt_or_below_4_5_to_1(name: str) -> None:
    game = seed(name)
    printed = [m for m in game.counters.markers if m.origin == "source"]
    faces = [face for piece in all_counters(game) for face in (piece.front, piece.back)]
    assert faces and printed
    for face in faces:
        ground = face.items[0].paint.fill
        for text, fill, size_mm in printed_words(face):
            assert size_mm / MM_PER_PT >= 5 - 1e-6, (face.title, text, size_mm)
            if all(item.paint.fill == ground for item in face.items[1:] if type(item).__name__ == "Rect"
                   and item.paint.fill):
                assert contrast(ground, fill) >= 4.5, (face.title, text, fill, ground)


def test_dark_markers_print_white_words() -> None:
    game = seed("gazala-1942")
    broken = counter_faces(seed("magersfontein-1899"), "broken")[1]
    assert {fill for _, fill, _ in printed_words(broken)} == {"#ffffff"}
    chit = counter_faces(game, "chit-rommel")[0]
    assert contrast(chit.items[0].paint.fill, printed_words(chit)[0][1]) >= 4.5


@pytest.mark.parametrize("name", [f.name for f in game_folders()])
def test_the_seed_games_pass_the_print_preflight(name: str) -> None:
    found = [d for d in run_checks(seed(name)) if d.rule.startswith("layout/")]
    assert found == [], "\n".join(f"{d.at}: [{d.rule}] {d.message}" for d in found)


def test_next_war_identities_keep_clear_of_the_size_marks() -> None:
    from builder.render.preflight import face_texts, printed_faces, symbol_boxes
    faces = [face for face in printed_faces(seed("next-war")) if face.parts.symbol]
    assert len(faces) > 100
    for face in faces:
        marks = symbol_boxes(face.parts)
        for line in face_texts(face.parts):
            assert all(line.box.gap_mm(mark) >= 0.2 for mark in marks), (face.name, line.text.text)
    assert re.fullmatch(r"\d+/\w+", next(line.text.text for line in face_texts(faces[0].parts)))
