"""A game's credits in print: the metadata every PDF carries and the lines of the rulebook's credits page."""
from __future__ import annotations

from dataclasses import dataclass

from builder.model.base import text_in
from builder.model.content import Game


@dataclass(frozen=True)
class DocumentInfo:
    """What a PDF's document information dictionary says: who made it, what it is, in which language."""

    title: str
    author: str
    subject: str
    keywords: str
    lang: str


def game_author(game: Game) -> str:
    """Return who a document is by: the designers, else the publisher, else the game's title."""
    credits = game.game.credits
    return ", ".join(credits.designers) or credits.publisher or text_in(game.game.title, game.game.languages[0])


def version_line(game: Game) -> str:
    """Return `version 1.2 (2026-11-28)`: the edition a printed file belongs to."""
    credits = game.game.credits
    return f"version {credits.version}" + (f" ({credits.date.isoformat()})" if credits.date else "")


def document_info(game: Game, what: str, lang: str, *, title: str = "") -> DocumentInfo:
    """Return the metadata of one of the game's PDFs: `what` names the document (`counter sheets (A4)`)."""
    credits = game.game.credits
    name = text_in(game.game.title, lang)
    words = ["wargame", name, game.id, version_line(game), credits.publisher, credits.licence, credits.copyright]
    return DocumentInfo(title or f"{name}: {what}", game_author(game), f"{name}: {what}, {version_line(game)}",
                        ", ".join(w for w in words if w), lang)


def credit_lines(game: Game) -> list[tuple[str, str]]:
    """Return the credits as (role, names) pairs in print order, leaving out what the game does not state.
    Roles are keys of the phrase table (builder/phrases.py)."""
    credits = game.game.credits
    found = [("credits-design", ", ".join(credits.designers)), ("credits-art", ", ".join(credits.artists)),
             ("credits-translation", ", ".join(credits.translators)), ("credits-publisher", credits.publisher),
             ("credits-version", version_line(game).removeprefix("version ")),
             ("credits-copyright", credits.copyright), ("credits-licence", credits.licence)]
    return [(role, names) for role, names in found if names]
