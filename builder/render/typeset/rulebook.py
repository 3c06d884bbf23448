"""The rulebook as a PDF: title and contents in one column, then numbered sections and cases in
two columns, glossary and index; every heading is an outline entry, every reference a link.
"""
from __future__ import annotations

import io

from reportlab.platypus import Flowable, NextPageTemplate, PageBreak, TableStyle

from builder.model.base import text_in
from builder.model.content import Game
from builder.model.rulebook import Case, Rulebook
from builder.render.counter_images import CounterPictures
from builder.render.drawing import Drawing
from builder.render.images import ImageError, fitted_image, image_size
from builder.render.credits import credit_lines, document_info
from builder.phrases import phrase
from builder.render.typeset import structure
from builder.render.typeset.blocks import BOXED, Setting, block_flowables
from builder.render.typeset.contents import Contents, Index, Node
from builder.render.typeset.document import Layout, TypesetDocument
from builder.render.typeset.flowables import DrawingFlowable, Heading, Para
from builder.render.typeset.markup import TermFinder, case_key, emphasis, escape, inline, parenthesised_marks
from builder.render.typeset.styles import styles, table_commands

BODY_PT = 8.5
"""Type size of the rulebook's running text."""
CONTENTS_DEPTH = 2
"""Outline depths listed in the table of contents: sections and their primary cases."""


class Outline:
    """Turns heading levels (`#` = 1) into tree depths, so a skipped level never skips a depth."""

    def __init__(self) -> None:
        self.open: list[int] = []
        self.unnumbered = 0

    def depth(self, level: int) -> int:
        """Return the depth of a heading of `level` after the headings seen so far."""
        while self.open and self.open[-1] >= level:
            self.open.pop()
        self.open.append(level)
        return len(self.open) - 1

    def unnumbered_key(self) -> str:
        """Return the destination name of the next unnumbered heading (`heading-3`)."""
        self.unnumbered += 1
        return f"heading-{self.unnumbered}"


def heading_text(case: Case) -> str:
    """Return a numbered heading as printed and bookmarked: `5.1 Resolving combat`."""
    return f"{case.number} {case.title.replace('**', '').replace('*', '')}".strip()


def section_tree(book: Rulebook) -> list[Node]:
    """Return every heading of the rulebook in order, with its depth: numbered cases with a title,
    and unnumbered headings; cases without a title (`**6.23** …`) are not headings."""
    outline, nodes = Outline(), []
    for case in book.cases:
        if case.title:
            nodes.append(Node(case_key(case.number), heading_text(case), outline.depth(case.level)))
        for block in case.blocks:
            found = structure.heading(block.text) if block.kind == "heading" else None
            if found:
                key = outline.unnumbered_key()
                nodes.append(Node(key, found[1].replace("*", ""), outline.depth(found[0])))
    return nodes


def contents_nodes(book: Rulebook) -> list[Node]:
    """Return the table of contents: the section tree down to CONTENTS_DEPTH, then glossary and index."""
    nodes = [n for n in section_tree(book) if n.depth < CONTENTS_DEPTH]
    if book.glossary:
        nodes += [Node("glossary", phrase("glossary", book.lang), 0), Node("index", phrase("index", book.lang), 0)]
    return nodes


def _front(game: Game, book: Rulebook, setting: Setting, contents: Contents) -> list[Flowable]:
    st = setting.styles
    title = text_in(game.game.document.title, book.lang) or text_in(game.game.title, book.lang)
    subtitle = text_in(game.game.subtitle, book.lang)
    return [Para(escape(title), st.title), Para(escape(subtitle), st.subtitle), *_cover(game, setting),
            *_credits(game, book, setting),
            # not kept with the contents: a long contents table would take it off the title page
            Para(escape(phrase("contents", book.lang)), st.headings[1].clone("contents", keepWithNext=0)), contents,
            NextPageTemplate("body"), PageBreak()]


COVER_SHARE = 0.5
"""The cover art takes at most this share of the page's text height."""
COVER_WIDTH_MM = 180.0
"""The cover art's width before it is shrunk to the frame (and to COVER_SHARE of its height)."""


def _cover(game: Game, setting: Setting) -> list[Flowable]:
    """Return the cover art (as a figure without number or caption) and the art credits below it."""
    found: list[Flowable] = []
    cover = game.game.document.cover
    if cover:
        try:
            size = image_size(game.root / cover)
        except ImageError:
            size = None
        if size is not None:
            width_mm = COVER_WIDTH_MM
            height_mm = width_mm * size.height / size.width
            drawing = Drawing(width_mm, height_mm, (fitted_image(game.root / cover, 0, 0, width_mm, height_mm),))
            found.append(DrawingFlowable(drawing, max_height_pt=setting.max_drawing_pt * COVER_SHARE))
    lines = [text_in(credit.credit, setting.lang) for credit in game.game.art_credits]
    if lines:
        found.append(Para(f"<b>{escape(phrase('credits', setting.lang))}</b>", setting.styles.small))
        found += [Para(escape(line), setting.styles.small) for line in lines]
    return found


