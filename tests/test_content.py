"""Every game in content/ checks clean and builds; Batalha de Gazala matches its source's facts."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from builder.build import build_game, check_path
from builder.load.game import load_game
from tests.conftest import CONTENT, game_folders

GAMES = game_folders()
BATALHA = CONTENT / "batalha-de-gazala"


@pytest.mark.parametrize("folder", GAMES, ids=lambda p: p.name)
def test_game_checks_without_errors(folder: Path) -> None:
    result = check_path(folder)
    assert result.game is not None, [f"{d.at} {d.message}" for d in result.diagnostics]
    assert result.errors == [], "\n".join(f"{d.at}: [{d.rule}] {d.message}" for d in result.errors)


@pytest.mark.parametrize("folder", GAMES, ids=lambda p: p.name)
def test_game_builds_a_manifest(folder: Path, tmp_path: Path) -> None:
    game = load_game(folder)
    built = build_game(game, tmp_path)
    manifest = json.loads((tmp_path / game.id / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["game"] == folder.name == game.id
    assert {a["kind"] for a in manifest["artifacts"]} >= {"model-json"}
    assert len(manifest["artifacts"]) == len(built.artifacts)


def test_every_waiver_has_a_reason() -> None:
    for folder in GAMES:
        for waiver in load_game(folder).game.waivers:
            assert len(waiver.reason.split()) >= 5, f"{folder.name}: {waiver.check} {waiver.subject}"


def test_batalha_counter_mix_matches_the_source() -> None:
    game = load_game(BATALHA)
    by_nationality = Counter(u.nationality for u in game.counters.units)
    assert by_nationality == {"italian": 20, "british": 13, "german": 10, "indian": 5, "south_african": 5,
                              "free_french": 1}
    seven = next(u for u in game.counters.units if u.name["en"] == "7th Motor Brigade")
    assert seven.size == "X" and seven.steps[0].values == {"attack": 4, "defence": 4, "movement": 15}
    for unit in game.counters.units:
        front, back = unit.steps[0].values, unit.steps[1].values
        assert back["attack"] == -(-front["attack"] // 2) and back["defence"] == -(-front["defence"] // 2)
        assert back["movement"] == front["movement"]


def test_batalha_crt_is_the_printed_diagonal() -> None:
    # Digest 001 §4.1: with rows ordered 7, 6-8, …, 2-12 the cell (r, c) is S[c + r].
    sequence = ["DVI AE", "DVI AE", "DVB AE", "DVI ARB", "DVI ARI", "DVB ARB", "DVB ARI", "DRI AVB", "DRB AVB",
                "DRI AVI", "DRB AVI", "EMP", "DE AVB", "DE AVB", "DE AVI", "DE AVI", "DE AVI"]
    crt = next(c for c in load_game(BATALHA).charts.charts if c.id == "crt")
    rows = sorted(crt.rows, key=lambda row: -min(row.roll))
    for r, row in enumerate(rows):
        assert row.cells == sequence[r:r + 12], row.label


def test_batalha_scenario_length_reinforcements_and_victory() -> None:
    game = load_game(BATALHA)
    (campaign,) = game.scenarios
    assert game.game.turns.turn_count() == 14
    assert game.game.turns.date_of(14).isoformat() == "1942-06-21"
    assert sorted(r.turn for r in campaign.reinforcements) == [5, 10, 13]
    assert sum(o.vp for o in campaign.victory.objectives) == 110
    hexes = {m.id: m for m in game.maps.maps}
    main = next(m for m in hexes.values() if m.kind == "hex")
    assert main.grid.columns * main.grid.rows == main.hex_count == 400


def test_a_broken_copy_of_batalha_points_at_the_line(tmp_path: Path) -> None:
    import shutil

    from tests.conftest import run_cli

    copy = tmp_path / "batalha-de-gazala"
    shutil.copytree(BATALHA, copy)
    scenario = copy / "scenarios" / "campaign.yaml"
    lines = scenario.read_text(encoding="utf-8").splitlines(keepends=True)
    number = next(i for i, line in enumerate(lines) if "place: retma" in line)
    lines[number] = lines[number].replace("place: retma", "place: retna")
    scenario.write_text("".join(lines), encoding="utf-8")
    column = lines[number].index("retna") + 1
    result = run_cli("check", str(copy))
    assert result.code == 1
    assert f"{scenario}:{number + 1}:{column}: error [ref/unknown-place]" in result.stderr
    assert 'did you mean "retma"?' in result.stderr
