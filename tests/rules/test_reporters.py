"""Reporters: the SARIF log holds the key parts of SARIF 2.1.0 that code scanning reads."""
from __future__ import annotations

import json
import shutil
from pathlib import Path
from urllib.parse import unquote, urlsplit

import jsonschema
import pytest

from tests.conftest import DATA, MINIMAL, run_cli

SARIF_KEY_PARTS = json.loads((DATA / "sarif" / "sarif-2.1.0-key-parts.schema.json").read_text(encoding="utf-8"))


@pytest.fixture
def broken(tmp_path: Path) -> Path:
    """Return a copy of the minimal game, in a folder with a space, with one error and one warning."""
    game = tmp_path / "my games" / "minimal"
    shutil.copytree(MINIMAL, game)
    scenario = game / "scenarios" / "meeting.yaml"
    scenario.write_text(scenario.read_text().replace("place: ville}", "place: vile}"), encoding="utf-8")
    charts = game / "charts.yaml"
    charts.write_text(charts.read_text().replace("      EX: {name: Exchange}\n",
                                                 "      EX: {name: Exchange}\n      NE: {name: No effect}\n"),
                      encoding="utf-8")
    return game


def _sarif(*args: str, cwd: Path) -> dict:
    result = run_cli("check", "--format", "sarif", *args, cwd=cwd)
    assert result.code == 1, result.stderr
    return json.loads(result.stdout)


def test_sarif_log_validates_against_the_key_parts_of_sarif_2_1_0(broken: Path) -> None:
    log = _sarif(str(broken), cwd=broken.parent)
    jsonschema.Draft7Validator.check_schema(SARIF_KEY_PARTS)
    validator = jsonschema.Draft7Validator(SARIF_KEY_PARTS, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)
    errors = sorted(validator.iter_errors(log), key=lambda e: list(e.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors)


def test_sarif_results_name_declared_rules_with_levels_and_positions(broken: Path) -> None:
    (run,) = _sarif(str(broken), cwd=broken.parent)["runs"]
    declared = [rule["id"] for rule in run["tool"]["driver"]["rules"]]
    assert len(declared) == len(set(declared))
    assert {r["ruleId"] for r in run["results"]} == set(declared)
    by_rule = {r["ruleId"]: r for r in run["results"]}
    assert by_rule["ref/unknown-place"]["level"] == "error"
    assert by_rule["chart/unused-result"]["level"] == "warning"
    region = by_rule["ref/unknown-place"]["locations"][0]["physicalLocation"]["region"]
    assert region == {"startLine": 13, "startColumn": 30}
    summaries = {rule["id"]: rule["shortDescription"]["text"] for rule in run["tool"]["driver"]["rules"]}
    assert all(text and text != rule for rule, text in summaries.items())


def test_sarif_uris_are_the_paths_as_given_percent_encoded(broken: Path) -> None:
    (run,) = _sarif("minimal", cwd=broken.parent)["runs"]
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in run["results"]}
    assert "minimal/scenarios/meeting.yaml" in uris  # relative: code scanning maps it onto the repository
    (absolute,) = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                   for r in _sarif(str(broken), cwd=broken.parent)["runs"][0]["results"]
                   if r["ruleId"] == "ref/unknown-place"}
    assert " " not in absolute and "my%20games" in absolute
    assert urlsplit(absolute).scheme == "" and Path(unquote(absolute)) == broken / "scenarios" / "meeting.yaml"
