"""Every check runs against its data cases in tests/data/rules/<area>/<slug>.yaml.

A case patches a copy of the minimal game (text edits or whole files) and lists the diagnostics of
that check it must produce, with line and column; `expect: []` is a passing case.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from builder.build import check_path
from builder.rules.registry import every_check
from tests.conftest import DATA, MINIMAL

CASE_ROOT = DATA / "rules"
REPO = Path(__file__).resolve().parents[2]


def _case_files() -> list[Path]:
    return sorted(CASE_ROOT.glob("*/*.yaml"))


def _cases() -> list:
    params = []
    for path in _case_files():
        rule = f"{path.parent.name}/{path.stem}"
        for case in yaml.safe_load(path.read_text(encoding="utf-8"))["cases"]:
            params.append(pytest.param(rule, case, id=f"{rule}:{case['name']}"))
    return params


def apply_case(game: Path, case: dict) -> None:
    """Apply a case's whole files, copied files (binary: fonts, images; paths from the repository root) and
    text edits to the game copy."""
    for name, text in (case.get("files") or {}).items():
        target = game / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    for name, source in (case.get("copies") or {}).items():
        target = game / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(REPO / source, target)
    for edit in case.get("edits") or []:
        target = game / edit["file"]
        text = target.read_text(encoding="utf-8")
        assert edit["find"] in text, f"case edit does not apply: {edit['find']!r} not in {edit['file']}"
        target.write_text(text.replace(edit["find"], edit["replace"], 1), encoding="utf-8")


@pytest.mark.parametrize("rule,case", _cases())
def test_check_case(rule: str, case: dict, tmp_path: Path) -> None:
    game = tmp_path / "minimal"
    shutil.copytree(MINIMAL, game)
    apply_case(game, case)
    result = check_path(game)
    assert result.game is not None, "case does not load:\n" + "\n".join(
        f"{d.at}: {d.rule} {d.message}" for d in result.diagnostics)
    found = sorted((d.at.file.relative_to(game).as_posix(), d.at.line, d.at.column)
                   for d in result.diagnostics if d.rule == rule)
    expected = sorted((e.get("file", found[0][0] if found else ""), e["line"], e["column"])
                      for e in case["expect"])
    shown = "\n".join(f"{d.at}: {d.severity.value} [{d.rule}] {d.message}" for d in result.diagnostics)
    assert found == expected, f"{case['name']}: diagnostics were\n{shown}"


def test_minimal_game_is_clean() -> None:
    result = check_path(MINIMAL)
    assert result.game is not None
    assert result.diagnostics == []


def test_every_check_is_documented_and_has_cases() -> None:
    cases = {f"{p.parent.name}/{p.stem}" for p in _case_files()}
    for item in every_check().values():
        assert item.summary and not item.summary.endswith(":"), item.id
        for part in ("Why:", "Fails:", "Passes:"):
            assert part in item.doc, f"{item.id} lacks {part}"
        assert item.id in cases, f"{item.id} has no case file tests/data/rules/{item.id}.yaml"


def test_every_check_has_a_failing_and_a_passing_case() -> None:
    for path in _case_files():
        cases = yaml.safe_load(path.read_text(encoding="utf-8"))["cases"]
        assert any(c["expect"] for c in cases), f"{path} has no failing case"
        assert any(not c["expect"] for c in cases), f"{path} has no passing case"


def test_at_least_25_checks() -> None:
    assert len(every_check()) >= 25