def _credits(game: Game, book: Rulebook, setting: Setting) -> list[Flowable]:
    """Return the title page's credits: who designed, drew, translated and published the game, and its version."""
    return [Para(f"<b>{escape(phrase(role, book.lang))}:</b> {escape(names)}", setting.styles.body)
            for role, names in credit_lines(game)]


def _heading(markup: str, text: str, key: str, depth: int, setting: Setting) -> Heading:
    style = setting.styles.headings[min(depth, len(setting.styles.headings) - 1)]
    return Heading(f'<a name="{key}"/>{markup}', style, key=key, text=text, depth=depth,
                   in_contents=depth < CONTENTS_DEPTH)


def case_flowables(case: Case, setting: Setting, outline: Outline) -> list[Flowable]:
    """Return one case: its heading (or its bold number before the first paragraph) and its blocks."""
    found: list[Flowable] = []
    lead = ""
    if case.title:
        markup = f"{escape(case.number)} {emphasis(escape(case.title))}"
        found.append(_heading(markup, heading_text(case), case_key(case.number), outline.depth(case.level), setting))
    else:
        lead = f'<a name="{case_key(case.number)}"/><b>{escape(case.number)}</b> '
    for block in case.blocks:
        if block.kind == "heading":
            level, title = structure.heading(block.text)
            key = outline.unnumbered_key()
            found.append(_heading(emphasis(escape(title)), title.replace("*", ""), key, outline.depth(level), setting))
            continue
        found.extend(block_flowables(block, case, setting, lead=lead))
        lead = ""
    if lead:
        found.append(Para(lead, setting.styles.body))
    return found


def glossary_flowables(book: Rulebook, setting: Setting, outline: Outline) -> list[Flowable]:
    """Return the glossary: a heading, then each term in bold with its definition."""
    if not book.glossary:
        return []
    found: list[Flowable] = [_heading(escape(phrase("glossary", book.lang)), phrase("glossary", book.lang),
                                      "glossary", outline.depth(1), setting)]
    for entry in book.glossary:
        definition = inline(entry.definition, parenthesised_marks(entry.definition, setting.known))
        found.append(Para(f"<b>{escape(entry.term)}</b>: {definition}", setting.styles.glossary))
    return found


def index_flowables(book: Rulebook, setting: Setting, outline: Outline) -> tuple[list[Flowable], Index | None]:
    """Return the index heading and the index itself (terms from the glossary), if there is a glossary."""
    if not book.glossary:
        return [], None
    index = Index(style=list(setting.styles.index), headers=True, dot=None, tableStyle=TableStyle(table_commands()))
    title = phrase("index", book.lang)
    return [_heading(escape(title), title, "index", outline.depth(1), setting), index], index


def make_setting(game: Game, book: Rulebook, layout: Layout, size_pt: float, *, indexed: bool,
                 air: float = 1.0, boxes: tuple[str, ...] = BOXED) -> Setting:
    """Return the setting of one language's document at one body size, with the boxed kinds it keeps."""
    terms = TermFinder([entry.term for entry in book.glossary]) if indexed and book.glossary else None
    figures = sum(piece.kind == "figure" for block in book.blocks() for piece in structure.pieces(block.text))
    return Setting(game, book.lang, styles(size_pt, air=air), layout.column_pt, layout.text_height_pt * 0.95,
                   book.case_numbers(), terms, CounterPictures(game), boxes, figures)


def body_flowables(book: Rulebook, setting: Setting, outline: Outline) -> list[Flowable]:
    """Return the preamble and every case, in order."""
    found = [f for block in book.preamble for f in block_flowables(block, None, setting)]
    for case in book.cases:
        found.extend(case_flowables(case, setting, outline))
    return found


def rulebook_story(game: Game, book: Rulebook, layout: Layout) -> tuple[list[Flowable], Contents, Index | None]:
    """Return the rulebook's flowables in order, with its contents and its index (if it has one)."""
    setting = make_setting(game, book, layout, BODY_PT, indexed=True)
    # the titles are known before the layout, so the contents has its final length from the start
    # and its page numbers are filled in once the body is set: one pass, the body never moves
    contents = Contents(contents_nodes(book), list(setting.styles.toc),
                        TableStyle(table_commands()))
    outline = Outline()
    story = _front(game, book, setting, contents) + body_flowables(book, setting, outline)
    story += glossary_flowables(book, setting, outline)
    index_story, index = index_flowables(book, setting, outline)
    return story + index_story, contents, index


def rulebook_pdf(game: Game, book: Rulebook, *, paper: str, group: tuple[str, ...] = ()) -> bytes:
    """Return the rulebook of one language as a two-column PDF with contents, outline, glossary, index, on a
    type area that fits every paper of `group` too."""
    layout = Layout(paper, columns=2, group=group)
    story, contents, index = rulebook_story(game, book, layout)
    buffer = io.BytesIO()
    title = text_in(game.game.document.title, book.lang) or text_in(game.game.title, book.lang)
    document = TypesetDocument(buffer, layout, info=document_info(game, phrase("rulebook", book.lang), book.lang, title=title),
                               contents=contents)
    if index is not None:
        document.build(story, canvasmaker=index.getCanvasMaker())
    else:
        document.build(story)
    return buffer.getvalue()

