"""Drawing of the paragraphs whose lines breaking.py breaks, specialised for them.

reportlab draws each line of fragments (`_putFragLine`) ready for every feature a fragment may carry:
images, underlines and strikes, background colours, end dots, automatic leading, justification, right
to left. The fragments frags.py reads carry none of these: text in a few fonts and colours, links, and
anchor and drawing callbacks. This module draws the lines of such a left-aligned paragraph (of
fragments, or of plain words) as reportlab draws them, to the same operators, destinations and links,
doing only the work they need; any other paragraph is drawn by reportlab.
tests/render/test_typeset_fraglines.py compares both on every paragraph of the seed rulebooks.
"""
from __future__ import annotations

from reportlab.lib.abag import ABag
from reportlab.lib.enums import TA_LEFT
from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.platypus.paragraph import (Paragraph, _doLink, _drawBullet, _setTXLineProps, _trailingSpaceLength,
                                          _wsc)
from reportlab.rl_config import paraFontSizeHeightOffset

_FUZZ = 1e-6
"""The least move reportlab writes (`setXPos`)."""


def is_plain(paragraph: Paragraph) -> bool:
    """Tell whether the paragraph's lines and style are drawn here: lines set flush left (of fragments, or
    of words without links), with no background, border, end dots, bidi, automatic leading or
    flowing-around offsets."""
    style = paragraph.style
    lines = paragraph.blPara
    return ((lines.kind == 1 or not (lines.link or lines.us_lines)) and style.alignment == TA_LEFT
            and not style.backColor
            and not (style.borderColor and style.borderWidth) and not style.endDots and not style.wordWrap
            and getattr(paragraph, "autoLeading", getattr(style, "autoLeading", "")) in ("", "off")
            and "_offsets" not in paragraph.__dict__)


def _move(tx, dx: float) -> None:
    """Move the start of the line by dx, unless reportlab would deem it no move (`setXPos`)."""
    if dx > _FUZZ or dx < -_FUZZ:
        tx.setXPos(dx)


def draw_lines(paragraph: Paragraph) -> None:
    """Draw a plain paragraph (`is_plain`) that frags.py read and breaking.py broke, as reportlab's
    `drawPara` draws it."""
    blocked = paragraph.blPara
    if not blocked.lines:
        return
    canvas, style = paragraph.canv, paragraph.style
    canvas.saveState()
    offset = style.firstLineIndent
    # the extent of the first line: of the paragraph, when its lines are words
    first = blocked.lines[0] if blocked.kind == 1 else blocked
    cur_y = paragraph.height - (first.fontSize if paraFontSizeHeightOffset
                                else getattr(first, "ascent", first.fontSize))
    if paragraph.bulletText:
        offset = _drawBullet(canvas, offset, cur_y, paragraph.bulletText, style, rtl=False)
    if blocked.kind == 0:
        canvas.setFillColor(first.textColor)
    tx = paragraph.beginText(style.leftIndent, cur_y)
    tx.preformatted = False
    tx.direction = style.wordWrap
    if blocked.kind == 0:
        tx.setFont(first.fontName, first.fontSize, style.leading)
        for spare, words in blocked.lines:
            _draw_words(tx, offset, spare, words)
            offset = 0
    else:
        _setTXLineProps(tx, canvas, style)
        # the state reportlab's callbacks may read (`_curr_tx_info`), as drawPara sets it
        xs = tx.XtraState = ABag(textColor=None, backColor=None, rise=0, backColors=[], us_lines={}, links={},
                                 link={}, leading=style.leading, leftIndent=style.leftIndent, cur_y=cur_y, f=first,
                                 style=style, paraWidth=paragraph.width,
                                 autoLeading=getattr(paragraph, "autoLeading", getattr(style, "autoLeading", "")))
        tx._leading = tx._olb = None
        tx._fontname = tx._fontsize = None
        for line in blocked.lines:
            _draw_line(tx, xs, offset, line)
            offset = 0
            _link_line(tx, xs)
    canvas.drawText(tx)
    canvas.restoreState()


def _draw_words(tx, offset: float, spare: float, words: list[str]) -> None:
    """Draw one line of words in the paragraph's font from `offset`, spaces widened or shrunk to its
    width (`_leftDrawParaLine`)."""
    text = " ".join(words)
    _move(tx, offset)
    spaces = len(words) + text.count("\xa0") - 1 if spare <= -1e-8 else 0
    if spaces > 0:
        tx.setWordSpace(spare / float(spaces))
        tx._code.append(tx._formatText(text) + " T*")
        tx.setWordSpace(0)
    else:
        tx._code.append(tx._formatText(text) + " T*")
    _move(tx, -offset)


