"""The module opened by VASSAL 3.7 the way a player opens it (optional: set SANDTABLE_VASSAL37 to the
engine folder tools/vassal-engine/build.sh writes, or to the check_module.sh in it; needs `xvfb-run`).
Skipped otherwise. See tools/vassal-engine/README.md.

The engine tiles the images, opens the module, builds every palette piece and launches every scenario
(PredefinedSetup). It must raise no warning at all (no log event at WARN or above, no error or warning
dialog); and in each scenario every piece must be where our plan puts it: on the planned map, in the hex
or box the engine names as we do (on a gridless table, at the planned point, in the zone we name), with no
piece more or less.
One engine run per module (about 20 to 40 seconds), shared by the tests below.
"""
from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import xml.etree.ElementTree as ET
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from builder.emit.vassal.editions import edition, module_path
from builder.emit.vassal.module import setup_file, vmod_bytes
from builder.emit.vassal.plan import ModulePlan, plan_module
from builder.emit.vassal.reader import SavedGame, read_saved_game
from builder.plan.setups import Setup
from builder.load.game import load_game
from builder.model.content import Game
from tests.conftest import MINIMAL, game_folders
from tests.emit.vassal.test_engine import _expected_location

ENGINE = os.environ.get("SANDTABLE_VASSAL37", "")
CHECK = Path(ENGINE).resolve() / "check_module.sh" if ENGINE and Path(ENGINE).is_dir() else Path(ENGINE).resolve()
SHOWN = 20
"""At most this many lines of a long list go into an assertion message."""

pytestmark = pytest.mark.skipif(not (ENGINE and CHECK.is_file() and shutil.which("xvfb-run")),
                                reason="no VASSAL 3.7 engine: set SANDTABLE_VASSAL37 (see tools/vassal-engine/)")


@dataclass(frozen=True)
class Checked:
    """One module and what the engine made of it."""

    game: Game
    plan: ModulePlan
    archive: zipfile.ZipFile
    code: int
    stderr: str
    report: dict


@dataclass(frozen=True)
class Place:
    """Where the plan puts a piece: a map, and the location name the engine should give (a hex label, a
    box's name, or on a gridless table the name of the zone holding the point), and on a table the point."""

    map_name: str
    location: str | None
    point: tuple[int, int] | None = None


LANGUAGES = 2
"""Module languages checked per game: the first and the second (every seed game has two)."""


@pytest.fixture(scope="module", params=[(g, n) for g in [MINIMAL, *game_folders()] for n in range(LANGUAGES)],
                ids=lambda p: f"{p[0].name}-lang{p[1] + 1}")
