"""Checks on printing (the print preflight): text that does not fit, is too small, overlaps, nears the cut or
lacks contrast; glyphs the font lacks; counters too big for hexes; map names under symbols.

The face checks measure the faces as drawn (render/preflight.py), so they agree with the print."""
from __future__ import annotations

import math
from typing import Callable, Iterator

from builder.model.base import text_in
from builder.model.content import Game
from builder.model.counters import Marker
from builder.model.units import MM_PER_PT
from builder.render.contrast import (LARGE_TEXT_CONTRAST, LEGIBLE_CONTRAST, contrast,  # noqa: F401 (re-exported)
                                     relative_luminance)
from builder.render.counter_text import PlacedText
from builder.render.counters import REDUCED_BAND_WHITE, lighten, placed_marker_texts, placed_unit_texts, side_mm
from builder.render.fonts import game_faces, missing_glyphs
from builder.render.preflight import FaceText, PrintedFace, marker_texts, printed_faces, unit_texts, words_differ
from builder.diagnostics import WARNING, Finding, Location, location_of
from builder.rules.index import Index
from builder.rules.registry import check

HEX_FIT = 2 / (1 + math.sqrt(3))
"""A centred square of side s fits a hex of flat-to-flat F iff s ≤ 2F/(1+√3) ≈ 0.732·F."""
CLEARANCE_MM = 0.1
"""Lines of text whose boxes overlap by less than this are taken to touch, not to print over each other."""
SYMBOL_CLEARANCE_MM = 0.2
"""The least space between a counter's text and its symbol: nearer, the two run together when printed."""
LARGE_PT = 18.0
LARGE_BOLD_PT = 14.0
"""WCAG 2's large text: 18 pt, or 14 pt bold, may contrast less (3:1)."""


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
    for lang in game.game.languages:
        yield from _overflowing_unit_texts(game, lang)
        yield from _overflowing_marker_texts(game, lang, first=lang == game.game.languages[0])


def _overflowing_unit_texts(game: Game, lang: str) -> Iterator[Finding]:
    """Yield the unit texts of one edition that do not fit, each once (the first edition's all, then the others'
    own words: a text every edition prints alike is reported once)."""
    first = game.game.languages[0]
    for unit in game.counters.units:
        if lang != first and not words_differ(unit_texts(game, unit), first, lang):
            continue
        reported: set[str] = set()
        for step in range(len(unit.steps)):
            for placed in placed_unit_texts(game, unit, step, lang):
                if not placed.text or placed.fits or placed.text in reported:
                    continue
                reported.add(placed.text)
                if lang != first and placed.slot.source not in ("name", "label"):
                    continue
                field = placed.slot.source if placed.slot.source in ("designation", "parent_label") else None
                yield Finding(location_of(unit, field) if field else location_of(unit),
                              f'"{placed.text}" on unit "{unit.id}" is {placed.width_mm:.1f} mm wide at its smallest '
                              f"size; its slot has {placed.room_mm:.1f} mm", "shorten it, or print larger counters",
                              subject=f"{unit.id}:{placed.slot.source}" + ("" if lang == first else f":{lang}"))


def _overflowing_marker_texts(game: Game, lang: str, *, first: bool) -> Iterator[Finding]:
    """Yield the marker texts of one edition that do not fit (in a further edition, its own words only)."""
    for marker in game.counters.markers:
        if not first and not words_differ(marker_texts(marker), game.game.languages[0], lang):
            continue
        for face in range(max(1, len(marker.faces))):
            for placed in placed_marker_texts(game, marker, face, lang):
                if placed.text and not placed.fits and (first or placed.slot.source == "marker_text"):
                    at = location_of(marker.faces[face], "text") if face < len(marker.faces) else location_of(marker)
                    yield Finding(at, f'"{placed.text}" on marker "{marker.id}" is {placed.width_mm:.1f} mm wide at '
                                  f"its smallest size, even on two lines; its slot has {placed.room_mm:.1f} mm",
                                  "shorten it, or print larger counters",
                                  subject=f"{marker.id}:{face + 1}" + ("" if first else f":{lang}"))


def _printed_texts(game: Game) -> Iterator[tuple[Location, str, str]]:
    """Yield the words counters print, in every language of the game (each edition's counters print theirs)."""
    languages = game.game.languages
    for unit in game.counters.units:
        for key in ("designation", "parent_label"):
            yield location_of(unit, key), getattr(unit, key), unit.id
        labels = {text_in(s.label, lang) for s in unit.steps for lang in languages}
        for text in [*unit.designators, *sorted(labels)]:
            yield location_of(unit), text, unit.id
    for marker in game.counters.markers:
        for face in marker.faces:
            for text in sorted({text_in(face.text, lang) for lang in languages}):
                yield location_of(face, "text"), text, marker.id


