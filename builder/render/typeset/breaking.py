"""Line breaking of our paragraphs, specialised for the fragments frags.py makes.

reportlab's `Paragraph.breakLines` was a quarter of a rulebook's CPU: it measures every word again
for every paragraph, compares each fragment with the last through `sameFrag` (which looks up and
misses attributes our fragments never have), and sums the spaces of the line so far at every word.
This module breaks the same lines into the same structure (reportlab draws and splits them as its
own) with word widths remembered per font and size, each fragment's style compared once as a tuple,
and the common case only: no hyphenation, bidi, shaping, line breaks, soft hyphens,
sized callbacks or automatic leading, and no word wider than its line. Anything else raises
`Unbroken`, and the paragraph breaks its lines with reportlab. tests/render/test_typeset_breaking.py
compares both on every paragraph of the seed rulebooks.
"""
from __future__ import annotations

from functools import lru_cache
from string import whitespace

from reportlab.pdfbase.pdfmetrics import getAscentDescent, getFont
from reportlab.platypus.paragraph import (_FK_APPEND, _FK_TEXT, FragLine, Paragraph, ParaLines, _handleBulletWidth,
                                          _HSFrag, _processed_frags, _wsc, _wsc_re_split)
from reportlab.platypus.paraparser import ParaFrag

_SHY = "\xad"
_SAME_FRAG = ("fontName", "fontSize", "textColor", "rise", "us_lines", "link", "backColor", "nobr")
"""The attributes by which reportlab's `sameFrag` tells two fragments of one style."""
_MISSING = object()
_ALL_MISSING = (_MISSING,) * len(_SAME_FRAG)
"""A default for each attribute of `_SAME_FRAG`."""


def split(text: str) -> list[str]:
    """Return the words of text as reportlab's `split` finds them: the no-break space stays inside its word."""
    return _wsc_re_split(text) if "\xa0" in text else text.split()


class Unbroken(Exception):
    """A paragraph outside the common case: reportlab breaks its lines."""


@lru_cache(maxsize=None)
def widths(font_name: str, size: float) -> dict[str, float]:
    """Return the remembered widths of words in one font and size (filled by `width`)."""
    return {}


def width(text: str, font_name: str, size: float) -> float:
    """Return the width of `text`, measured by the font once per font, size and text."""
    known = widths(font_name, size)
    found = known.get(text)
    return _measured(known, text, font_name, size) if found is None else found


def _measured(known: dict[str, float], text: str, font_name: str, size: float) -> float:
    """Measure `text` not measured yet and remember its width with the others of its font and size (`known`)."""
    found = known[text] = getFont(font_name).stringWidth(text, size)
    return found


ascent_descent = lru_cache(maxsize=None)(getAscentDescent)
"""The ascent and descent of a font at a size, looked up once."""


def _style_key(frag: ParaFrag) -> tuple | None:
    """Return what `sameFrag` compares of a fragment; None for one it never finds the same as another."""
    state = frag.__dict__
    if "cbDefn" in state or "lineBreak" in state:
        return None
    return tuple(map(state.get, _SAME_FRAG, _ALL_MISSING))


def _text(frag: ParaFrag) -> str:
    """Return a fragment's text; a part of a split paragraph carries words instead, which reportlab breaks."""
    if "text" not in frag.__dict__:
        raise Unbroken("a fragment of words")
    return frag.text


def check_common(paragraph: Paragraph) -> None:
    """Raise Unbroken unless the paragraph and its style are in the case this module breaks."""
    style = paragraph.style
    if (style.wordWrap or style.shaping or style.endDots
            or getattr(style, "hyphenationLang", "") or style.uriWasteReduce or style.embeddedHyphenation
            or getattr(paragraph, "autoLeading", getattr(style, "autoLeading", "")) not in ("", "off")
            or not paragraph.frags or _processed_frags(paragraph.frags)):
        raise Unbroken("outside the common case")


