"""Piece plans turned into VASSAL pieces: the palette form (with prototype references) and the in-game
form of a saved game (prototypes expanded in place, as VASSAL's PieceCloner does).

Around a piece's properties, outermost first: who may touch it (Restricted), its mask, the report of its
commands, its label, its movement trail, the moved flag, eliminate/restore or return to its cup,
delete and clone, its command range, its facing, and its faces (the Layer). A trail must have no
rotation outside it (Footprint), so the rotator sits inside; the mask outside everything it hides.
"""
from __future__ import annotations

from dataclasses import replace

from builder.emit.vassal.combat import ATTACKER_IMAGE, DEFENDER_IMAGE, LAYER
from builder.plan.vassal.pieces import PiecePlan, Prototype
from builder.emit.vassal.play import COMMAND_RANGE, NOBODY, REVEAL, Play
from builder.emit.vassal.trait_kinds import (area_of_effect, basic_piece, calculated, clone, delete, footprint, labeler, layer,
                                             marker, mask, masked_state, movement_markable, palette_state,
                                             report_state, restricted, return_to_deck, rotation_state, rotator, send_to,
                                             side_mask, use_prototype)
from builder.emit.vassal.traits import (KEY_CCW, KEY_COMBAT, KEY_CW, KEY_ELIMINATE, KEY_FLIP, KEY_MASK, KEY_RESTORE, Piece,
                                        Trait, keystroke)
from builder.plan.vassal.words import word

PROTOTYPE_STATE = "null;0;0;;0"
"""The state of a prototype's empty BasicPiece."""


def _mask_traits(plan: PiecePlan, play: Play, hidden: bool) -> list[Trait]:
    """Return the owner's restriction and the mask: the side's (masked when `hidden`), or a cup's."""
    traits = [restricted(play.owner)] if play.owner else []
    if play.mask_image is not None:
        made = side_mask(play.mask_image, play.owner, play.owner, word("hide", play.lang))
        traits.append(Trait(made.prefix, made.fields, masked_state(play.owner)) if hidden else made)
    elif plan.mask:
        traits.append(mask(plan.mask, plan.name))
    return traits


def _reported(plan: PiecePlan, play: Play) -> list[str]:
    """Return the keystrokes whose use the chat reports: flip, mask, eliminate and restore, rotation."""
    keys = [KEY_FLIP] if plan.has_layer else []
    keys += [KEY_MASK] if play.mask_image is not None else []
    keys += [KEY_ELIMINATE] if play.dead or play.cup_deck else []
    keys += [KEY_RESTORE] if play.dead else []
    keys += [KEY_CW, KEY_CCW] if play.facings > 1 else []
    return [keystroke(k) for k in keys]


def _action_traits(plan: PiecePlan, play: Play) -> list[Trait]:
    """Return the label, trail and moved flag of a unit, and where a piece goes when it leaves play."""
    lang, traits = play.lang, []
    if plan.kind == "unit":
        traits += [labeler(word("label", lang)), footprint(word("trail", lang)), movement_markable()]
    if play.dead is not None:
        dead = play.dead
        traits.append(send_to(word("eliminate", lang), word("restore", lang), dead.map_name, dead.board, dead.x,
                              dead.y))
    if play.cup_deck is not None:
        traits.append(return_to_deck(word("return", lang), play.cup_deck))
    return traits


def _outer_traits(plan: PiecePlan, level: int, play: Play, hidden: bool = False, facing_deg: int = 0) -> list[Trait]:
    """Return the traits around a piece's properties, outermost first (see the module's docstring); a piece that
    turns starts `facing_deg` clockwise from its image's top."""
    traits = _mask_traits(plan, play, hidden)
    reported = _reported(plan, play)
    traits += [report_state(reported)] if reported else []
    traits += _action_traits(plan, play) + [delete(), clone()]
    if play.command_range is not None:
        traits.append(area_of_effect(word("command", play.lang), COMMAND_RANGE))
    if play.facings:
        turn = rotator(play.facings, word("rotate", play.lang), word("cw", play.lang), word("ccw", play.lang))
        traits.append(replace(turn, state=rotation_state(play.facings, facing_deg)) if facing_deg else turn)
    if play.calculated:
        traits.append(combat_layer(play.lang))
    if plan.has_layer:
        traits.append(layer("Step" if plan.kind == "unit" else "Face", list(plan.images), list(plan.level_names),
                            level=level))
    return traits


def combat_layer(lang: str) -> Trait:
    """Return the Layer (Ctrl+B) that marks a unit as attacker, then defender, then neither, for the combat helper."""
    return layer(LAYER, ["", ATTACKER_IMAGE, DEFENDER_IMAGE], ["", "", ""], command=word("combat", lang),
                 key=KEY_COMBAT)


def _marks(properties: tuple[tuple[str, str], ...], play: Play = NOBODY) -> list[Trait]:
    found = [marker(key, value) for key, value in properties]
    found += [calculated(name, expression) for name, expression in play.calculated]
    found += [marker(REVEAL, play.reveal)] if play.hidden and play.reveal else []
    return found + ([marker(COMMAND_RANGE, str(play.command_range))] if play.command_range is not None else [])


def palette_piece(plan: PiecePlan, gpid: int | None = None, level: int = 1, play: Play = NOBODY) -> Piece:
    """Return the piece of a slot (the palette's, or another with its own gpid and Layer level): traits,
    properties, prototypes."""
    level = min(max(level, 1), max(1, len(plan.images)))
    traits = _outer_traits(plan, level, play) + _marks(plan.properties, play) + [use_prototype(p)
                                                                                  for p in plan.prototypes]
    return Piece(tuple(traits), basic_piece(plan.images[0], plan.name, state=palette_state(str(gpid or plan.gpid))))


def prototype_piece(prototype: Prototype) -> Piece:
    """Return a prototype definition's piece: its properties around an empty BasicPiece."""
    return Piece(tuple(_marks(prototype.properties)), basic_piece("", "", state=PROTOTYPE_STATE))


def game_state(map_name: str, x: int, y: int, gpid: int, piece_id: str) -> str:
    """Return a BasicPiece state on a map, with the UniqueID property VASSAL 3.7 writes."""
    return f"{map_name};{x};{y};{gpid};1;UniqueID;{piece_id}"


def game_piece(plan: PiecePlan, prototypes: dict[str, Prototype], *, level: int, state: str, play: Play = NOBODY,
               hidden: bool = False, facing_deg: int = 0) -> Piece:
    """Return the piece as a saved game holds it: prototypes expanded, Layer at `level`, masked by its owner
    when `hidden`, turned to `facing_deg` if it turns."""
    expanded: list[Trait] = []
    for name in plan.prototypes:
        prototype = prototypes.get(name)
        expanded += _marks(prototype.properties) if prototype else [use_prototype(name)]
    levels = max(1, len(plan.images))
    traits = _outer_traits(plan, min(max(level, 1), levels), play, hidden, facing_deg) + _marks(plan.properties, play) \
        + expanded
    return Piece(tuple(traits), basic_piece(plan.images[0], plan.name, state=state))
