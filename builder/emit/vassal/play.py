"""How each piece plays in the module, decided from the content: who owns it, whether it starts hidden and
how the rules reveal it, where it goes when eliminated (or which cup it returns to), whether it turns to
face a direction, and how far its command reaches.

The decisions are data (`Play`, one per palette piece) so that the traits (piece_traits.py), the saved
games (hidden pieces start masked) and the tests read the same thing. Which pieces start hidden comes
from `Side.hidden` (a side's units) and `Marker.hidden` (face-down markers); when the placement plan
gives each placed piece its own `hidden` flag, `starts_hidden` is the one place to read it.
"""
from __future__ import annotations

from dataclasses import dataclass

from builder.emit.vassal.boards import BoardPlan
from builder.emit.vassal.combat import CombatHelper, step_value, terrain_expression
from builder.plan.vassal.pieces import FaceRecipe, PiecePlan, hex_facings, image_stem, unit_facings
from builder.model.base import text_in
from builder.model.content import Game
from builder.model.counters import Marker, Unit
from builder.model.units import MM_PER_INCH

MM_PER_CM = 10.0
REVEAL = "Reveal"
"""The piece property holding how the rules reveal a hidden piece (the mouse-over viewer shows it)."""
COMMAND_RANGE = "CommandRange"
"""The piece property holding the command range, in the board's units (hexes, or pixels on a table)."""


@dataclass(frozen=True)
class Spot:
    """Where a piece is sent: a map, its board and a point on the board in pixels."""

    map_name: str
    board: str
    x: int
    y: int


@dataclass(frozen=True)
class Play:
    """How one palette piece plays: its owner's side name ("" for anyone), its mask and the reveal rule when
    its side keeps it hidden, its facings (0: none), its dead pile or cup, its command range."""

    owner: str = ""
    mask_image: str | None = None
    reveal: str = ""
    facings: int = 0
    dead: Spot | None = None
    cup_deck: str | None = None
    command_range: int | None = None
    lang: str = "en"
    """The language of its menu commands (the module's)."""
    calculated: tuple[tuple[str, str], ...] = ()
    """Calculated properties (name, expression): a unit's combat strength and terrain shift for the helper."""

    @property
    def hidden(self) -> bool:
        """Return whether the piece is hidden from the other side (masked by its owner)."""
        return self.mask_image is not None


NOBODY = Play()


def starts_hidden(play: Play) -> bool:
    """Return whether a placed piece starts a scenario masked: every piece its side keeps hidden (the seam
    for the placement plan's own `hidden` flag)."""
    return play.hidden and bool(play.owner)


def hidden_mask_image(nationality: str) -> str:
    """Return the image other players see on a hidden unit of a nationality."""
    return f"hidden-{image_stem(nationality)}.png"


def _board_units(game: Game, value: float, scale: float) -> int:
    """Return a distance of the rules in the board's units: hexes, or pixels on a table in inches or cm."""
    measure = game.game.scale.measure
    if measure == "hex":
        return round(value)
    return round(value * (MM_PER_INCH if measure == "inch" else MM_PER_CM) * scale)


def command_range(game: Game, unit: Unit, scale: float) -> int | None:
    """Return a unit's command range in the board's units: its `command_range` (or its type's), or an HQ's
    printed range; None for a unit without one."""
    unit_type = next((t for t in game.counters.unit_types if t.id == unit.type), None)
    value = unit.properties.get("command_range")
    if value is None and unit_type is not None:
        value = unit_type.properties.get("command_range")
        if value is None and unit_type.role == "hq":
            value = unit.steps[0].values.get("range")
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return _board_units(game, value, scale)


def _spot(board: BoardPlan, key: str) -> Spot | None:
    region = board.region(key)
    return Spot(board.name, board.board_name, region.x, region.y) if region else None