def simple_lines(paragraph: Paragraph, max_widths: list[float]) -> ParaFrag:
    """Break a paragraph of one text fragment: reportlab's `kind=0` lines of (spare width, words)."""
    frag = paragraph.frags[0]
    font_name, size = frag.fontName, frag.fontSize
    ascent, descent = ascent_descent(font_name, size)
    text = _text(frag).strip(_wsc)
    if not text:
        return frag.clone(kind=0, lines=[], ascent=ascent, descent=descent, fontSize=size)
    if _SHY in text:
        raise Unbroken("soft hyphen")
    known = widths(font_name, size)
    space = width(" ", font_name, size)
    shrink = paragraph.style.spaceShrinkage * space
    long_words = paragraph.style.splitLongWords
    last = len(max_widths) - 1
    lines: list = []
    line: list[str] = []
    line_no = 0
    max_width = max_widths[0]
    current = -space
    widest = 0
    for word in split(text):
        word_width = known.get(word)
        if word_width is None:
            word_width = _measured(known, word, font_name, size)
        new_width = current + space + word_width
        limit = max_width + shrink * len(line)
        if new_width > limit and long_words and word_width > max_widths[min(line_no, last)]:
            raise Unbroken("a word wider than its line")
        if new_width <= limit or not line:
            line.append(word)
            current = new_width
        else:
            widest = max(widest, current)
            lines.append((max_width - current, line))
            line = [word]
            current = word_width
            line_no += 1
            max_width = max_widths[min(last, line_no)]
    if line:
        widest = max(widest, current)
        lines.append((max_width - current, line))
    paragraph._width_max = widest
    return frag.clone(kind=0, lines=lines, ascent=ascent, descent=descent, fontSize=size)


def frag_words(frags: list[ParaFrag]) -> list[list]:
    """Return reportlab's frag words of text fragments and empty callbacks: [width, (frag, text), ...]
    per word, an `_HSFrag` when a space follows it; the pieces of a word may come from several fragments."""
    found: list[list] = []
    word: list = []
    word_width = 0
    leading_space = True
    for frag in frags:
        text = _text(frag)
        if text:
            frag._fkind = _FK_TEXT
            if leading_space:
                text = text.lstrip(_wsc)
                if not text:
                    continue
                leading_space = False
            if _SHY in text:
                raise Unbroken("soft hyphen")
            pieces = split(text)
            if text[0] in whitespace or not pieces:
                if word:
                    word.insert(0, word_width)
                    found.append(word)
                    word, word_width = [], 0
                    pieces.insert(0, "")
                elif not (found and isinstance(found[-1], _HSFrag)):
                    pieces.insert(0, "")
                elif not pieces:
                    continue
            font_name, size = frag.fontName, frag.fontSize
            known = widths(font_name, size)
            for piece in pieces[:-1]:
                piece_width = known.get(piece)
                if piece_width is None:
                    piece_width = _measured(known, piece, font_name, size)
                if word:
                    word.append((frag, piece))
                    word.insert(0, word_width + piece_width)
                    found.append(_HSFrag(word))
                    word, word_width = [], 0
                else:
                    found.append(_HSFrag((piece_width, (frag, piece))))
            word.append((frag, pieces[-1]))
            last_width = known.get(pieces[-1])
            word_width += _measured(known, pieces[-1], font_name, size) if last_width is None else last_width
            if text[-1] in whitespace:
                word.insert(0, word_width)
                found.append(_HSFrag(word))
                word, word_width = [], 0
        elif "cbDefn" in frag.__dict__ and "lineBreak" not in frag.__dict__:
            if getattr(frag.cbDefn, "width", 0):
                raise Unbroken("a callback with a width")
            frag._fkind = _FK_APPEND
            if not word and found and isinstance(found[-1], _HSFrag):
                found[-1].append((frag, ""))
            else:
                word.append((frag, ""))
        elif "lineBreak" in frag.__dict__:
            raise Unbroken("a line break")
    if word:
        word.insert(0, word_width)
        found.append(word)
    if not found and frags:
        frags[0]._fkind = _FK_TEXT
        found = [[0, (frags[0], "")]]
    return found


