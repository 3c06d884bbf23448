"""Every palette piece of every game, decoded from buildFile.xml and compared with the model: names,
gpids, faces, step levels, prototypes and properties (no image is drawn)."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from builder.emit.vassal.buildfile import build_file
from builder.emit.vassal.combat import LAYER as COMBAT_LAYER
from builder.plan.vassal.pieces import gpid_of, image_stem
from builder.emit.vassal.plan import ModulePlan, plan_module
from builder.emit.vassal.sequence import COMMA, SEMI, decode
from builder.emit.vassal.traits import decode_add_piece
from builder.emit.vassal.xmlwrite import xml_bytes
from builder.load.game import load_game
from builder.model.base import text_in
from tests.conftest import MINIMAL, game_folders


@pytest.fixture(scope="module", params=[MINIMAL, *game_folders()], ids=lambda p: p.name)
def plan(request: pytest.FixtureRequest) -> ModulePlan:
    return plan_module(load_game(request.param))


def _palette(plan: ModulePlan) -> list[ET.Element]:
    root = ET.fromstring(xml_bytes(build_file(plan, [])))
    windows = [w for w in root if w.tag.endswith("PieceWindow")]
    return [s for w in windows for s in w.iter() if s.tag.endswith("PieceSlot")]


def _printed_steps(unit) -> int:
    """Return how many steps the unit's main counter prints (up to its first separate step)."""
    return next((i for i, s in enumerate(unit.steps) if i > 0 and s.counter == "separate"), len(unit.steps))


def test_every_unit_and_marker_has_one_slot_per_counter(plan: ModulePlan) -> None:
    game = plan.game
    slots = _palette(plan)
    separate = sum(1 for u in game.counters.units for i, s in enumerate(u.steps) if i > 0 and s.counter == "separate")
    helper = 1 if plan.combat else 0  # the combat helper's slot
    assert len(slots) == len(game.counters.units) + separate + len(game.counters.markers) + helper
    gpids = [s.get("gpid") for s in slots]
    assert len(set(gpids)) == len(gpids)


def test_unit_slots_decode_to_their_unit(plan: ModulePlan) -> None:
    game, lang = plan.game, plan.lang
    units = {u.id: u for u in game.counters.units}
    prototypes = {p.name: dict(p.properties) for p in plan.prototypes}
    for slot in _palette(plan):
        _, traits = decode_add_piece(slot.text)
        props = {t.fields[0]: t.state for t in traits if t.prefix == "mark;"}
        if "UnitId" not in props:
            continue
        unit, basic = units[props["UnitId"]], traits[-1]
        counter_id = unit.id if basic.field("image").startswith(image_stem(unit.id) + "-front") else None
        assert basic.field("name") == text_in(unit.name, lang)
        assert decode(basic.state, SEMI)[3] == slot.get("gpid")
        if counter_id:
            assert slot.get("gpid") == str(gpid_of(unit.id))
            layer = next((t for t in traits if t.prefix == "emb2;" and t.field("name") != COMBAT_LAYER), None)
            levels = len(decode(layer.field("imageNames"), COMMA)) if layer else 1
            assert levels == _printed_steps(unit)
            for key, value in unit.steps[0].values.items():
                assert props[key] == ("" if value is None else str(value).lower() if isinstance(value, bool)
                                      else str(int(value)) if isinstance(value, float) and value.is_integer()
                                      else str(value))
        used = [t.field("name") for t in traits if t.prefix == "prototype;"]
        assert used and all(name in prototypes for name in used)
        merged = {k: v for name in used for k, v in prototypes[name].items()}
        assert merged["TypeId"] == unit.type


def test_marker_slots_decode_to_their_marker(plan: ModulePlan) -> None:
    markers = {m.id: m for m in plan.game.counters.markers}
    for slot in _palette(plan):
        _, traits = decode_add_piece(slot.text)
        props = {t.fields[0]: t.state for t in traits if t.prefix == "mark;"}
        if "MarkerId" not in props:
            continue
        marker = markers[props["MarkerId"]]
        layer = next((t for t in traits if t.prefix == "emb2;" and t.field("name") != COMBAT_LAYER), None)
        assert (len(decode(layer.field("imageNames"), COMMA)) if layer else 1) == max(1, len(marker.faces))
        hidden = {c.id for c in plan.game.game.cups if c.hidden}
        outer = traits[1:] if traits[0].prefix == "restrict;" else traits  # its side's restriction first
        assert (outer[0].prefix == "obs;") == (marker.cup in hidden or bool(marker.hidden))
