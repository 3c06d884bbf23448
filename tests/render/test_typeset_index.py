"""The rulebook's index draws exactly what reportlab's SimpleIndex draws from anchors in the text,
but its terms are recorded by our paragraphs, which keep the anchors out of their text, and it
looks each entry's pages up instead of decoding them from the entry's label.

Index answers, in _build, reportlab's own page-number callback (by its name, with pages keyed by the
label reportlab encodes): if a reportlab upgrade renames that callback or changes the label, these
tests fail rather than the rulebooks quietly going back to the slow path or losing page numbers."""
from __future__ import annotations

import io

from reportlab.lib.utils import decode_label, encode_label
from reportlab.platypus import Paragraph, SimpleDocTemplate, TableStyle
from reportlab.platypus import tableofcontents
from reportlab.platypus.tableofcontents import SimpleIndex

from builder.render.typeset.contents import Index, anchor_terms
from builder.render.typeset.flowables import Para
from builder.render.typeset.styles import styles, table_commands
from tests.emit.pdf_reading import links, pdf_text, reader

TERMS = ("Zone of control", "Stacking", "Retreat, advance", "Élan & morale")


def index_pdf(index_class: type, paragraph_class: type = Para) -> bytes:
    """Return a three-page document whose terms are anchored on several pages, and its index."""
    st = styles(8.5)
    index = index_class(style=list(st.index), headers=True, dot=None, tableStyle=TableStyle(table_commands()))
    story = []
    for page in range(3):
        for term in TERMS[page:]:
            item = term.replace("&", "&amp;").replace(",", ",,")
            story.append(paragraph_class(f'Text about <index item="{item}"/>{term} on page {page + 1}. ' * 30, st.body))
    story.append(index)
    buffer = io.BytesIO()
    document = SimpleDocTemplate(buffer, invariant=1)
    document.build(story, canvasmaker=index.getCanvasMaker())
    return buffer.getvalue()


def test_the_index_is_drawn_as_reportlab_draws_it() -> None:
    """Same text, same links to the same pages; a page number's destination is the top of the
    term's line, as reportlab's anchor puts it, only at the line's start rather than the word's."""
    ours, theirs = index_pdf(Index), index_pdf(SimpleIndex, Paragraph)
    assert pdf_text(ours) == pdf_text(theirs)
    assert ([(k.page, k.rect, k.target_page, round(k.target_top, 3)) for k in links(reader(ours))]
            == [(k.page, k.rect, k.target_page, round(k.target_top, 3)) for k in links(reader(theirs))])
    assert {k.target_page for k in links(reader(ours))} == {0, 1}


def test_reportlab_decodes_no_label(monkeypatch) -> None:
    """Neither an anchor's label nor an entry's pages go through reportlab's decoding: Index
    answers both callbacks (a reportlab that renamed one would decode here and fail)."""
    decoded: list[str] = []

    def recording(label: str) -> object:
        decoded.append(label)
        return decode_label(label)

    monkeypatch.setattr(tableofcontents, "decode_label", recording)
    index_pdf(Index)
    assert decoded == []
    index_pdf(SimpleIndex, Paragraph)
    assert decoded


def test_anchor_terms_are_the_item_split_at_single_commas() -> None:
    assert anchor_terms(encode_label(("Retreat,, advance", None, None))) == ("Retreat, advance",)
    assert anchor_terms(encode_label(("Combat, odds", None, None))) == ("Combat", "odds")
