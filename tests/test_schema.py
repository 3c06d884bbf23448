"""`sandtable schema` is a valid JSON Schema that accepts every content file and rejects bad ones."""
from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import jsonschema
import pytest

from builder.build import check_path
from builder.load.yaml import load_yaml
from builder.schema import FILE_KINDS, schema_document
from tests.conftest import MINIMAL, game_folders, run_cli


def _plain(value):
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dt.date):
        return value.isoformat()
    return value


def _content_files() -> list[tuple[Path, str]]:
    files = []
    for game in [MINIMAL, *game_folders()]:
        for kind in ("game", "counters", "map", "charts"):
            if (game / f"{kind}.yaml").exists():
                files.append((game / f"{kind}.yaml", kind))
        files += [(p, "scenario") for p in sorted((game / "scenarios").glob("*.yaml"))]
    return files


@pytest.mark.parametrize("path,kind", _content_files(), ids=lambda v: str(v)[-60:] if isinstance(v, Path) else v)
def test_schema_accepts_every_content_file(path: Path, kind: str) -> None:
    schema = schema_document(kind)
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(_plain(load_yaml(path)), schema, cls=jsonschema.Draft202012Validator)


def test_schema_rejects_an_unknown_key() -> None:
    data = _plain(load_yaml(MINIMAL / "game.yaml"))
    data["colour_scheme"] = "dark"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, schema_document("game"), cls=jsonschema.Draft202012Validator)


def test_schema_carries_the_field_docs() -> None:
    schema = schema_document("counters")
    unit = schema["$defs"]["Unit"]["properties"]["steps"]
    assert "front face first" in unit["description"]


def test_schema_command_prints_every_kind() -> None:
    result = run_cli("schema")
    assert result.code == 0
    document = json.loads(result.stdout)
    jsonschema.Draft202012Validator.check_schema(document)
    refs = {entry["$ref"].rsplit("/", 1)[1] for entry in document["anyOf"]}
    assert refs == {model.__name__ for model in FILE_KINDS.values()}


def test_schema_write_puts_one_file_per_kind(tmp_path: Path) -> None:
    result = run_cli("schema", "--write", str(tmp_path / "schemas"))
    assert result.code == 0
    written = sorted(p.name for p in (tmp_path / "schemas").iterdir())
    assert written == sorted(f"{kind}.schema.json" for kind in FILE_KINDS)
    for kind in FILE_KINDS:
        document = json.loads((tmp_path / "schemas" / f"{kind}.schema.json").read_text(encoding="utf-8"))
        jsonschema.Draft202012Validator.check_schema(document)
        assert document == schema_document(kind)


def test_schema_write_with_a_kind_writes_that_kind_only(tmp_path: Path) -> None:
    assert run_cli("schema", "--kind", "map", "--write", str(tmp_path)).code == 0
    assert [p.name for p in tmp_path.iterdir()] == ["map.schema.json"]


def test_files_pointing_at_their_schema_still_load(minimal: Path) -> None:
    kinds = {"game.yaml": "game", "counters.yaml": "counters", "map.yaml": "map", "charts.yaml": "charts",
             "scenarios/meeting.yaml": "scenario"}
    for relative, kind in kinds.items():
        path = minimal / relative
        schema = "../schemas" if "/" in relative else "schemas"
        path.write_text(f"# yaml-language-server: $schema={schema}/{kind}.schema.json\n" + path.read_text(),
                        encoding="utf-8")
    scenario = minimal / "scenarios" / "meeting.yaml"
    scenario.write_text(scenario.read_text().replace("place: ville}", "place: vile}"), encoding="utf-8")
    (problem,) = check_path(minimal).diagnostics
    assert (problem.rule, problem.at.line, problem.at.column) == ("ref/unknown-place", 14, 30)  # one line lower
