"""The module's play features read back from what it writes (buildFile.xml and the scenarios' saves):
ownership, eliminate/restore, return to cup, trail, masks, rotation, command range, labels, the
mouse-over text, the toolbar components and the combat helper (see builder/emit/vassal/play.py)."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from builder.emit.vassal.buildfile import build_file
from builder.emit.vassal.combat import LAYER as COMBAT_LAYER
from builder.emit.vassal.plan import ModulePlan, plan_module
from builder.emit.vassal.reader import read_saved_game
from builder.emit.vassal.savegame import saved_game
from builder.emit.vassal.sequence import COMMA, decode
from builder.emit.vassal.trait_kinds import REFEREE
from builder.emit.vassal.traits import DecodedTrait, decode_add_piece
from builder.plan.vassal.words import word
from builder.emit.vassal.xmlwrite import xml_bytes
from builder.load.game import load_game
from builder.model.base import text_in
from tests.conftest import MINIMAL, game_folders

@pytest.fixture(scope="module", params=[MINIMAL, *game_folders()], ids=lambda p: p.name)
def plan(request: pytest.FixtureRequest) -> ModulePlan:
    return plan_module(load_game(request.param))


@pytest.fixture(scope="module")
def root(plan: ModulePlan) -> ET.Element:
    return ET.fromstring(xml_bytes(build_file(plan, [])))


def _slots(root: ET.Element) -> list[tuple[str, list[DecodedTrait]]]:
    """Return every palette slot's name and traits (outermost first)."""
    windows = [w for w in root if w.tag.endswith("PieceWindow")]
    return [(s.get("entryName"), decode_add_piece(s.text)[1]) for w in windows for s in w.iter()
            if s.tag.endswith("PieceSlot")]


def _props(traits: list[DecodedTrait]) -> dict[str, str]:
    return {t.fields[0]: t.state for t in traits if t.prefix == "mark;"}


def _units(root: ET.Element) -> list[tuple[dict[str, str], list[DecodedTrait]]]:
    return [(_props(traits), traits) for _, traits in _slots(root) if "UnitId" in _props(traits)]


def _one(traits: list[DecodedTrait], prefix: str) -> DecodedTrait | None:
    return next((t for t in traits if t.prefix == prefix), None)


def _side_names(plan: ModulePlan) -> dict[str, str]:
    return {n.id: text_in(s.name, plan.lang) for n in plan.game.game.nationalities for s in plan.game.game.sides
            if s.id == n.side}


def test_every_unit_is_its_sides_and_the_referees(plan: ModulePlan, root: ET.Element) -> None:
    roster = [e.text for e in root.iter("entry")]
    assert roster == [text_in(s.name, plan.lang) for s in plan.game.game.sides] + [REFEREE]
    sides = _side_names(plan)
    units = {u.id: u for u in plan.game.counters.units}
    for props, traits in _units(root):
        assert traits[0].prefix == "restrict;", props["UnitId"]  # outermost: nothing acts on it unless allowed
        restricted = traits[0]
        assert decode(restricted.field("sides"), COMMA) == [sides[units[props["UnitId"]].nationality], REFEREE]
        assert (restricted.field("byPlayer"), restricted.field("movement")) == ("false", "true")


def _regions(plan: ModulePlan) -> dict[tuple[str, int, int], str]:
    return {(b.name, r.x, r.y): r.name for b in plan.boards for r in b.regions}


def test_units_are_eliminated_to_their_dead_pile_and_restored(plan: ModulePlan, root: ET.Element) -> None:
    maps = {m.get("mapName"): m for m in root if m.tag.endswith(".Map")}
    regions, lang = _regions(plan), plan.lang
    nationalities = {n.id: n for n in plan.game.game.nationalities}
    units = {u.id: u for u in plan.game.counters.units}
    for props, traits in _units(root):
        send = _one(traits, "sendto;")
        assert send is not None and send.field("destination") == "L"
        assert (send.field("command"), send.field("backCommand")) == (word("eliminate", lang), word("restore", lang))
        assert (send.field("key"), send.field("backKey")) == ("69,130", "82,130")
        board = maps[send.field("map")].find(".//VASSAL.build.module.map.boardPicker.Board")
        assert board.get("name") == send.field("board")
        pile = regions[(send.field("map"), int(send.field("x")), int(send.field("y")))]
        named = nationalities[units[props["UnitId"]].nationality].dead_pile
        if named:  # the box the content names, with its printed name
            board_plan = next(b for b in plan.boards if b.name == send.field("map"))
            assert board_plan.region(named).name == pile
        else:
            assert pile.startswith(word("eliminated", lang))


