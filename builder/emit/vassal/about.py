"""The module's About screen and credits page: the game's title, the module's version and its credits.

Credits are read from the game through `credit_lines` only: game.yaml's `credits:` (designers, artists,
publisher, copyright, licence, date) when the model has it.
"""
from __future__ import annotations

from html import escape

from builder.plan.vassal.words import word
from builder.model.base import text_in
from builder.model.content import Game
from builder.render.drawing import Drawing, Paint, Rect, Text
from builder.render.fonts import text_width_mm

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
    """Return the credits as (label, text) pairs: the version, then the `credits:` fields the model has."""
    lang = game.game.languages[0]
    lines = [(word("version", lang), version)]
    credits = getattr(game.game, "credits", None)
    for name in CREDIT_FIELDS:
        text = _text(getattr(credits, name, None), lang)
        if text:
            lines.append((name.capitalize(), text))
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
             _line(text_in(game.game.title, lang), 16.0, 8.0, bold=True),
             _line(text_in(game.game.subtitle, lang), 25.0, 4.5)]
    y = 38.0
    for label, text in credit_lines(game, version)[:5]:
        items.append(_line(f"{label}: {text}", y, 3.6, font="condensed"))
        y += 6.5
    items.append(_line("sandtable", height - 6.0, 3.0, font="condensed"))
    return Drawing(width, height, tuple(items), title="about")


def _line(text: str, y_mm: float, size_mm: float, *, bold: bool = False, font: str = "sans") -> Text:
    """Return one centred line of the About picture, made smaller when it would not fit its width."""
    width = ABOUT_SIZE_MM[0] - 8.0
    size = min(size_mm, width / max(text_width_mm(text, 1.0, font, bold), 0.01))
    return Text(ABOUT_SIZE_MM[0] / 2, y_mm, text, size, "#2a2a2a", font, bold, "middle")
