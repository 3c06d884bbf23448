"""Markdown inline text to reportlab paragraph markup: escaping, bold and italic, cross references
as internal links, and index anchors for glossary terms.

Everything works on slices of one block's text, so that the offsets the loader recorded for each
reference (`see 6.23`) stay valid for paragraphs, list items and table cells alike.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from builder.model.rulebook import Block, Case
from builder.render.typeset.styles import LINK_COLOUR

_BOLD = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?![\w*])")
_CODE = re.compile(r"`([^`]+)`")
CASE_KEY = "case-{number}"
"""The PDF destination name of a case: links, outline entries and the table of contents use it."""


def case_key(number: str) -> str:
    """Return the destination name of case `number`."""
    return CASE_KEY.format(number=number)


@dataclass(frozen=True)
class Mark:
    """Markup to wrap around text[start:end] (or insert at start when start == end)."""

    start: int
    end: int
    before: str
    after: str = ""


def escape(text: str) -> str:
    """Return text with the three characters paragraph markup reserves escaped."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


_ESCAPED = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|])")
_PRIVATE = 0xE000
"""Escaped characters wait in the private-use area while emphasis is parsed, then come back."""
_WAITING = re.compile("[\ue000-\ue07f]")
"""The characters waiting there."""


HTML_TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9]*)(?=[\s/>])[^<>]*?(/?)>")
"""An HTML tag in Markdown text (the check rulebook/html-tag reads it too); `<http://…>` autolinks are not tags."""
SIMPLE_TAGS = {"b": "b", "strong": "b", "i": "i", "em": "i", "u": "u", "sup": "super", "sub": "sub"}
"""HTML tags the rulebook sets as their paragraph-markup twins; `<br>` breaks the line; other tags are left out."""
_ESCAPED_TAG = re.compile(r"&lt;(/?)([A-Za-z][A-Za-z0-9]*)(?=\s|/|&gt;)(?:(?!&gt;|&lt;).)*?(/?)&gt;")


_AUTOLINK = re.compile(r"&lt;((?:https?|mailto):[^\s<>]*?)&gt;")
"""A Markdown autolink, escaped: `<http://…>` prints as the address, a link."""


def html_tags(markup: str) -> str:
    """Return markup with escaped HTML tags set (simple ones, when balanced, and `<br>`) or left out, never printed."""
    names = [m.group(2).lower() for m in _ESCAPED_TAG.finditer(markup) if not m.group(1)]
    closes = [m.group(2).lower() for m in _ESCAPED_TAG.finditer(markup) if m.group(1)]

    def tag(match: re.Match) -> str:
        closing, name = match.group(1), match.group(2).lower()
        if name == "br":
            return "<br/>"
        twin = SIMPLE_TAGS.get(name)
        if twin and names.count(name) == closes.count(name):
            return f"<{closing}{twin}>"
        return ""
    markup = _AUTOLINK.sub(lambda m: f'<a href="{m.group(1)}">{m.group(1)}</a>', markup)
    return _ESCAPED_TAG.sub(tag, markup)


def emphasis(markup: str) -> str:
    """Return markup with Markdown `**bold**`, `*italic*` and `code` turned into tags (`\\*` stays a star)."""
    # each pattern needs its character: most paragraphs have none of them, and skip its scan
    if "\\" in markup:
        markup = _ESCAPED.sub(lambda m: chr(_PRIVATE + ord(m.group(1))), markup)
    if "*" in markup:
        markup = _ITALIC.sub(r"<i>\1</i>", _BOLD.sub(r"<b>\1</b>", markup))
    if "`" in markup:
        markup = _CODE.sub(r"\1", markup)
    if "&lt;" in markup:
        markup = html_tags(markup)
    return _WAITING.sub(lambda m: chr(ord(m.group(0)) - _PRIVATE), markup)


def inline(text: str, marks: list[Mark], start: int = 0, end: int | None = None) -> str:
    """Return paragraph markup for text[start:end] with the marks that fall inside it applied."""
    end = len(text) if end is None else end
    out: list[str] = []
    at = start
    for mark in sorted((m for m in marks if start <= m.start and m.end <= end), key=lambda m: (m.start, m.end)):
        if mark.start < at:
            continue
        out.append(escape(text[at:mark.start]))
        out.append(mark.before + escape(text[mark.start:mark.end]) + mark.after)
        at = mark.end
    out.append(escape(text[at:end]))
    return emphasis(" ".join("".join(out).split()))


def link(number: str) -> tuple[str, str]:
    """Return the tags that make a case number a link to its case."""
    return f'<a href="#{case_key(number)}" color="{LINK_COLOUR}">', "</a>"


def reference_marks(block: Block, case: Case, known: set[str]) -> list[Mark]:
    """Return link marks for the references the loader found in this block, where their case exists."""
    if not case.references:
        return []
    lines = block.text.split("\n")
    starts = [0]
    for text in lines:
        starts.append(starts[-1] + len(text) + 1)
    marks = []
    for ref in case.references:
        row = ref.at.line - block.at.line
        if ref.at.file != block.at.file or not 0 <= row < len(lines) or ref.target not in known:
            continue
        offset = starts[row] + ref.at.column - 1
        if block.text.startswith(ref.target, offset):
            before, after = link(ref.target)
            marks.append(Mark(offset, offset + len(ref.target), before, after))
    return marks


def figure_mentions(text: str, word: str) -> list[tuple[int, int, int]]:
    """Return (start, end, number) of each mention of a figure (`Figure 3`, in the language's word, any case)."""
    return [(m.start(), m.end(), int(m.group(1)))
            for m in re.finditer(rf"(?<!\w){re.escape(word)}\s+(\d+)(?!\w)", text, re.IGNORECASE)]


