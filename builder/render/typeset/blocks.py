"""Rulebook blocks as flowables: paragraphs, lists, pipe tables, embedded charts, counters and map
excerpts, and the boxed examples, designer's notes and notes.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm as PT_PER_MM
from reportlab.platypus import Flowable, Spacer, Table, TableStyle

from builder.model.content import Game
from builder.model.rulebook import Block, Case
from builder.render.chart_layout import Cell, column_widths
from builder.render.charts import chart_by_id, chart_drawing
from builder.render.counter_images import CounterPictures
from builder.render.drawing import Drawing, Group
from builder.render.images import ImageError, fitted_image, image_size
from builder.render.fonts import registered
from builder.render.map_excerpt import map_excerpt
from builder.phrases import phrase
from builder.render.typeset import structure
from builder.render.typeset.flowables import DrawingFlowable, Para, boxed
from builder.render.typeset.markup import Mark, TermFinder, emphasis, escape, figure_marks, inline, reference_marks
from builder.render.typeset.styles import BOX_FILLS, BOX_RULES, Styles, table_commands

BOXED = ("example", "designer", "note")
COUNTER_GAP_MM = 2.0


@dataclass(frozen=True)
class Setting:
    """What setting blocks needs: the game, the language, styles, column width and lookups."""

    game: Game
    lang: str
    styles: Styles
    column_pt: float
    max_drawing_pt: float
    known: set[str]
    terms: TermFinder | None = None
    pictures: CounterPictures | None = None
    boxes: tuple[str, ...] = BOXED
    """The boxed kinds set; others are left out (a quick-reference sheet drops designer's notes)."""
    figure_count: int = 0
    """How many figures the document has (a mention of one beyond them is no link: rulebook/unknown-figure)."""
    figures: list[str] = field(default_factory=list)
    """The figures set so far, in order (their captions): the next one is numbered after them."""


@dataclass(frozen=True)
class BlockText:
    """One block's text with the marks (links, index anchors) that apply to it."""

    text: str
    marks: list[Mark]

    def markup(self, start: int, end: int, setting: Setting) -> str:
        """Return paragraph markup of text[start:end], glossary terms anchored for the index."""
        extra = setting.terms.marks(self.text, start, end) if setting.terms else []
        return inline(self.text, self.marks + extra, start, end)


def _paragraph(markup: str, style, lead: str = "") -> Para:
    return Para(lead + markup, style)


def _list(source: BlockText, piece: structure.Piece, setting: Setting, style) -> list[Flowable]:
    found = []
    for item in structure.list_items(source.text, piece):
        indent = style.fontSize * (1.3 + 1.3 * item.depth)
        item_style = style.clone(f"{style.name}-li{item.depth}", leftIndent=indent,
                                 bulletIndent=indent - style.fontSize * 1.2, spaceAfter=style.fontSize * 0.15)
        found.append(Para(source.markup(item.start, item.end, setting), item_style, bulletText=item.marker))
    return found


def _plain(text: str) -> str:
    return text.replace("**", "").replace("*", "")


@lru_cache(maxsize=None)
def _pipe_style() -> TableStyle:
    """Return the style of pipe tables, made once for them all."""
    return TableStyle(table_commands(padding=False) + [
        ("GRID", (0, 0), (-1, -1), 0.4, HexColor("#707070")),
        ("BACKGROUND", (0, 0), (-1, 0), HexColor("#d4d4d4")),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 2), ("RIGHTPADDING", (0, 0), (-1, -1), 2),
        ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
    ])


def pipe_table(source: BlockText, piece: structure.Piece, setting: Setting, width_pt: float) -> Flowable:
    """Return a pipe table as a ruled table whose first row is the heading."""
    rows = structure.table_rows(source.text, piece)
    st = setting.styles
    size_mm = st.cell.fontSize / PT_PER_MM
    cells = [[Cell(_plain(source.text[a:b]), bold=(n == 0)) for a, b in row] for n, row in enumerate(rows)]
    count = max(len(r) for r in cells)
    cells = [r + [Cell("")] * (count - len(r)) for r in cells]
    widths = [w * PT_PER_MM for w in column_widths(cells, width_pt / PT_PER_MM, size_mm * 1.08)]
    data = [[Para(source.markup(a, b, setting), st.head_cell if n == 0 else st.cell) for a, b in row]
            + [""] * (count - len(row)) for n, row in enumerate(rows)]
    table = Table(data, colWidths=widths, repeatRows=1)
    table.setStyle(_pipe_style())
    table.spaceBefore = table.spaceAfter = 4.0
    return table


