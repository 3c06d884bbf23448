"""The whole module as data, before any image is drawn: maps, pieces, prototypes, scenarios resolved.

Both the emitter and the checks in rules/vassal.py read this plan, so what the checks prove (names,
gpids, prototypes, grid labels) is what the module holds.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from builder.emit.vassal.boards import BoardPlan, plan_boards
from builder.emit.vassal.combat import CombatHelper, combat_helper
from builder.plan.vassal.geometry import px_per_mm
from builder.emit.vassal.piece_traits import palette_piece
from builder.plan.vassal.pieces import FaceRecipe, PiecePlan, Prototype, face_recipes, pieces_with_sources, prototypes
from builder.emit.vassal.play import NOBODY, Play, plan_play, play_recipes
from builder.emit.vassal.scenarios import aids_needed, new_game
from builder.emit.vassal.traits import Piece, oldest_version
from builder.emit.vassal.zones import ZONED_GRID_SINCE
from builder.model.base import text_in
from builder.model.content import Game
from builder.model.units import MM_PER_INCH
from builder.plan.placement import Target
from builder.plan.setups import Setup, hex_maps_of, planned_setups

MODULE_VERSION = "1.0"
"""The module's version when the game gives none."""
FLOOR_VERSION = "3.7.0"
"""The VASSAL this exporter targets: 3.7 (its solo sides, side-restricted masks and trait fields)."""


def module_version(game: Game) -> str:
    """Return the module's version: the game's own version when its model has one, else MODULE_VERSION.

    The one place to read it: when game.yaml gains `credits.version`, this is what changes."""
    credits = getattr(game.game, "credits", None)
    version = getattr(credits, "version", None) or getattr(game.game, "version", None)
    return str(version) if version else MODULE_VERSION


@dataclass(frozen=True)
class ModulePlan:
    """Everything the module holds, as data."""

    game: Game
    scale: float
    boards: tuple[BoardPlan, ...]
    pieces: tuple[PiecePlan, ...]
    prototypes: tuple[Prototype, ...]
    setups: tuple[Setup, ...]
    new_game: Setup
    recipes: dict[str, FaceRecipe]
    play: dict[str, Play]
    combat: CombatHelper | None = None
    source: Game | None = None
    """The game as loaded when `game` is its edition in another language (editions.py): drawings that take
    their language as an argument (charts) are drawn from it, so that they are the print emitters' own."""

    @property
    def lang(self) -> str:
        """Return the module's language: the game's first."""
        return self.game.game.languages[0]

    @property
    def printed(self) -> Game:
        """Return the game whose drawings in this language the module shares with the print emitters."""
        return self.source or self.game

    @property
    def name(self) -> str:
        """Return the module's name: the game's title."""
        return text_in(self.game.game.title, self.lang)

    @property
    def version(self) -> str:
        """Return the module's version."""
        return module_version(self.game)

    def play_of(self, piece: PiecePlan) -> Play:
        """Return how a palette piece plays (owner, mask, dead pile, facings, command range)."""
        return self.play.get(piece.counter_id, NOBODY)

    @cached_property
    def _palette(self) -> dict[int, Piece]:
        return {id(p): palette_piece(p, play=self.play_of(p)) for p in self.pieces}

    def palette_piece(self, piece: PiecePlan) -> Piece:
        """Return the VASSAL piece of a palette slot, made once: the version check reads its traits and
        the palette writes it."""
        made = self._palette.get(id(piece))
        return made if made is not None else palette_piece(piece, play=self.play_of(piece))

    @cached_property
    def oldest_vassal(self) -> str:
        """Return the oldest VASSAL whose traits and components the module uses."""
        traits = [t for p in self.pieces for t in self.palette_piece(p).traits]
        zoned = [ZONED_GRID_SINCE] if any(b.zones or (b.display and b.kind != "display") for b in self.boards) else []
        return max(FLOOR_VERSION, oldest_version(traits), *zoned, key=lambda v: tuple(int(x) for x in v.split(".")))

    @cached_property
    def _pieces_by_id(self) -> dict[str, PiecePlan]:
        found: dict[str, PiecePlan] = {}
        for piece in self.pieces:
            found.setdefault(piece.counter_id, piece)
        return found

    @cached_property
    def _boards_by_map(self) -> dict[str | None, BoardPlan]:
        found: dict[str | None, BoardPlan] = {}
        for board in self.boards:
            found.setdefault(board.map_id, board)
        return found

    @cached_property
    def _positions(self) -> dict[Target, tuple[BoardPlan, int, int] | None]:
        return {}

    def piece(self, counter_id: str) -> PiecePlan | None:
        """Return the palette piece of a counter id."""
        return self._pieces_by_id.get(counter_id)

    def board_of(self, map_id: str | None) -> BoardPlan | None:
        """Return the board of a content map, or the module's own board for None."""
        return self._boards_by_map.get(map_id)

    def position(self, target: Target) -> tuple[BoardPlan, int, int] | None:
        """Return the board and the point (board pixels) where a target lies, or None when it has none."""
        known = self._positions
        if target not in known:
            known[target] = self._position(target)
        return known[target]

    def _position(self, target: Target) -> tuple[BoardPlan, int, int] | None:
        if target.kind == "hex":
            board = self.board_of(target.map_id)
            if board is None or board.hex is None or target.key is None:
                return None
            try:
                x, y = board.hex.vassal.location(target.key)
            except ValueError:
                return None
            return board, x, y
        if target.kind == "point":
            board = self.board_of(target.map_id)
            if board is None or board.table_px is None:
                return None
            per_inch = self.scale * MM_PER_INCH
            x0, y0, _, _ = board.table_px
            return board, x0 + round(target.point_in[0] * per_inch), y0 + round(target.point_in[1] * per_inch)
        key = {"turn": target.key, "pool": f"pool:{target.key}", "box": target.key}[target.kind]
        boards = [self.board_of(target.map_id)] if target.kind == "box" else [self.board_of(None)]
        for board in [b for b in boards if b is not None] + list(self.boards):
            region = board.region(key)
            if region is not None:
                return board, region.x, region.y
        return None


def plan_module(game: Game, source: Game | None = None) -> ModulePlan:
    """Return the module plan of a game (no drawing, no image: fast enough for the checks); `source` is the
    game as loaded when `game` is its edition in another language."""
    scale = px_per_mm(game)
    hex_maps = hex_maps_of(game)
    # setups place counters by hex and box, in no language: every edition shares the loaded game's (as setup cards do)
    setups = planned_setups(source or game)
    blank = new_game(game, list(setups))
    boards = tuple(plan_boards(game, scale, aids_needed(game, [*setups, blank])))
    sources = pieces_with_sources(game)
    pieces = [piece for piece, _ in sources]
    helper = combat_helper(game, {b.map_id: b.name for b in boards if b.kind == "hex" and b.map_id}, hex_maps)
    play = plan_play(game, boards, sources, scale, helper)
    recipes = {**face_recipes(game, pieces), **play_recipes(game, play, sources)}
    return ModulePlan(game, scale, boards, tuple(pieces), tuple(prototypes(game)), setups, blank, recipes, play,
                      helper, None if source is game else source)
