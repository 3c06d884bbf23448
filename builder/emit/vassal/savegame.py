"""A scenario as a VASSAL saved game (.vsav): the command stream, plus savedata and moduledata.

The stream follows the engine-verified reference save (shared/reference/vassal-minimal-example.md §7):
`begin_save`, an empty token, one token holding every AddPiece (pieces first, then the decks and stacks
that list them: a container named before its contents comes out empty), `UNMASK`, each map's board
selection, `SETUP_STACK` (so loading does not place the new-game stacks a second time), the turn
tracker at the scenario's first turn, `end_save`. Prototypes are expanded, as the engine saves pieces.
"""
from __future__ import annotations

from dataclasses import dataclass

from builder.emit.vassal.boards import BoardPlan
from builder.emit.vassal.buildfile import deck_px
from builder.emit.vassal.components import deck_type
from builder.emit.vassal.game_parts import TRACKER_ID, tracker_state
from builder.emit.vassal.piece_traits import game_piece, game_state
from builder.plan.vassal.pieces import PiecePlan
from builder.emit.vassal.plan import ModulePlan
from builder.emit.vassal.play import starts_hidden
from builder.emit.vassal.sequence import ESC, SEMI, SLASH, TAB, encode
from builder.plan.setups import Setup
from builder.emit.vassal.traits import Piece, add_piece, comma_list

FIRST_PIECE_ID = 1_700_000_000_001
"""Piece ids of a save: any unique strings; VASSAL uses millisecond times, so these look like one."""


@dataclass(frozen=True)
class Spot:
    """A piece put down in a save: its id, piece, board and point."""

    piece_id: str
    command: str
    board: BoardPlan
    x: int
    y: int


class Ids:
    """Hands out the piece ids of one save in order."""

    def __init__(self) -> None:
        self.next = FIRST_PIECE_ID

    def new(self) -> str:
        """Return the next unused id."""
        self.next += 1
        return str(self.next - 1)


class Commands:
    """Writes the AddPiece commands of one save; a piece's type (the same wherever it lies) is encoded once."""

    def __init__(self, plan: ModulePlan) -> None:
        self.plan = plan
        self.prototypes = {p.name: p for p in plan.prototypes}
        self.pieces: dict[tuple[str, int, bool, int], Piece] = {}
        self.types: dict[str, str] = {}

    def add(self, piece: PiecePlan, level: int, state: str, piece_id: str, *, placed: bool = True,
            facing_deg: int = 0) -> str:
        """Return the AddPiece of a piece at a Layer level with this BasicPiece state, turned to `facing_deg` if
        it turns; a `placed` piece (not in a cup) that its side keeps hidden starts masked."""
        play = self.plan.play_of(piece)
        hidden = placed and starts_hidden(play)
        key = (piece.counter_id, level, hidden, facing_deg)
        made = self.pieces.get(key)
        if made is None:
            made = self.pieces[key] = game_piece(piece, self.prototypes, level=level, state="", play=play,
                                                 hidden=hidden, facing_deg=facing_deg)
        if piece.counter_id not in self.types:
            self.types[piece.counter_id] = made.type()
        return add_piece(made, piece_id, type_text=self.types[piece.counter_id], basic_state=state)


def _spots(plan: ModulePlan, setup: Setup, ids: Ids, commands: Commands) -> list[Spot]:
    spots = []
    for placed in setup.placed:
        piece, found = plan.piece(placed.counter_id), plan.position(placed.target)
        if piece is None or found is None:
            continue
        board, x, y = found
        piece_id = ids.new()
        state = game_state(board.name, x, y, piece.gpid, piece_id)
        made = commands.add(piece, placed.level, state, piece_id, facing_deg=placed.facing_deg)
        spots.append(Spot(piece_id, made, board, x, y))
    return spots


def _stacks(spots: list[Spot], ids: Ids) -> list[str]:
    """Return one Stack per occupied point, its pieces bottom first (content order)."""
    points: dict[tuple[str, int, int], list[str]] = {}
    for spot in spots:
        points.setdefault((spot.board.name, spot.x, spot.y), []).append(spot.piece_id)
    return ["+/" + encode([ids.new(), "stack", encode([m, str(x), str(y), *members, "@@-1"], SEMI)], SLASH)
            for (m, x, y), members in points.items()]


def _decks(plan: ModulePlan, setup: Setup, ids: Ids, commands: Commands) -> tuple[list[str], list[str]]:
    """Return the AddPieces of the cups' chits and of the decks holding them."""
    hidden = {c.id: c.hidden for c in plan.game.game.cups}
    chits, decks = [], []
    for cup, contents in setup.cups:
        board = next((b for b in plan.boards if b.region(f"cup:{cup}") in b.decks), None)
        if board is None:
            continue
        where = board.region(f"cup:{cup}")
        members = []
        for counter_id in contents:
            piece = plan.piece(counter_id)
            if piece is None:
                continue
            piece_id = ids.new()
            state = game_state(board.name, where.x, where.y, piece.gpid, piece_id)
            chits.append(commands.add(piece, 1, state, piece_id, placed=False))
            members.append(piece_id)
        face_down = hidden.get(cup, True)
        state = encode([board.name, str(where.x), str(where.y), str(face_down).lower(), comma_list(members)], SEMI)
        decks.append("+/" + encode([ids.new(), deck_type(where.name, deck_px(plan), face_down=face_down), state],
                                   SLASH))
    return chits, decks


def saved_game(plan: ModulePlan, setup: Setup) -> str:
    """Return the plain command stream of a setup (VASSAL also reads it unobfuscated)."""
    ids, commands = Ids(), Commands(plan)
    spots = _spots(plan, setup, ids, commands)
    chits, decks = _decks(plan, setup, ids, commands)
    pieces = [s.command for s in spots] + chits + decks + _stacks(spots, ids)
    pickers = [encode([f"{b.name}BoardPicker", b.board_name, "0", "0"], TAB) for b in plan.boards]
    tokens = ["begin_save", "", encode(["", *pieces], ESC), "UNMASK\tnull", *pickers, "SETUP_STACK\t",
              f"TURN{TRACKER_ID}\t{tracker_state(plan, setup.first_turn)}", "end_save"]
    return encode(tokens, ESC)
