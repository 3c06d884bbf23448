"""Piece plans turned into VASSAL pieces: the palette form (with prototype references) and the in-game
form of a saved game (prototypes expanded in place, as VASSAL's PieceCloner does)."""
from __future__ import annotations

from builder.emit.vassal.pieces import PiecePlan, Prototype
from builder.emit.vassal.trait_kinds import (basic_piece, clone, delete, layer, marker, mask, movement_markable,
                                             palette_state, report_state, use_prototype)
from builder.emit.vassal.traits import KEY_FLIP, Piece, Trait, keystroke

PROTOTYPE_STATE = "null;0;0;;0"
"""The state of a prototype's empty BasicPiece."""


def _outer_traits(plan: PiecePlan, level: int) -> list[Trait]:
    """Return the traits around a piece's properties: mask, report, moved flag, delete, clone, layer."""
    traits: list[Trait] = []
    if plan.mask:
        traits.append(mask(plan.mask, plan.name))
    if plan.has_layer:
        traits.append(report_state([keystroke(KEY_FLIP)]))
    if plan.kind == "unit":
        traits.append(movement_markable())
    traits += [delete(), clone()]
    if plan.has_layer:
        traits.append(layer("Step" if plan.kind == "unit" else "Face", list(plan.images), list(plan.level_names),
                            level=level))
    return traits


def _marks(properties: tuple[tuple[str, str], ...]) -> list[Trait]:
    return [marker(key, value) for key, value in properties]


def palette_piece(plan: PiecePlan, gpid: int | None = None, level: int = 1) -> Piece:
    """Return the piece of a slot (the palette's, or another with its own gpid and Layer level): traits,
    properties, prototypes."""
    level = min(max(level, 1), max(1, len(plan.images)))
    traits = _outer_traits(plan, level) + _marks(plan.properties) + [use_prototype(p) for p in plan.prototypes]
    return Piece(tuple(traits), basic_piece(plan.images[0], plan.name, state=palette_state(str(gpid or plan.gpid))))


def prototype_piece(prototype: Prototype) -> Piece:
    """Return a prototype definition's piece: its properties around an empty BasicPiece."""
    return Piece(tuple(_marks(prototype.properties)), basic_piece("", "", state=PROTOTYPE_STATE))


def game_state(map_name: str, x: int, y: int, gpid: int, piece_id: str) -> str:
    """Return a BasicPiece state on a map, with the UniqueID property VASSAL 3.7 writes."""
    return f"{map_name};{x};{y};{gpid};1;UniqueID;{piece_id}"


def game_piece(plan: PiecePlan, prototypes: dict[str, Prototype], *, level: int, state: str) -> Piece:
    """Return the piece as a saved game holds it: prototypes expanded, Layer at `level`."""
    expanded: list[Trait] = []
    for name in plan.prototypes:
        prototype = prototypes.get(name)
        expanded += _marks(prototype.properties) if prototype else [use_prototype(name)]
    levels = max(1, len(plan.images))
    traits = _outer_traits(plan, min(max(level, 1), levels)) + _marks(plan.properties) + expanded
    return Piece(tuple(traits), basic_piece(plan.images[0], plan.name, state=state))
