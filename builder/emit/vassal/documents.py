"""The PDFs a module carries under its Help menu, and how they are put into a finished module.

Light on purpose: the build attaches a game's rulebooks and setup cards to its module in the parent
process once they are made (builder/build.py), and needs none of what draws the module for that.
"""
from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass

from builder.emit.output import Artifact
from builder.emit.vassal.archive import read_entries, zip_bytes
from builder.emit.vassal.components import MODULE
from builder.plan.vassal.words import word
from builder.emit.vassal.xmlwrite import HEADER, Element, element, escape_attr, xml_lines
from builder.model.base import text_in
from builder.model.content import Game

BUILD_FILE = "buildFile.xml"
DOCUMENTATION = MODULE + "Documentation"


@dataclass(frozen=True)
class Document:
    """A PDF the module attaches under the Help menu: its menu title, its archive entry, its bytes and its
    language (the module of a language carries the documents of that language only)."""

    title: str
    entry: str
    data: bytes
    lang: str


def in_language(documents: tuple[Document, ...], lang: str) -> tuple[Document, ...]:
    """Return the documents of one language, in order."""
    return tuple(d for d in documents if d.lang == lang)


ABOUT_IMAGE = "about.png"
"""The picture of the About screen (its title, version and credits), an image of the module."""
CREDITS_FILE = "credits.html"
"""The credits page the Help menu opens, an entry of the module."""


def about_entries(game: Game) -> list[Element]:
    """Return the Help menu's About screen and credits page (they depend on the game alone)."""
    lang = game.game.languages[0]
    return [element(MODULE + "documentation.AboutScreen", fileName=ABOUT_IMAGE,
                    title=f"{word('about', lang)} {text_in(game.game.title, lang)}"),
            element(MODULE + "documentation.HelpFile", fileName=CREDITS_FILE, fileType="archive",
                    title=word("credits", lang))]


def documentation(documents: list[Document], about: list[Element] | None = None) -> Element:
    """Return the Help menu: the About screen and credits (`about`), then one entry per attached PDF."""
    return element(DOCUMENTATION, (about or []) + [
        element(MODULE + "documentation.BrowserPDFFile", pdfFile=d.entry, title=d.title) for d in documents])


def with_documentation(text: str, documents: list[Document], about: list[Element] | None = None
                       ) -> tuple[str, list[str]]:
    """Return a written buildFile.xml with its Help menu listing `documents` instead, and the archive entries
    its old menu named. The result is what `build_file` gives for these documents, byte for byte: the menu
    is the only part of the tree that depends on them, and it is always the root's child on its own lines."""
    new = "\n" + "\n".join(xml_lines(documentation(documents, about), 1)) + "\n"
    empty = "\n" + xml_lines(documentation([]), 1)[0] + "\n"
    if text.count(empty) == 1:
        return text.replace(empty, new), []
    opening, closing = f"\n    <{DOCUMENTATION}>\n", f"\n    </{DOCUMENTATION}>\n"
    start = text.find(opening)
    end = text.find(closing, start + 1) if start >= 0 else -1
    if end < 0 or text.find(opening, start + 1) >= 0:
        raise ValueError("buildFile.xml has no Help menu (VASSAL.build.module.Documentation) of its own")
    menu = ET.fromstring(text[start + 1:end + len(closing) - 1])
    old = [e.get("pdfFile", "") for e in menu if e.tag.endswith(".BrowserPDFFile")]
    return text[:start] + new + text[end + len(closing):], old


def attach_documents(game: Game, vmod: bytes, documents: tuple[Document, ...]) -> bytes:
    """Return the module `vmod` of `game` with exactly these PDFs in its language under its Help menu.

    `game` is the edition the module was made of (editions.py): its first language is the module's.
    `vmod` is a module this emitter made for the game (`emit_vmod`, `vmod_bytes`), with or without
    documents; what its Help menu listed is taken out. The result is `vmod_bytes(game, documents)` byte
    for byte, without planning or drawing anything: its entries are read back, buildFile.xml's Help menu
    (the one part that depends on the documents) is written again, and the archive is written anew.
    Raises ValueError when `vmod` is not a module of this game.
    """
    entries = read_entries(vmod)
    build = entries.get(BUILD_FILE)
    if build is None:
        raise ValueError("not a VASSAL module: no buildFile.xml")
    text = build.decode("utf-8")
    lang = game.game.languages[0]
    name = f' name="{escape_attr(text_in(game.game.title, lang))}"'
    if name not in text[:text.find(">", len(HEADER)) + 1]:
        raise ValueError(f"not the module of {game.id}: its name is not {text_in(game.game.title, lang)!r}")
    documents = in_language(documents, lang)
    text, attached = with_documentation(text, list(documents), about_entries(game))
    for entry in attached:
        entries.pop(entry, None)
    entries[BUILD_FILE] = text.encode("utf-8")
    entries.update({d.entry: d.data for d in documents})
    return zip_bytes(entries)


def documents_from(game: Game, artifacts: list[Artifact]) -> tuple[Document, ...]:
    """Return the build's rulebook and setup-card PDFs (`rules-pdf`, `setup-pdf` artifacts) as module documents,
    each titled in its own language (a module takes those of its language)."""
    first = game.game.languages[0]
    found = []
    paper = game.game.print.papers[0]
    for artifact in artifacts:
        if artifact.extra.get("paper", paper) != paper:  # the module carries each document once, on the first paper
            continue
        lang = artifact.extra.get("lang", first)
        if artifact.kind == "rules-pdf":
            found.append(Document(word("rulebook", lang), f"rules-{lang}.pdf", artifact.data, lang))
        elif artifact.kind == "setup-pdf":
            scenario = artifact.extra.get("scenario", "")
            name = next((text_in(s.name, lang) or s.id for s in game.scenarios if s.id == scenario), scenario)
            found.append(Document(f"{word('scenario', lang)}: {name}", f"setup-{scenario}-{lang}.pdf", artifact.data,
                                  lang))
    return tuple(found)
