"""Print-shop production: press PDFs read back (output intent, colour spaces, boxes, fonts), PNG exports with
their dpi, counter sizes grouped on sheets, gutters, and the credits in every PDF's metadata."""
from __future__ import annotations

import io
import re
import shutil
import struct
from pathlib import Path

import pytest
from pypdf import PdfReader

from builder.pipeline.emitters import emit_press_pdfs
from builder.emit.counters import emit_counter_pngs, sides_for
from builder.emit.pdf_charts import emit_charts_pdf
from builder.emit.press import ICC_PROFILE, _with_fixed_id
from builder.load.game import load_game
from builder.model.units import MM_PER_INCH
from builder.render.counters import all_counters
from tests.conftest import MINIMAL

PRESS_SETTINGS = ("print: {counter_size: 1/2in}", "print: {counter_size: 1/2in, press: true}")
needs_ghostscript = pytest.mark.skipif(shutil.which("gs") is None or not ICC_PROFILE.is_file(),
                                       reason="Ghostscript (Debian ghostscript) is not installed")


def _game_with(tmp_path: Path, old: str, new: str, name: str = "game.yaml"):
    game = tmp_path / "minimal"
    if not game.exists():
        shutil.copytree(MINIMAL, game)
    path = game / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    return load_game(game)


def _colour_operators(reader: PdfReader) -> set[bytes]:
    found: set[bytes] = set()
    for page in reader.pages:
        found |= set(re.findall(rb"(?<![A-Za-z/])(rg|RG|k|K|g|G|cs|CS)(?![A-Za-z])", page.get_contents().get_data()))
    return found


