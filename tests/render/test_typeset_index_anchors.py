"""The index of every seed rulebook lists the pages reportlab's own anchors would give it.

Paragraphs take their `<index item>` anchors out of the text and record them from the line each
would have been drawn on (flowables.py). The reference here is reportlab's mechanism itself: the
same story with the anchors left in the paragraphs, recorded by SimpleIndex's own callback. If a
reportlab upgrade hangs anchors on other words, breaks or splits lines differently, or stops
drawing paragraphs through `drawOn`, these tests fail.
"""
from __future__ import annotations

import io

import pytest
from reportlab.platypus import PageBreak, Paragraph, TableStyle
from reportlab.platypus.tableofcontents import SimpleIndex

from builder.load.game import load_game
from builder.render.typeset import flowables
from builder.render.typeset.contents import Index, anchor_terms
from builder.render.typeset.document import Layout, TypesetDocument
from builder.render.typeset.flowables import Para, take_anchors
from builder.render.typeset.frags import paragraph_frags
from builder.render.typeset.rulebook import rulebook_story
from builder.render.typeset.styles import styles, table_commands
from tests.conftest import CONTENT
from tests.emit.pdf_reading import pdf_text

SEED_GAMES = ("next-war", "magersfontein-1899", "gazala-1942", "batalha-de-gazala")


def index_pages(index: SimpleIndex) -> dict[tuple[str, ...], list[int]]:
    """Return each index entry's page numbers, as the index lists them."""
    return {terms: sorted({page for (page, _), _ in numbers}) for terms, numbers in index._entries.items()}


def built(game, book, *, reportlab_anchors: bool) -> tuple[bytes, dict]:
    """Return a rulebook PDF and its index's pages: recorded by our paragraphs, or (reportlab_anchors)
    by reportlab's anchor callback with the anchors left in the text."""
    layout = Layout(game.game.print.papers[0], columns=2)
    story, contents, index = rulebook_story(game, book, layout)
    buffer = io.BytesIO()
    document = TypesetDocument(buffer, layout, title="t", lang=book.lang, contents=contents)
    maker = SimpleIndex.getCanvasMaker(index) if reportlab_anchors else index.getCanvasMaker()
    document.build(story, canvasmaker=maker)
    return buffer.getvalue(), index_pages(index)


@pytest.mark.parametrize("name", SEED_GAMES)
def test_seed_index_pages_are_those_of_reportlab_anchors(name: str, monkeypatch) -> None:
    game = load_game(CONTENT / name)
    for book in game.rulebooks:
        ours, our_pages = built(game, book, reportlab_anchors=False)
        with monkeypatch.context() as patch:
            patch.setattr(flowables, "take_anchors", lambda frags: (frags, ()))
            theirs, their_pages = built(game, book, reportlab_anchors=True)
        assert our_pages == their_pages, book.lang
        assert sum(len(pages) for pages in our_pages.values()) > 50
        # the anchors took no room: the same words on the same lines of the same pages
        assert pdf_text(ours) == pdf_text(theirs)


def test_anchors_are_taken_out_and_the_text_joined() -> None:
    style = styles(8.5).body
    frags, anchors = take_anchors(paragraph_frags('a (<index item="Stack"/>stack) <index item="Zone"/>zone', style))
    assert [f.text for f in frags] == ["a (stack) zone"]
    # each is placed by the drawn character before it: "(" is the 2nd, ")" the 8th
    assert [(a.at, anchor_terms(a.label)) for a in anchors] == [(1, ("Stack",)), (7, ("Zone",))]


def split_paragraph_pages(filler: int, some: str, *, reportlab_anchors: bool) -> dict[tuple[str, ...], list[int]]:
    """Return the index pages of a paragraph of 300 terms that runs over several columns and pages,
    after `filler` words that move where its columns break."""
    st = styles(8.5)
    words = " ".join(f'<index item="Term {n}"/>term{n} (with {some} filler, words)' for n in range(300))
    index = Index(style=list(st.index), headers=False, dot=None, tableStyle=TableStyle(table_commands()))
    buffer = io.BytesIO()
    document = TypesetDocument(buffer, Layout("a4", columns=2), title="t", lang="en", front=False)
    story = [Paragraph("filler " * filler, st.body), Para(words, st.body), PageBreak(), index]
    document.build(story, canvasmaker=SimpleIndex.getCanvasMaker(index) if reportlab_anchors
                   else index.getCanvasMaker())
    return index_pages(index)


# plain text is one fragment once its anchors are out, and breaks on reportlab's fast path; bold does not
@pytest.mark.parametrize("some", ["some", "<b>some</b>"])
@pytest.mark.parametrize("filler", [1, 150, 333, 700])
def test_a_split_paragraph_records_each_anchor_on_its_page(filler: int, some: str, monkeypatch) -> None:
    ours = split_paragraph_pages(filler, some, reportlab_anchors=False)
    with monkeypatch.context() as patch:
        patch.setattr(flowables, "take_anchors", lambda frags: (frags, ()))
        theirs = split_paragraph_pages(filler, some, reportlab_anchors=True)
    assert ours == theirs
    assert len(ours) == 300
    assert len({page for pages in ours.values() for page in pages}) > 1
