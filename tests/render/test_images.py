"""The designer's art on counter faces: placed by the layout, vector SVG kept vector, PNG at its own resolution."""
from __future__ import annotations

import io
import os
import shutil
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
from pypdf import PdfReader

from builder.load.game import load_game
from builder.render.counters import unit_face
from builder.render.drawing import Image
from builder.render.images import fitted_image, image_size
from builder.render.pdf import draw_drawing, new_canvas
from builder.render.svg import svg_text
from tests.conftest import DATA

TANK_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="512" height="256" viewBox="0 0 512 256">'
            '<path fill="#ff0000" d="M0 128 L256 0 L512 128 L256 256 Z"/></svg>')


def drawings_pdf(drawings: list) -> bytes:
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, 100, 100, title="art")
    for drawing in drawings:
        draw_drawing(canvas, drawing, 10, 10)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _links(pdf: bytes) -> int:
    return sum(len(page.get("/Annots", [])) for page in PdfReader(io.BytesIO(pdf)).pages)


def _game_with_art(minimal: Path, art: str) -> object:
    counters = minimal / "counters.yaml"
    counters.write_text(counters.read_text(encoding="utf-8").replace(
        "{id: armour, name: Armour, symbol: armour,", f"{{id: armour, name: Armour, symbol: armour, image: {art},"),
        encoding="utf-8")
    return load_game(minimal)


def _armour(game) -> object:
    return next(u for u in game.counters.units if u.type == "armour")


def test_svg_art_is_fitted_with_its_proportions_in_the_symbol_box(minimal: Path) -> None:
    (minimal / "art").mkdir()
    (minimal / "art" / "tank.svg").write_text(TANK_SVG, encoding="utf-8")
    game = _game_with_art(minimal, "art/tank.svg")
    face = unit_face(game, _armour(game), 0)
    [picture] = [item for item in face.items if isinstance(item, Image)]
    assert abs(picture.w_mm / picture.h_mm - 2.0) < 1e-9
    svg = svg_text(face)
    assert "data:image/svg+xml;base64," in svg
    assert "<path" not in svg.split("data:image/svg+xml")[0].split("<image")[-1]  # no armour symbol's marks


def test_svg_art_stays_vector_in_the_pdf(minimal: Path) -> None:
    (minimal / "art").mkdir()
    (minimal / "art" / "tank.svg").write_text(TANK_SVG, encoding="utf-8")
    game = _game_with_art(minimal, "art/tank.svg")
    pdf = drawings_pdf([unit_face(game, _armour(game), 0)])
    assert b"/Subtype /Image" not in pdf
    page = pdfium.PdfDocument(pdf)[0]
    pixels = np.asarray(page.render(scale=8).to_pil().convert("RGB")).astype(int)
    reds = int(((pixels[..., 0] > 200) & (pixels[..., 1] < 60) & (pixels[..., 2] < 60)).sum())
    assert reds > 500  # the red diamond is drawn


def _reds(pdf: bytes) -> int:
    pixels = np.asarray(pdfium.PdfDocument(pdf)[0].render(scale=8).to_pil().convert("RGB")).astype(int)
    return int(((pixels[..., 0] > 200) & (pixels[..., 1] < 60) & (pixels[..., 2] < 60)).sum())


def test_svg_art_drawn_again_is_the_same_file_and_an_edited_file_is_read_again(minimal: Path) -> None:
    (minimal / "art").mkdir()
    art = minimal / "art" / "tank.svg"
    art.write_text(TANK_SVG.replace('<path', '<path fill-opacity="1"'), encoding="utf-8")
    game = _game_with_art(minimal, "art/tank.svg")
    face = unit_face(game, _armour(game), 0)
    first, again = drawings_pdf([face]), drawings_pdf([face])  # the second from the remembered picture
    assert first == again and first.startswith(b"%PDF-1.4")  # svglib's opacity asks for 1.4 both times
    assert _reds(again) > 500
    art.write_text(TANK_SVG.replace("#ff0000", "#0000ff"), encoding="utf-8")  # the designer saves the file
    os.utime(art, ns=(art.stat().st_atime_ns, art.stat().st_mtime_ns + 1_000_000))
    edited = drawings_pdf([face])
    assert _reds(edited) == 0 and edited != first


