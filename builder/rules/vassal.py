"""Checks on the VASSAL module: images, prototypes, gpids, map names and hex labels (prefix `vassal/`).

They read the module's own plan (builder/plan/vassal/, which the emitter writes from), so what they prove is what
the module holds.
"""
from __future__ import annotations

from collections import Counter
from typing import Iterator

from builder.plan.vassal.geometry import hex_area, label_problems, px_per_mm
from builder.plan.vassal.pieces import PiecePlan, face_recipes, pieces_with_sources, prototypes
from builder.plan.vassal.words import word
from builder.memo import per_game
from builder.model.base import text_in
from builder.model.content import Game
from builder.model.counters import Marker, Unit
from builder.diagnostics import Finding, location_of
from builder.rules.index import Index
from builder.rules.registry import check

SHOWN = 3
"""How many unreadable labels a grid's diagnostic quotes."""


@per_game
def _pieces(game: Game) -> list[tuple[PiecePlan, Unit | Marker]]:
    """Return the module's pieces with their sources, planned once for the three checks that read them."""
    return pieces_with_sources(game)


def _step_of(image: str) -> str:
    return image.rsplit("-step", 1)[-1].removesuffix(".png") if "-step" in image else "?"


@check("vassal/missing-image")
def missing_images(game: Game, ix: Index) -> Iterator[Finding]:
    """Every face a VASSAL piece shows is a face some counter prints.

    Why: a Layer level without its image shows an empty square in VASSAL, and flipping the unit loses it.
    Fails:  steps: [{…}, {…}, {…}] all on one counter (it has only two faces)
    Passes: steps: [{…}, {…}, {counter: separate, …}]
    """
    pairs = _pieces(game)
    recipes = face_recipes(game, [piece for piece, _ in pairs])
    for piece, source in pairs:
        for image in piece.images:
            if image not in recipes:
                yield Finding(location_of(source, "steps"),
                              f'step {_step_of(image)} of unit "{piece.source_id}" is printed on no counter, so its '
                              f"VASSAL piece has no image for it", "print it on a counter of its own "
                              "(`counter: separate`), or remove the step", subject=f"{piece.counter_id}:{image}")


@check("vassal/unknown-prototype")
def unknown_prototypes(game: Game, ix: Index) -> Iterator[Finding]:
    """Every prototype a VASSAL piece uses is defined (one per side, one per unit type).

    Why: VASSAL silently ignores a missing prototype, so the piece loses its side and type properties.
    Fails:  units: [{id: 7-mot, type: motorized, …}] where no unit type has the id motorized
    Passes: units: [{id: 7-mot, type: motorised, …}]
    """
    defined = {p.name for p in prototypes(game)}
    for piece, source in _pieces(game):
        for name in piece.prototypes:
            if name not in defined:
                field = "type" if piece.kind == "unit" else "side"
                yield Finding(location_of(source, field),
                              f'{piece.kind} "{piece.source_id}" uses the VASSAL prototype "{name}", which no side or '
                              "unit type defines", "name an existing unit type or side", subject=piece.counter_id)


@check("vassal/duplicate-gpid")
def duplicate_gpids(game: Game, ix: Index) -> Iterator[Finding]:
    """Each VASSAL piece has its own gpid (a number hashed from its counter id).

    Why: "Refresh counters" and saved games find a piece's palette slot by gpid; two pieces with one gpid
    swap places in every old save.
    Fails:  units: [{id: 21P-5, …}, {id: 21P-5, …}]
    Passes: units: [{id: 21P-5, …}, {id: 21P-6, …}]
    """
    first: dict[int, PiecePlan] = {}
    for piece, source in _pieces(game):
        earlier = first.setdefault(piece.gpid, piece)
        if earlier is not piece:
            yield Finding(location_of(source),
                          f'{piece.kind} "{piece.counter_id}" gets gpid {piece.gpid}, already given to '
                          f'"{earlier.counter_id}"', "give each counter its own id", subject=piece.counter_id)


@check("vassal/duplicate-map-name")
def duplicate_map_names(game: Game, ix: Index) -> Iterator[Finding]:
    """Each map and display has its own name in every language of the game, the module's own board included.

    Why: there is a module per language, and a saved game finds a piece's map by name; with two maps of
    one name the pieces of one of them are put on the other.
    Fails:  maps: [{id: north, name: Map, …}, {id: south, name: Map, …}]
    Passes: maps: [{id: north, name: North map, …}, {id: south, name: South map, …}]
    """
    reported: set[str] = set()
    for lang in game.game.languages:
        names = Counter([word("aids", lang)])
        for map_ in game.maps.maps:
            name = text_in(map_.name, lang) or map_.id
            names[name] += 1
            if names[name] > 1 and map_.id not in reported:
                reported.add(map_.id)
                yield Finding(location_of(map_, "name"), f'map "{map_.id}" is named "{name}" in the {lang} VASSAL '
                              "module, like another map of it", "give each map its own name in every language",
                              subject=map_.id)


@check("vassal/unresolved-hex-label")
def unresolved_hex_labels(game: Game, ix: Index) -> Iterator[Finding]:
    """VASSAL's grid numbering gives every hex its content id as location name, and finds it back by it.

    Why: setups, reinforcements and the chat's move reports name hexes; a label VASSAL reads differently
    puts pieces in the wrong hex.
    Fails:  numbering: {row: {descending: true}, stagger: true} (VASSAL staggers descending rows the other way)
    Passes: numbering: {row: {descending: true}}
    """
    scale = px_per_mm(game)
    for map_ in game.maps.maps:
        if map_.kind != "hex" or map_.grid is None:
            continue
        problems = label_problems(hex_area(map_.grid, scale))
        if problems:
            shown = "; ".join(f"{label}: {what}" for label, what in problems[:SHOWN])
            yield Finding(location_of(map_.grid, "numbering") if "numbering" in map_.grid.model_fields_set
                          else location_of(map_, "grid"),
                          f'{len(problems)} hex label(s) of map "{map_.id}" do not survive VASSAL\'s grid numbering '
                          f"({shown})", "use a numbering VASSAL can reproduce", subject=map_.id)