def _draw_line(tx, xs: ABag, offset: float, line) -> None:
    """Draw one line from `offset`, its spaces widened or shrunk to its width (`_leftDrawParaLineX`)."""
    tx._x_offset = offset
    _move(tx, offset)
    spare = line.extraSpace
    spaces = 0
    if spare <= -1e-8:
        spaces = line.wordCount + sum(w.text.count("\xa0") for w in line.words if "cbDefn" not in w.__dict__) - 1
    if spaces > 0:
        tx.setWordSpace(spare / float(spaces))
        _put_words(offset, tx, xs, line)
        tx.setWordSpace(0)
    else:
        _put_words(offset, tx, xs, line)
    _move(tx, -offset)


def _put_words(cur_x: float, tx, xs: ABag, line) -> None:
    """Write the fragments of one line and note where its links start and end (`_putFragLine`)."""
    cur_x += xs.leftIndent
    if tx._leading != xs.leading:
        tx.setLeading(xs.leading)
    word_space = getattr(tx, "_wordSpace", 0)
    spaces = 0
    last = line.words[-1]
    open_links: list = []
    before = ""
    for frag in line.words:
        if "cbDefn" in frag.__dict__:
            _call_back(tx, xs, frag, cur_x, ends_line=frag is last)
            before = frag.text
            continue
        start_x = cur_x + spaces * word_space
        link = frag.link
        changed = open_links != link
        if changed and open_links:
            # a link that ends here ends before the spaces that end the fragment before, in its font
            end_x = start_x - (_trailingSpaceLength(before, tx) if before and before[-1] in _wsc else 0)
            for ended in set(open_links) - set(link):
                xs.links[ended] = xs.links[ended], end_x
        _set_style(tx, xs, frag)
        text = frag.text
        tx._code.append(tx._formatText(text) + " T*" if frag is last else tx._formatText(text))  # as _textOut
        if link:
            _stretch_links(xs.links, frag, set(link) - set(open_links) if changed else (), cur_x)
        open_links = link
        cur_x += getFont(tx._fontname).stringWidth(text, tx._fontsize)
        spaces += text.count(" ") + text.count("\xa0")
        before = text
    end_x = cur_x + (spaces - 1) * word_space
    for key in open_links:
        xs.links[key] = xs.links[key], end_x


def _set_style(tx, xs: ABag, frag) -> None:
    """Switch the text object to the fragment's font, colour and rise, where they change."""
    if tx._fontname != frag.fontName or tx._fontsize != frag.fontSize:
        tx._setFont(frag.fontName, frag.fontSize)
    colour = frag.textColor
    # most fragments share their colour object with the one before: identity settles it quickly
    if colour is not xs.textColor and xs.textColor != colour:
        xs.textColor = colour
        tx.setFillColor(colour)
    if xs.rise != frag.rise:
        xs.rise = frag.rise
        tx.setRise(frag.rise)


def _stretch_links(links: dict, frag, started, cur_x: float) -> None:
    """Open the links that start at a fragment, and stretch every link it is in to its height."""
    low, high = frag.rise - 0.2 * frag.fontSize, frag.rise + frag.fontSize
    for key in started:
        links[key] = (key, cur_x), low, high
    for key in frag.link:
        start, lowest, highest = links[key]
        if low < lowest or high > highest:
            links[key] = start, min(low, lowest), max(high, highest)


def _call_back(tx, xs: ABag, frag, cur_x: float, *, ends_line: bool) -> None:
    """Set a named destination (`<a name>`) or call a drawing callback (`<onDraw>`) where the text has got
    to; a callback that ends its line ends it in the text too."""
    canvas, definition = tx._canvas, frag.cbDefn
    if definition.kind == "anchor":
        canvas.bookmarkHorizontal(definition.name, cur_x, xs.cur_y + xs.leading)
    else:
        callback = canvas.getNamedCB(definition.name)
        if not callback:
            raise AttributeError(f"Missing {definition.kind} callback attribute '{definition.name}'")
        canvas._curr_tx_info = {"tx": tx, "cur_x": cur_x, "cur_y": xs.cur_y, "leading": xs.leading, "xs": xs}
        try:
            callback(canvas, definition.kind, getattr(definition, "label", None))
        finally:
            del canvas._curr_tx_info
    if ends_line:
        if not tx._fontname:
            tx.setFont(xs.style.fontName, xs.style.fontSize)
        tx._textOut("", 1)


def _link_line(tx, xs: ABag) -> None:
    """Make the links of the line just written, in reportlab's order, and step down a line (`_do_post_text`)."""
    if xs.links:
        y = xs.cur_y
        for (((_, target), start_x), low, high), end_x in sorted(xs.links.values()):
            _doLink(tx, target, (start_x, y + low, end_x, y + high))
        xs.links = {}
    xs.cur_y -= xs.style.leading
