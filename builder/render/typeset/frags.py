"""Paragraph fragments read straight from our own paragraph markup, without reportlab's parser.

reportlab turns each paragraph's markup into fragments with an HTML parser, and that parse was a
seventh of a rulebook's CPU. Our markup uses a handful of tags (markup.py and contents.py write
them): `<b>`, `<i>`, `<a href color>` links, `<a name/>` anchors, `<index item/>` and `<onDraw/>`,
and the entities `escape` writes. This module reads exactly that vocabulary with one regular
expression and builds the fragments reportlab's parser would, which `Paragraph(frags=...)` then
takes as they are. Anything else (another tag, entity or style feature) returns None, and the
paragraph is parsed by reportlab as before. tests/render/test_typeset_frags.py compares both
readings on every paragraph of the seed rulebooks, so a reportlab upgrade that parses differently
fails there.
"""
from __future__ import annotations

import re
from functools import lru_cache
from html import unescape

from reportlab.lib.abag import ABag
from reportlab.lib.colors import toColor
from reportlab.lib.fonts import ps2tt, tt2ps
from reportlab.lib.utils import encode_label
from reportlab.platypus import cleanBlockQuotedText
from reportlab.platypus.paraparser import DEFAULT_INDEX_NAME, ParaFrag
from reportlab.rl_config import platypus_link_underline

_TOKEN = re.compile(r'<(/?)([A-Za-z]+)((?:\s+[A-Za-z]+="[^"<>]*")*)\s*(/?)>|&([A-Za-z]+);|[^<&]+')
"""A start, end or empty tag with double-quoted attributes, a named entity, or text."""
_ATTRIBUTE = re.compile(r'([A-Za-z]+)="([^"]*)"')
_ENTITIES = {"amp": "&", "lt": "<", "gt": ">", "quot": '"'}
"""The entities `escape` writes, as reportlab's parser reads them."""


_UNCLEAN = re.compile("[^\\S ]|\u200b|  |^ | $")
"""What `cleanBlockQuotedText` would change: whitespace other than single spaces between words (the
zero-width space is stripped at the ends too); markup without any is already clean."""


class Unread(Exception):
    """Markup outside the vocabulary read here: reportlab's parser reads it instead."""


@lru_cache(maxsize=None)
def _colour(value: str):
    # one colour object per value: links share it, and comparing fragments then stops at identity
    return toColor(value)


@lru_cache(maxsize=None)
def _index_label(item: str) -> str:
    # the parser's label for `<index item>` without a format or offset; the same terms recur in every section
    return encode_label((item, None, None))


_font_name = lru_cache(maxsize=None)(tt2ps)
"""The font of a family, bold and italic, as the parser names it: a few combinations, each worked out once."""


def _first_frag(style) -> dict:
    """Return the attributes of the paragraph's outermost fragment, as the parser's `<para>` sets them."""
    font, bold, italic = ps2tt(style.fontName)
    return {"rise": 0, "greek": 0, "link": [], "fontName": font, "bold": bold, "italic": italic,
            "fontSize": style.fontSize, "textColor": style.textColor, "us_lines": [], "__tag__": "para"}


