"""A small XML writer laid out the way VASSAL writes buildFile.xml: UTF-8, `standalone="no"`, 4-space
indent, attributes sorted by name. TABs and newlines in attribute values are written as character
references (an XML parser would turn literal ones into spaces); element text keeps literal TABs.
"""
from __future__ import annotations

from dataclasses import dataclass, field

HEADER = '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'


@dataclass(frozen=True)
class Element:
    """One XML element: tag, attributes, children, and text (for elements without children)."""

    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: tuple["Element", ...] = ()
    text: str = ""


def element(tag: str, children: list[Element] | tuple[Element, ...] = (), body: str = "", **attrs: object) -> Element:
    """Return an element with text `body`; attribute values are written as text (True → "true")."""
    return Element(tag, {k: _attr_text(v) for k, v in attrs.items()}, tuple(children), body)


def _attr_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def escape_text(text: str) -> str:
    """Return element text with `&`, `<` and `>` escaped."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def escape_attr(text: str) -> str:
    """Return an attribute value escaped, with TAB, CR and LF as character references."""
    escaped = escape_text(text).replace('"', "&quot;")
    return escaped.replace("\t", "&#9;").replace("\n", "&#10;").replace("\r", "&#13;")


def _lines(node: Element, depth: int) -> list[str]:
    pad = "    " * depth
    attrs = "".join(f' {k}="{escape_attr(v)}"' for k, v in sorted(node.attrs.items()))
    if node.children:
        inner = [line for child in node.children for line in _lines(child, depth + 1)]
        return [f"{pad}<{node.tag}{attrs}>", *inner, f"{pad}</{node.tag}>"]
    if node.text:
        return [f"{pad}<{node.tag}{attrs}>{escape_text(node.text)}</{node.tag}>"]
    return [f"{pad}<{node.tag}{attrs}/>"]


def xml_lines(node: Element, depth: int) -> list[str]:
    """Return an element's lines as `xml_bytes` writes them at this depth (for editing a written document)."""
    return _lines(node, depth)


def xml_bytes(root: Element) -> bytes:
    """Return the document as UTF-8 bytes."""
    return (HEADER + "\n".join(_lines(root, 0)) + "\n").encode("utf-8")
