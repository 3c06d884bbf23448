"""Map emitters: SVG and PDF artifacts, page sizes, tiling with overlap, fonts, text, determinism."""
from __future__ import annotations

import hashlib
import io
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from builder.build import build_game
from builder.emit.map_svg import emit_map_svgs
from builder.emit.pdf_map import FULL_MARGIN_MM, emit_map_pdfs, page_count
from builder.load.game import load_game
from builder.render.maps.sheet import map_sheets
from builder.render.maps.tiling import DEFAULT_OVERLAP_MM, PAPERS_MM, tile_plan
from tests.conftest import MINIMAL

MM_PER_PT = 25.4 / 72


def _big_minimal(game: Path, *, name: str = "Main map") -> Path:
    """Make the minimal game's map 24 × 18 hexes, so it needs several pages."""
    path = game / "map.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("columns: 6, rows: 5", "columns: 24, rows: 18").replace("hex_count: 30", "hex_count: 432")
    path.write_text(text.replace("name: Main map", f"name: {name}"), encoding="utf-8")
    return game


def _pdfs(game: Path) -> dict[str, tuple[dict, bytes]]:
    return {a.path: (a.extra, a.data) for a in emit_map_pdfs(load_game(game))}


def _size_mm(page) -> tuple[float, float]:
    return float(page.mediabox.width) * MM_PER_PT, float(page.mediabox.height) * MM_PER_PT


def test_every_sheet_gets_an_svg_a_full_pdf_and_a_tiled_pdf_per_paper() -> None:
    game = load_game(MINIMAL)
    svgs = emit_map_svgs(game)
    assert [(a.kind, a.path, a.extra) for a in svgs] == [("map-svg", "maps/main-en.svg", {"map": "main", "sheet": "hex",
                                                                                            "lang": "en"})]
    pdfs = emit_map_pdfs(game)
    assert [(a.kind, a.path, a.extra["layout"]) for a in pdfs] == [
        ("map-pdf", "maps/main-en-full.pdf", "full"), ("map-pdf", "maps/main-en-a4.pdf", "a4"),
        ("map-pdf", "maps/main-en-letter.pdf", "letter")]


def test_the_build_lists_the_maps_in_the_manifest(tmp_path: Path) -> None:
    build_game(load_game(MINIMAL), tmp_path)
    manifest = json.loads((tmp_path / "minimal" / "manifest.json").read_text(encoding="utf-8"))
    maps = [a for a in manifest["artifacts"] if a["kind"] in ("map-svg", "map-pdf")]
    assert {(a["path"], a.get("layout")) for a in maps} == {
        ("maps/main-en.svg", None), ("maps/main-en-full.pdf", "full"), ("maps/main-en-a4.pdf", "a4"),
        ("maps/main-en-letter.pdf", "letter")}
    assert all(a["map"] == "main" and a["lang"] == "en" for a in maps)


def test_the_full_size_page_is_the_sheet_plus_its_margins() -> None:
    (sheet,) = map_sheets(load_game(MINIMAL))
    _, data = _pdfs(MINIMAL)["maps/main-en-full.pdf"]
    (page,) = PdfReader(io.BytesIO(data)).pages
    width, height = _size_mm(page)
    assert width == pytest.approx(sheet.drawing.width_mm + 2 * FULL_MARGIN_MM, abs=0.01)
    assert height == pytest.approx(sheet.drawing.height_mm + 2 * FULL_MARGIN_MM, abs=0.01)
    frame = sheet.frame
    assert frame.width_mm < width - 2 * FULL_MARGIN_MM and frame.height_mm < height - 2 * FULL_MARGIN_MM


def test_tiled_pages_are_a4_and_letter_and_counted_by_the_plan(minimal: Path) -> None:
    pdfs = _pdfs(_big_minimal(minimal))
    (sheet,) = map_sheets(load_game(minimal))
    for paper in ("a4", "letter"):
        extra, data = pdfs[f"maps/main-en-{paper}.pdf"]
        plan = tile_plan(sheet.drawing.width_mm, sheet.drawing.height_mm, paper)
        reader = PdfReader(io.BytesIO(data))
        assert len(plan.tiles) > 1
        assert len(reader.pages) == page_count(plan) == len(plan.tiles) + 1 == extra["pages"]
        for page in reader.pages:
            assert sorted(_size_mm(page)) == pytest.approx(sorted(PAPERS_MM[paper]), abs=0.01)


