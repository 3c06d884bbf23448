"""Paragraph styles of the rulebook, the quick-reference sheet and the setup cards, on the shipped
DejaVu faces (so Polish and Portuguese set, embed and extract correctly).
"""
from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import registerFontFamily

from builder.render.fonts import registered, font_cached

LINK_COLOUR = "#1d4f91"
BOX_FILLS = {"example": "#eef3f8", "designer": "#f6f1e4", "note": "#f2f2f2"}
"""Background of each kind of boxed block."""
BOX_RULES = {"example": "#6d8fb8", "designer": "#b8a46d", "note": "#a0a0a0"}


@font_cached(maxsize=None)
def family() -> str:
    """Register the body font as a family (bold, oblique; bold-oblique falls back to bold), and the headings' font
    when it is another, and return the body's name."""
    normal, bold, italic = registered("sans"), registered("sans", True), registered("italic")
    registerFontFamily(normal, normal=normal, bold=bold, italic=italic, boldItalic=bold)
    heading, heading_bold = registered("headings"), registered("headings", True)
    if heading not in (normal, bold, italic):
        registerFontFamily(heading, normal=heading, bold=heading_bold, italic=heading, boldItalic=heading_bold)
    return normal


def table_commands(size_pt: float = 8.0, *, padding: bool = True) -> list[tuple]:
    """Return the table style commands every table starts from: our font (reportlab's default
    Helvetica would otherwise be named, unembedded, in every table), no padding, top-aligned. A table
    that pads all its cells itself leaves out the padding (`padding=False`): each command is applied to
    every cell of every such table, and these would be overridden at once."""
    return [("FONT", (0, 0), (-1, -1), family(), size_pt), ("VALIGN", (0, 0), (-1, -1), "TOP")] + (
        [("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
         ("TOPPADDING", (0, 0), (-1, -1), 0.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 0.5)] if padding else [])


@dataclass(frozen=True)
class Styles:
    """Every paragraph style of one document, at one body size."""

    body: ParagraphStyle
    bullet: ParagraphStyle
    small: ParagraphStyle
    cell: ParagraphStyle
    head_cell: ParagraphStyle
    caption: ParagraphStyle
    headings: tuple[ParagraphStyle, ...]
    subheading: ParagraphStyle
    title: ParagraphStyle
    subtitle: ParagraphStyle
    toc: tuple[ParagraphStyle, ...]
    index: tuple[ParagraphStyle, ...]
    glossary: ParagraphStyle


def _style(name: str, size_pt: float, *, bold: bool = False, italic: bool = False, key: str = "sans",
           **extra: object) -> ParagraphStyle:
    font = registered(key, True) if bold else registered("italic") if italic else registered(key) if key != "sans" \
        else family()
    return ParagraphStyle(name, fontName=font, fontSize=size_pt, leading=size_pt * 1.25, bulletFontName=family(),
                          bulletFontSize=size_pt,
                          **extra)


def _headings(size_pt: float, air: float) -> tuple[ParagraphStyle, ...]:
    sizes = (size_pt * 1.55, size_pt * 1.25, size_pt * 1.08, size_pt)
    return tuple(_style(f"h{n}", s, bold=True, key="headings", keepWithNext=1,
                        spaceBefore=s * (0.9 if n else 1.2) * air,
                        spaceAfter=s * 0.3 * air) for n, s in enumerate(sizes))


@font_cached(maxsize=None)
def styles(size_pt: float, *, air: float = 1.0) -> Styles:
    """Return the styles for a document whose running text is `size_pt`; `air` scales the space
    around headings and paragraphs (below 1 for a dense sheet)."""
    family()
    return Styles(
        body=_style("body", size_pt, spaceAfter=size_pt * 0.45 * air),
        bullet=_style("bullet", size_pt, spaceAfter=size_pt * 0.3 * air, leftIndent=size_pt * 1.1, bulletIndent=0),
        small=_style("small", size_pt * 0.9, spaceAfter=size_pt * 0.3),
        cell=_style("cell", size_pt * 0.88),
        head_cell=_style("head_cell", size_pt * 0.88, bold=True),
        caption=_style("caption", size_pt * 0.85, bold=True, spaceAfter=size_pt * 0.2),
        headings=_headings(size_pt, air),
        subheading=_style("subheading", size_pt, bold=True, key="headings", keepWithNext=1, spaceBefore=size_pt * 0.5),
        title=_style("title", size_pt * 2.6, bold=True, key="headings", alignment=TA_CENTER, spaceAfter=size_pt),
        subtitle=_style("subtitle", size_pt * 1.4, key="headings", alignment=TA_CENTER, spaceAfter=size_pt * 2),
        toc=(_style("toc0", size_pt, bold=True, leftIndent=0, spaceBefore=size_pt * 0.3),
             _style("toc1", size_pt * 0.95, leftIndent=size_pt * 1.5),
             _style("toc2", size_pt * 0.9, leftIndent=size_pt * 3)),
        index=(_style("index0", size_pt, bold=True, spaceBefore=size_pt * 0.4, keepWithNext=1),
               _style("index1", size_pt * 0.9, leftIndent=size_pt, firstLineIndent=-size_pt)),
        glossary=_style("glossary", size_pt * 0.95, spaceAfter=size_pt * 0.35 * air, leftIndent=size_pt,
                        firstLineIndent=-size_pt),
    )
