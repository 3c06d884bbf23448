"""`sandtable new`: a starter game that checks clean, builds, and never overwrites a folder."""
from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from builder.build import check_path
from builder.load.yaml import load_yaml
from builder.scaffold import ScaffoldError, create_game, game_id_for, starter_files, title_for
from tests.conftest import run_cli
from tests.test_schema import _plain

KINDS = {"game.yaml": "game", "counters.yaml": "counters", "map.yaml": "map", "charts.yaml": "charts",
         "scenarios/first-battle.yaml": "scenario"}


def test_new_game_checks_clean_and_builds(tmp_path: Path) -> None:
    made = run_cli("new", "kursk-1943", "--dir", str(tmp_path / "games"))
    assert made.code == 0, made.stderr
    game = tmp_path / "games" / "kursk-1943"
    assert "sandtable watch" in made.stderr and str(game) in made.stderr
    checked = run_cli("check", str(game))
    assert checked.code == 0 and "0 error(s), 0 warning(s)" in checked.stderr
    built = run_cli("build", str(game), "-o", str(tmp_path / "out"))
    assert built.code == 0, built.stderr
    manifest = json.loads((tmp_path / "out" / "kursk-1943" / "manifest.json").read_text())
    kinds = {artifact["kind"] for artifact in manifest["artifacts"]}
    assert {"counters-svg", "map-svg", "charts-svg", "rules-pdf", "setup-pdf"} <= kinds
    assert manifest["title"] == "Kursk 1943"


def test_new_refuses_an_existing_folder_with_exit_2(tmp_path: Path) -> None:
    (tmp_path / "kursk").mkdir()
    (tmp_path / "kursk" / "notes.txt").write_text("mine")
    result = run_cli("new", "kursk", "--dir", str(tmp_path))
    assert result.code == 2
    assert "already exists" in result.stderr
    assert [p.name for p in (tmp_path / "kursk").iterdir()] == ["notes.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kursk"]  # no staging folder left behind


def test_new_refuses_even_an_empty_folder(tmp_path: Path) -> None:
    (tmp_path / "kursk").mkdir()
    with pytest.raises(ScaffoldError, match="already exists"):
        create_game("kursk", tmp_path)


def test_new_refuses_a_name_that_is_a_path(tmp_path: Path) -> None:
    result = run_cli("new", "games/kursk", "--dir", str(tmp_path))
    assert result.code == 2 and "--dir" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_names_make_ids_and_titles() -> None:
    assert (game_id_for("Kursk 43"), title_for("Kursk 43")) == ("kursk-43", "Kursk 43")
    assert (game_id_for("battle-of-ridge"), title_for("battle-of-ridge")) == ("battle-of-ridge", "Battle Of Ridge")
    with pytest.raises(ScaffoldError):
        game_id_for("!!!")


def test_title_with_quotes_and_colons_stays_valid_yaml(tmp_path: Path) -> None:
    made = create_game("odd", tmp_path, title='Operation "Husky": Sicily, 1943')
    result = check_path(made.folder)
    assert result.errors == [] and result.game.game.title == {"en": 'Operation "Husky": Sicily, 1943'}


@pytest.mark.parametrize("relative,kind", sorted(KINDS.items()))
def test_each_file_names_its_schema_and_validates_against_it(tmp_path: Path, relative: str, kind: str) -> None:
    made = create_game("demo", tmp_path)
    path = made.folder / relative
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# yaml-language-server: $schema=")
    schema_path = (path.parent / first.split("$schema=", 1)[1]).resolve()
    assert schema_path == (made.folder / "schemas" / f"{kind}.schema.json").resolve()
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    jsonschema.validate(_plain(load_yaml(path)), schema, cls=jsonschema.Draft202012Validator)


def test_starter_files_are_the_same_every_time() -> None:
    assert starter_files("demo", "Demo") == starter_files("demo", "Demo")


def test_starter_shows_an_image_and_a_font_of_its_own(tmp_path: Path) -> None:
    made = create_game("demo", tmp_path)
    assert (made.folder / "art" / "armour.svg").is_file() and (made.folder / "fonts" / "LICENSE-DejaVu.txt").is_file()
    game = check_path(made.folder).game
    armour = next(t for t in game.counters.unit_types if t.id == "armour")
    assert armour.image == "art/armour.svg"
    assert game.game.print.fonts.headings == "fonts/DejaVuSansCondensed-Bold.ttf"
    assert [credit.files for credit in game.game.art_credits] == [["art/armour.svg"], ["fonts/*"]]
