"""Invalid content gives exact, located messages: tests/data/invalid/<what>.yaml beside <what>.expected.

The first line of each fixture names the minimal-game file it replaces; the .expected file holds the
exit code and the exact stderr of `sandtable check minimal`, run from the folder above the game.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import DATA, MINIMAL, run_cli

INVALID = DATA / "invalid"


@pytest.mark.parametrize("fixture", sorted(INVALID.glob("*.yaml")), ids=lambda p: p.stem)
def test_invalid_fixture_reports_exact_text(fixture: Path, tmp_path: Path) -> None:
    text = fixture.read_text(encoding="utf-8")
    replaced = text.splitlines()[0].split(":", 1)[1].strip()
    game = tmp_path / "minimal"
    shutil.copytree(MINIMAL, game)
    (game / replaced).write_text(text, encoding="utf-8")
    result = run_cli("check", "minimal", cwd=tmp_path)
    expected = fixture.with_suffix(".expected").read_text(encoding="utf-8")
    assert f"exit: {result.code}\n{result.stderr}" == expected
    assert "Traceback" not in result.stderr


def test_there_are_at_least_a_dozen_invalid_fixtures() -> None:
    assert len(list(INVALID.glob("*.yaml"))) >= 12
    for fixture in INVALID.glob("*.yaml"):
        assert fixture.with_suffix(".expected").exists(), fixture