def checked(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Checked:
    """Build the module of a game in one of its languages and run the engine's check on it once."""
    folder, position = request.param
    game = load_game(folder)
    if position >= len(game.game.languages):
        pytest.skip(f"{game.id} has {len(game.game.languages)} language(s)")
    lang = game.game.languages[position]
    data = vmod_bytes(game, lang=lang)
    folder = tmp_path_factory.mktemp(game.id)
    module = folder / module_path(game, lang)
    module.write_bytes(data)
    plan = plan_module(edition(game, lang), game)
    defender = plan.combat.shifts[0][1][0] if plan.combat and plan.combat.shifts else ""  # a hex with a shift
    run = subprocess.run([str(CHECK), str(module), str(folder / "engine.log")], capture_output=True,
                         text=True, timeout=900, env={**os.environ, "VCHECK_DEFENDER_HEX": defender})
    try:
        report = json.loads(run.stdout)
    except json.JSONDecodeError:
        pytest.fail(f"the engine check printed no report (exit {run.returncode}); stderr ends:\n"
                    f"{run.stderr[-3000:]}")
    return Checked(game, plan, zipfile.ZipFile(io.BytesIO(data)), run.returncode, run.stderr, report)


def listed(lines: list[str]) -> str:
    """Return lines for an assertion message, the first SHOWN of them."""
    more = [f"... and {len(lines) - SHOWN} more"] if len(lines) > SHOWN else []
    return "\n".join(["", *lines[:SHOWN], *more])


def build_file(checked: Checked) -> ET.Element:
    """Return the module's buildFile.xml."""
    return ET.fromstring(checked.archive.read("buildFile.xml"))


def saved_game(checked: Checked, setup: Setup) -> SavedGame:
    """Return a scenario's saved game as the module holds it."""
    inner = zipfile.ZipFile(io.BytesIO(checked.archive.read(setup_file(setup))))
    return read_saved_game(inner.read("savedGame").decode("utf-8"))


def _placed_ids(plan: ModulePlan, setup: Setup, save: SavedGame) -> dict:
    """Return the placement of each piece the save holds outside cups, by piece id (the plan's order)."""
    in_decks = {member for deck in save.decks for member in deck[5]}
    loose = sorted(pid for pid in save.pieces if pid not in in_decks)
    placed = [p for p in setup.placed if plan.piece(p.counter_id) and plan.position(p.target)]
    return dict(zip(loose, placed))


def planned_places(plan: ModulePlan, setup: Setup, save: SavedGame) -> dict[str, Place]:
    """Return where the plan puts each piece of a scenario's save, by piece id.

    The save holds the placed counters first, in plan order (those the plan gives a place and a piece),
    then each cup's chits in its deck."""
    in_decks = {member for deck in save.decks for member in deck[5]}
    loose = [pid for pid in save.pieces if pid not in in_decks]
    placed = [p for p in setup.placed if plan.piece(p.counter_id) and plan.position(p.target)]
    assert len(loose) == len(placed), \
        f"{setup.scenario.id}: the save holds {len(loose)} pieces outside cups, the plan places {len(placed)}"
    places = {}
    for pid, piece in _placed_ids(plan, setup, save).items():
        board, x, y = plan.position(piece.target)
        if piece.target.kind == "point":
            places[pid] = Place(board.name, board.zone_name((x, y)), (x, y))
        else:
            places[pid] = Place(board.name, _expected_location(plan, piece.target))
    cups = [(cup, contents) for cup, contents in setup.cups
            if any(b.region(f"cup:{cup}") in b.decks for b in plan.boards)]
    for (cup, _), deck in zip(cups, save.decks):
        board = next(b for b in plan.boards if b.region(f"cup:{cup}") in b.decks)
        places.update({pid: Place(board.name, board.region(f"cup:{cup}").name) for pid in deck[5]})
    return places


def test_the_engine_runs_to_the_end(checked: Checked) -> None:
    report = checked.report
    assert "fatal" not in report, f"the check stopped: {report.get('fatal')}"
    assert "timeout" not in report, report.get("timeout")
    assert checked.code == 0, f"the check exited with {checked.code}; stderr ends:\n{checked.stderr[-3000:]}"
    assert str(report.get("version", "")).startswith("3.7."), f"engine version {report.get('version')}, not 3.7"
    assert report["game_name"] == checked.plan.name


def test_no_warnings(checked: Checked) -> None:
    warnings = checked.report["warnings"]
    assert warnings == [], "the engine raised warnings:" + listed(
        [f"[{w['phase']}] {w['source']} {w['level']}: {w['text'][:500]}" for w in warnings])


def test_every_piece_slot_is_built(checked: Checked) -> None:
    slots = [e for e in build_file(checked).iter() if e.tag.endswith((".PieceSlot", ".CardSlot"))]
    failures = checked.report["piece_failures"]
    assert failures == [], "the engine could not build these palette pieces cleanly:" + listed(
        [f"{f['slot']}: {f['error'] or ''} {f['warnings'] or ''}" for f in failures])
    assert checked.report["pieces_built"] == len(slots), \
        f"the engine built {checked.report['pieces_built']} palette pieces; the module has {len(slots)} slots"


def test_every_setup_is_loaded(checked: Checked) -> None:
    setups = [e for e in build_file(checked).iter()
              if e.tag.endswith(".PredefinedSetup") and e.get("isMenu") != "true"]
    assert {e.get("file") for e in setups} == {setup_file(s) for s in checked.plan.setups}, \
        "the module's PredefinedSetups are not one per scenario"
    found = checked.report["setups"]
    assert sorted(found) == sorted(e.get("name") for e in setups), \
        f"the engine launched {sorted(found)}; the module lists {sorted(e.get('name') for e in setups)}"
    for element in setups:
        name = element.get("name")
        assert found[name]["file"] == element.get("file"), f"setup {name!r}: the engine read {found[name]['file']}"
        assert found[name]["game_started"], f"setup {name!r}: the game did not start"
        assert found[name]["warnings"] == [], f"setup {name!r}: {found[name]['warnings']}"


def test_every_piece_is_where_the_plan_puts_it(checked: Checked) -> None:
    found = checked.report["setups"]
    by_file = {s.get("file"): s.get("name") for s in build_file(checked).iter() if s.tag.endswith(".PredefinedSetup")}
    for setup in checked.plan.setups:
        name = by_file[setup_file(setup)]
        assert name in found, f"setup {name!r} was not launched"
        places = planned_places(checked.plan, setup, saved_game(checked, setup))
        rows = found[name]["pieces"]
        engine_ids = [row[5] for row in rows]
        assert len(rows) == len(places), \
            f"setup {name!r}: the engine shows {len(rows)} pieces, the plan places {len(places)}"
        assert sorted(engine_ids) == sorted(places), \
            f"setup {name!r}: piece ids differ: the engine shows {sorted(set(engine_ids) - set(places))} " \
            f"more, {sorted(set(places) - set(engine_ids))} fewer"
        wrong = []
        for piece, map_name, location, point, board, pid in rows:
            want = places[pid]
            where = f"{piece} ({pid}) on {map_name!r}"
            if map_name != want.map_name or board != want.map_name:
                wrong.append(f"{where}, board {board!r}: planned on {want.map_name!r}")
            elif want.point is not None and tuple(int(v) for v in point.split(",")) != want.point:
                wrong.append(f"{where} at {point}: planned at {want.point[0]},{want.point[1]}")
            elif location != want.location:
                wrong.append(f"{where}: the engine names its place {location!r}, the plan {want.location!r}")
        assert wrong == [], f"setup {name!r}: pieces not where the plan puts them:" + listed(wrong)


def test_hidden_units_start_masked(checked: Checked) -> None:
    """In every scenario the engine masks exactly the pieces the save starts masked (a hidden side's units)."""
    found = checked.report["setups"]
    by_file = {s.get("file"): s.get("name") for s in build_file(checked).iter() if s.tag.endswith(".PredefinedSetup")}
    for setup in checked.plan.setups:
        save = saved_game(checked, setup)
        in_decks = {member for deck in save.decks for member in deck[5]}
        planned = {pid for pid, piece in save.pieces.items() if pid not in in_decks
                   and (mask := piece.trait("obs;")) is not None and mask.state != "null;"}
        masked = set(found[by_file[setup_file(setup)]]["masked"]) - in_decks
        assert masked == planned, f"{setup.scenario.id}: masked {sorted(masked - planned)} more, " \
                                  f"{sorted(planned - masked)} fewer than the save"
    if checked.game.id == "magersfontein-1899":
        assert any(found[name]["masked"] for name in found), "no Boer unit starts hidden"


def test_pieces_start_turned_as_planned(checked: Checked) -> None:
    """In every scenario the engine turns exactly the pieces the plan sets up facing a direction (and able to turn),
    each to its facing: VASSAL's angle is counter-clockwise, the plan's clockwise."""
    found = checked.report["setups"]
    by_file = {s.get("file"): s.get("name") for s in build_file(checked).iter() if s.tag.endswith(".PredefinedSetup")}
    for setup in checked.plan.setups:
        save = saved_game(checked, setup)
        planned = {pid: placed.facing_deg for pid, placed in _placed_ids(checked.plan, setup, save).items()
                   if placed.facing_deg % 360 and save.pieces[pid].trait("rotate;") is not None}
        turned = {pid: -angle % 360 for pid, angle in found[by_file[setup_file(setup)]]["turned"].items()}
        assert turned == planned, f"{setup.scenario.id}: the engine turns {turned}, the plan {planned}"
    if checked.game.id == "bolt-action":
        assert any(found[name]["turned"] for name in found), "the half-track does not start facing south"


def _action(checked: Checked, name: str) -> dict:
    return next(a for a in checked.report["actions"] if a["action"] == name)


def _has(checked: Checked, prefix: str, needle: str = "") -> bool:
    """Return whether some palette piece has a trait of this prefix whose type holds `needle`."""
    return any(t.prefix == prefix and needle in t.type for p in checked.plan.pieces
               for t in checked.plan.palette_piece(p).traits)


def test_key_commands_work_in_the_engine(checked: Checked) -> None:
    """Flip, mask, rotate, eliminate and restore, return to cup, fired on palette pieces as the referee; a
    flip by a side that does not own the piece changes nothing (see VCheck.fireKeys)."""
    assert "actions" in checked.report, "the harness fires no key commands: rebuild it (tools/vassal-engine/build.sh)"
    flip = _action(checked, "flip")
    assert (flip["before"], flip["after"]) == ("1", "2"), flip
    mask = _action(checked, "mask")
    assert ("piece" in mask) == _has(checked, "obs;", "sides:")
    if "piece" in mask:
        assert mask["before"] == "null;" and mask["after"].startswith("Referee;"), mask
        assert mask["obscured_to_other"] == "true" and mask["other_sees"] not in mask["piece"], mask
    rotate = _action(checked, "rotate")
    assert ("piece" in rotate) == _has(checked, "rotate;")
    if "piece" in rotate and not rotate["before"].endswith(".0"):  # stepped facings (free rotation is dragged)
        assert (rotate["before"], rotate["after"]) == ("0", "1"), rotate
    eliminate = _action(checked, "eliminate")
    assert "piece" in eliminate, "no piece can be eliminated"
    piles = {r.name for b in checked.plan.boards for r in b.regions}
    assert eliminate["after"].split("|", 1)[1] in piles and eliminate["restored"] == eliminate["before"], eliminate
    back = _action(checked, "return")
    assert ("piece" in back) == _has(checked, "return;")
    if "piece" in back:
        decks = {d.name for b in checked.plan.boards for d in b.decks}
        assert back["after"].split("|", 1)[1] in decks, back
    refused = _action(checked, "flip_not_owner")
    if "piece" in refused:
        assert refused["side"] not in refused["owners"] and refused["before"] == refused["after"], refused


def test_combat_helper_gives_the_crt_column(checked: Checked) -> None:
    """Attacker and defender (copies of one unit) on the hex map, the defender on a hex with a terrain shift:
    the helper's totals are their strengths and its column is the one the CRT and the TEC give."""
    helper = checked.plan.combat
    combat = _action(checked, "combat")
    assert ("CombatColumn" in combat) == (helper is not None)
    if helper is None:
        return
    attack, defence = int(combat["attacker_CombatAttack"]), int(combat["defender_CombatDefence"])
    assert (int(combat["CombatA"]), int(combat["CombatD"])) == (attack, defence)
    shift = helper.shifts[0][0] if helper.shifts else 0
    assert int(combat["defender_TerrainShift"]) == int(combat["CombatShift"]) == shift
    index = max((n for n, column in enumerate(helper.columns) if _reaches(column, attack, defence)), default=-1)
    column = helper.columns[min(max(index + shift, 0), len(helper.columns) - 1)] if index >= 0 else "—"
    assert combat["CombatColumn"] == column, combat
    assert combat["label"] == f"{attack} : {defence} ({shift}) → {column}", combat  # what the player sees


def _reaches(column: str, attack: int, defence: int) -> bool:
    """Return whether attack against defence reaches an odds column `a-b` (or a differential column)."""
    if "-" in column[1:]:
        a, b = (int(v) for v in column.split("-"))
        return attack * b >= defence * a
    return attack - defence >= int(column)