def figure_marks(text: str, word: str, count: int) -> list[Mark]:
    """Return link marks for the figures a text mentions, where the rulebook has that many figures."""
    return [Mark(start, end, f'<a href="#figure-{number}" color="{LINK_COLOUR}">', "</a>")
            for start, end, number in figure_mentions(text, word) if 1 <= number <= count]


_PAREN_NUMBERS = re.compile(r"\((\d+(?:\.\d+)+(?:\s*[,;]\s*\d+(?:\.\d+)+)*)\)")
_NUMBER = re.compile(r"\d+(?:\.\d+)+")


def parenthesised_marks(text: str, known: set[str]) -> list[Mark]:
    """Return link marks for case numbers in parentheses, `(5.2)` or `(5.2, 7.1)`, that name a case.

    The glossary is not parsed into cases, so its references are found here by their plainest form.
    """
    marks = []
    for group in _PAREN_NUMBERS.finditer(text):
        for number in _NUMBER.finditer(group.group(1)):
            if number.group(0) in known:
                before, after = link(number.group(0))
                start = group.start(1) + number.start()
                marks.append(Mark(start, start + len(number.group(0)), before, after))
    return marks


_WORD_START = r"(?<!\w)"


class TermFinder:
    """Finds glossary terms in running text and marks their first use in each paragraph for the index."""

    def __init__(self, terms: list[str]) -> None:
        forms = [_term_forms(term) for term in terms]
        self.terms = [index_term(term) for term in terms]
        spellings = [_alternatives(term) for term in self.terms]
        # every place where some term starts, found in one scan: a zero-width lookahead, so that no
        # term's match hides another's (the glossary has dozens of terms, the rulebook a thousand paragraphs);
        # the initials of the terms turn most word starts away before the terms are tried there (a term
        # without a spelling would match anywhere, so then there is no such shortcut)
        initials = "".join(sorted({a[0] for found in spellings for a in found}))
        first = f"(?=[{re.escape(initials)}])" if all(spellings) else ""
        self.starts = re.compile(_WORD_START + first + _starts(spellings, forms), re.IGNORECASE) if forms else None
        self.forms = [re.compile(form, re.IGNORECASE) for form in forms]
        # which terms may start with a character: those with an initial that matches it as the term would
        self.first_letters = [re.compile(f"[{re.escape(''.join(a[0] for a in found))}]" if found else "",
                                         re.IGNORECASE) for found in spellings]
        self.by_initial: dict[str, list[int]] = {}

    def _starting_with(self, char: str) -> list[int]:
        """Return the numbers of the terms that may start with `char`, worked out once per character."""
        found = self.by_initial.get(char)
        if found is None:
            found = self.by_initial[char] = [n for n, letters in enumerate(self.first_letters) if letters.match(char)]
        return found

    def marks(self, text: str, start: int, end: int) -> list[Mark]:
        """Return an index anchor before the first use of each term within text[start:end]."""
        first: dict[int, int] = {}
        for at in self.starts.finditer(text, start, end) if self.starts else ():
            place = at.start()
            for n in self._starting_with(text[place:place + 1]):
                if n not in first and self.forms[n].match(text, place, end):
                    first[n] = place
            if len(first) == len(self.terms):
                break
        return [Mark(first[n], first[n], f'<index item="{_index_item(term)}"/>')
                for n, term in enumerate(self.terms) if n in first]


def index_term(term: str) -> str:
    """Return the form of a glossary term listed in the index (`Engagement zone (ZOC)` → `Engagement zone`)."""
    return re.sub(r"\s*\(.*?\)", "", term).strip()


def _index_item(term: str) -> str:
    return escape(term).replace('"', "&quot;").replace(",", ",,")


def _word_pattern(word: str) -> str:
    # a stem, so that "stack" finds "stacks" and "strefa" finds "strefie": long words lose their ending
    stem = word[:-2] if len(word) >= 7 else word[:-1] if len(word) >= 5 else word
    return re.escape(stem) + r"\w*"


def _alternatives(index_form: str) -> list[str]:
    """Return the spellings of a term's index form, `MTZ / NON-MTZ` → `MTZ`, `NON-MTZ`."""
    return [a.strip() for a in index_form.split("/") if a.strip()]


def _spelling_pattern(spelling: str) -> str:
    """Return the pattern a spelling is found by: the stem of each word, the words apart by any space."""
    return r"\s+".join(_word_pattern(w) for w in spelling.split())


def _term_forms(term: str) -> str:
    """Return the alternatives a term is found by, as one non-capturing group (without the word start)."""
    return "(?:" + "|".join(_spelling_pattern(a) for a in _alternatives(index_term(term))) + ")"


def _starts(spellings: list[list[str]], forms: list[str]) -> str:
    """Return the lookahead that holds where some term starts: the spellings grouped by their first
    character, so that a word start tries only the group of its own (a term without a spelling matches
    anywhere: then the terms' forms are tried as they are)."""
    if not all(spellings):
        return "(?=" + "|".join(forms) + ")"
    groups: dict[str, list[str]] = {}
    for found in spellings:
        for spelling in found:
            first = re.escape(spelling[0])
            groups.setdefault(first, []).append(_spelling_pattern(spelling).removeprefix(first))
    return "(?=" + "|".join(f"{first}(?:{'|'.join(rests)})" for first, rests in groups.items()) + ")"