def dead_piles(game: Game, boards: tuple[BoardPlan, ...]) -> dict[str, Spot]:
    """Return the dead pile of each nationality: the box it names, or its side's box on the module's board."""
    found: dict[str, Spot] = {}
    for nationality in game.game.nationalities:
        keys = ([nationality.dead_pile] if nationality.dead_pile else []) + [f"dead:{nationality.side}"]
        spot = next((s for key in keys for b in boards if (s := _spot(b, key))), None)
        if spot is not None:
            found[nationality.id] = spot
    return found


def _cup_decks(boards: tuple[BoardPlan, ...]) -> dict[str, str]:
    return {deck.key.split(":", 1)[1]: deck.name for b in boards for deck in b.decks}


def combat_properties(helper: CombatHelper | None, piece: PiecePlan) -> tuple[tuple[str, str], ...]:
    """Return a unit's calculated properties for the combat helper: its strengths at its step, its terrain shift."""
    keys = {key for key, _ in piece.properties}
    if helper is None or not {helper.attack, helper.defence} <= keys:  # an HQ without combat strength
        return ()
    steps = max(1, len(piece.images))

    def strength(value: str) -> str:
        return step_value(value, steps, [(value if n == 1 else f"{value}_step{n}") in keys
                                         for n in range(1, steps + 1)])
    return (("CombatAttack", strength(helper.attack)), ("CombatDefence", strength(helper.defence)),
            ("TerrainShift", terrain_expression(helper)))


def _unit_play(game: Game, unit: Unit, piece: PiecePlan, dead: dict[str, Spot], scale: float,
               helper: CombatHelper | None) -> Play:
    side = next((s for s in game.game.sides if s.id == _side_id(game, unit.nationality)), None)
    reveal = text_in(side.hidden, game.game.languages[0]) if side else ""
    facings = unit_facings(game, unit)
    return Play(_side_name(game, piece.side), hidden_mask_image(unit.nationality) if reveal else None, reveal, facings,
                dead.get(unit.nationality), None, command_range(game, unit, scale), game.game.languages[0],
                combat_properties(helper, piece))


def _marker_play(game: Game, marker: Marker, piece: PiecePlan, decks: dict[str, str]) -> Play:
    reveal = text_in(marker.hidden, game.game.languages[0])
    mask = f"{image_stem(marker.id)}-mask.png" if reveal and piece.side else None
    return Play(_side_name(game, piece.side), mask, reveal, hex_facings(game) if marker.hexside else 0, None,
                decks.get(marker.cup) if marker.cup else None, None, game.game.languages[0])


def _side_id(game: Game, nationality: str | None) -> str | None:
    return next((n.side for n in game.game.nationalities if n.id == nationality), None)


def _side_name(game: Game, side_id: str) -> str:
    """Return a side's name as the roster lists it ("" for a piece of no side)."""
    side = next((s for s in game.game.sides if s.id == side_id), None)
    return text_in(side.name, game.game.languages[0]) if side else ""


def plan_play(game: Game, boards: tuple[BoardPlan, ...], sources: list[tuple[PiecePlan, Unit | Marker]],
              scale: float, helper: CombatHelper | None = None) -> dict[str, Play]:
    """Return how every palette piece plays, by counter id (`helper`: the game's combat helper, if any)."""
    dead, decks = dead_piles(game, boards), _cup_decks(boards)
    return {piece.counter_id: _unit_play(game, source, piece, dead, scale, helper) if isinstance(source, Unit)
            else _marker_play(game, source, piece, decks) for piece, source in sources}


def play_recipes(game: Game, plays: dict[str, Play], sources: list[tuple[PiecePlan, Unit | Marker]]
                 ) -> dict[str, FaceRecipe]:
    """Return how to draw the masks other players see on hidden pieces."""
    recipes: dict[str, FaceRecipe] = {}
    for piece, source in sources:
        image = plays[piece.counter_id].mask_image
        if image is not None:
            recipes[image] = ("hidden", source.nationality, 0) if isinstance(source, Unit) \
                else ("mask", source.id, 0)
    return recipes
