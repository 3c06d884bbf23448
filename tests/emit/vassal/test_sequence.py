"""VASSAL's SequenceEncoder and trait chains: golden strings from the engine-verified reference module,
and round trips over generated tokens and nested chains."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from builder.emit.vassal.sequence import COMMA, ESC, SEMI, SLASH, TAB, decode, encode, encode_token
from builder.emit.vassal.trait_kinds import (basic_piece, clone, delete, layer, marker, mask, movement_markable,
                                             palette_state, report_state, use_prototype)
from builder.emit.vassal.traits import (CATALOGUE, KEY_FLIP, Piece, add_piece, chain, decode_add_piece, keystroke,
                                        unchain)


def tabs(text: str) -> str:
    """Return a reference string written with → for TAB as the real thing."""
    return text.replace("→", "\t")


# shared/reference/vassal-minimal-example.md §3 and §4: engine-verified PieceSlot and prototype texts.
ONE_INF = tabs(
    r"+/null/report;70\,130;$location$: $newPieceName$ $menuCommand$ *;;;;false→markmoved;moved.png;24;-24;"
    r"Mark Moved;77,130;;false;Mark piece as moved;;Mark piece as unmoved;\→delete;Delete;68,130;\\→clone;Clone;"
    r"67,130;\\\→emb2;;128;A;Flip;128;;;128;;;;1;false;0;0;axis_1inf_f.png,axis_1inf_b.png;,+ reduced;true;Step;;;"
    r"false;;1;1;true;;70,130;;;1.0;;true\\\\→mark;Attack\\\\\→mark;Defense\\\\\\→mark;Move\\\\\\\→prototype;"
    r"Axis Infantry\\\\\\\\→piece;;;axis_1inf_f.png;1 Inf/-1→false\→\\→\\\→1\\\\→4\\\\\→3\\\\\\→5\\\\\\\→"
    r"\\\\\\\\→null;0;0;1;0")
AXIS_INFANTRY = tabs(r"+/null/prototype;Axis→prototype;Infantry\→piece;;;;/→\→null;0;0;;0")
CHIT_A = tabs(r"+/null/obs;70,130;chit_back.png;Flip;I;Chit;player:;Peek;;true;;→piece;;;chit_a.png;Chit A/null;→"
              r"null;0;0;6;0")


def test_quoting_matches_the_engine() -> None:
    # vassal-format.md §2.2, checked against the engine: a;b, \lead, 'q', empty, z joined with ;
    assert encode(["a;b", "\\lead", "'q'", "", "z"], SEMI) == "a\\;b;'\\lead';''q'';;z"
    assert decode("a\\;b;'\\lead';''q'';;z", SEMI) == ["a;b", "\\lead", "'q'", "", "z"]


def test_escaping_of_the_verified_label_example() -> None:
    # vassal-format.md §2.5 example 4: a `/` and a `;` inside trait fields
    label = "label;;" + encode(["Change/label"], SEMI)
    assert add_piece(Piece((), basic_piece("", "U/x", state="null;0;0;20;0")), "null").startswith("+/null/piece;;;;U\\/x")
    assert encode(["$pieceName$; reduced"], SEMI) == "$pieceName$\\; reduced"
    assert encode([label], SLASH) == "label;;Change\\/label"


def test_empty_and_trailing_tokens() -> None:
    assert decode("", SEMI) == [""]
    assert decode("a;", SEMI) == ["a", ""]
    assert decode(None, SEMI) == []
    assert encode([], SEMI) == ""


def test_reference_unit_is_rebuilt_exactly_from_the_catalogue() -> None:
    traits = (report_state([keystroke(KEY_FLIP)]), movement_markable(), delete(), clone(),
              layer("Step", ["axis_1inf_f.png", "axis_1inf_b.png"], ["", "+ reduced"]),
              marker("Attack", "4"), marker("Defense", "3"), marker("Move", "5"), use_prototype("Axis Infantry"))
    piece = Piece(traits, basic_piece("axis_1inf_f.png", "1 Inf", state=palette_state("1")))
    assert add_piece(piece) == ONE_INF


def test_reference_prototype_and_chit_are_rebuilt_exactly() -> None:
    prototype = Piece((use_prototype("Axis"), use_prototype("Infantry")), basic_piece("", "", state="null;0;0;;0"))
    assert add_piece(prototype) == AXIS_INFANTRY
    chit_mask = mask("chit_back.png", "Chit")
    assert chit_mask.state == "null;"
    assert len(chit_mask.fields) == len(CATALOGUE["obs;"].fields) == 11


def test_reference_unit_decodes_trait_by_trait() -> None:
    piece_id, traits = decode_add_piece(ONE_INF)
    assert piece_id == "null"
    assert [t.name for t in traits] == ["ReportState", "MovementMarkable", "Delete", "Clone", "Layer", "Marker",
                                        "Marker", "Marker", "UsePrototype", "BasicPiece"]
    assert traits[0].field("keys") == "70\\,130" and decode(traits[0].field("keys"), COMMA) == ["70,130"]
    layer_trait = traits[4]
    assert layer_trait.state == "1" and layer_trait.field("name") == "Step"
    assert decode(layer_trait.field("imageNames"), COMMA) == ["axis_1inf_f.png", "axis_1inf_b.png"]
    assert decode(layer_trait.field("levelNames"), COMMA) == ["", "+ reduced"]
    assert [t.state for t in traits[5:8]] == ["4", "3", "5"]
    assert traits[-1].field("name") == "1 Inf" and traits[-1].state == "null;0;0;1;0"
    _, chit = decode_add_piece(CHIT_A)
    assert chit[0].field("image") == "chit_back.png" and chit[0].state == "null;"


def test_every_catalogue_field_list_has_the_verified_length() -> None:
    counts = {"piece;": 4, "report;": 6, "markmoved;": 11, "delete;": 3, "clone;": 3, "emb2;": 33, "obs;": 11}
    for prefix, count in counts.items():
        assert len(CATALOGUE[prefix].fields) == count, prefix
    assert len(layer("L", ["a.png", "b.png"], ["", "+ x"]).fields) == 33
    assert len(movement_markable().fields) == 11


# Tokens VASSAL itself round-trips: any text, except a token that ends in a backslash (the decoder would
# read the backslash as escaping the delimiter that follows it).
TOKEN = st.text(alphabet=st.sampled_from(list("ab;,/\t'\\ \x1b=é")), max_size=12).filter(
    lambda t: not t.endswith("\\"))


@given(st.lists(TOKEN, min_size=1, max_size=6), st.sampled_from([SEMI, COMMA, SLASH, TAB, ESC]))
def test_decode_inverts_encode(tokens: list[str], delimiter: str) -> None:
    assert decode(encode(tokens, delimiter), delimiter) == tokens


@given(st.lists(st.one_of(TOKEN, st.integers()), max_size=6), st.sampled_from([SEMI, COMMA, SLASH, TAB, ESC]))
def test_encode_is_each_token_encoded_then_joined(tokens: list, delimiter: str) -> None:
    assert encode(tokens, delimiter) == delimiter.join(encode_token(str(t), delimiter) for t in tokens)


# A trait field cannot hold a TAB: VASSAL splits a piece's type at its first unescaped TAB.
FIELD = TOKEN.filter(lambda t: "\t" not in t)


@given(st.lists(FIELD, max_size=7), FIELD)
def test_unchain_inverts_chain(outer: list[str], inner: str) -> None:
    parts = outer + ["piece;" + inner]  # the innermost part is a BasicPiece type, never a quoted token
    assert unchain(chain(parts)) == parts


def nested_chain(parts: list[str]) -> str:
    """The definition of a trait chain: the first part, then the rest of the chain as one TAB token."""
    return parts[0] if len(parts) == 1 else encode([parts[0], nested_chain(parts[1:])], TAB)


@given(st.lists(TOKEN | st.text(alphabet=st.sampled_from(list("a\x00\\'\t")), max_size=6), min_size=1, max_size=8))
def test_chain_equals_its_nested_definition(parts: list[str]) -> None:
    assert chain(parts) == nested_chain(parts)  # NULs too: chain tests its parts joined with them


@given(st.lists(st.tuples(FIELD, FIELD), min_size=1, max_size=5), FIELD, FIELD)
def test_add_piece_round_trips_marker_chains(pairs: list[tuple[str, str]], name: str, image: str) -> None:
    traits = tuple(marker(key or "k", value) for key, value in pairs)
    piece = Piece(traits, basic_piece(image, name, state="null;0;0;7;0"))
    piece_id, decoded = decode_add_piece(add_piece(piece, "42"))
    assert piece_id == "42"
    assert [t.state for t in decoded[:-1]] == [t.state for t in traits]
    assert [t.fields for t in decoded[:-1]] == [t.fields for t in traits]
    assert decoded[-1].field("name") == name and decoded[-1].field("image") == image