@needs_ghostscript
def test_press_pdfs_are_cmyk_pdfx_with_an_output_intent_and_boxes(tmp_path: Path) -> None:
    game = _game_with(tmp_path, *PRESS_SETTINGS)
    pressed = emit_press_pdfs(game)
    kinds = {a.extra["source"].split("/")[0] for a in pressed}
    assert {"counters", "maps", "charts", "rules", "setup"} <= kinds
    for artifact in pressed:
        assert artifact.path == f"press/{artifact.extra['source']}"
        reader = PdfReader(io.BytesIO(artifact.data))
        intents = reader.trailer["/Root"]["/OutputIntents"]
        intent = intents[0].get_object()
        assert intent["/S"] == "/GTS_PDFX"
        profile = intent["/DestOutputProfile"].get_object()
        assert profile["/N"] == 4 and profile.get_data() == ICC_PROFILE.read_bytes()
        assert reader.metadata["/GTS_PDFXVersion"] == "PDF/X-3:2002"
        assert b"DeviceRGB" not in artifact.data and b"/ICCBased" not in artifact.data
        assert not _colour_operators(reader) & {b"rg", b"RG"}, artifact.path
        for page in reader.pages:
            assert "/TrimBox" in page and "/BleedBox" in page
            assert "/Annots" not in page
        fonts = [f for p in reader.pages for f in p.get("/Resources", {}).get("/Font", {}).values()]
        for font in fonts:
            descriptor = font.get_object().get("/FontDescriptor")
            if descriptor is not None:
                assert any(k in descriptor.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3"))


@needs_ghostscript
@pytest.mark.parametrize("source,page_index", [("counters/", 2), ("maps/main-en-full", 0)])
def test_press_sheets_keep_their_3mm_bleed_box(tmp_path: Path, source: str, page_index: int) -> None:
    game = _game_with(tmp_path, *PRESS_SETTINGS)
    pressed = next(a for a in emit_press_pdfs(game) if a.extra["source"].startswith(source))
    page = PdfReader(io.BytesIO(pressed.data)).pages[page_index]
    trim, bleed = [float(v) for v in page["/TrimBox"]], [float(v) for v in page["/BleedBox"]]
    media = [float(v) for v in page["/MediaBox"]]
    for n, sign in enumerate((-1, -1, 1, 1)):
        assert (bleed[n] - trim[n]) * sign == pytest.approx(3 * 72 / MM_PER_INCH, abs=0.01)
        assert (media[n] - bleed[n]) * sign >= 0


@needs_ghostscript
def test_press_pdfs_are_byte_identical_between_builds(tmp_path: Path) -> None:
    game = _game_with(tmp_path, *PRESS_SETTINGS)
    first = {a.path: a.data for a in emit_press_pdfs(game)}
    again = {a.path: a.data for a in emit_press_pdfs(load_game(tmp_path / "minimal"))}
    assert first == again


def test_no_press_pdfs_unless_asked() -> None:
    assert emit_press_pdfs(load_game(MINIMAL)) == []


def _png_size_and_dpi(data: bytes) -> tuple[int, int, float]:
    width, height = struct.unpack(">II", data[16:24])
    at = data.index(b"pHYs")
    per_metre_x, per_metre_y, unit = struct.unpack(">IIB", data[at + 4:at + 13])
    assert unit == 1 and per_metre_x == per_metre_y
    return width, height, per_metre_x * MM_PER_INCH / 1000


def test_counter_pngs_are_made_only_when_asked() -> None:
    assert emit_counter_pngs(load_game(MINIMAL)) == []


def test_every_counter_face_is_a_png_at_300_dpi_with_and_without_bleed(tmp_path: Path) -> None:
    game = _game_with(tmp_path, "print: {counter_size: 1/2in}", "print: {counter_size: 1/2in, png: true}")
    artifacts = emit_counter_pngs(game)
    faces = [a for a in artifacts if a.kind == "counter-face-png"]
    assert len(faces) == 4 * len(all_counters(game))
    side_px = round(12.7 / MM_PER_INCH * 300)
    bleed_px = round((12.7 + 6) / MM_PER_INCH * 300)
    for artifact in faces:
        width, height, dpi = _png_size_and_dpi(artifact.data)
        assert artifact.extra["dpi"] == 300 and dpi == pytest.approx(300, abs=0.1)
        expected = bleed_px if artifact.path.endswith("-bleed.png") else side_px
        assert (width, height) == (expected, expected), artifact.path
    sheets = [a for a in artifacts if a.kind == "counters-png"]
    for sheet in sheets:  # A4 at 300 dpi, give or take PDFium's rounding of the page's points
        width, height, dpi = _png_size_and_dpi(sheet.data)
        assert abs(width - 2480) <= 1 and abs(height - 3508) <= 1 and dpi == pytest.approx(300, abs=0.1)
    assert sheets


def test_png_dpi_follows_the_print_settings(tmp_path: Path) -> None:
    game = _game_with(tmp_path, "print: {counter_size: 1/2in}", "print: {counter_size: 1/2in, dpi: 150, png: true}")
    face = next(a for a in emit_counter_pngs(game) if a.kind == "counter-face-png")
    assert _png_size_and_dpi(face.data) == (75, 75, pytest.approx(150, abs=0.1))


def test_markers_of_another_size_go_on_sheets_of_their_own(tmp_path: Path) -> None:
    game = _game_with(tmp_path, "print: {counter_size: 1/2in}", "print: {counter_size: 1/2in, marker_size: 1in}")
    marker_ids = {m.id for m in game.counters.markers}
    pieces = all_counters(game)
    assert {round(p.front.width_mm, 2) for p in pieces if p.id in marker_ids} == {25.4}
    assert {round(p.front.width_mm, 2) for p in pieces if p.id not in marker_ids} == {12.7}
    _, sides = sides_for(game, "a4", pieces)
    for side in sides:
        assert len({placed.face.width_mm for placed in side.faces}) <= 1
    assert [round(s.faces[0].face.width_mm, 1) for s in sides if s.faces] == [25.4, 25.4, 12.7, 12.7]


def test_a_unit_type_may_have_its_own_counter_size(tmp_path: Path) -> None:
    text = (MINIMAL / "counters.yaml").read_text(encoding="utf-8")
    first_type = re.search(r"unit_types:\n  - \{?id: ([\w-]+)", text)
    assert first_type, "the minimal game lists unit types"
    game = load_game(MINIMAL)
    type_id = game.counters.unit_types[0].id
    mark = f"id: {type_id},"
    game = _game_with(tmp_path, mark, f"{mark} counter_size: 3/4in,", "counters.yaml")
    sized = {round(p.front.width_mm, 2) for p in all_counters(game)
             if any(u.id == p.source_id and u.type == type_id for u in game.counters.units)}
    assert sized == {19.05}


def test_black_gutters_part_the_counters_and_double_the_cuts(tmp_path: Path) -> None:
    game = _game_with(tmp_path, "print: {counter_size: 1/2in}",
                      "print: {counter_size: 1/2in, gutter_mm: 2, gutter_colour: black}")
    geom, sides = sides_for(game, "a4", all_counters(game))
    assert geom.pitch_mm == pytest.approx(14.7)
    first = sides[2].faces
    assert first[1].x_mm - first[0].x_mm == pytest.approx(14.7)
    black = [item for item in sides[2].decorations if getattr(getattr(item, "paint", None), "fill", None) == "#000000"]
    assert len(black) == 1


def test_sheet_order_by_side_starts_each_side_on_a_new_sheet(tmp_path: Path) -> None:
    game = _game_with(tmp_path, "print: {counter_size: 1/2in}", "print: {counter_size: 1/2in, sheet_order: side}")
    _, sides = sides_for(game, "a4", all_counters(game))
    fronts = [s for s in sides[2::2] if s.faces]
    assert len(fronts) >= 2


def test_credits_reach_the_pdf_metadata(tmp_path: Path) -> None:
    game = _game_with(tmp_path, "print: {counter_size: 1/2in}",
                      "print: {counter_size: 1/2in}\ncredits: {designers: [Ana Lima], publisher: Mesa, "
                      "version: 2.1-beta, licence: CC-BY-4.0}")
    chart = emit_charts_pdf(game)[0]
    info = PdfReader(io.BytesIO(chart.data)).metadata
    assert info["/Author"] == "Ana Lima"
    assert "version 2.1-beta" in info["/Subject"]
    assert "CC-BY-4.0" in info["/Keywords"] and "Mesa" in info["/Keywords"]
    assert b"/Lang (en)" in chart.data


def test_map_sheets_become_pngs_at_the_map_dpi_only_when_asked(tmp_path: Path) -> None:
    from builder.emit.map_png import emit_map_pngs
    from builder.render.maps.sheet import map_sheets

    assert emit_map_pngs(load_game(MINIMAL)) == []
    game = _game_with(tmp_path, "print: {counter_size: 1/2in}", "print: {counter_size: 1/2in, map_dpi: 100}")
    pngs = emit_map_pngs(game)
    sheets = map_sheets(game)
    assert [p.path for p in pngs] == [f"maps/png/{s.id}-en.png" for s in sheets]
    assert all(p.extra["lang"] == "en" for p in pngs)
    for png, sheet in zip(pngs, sheets):
        width, height, dpi = _png_size_and_dpi(png.data)
        assert png.extra["dpi"] == 100 and dpi == pytest.approx(100, abs=0.1)
        assert (width, height) == (round(sheet.drawing.width_mm / MM_PER_INCH * 100),
                                   round(sheet.drawing.height_mm / MM_PER_INCH * 100))


def test_print_settings_on_the_command_line_replace_the_game_yaml_ones(tmp_path: Path) -> None:
    import json

    from tests.conftest import run_cli

    out = tmp_path / "out"
    result = run_cli("build", str(MINIMAL), "-o", str(out), "--png", "--dpi", "150", "--paper", "letter",
                     "--map-paper", "a2", "--map-paper", "22x34in", timeout=180)
    assert result.code == 0, result.stderr
    manifest = json.loads((out / "minimal" / "manifest.json").read_text(encoding="utf-8"))
    faces = [a for a in manifest["artifacts"] if a["kind"] == "counter-face-png"]
    assert faces and {a["dpi"] for a in faces} == {150}
    charts = [a for a in manifest["artifacts"] if a["kind"] == "charts-pdf"]
    assert {a["paper"] for a in charts} == {"letter"}
    large = {a["layout"]: a["fits"] for a in manifest["artifacts"] if a["kind"] == "map-pdf" and "fits" in a}
    assert large == {"a2": True, "22x34in": True}
    assert "note:" not in result.stderr
    assert manifest["version"] == "1.0" and manifest["credits"]["version"] == "1.0"
    again = run_cli("build", str(MINIMAL), "-o", str(out), timeout=180)  # game.yaml's settings again: no shortcut
    assert again.code == 0 and "(up to date)" not in again.stderr
    manifest = json.loads((out / "minimal" / "manifest.json").read_text(encoding="utf-8"))
    assert not [a for a in manifest["artifacts"] if a["kind"] in ("counter-face-png", "counters-png")]
    assert "(up to date)" in run_cli("build", str(MINIMAL), "-o", str(out), timeout=180).stderr


def test_a_map_larger_than_every_large_paper_is_named_in_the_build_output(minimal: Path, tmp_path: Path) -> None:
    from tests.conftest import run_cli

    small = run_cli("build", str(minimal), "-o", str(tmp_path / "small"), "--map-paper", "a3", timeout=180)
    assert small.code == 0, small.stderr
    assert "note:" not in small.stderr
    map_file = minimal / "map.yaml"  # hexes of 60 mm: a map of some 390 × 330 mm, over an A3 page's printable area
    map_file.write_text(map_file.read_text(encoding="utf-8").replace("hex_mm: 19.05", "hex_mm: 60"), encoding="utf-8")
    large = run_cli("build", str(minimal), "-o", str(tmp_path / "large"), "--map-paper", "a3", "--map-paper",
                    "tabloid", timeout=180)
    assert large.code == 0, large.stderr
    assert "note: maps/main-en-full.pdf fits on one sheet of none of a3, tabloid: it is tiled on them" in large.stderr


def test_a_paper_sandtable_does_not_know_is_a_usage_error(tmp_path: Path) -> None:
    from tests.conftest import run_cli

    result = run_cli("build", str(MINIMAL), "-o", str(tmp_path / "out"), "--paper", "b5")
    assert result.code == 2
    assert "'b5' is not one of" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("flip", ["long-edge", "short-edge"])
def test_with_gutters_every_back_still_lands_behind_its_front(tmp_path: Path, flip: str) -> None:
    from builder.emit.counters import counters_pdf
    from builder.model.units import PAPERS_MM
    from tests.emit.test_counters import _do_positions

    game = _game_with(tmp_path, "print: {counter_size: 1/2in}",
                      f"print: {{counter_size: 1/2in, gutter_mm: 1.5, gutter_colour: black, duplex: {flip}}}")
    reader = PdfReader(io.BytesIO(counters_pdf(game, "a4", all_counters(game) * 40)))
    page_w_mm, page_h_mm = PAPERS_MM["a4"]
    pt_per_mm = 72 / MM_PER_INCH
    pages = reader.pages[2:]
    assert len(pages) >= 2
    for fronts, backs in zip(pages[0::2], pages[1::2]):
        front_at, back_at = _do_positions(fronts), _do_positions(backs)
        assert len(front_at) == len(back_at) > 1
        assert front_at[1][0] - front_at[0][0] == pytest.approx((12.7 + 1.5) * pt_per_mm, abs=0.01)
        for (fx, fy), (bx, by) in zip(front_at, back_at):
            fx, fy, bx, by = (v / pt_per_mm for v in (fx, fy, bx, by))
            expected = (fx, page_h_mm - fy - 12.7) if flip == "short-edge" else (page_w_mm - fx - 12.7, fy)
            assert bx == pytest.approx(expected[0], abs=0.01) and by == pytest.approx(expected[1], abs=0.01)


def test_ghostscripts_trailer_id_is_replaced_whether_written_in_hex_or_as_a_literal_string() -> None:
    # Ghostscript writes its time-made /ID in either form; a literal string may hold `]`, `)` and escapes
    def trailer(entry: bytes) -> bytes:
        return b"%PDF-1.3\nxref\n0 1\ntrailer\n<< /Size 3\n/ID " + entry + b"\n>>\nstartxref\n9\n%%EOF\n"

    hex_id = trailer(b"[<ACEA2E2C9E5A884E0C12577B81333AC9><ACEA2E2C9E5A884E0C12577B81333AC9>]")
    literal = trailer(b"[(j\\tF]G\\)\\nm(vT)\\b)(j\\tF]G\\)\\nm(vT)\\b)]")
    assert _with_fixed_id(hex_id) == _with_fixed_id(literal)
    assert re.search(rb"/ID \[<([0-9A-F]{32})><\1>\]\n>>\nstartxref\n9\n", _with_fixed_id(literal))
