"""Paragraphs drawn by fraglines.py write what reportlab's own `drawPara` writes: the same operators,
named destinations, links and callback positions, on every paragraph of the seed rulebooks (table
cells and the contents too) at the column's width and narrower. A reportlab upgrade that draws lines
differently fails here."""
from __future__ import annotations

import copy
import io

import pytest
from reportlab.platypus import Paragraph

from builder.render.typeset.flowables import Para
from builder.render.typeset.fraglines import is_plain
from builder.render.typeset.links import LinkingCanvas
from builder.render.typeset.styles import styles
from tests.render.test_typeset_breaking import _all_paragraphs
from tests.render.test_typeset_frags import SEED_GAMES, seed_paragraphs


def _drawn(para: Para, width_pt: float, draw) -> tuple:
    """Return what drawing a copy of the paragraph at this width writes on a fresh canvas: its page
    content, the links (target, rectangle), the destinations and where each callback was called."""
    para = copy.deepcopy(para)
    canvas = LinkingCanvas(io.BytesIO(), invariant=1)
    called: list[tuple] = []

    def callback(canvas, kind: str, label: str) -> None:
        info = canvas._curr_tx_info
        called.append((kind, label, info["cur_x"], info["cur_y"], info["leading"]))

    for name in ("contentsPage", "drawIndexEntryEnd"):
        canvas.setNamedCB(name, callback)
    para.wrapOn(canvas, width_pt, 10_000)
    para.canv = canvas
    draw(para)
    del para.canv
    links = [(a.Destination.name, tuple(a.Rect)) for a in canvas._doc.idToObject.values() if hasattr(a, "Destination")]
    destinations = {name: d.fmt and (d.fmt.left, d.fmt.top) for name, d in canvas._destinations.items()}
    return "\n".join(canvas._code), links, destinations, called


@pytest.mark.parametrize("name", SEED_GAMES)
def test_seed_rulebook_paragraphs_draw_as_reportlab_draws_them(name: str) -> None:
    drawn_here = 0
    for para, layout in seed_paragraphs(name, _all_paragraphs):
        for width_pt in (layout.column_pt, layout.column_pt * 0.6):
            ours = _drawn(para, width_pt, lambda p: p.drawPara())
            assert ours == _drawn(para, width_pt, lambda p: Paragraph.drawPara(p)), para.text
            para.wrap(width_pt, 10_000)
            drawn_here += para.blPara is para.plain_lines and is_plain(para)
    assert drawn_here > 500, "few paragraphs were drawn the quick way"


@pytest.mark.parametrize("markup", [
    '<a name="case-1.2"/><b>1.2</b> text of the case, long enough to take more than a line or two here',
    'see <a href="#case-1" color="#1d4f91">1.1 and <b>its</b> cases</a> and a\xa0no-break\xa0space '
    'in a line that runs on, <i>and on</i>, with <a href="#case-2">a second link</a> at its end &amp; more',
    "plain words that fill more than one line of a narrow column, set in the body's one font",
    '<a href="#case-3">a paragraph that is one link, broken over two lines or more</a>',
    "<b> </b>", "one",
])
@pytest.mark.parametrize("width_pt", [200.0, 60.0])
def test_each_kind_of_paragraph_draws_as_reportlab_draws_it(markup: str, width_pt: float) -> None:
    for style in (styles(8.5).body, styles(8.5).body.clone("listed", leftIndent=12, firstLineIndent=-6)):
        para = Para(markup, style, bulletText="•" if style.firstLineIndent else None)
        assert para.read_here
        assert _drawn(para, width_pt, lambda p: p.drawPara()) == _drawn(para, width_pt, lambda p: Paragraph.drawPara(p))
