"""The trait catalogue: every VASSAL trait the exporter writes, with its type fields in VASSAL 3.7 order.

Field lists are read from each trait's `myGetType` in VASSAL 3.7 (`counters/*.java`) and pinned by the
engine-verified strings of the reference module (shared/reference/vassal-minimal-example.md §4.2). A
trait's type is its prefix followed by its fields joined with `;`; a piece's type and state are two
parallel TAB chains, outermost trait first and the BasicPiece last, each level nested one deeper.
"""
from __future__ import annotations

import operator
from dataclasses import dataclass, field
from functools import lru_cache

from builder.emit.vassal.sequence import (BACKSLASH, COMMA, QUOTE, SEMI, SLASH, TAB, decode, encode, encode_token,
                                         padded)

CTRL = 130
"""Java's normalised modifier mask for Ctrl (CTRL_DOWN_MASK 128 + legacy CTRL_MASK 2)."""
KEY_CLONE, KEY_DELETE, KEY_FLIP, KEY_MASK, KEY_MOVED = 67, 68, 70, 72, 77
"""Java key codes of C, D, F, H and M."""
KEY_ELIMINATE, KEY_RESTORE, KEY_TRAIL, KEY_LABEL, KEY_RANGE, KEY_CW, KEY_CCW = 69, 82, 84, 76, 75, 93, 91
"""Java key codes of E, R, T, L, K, ] and [."""
KEY_COMBAT = 66
"""Java key code of B (battle: mark a unit as attacker, defender, neither)."""


@dataclass(frozen=True)
class TraitSpec:
    """One trait: its type prefix, its type fields in order, and the oldest VASSAL that reads them."""

    prefix: str
    name: str
    fields: tuple[str, ...]
    since: str = "3.6.0"


LAYER_FIELDS = (
    "activateCommand", "activateModifiers", "activateKey", "upCommand", "upModifiers", "upKey",
    "downCommand", "downModifiers", "downKey", "resetCommand", "resetKey", "resetLevel",
    "drawUnderneathWhenSelected", "xOff", "yOff", "imageNames", "levelNames", "loop", "name", "randomKey",
    "randomText", "followProperty", "propertyName", "firstLevelValue", "version", "alwaysActive",
    "activateKeyStroke", "increaseKeyStroke", "decreaseKeyStroke", "description", "scale",
    "onlyPropertyName", "onlyPropertyState",
)

CATALOGUE: dict[str, TraitSpec] = {spec.prefix: spec for spec in (
    TraitSpec("piece;", "BasicPiece", ("cloneKey", "deleteKey", "image", "name")),
    TraitSpec("prototype;", "UsePrototype", ("name",)),
    TraitSpec("mark;", "Marker", ("keys",)),
    TraitSpec("report;", "ReportState", ("keys", "format", "cycleDownKeys", "cycleFormats", "description",
                                         "noSuppress")),
    TraitSpec("markmoved;", "MovementMarkable", ("image", "xOff", "yOff", "command", "key", "description",
                                                 "ignoreSameLocation", "markText", "markKey", "unmarkText",
                                                 "unmarkKey")),
    TraitSpec("delete;", "Delete", ("command", "key", "description")),
    TraitSpec("clone;", "Clone", ("command", "key", "description")),
    TraitSpec("emb2;", "Layer", LAYER_FIELDS),
    TraitSpec("obs;", "Mask", ("key", "image", "command", "style", "maskName", "access", "peekCommand",
                               "description", "autoPeek", "dealKey", "dealExpression")),
    TraitSpec("restrict;", "Restricted", ("sides", "byPlayer", "movement", "description")),
    TraitSpec("sendto;", "SendToLocation", ("command", "key", "map", "board", "x", "y", "backCommand", "backKey",
                                           "xIndex", "yIndex", "xOffset", "yOffset", "description", "destination",
                                           "zone", "region", "propertyFilter", "gridLocation")),
    TraitSpec("return;", "ReturnToDeck", ("command", "key", "deckId", "prompt", "description", "version",
                                         "deckSelect", "deckExpression")),
    TraitSpec("footprint;", "Footprint", ("key", "command", "initiallyVisible", "globallyVisible", "radius",
                                         "fillColour", "lineColour", "selectedTransparency",
                                         "unselectedTransparency", "edgePointBuffer", "edgeDisplayBuffer",
                                         "lineWidth", "keyOn", "keyOff", "keyClear", "description")),
    TraitSpec("AreaOfEffect;", "AreaOfEffect", ("colour", "transparency", "radius", "alwaysActive", "command",
                                                "key", "shader", "fixedRadius", "radiusProperty", "description",
                                                "name", "onText", "onKey", "offText", "offKey", "global")),
    TraitSpec("rotate;", "FreeRotator", ("facings", "cwKey", "ccwKey", "cwCommand", "ccwCommand", "randomKey",
                                         "randomCommand", "name", "description", "directKey", "directCommand",
                                         "directExpression", "directFacing")),
    TraitSpec("calcProp;", "CalculatedProperty", ("name", "expression", "description")),
    TraitSpec("label;", "Labeler", ("key", "command", "fontSize", "background", "foreground", "verticalPos",
                                   "verticalOffset", "horizontalPos", "horizontalOffset", "verticalJust",
                                   "horizontalJust", "format", "font", "fontStyle", "rotate", "property",
                                   "description", "alwaysUseFormat")),
)}


