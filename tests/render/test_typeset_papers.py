"""One type area for papers of about the same size: a rulebook typeset once on A4 is the Letter rulebook too,
its page boxes moved (builder/render/typeset/papers.py), with the same text on the same pages at the same
place in the type area, the same outline, links, contents and index, and the document information kept."""
from __future__ import annotations

import io

import pytest
from reportlab.lib.units import mm as PT_PER_MM
from reportlab.pdfgen.canvas import Canvas

from builder.load.game import load_game
from builder.model.units import PAPERS_MM, paper_groups
from builder.render.typeset.document import HEADER_PT, Layout
from builder.render.typeset.papers import on_every_paper, on_paper
from builder.render.typeset.rulebook import rulebook_pdf
from tests.conftest import CONTENT
from tests.emit.pdf_reading import links, outline, pdf_text, reader, text_lines

GROUP = ("a4", "letter")


@pytest.fixture(scope="module")
def papers() -> dict[str, bytes]:
    """Return Batalha's English rulebook on A4 and on Letter, as the emitter makes them."""
    game = load_game(CONTENT / "batalha-de-gazala")
    book = next(b for b in game.rulebooks if b.lang == "en")
    return on_every_paper(GROUP, rulebook_pdf, game, book)


def test_papers_of_about_the_same_size_group_together_in_order() -> None:
    assert paper_groups(["a4", "letter"]) == [("a4", "letter")]
    assert paper_groups(["letter", "a3", "a4"]) == [("letter", "a4"), ("a3",)]
    assert paper_groups(["a3"]) == [("a3",)]
    assert paper_groups(["a4", "a4"]) == [("a4",)]


@pytest.mark.parametrize("landscape", [False, True])
def test_the_type_area_fits_every_paper_of_the_group_with_the_margin(landscape: bool) -> None:
    for paper in GROUP:
        layout = Layout(paper, columns=2, landscape=landscape, group=GROUP)
        (left, bottom), (width, height), (page_w, page_h) = layout.origin_pt, layout.area_pt, layout.page_pt
        margin = layout.margin_mm * PT_PER_MM
        assert left >= margin - 1e-6 and bottom >= margin - 1e-6
        assert page_w - left - width >= margin - 1e-6 and page_h - bottom - height >= margin - 1e-6
        assert left == pytest.approx(page_w - left - width) and bottom == pytest.approx(page_h - bottom - height)
    alone = Layout("a4", columns=2)
    assert alone.origin_pt == pytest.approx((alone.margin_mm * PT_PER_MM,) * 2)  # a paper alone: as before


def test_each_paper_has_its_own_page_boxes(papers: dict[str, bytes]) -> None:
    for paper, data in papers.items():
        for page in reader(data).pages:
            size_mm = (float(page.mediabox.width) / PT_PER_MM, float(page.mediabox.height) / PT_PER_MM)
            assert size_mm == pytest.approx(PAPERS_MM[paper], abs=0.01)


def _area_left_bottom(page, layout: Layout) -> tuple[float, float]:
    """Return the type area's lower left corner in the page's user space: centred in its media box."""
    (width, height), box = layout.area_pt, page.mediabox
    return float(box.left) + (float(box.width) - width) / 2, float(box.bottom) + (float(box.height) - height) / 2


def test_both_papers_show_the_same_text_on_the_same_pages_at_the_same_place(papers: dict[str, bytes]) -> None:
    a4, letter = reader(papers["a4"]), reader(papers["letter"])
    assert len(a4.pages) == len(letter.pages) > 3
    for number, (page_a4, page_letter) in enumerate(zip(a4.pages, letter.pages), start=1):
        assert pdf_text(papers["a4"], page=number, raw=True) == pdf_text(papers["letter"], page=number, raw=True)
        placed = []
        for page, paper in ((page_a4, "a4"), (page_letter, "letter")):
            layout = Layout(paper, columns=2, group=GROUP)
            left, bottom = _area_left_bottom(page, layout)
            lines = [(x - left, y - bottom, text) for x, y, text in text_lines(page)]
            width, height = layout.area_pt
            # the running header just above the type area, the folio below it, all else inside it (pypdf
            # misplaces the contents' dot leaders)
            assert all(-1e-3 <= x <= width and 0 <= y <= height + HEADER_PT for x, y, text in lines
                       if not text.startswith(".") and not text.isdigit())
            assert any(y < 0 for x, y, text in lines if text == str(number))  # the folio
            placed.append(lines)
        assert [text for *_, text in placed[0]] == [text for *_, text in placed[1]]
        assert [v for x, y, _ in placed[0] for v in (x, y)] == pytest.approx(
            [v for x, y, _ in placed[1] for v in (x, y)], abs=0.01)


def test_outline_links_contents_and_document_information_survive(papers: dict[str, bytes]) -> None:
    a4, letter = reader(papers["a4"]), reader(papers["letter"])
    assert outline(a4) == outline(letter) and len(outline(a4)) > 10
    assert links(a4) == links(letter) and len(links(a4)) > 20
    assert a4.metadata == letter.metadata and letter.metadata["/Producer"] == "sandtable"
    assert letter.metadata["/CreationDate"] == a4.metadata["/CreationDate"]
    assert a4.trailer["/Root"]["/Lang"] == letter.trailer["/Root"]["/Lang"] == "en"
    contents = pdf_text(papers["a4"], page=1)
    assert "Index" in contents and contents == pdf_text(papers["letter"], page=1)  # the same page numbers
    assert pdf_text(papers["a4"], page=len(a4.pages)) == pdf_text(papers["letter"], page=len(letter.pages))


def test_a_moved_paper_is_byte_identical_twice(papers: dict[str, bytes]) -> None:
    assert on_paper(papers["a4"], "letter") == papers["letter"]


def test_every_page_box_a_page_has_is_moved() -> None:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(595.2756, 841.8898), invariant=1)
    canvas.setTrimBox((10, 10, 585.2756, 831.8898))
    canvas.drawString(100, 100, "trimmed")
    canvas.showPage()
    canvas.save()
    page = reader(on_paper(buffer.getvalue(), "letter")).pages[0]
    assert [float(v) for v in page.mediabox] == pytest.approx([-8.362, 24.945, 603.638, 816.945])
    assert [float(v) for v in page.trimbox] == [float(v) for v in page.mediabox]
    assert "/CropBox" not in page and "trimmed" in pdf_text(on_paper(buffer.getvalue(), "letter"))
