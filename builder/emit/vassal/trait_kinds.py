"""Constructors of the traits the exporter uses, each with the field values VASSAL 3.7 writes.

Traits are immutable values, so the common ones (a property, a prototype reference, the flip report, the
moved flag, delete, clone) are made once and shared by every piece that has them, with their encoded type.

Defaults come from the engine-verified reference strings (shared/reference/vassal-minimal-example.md
§4): a field 3.7 fills in when it reads an older string is written with that filled-in value, so the
engine re-encodes every piece unchanged.
"""
from __future__ import annotations

from functools import lru_cache

from builder.emit.vassal.sequence import COMMA, encode, encode_token
from builder.emit.vassal.traits import (KEY_CLONE, KEY_DELETE, KEY_FLIP, KEY_MASK, KEY_MOVED, Trait, comma_list,
                                        keystroke)

MOVED_IMAGE = "moved.png"
"""The flag MovementMarkable draws on a piece that has moved (an image of the module)."""
REPORT_FORMAT = "$location$: $newPieceName$ $menuCommand$ *"


def basic_piece(image: str, name: str, *, state: str = "null;0;0;;0") -> Trait:
    """Return a BasicPiece: image and name, with the two legacy key fields empty."""
    return Trait("piece;", ("", "", image, name), state)


def palette_state(gpid: str) -> str:
    """Return a BasicPiece state in a palette: no map, at 0,0, the slot's gpid, no properties."""
    return f"null;0;0;{gpid};0"


@lru_cache(maxsize=1024)
def use_prototype(name: str) -> Trait:
    """Return a UsePrototype trait (replaced by the prototype's traits when a piece enters a game)."""
    return Trait("prototype;", (name,))


@lru_cache(maxsize=8192)
def marker(key: str, value: str) -> Trait:
    """Return a Marker: one static property (each a `,`-list of one)."""
    return Trait("mark;", (encode_token(key, COMMA),), encode_token(value, COMMA))


def report_state(keys: list[str]) -> Trait:
    """Return a ReportState that reports the given keystrokes to the chat."""
    return _report_state(tuple(keys))


@lru_cache(maxsize=64)
def _report_state(keys: tuple[str, ...]) -> Trait:
    return Trait("report;", (encode(keys, COMMA), REPORT_FORMAT, "", "", "", "false"), "-1")


@lru_cache(maxsize=None)
def movement_markable() -> Trait:
    """Return the moved flag (Ctrl+M), in its 11-field 3.7 form."""
    return Trait("markmoved;", (MOVED_IMAGE, "24", "-24", "Mark Moved", keystroke(KEY_MOVED), "", "false",
                                "Mark piece as moved", "", "Mark piece as unmoved", ""), "false")


@lru_cache(maxsize=None)
def delete() -> Trait:
    """Return Delete (Ctrl+D)."""
    return Trait("delete;", ("Delete", keystroke(KEY_DELETE), ""))


@lru_cache(maxsize=None)
def clone() -> Trait:
    """Return Clone (Ctrl+C)."""
    return Trait("clone;", ("Clone", keystroke(KEY_CLONE), ""))


def layer(name: str, images: list[str], level_names: list[str], *, level: int = 1, command: str = "Flip") -> Trait:
    """Return an always-active Layer whose command (Ctrl+F) steps through the levels and loops."""
    fields = ("", "128", "A", command, "128", "", "", "128", "", "", "", "1", "false", "0", "0",
              comma_list(images), comma_list(level_names), "true", name, "", "", "false", "", "1", "1", "true",
              "", keystroke(KEY_FLIP), "", "", "1.0", "", "true")
    return Trait("emb2;", fields, str(level))


def mask(image: str, name: str) -> Trait:
    """Return a Mask (Ctrl+H) that any player may lift; a face-down deck draws pieces masked by it."""
    return Trait("obs;", (keystroke(KEY_MASK), image, "Hide", "I", name, "player:", "Peek", "", "true", "", ""),
                 "null;")