@dataclass(frozen=True)
class Trait:
    """One trait of a piece: its prefix, its type fields and its state; `type` is its type string,
    the prefix then the fields joined with `;`, made with the trait (nearly every trait is written)."""

    prefix: str
    fields: tuple[str, ...]
    state: str = ""
    type: str = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "type", self.prefix + encode(self.fields, SEMI))


def keystroke(code: int, modifiers: int = CTRL) -> str:
    """Return a keystroke as VASSAL stores it: `keycode,modifiers`."""
    return f"{code},{modifiers}"


def chain(parts: list[str]) -> str:
    """Return a trait chain: each part, then the rest of the chain as one TAB-encoded token.

    When no part holds a TAB or starts with a backslash or a quote (nearly always), no level quotes
    anything and escaping only puts backslashes before TABs, so the chain is the parts joined with the
    k-th TAB after k - 1 backslashes: written directly, in one pass instead of one pass per level.
    """
    joined = NUL.join(parts)  # scans of this find a TAB in any part, or any part's first character
    if TAB not in joined and not joined.startswith(_QUOTED_START) and _AFTER_NUL[0] not in joined \
            and _AFTER_NUL[1] not in joined:
        return parts[0] + "".join(map(operator.add, _separators(len(parts) - 1), parts[1:]))
    rest = parts[-1]
    for part in reversed(parts[:-1]):  # from the innermost out: encode([part, rest], TAB), unrolled
        rest = encode_token(part, TAB) + TAB + encode_token(rest, TAB)
    return rest


_QUOTED_START = (BACKSLASH, QUOTE)
NUL = "\x00"
"""Joins the parts of a chain to test them all at once: a part holding it only costs the slow path."""
_AFTER_NUL = tuple(NUL + start for start in _QUOTED_START)


@lru_cache(maxsize=64)
def _separators(count: int) -> tuple[str, ...]:
    """Return the separators before the parts of a chain after its first: the k-th TAB after k - 1 backslashes."""
    return tuple(BACKSLASH * k + TAB for k in range(count))


def unchain(text: str) -> list[str]:
    """Return the parts of a trait chain, outermost first (the inverse of `chain`)."""
    parts: list[str] = []
    rest: str | None = text
    while rest is not None:
        tokens = decode(rest, TAB)
        parts.append(tokens[0])
        rest = tokens[1] if len(tokens) > 1 else None
    return parts


@dataclass(frozen=True)
class Piece:
    """A piece: its traits (outermost first) around a BasicPiece."""

    traits: tuple[Trait, ...]
    basic: Trait

    def type(self) -> str:
        """Return the piece's type chain."""
        return chain([t.type for t in self.traits] + [self.basic.type])

    def state(self) -> str:
        """Return the piece's state chain, parallel to its type chain."""
        return chain([t.state for t in self.traits] + [self.basic.state])


def add_piece(piece: Piece, piece_id: str = "null", *, type_text: str | None = None, basic_state: str | None = None
              ) -> str:
    """Return the AddPiece command `+/id/type/state` that holds the piece (`type_text`: its type, if known;
    `basic_state`: the state of its BasicPiece instead of the one it has)."""
    state = piece.state() if basic_state is None else chain([t.state for t in piece.traits] + [basic_state])
    return "+/" + encode([piece_id, piece.type() if type_text is None else type_text, state], SLASH)


@dataclass(frozen=True)
class DecodedTrait:
    """One trait read back from an AddPiece command."""

    prefix: str
    fields: tuple[str, ...]
    state: str

    @property
    def name(self) -> str:
        """Return the trait's class name, or the bare prefix for a trait the catalogue lacks."""
        spec = CATALOGUE.get(self.prefix)
        return spec.name if spec else self.prefix

    def field(self, name: str) -> str:
        """Return one type field by its catalogue name."""
        return self.fields[CATALOGUE[self.prefix].fields.index(name)]


def trait_prefix(type_text: str) -> str:
    """Return a trait type's prefix: up to and including the first `;` (VASSAL `typePrefix`)."""
    head, sep, _ = type_text.partition(SEMI)
    return head + sep


def decode_trait(type_text: str, state: str) -> DecodedTrait:
    """Return one trait with its fields padded (or cut) to the catalogue's count."""
    prefix = trait_prefix(type_text)
    fields = decode(type_text[len(prefix):], SEMI)
    spec = CATALOGUE.get(prefix)
    return DecodedTrait(prefix, tuple(padded(fields, len(spec.fields)) if spec else fields), state)


def decode_add_piece(command: str) -> tuple[str, list[DecodedTrait]]:
    """Return the piece id and the traits (outermost first, BasicPiece last) of an AddPiece command."""
    if not command.startswith("+/"):
        raise ValueError(f"not an AddPiece command: {command[:40]!r}")
    piece_id, type_text, state_text = padded(decode(command[2:], SLASH), 3)
    types, states = unchain(type_text), unchain(state_text)
    states = padded(states, len(types))
    return piece_id, [decode_trait(t, s) for t, s in zip(types, states)]


def comma_list(items: list[str]) -> str:
    """Return a `,`-list field (images, level names, keystroke lists) with VASSAL's escaping."""
    return encode(items, COMMA)


def oldest_version(traits: list[Trait]) -> str:
    """Return the oldest VASSAL version that knows every trait given."""
    versions = {CATALOGUE[prefix].since for prefix in {t.prefix for t in traits} if prefix in CATALOGUE}
    return max(versions, key=lambda v: tuple(int(p) for p in v.split(".")), default="3.6.0")
