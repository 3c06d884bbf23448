"""Constructors of the traits the exporter uses, each with the field values VASSAL 3.7 writes.

Traits are immutable values, so the common ones (a property, a prototype reference, the flip report, the
moved flag, delete, clone) are made once and shared by every piece that has them, with their encoded type.

Defaults come from the engine-verified reference strings (shared/reference/vassal-minimal-example.md
§4): a field 3.7 fills in when it reads an older string is written with that filled-in value, so the
engine re-encodes every piece unchanged.
"""
from __future__ import annotations

from functools import lru_cache

from builder.emit.vassal.sequence import COMMA, SEMI, encode, encode_token
from builder.emit.vassal.traits import (KEY_CCW, KEY_CLONE, KEY_CW, KEY_DELETE, KEY_ELIMINATE, KEY_FLIP, KEY_LABEL,
                                        KEY_MASK, KEY_MOVED, KEY_RANGE, KEY_RESTORE, KEY_TRAIL, Trait, comma_list,
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


def layer(name: str, images: list[str], level_names: list[str], *, level: int = 1, command: str = "Flip",
          key: int = KEY_FLIP) -> Trait:
    """Return an always-active Layer whose command (Ctrl+F, or Ctrl+`key`) steps through the levels and loops."""
    fields = ("", "128", "A", command, "128", "", "", "128", "", "", "", "1", "false", "0", "0",
              comma_list(images), comma_list(level_names), "true", name, "", "", "false", "", "1", "1", "true",
              "", keystroke(key), "", "", "1.0", "", "true")
    return Trait("emb2;", fields, str(level))


def mask(image: str, name: str) -> Trait:
    """Return a Mask (Ctrl+H) that any player may lift; a face-down deck draws pieces masked by it."""
    return Trait("obs;", (keystroke(KEY_MASK), image, "Hide", "I", name, "player:", "Peek", "", "true", "", ""),
                 "null;")


REFEREE = "Referee"
"""The roster's side that may touch every piece (VASSAL counts `Referee` as a solo side, not a real one)."""


@lru_cache(maxsize=64)
def restricted(side: str) -> Trait:
    """Return Restricted Access: only `side` and the referee may move the piece or use its menu."""
    return Trait("restrict;", (encode([side, REFEREE], COMMA), "false", "true", ""), "")


@lru_cache(maxsize=256)
def side_mask(image: str, name: str, side: str, command: str) -> Trait:
    """Return a Mask (Ctrl+H) only `side` and the referee may lift and see through: others see `image` and
    `name` (give no name that tells what the piece is)."""
    access = "sides:" + encode([side, REFEREE], ":")
    return Trait("obs;", (keystroke(KEY_MASK), image, command, "I", name, access, "Peek", "", "true", "", ""),
                 "null;")


def masked_state(side: str) -> str:
    """Return a Mask's state when the piece is masked by `side` (its owner sees it, others see the mask)."""
    return encode([side, ""], SEMI)


@lru_cache(maxsize=64)
def send_to(command: str, back: str, map_name: str, board: str, x: int, y: int) -> Trait:
    """Return Send To Location (Ctrl+E) to a point of a board, with its way back (Ctrl+R)."""
    return Trait("sendto;", (command, keystroke(KEY_ELIMINATE), map_name, board, str(x), str(y), back,
                             keystroke(KEY_RESTORE), "0", "0", "1", "1", "", "L", "", "", "", ""), ";;")


@lru_cache(maxsize=64)
def return_to_deck(command: str, deck: str) -> Trait:
    """Return Return to Deck (Ctrl+E): the chit goes back to its cup, named by the deck's name."""
    return Trait("return;", (command, keystroke(KEY_ELIMINATE), "", "Select a deck", "", "2", "false", deck))


@lru_cache(maxsize=8)
def footprint(command: str) -> Trait:
    """Return the movement trail (Ctrl+T), shown on demand, in the engine's default look."""
    return Trait("footprint;", (keystroke(KEY_TRAIL), command, "false", "false", "10", "255,255,255", "0,0,0",
                                "100", "50", "20", "30", "1.0", "", "", "", ""), "false;;0;false")


@lru_cache(maxsize=8)
def rotator(facings: int, command: str, cw: str, ccw: str) -> Trait:
    """Return Can Rotate: free (`facings` 1: Ctrl+] then drag to turn) or in `facings` steps (Ctrl+] / Ctrl+[)."""
    if facings == 1:
        return Trait("rotate;", ("1", keystroke(KEY_CW), command, "", "", "", "", "", "", "", "true"), "0.0")
    return Trait("rotate;", (str(facings), keystroke(KEY_CW), keystroke(KEY_CCW), cw, ccw, "", "", "", "", "", "", "",
                             "true"), "0")


def rotation_state(facings: int, facing_deg: int) -> str:
    """Return the state of Can Rotate (`rotator`) that turns a piece `facing_deg` clockwise from its image's top.

    VASSAL keeps a free rotation as its angle, in degrees counter-clockwise (Java's double: `-90.0`), and stepped
    facings as the step's index, each step 360 / `facings` degrees clockwise (`2`: 120° of 6 facings); an
    angle between steps goes to the nearest (the check scenario/facing-not-turnable warns of it)."""
    if facings == 1:
        return f"{-float(facing_deg)}" if facing_deg else "0.0"
    return str(round(facing_deg * facings / 360) % facings)


@lru_cache(maxsize=8)
def area_of_effect(command: str, prop: str) -> Trait:
    """Return Area of Effect (Ctrl+K): a shaded area whose radius is the piece's property `prop`."""
    return Trait("AreaOfEffect;", ("255,255,0", "30", "1", "false", command, keystroke(KEY_RANGE), "", "false", prop,
                                   "", "", "", "", "", "", "true"), "false")


@lru_cache(maxsize=8)
def labeler(command: str, shown: str = "") -> Trait:
    """Return a Text Label shown under the piece: one a player writes (Ctrl+L), or with a `command` of ""
    a fixed one, `shown` (properties between `$`, worked out whenever it is drawn); the piece keeps its name."""
    key = keystroke(KEY_LABEL) if command else ""
    return Trait("label;", (key, command, "10", "255,255,255", "0,0,0", "b", "0", "c", "0", "t", "c",
                            "$pieceName$" if shown else "$pieceName$ ($label$)", "Dialog", "0", "0", "TextLabel", "", "false"), shown)


@lru_cache(maxsize=4096)
def calculated(name: str, expression: str) -> Trait:
    """Return a Calculated Property: `name` is the value of a VASSAL expression (`{…}`), worked out when read."""
    return Trait("calcProp;", (name, expression, ""), "")