class _Style:
    """What the line loop needs of one fragment: its `sameFrag` key, type extent and space width."""

    __slots__ = ("key", "size", "ascent", "descent", "space")

    def __init__(self, frag: ParaFrag) -> None:
        self.key = _style_key(frag)
        self.size = frag.fontSize
        self.ascent, self.descent = ascent_descent(frag.fontName, frag.fontSize)
        self.space = width(" ", frag.fontName, frag.fontSize)


class _Line:
    """The line being filled, as reportlab fills it: a fragment per run of one style (the last one's text
    kept apart while it grows), the spaces set in each, and the line's type extent."""

    def __init__(self, frag: ParaFrag, text: str, style: _Style) -> None:
        self.frags: list = []
        self.texts: list[str] = []
        self.spaces: list[int] = []
        self.space_widths: list[float] = []
        self.kinds: list[int] = []
        self.spaces_width = 0.0
        self.size, self.ascent, self.descent = style.size, style.ascent, style.descent
        self.add(frag, text, style)

    def add(self, frag: ParaFrag, text: str, style: _Style) -> None:
        """Add a fragment of its own to the line."""
        self.source = frag
        self.frags.append(frag)
        self.texts.append(text)
        self.spaces.append(0)
        self.space_widths.append(style.space)
        self.kinds.append(frag._fkind)
        self.key = style.key
        self.grow(style)

    def grow(self, style: _Style) -> None:
        """Widen the line's extent to a fragment's."""
        if style.size > self.size:
            self.size = style.size
        if style.ascent > self.ascent:
            self.ascent = style.ascent
        if style.descent < self.descent:
            self.descent = style.descent

    def join(self, text: str, space: bool) -> None:
        """Add a word to the last fragment, after a space if one follows the word before."""
        last = self.texts[-1]
        if space and not last.endswith(" "):
            self.texts[-1] = last + " " + text
            self._spaced(-1)
        else:
            self.texts[-1] = last + text

    def end_with_space(self) -> None:
        """End the last text fragment with a space, as reportlab does before a change of style."""
        for at in range(len(self.frags) - 1, -1, -1):
            if self.kinds[at] == _FK_TEXT:
                if not self.texts[at].endswith(" "):
                    self.texts[at] += " "
                    self._spaced(at)
                return

    def _spaced(self, at: int) -> None:
        self.spaces[at] += 1
        self.spaces_width += self.space_widths[at]

    def exact_limit(self, max_width: float, space: float, shrinkage: float) -> float:
        """Return the width the line may reach with its spaces shrunk, the sum taken as reportlab takes
        it (from the next space, fragment by fragment): where the running total `spaces_width` is too
        near a word's end to tell, rounding must decide the break the same way."""
        total = space
        for kind, count, space_width in zip(self.kinds, self.spaces, self.space_widths):
            if kind == _FK_TEXT and count:
                total += count * space_width
        return max_width + total * shrinkage

    def frag_line(self, spare: float, count: int, max_width: float, first_word: int) -> FragLine:
        """Return the finished line."""
        words = []
        for frag, text in zip(self.frags, self.texts):
            # frag.clone(text=text), without the keyword arguments it goes through: a fragment per run
            word = ParaFrag.__new__(ParaFrag)
            word.__dict__.update(frag.__dict__)
            word.text = text
            words.append(word)
        return FragLine(extraSpace=spare, wordCount=count, lineBreak=False, words=words, fontSize=self.size,
                        ascent=self.ascent, descent=self.descent, maxWidth=max_width, sFW=first_word)


def _add_rest(line: _Line, word: list, styles: dict[int, _Style]) -> bool:
    """Add a word's further pieces to the line, each a fragment of its own; tell whether one has text."""
    inked = False
    for piece, text in word[2:]:
        line.add(piece, text, styles[id(piece)])
        inked = inked or bool(text)
    return inked


def _space_after(word: list, size: float, styles: dict[int, _Style]) -> float:
    """Return the width of the space after a word (0 if none), in the font of its last piece at `size`."""
    if not isinstance(word, _HSFrag):
        return 0
    last = word[-1][0]
    style = styles[id(last)]
    return style.space if style.size == size else width(" ", last.fontName, size)


