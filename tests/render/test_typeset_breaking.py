"""Lines broken by breaking.py equal reportlab's own `breakLines`, on every paragraph of the seed
rulebooks at several widths: the same lines, words, extents and frag words, so that reportlab draws and
splits them as before. A reportlab upgrade that breaks lines differently fails here."""
from __future__ import annotations

import copy

import pytest
from reportlab.lib.abag import ABag
from reportlab.platypus import Paragraph

from builder.render.typeset.breaking import Unbroken, break_lines
from builder.render.typeset.flowables import Para
from builder.render.typeset.styles import styles
from tests.render.test_typeset_frags import SEED_GAMES, paragraphs, seed_paragraphs


def _state(value):
    """Return a comparable form of lines, fragments and frag words (callbacks opened up)."""
    if isinstance(value, ABag):
        return {k: _state(v) for k, v in value.__dict__.items()}
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, [_state(v) for v in value])
    return value


def _both(para: Paragraph, width_pt: float) -> tuple[tuple, tuple] | None:
    """Return reportlab's breaking and ours of copies of the paragraph, or None if ours declines it."""
    theirs, ours = copy.deepcopy(para), copy.deepcopy(para)
    their_widths, our_widths = [width_pt, width_pt - 3], [width_pt, width_pt - 3]
    expected = Paragraph.breakLines(theirs, their_widths)
    try:
        found = break_lines(ours, our_widths)
    except Unbroken:
        return None
    return ((_state(expected), _state(theirs.frags), theirs._width_max, their_widths),
            (_state(found), _state(ours.frags), ours._width_max, our_widths))


def _all_paragraphs(flowable, width_pt: float):
    yield from paragraphs(flowable, width_pt)
    for inner in getattr(flowable, "_flowables", None) or ():
        yield from _all_paragraphs(inner, width_pt)


@pytest.mark.parametrize("name", SEED_GAMES)
def test_seed_rulebook_lines_break_as_reportlab_breaks_them(name: str) -> None:
    compared = declined = 0
    for para, layout in seed_paragraphs(name, _all_paragraphs):
        for width_pt in (layout.column_pt, layout.column_pt * 0.4, 25.0):
            both = _both(para, width_pt)
            if both is None:
                # narrow widths leave long words to reportlab; at the column's, nearly every paragraph is ours
                declined += width_pt == layout.column_pt
                continue
            assert both[0] == both[1], para.text
            compared += 1
    assert compared > 300 and declined < compared / 10


BODY = styles(8.5).body


@pytest.mark.parametrize("markup", [
    "plain words, with  spaces\n and a line break ",
    "<b>bold</b> and <i>italic</i> and <b>bold <i>both</i></b> words (<b>5.1</b>) after",
    '<a name="case-1.2"/><b>1.2</b> text of the case, long enough to take more than a line or two here',
    '<a href="#case-1">nested <b>bold</b> link</a> and a&#160;no-break&#160;space',
    "<b> </b>", "one",
])
@pytest.mark.parametrize("width_pt", [200.0, 90.0])
def test_each_kind_of_paragraph_breaks_as_reportlab_breaks_it(markup: str, width_pt: float) -> None:
    both = _both(Para(markup, BODY), width_pt)
    assert both is not None and both[0] == both[1]


def test_a_word_wider_than_its_line_is_left_to_reportlab() -> None:
    para = Para("a Wortzusammensetzungsungeheuer here", BODY)
    with pytest.raises(Unbroken):
        break_lines(para, [30.0])
    assert para.breakLines([30.0]).lines == Paragraph.breakLines(copy.deepcopy(para), [30.0]).lines
