"""The rulebook PDF read back: outline = section tree, links land on their cases, text and fonts,
embeds drawn from the model, byte-identical rebuilds, and the quick-reference sheet."""
from __future__ import annotations

import dataclasses
import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from builder.emit.pdf_rulebook import emit_rulebook_pdf
from builder.load.game import load_game
from builder.model.rulebook import Rulebook
from builder.phrases import phrase
from builder.render.typeset.rulebook import BODY_PT, CONTENTS_DEPTH, rulebook_pdf
from builder.render.typeset.styles import styles
from tests.conftest import CONTENT, MINIMAL
from tests.emit.pdf_reading import links, outline, pdf_fonts, pdf_text, reader, text_lines

BATALHA = CONTENT / "batalha-de-gazala"
BOLT = CONTENT / "bolt-action"
CASE = re.compile(r"^(\d+(?:\.\d+)+)\b")
PAPERS = ("a4", "letter")
"""Batalha's `print.papers`."""
CONTENTS_LINE = re.compile(r"^\s*(?P<title>\S.*?)\s*(?:\.\s*)+(?P<page>\d+)\s*$")


@pytest.fixture(scope="module")
def batalha():
    """Return the Batalha game and its rulebook PDF per language, on A4 with the type area it shares with Letter."""
    game = load_game(BATALHA)
    return game, {book.lang: rulebook_pdf(game, book, paper="a4", group=PAPERS) for book in game.rulebooks}


def expected_tree(book: Rulebook) -> list[tuple[int, str]]:
    """Return the section tree as the rulebook format defines it: (depth, heading) in order."""
    open_levels: list[int] = []
    tree: list[tuple[int, str]] = []

    def add(level: int, title: str) -> None:
        while open_levels and open_levels[-1] >= level:
            open_levels.pop()
        tree.append((len(open_levels), title))
        open_levels.append(level)

    for case in book.cases:
        if case.title:
            add(case.level, f"{case.number} {case.title}")
        for block in case.blocks:
            if block.kind == "heading":
                marks, title = block.text.strip().split(" ", 1)
                add(len(marks), title.strip())
    if book.glossary:
        add(1, phrase("glossary", book.lang))
        add(1, phrase("index", book.lang))
    return tree


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_outline_equals_the_section_tree(batalha, lang: str) -> None:
    game, pdfs = batalha
    book = next(b for b in game.rulebooks if b.lang == lang)
    found = [(depth, title) for depth, title, _ in outline(reader(pdfs[lang]))]
    assert found == expected_tree(book)


def _line_at(lines: list[tuple[float, float, str]], left: float, top: float) -> str:
    near = [line for line in lines if abs(line[0] - left) < 3 and top - 25 <= line[1] <= top]
    return max(near, key=lambda line: line[1])[2] if near else ""


def _line_of(lines: list[tuple[float, float, str]], rect: tuple[float, ...], middle: float) -> str:
    """Return the text of the row a link sits on, within the link's column."""
    x0, y0, _, y1 = rect
    row = sorted(line for line in lines if y0 - 1 <= line[1] <= y1 + 1 and line[0] <= x0 + 1)
    right = [line for line in row if line[0] > middle - 10]
    if x0 > middle and right and right[0][0] > 100:
        row = right
    elif x0 < middle:
        row = [line for line in row if line[0] < middle]
    return " ".join(line[2] for line in row)


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_links_land_on_the_page_of_their_case(batalha, lang: str) -> None:
    game, pdfs = batalha
    book = next(b for b in game.rulebooks if b.lang == lang)
    pdf = reader(pdfs[lang])
    index_page = next(page for _, title, page in outline(pdf) if title == phrase("index", lang))
    lines = {n: text_lines(page) for n, page in enumerate(pdf.pages)}
    headings = {title for _, title, _ in outline(pdf)}
    landed = set()
    for link in (k for k in links(pdf) if k.page < index_page):
        target = _line_at(lines[link.target_page], link.target_left, link.target_top)
        number = CASE.match(target)
        if target in headings and not number:
            continue
        assert number, f"link on page {link.page + 1} lands on {target!r}"
        assert number.group(1) in book.case_numbers()
        middle = float(pdf.pages[link.page].mediabox.width) / 2
        assert number.group(1) in _line_of(lines[link.page], link.rect, middle), (link, target)
        landed.add(number.group(1))
    referenced = {r.target for c in book.cases for r in c.references}
    assert referenced <= landed, referenced - landed


