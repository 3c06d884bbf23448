"""Checks on printing: text that does not fit, glyphs the font lacks, counters too big for hexes, contrast."""
from __future__ import annotations

import math
from typing import Iterator

from builder.model.base import text_in
from builder.model.content import Game
from builder.render.counters import placed_marker_texts, placed_unit_texts, side_mm
from builder.render.fonts import game_font_table, missing_glyphs, role_specs
from builder.rules.diagnostic import WARNING, Finding, Location, location_of
from builder.rules.index import Index
from builder.rules.registry import check

HEX_FIT = 2 / (1 + math.sqrt(3))
"""A centred square of side s fits a hex of flat-to-flat F iff s ≤ 2F/(1+√3) ≈ 0.732·F."""
MIN_CONTRAST = 3.0


@check("layout/unknown-layout")
def unknown_layouts(game: Game, ix: Index) -> Iterator[Finding]:
    """Every counter layout named by the print settings or a unit type exists.

    Why: a counter without its layout cannot be drawn.
    Fails:  print: {counter_layout: natto}
    Passes: print: {counter_layout: nato}
    """
    named = [(game.game.print, "counter_layout"), (game.game.print, "marker_layout")]
    named += [(t, "layout") for t in game.counters.unit_types if t.layout]
    for node, key in named:
        value = getattr(node, key)
        if value not in game.layouts:
            yield Finding(location_of(node, key), f'counter layout "{value}" does not exist',
                          "layouts: " + ", ".join(sorted(game.layouts)), subject=value)


@check("layout/text-overflow", severity=WARNING)
def text_overflows(game: Game, ix: Index) -> Iterator[Finding]:
    """Text printed on a counter or marker fits its slot, measured with the font's own metrics.

    Why: a designation that runs into the symbol or off the counter is unreadable once cut.
    Fails:  designation: "21st Panzer" on a 1/2" counter
    Passes: designation: "21"
    """
    for unit in game.counters.units:
        reported: set[str] = set()
        for step in range(len(unit.steps)):
            for placed in placed_unit_texts(game, unit, step):
                if not placed.text or placed.fits or placed.text in reported:
                    continue
                reported.add(placed.text)
                field = placed.slot.source if placed.slot.source in ("designation", "parent_label") else None
                yield Finding(location_of(unit, field) if field else location_of(unit),
                              f'"{placed.text}" on unit "{unit.id}" is {placed.width_mm:.1f} mm wide at its smallest '
                              f"size; its slot has {placed.room_mm:.1f} mm", "shorten it, or print larger counters",
                              subject=f"{unit.id}:{placed.slot.source}")
    for marker in game.counters.markers:
        for face in range(max(1, len(marker.faces))):
            for placed in placed_marker_texts(game, marker, face):
                if placed.text and not placed.fits:
                    at = location_of(marker.faces[face], "text") if face < len(marker.faces) else location_of(marker)
                    yield Finding(at, f'"{placed.text}" on marker "{marker.id}" is {placed.width_mm:.1f} mm wide at '
                                  f"its smallest size, even on two lines; its slot has {placed.room_mm:.1f} mm",
                                  "shorten it, or print larger counters", subject=f"{marker.id}:{face + 1}")


def _printed_texts(game: Game) -> Iterator[tuple[Location, str, str]]:
    lang = game.game.languages[0]
    for unit in game.counters.units:
        for key in ("designation", "parent_label"):
            yield location_of(unit, key), getattr(unit, key), unit.id
        for text in [*unit.designators, *(s.label for s in unit.steps)]:
            yield location_of(unit), text, unit.id
    for marker in game.counters.markers:
        for face in marker.faces:
            yield location_of(face, "text"), text_in(face.text, lang), marker.id


@check("layout/missing-glyph")
def missing_glyph_texts(game: Game, ix: Index) -> Iterator[Finding]:
    """Every character printed on a counter has a glyph in the counter font.

    Why: a missing glyph prints as an empty box on every copy of the counter.
    Fails:  designation: "☭7"
    Passes: designation: "7ª"
    """
    chosen = game.game.print
    table = game_font_table(game.root, chosen.font, role_specs(chosen.fonts))
    for at, text, subject in _printed_texts(game):
        lacking = sorted({*missing_glyphs(text, "condensed", table=table), *missing_glyphs(text, "values", table=table)})
        if lacking:
            yield Finding(at, f'"{text}" has characters the counter font cannot print: '
                          + " ".join(lacking), "replace them", subject=subject)


@check("layout/counter-larger-than-hex", severity=WARNING)
def counters_larger_than_hexes(game: Game, ix: Index) -> Iterator[Finding]:
    """A counter fits inside the hexes it must sit in (side ≤ 0.732 × the hex's flat-to-flat size).

    Why: counters overhanging their hex hide the terrain and the hex numbers of neighbours.
    Fails:  counter_size: 3/4in on 19 mm hexes
    Passes: counter_size: 1/2in on 19 mm hexes
    """
    side = side_mm(game)
    for map_ in game.maps.maps:
        if map_.grid is not None and side > HEX_FIT * map_.grid.hex_mm + 1e-6:
            yield Finding(location_of(game.game.print, "counter_size"), f"{game.game.print.counter_size} counters "
                          f"({side:.1f} mm) overhang the {map_.grid.hex_mm:g} mm hexes of map \"{map_.id}\", which "
                          f"hold at most {HEX_FIT * map_.grid.hex_mm:.1f} mm", "use smaller counters or larger hexes",
                          subject=map_.id)


def relative_luminance(colour: str) -> float:
    """Return the WCAG relative luminance of a #rrggbb colour."""
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    """Return the WCAG contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@check("layout/low-contrast", severity=WARNING)
def low_contrasts(game: Game, ix: Index) -> Iterator[Finding]:
    """Counter text stands out from its background by a contrast of at least 3:1.

    Why: factors in dark grey on olive are unreadable on a printed counter.
    Fails:  {colour: "#556b2f", text_colour: "#333333"}
    Passes: {colour: "#c2cc8f", text_colour: "#000000"}
    """
    for nationality in game.game.nationalities:
        ratio = contrast(nationality.colour, nationality.text_colour)
        if ratio < MIN_CONTRAST:
            yield Finding(location_of(nationality, "text_colour"), f'text on "{nationality.id}" counters has a '
                          f"contrast of {ratio:.1f}:1 with its background", "use a lighter background or darker text "
                          "(3:1 at least)", subject=nationality.id)
