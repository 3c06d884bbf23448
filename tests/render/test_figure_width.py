"""A rulebook figure's width: `![caption](file){width=50%}` sets the figure half the column wide, centred;
without it, the figure spans the column."""
from __future__ import annotations

import shutil
from pathlib import Path

import pypdfium2
import pypdfium2.raw as pdfium_c

from builder.load.game import load_game
from builder.render.typeset import structure
from builder.render.typeset.rulebook import rulebook_pdf
from tests.conftest import DATA


def _image_widths(data: bytes) -> list[float]:
    """Return the width in points of every image placed on the rulebook's pages."""
    document = pypdfium2.PdfDocument(data)
    widths = []
    for page in document:
        for found in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_IMAGE], max_depth=5):
            left, _, right, _ = found.get_bounds()
            widths.append(right - left)
    return widths


def _rulebook_with(minimal: Path, figures: str) -> bytes:
    (minimal / "art").mkdir()
    shutil.copyfile(DATA / "images" / "sharp-400px.png", minimal / "art" / "town.png")
    rules = minimal / "rules" / "en" / "01-rules.md"
    rules.write_text(rules.read_text(encoding="utf-8").replace(
        "Two sides meet over one town.", f"Two sides meet over one town.\n\n{figures}"), encoding="utf-8")
    game = load_game(minimal)
    return rulebook_pdf(game, next(b for b in game.rulebooks if b.lang == "en"), paper="a4")


def test_figure_width_attribute_sets_its_share_of_the_column(minimal: Path) -> None:
    widths = _image_widths(_rulebook_with(minimal, "![Whole](art/town.png)\n\n![Half](art/town.png){width=50%}"))
    assert len(widths) == 2 and abs(widths[1] - widths[0] / 2) < 0.5


def test_figure_attributes_read_width_and_refuse_the_rest() -> None:
    assert structure.figure_attributes("![a](b.png)") == ("", 1.0)
    assert structure.figure_attributes("![a](b.png){width=40%}") == ("{width=40%}", 0.4)
    assert structure.figure_attributes("![a](b.png){ width = 25.5% }")[1] == 0.255
    assert structure.figure_attributes("![a](b.png){height=4cm}") == ("{height=4cm}", None)
    assert structure.figure_attributes("![a](b.png){width=0%}")[1] is None
    assert structure.figure("![a](b.png \"Caption\"){width=40%}") == ("Caption", "b.png")