def test_png_art_is_embedded_with_its_own_pixels(minimal: Path) -> None:
    (minimal / "art").mkdir()
    shutil.copyfile(DATA / "images" / "sharp-400px.png", minimal / "art" / "tank.png")
    game = _game_with_art(minimal, "art/tank.png")
    pdf = drawings_pdf([unit_face(game, _armour(game), 0)])
    images = [x for page in PdfReader(io.BytesIO(pdf)).pages for x in page.images]
    assert [(i.image.width, i.image.height) for i in images] == [(400, 400)]


def test_image_size_reads_svg_viewbox_and_png_pixels() -> None:
    assert (image_size(DATA / "images" / "soft-40px.png").width, image_size(DATA / "images" / "soft-40px.png").vector) \
        == (40.0, False)


def test_fitted_image_centres_in_its_box(tmp_path: Path) -> None:
    art = tmp_path / "wide.svg"
    art.write_text(TANK_SVG, encoding="utf-8")
    picture = fitted_image(art, 0, 0, 10, 10)
    assert (picture.x_mm, picture.y_mm, picture.w_mm, picture.h_mm) == (0, 2.5, 10, 5)


def test_rulebook_prints_figures_numbered_quotes_cover_and_credits_never_raw_markup(minimal: Path) -> None:
    from builder.render.typeset.rulebook import rulebook_pdf
    (minimal / "art").mkdir()
    (minimal / "art" / "tank.svg").write_text(TANK_SVG, encoding="utf-8")
    rules = minimal / "rules" / "en" / "01-rules.md"
    rules.write_text(rules.read_text(encoding="utf-8").replace(
        "Two sides meet over one town.", "Two sides meet over one town (Figure 2).\n\n![A red tank](art/tank.svg)\n\n"
        "> The <span>town</span> is <b>held</b>.\n\n![A second view](art/tank.svg)"), encoding="utf-8")
    game_yaml = minimal / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8") + "document: {cover: art/tank.svg}\n"
                         "art_credits:\n  - {files: [art/*], credit: Tank drawn by A. Maker}\n", encoding="utf-8")
    game = load_game(minimal)
    pdf = rulebook_pdf(game, game.rulebooks[0], paper="a4")
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "Figure 1. A red tank" in text and "Figure 2. A second view" in text
    rules.write_text(rules.read_text(encoding="utf-8").replace("(Figure 2)", "(Figure two)"), encoding="utf-8")
    unlinked = load_game(minimal)
    plain = rulebook_pdf(unlinked, unlinked.rulebooks[0], paper="a4")
    assert _links(pdf) == _links(plain) + 1  # "Figure 2" is a link to its figure
    assert "The town is held." in " ".join(text.split())
    assert "Tank drawn by A. Maker" in text
    assert b"Times-Roman" not in pdf  # the SVG art names no font the PDF does not embed
    assert "![" not in text and "<span>" not in text and "> The" not in text
    first = pdfium.PdfDocument(pdf)[0]
    pixels = np.asarray(first.render(scale=2).to_pil().convert("RGB")).astype(int)
    assert int(((pixels[..., 0] > 200) & (pixels[..., 1] < 60) & (pixels[..., 2] < 60)).sum()) > 1000  # the cover


def test_a_step_shows_its_own_art_on_its_face(minimal: Path) -> None:
    (minimal / "art").mkdir()
    (minimal / "art" / "tank.svg").write_text(TANK_SVG, encoding="utf-8")
    shutil.copyfile(DATA / "images" / "sharp-400px.png", minimal / "art" / "wreck.png")
    counters = minimal / "counters.yaml"
    counters.write_text(counters.read_text(encoding="utf-8").replace(
        "      - values: {attack: 6, defence: 3, movement: 10}",
        "      - values: {attack: 6, defence: 3, movement: 10}\n      - {values: {attack: 3, defence: 2, movement: 8}, "
        "image: art/wreck.png}"), encoding="utf-8")
    game = _game_with_art(minimal, "art/tank.svg")
    armour = _armour(game)
    shown = [[item.path for item in unit_face(game, armour, step).items if isinstance(item, Image)] for step in (0, 1)]
    assert [Path(paths[0]).name for paths in shown] == ["tank.svg", "wreck.png"]
