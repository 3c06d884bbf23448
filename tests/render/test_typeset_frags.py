"""Paragraph fragments read by frags.py equal those of reportlab's own parser, on every paragraph of
the seed rulebooks and on each tag of our markup; markup outside that vocabulary goes to the parser.

If a reportlab upgrade changes what its parser sets on fragments, these tests fail: frags.py then
has to follow it, or the rulebooks would be set differently from what reportlab means."""
from __future__ import annotations

from typing import Callable, Iterator

import pytest
from reportlab.lib.abag import ABag
from reportlab.platypus import Flowable, Paragraph, Table

from builder.load.game import load_game
from builder.render.typeset.contents import Contents
from builder.render.typeset.document import Layout
from builder.render.typeset.flowables import Para
from builder.render.typeset.frags import paragraph_frags
from builder.render.typeset.markup import link
from builder.render.typeset.rulebook import rulebook_story
from builder.render.typeset.styles import styles
from tests.conftest import CONTENT

SEED_GAMES = ("next-war", "magersfontein-1899", "gazala-1942", "batalha-de-gazala")


def _state(frag) -> dict:
    """Return a fragment's attributes, callbacks opened up, for comparison."""
    return {k: (v.__dict__ if isinstance(v, ABag) else v) for k, v in frag.__dict__.items()}


def parsed(markup: str, style) -> list[dict]:
    """Return the fragments reportlab's parser makes of the markup (Paragraph without frags)."""
    return [_state(f) for f in Paragraph(markup, style).frags]


def read(markup: str, style) -> list[dict] | None:
    """Return the fragments frags.py makes of the markup, or None if it leaves it to the parser."""
    frags = paragraph_frags(markup, style)
    return None if frags is None else [_state(f) for f in frags]


def paragraphs(flowable: Flowable, width: float):
    """Yield every Para in a flowable, inside tables and the contents too."""
    if isinstance(flowable, Para):
        yield flowable
    elif isinstance(flowable, Contents):
        yield from paragraphs(flowable._build(width), width)
    elif isinstance(flowable, Table):
        for row in flowable._cellvalues:
            for cell in row:
                for inner in cell if isinstance(cell, (list, tuple)) else [cell]:
                    yield from paragraphs(inner, width)


def seed_paragraphs(name: str, walk: Callable[[Flowable, float], Iterator[Para]] = paragraphs
                    ) -> Iterator[tuple[Para, Layout]]:
    """Yield each paragraph that `walk` finds in a seed game's rulebooks, with the layout they are set in."""
    game = load_game(CONTENT / name)
    layout = Layout(game.game.print.papers[0], columns=2)
    for book in game.rulebooks:
        story, _, _ = rulebook_story(game, book, layout)
        for flowable in story:
            for para in walk(flowable, layout.column_pt):
                yield para, layout


@pytest.mark.parametrize("name", SEED_GAMES)
def test_seed_rulebook_paragraphs_read_as_the_parser_reads_them(name: str) -> None:
    seen = 0
    for para, _ in seed_paragraphs(name):
        assert read(para.text, para.style) == parsed(para.text, para.style), para.text
        seen += 1
    assert seen > 100


BODY = styles(8.5).body


@pytest.mark.parametrize("markup", [
    "plain words, with  spaces\n and a line break ",
    "<b>bold</b> and <i>italic</i> and <b>bold <i>both</i></b>",
    "A &amp; B &lt; C &gt; D",
    '<a name="case-1.2"/><b>1.2</b> text',
    f"see {link('5.1')[0]}5.1{link('5.1')[1]} and {link('6')[0]}6{link('6')[1]}",
    '<a href="#case-1">nested <b>bold</b> link</a>',
    'a <index item="Zone of control (ZOC),, &amp; &quot;stacks&quot;"/>zone',
    '<a href="#toc">Title</a><onDraw name="contentsPage" label="3"/>',
    "",
])
def test_each_tag_reads_as_the_parser_reads_it(markup: str) -> None:
    assert read(markup, BODY) == parsed(markup, BODY)


@pytest.mark.parametrize("markup", [
    "<u>underlined</u>", "<font color='red'>red</font>", "&eacute;", "&#201;", "<b>unclosed", "</b>",
    "<para>whole</para>", '<a href="#x" underline="1">x</a>',
])
def test_other_markup_goes_to_the_parser(markup: str) -> None:
    assert read(markup, BODY) is None


def test_a_paragraph_left_to_the_parser_is_set_as_before() -> None:
    markup = "<font color='red'>red</font> &eacute;"
    assert [_state(f) for f in Para(markup, BODY).frags] == parsed(markup, BODY)
