"""A reader for VASSAL saved games: the command stream decoded back into pieces, stacks, decks and the
other commands, with VASSAL's own decoding rules. The tests read every generated .vsav with it."""
from __future__ import annotations

from dataclasses import dataclass

from builder.emit.vassal.sequence import ESC, SEMI, SLASH, decode
from builder.emit.vassal.traits import DecodedTrait, decode_add_piece

OBFUSCATED = "!VCSK"
"""Header of an obfuscated savedGame: a key byte and every byte XOR key, each as two hex digits."""


@dataclass(frozen=True)
class SavedPiece:
    """A piece of a saved game: id, traits (outermost first), map name, point and gpid."""

    piece_id: str
    traits: tuple[DecodedTrait, ...]
    map_name: str
    x: int
    y: int
    gpid: str

    def trait(self, prefix: str) -> DecodedTrait | None:
        """Return the first trait with this prefix."""
        return next((t for t in self.traits if t.prefix == prefix), None)

    def properties(self) -> dict[str, str]:
        """Return the static properties (Marker traits) of the piece."""
        return {t.fields[0]: t.state for t in self.traits if t.prefix == "mark;"}

    @property
    def name(self) -> str:
        """Return the BasicPiece's name."""
        return self.traits[-1].field("name")


@dataclass(frozen=True)
class SavedGame:
    """A decoded saved game."""

    pieces: dict[str, SavedPiece]
    stacks: tuple[tuple[str, int, int, tuple[str, ...]], ...]
    decks: tuple[tuple[str, str, int, int, bool, tuple[str, ...]], ...]
    commands: tuple[str, ...]


def deobfuscate(text: str) -> str:
    """Return the plain command stream of a savedGame, obfuscated or not."""
    if not text.startswith(OBFUSCATED):
        return text
    body = text[len(OBFUSCATED):]
    key = int(body[:2], 16)
    return bytes(int(body[i:i + 2], 16) ^ key for i in range(2, len(body), 2)).decode("utf-8")


def _flatten(commands: list[str]) -> list[str]:
    """Return the commands with nested ESC sequences (the pieces block) opened up."""
    flat: list[str] = []
    for command in commands:
        if ESC in command:
            flat += _flatten(decode(command, ESC))
        elif command:
            flat.append(command)
    return flat


def _piece(command: str) -> SavedPiece:
    piece_id, traits = decode_add_piece(command)
    state = decode(traits[-1].state, SEMI)
    return SavedPiece(piece_id, tuple(traits), state[0], int(state[1]), int(state[2]), state[3])


def read_saved_game(text: str) -> SavedGame:
    """Return the pieces, stacks, decks and other commands of a savedGame stream."""
    commands = _flatten(decode(deobfuscate(text), ESC))
    pieces, stacks, decks, others = {}, [], [], []
    for command in commands:
        if not command.startswith("+/"):
            others.append(command)
            continue
        piece_id, kind, state = decode(command[2:], SLASH)
        fields = decode(state, SEMI)
        if kind == "stack":
            stacks.append((fields[0], int(fields[1]), int(fields[2]), tuple(fields[3:-1])))
        elif kind.startswith("deck;"):
            name = decode(kind[len("deck;"):], SEMI)[12]
            members = tuple(decode(fields[4], ",")) if len(fields) > 4 and fields[4] else ()
            decks.append((name, fields[0], int(fields[1]), int(fields[2]), fields[3] == "true", members))
        else:
            pieces[piece_id] = _piece(command)
    return SavedGame(pieces, tuple(stacks), tuple(decks), tuple(others))
