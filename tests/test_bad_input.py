"""Bad input never gives a traceback: a located diagnostic and exit 1 (content) or 2 (usage), fast."""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from builder.build import check_path
from tests.conftest import run_cli

TIME_LIMIT_S = 2.0


def _alias_bomb() -> str:
    lines = ['a0: &a0 ["x", "x", "x", "x", "x", "x", "x", "x", "x"]']
    for level in range(1, 10):
        refs = ", ".join([f"*a{level - 1}"] * 9)
        lines.append(f"a{level}: &a{level} [{refs}]")
    return "\n".join(lines) + "\n"


def _write(game: Path, name: str, data: bytes | str) -> None:
    target = game / name
    if isinstance(data, str):
        target.write_text(data, encoding="utf-8")
    else:
        target.write_bytes(data)


CASES = {
    "yaml_syntax_error": ("counters.yaml", "units:\n  - id: r1\n   name: bad indent\n", "load/yaml-syntax", 3),
    "wrong_type": ("counters.yaml", "units: {id: r1}\n", "load/invalid-value", 1),
    "unknown_key": ("map.yaml", "mapz: []\n", "load/unknown-key", 1),
    "duplicate_key": ("charts.yaml", "charts: []\ncharts: []\n", "load/duplicate-key", 2),
    "non_utf8": ("counters.yaml", b"units: []\n# caf\xe9\n", "load/not-utf8", 2),
    "control_character": ("counters.yaml", "units: []\n# a bell \x07\n", "load/yaml-syntax", 2),
    "empty_file": ("charts.yaml", "", "load/empty-file", 1),
    "ten_megabytes": ("counters.yaml", "# " + "x" * (10 * 1024 * 1024) + "\n", "load/file-too-large", 1),
    "alias_bomb": ("counters.yaml", _alias_bomb(), "load/too-many-nodes", None),
    "recursive_alias": ("counters.yaml", "units: &loop [*loop]\n", "load/recursive-alias", 1),
    "nested_150_deep": ("counters.yaml", "units: " + "[" * 150 + "]" * 150 + "\n", "load/too-deep", 1),
    "nested_5000_deep": ("counters.yaml", "units: " + "[" * 5000 + "]" * 5000 + "\n", "load/too-deep", 1),
    "not_a_mapping": ("game.yaml", "- just\n- a list\n", "load/not-a-mapping", 1),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_file_gives_a_located_diagnostic(name: str, minimal: Path) -> None:
    file, data, rule, line = CASES[name]
    _write(minimal, file, data)
    started = time.perf_counter()
    result = check_path(minimal)
    elapsed = time.perf_counter() - started
    assert elapsed < TIME_LIMIT_S, f"{name} took {elapsed:.2f} s"
    found = [d for d in result.diagnostics if d.rule == rule]
    assert found, [f"{d.at} {d.rule} {d.message}" for d in result.diagnostics]
    assert found[0].at.file.name == file
    if line is not None:
        assert found[0].at.line == line
    assert not result.usage_error


@pytest.mark.parametrize("name", ["non_utf8", "control_character", "alias_bomb", "ten_megabytes", "recursive_alias", "nested_5000_deep"])
def test_bad_file_on_the_command_line_exits_1_without_traceback(name: str, minimal: Path) -> None:
    file, data, rule, _ = CASES[name]
    _write(minimal, file, data)
    result = run_cli("check", str(minimal))
    assert result.code == 1
    assert f"[{rule}]" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_a_folder_where_a_file_should_be(minimal: Path) -> None:
    (minimal / "counters.yaml").unlink()
    (minimal / "counters.yaml").mkdir()
    result = run_cli("check", str(minimal))
    assert result.code == 1
    assert "counters.yaml:1:1: error [load/not-a-file]" in result.stderr


def test_a_missing_path_is_a_usage_error(tmp_path: Path) -> None:
    result = run_cli("check", str(tmp_path / "nowhere"))
    assert result.code == 2
    assert "[load/missing-path]" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_folder_without_game_yaml_is_a_usage_error(tmp_path: Path) -> None:
    result = run_cli("check", str(tmp_path))
    assert result.code == 2
    assert "[load/not-a-game]" in result.stderr


def test_an_unknown_option_is_a_usage_error() -> None:
    result = run_cli("check", "--colour", "x")
    assert result.code == 2


def test_every_problem_of_a_run_is_reported_together(minimal: Path) -> None:
    _write(minimal, "counters.yaml", "units: {id: r1}\n")
    _write(minimal, "charts.yaml", "charts: []\ncharts: []\n")
    result = check_path(minimal)
    assert {d.at.file.name for d in result.diagnostics} == {"counters.yaml", "charts.yaml"}


@pytest.mark.parametrize("link", ["counters.yaml", "scenarios/meeting.yaml", "rules/en", "layouts/unit.yaml"])
def test_a_content_file_linked_from_outside_the_game_folder_is_refused(link: str, minimal: Path,
                                                                       tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    target = minimal / link
    if target.exists():
        target.rename(outside / target.name)
    else:
        target.parent.mkdir(parents=True, exist_ok=True)
        (outside / target.name).write_text("id: unit\n", encoding="utf-8")
    target.symlink_to(outside / target.name)
    result = run_cli("check", str(minimal))
    assert result.code == 1
    assert f"{link}:1:1: error [load/outside-game-folder] {link} leads outside the game folder" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_game_folder_that_is_itself_a_link_is_read(minimal: Path, tmp_path: Path) -> None:
    link = tmp_path / "linked"
    link.symlink_to(minimal)
    result = check_path(link)
    assert result.game is not None and result.errors == []