class _Reader:
    """The tag stack and fragments of one paragraph, mirroring reportlab's parser step for step."""

    def __init__(self, style) -> None:
        self.stack = [_first_frag(style)]
        self.frags: list[ParaFrag] = []
        self.links = 0

    def text(self, data: str, callback: ABag | None = None) -> None:
        """Add a fragment of text (or an empty one carrying a callback) in the current state."""
        state = self.stack[-1]
        frag = ParaFrag.__new__(ParaFrag)  # ParaFrag() sets no attribute: they all come here
        attributes = frag.__dict__
        attributes.update(state)
        if callback is not None:
            attributes["cbDefn"] = callback
        attributes["fontName"] = _font_name(state["fontName"], state["bold"], state["italic"])
        attributes["text"] = data
        self.frags.append(frag)

    def push(self, tag: str, **attributes: object) -> None:
        """Open a tag: the state it starts from is the enclosing one with these attributes."""
        self.stack.append({**self.stack[-1], "__tag__": tag, **attributes})

    def pop(self, tag: str) -> None:
        """Close a tag, which must be the innermost open one."""
        if len(self.stack) < 2 or self.stack[-1]["__tag__"] != tag:
            raise Unread(f"</{tag}> does not close the open tag")
        self.stack.pop()

    def start(self, tag: str, attributes: dict[str, str], empty: bool) -> None:
        """Read a start tag (or an empty one, `<x/>`)."""
        if tag in ("b", "i") and not attributes and not empty:
            self.push(tag, **{"bold" if tag == "b" else "italic": 1})
        elif tag == "a" and not empty and set(attributes) <= {"href", "color"} and "href" in attributes:
            self.link(attributes)
        elif tag == "a" and empty and set(attributes) == {"name"} and attributes["name"].strip():
            self.callback("a", label="anchor", kind="anchor", name=attributes["name"])
        elif tag == "index" and empty and set(attributes) == {"item"}:
            self.callback("index", label=_index_label(attributes["item"]), name=DEFAULT_INDEX_NAME, kind="index")
        elif tag == "ondraw" and empty and set(attributes) <= {"name", "label"} and "name" in attributes:
            self.callback("ondraw", name=attributes["name"], label=attributes.get("label"), kind="onDraw")
        else:
            raise Unread(f"<{tag}> with {sorted(attributes)}")

    def link(self, attributes: dict[str, str]) -> None:
        """Open a link: its target joins the enclosing links, numbered in order, as the parser numbers them."""
        extra: dict[str, object] = {"link": self.stack[-1]["link"] + [(self.links, attributes["href"].strip())]}
        if "color" in attributes:
            extra["textColor"] = _colour(attributes["color"])
        self.links += 1
        self.push("a", **extra)

    def callback(self, tag: str, **definition: object) -> None:
        """Add the empty fragment of an anchor, index entry or drawing callback."""
        self.push(tag)
        self.text("", ABag(**definition))
        self.stack.pop()


def _attributes(source: str) -> dict[str, str]:
    # names lower-cased and values unescaped, as html.parser hands them to reportlab
    return {name.lower(): unescape(value) for name, value in _ATTRIBUTE.findall(source)}


def _read(text: str, style) -> list[ParaFrag]:
    """Return the fragments of cleaned paragraph markup, or raise Unread at the first thing not read here."""
    reader = _Reader(style)
    at = 0
    for token in _TOKEN.finditer(text):
        if token.start() != at:
            raise Unread(f"unreadable markup at {at}")
        at = token.end()
        if token.lastindex is None:  # text, the commonest token, with no group set
            reader.text(token.group())
            continue
        closing, tag, attributes, empty, entity = token.groups()
        if tag and closing:
            if attributes or empty:
                raise Unread(f"attributes in </{tag}>")
            reader.pop(tag.lower())
        elif tag:
            reader.start(tag.lower(), _attributes(attributes), bool(empty))
        elif entity:
            if entity not in _ENTITIES:
                raise Unread(f"&{entity};")
            # the parser hands an entity on as text of its own: the fragments break there too
            reader.text(_ENTITIES[entity])
    if at != len(text) or len(reader.stack) != 1:
        raise Unread("unclosed tags or unreadable end")
    return reader.frags


def paragraph_frags(markup: str, style) -> list[ParaFrag] | None:
    """Return the fragments reportlab's parser would make of `markup` in `style`, or None when the
    markup or the style uses something read only by the parser (then pass the markup to it)."""
    if getattr(style, "textTransform", None) or getattr(style, "linkUnderline", platypus_link_underline):
        return None
    try:
        return _read(cleanBlockQuotedText(markup) if _UNCLEAN.search(markup) else markup, style)
    except Unread:
        return None