def test_chits_return_to_their_cup(plan: ModulePlan, root: ET.Element) -> None:
    decks = {d.get("name") for d in root.iter("VASSAL.build.module.map.DrawPile")}
    markers = {m.id: m for m in plan.game.counters.markers}
    for _, traits in _slots(root):
        marker = markers.get(_props(traits).get("MarkerId", ""))
        back = _one(traits, "return;")
        if marker is None or not marker.cup or marker.cup not in {c.id for c in plan.game.game.cups}:
            assert back is None
            continue
        assert back is not None and back.field("deckSelect") == "false"
        assert back.field("deckExpression") in decks


def test_a_button_returns_drawn_chits_to_their_cups(plan: ModulePlan, root: ET.Element) -> None:
    buttons = list(root.iter("VASSAL.build.module.GlobalKeyCommand"))
    cups = any(plan.play_of(p).cup_deck for p in plan.pieces)
    assert len(buttons) == (1 if cups else 0)
    if cups:
        button = buttons[0]
        assert (button.get("hotkey"), button.get("filter"), button.get("deckCount")) == ("69,130", '{Cup != ""}', "0")
        with_cup = [props for _, traits in _slots(root) if (props := _props(traits)).get("Cup")]
        assert with_cup and all(props["Kind"] in ("chit", "order-die", "marker") for props in with_cup)


def test_units_leave_a_trail_take_a_label_and_show_they_moved(root: ET.Element) -> None:
    for props, traits in _units(root):
        prefixes = [t.prefix for t in traits]
        assert {"footprint;", "label;", "markmoved;"} <= set(prefixes), props["UnitId"]
        assert prefixes.index("footprint;") < prefixes.index("markmoved;")
        if "rotate;" in prefixes:  # a trail must have no rotation outside it
            assert prefixes.index("footprint;") < prefixes.index("rotate;")


def test_hidden_units_and_orders_are_masked_for_the_other_side(plan: ModulePlan, root: ET.Element) -> None:
    hiding = {s.id for s in plan.game.game.sides if text_in(s.hidden, plan.lang)}
    sides = _side_names(plan)
    side_of = {n.id: n.side for n in plan.game.game.nationalities}
    units = {u.id: u for u in plan.game.counters.units}
    for props, traits in _units(root):
        unit = units[props["UnitId"]]
        mask = _one(traits, "obs;")
        assert (mask is not None) == (side_of[unit.nationality] in hiding), unit.id
        if mask is not None:
            side = sides[unit.nationality]
            assert mask.field("access") == f"sides:{side}:{REFEREE}"
            assert mask.field("maskName") == side  # the mask does not tell which unit it is
            assert "Values" not in props  # nor do the values the mouse-over shows
            reveal = next(s.hidden for s in plan.game.game.sides if s.id == side_of[unit.nationality])
            assert decode(props["Reveal"], COMMA) == [text_in(reveal, plan.lang)]  # but how the rules reveal it
    markers = {m.id: m for m in plan.game.counters.markers}
    for _, traits in _slots(root):
        marker = markers.get(_props(traits).get("MarkerId", ""))
        if marker is not None and text_in(marker.hidden, plan.lang):
            assert _one(traits, "obs;").field("access").startswith("sides:")


def test_scenarios_start_with_hidden_units_hidden(plan: ModulePlan) -> None:
    hiding = {text_in(s.name, plan.lang) for s in plan.game.game.sides if text_in(s.hidden, plan.lang)}
    for setup in plan.setups:
        save = read_saved_game(saved_game(plan, setup))
        in_decks = {member for deck in save.decks for member in deck[5]}
        for piece in save.pieces.values():
            restricted, mask = piece.trait("restrict;"), piece.trait("obs;")
            if piece.piece_id in in_decks or restricted is None or "UnitId" not in piece.properties():
                continue
            owner = decode(restricted.field("sides"), COMMA)[0]
            if owner in hiding:
                assert mask is not None and mask.state == f"{owner};", (setup.scenario.id, piece.name)
            else:
                assert mask is None, (setup.scenario.id, piece.name)
    if plan.game.id == "magersfontein-1899":
        assert hiding == {"Burowie"}