@check("layout/missing-glyph")
def missing_glyph_texts(game: Game, ix: Index) -> Iterator[Finding]:
    """Every character printed on a counter has a glyph in the counter font.

    Why: a missing glyph prints as an empty box on every copy of the counter.
    Fails:  designation: "☭7"
    Passes: designation: "7ª"
    """
    table = game_faces(game)
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


def _is_large(line: FaceText) -> bool:
    """Return whether WCAG counts the text as large (18 pt, or 14 pt bold), which may contrast less."""
    size_pt = line.text.size_mm / MM_PER_PT
    return size_pt >= LARGE_PT or (line.text.bold and size_pt >= LARGE_BOLD_PT)


def _least_contrast(line: FaceText) -> float:
    return LARGE_TEXT_CONTRAST if _is_large(line) else LEGIBLE_CONTRAST


def _colour_at(game: Game, face: PrintedFace, ground: str, ink: str) -> Location:
    """Return where the colours of a face's text are set: the nationality's, the marker face's, or the unit."""
    pair = next((n for n in game.game.nationalities
                 if n.text_colour == ink and ground in (n.colour, lighten(n.colour, REDUCED_BAND_WHITE))), None)
    if pair is not None:
        return location_of(pair, "text_colour")
    owner = face.owner
    if isinstance(owner, Marker):
        node = owner.faces[face.index] if face.index < len(owner.faces) else owner
        return location_of(node, "colour") if getattr(node, "colour", None) else location_of(owner, "colour")
    return location_of(owner)


@check("layout/low-contrast", severity=WARNING)
def low_contrasts(game: Game, ix: Index) -> Iterator[Finding]:
    """Text printed on a counter or marker contrasts with the colour behind it by 4.5:1 (3:1 for large text).

    Why: factors in dark grey on olive, or black on a dark marker, are unreadable on a printed counter.
    The ratio is WCAG 2's, measured on every face as drawn (bands and patches included).
    Fails:  {colour: "#556b2f", text_colour: "#333333"}
    Passes: {colour: "#c2cc8f", text_colour: "#000000"}
    """
    reported: set[Location] = set()
    for nationality in game.game.nationalities:
        ratio = contrast(nationality.colour, nationality.text_colour)
        if ratio < LEGIBLE_CONTRAST:
            reported.add(location_of(nationality, "text_colour"))
            yield Finding(location_of(nationality, "text_colour"), f'text on "{nationality.id}" counters has a '
                          f"contrast of {ratio:.1f}:1 with its background", "use a lighter background or darker text "
                          f"({LEGIBLE_CONTRAST:g}:1 at least)", subject=nationality.id)
    for face in printed_faces(game):
        for line in face.lines:
            ratio = contrast(line.ground, line.text.fill)
            at = _colour_at(game, face, line.ground, line.text.fill)
            if ratio < _least_contrast(line) - 1e-9 and at not in reported:
                reported.add(at)
                yield Finding(at, f'"{line.text.text}" on {face.name} prints {line.text.fill} on {line.ground}, a '
                              f"contrast of {ratio:.1f}:1", f"use a lighter background or darker text, or the "
                              f"reverse ({_least_contrast(line):g}:1 at least)", subject=face.owner.id)


def _text_at(face: PrintedFace, placed: PlacedText) -> Location:
    """Return where the words of a face's text come from: the unit's field, its step, or the marker's face."""
    owner, source = face.owner, placed.slot.source
    if isinstance(owner, Marker):
        node = owner.faces[face.index] if face.index < len(owner.faces) else owner
        return location_of(node, "value" if source == "marker_value" else "text")
    if source in ("designation", "parent_label", "designators"):
        return location_of(owner, source)
    if source in ("values", "value", "label"):
        return location_of(owner.steps[face.index], "label" if source == "label" else "values")
    return location_of(owner)


Problem = Callable[[PrintedFace, FaceText], "tuple[str, str] | None"]
"""A face check's test of one printed line: (message, hint) when the line has the problem."""


def _face_findings(game: Game, problem: Problem, *, on_paper: bool = False) -> Iterator[Finding]:
    """Yield a finding for every line of every face that has the problem, once per place and words;
    `on_paper` leaves out the faces only the VASSAL module shows."""
    reported: set[tuple[Location, str]] = set()
    for face in printed_faces(game):
        if on_paper and not face.printed:
            continue
        for line in face.lines:
            found = problem(face, line)
            at = _text_at(face, line.placed)
            if found and (at, line.text.text) not in reported:
                reported.add((at, line.text.text))
                yield Finding(at, found[0], found[1], subject=f"{face.owner.id}:{line.placed.slot.source}")


