"""The game's own fonts: found (file in the game folder or installed family), used per role by every output."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from builder.build import build_game
from builder.load.game import load_game
from builder.render.drawing import Drawing, Text
from builder.render.fonts import (FACES, FONT_DIR, Face, em_width, face, game_font_table, hold_fonts,
                                  resolve_font, using_fonts)
from builder.render.svg import svg_text
from tests.conftest import with_own_font


def _fonts_of(pdf: Path) -> set[str]:
    names = set()
    for page in PdfReader(pdf).pages:
        for font in (page.get("/Resources", {}).get("/Font", {}) or {}).values():
            names.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
        for xobject in (page.get("/Resources", {}).get("/XObject", {}) or {}).values():
            resources = xobject.get_object().get("/Resources", {})
            for font in (resources.get("/Font", {}) or {}).values():
                names.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
    return names


def test_font_file_in_the_game_folder_finds_its_bold_sibling(minimal: Path) -> None:
    with_own_font(minimal, "font: fonts/Plate-Regular.ttf")
    shutil.copyfile(FONT_DIR / "DejaVuSansCondensed-Bold.ttf", minimal / "fonts" / "Plate-Bold.ttf")
    files, problem = resolve_font("fonts/Plate-Regular.ttf", minimal)
    assert problem == ""
    assert Path(files.regular.file).name == "Plate-Regular.ttf"
    assert Path(files.bold.file).name == "Plate-Bold.ttf" and files.bold.bold
    assert Path(files.italic.file).name == "Plate-Regular.ttf"


def test_unknown_family_is_refused_with_what_fontconfig_offers() -> None:
    files, problem = resolve_font("No Such Family Qq", Path("."))
    assert files is None and 'no installed font family is called "No Such Family Qq"' in problem


@pytest.mark.skipif(resolve_font("Liberation Sans", Path("."))[0] is None, reason="Liberation Sans not installed")
def test_installed_family_is_found_with_fontconfig() -> None:
    files, problem = resolve_font("Liberation Sans", Path("."))
    assert problem == "" and Path(files.regular.file).name == "LiberationSans-Regular.ttf"
    assert Path(files.bold.file).name == "LiberationSans-Bold.ttf"


def test_using_fonts_measures_with_the_chosen_face_and_restores_the_shipped_one(minimal: Path) -> None:
    with_own_font(minimal, "font: fonts/Plate-Regular.ttf")
    shipped_bold = em_width("Gazala 1942", "sans", True)
    table = game_font_table(minimal, "fonts/Plate-Regular.ttf", {})
    shipped = em_width("Gazala 1942")
    with using_fonts(table):
        assert Path(face("sans").file).name == "Plate-Regular.ttf"
        assert Path(face("headings", True).file).name == "Plate-Regular.ttf"  # no bold sibling
        assert em_width("Gazala 1942", "sans", True) == em_width("Gazala 1942") != shipped_bold
    assert face("sans") == FACES[("sans", False)] and em_width("Gazala 1942") == shipped
    assert em_width("Gazala 1942", "sans", True) == shipped_bold


def test_held_fonts_keep_what_was_measured_with_them_and_are_let_go_when_the_outermost_block_ends(
        minimal: Path) -> None:
    """A build holds a game's faces while it draws for the game's tasks and checks it (pipeline/scheduling.py);
    it may let go between two checks (a task failed), inside the checks' own block, which must keep its faces."""
    with_own_font(minimal, "font: fonts/Plate-Regular.ttf")
    table = game_font_table(minimal, "fonts/Plate-Regular.ttf", {})

    def bold() -> tuple[str, float]:  # Plate has no bold sibling: its bold is its regular
        return Path(face("sans", True).file).name, em_width("Gazala 1942", "sans", True)

    shipped = bold()
    try:
        hold_fonts(table)
        plate = bold()
        assert plate[0] == "Plate-Regular.ttf" and plate[1] != shipped[1]
        hits = em_width.cache_info().hits
        with using_fonts(table):  # as a task or the checks draw with the faces held: nothing forgotten
            assert bold() == plate and em_width.cache_info().hits == hits + 1
            hold_fonts(None)  # let go inside the block: it keeps drawing with its faces until it ends
            assert bold() == plate
            with using_fonts(None):
                assert bold() == shipped
            assert bold() == plate
        assert bold() == shipped
    finally:
        hold_fonts(None)


def test_per_role_font_keeps_the_other_roles_shipped(minimal: Path) -> None:
    table = game_font_table(with_own_font(minimal, "fonts: {map_labels: fonts/Plate-Regular.ttf}"), "DejaVu Sans",
                            {"map_labels": "fonts/Plate-Regular.ttf"})
    assert Path(face("labels", False, table).file).name == "Plate-Regular.ttf"
    assert face("sans", False, table) == FACES[("sans", False)]
    assert face("values", True, table) == FACES[("condensed", True)]


def test_every_pdf_of_a_game_embeds_its_font_and_the_svg_names_it(minimal: Path, tmp_path: Path) -> None:
    with_own_font(minimal, "font: fonts/Plate-Regular.ttf")
    build_game(load_game(minimal), tmp_path / "out")
    out = tmp_path / "out" / "minimal"
    pdfs = sorted(out.rglob("*.pdf"))
    assert len(pdfs) >= 5
    for pdf in pdfs:
        used = _fonts_of(pdf)
        assert used == {"DejaVuSans-Oblique"}, (pdf.name, used)


def test_svg_names_the_family_of_the_face_in_use() -> None:
    plate = Face("Plate Sans", str(FONT_DIR / "DejaVuSans-Oblique.ttf"))
    drawing = Drawing(20, 10, (Text(1, 5, "Gazala", 3.0, font="labels"),))
    with using_fonts({**FACES, ("labels", False): plate}):
        assert 'font-family="Plate Sans, sans-serif"' in svg_text(drawing)
    assert 'font-family="DejaVu Sans, sans-serif"' in svg_text(drawing)


def test_a_cut_off_font_file_is_refused_with_where_it_is_named(minimal: Path) -> None:
    from builder.pipeline.checking import check_path

    with_own_font(minimal, "font: fonts/Plate-Regular.ttf")
    plate = minimal / "fonts" / "Plate-Regular.ttf"
    plate.write_bytes(plate.read_bytes()[:3000])  # a download or copy that stopped short
    files, problem = resolve_font("fonts/Plate-Regular.ttf", minimal)
    assert files is None and 'font file "Plate-Regular.ttf" cannot be embedded' in problem
    errors = check_path(minimal).errors
    assert [e.rule for e in errors] == ["font/not-found"] and errors[0].at.file.name == "game.yaml"
