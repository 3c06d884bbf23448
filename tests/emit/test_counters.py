"""Counter sheets: faces as golden SVG, PDF structure, duplex alignment read back from the PDF."""
from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pypdf import PdfReader

from builder.emit.counters import counters_pdf, emit_counters, sides_for
from builder.load.game import load_game
from builder.model.units import MM_PER_INCH
from builder.render.counter_sheet import PAPERS_MM
from builder.render.counters import all_counters, counter_faces, side_mm
from builder.render.drawing import Text
from builder.render.svg import svg_text
from tests.conftest import DATA, MINIMAL

PT_PER_MM = 72 / MM_PER_INCH
GOLDEN = DATA.parent / "golden" / "counters"
TOLERANCE_MM = 0.01


def _game_with(tmp_path: Path, replacements: dict[str, tuple[str, str]]):
    game = tmp_path / "minimal"
    shutil.copytree(MINIMAL, game)
    for name, (old, new) in replacements.items():
        path = game / name
        text = path.read_text(encoding="utf-8")
        assert old in text
        path.write_text(text.replace(old, new), encoding="utf-8")
    return load_game(game)


@pytest.mark.parametrize("piece,which", [("r1", 0), ("r1", 1), ("r2", 1), ("b1", 0), ("turn", 0), ("chit-red", 0)])
def test_face_matches_golden_svg(piece: str, which: int, update_golden: bool) -> None:
    face = counter_faces(load_game(MINIMAL), piece)[which]
    text = svg_text(face)
    golden = GOLDEN / f"{piece}-{['front', 'back'][which]}.svg"
    if update_golden:
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")


def test_every_step_is_a_face_and_separate_steps_get_their_own_counter(tmp_path: Path) -> None:
    game = _game_with(tmp_path, {"counters.yaml": (
        "      - values: {attack: 2, defence: 2, movement: 6}\n",
        "      - values: {attack: 2, defence: 2, movement: 6}\n"
        "      - {values: {attack: 1, defence: 1, movement: 6}, counter: separate}\n")})
    ids = [p.id for p in all_counters(game)]
    assert ids == ["r1", "r1~3", "r2", "b1", "b2", "turn", "chit-red"]
    texts = {p.id: [t.text for t in p.front.items if hasattr(t, "text")] for p in all_counters(game)}
    assert "1-1-6" in texts["r1~3"]
    back_of_one_step = next(p for p in all_counters(game) if p.id == "r2").back
    assert len(back_of_one_step.items) == 1, "a one-step unit's back is plain in its nationality colour"