@pytest.mark.parametrize("lang,words", [("pt", ["Sumário", "Movimentação", "Índice remissivo", "Glossário",
                                                 "Tabela de Efeitos do Combate", "Nota do autor"]),
                                        ("en", ["Contents", "Movement", "Index", "Glossary",
                                                "Combat Results Table", "Designer's note"])])
def test_text_holds_every_case_number_and_the_language(batalha, lang: str, words: list[str]) -> None:
    game, pdfs = batalha
    book = next(b for b in game.rulebooks if b.lang == lang)
    text = pdf_text(pdfs[lang])
    for case in book.cases:
        assert case.number in text
    for word in words:
        assert word in text


def test_every_font_is_embedded(batalha) -> None:
    _, pdfs = batalha
    for data in pdfs.values():
        fonts = pdf_fonts(data)
        assert fonts and all(emb == "yes" for _, emb in fonts), fonts
        assert all("DejaVu" in name for name, _ in fonts)


def test_contents_and_index_list_pages(batalha) -> None:
    game, pdfs = batalha
    first = pdf_text(pdfs["pt"], page=1)
    assert "Sumário" in first and re.search(r"5\.0 Combate[ .]*\d+", first)
    index = pdf_text(pdfs["pt"], page=len(reader(pdfs["pt"]).pages))
    assert re.search(r"Campo minado,\s+\d+", index)


def _layout_text(data: bytes, first: int, last: int, folder: Path) -> str:
    path = folder / "rules.pdf"
    path.write_bytes(data)
    return subprocess.run(["pdftotext", "-layout", "-enc", "UTF-8", "-f", str(first), "-l", str(last), str(path), "-"],
                          capture_output=True, text=True, check=True).stdout


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_contents_page_numbers_are_the_pages_headings_land_on(batalha, lang: str, tmp_path: Path) -> None:
    # the numbers are forms filled in after the body is laid out: read them back as a reader sees
    # them, line by line, and hold each against the page its outline entry points at
    _, pdfs = batalha
    headings = [(title, page + 1) for depth, title, page in outline(reader(pdfs[lang])) if depth < CONTENTS_DEPTH]
    front = _layout_text(pdfs[lang], 1, min(page for _, page in headings) - 1, tmp_path)
    front = front.split(phrase("contents", lang), 1)[1]  # the title page's credits above it end in numbers too
    listed = [(m["title"], int(m["page"])) for m in map(CONTENTS_LINE.match, front.splitlines()) if m]
    assert listed == headings
    assert len({page for _, page in listed}) > 3


def test_index_page_numbers_link_to_the_pages_they_name(batalha) -> None:
    _, pdfs = batalha
    pdf = reader(pdfs["pt"])
    index_page = next(page for _, title, page in outline(pdf) if title == phrase("index", "pt"))
    style = styles(BODY_PT).index[1]
    checked = 0
    for link in (k for k in links(pdf) if k.page >= index_page):
        # an index line is its term, then its page numbers as one run of text: ",  5, 6, 14"
        lines = [line for line in text_lines(pdf.pages[link.page])
                 if abs(line[1] - link.rect[1]) < 0.5 and line[0] <= link.rect[0] and line[2].startswith(",")]
        if not lines:
            continue  # a link of the glossary, on the same page
        x, _, text = lines[0]
        # reportlab measures each number's link from the start of the run, as if ",  " were not there
        numbers = text.removeprefix(",  ")
        starts = {round(x + stringWidth(numbers[:m.start()], style.fontName, style.fontSize), 1): int(m.group())
                  for m in re.finditer(r"\d+", numbers)}
        assert starts.get(round(link.rect[0], 1)) == link.target_page + 1, (link, text)
        checked += 1
    assert checked > 20


def test_rebuild_is_byte_identical(batalha) -> None:
    game, pdfs = batalha
    book = next(b for b in game.rulebooks if b.lang == "pt")
    assert rulebook_pdf(game, book, paper="a4", group=PAPERS) == pdfs["pt"]


