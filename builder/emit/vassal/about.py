"""The module's About screen and credits page: the game's title, the module's version and its credits.

Credits are read from the game through `credit_lines` only: game.yaml's `credits:` (designers, artists,
publisher, copyright, licence, date) when the model has it, and the source the game is made from.
"""
from __future__ import annotations

from html import escape

from builder.emit.vassal.words import word
from builder.model.base import text_in
from builder.model.content import Game
from builder.render.drawing import Drawing, Paint, Rect, Text

ABOUT_SIZE_MM = (120.0, 80.0)
"""The About picture's width and height."""
ABOUT_DPI = 96.0
CREDIT_FIELDS = ("designers", "artists", "publisher", "copyright", "licence", "date")
"""The fields of game.yaml's `credits:` shown, in order, when the model has them."""


def _text(value: object, lang: str) -> str:
    if isinstance(value, (list, tuple)):
        return ", ".join(_text(v, lang) for v in value)
    return text_in(value, lang) if isinstance(value, dict) else ("" if value is None else str(value))


def credit_lines(game: Game, version: str) -> list[tuple[str, str]]:
    """Return the credits as (label, text) pairs: version, the `credits:` fields the model has, the source."""
    lang = game.game.languages[0]
    lines = [(word("version", lang), version)]
    credits = getattr(game.game, "credits", None)
    for name in CREDIT_FIELDS:
        text = _text(getattr(credits, name, None), lang)
        if text:
            lines.append((name.capitalize(), text))
    if game.game.source:
        lines.append(("Source", game.game.source))
    return lines


def credits_html(game: Game, version: str) -> bytes:
    """Return the credits page the Help menu opens."""
    lang = game.game.languages[0]
    title = escape(text_in(game.game.title, lang))
    rows = "".join(f"<tr><th align='left'>{escape(k)}</th><td>{escape(v)}</td></tr>"
                   for k, v in credit_lines(game, version))
    subtitle = escape(text_in(game.game.subtitle, lang))
    return (f"<html><head><meta charset='utf-8'><title>{title}</title></head><body><h1>{title}</h1>"
            f"<p>{subtitle}</p><table>{rows}</table></body></html>\n").encode("utf-8")


def about_drawing(game: Game, version: str) -> Drawing:
    """Return the About screen's picture: title, subtitle, version and credits on a plain card."""
    lang = game.game.languages[0]
    width, height = ABOUT_SIZE_MM
    items = [Rect(0, 0, width, height, Paint(fill="#f4f1e8", stroke="#2a2a2a", stroke_mm=0.6)),
             Text(width / 2, 16, text_in(game.game.title, lang), 8.0, "#2a2a2a", "sans", True, "middle"),
             Text(width / 2, 25, text_in(game.game.subtitle, lang), 4.5, "#2a2a2a", "sans", False, "middle")]
    y = 38.0
    for label, text in credit_lines(game, version)[:6]:
        items.append(Text(width / 2, y, f"{label}: {text}"[:70], 3.6, "#2a2a2a", "condensed", False, "middle"))
        y += 6.5
    return Drawing(width, height, tuple(items), title="about")
