"""The whole module as data, before any image is drawn: maps, pieces, prototypes, scenarios resolved.

Both the emitter and the checks in rules/vassal.py read this plan, so what the checks prove (names,
gpids, prototypes, grid labels) is what the module holds.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from builder.emit.vassal.boards import BoardPlan, plan_boards
from builder.emit.vassal.geometry import px_per_mm
from builder.emit.vassal.piece_traits import palette_piece
from builder.emit.vassal.pieces import FaceRecipe, PiecePlan, Prototype, face_recipes, plan_pieces, prototypes
from builder.emit.vassal.scenarios import aids_needed, new_game
from builder.emit.vassal.traits import Piece, oldest_version
from builder.emit.vassal.zones import ZONED_GRID_SINCE
from builder.model.base import text_in
from builder.model.content import Game
from builder.model.units import MM_PER_INCH
from builder.plan.placement import Target
from builder.plan.setups import Setup, planned_setups

MODULE_VERSION = "1.0"
FLOOR_VERSION = "3.6.0"
"""The oldest VASSAL this exporter targets: buildFile.xml (≥ 3.5) and every component used exist in it."""


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

    @property
    def lang(self) -> str:
        """Return the module's language: the game's first."""
        return self.game.game.languages[0]

    @property
    def name(self) -> str:
        """Return the module's name: the game's title."""
        return text_in(self.game.game.title, self.lang)

    @cached_property
    def _palette(self) -> dict[int, Piece]:
        return {id(p): palette_piece(p) for p in self.pieces}

    def palette_piece(self, piece: PiecePlan) -> Piece:
        """Return the VASSAL piece of a palette slot, made once: the version check reads its traits and
        the palette writes it."""
        made = self._palette.get(id(piece))
        return made if made is not None else palette_piece(piece)

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


def plan_module(game: Game) -> ModulePlan:
    """Return the module plan of a game (no drawing, no image: fast enough for the checks)."""
    scale = px_per_mm(game)
    setups = planned_setups(game)
    blank = new_game(game, list(setups))
    boards = plan_boards(game, scale, aids_needed(game, [*setups, blank]))
    pieces = plan_pieces(game)
    return ModulePlan(game, scale, tuple(boards), tuple(pieces), tuple(prototypes(game)), setups, blank,
                      face_recipes(game, pieces))
