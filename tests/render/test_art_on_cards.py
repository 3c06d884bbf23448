"""Images on charts (and so on the player-aid card and the module's chart windows), in track boxes and before a
track's title on the map sheets, displays and the module's boards."""
from __future__ import annotations

import shutil
from pathlib import Path

import pypdfium2
import pypdfium2.raw as pdfium_c

from builder.emit.pdf_aid import aid_pdf
from builder.emit.vassal.plan import plan_module
from builder.load.game import load_game
from builder.render.charts import chart_drawing
from builder.render.drawing import Group, Image, Item, Text
from builder.render.maps.sheet import map_sheets
from tests.conftest import DATA
from tests.render.drawn import placed_items


def _edited(minimal: Path, file: str, find: str, replace: str) -> None:
    (minimal / "art").mkdir(exist_ok=True)
    shutil.copyfile(DATA / "images" / "sharp-400px.png", minimal / "art" / "picture.png")
    path = minimal / file
    text = path.read_text(encoding="utf-8")
    assert find in text, find
    path.write_text(text.replace(find, replace, 1), encoding="utf-8")


def test_chart_image_sits_under_the_chart_centred_and_prints_on_the_aid_card(minimal: Path) -> None:
    _edited(minimal, "charts.yaml", "    name: Combat Results Table\n",
            "    name: Combat Results Table\n    image: art/picture.png\n    image_height_mm: 20\n")
    game = load_game(minimal)
    crt = game.charts.charts[0]
    drawing = chart_drawing(game, crt, "en", width_mm=120.0)
    placed = [(item, dx, dy) for item, dx, dy in placed_items(drawing.items) if isinstance(item, Image)]
    [(picture, dx, dy)] = placed
    texts = [item.y_mm + ty for item, _, ty in placed_items(drawing.items) if isinstance(item, Text)]
    assert (picture.w_mm, picture.h_mm) == (20.0, 20.0) and picture.y_mm + dy > max(texts)
    assert abs(picture.x_mm + dx + 10.0 - drawing.width_mm / 2) < 1e-6
    document = pypdfium2.PdfDocument(aid_pdf(game, "en", "a4"))
    images = [o for page in document for o in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_IMAGE], max_depth=5)]
    assert images and images[0].get_px_size() == (400, 400)


def test_box_and_track_pictures_print_on_the_sheet_and_in_the_modules_display(minimal: Path) -> None:
    _edited(minimal, "map.yaml", "{id: turn-2, value: 2}", "{id: turn-2, value: 2, image: art/picture.png}")
    _edited(minimal, "map.yaml", "        placement: right\n", "        placement: right\n        image: art/picture.png\n")
    game = load_game(minimal)
    sheet = next(s for s in map_sheets(game) if s.map_id == "main")
    pictures = [(item, dy) for item, _, dy in placed_items(sheet.drawing.items) if isinstance(item, Image)]
    titles = [(item, dy) for item, _, dy in placed_items(sheet.drawing.items) if isinstance(item, Text) and item.text == "Turns"]
    [(title, title_dy)] = titles
    # the track's picture before its title, the box's below it (inside the second box)
    icon, box = sorted(pictures, key=lambda p: p[0].y_mm + p[1])
    assert icon[0].x_mm < title.x_mm and abs((icon[0].y_mm + icon[1]) - (title_dy + title.y_mm - title.size_mm)) < 3
    assert box[0].y_mm + box[1] > title_dy + title.y_mm
    plan = plan_module(game)
    board = next(b for b in plan.boards if b.map_id == "main")
    module_pictures = [i for i, _, _ in placed_items(board.display.items) if isinstance(i, Image)] if board.display else []
    assert [p.path for p in module_pictures] == [str(minimal / "art" / "picture.png")]