@check("layout/text-outside-safe-area", severity=WARNING)
def texts_outside_safe_area(game: Game, ix: Index) -> Iterator[Finding]:
    """Text printed on a counter stays inside the safe area, `print.safe_area_mm` (1 mm) inside the cut.

    Why: a cut wanders by up to a millimetre, so text nearer the edge is trimmed off some counters.
    Measured on the glyphs' outlines as the face prints them.
    Fails:  designation: "Heckler" in a slot that runs to the counter's edge
    Passes: designation: "21"
    """
    margin = game.game.print.safe_area_mm

    def problem(face: PrintedFace, line: FaceText) -> tuple[str, str] | None:
        inset = line.box.inset_mm(face.parts.side_mm, face.parts.side_mm)
        if inset >= margin - 1e-6:
            return None
        where = f"{inset:.1f} mm from the cut" if inset >= 0 else f"{-inset:.1f} mm past the cut"
        return (f'"{line.text.text}" on {face.name} comes {where}; the safe area is {margin:g} mm inside it',
                "shorten the text, or move its layout slot inwards")

    yield from _face_findings(game, problem, on_paper=True)


@check("layout/text-overlap")
def texts_overlapping(game: Game, ix: Index) -> Iterator[Finding]:
    """No two lines of text printed on a counter overlap.

    Why: words printed over each other cannot be read at all.
    Fails:  a designation wide enough to run into the parent label beside it
    Passes: designation: "21", parent_label: "15"
    """
    def problem(face: PrintedFace, line: FaceText) -> tuple[str, str] | None:
        lines = face.lines
        other = next((o for o in lines[lines.index(line) + 1:] if line.box.overlap_mm(o.box) > CLEARANCE_MM), None)
        if other is None:
            return None
        return (f'"{line.text.text}" and "{other.text.text}" on {face.name} print over each other',
                "shorten one of them, or move their layout slots apart")

    yield from _face_findings(game, problem)


@check("layout/text-over-symbol", severity=WARNING)
def texts_over_symbols(game: Game, ix: Index) -> Iterator[Finding]:
    """Text printed on a counter keeps 0.2 mm clear of the unit symbol's frame, HQ staff and size mark.

    Why: an identity printed over the size mark hides both, and a company reads as a battalion.
    Fails:  designation: "Heckler" in a slot that reaches the size mark
    Passes: designation: "21"
    """
    def problem(face: PrintedFace, line: FaceText) -> tuple[str, str] | None:
        if not any(line.box.gap_mm(box) < SYMBOL_CLEARANCE_MM for box in face.symbol_boxes):
            return None
        return (f'"{line.text.text}" on {face.name} touches or crosses the unit symbol or its size mark',
                "shorten the text, or move its layout slot or the symbol apart")

    yield from _face_findings(game, problem)


def _too_small(game: Game, face: PrintedFace, line: FaceText) -> tuple[str, str] | None:
    least = game.game.print.min_text_pt
    size_pt = line.text.size_mm / MM_PER_PT
    if size_pt >= least - 1e-6:
        return None
    return (f'"{line.text.text}" on {face.name} prints at {size_pt:.1f} pt; counters print {least:g} pt at least',
            "shorten the text so it need not shrink, or give its layout slot a larger size")


def _small_chart_texts(game: Game) -> Iterator[Finding]:
    # Imported here: the chart pages bring the PDF backend, which listing or running other checks need not load.
    from builder.render.chart_sizes import chart_text_sizes
    least = game.game.print.min_chart_text_pt
    for document, chart, size_pt in chart_text_sizes(game):
        if size_pt < least - 1e-6:
            yield Finding(location_of(chart), f'chart "{chart.id}" prints text at {size_pt:.1f} pt on the '
                          f"{document}; charts and aid cards print {least:g} pt at least",
                          "shorten its notes or columns so it need not shrink to fit its page", subject=chart.id)


@check("layout/text-too-small", severity=WARNING)
def texts_too_small(game: Game, ix: Index) -> Iterator[Finding]:
    """Printed text is at least `print.min_text_pt` (5 pt) on counters, `print.min_chart_text_pt` (6 pt) on charts.

    Why: smaller type blurs on a home printer and cannot be read across the table. A counter slot shrinks
    text that does not fit, and a chart shrinks to fit its page: this measures the size printed.
    Fails:  label: "Dismounted" in a slot 0.11 of a 1/2in counter, shrunk to 2.8 pt
    Passes: label: "Dism."
    """
    yield from _face_findings(game, lambda face, line: _too_small(game, face, line), on_paper=True)
    yield from _small_chart_texts(game)


@check("layout/map-label-covered", severity=WARNING)
def map_labels_covered(game: Game, ix: Index) -> Iterator[Finding]:
    """A place's name on a hex map is clear of terrain symbols, place markers, hex numbers and other names.

    Why: a name half under a town symbol or a hex number reads as neither.
    Fails:  two places in neighbouring hexes whose names run into each other
    Passes: places two hexes apart
    """
    # Imported here: the map's layers bring numpy and shapely, which listing or running other checks need not load.
    from builder.render.maps.label_room import label_clashes
    for clash in label_clashes(game):
        yield Finding(location_of(clash.place, "name"), f'the name of place "{clash.place.id}" on map '
                      f'"{clash.map.id}" runs into {clash.other}', "shorten the name, or move the place",
                      subject=clash.place.id)