def test_face_svg_is_well_formed_and_names_its_values() -> None:
    face = counter_faces(load_game(MINIMAL), "r1")[0]
    root = ET.fromstring(svg_text(face).split("\n", 1)[1])
    texts = [el.text for el in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "4-4-6" in texts and "1" in texts
    assert root.get("width") == "12.7mm"


def _do_positions(page) -> list[tuple[float, float]]:
    """Return the (x, y) in points of every Form XObject placed on a page, in drawing order."""
    content = page.get_contents().get_data().decode("latin-1")
    return [(float(x), float(y)) for x, y in re.findall(r"1 0 0 1 ([-\d.]+) ([-\d.]+) cm\s*/\S+ Do", content)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("flip", ["long-edge", "short-edge", "single-sided"])
def test_every_back_lands_behind_its_front(tmp_path: Path, paper: str, flip: str) -> None:
    game = _game_with(tmp_path, {"game.yaml": ("print: {counter_size: 1/2in}",
                                               f"print: {{counter_size: 1/2in, duplex: {flip}, "
                                               "back_offset_mm: [0.7, -0.4]}")})
    pieces = all_counters(game) * 60
    reader = PdfReader(__import__("io").BytesIO(counters_pdf(game, paper, pieces)))
    page_w_mm, page_h_mm = PAPERS_MM[paper]
    side = side_mm(game)
    pages = reader.pages[2:]
    assert len(pages) % 2 == 0 and len(pages) >= 4
    for fronts, backs in zip(pages[0::2], pages[1::2]):
        front_at, back_at = _do_positions(fronts), _do_positions(backs)
        assert len(front_at) == len(back_at) > 0
        for (fx, fy), (bx, by) in zip(front_at, back_at):
            fx, fy, bx, by = (v / PT_PER_MM for v in (fx, fy, bx, by))
            bx, by = bx - 0.7, by - 0.4          # undo the calibration offset (it is y-down; PDF y is up)
            if flip == "short-edge":           # the sheet turns over its short edge: rows mirror
                expected = (fx, page_h_mm - fy - side)
            else:                              # over its long edge (or glued by hand): columns mirror
                expected = (page_w_mm - fx - side, fy)
            assert abs(bx - expected[0]) < TOLERANCE_MM and abs(by - expected[1]) < TOLERANCE_MM


def test_fold_over_puts_fronts_and_backs_on_one_page(tmp_path: Path) -> None:
    game = _game_with(tmp_path, {"game.yaml": ("print: {counter_size: 1/2in}",
                                               "print: {counter_size: 1/2in, duplex: fold-over}")})
    reader = PdfReader(__import__("io").BytesIO(counters_pdf(game, "a4", all_counters(game))))
    assert len(reader.pages) == 1
    positions = [x / PT_PER_MM for x, _ in _do_positions(reader.pages[0])]
    half = PAPERS_MM["a4"][0] / 2
    fronts, backs = positions[: len(positions) // 2], positions[len(positions) // 2:]
    assert all(x + side_mm(game) <= half for x in fronts) and all(x >= half for x in backs)


def test_pdf_structure_boxes_and_embedded_fonts(tmp_path: Path) -> None:
    game = load_game(MINIMAL)
    data = counters_pdf(game, "a4", all_counters(game))
    reader = PdfReader(__import__("io").BytesIO(data))
    page = reader.pages[2]
    assert [round(float(v) / PT_PER_MM, 1) for v in page.mediabox] == [0, 0, 210.0, 297.0]
    trim = [float(v) for v in page.trimbox]
    bleed = [float(v) for v in page.bleedbox]
    assert bleed[0] < trim[0] and bleed[2] > trim[2]
    assert round((trim[0] - bleed[0]) / PT_PER_MM, 2) == game.game.print.bleed_mm
    pdf = tmp_path / "c.pdf"
    pdf.write_bytes(data)
    fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout.splitlines()[2:]
    assert fonts and all(" yes yes yes " in line for line in fonts), fonts


def test_diacritics_come_back_out_of_pdftotext(tmp_path: Path) -> None:
    game = _game_with(tmp_path, {"counters.yaml": ("{id: turn, name: Turn, faces: [{text: Turn}]}",
                                                   "{id: turn, name: Turn, faces: [{text: Żółć}, {text: Ação}]}")})
    pdf = tmp_path / "c.pdf"
    pdf.write_bytes(counters_pdf(game, "letter", all_counters(game)))
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert "Żółć" in text and "Ação" in text


def test_counter_build_is_byte_identical() -> None:
    game = load_game(MINIMAL)
    first = {a.path: a.data for a in emit_counters(game)}
    second = {a.path: a.data for a in emit_counters(load_game(MINIMAL))}
    assert first == second
    assert {"counters/counters-en-a4.pdf", "counters/counters-en-letter.pdf", "counters/sheets/en/side-01.svg",
            "counters/faces/r1-front.svg"} <= set(first)


def test_each_distinct_face_is_one_form(tmp_path: Path) -> None:
    game = load_game(MINIMAL)
    pieces = all_counters(game) * 20
    geom, sides = sides_for(game, "a4", pieces)
    reader = PdfReader(__import__("io").BytesIO(counters_pdf(game, "a4", pieces)))
    forms = set()
    for page in reader.pages:
        forms |= set(re.findall(r"/(\S+) Do", page.get_contents().get_data().decode("latin-1")))
    distinct = {p.front for p in pieces} | {p.back for p in pieces}
    assert len(forms) == len(distinct)


def test_png_faces_carry_their_text() -> None:
    from builder.render.drawing import Drawing, Text
    from builder.render.png import png_bytes

    face = counter_faces(load_game(MINIMAL), "r1")[0]
    bare = Drawing(face.width_mm, face.height_mm, tuple(i for i in face.items if not isinstance(i, Text)))
    assert png_bytes(face, dpi=300) != png_bytes(bare, dpi=300), "text must reach the PNG (fonts resolved)"


def test_sheet_headers_and_calibration_are_in_the_editions_language() -> None:
    game = load_game(MINIMAL)
    _, sides = sides_for(game, "a4", all_counters(game), "pl")
    headers = [item.text for side in sides for item in side.decorations if isinstance(item, Text)]
    assert headers[0].startswith("Kalibracja:") and headers[1].startswith("Tył kalibracji:")
    assert any(h.endswith("arkusz 1, awersy — drukuj dwustronnie, obracając wzdłuż dłuższej krawędzi")
               for h in headers)
    _, english = sides_for(game, "a4", all_counters(game))
    assert [i.text for i in english[0].decorations if isinstance(i, Text)][0].startswith("Calibration:")
