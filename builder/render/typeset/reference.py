"""A quick-reference sheet: the rulebook's headings, short text and tables set small in three
landscape columns, for games whose document is a one- or two-page player aid."""
from __future__ import annotations

import io

from reportlab.platypus import Paragraph

from builder.model.base import text_in
from builder.model.content import Game
from builder.model.rulebook import Rulebook
from builder.render.credits import document_info
from builder.phrases import phrase
from builder.render.typeset.document import Layout, TypesetDocument
from builder.render.typeset.markup import escape
from builder.render.typeset.rulebook import Outline, body_flowables, glossary_flowables, make_setting

BODY_PT = 6.0
"""Type size of the sheet's running text."""
COLUMNS = 3


def reference_pdf(game: Game, book: Rulebook, *, paper: str, group: tuple[str, ...] = ()) -> bytes:
    """Return the quick-reference sheet of one language, on a type area that fits every paper of `group` too."""
    layout = Layout(paper, columns=COLUMNS, landscape=True, margin_mm=8.0, gutter_mm=5.0, header_mm=4.0, group=group)
    # a sheet for the table: designer's notes (why a rule reads as it does) stay in the rulebook
    setting = make_setting(game, book, layout, BODY_PT, indexed=False, air=0.6, boxes=("example", "note"))
    title = text_in(game.game.document.title, book.lang)
    if not title:
        parts = (text_in(game.game.title, book.lang), text_in(game.game.subtitle, book.lang))
        title = " — ".join(t for t in parts if t)
    heading = Paragraph(escape(title), setting.styles.headings[0])
    outline = Outline()
    story = [heading] + body_flowables(book, setting, outline) + glossary_flowables(book, setting, outline)
    buffer = io.BytesIO()
    info = document_info(game, phrase("reference", book.lang), book.lang, title=title)
    TypesetDocument(buffer, layout, info=info, front=False).build(story)
    return buffer.getvalue()