def counters_drawing(setting: Setting, piece_id: str) -> Drawing | None:
    """Return the faces of a unit or marker side by side (front, back)."""
    faces = (setting.pictures or CounterPictures(setting.game)).faces(piece_id, setting.lang)
    if not faces:
        return None
    x, groups = 0.0, []
    for face in faces:
        groups.append(Group(face.items, dx_mm=x))
        x += face.width_mm + COUNTER_GAP_MM
    return Drawing(x - COUNTER_GAP_MM, max(f.height_mm for f in faces), tuple(groups), title=piece_id)


def embed(setting: Setting, kind: str, target: str, width_pt: float) -> list[Flowable]:
    """Return a chart, counter or map excerpt drawn from the model (nothing if it is not there)."""
    if kind == "chart":
        chart = chart_by_id(setting.game, target)
        drawing = chart_drawing(setting.game, chart, setting.lang, width_mm=width_pt / PT_PER_MM) if chart else None
    elif kind == "counter":
        drawing = counters_drawing(setting, target)
    else:
        drawing = map_excerpt(setting.game, target, setting.lang)
    return [DrawingFlowable(drawing, max_height_pt=setting.max_drawing_pt)] if drawing else []


def figure_flowables(setting: Setting, caption: str, path: str, width_pt: float) -> list[Flowable]:
    """Return a numbered figure: the image across the column (its proportions kept), its caption below."""
    try:
        size = image_size(setting.game.root / path)
    except ImageError:
        return [Para(escape(f"[{caption}]"), setting.styles.small)]
    setting.figures.append(caption)
    width_mm = width_pt / PT_PER_MM
    drawing = Drawing(width_mm, width_mm * size.height / size.width,
                      (fitted_image(setting.game.root / path, 0, 0, width_mm, width_mm * size.height / size.width),))
    label = f"{phrase('figure', setting.lang)} {len(setting.figures)}"
    anchor = f'<a name="figure-{len(setting.figures)}"/>'
    return [DrawingFlowable(drawing, max_height_pt=setting.max_drawing_pt),
            Para(f"{anchor}<b>{escape(label)}.</b> {inline(caption, [])}", setting.styles.small)]


def flowables(source: BlockText, setting: Setting, *, width_pt: float, style=None, lead: str = "") -> list[Flowable]:
    """Return the flowables of one block's text; `lead` (a case number) opens its first paragraph."""
    st = setting.styles
    style = style or st.body
    found: list[Flowable] = []
    for piece in structure.pieces(source.text):
        if piece.kind == "paragraph":
            found.append(_paragraph(source.markup(piece.start, piece.end, setting), style, lead))
            lead = ""
        elif piece.kind == "list":
            found.extend(_list(source, piece, setting, style))
        elif piece.kind == "table":
            found.append(pipe_table(source, piece, setting, width_pt))
        elif piece.kind == "embed":
            found.extend(embed(setting, *structure.embed(source.text[piece.start:piece.end]), width_pt))
        elif piece.kind == "figure":
            found.extend(figure_flowables(setting, *structure.figure(source.text[piece.start:piece.end]), width_pt))
        elif piece.kind == "quote":
            lines = [source.markup(start, end, setting) for start, end in structure.quote_lines(source.text, piece)]
            found.append(Para(" ".join(lines), st.body.clone("quote", leftIndent=style.fontSize * 1.5,
                                                             fontName=registered("italic"))))
        else:
            level, title = structure.heading(source.text[piece.start:piece.end])
            found.append(Para(emphasis(escape(title)), st.subheading))
    if lead:
        found.insert(0, Para(lead, style))
    return found


def block_flowables(block: Block, case: Case | None, setting: Setting, *, lead: str = "") -> list[Flowable]:
    """Return one block of a case as flowables; examples and notes are boxed under a caption."""
    marks = reference_marks(block, case, setting.known) if case is not None else []
    marks += figure_marks(block.text, phrase("figure", setting.lang), setting.figure_count)
    source = BlockText(block.text, marks)
    if block.kind not in BOXED:
        return flowables(source, setting, width_pt=setting.column_pt, lead=lead)
    if block.kind not in setting.boxes:
        return [Para(lead, setting.styles.body)] if lead else []
    st = setting.styles
    inner_pt = setting.column_pt - 10.0
    style = st.small.clone(f"box-{block.kind}", fontName=registered("italic") if block.kind == "designer"
                           else st.small.fontName)
    body = flowables(source, setting, width_pt=inner_pt, style=style)
    caption = Para(escape(phrase(block.kind, setting.lang)), st.caption)
    box = boxed([caption, *body], width_pt=setting.column_pt, fill=BOX_FILLS[block.kind], rule=BOX_RULES[block.kind])
    return ([Para(lead, st.body)] if lead else []) + [box, Spacer(1, 1)]