def test_each_tile_is_labelled_with_its_place_and_the_map_name(minimal: Path) -> None:
    _, data = _pdfs(_big_minimal(minimal, name="Mapa główna – Ação"))["maps/main-en-a4.pdf"]
    reader = PdfReader(io.BytesIO(data))
    texts = [page.extract_text() for page in reader.pages]
    assert "Assembling the map" in texts[0]
    for text in texts[1:]:
        assert "Mapa główna – Ação" in text and "Sheet " in text and "(row " in text and ", column " in text
    assert "Sheet A1 (row 1 of" in texts[1]


sizes = st.tuples(st.floats(20, 1500), st.floats(20, 1500))


@given(sizes, st.sampled_from(["a4", "letter"]), st.sampled_from([5.0, 10.0, 20.0]))
@settings(max_examples=200, deadline=None)
def test_tiles_cover_the_sheet_and_neighbours_overlap_by_the_setting(size: tuple[float, float], paper: str,
                                                                    overlap: float) -> None:
    width, height = size
    plan = tile_plan(width, height, paper, overlap_mm=overlap)
    printable = sorted((plan.page_w_mm - 2 * plan.margin_mm, plan.page_h_mm - 2 * plan.margin_mm))
    assert sorted((plan.tiles[0].w_mm, plan.tiles[0].h_mm)) == pytest.approx(printable)
    # every point of the sheet lies on a tile: the tiles of a row (column) reach the far edge without gaps
    row = [plan.at(0, c) for c in range(plan.cols)]
    column = [plan.at(r, 0) for r in range(plan.rows)]
    assert row[0].x_mm == 0 and column[0].y_mm == 0
    assert row[-1].x_mm + row[-1].w_mm >= width and column[-1].y_mm + column[-1].h_mm >= height
    for left, right in zip(row, row[1:]):
        assert left.x_mm + left.w_mm - right.x_mm == pytest.approx(overlap)
    for upper, lower in zip(column, column[1:]):
        assert upper.y_mm + upper.h_mm - lower.y_mm == pytest.approx(overlap)
    # and no fewer pages would do in this orientation
    if plan.cols > 1:
        assert (plan.cols - 1) * (row[0].w_mm - overlap) + overlap < width
    if plan.rows > 1:
        assert (plan.rows - 1) * (column[0].h_mm - overlap) + overlap < height


def test_the_default_overlap_is_ten_mm() -> None:
    assert DEFAULT_OVERLAP_MM == 10.0
    plan = tile_plan(500.0, 500.0, "a4")
    assert plan.overlap_mm == 10.0 and plan.at(0, 1).x_mm == plan.at(0, 0).w_mm - 10.0


def test_pdfs_are_byte_identical_when_rebuilt(minimal: Path, tmp_path: Path) -> None:
    first = {a.path: hashlib.sha256(a.data).hexdigest() for a in emit_map_pdfs(load_game(minimal))}
    again = tmp_path / "again"
    shutil.copytree(minimal, again)
    second = {a.path: hashlib.sha256(a.data).hexdigest() for a in emit_map_pdfs(load_game(again))}
    assert first == second
    svgs = [a.data for a in emit_map_svgs(load_game(minimal))], [a.data for a in emit_map_svgs(load_game(again))]
    assert svgs[0] == svgs[1]


def test_hex_numbers_and_names_can_be_extracted(minimal: Path) -> None:
    path = minimal / "map.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("name: Ville", "name: Łódź–Ação"), encoding="utf-8")
    _, data = _pdfs(minimal)["maps/main-en-full.pdf"]
    text = PdfReader(io.BytesIO(data)).pages[0].extract_text()
    assert "Łódź–Ação" in text
    assert all(label in text for label in ("0101", "0305", "0605"))


@pytest.mark.skipif(shutil.which("pdffonts") is None, reason="poppler-utils not installed")
def test_every_font_is_embedded(minimal: Path, tmp_path: Path) -> None:
    for path, (_, data) in _pdfs(_big_minimal(minimal)).items():
        target = tmp_path / Path(path).name
        target.write_bytes(data)
        lines = subprocess.run(["pdffonts", str(target)], capture_output=True, text=True, check=True).stdout
        rows = lines.splitlines()[2:]
        assert rows, path
        for row in rows:
            emb, sub, uni = row.split()[-5:-2]
            assert (emb, uni) == ("yes", "yes"), row


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils not installed")
def test_pdftotext_reads_polish_and_portuguese(minimal: Path, tmp_path: Path) -> None:
    path = minimal / "map.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("name: Ville", "name: Zażółć Ação"), encoding="utf-8")
    _, data = _pdfs(minimal)["maps/main-en-a4.pdf"]
    target = tmp_path / "map.pdf"
    target.write_bytes(data)
    text = subprocess.run(["pdftotext", "-layout", str(target), "-"], capture_output=True, text=True,
                          check=True).stdout
    assert "Zażółć Ação" in text