def test_emitter_gives_one_pdf_per_language_and_paper_with_its_lang(batalha) -> None:
    game, pdfs = batalha
    assert tuple(game.game.print.papers) == PAPERS
    artifacts = emit_rulebook_pdf(game)
    assert sorted((a.kind, a.path, a.extra["lang"], a.extra["paper"]) for a in artifacts) == [
        ("rules-pdf", f"rules/rules-{lang}-{paper}.pdf", lang, paper) for lang in ("en", "pt")
        for paper in game.game.print.papers]
    assert {a.extra["lang"]: a.data for a in artifacts if a.extra["paper"] == "a4"} == pdfs
    letter = next(a for a in artifacts if a.extra["paper"] == "letter")
    assert PdfReader(io.BytesIO(letter.data)).pages[0].mediabox.width == pytest.approx(612, abs=0.5)


def test_counters_maps_charts_and_boxes_are_drawn_from_the_model(tmp_path: Path) -> None:
    folder = tmp_path / "minimal"
    shutil.copytree(MINIMAL, folder)
    rules = folder / "rules" / "en" / "01-rules.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n{counter: r1}\n\n{map: 0101-0203}\n\n"
                     "::: designer\nWhy *fog* matters (see 1.1).\n:::\n\n| Roll | Weather |\n|---|---|\n"
                     "| 2-4 | Storm (2.1) |\n", encoding="utf-8")
    game = load_game(folder)
    data = rulebook_pdf(game, game.rulebooks[0], paper="letter")
    text = pdf_text(data)
    for expected in ("Combat Results Table", "0101", "0203", "Example of play", "Designer's note", "Storm"):
        assert expected in text
    pdf = reader(data)
    assert round(float(pdf.pages[0].mediabox.width)) == 612
    targets = {_line_at(text_lines(pdf.pages[k.target_page]), k.target_left, k.target_top)[:4] for k in links(pdf)}
    assert {"1.1 ", "2.1 "} <= targets


@pytest.fixture(scope="module")
def bolt():
    """Return the Bolt Action game and its quick-reference sheets by language."""
    game = load_game(BOLT)
    return game, {a.extra["lang"]: a.data for a in emit_rulebook_pdf(game)}


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_reference_sheet_is_two_landscape_pages(bolt, lang: str) -> None:
    game, pdfs = bolt
    pdf = reader(pdfs[lang])
    assert len(pdf.pages) <= 2
    box = pdf.pages[0].mediabox
    assert float(box.width) > float(box.height)
    assert all(emb == "yes" for _, emb in pdf_fonts(pdfs[lang]))


def test_reference_sheet_keeps_polish_and_drops_designer_notes(bolt) -> None:
    game, pdfs = bolt
    text = pdf_text(pdfs["pl"])
    for word in ("Słowniczek", "przygwożdżenia", "Zasięg", "Wyeliminowany", "Tabela rozkazów"):
        assert word in text
    assert phrase("designer", "pl") not in text
    book = next(b for b in game.rulebooks if b.lang == "pl")
    assert [title for _, title, _ in outline(reader(pdfs["pl"]))] == [t for _, t in expected_tree(book)][:-1]


def test_a_paper_of_another_size_is_typeset_on_its_own_and_the_parts_add_up_to_the_whole() -> None:
    from builder.pipeline.emitters import emit_rulebook_pdf as task, parts_of

    game = load_game(MINIMAL)
    settings = game.game.print.model_copy(update={"papers": ["a4", "a3", "letter"]})
    game = dataclasses.replace(game, game=game.game.model_copy(update={"print": settings}))
    whole = task(game)
    assert [a.extra["paper"] for a in whole] == ["a4", "letter", "a3"]  # A4 and Letter share their type area
    assert [a for part in parts_of(task, game) for a in task(part)] == whole
    assert len(parts_of(task, game)) == 2 * len(game.rulebooks)
    assert whole[2].data == rulebook_pdf(game, game.rulebooks[0], paper="a3")  # as a paper alone was always set
    assert round(float(reader(whole[2].data).pages[0].mediabox.height)) == 1191