def test_vehicles_and_hexside_markers_turn(plan: ModulePlan, root: ET.Element) -> None:
    roles = {t.id: t.role for t in plan.game.counters.unit_types}
    units = {u.id: u for u in plan.game.counters.units}
    hex_game = plan.game.game.scale.measure == "hex"
    for props, traits in _units(root):
        rotate = _one(traits, "rotate;")
        is_vehicle = roles[units[props["UnitId"]].type] == "vehicle"
        assert (rotate is not None) == is_vehicle
        if rotate is not None:
            assert rotate.fields[0] == ("6" if hex_game else "1")  # hexsides on a map, any angle on a table
    markers = {m.id: m for m in plan.game.counters.markers}
    hexside = False
    for _, traits in _slots(root):
        marker = markers.get(_props(traits).get("MarkerId", ""))
        if marker is not None:
            assert (_one(traits, "rotate;") is not None) == marker.hexside
            hexside |= marker.hexside
    grids = list(root.iter("VASSAL.build.module.map.boardPicker.board.HexGrid"))
    assert all(g.get("edgesLegal") == str(hexside).lower() for g in grids)
    if plan.game.id == "gazala-1942":
        assert hexside and grids


def test_hqs_and_leaders_show_their_command_range(plan: ModulePlan, root: ET.Element) -> None:
    found = 0
    for props, traits in _units(root):
        area = _one(traits, "AreaOfEffect;")
        assert (area is not None) == ("CommandRange" in props), props["UnitId"]
        if area is not None:
            found += 1
            assert (area.fields[7], area.fields[8], area.fields[5]) == ("false", "CommandRange", "75,130")
            assert int(props["CommandRange"]) > 0
    expected = {"magersfontein-1899": 7, "gazala-1942": 10, "bolt-action": 2}.get(plan.game.id)
    if expected is not None:
        assert found == expected
    if plan.game.id == "bolt-action":  # 6 inches on the table, in pixels
        ranges = {props["CommandRange"] for props, _ in _units(root) if "CommandRange" in props}
        assert ranges == {str(round(6 * 25.4 * plan.scale))}


def test_toolbar_and_viewer(plan: ModulePlan, root: ET.Element) -> None:
    assert root.get("VassalVersion").startswith("3.7")
    assert root.find("VASSAL.build.module.NotesWindow") is not None
    for map_ in (m for m in root if m.tag.endswith(".Map")):
        board = next(b for b in plan.boards if b.name == map_.get("mapName"))
        has = {c.tag.rsplit(".", 1)[1] for c in map_}
        assert ({"GlobalMap", "HidePiecesButton"} <= has) == (board.kind in ("hex", "table"))
        viewer = map_.find("VASSAL.build.module.map.CounterDetailViewer")
        assert (viewer.get("minDisplayPieces"), viewer.get("showtext")) == ("1", "true")
        assert viewer.get("counterReportFormat") == "$PieceName$ $Values$ $Reveal$"
    for props, _ in _units(root):
        if "Values" in props:
            assert props["Values"]


def test_combat_helper(plan: ModulePlan, root: ET.Element) -> None:
    helpers = [traits for name, traits in _slots(root) if name == word("helper", plan.lang)]
    assert len(helpers) == (1 if plan.combat else 0)
    if plan.game.id in ("gazala-1942", "batalha-de-gazala"):
        assert plan.combat is not None
    if plan.combat is None:
        return
    calculated = {t.field("name"): t.field("expression") for t in helpers[0] if t.prefix == "calcProp;"}
    assert list(calculated) == ["CombatA", "CombatD", "CombatShift", "CombatIndex", "CombatColumnIndex",
                                "CombatColumn"]
    assert all(f'"{column}"' in calculated["CombatColumn"] for column in plan.combat.columns)
    assert f'"{plan.combat.map_name}"' in calculated["CombatA"]
    for props, traits in _units(root):
        layers = [t for t in traits if t.prefix == "emb2;" and t.field("name") == COMBAT_LAYER]
        mine = {t.field("name"): t.field("expression") for t in traits if t.prefix == "calcProp;"}
        if layers:
            assert decode(layers[0].field("imageNames"), COMMA) == ["", "combat-attacker.png", "combat-defender.png"]
            assert set(mine) == {"CombatAttack", "CombatDefence", "TerrainShift"}
    hills = dict(plan.combat.shifts)
    if plan.game.id == "gazala-1942":
        assert "0814" in hills[-2]  # a hill (9.64)