def frag_lines(paragraph: Paragraph, max_widths: list[float]) -> ParaLines:
    """Break a paragraph of several fragments: reportlab's `kind=1` lines, each a FragLine of fragments
    (one per run of a style), and the paragraph's fragments become its frag words (`sFW` counts them)."""
    style = paragraph.style
    shrinkage, long_words = style.spaceShrinkage, style.splitLongWords
    words = frag_words(paragraph.frags)
    styles = {id(frag): _Style(frag) for frag in paragraph.frags}
    last_width = len(max_widths) - 1
    lines: list[FragLine] = []
    line: _Line | None = None
    line_no = first_word = count = 0
    max_width = max_widths[0]
    current = space = widest = 0
    for at, word in enumerate(words):
        word_width, (frag, text) = word[0], word[1]
        new_width = current + space + word_width if word_width > 0 else current
        if line is None or not shrinkage:
            limit = max_width + space * shrinkage
        else:
            limit = max_width + (space + line.spaces_width) * shrinkage
            if -1e-6 <= limit - new_width <= 1e-6:
                limit = line.exact_limit(max_width, space, shrinkage)
        if new_width > limit:
            if "cbDefn" not in frag.__dict__ and long_words and word_width > max_widths[min(line_no, last_width)]:
                raise Unbroken("a word wider than its line")
            if line is not None and count > 0:
                widest = max(widest, current)
                lines.append(line.frag_line(max_width - current, count, max_width, first_word))
                first_word = at
                line_no += 1
                max_width = max_widths[min(last_width, line_no)]
                # reportlab measures this space in the word's last piece, where it ends a line
                space = _space_after(word, word[-1][0].fontSize, styles)
                current, count = word_width, 1
                line = _Line(frag, text, styles[id(frag)])
                _add_rest(line, word, styles)
                continue
        if text:
            count += 1
        if line is None:
            line = _Line(frag, text, styles[id(frag)])
            line.grow(styles[id(word[-1][0])])
        elif frag is line.source and line.key is not None:
            # the next word of the same fragment: reportlab finds it of the same style (most words come here,
            # so `line.join` is written out)
            last = line.texts[-1]
            if space and not last.endswith(" "):
                line.texts[-1] = f"{last} {text}"
                line.spaces[-1] += 1
                line.spaces_width += line.space_widths[-1]
            else:
                line.texts[-1] = last + text
        else:
            frag_style = styles[id(frag)]
            if line.key is None or frag_style.key is None or frag_style.key != line.key:
                if space:
                    line.end_with_space()
                line.add(frag, text, frag_style)
            else:
                line.grow(frag_style)
                line.join(text, bool(space))
        current = new_width
        if len(word) == 2:
            space = styles[id(frag)].space if type(word) is _HSFrag else 0
            continue
        # and in the font of the last piece at the size of the first, where the word stays on the line
        space = _space_after(word, frag.fontSize, styles)
        if _add_rest(line, word, styles) and not text:
            count += 1
    if line is not None:
        widest = max(widest, current)
        lines.append(line.frag_line(max_width - current, count, max_width, first_word))
    paragraph._width_max = widest
    paragraph.frags = words
    return ParaLines(kind=1, lines=lines)


def break_lines(paragraph: Paragraph, width_pt: float | list[float] | tuple[float, ...]) -> ParaFrag | ParaLines:
    """Return the paragraph's lines as reportlab's `breakLines` would for a width (or a list of widths,
    the last repeated), or raise Unbroken. Like it, take the bullet's width off the first width of a
    list (in place, once the lines are broken)."""
    max_widths = list(width_pt) if isinstance(width_pt, tuple) else width_pt
    if not isinstance(max_widths, list):
        max_widths = [max_widths]
    check_common(paragraph)
    paragraph.height = 0
    paragraph._width_max = paragraph._splitLongWordCount = paragraph._hyphenations = 0
    available = list(max_widths)
    _handleBulletWidth(paragraph.bulletText, paragraph.style, available)
    frags = paragraph.frags
    if len(frags) == 1 and "cbDefn" not in frags[0].__dict__ and "backColor" not in frags[0].__dict__:
        lines = simple_lines(paragraph, available)
    else:
        lines = frag_lines(paragraph, available)
    max_widths[:] = available
    return lines
