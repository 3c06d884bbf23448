"""Checks on the game's own fonts: found and embeddable, a glyph for each printed character, a licence beside."""
from __future__ import annotations

from pathlib import Path
from typing import Iterator

from builder.model.base import Text
from builder.model.content import Game
from builder.render.fonts import chosen_fonts, face, game_faces, missing_glyphs, role_specs
from builder.diagnostics import WARNING, Finding, Location, location_of
from builder.rules.index import Index
from builder.rules.registry import check

LICENCE_NAMES = ("ofl", "licen", "copying", "readme")
"""What the name of a font's licence file starts with (lower case): OFL.txt, LICENSE, LICENCE-…, COPYING."""


def _choices(game: Game) -> dict:
    chosen = game.game.print
    return chosen_fonts(game.root, chosen.font, role_specs(chosen.fonts))


def _where(game: Game, field: str) -> Location:
    chosen = game.game.print
    return location_of(chosen.fonts, field) if field else location_of(chosen, "font")


@check("font/not-found")
def fonts_not_found(game: Game, ix: Index) -> Iterator[Finding]:
    """Every font the print settings name can be found and embedded.

    Why: a font that is silently replaced prints the game in another typeface than the designer chose,
    with other widths, so text measured to fit may not.
    Fails:  print: {font: Lato} on a machine without Lato
    Passes: print: {font: fonts/Carlito-Regular.ttf} with the file in the game folder
    """
    seen = set()
    for field, _, problem in _choices(game).values():
        if problem and field not in seen:
            seen.add(field)
            yield Finding(_where(game, field), problem, "name a TrueType file inside the game folder (fonts/…ttf) "
                          "or a family `fc-list` shows; or leave it out for the shipped DejaVu Sans")


def _all_texts(value: Text | None) -> list[str]:
    if value is None:
        return []
    return [value] if isinstance(value, str) else list(value.values())


def _role_texts(game: Game) -> Iterator[tuple[str, Location, str]]:
    """Yield (font key, where, text) for the printed words of the map and the rulebooks, in every language."""
    for map_ in game.maps.maps:
        for place in map_.places:
            for text in _all_texts(place.name):
                yield "labels", location_of(place, "name"), text
    for book in game.rulebooks:
        for case in book.cases:
            yield "headings", case.at, case.title
        for block in book.blocks():
            yield "sans", block.at, block.text
    for text in _all_texts(game.game.title):
        yield "headings", location_of(game.game, "title"), text


@check("font/missing-glyph")
def chosen_font_missing_glyphs(game: Game, ix: Index) -> Iterator[Finding]:
    """The game's own fonts have a glyph for every character of the map and rulebook text, in every language.

    Why: a missing glyph prints as an empty box, or the PDF viewer puts in another font.
    Fails:  print: {font: fonts/Latin-Only.ttf} with a Polish rulebook
    Passes: print: {font: fonts/Carlito-Regular.ttf}
    """
    table = game_faces(game)
    if table is None:
        return
    reported: set[tuple[str, str]] = set()
    for key, at, text in _role_texts(game):
        chosen = face(key, False, table)
        if chosen.shipped:
            continue
        lacking = [ch for ch in missing_glyphs(text, key, False, table) if (chosen.file, ch) not in reported]
        if lacking:
            reported.update((chosen.file, ch) for ch in lacking)
            yield Finding(at, f'font "{Path(chosen.file).name}" has no glyph for ' + " ".join(lacking)
                          + f' (in "{text[:40]}")', "choose a font that covers the game's languages, or set this "
                          "role's font in print.fonts", subject=Path(chosen.file).name)


@check("font/no-licence", severity=WARNING)
def fonts_without_licence(game: Game, ix: Index) -> Iterator[Finding]:
    """A font file shipped in the game folder has its licence file beside it.

    Why: a font's licence (the SIL Open Font Licence, most often) asks that it travel with the font;
    a published game that embeds a font without it may not be allowed to.
    Fails:  fonts/Carlito-Regular.ttf alone in its folder
    Passes: fonts/Carlito-Regular.ttf beside fonts/OFL.txt
    """
    root = game.root.resolve()
    seen = set()
    for field, files, _ in _choices(game).values():
        if files is None or field in seen or not Path(files.regular.file).is_relative_to(root):
            continue
        seen.add(field)
        folder = Path(files.regular.file).parent
        if not any(p.name.lower().startswith(LICENCE_NAMES) for p in folder.iterdir()):
            name = Path(files.regular.file).name
            yield Finding(_where(game, field), f'font "{name}" has no licence file beside it',
                          f"copy its licence (OFL.txt, LICENSE…) into {folder.relative_to(root)}", subject=name)
