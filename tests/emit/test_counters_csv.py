"""`sandtable export csv`: the counter mix as CSV, read back by the CSV loader as the very same units."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from builder.emit.counters_csv import counter_mix_csv
from builder.load.game import load_game
from builder.model.counters import Unit
from builder.rules.export import units_left_out_of_csv
from tests.conftest import game_folders, run_cli

HEADER = ("id,name,nationality,type,formation,size,designation,parent_label,copies,designators,"
          "attack,defence,movement,attack@2,defence@2,movement@2")


def _units(game: Path) -> dict[str, dict]:
    return {unit.id: unit.model_dump() for unit in load_game(game).counters.units}


def _drop_units(game: Path, ids: list[str]) -> None:
    """Delete the units `ids` from counters.yaml, as a designer moving them to the spreadsheet would."""
    path = game / "counters.yaml"
    tree = yaml.safe_load(path.read_text(encoding="utf-8"))
    tree["units"] = [unit for unit in tree.get("units", []) if unit["id"] not in ids]
    path.write_text(yaml.safe_dump(tree, allow_unicode=True, sort_keys=False), encoding="utf-8")


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_export_then_delete_the_units_then_read_back_gives_the_same_units(minimal: Path) -> None:
    before = load_game(minimal).counters.units
    result = run_cli("export", "csv", str(minimal), "-o", str(minimal / "counters.csv"))
    assert result.code == 0, result.stderr
    assert "wrote 4 unit(s)" in result.stderr
    _drop_units(minimal, [unit.id for unit in before])
    after = load_game(minimal).counters.units
    assert [unit.model_dump() for unit in after] == [unit.model_dump() for unit in before]
    assert {unit.src.at.file.name for unit in after} == {"counters.csv"}


def test_export_prints_the_csv_by_default(minimal: Path) -> None:
    result = run_cli("export", "csv", str(minimal))
    assert result.code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == HEADER
    assert lines[1] == "r1,1st Infantry,redland,infantry,1-div,III,1,,1,,4,4,6,2,2,6"
    assert lines[2] == "r2,2nd Armour,redland,armour,1-div,III,2,,1,,6,3,10,,,"
    assert len(lines) == 5


def test_names_per_language_properties_and_backs_round_trip(minimal: Path) -> None:
    counters = minimal / "counters.yaml"
    _edit(counters, "name: 1st Infantry", 'name: {en: 1st Infantry, pl: "1. Piechoty"}')
    _edit(counters, "name: 6th Infantry", "name: 6th Infantry\n    back: mask\n    designators: [G, FL]\n"
                                          "    properties: {setup: ville, elite: true, morale: 7}\n"
                                          "    designed: the back is designed")
    before = _units(minimal)
    (minimal / "counters.csv").write_text(counter_mix_csv(load_game(minimal).counters).text, encoding="utf-8")
    _drop_units(minimal, list(before))
    assert _units(minimal) == before


def test_a_unit_that_does_not_fit_a_row_is_left_out_with_a_located_warning(minimal: Path) -> None:
    _edit(minimal / "counters.yaml", "      - values: {attack: 1, defence: 2, movement: 6}",
          "      - {values: {attack: 1, defence: 2, movement: 6}, label: Broken}")
    result = run_cli("export", "csv", str(minimal))
    assert result.code == 0
    assert f"{minimal}/counters.yaml:32:5: warning [export/unit-not-in-csv] unit \"b1\" is left out" in result.stderr
    assert "hint: keep this unit in counters.yaml" in result.stderr
    assert [line.split(",")[0] for line in result.stdout.splitlines()] == ["id", "r1", "r2", "b2"]


def test_export_of_a_game_that_does_not_load_exits_1_and_writes_nothing(minimal: Path, tmp_path: Path) -> None:
    _edit(minimal / "counters.yaml", "type: armour", "type: [armour")
    result = run_cli("export", "csv", str(minimal), "-o", str(tmp_path / "mix.csv"))
    assert result.code == 1
    assert "counters.yaml:" in result.stderr
    assert not (tmp_path / "mix.csv").exists()


def test_export_of_a_missing_folder_exits_2(tmp_path: Path) -> None:
    assert run_cli("export", "csv", str(tmp_path / "nowhere")).code == 2


@pytest.mark.parametrize("folder", game_folders(), ids=lambda p: p.name)
def test_every_exported_unit_of_a_real_game_reads_back_the_same(folder: Path, tmp_path: Path) -> None:
    game = tmp_path / folder.name
    shutil.copytree(folder, game)
    before = load_game(game).counters
    mix = counter_mix_csv(before)
    left_out = {d.subject for d in units_left_out_of_csv(before)}
    assert set(mix.units) | left_out == {unit.id for unit in before.units}
    (game / "counters.csv").write_text(mix.text, encoding="utf-8")
    _drop_units(game, mix.units)
    after = {unit.id: unit for unit in load_game(game).counters.units}
    original: dict[str, Unit] = {unit.id: unit for unit in before.units}
    assert {i: after[i].model_dump() for i in original} == {i: u.model_dump() for i, u in original.items()}
