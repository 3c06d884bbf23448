"""The command line: exit codes, report formats, the checks list, and the build manifest."""
from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import MINIMAL, ROOT, run_cli


def _break(game: Path) -> None:
    path = game / "scenarios" / "meeting.yaml"
    path.write_text(path.read_text().replace("place: ville}", "place: vile}"), encoding="utf-8")


def test_check_clean_game_exits_0() -> None:
    result = run_cli("check", str(MINIMAL))
    assert result.code == 0
    assert "0 error(s), 0 warning(s)" in result.stderr


def test_broken_copy_reports_file_line_column_and_exits_1(minimal: Path) -> None:
    _break(minimal)
    result = run_cli("check", str(minimal))
    assert result.code == 1
    expected = (f"{minimal}/scenarios/meeting.yaml:13:30: error [ref/unknown-place] scenario \"meeting\" names the "
                'place "vile", which is not defined\n    hint: did you mean "ville"?\n')
    assert result.stderr.startswith(expected)


def test_json_format_is_a_list_of_contract_objects(minimal: Path) -> None:
    _break(minimal)
    result = run_cli("check", "--format", "json", str(minimal))
    assert result.code == 1
    found = json.loads(result.stdout)
    assert found[0] == {"file": f"{minimal}/scenarios/meeting.yaml", "line": 13, "column": 30,
                        "rule": "ref/unknown-place", "severity": "error",
                        "message": 'scenario "meeting" names the place "vile", which is not defined',
                        "hint": 'did you mean "ville"?', "subject": "vile"}


def test_sarif_format(minimal: Path) -> None:
    _break(minimal)
    log = json.loads(run_cli("check", "--format", "sarif", str(minimal)).stdout)
    assert log["version"] == "2.1.0"
    result = log["runs"][0]["results"][0]
    assert result["ruleId"] == "ref/unknown-place"
    assert result["locations"][0]["physicalLocation"]["region"] == {"startLine": 13, "startColumn": 30}


def test_github_format(minimal: Path) -> None:
    _break(minimal)
    out = run_cli("check", "--format", "github", str(minimal)).stdout
    assert out.startswith(f"::error file={minimal}/scenarios/meeting.yaml,line=13,col=30,title=ref/unknown-place::")


def test_checks_lists_every_check_with_its_doc() -> None:
    result = run_cli("checks", "--format", "json")
    assert result.code == 0
    items = json.loads(result.stdout)
    assert len(items) >= 25
    ids = [item["id"] for item in items]
    assert "ref/unknown-unit" in ids and ids == sorted(ids)
    assert all("Why:" in item["doc"] for item in items)


def test_build_writes_manifest_and_is_byte_identical(tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    assert run_cli("build", str(MINIMAL), "-o", str(first)).code == 0
    assert run_cli("build", str(MINIMAL), "-o", str(second)).code == 0
    manifest = json.loads((first / "minimal" / "manifest.json").read_text())
    assert manifest["game"] == "minimal" and manifest["title"] == "Minimal Battle"
    for artifact in manifest["artifacts"]:
        data = (first / "minimal" / artifact["path"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == artifact["sha256"]
        assert len(data) == artifact["bytes"]
    for path in sorted(p for p in (first / "minimal").rglob("*") if p.is_file()):
        twin = second / path.relative_to(first)
        assert path.read_bytes() == twin.read_bytes(), path


def test_build_refuses_a_broken_game_and_writes_nothing(minimal: Path, tmp_path: Path) -> None:
    _break(minimal)
    out = tmp_path / "out"
    result = run_cli("build", str(minimal), "-o", str(out))
    assert result.code == 1
    assert "build refused" in result.stderr
    assert not out.exists()


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_output_folder_that_cannot_be_made_is_a_usage_error_not_a_crash(tmp_path: Path, jobs: str) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    inside = run_cli("build", str(MINIMAL), "-o", str(blocker / "out"), "-j", jobs)
    assert inside.code == 2 and "Traceback" not in inside.stderr
    assert f"cannot write the build's output: {blocker / 'out'}: Not a directory" in inside.stderr
    itself = run_cli("build", str(MINIMAL), "-o", str(blocker), "-j", jobs)
    assert itself.code == 2 and "is a file" in itself.stderr
    assert blocker.read_text(encoding="utf-8") == "not a folder"


def test_a_file_a_build_cannot_read_is_a_content_error_and_one_it_cannot_write_a_usage_error(tmp_path: Path) -> None:
    import errno

    from builder.cli import EXIT_CONTENT, EXIT_USAGE, _os_error

    out = tmp_path / "out"
    unreadable = OSError(errno.EACCES, "Permission denied", str(tmp_path / "game" / "map.yaml"))
    line, code = _os_error(unreadable, out)
    assert code == EXIT_CONTENT and line == f"error: cannot read {tmp_path / 'game' / 'map.yaml'}: Permission denied; " \
        "nothing was written"
    unwritable = OSError(errno.ENOSPC, "No space left on device", str(out / ".game.staging-1-ab" / "x.pdf"))
    line, code = _os_error(unwritable, out)
    assert code == EXIT_USAGE and line.startswith(f"error: cannot write the build's output: {out / '.game.staging-1-ab'}")
    assert _os_error(OSError("no file named"), out)[1] == EXIT_USAGE


def test_model_json_holds_the_checked_model(tmp_path: Path) -> None:
    run_cli("build", str(MINIMAL), "-o", str(tmp_path))
    model = json.loads((tmp_path / "minimal" / "game.json").read_text())
    assert [u["id"] for u in model["counters"]["units"]] == ["r1", "r2", "b1", "b2"]
    assert model["rulebooks"][0]["cases"][0] == {"number": "1.0", "title": "Introduction"}


def test_outputs_are_readable_files(tmp_path: Path) -> None:
    assert run_cli("build", str(MINIMAL), "-o", str(tmp_path)).code == 0
    manifest = tmp_path / "minimal" / "manifest.json"
    assert manifest.stat().st_mode & 0o044 == 0o044


def test_importing_the_cli_loads_no_model_and_no_renderer() -> None:
    # `sandtable build` of an up-to-date tree answers before importing the rest (builder/cache.py)
    code = ("import sys, builder.cli; print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('pydantic', 'reportlab', 'yaml', 'shapely', 'PIL') or m in ('builder.build', 'builder.pipeline', 'builder.rules')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert done.stdout.strip() == "[]", done.stdout + done.stderr


def test_the_format_choices_are_the_reporters() -> None:
    from builder.cli import FORMATS
    from builder.rules.reporters import REPORTERS

    assert sorted(FORMATS.choices) == sorted(REPORTERS)


class _Left(Exception):
    """Raised by a stand-in for os._exit, carrying the code the process would have left with."""


@pytest.mark.parametrize(("argv", "code"), [(["--version"], 0), (["no-such-command"], 2),
                                            (["check", "/no/such/game"], 2)])
def test_run_leaves_with_the_commands_exit_code(monkeypatch, capsys, argv: list[str], code: int) -> None:
    from builder import cli

    def leave(status: int) -> None:
        raise _Left(status)

    monkeypatch.setattr(cli.os, "_exit", leave)
    monkeypatch.setattr(sys, "argv", ["sandtable", *argv])
    with pytest.raises(_Left) as left:
        cli.run()
    assert left.value.args == (code,)
    assert cli._HELD_TO_EXIT is None
    said = capsys.readouterr()
    assert (said.out + said.err).strip(), "the command said nothing before leaving"


def test_a_message_given_to_sys_exit_is_printed_and_exits_1(capsys) -> None:
    from builder.cli import _code_of

    assert _code_of(SystemExit("stopped: no room left")) == 1
    assert capsys.readouterr().err == "stopped: no room left\n"
    assert _code_of(SystemExit(None)) == 0 and _code_of(SystemExit(3)) == 3


@pytest.mark.parametrize("raised, code, said", [
    (ModuleNotFoundError("No module named 'babel'", name="babel"), 2, "lacks the Python package that provides 'babel'"),
    (ModuleNotFoundError("No module named 'builder.gone'", name="builder.gone"), 3, "internal error"),
    (KeyError("x"), 3, "internal error"),
])
def test_a_missing_library_is_an_install_step_and_any_other_exception_an_internal_error(
        raised: Exception, code: int, said: str) -> None:
    import click
    from click.testing import CliRunner

    from builder.cli import _guard

    @click.command()
    @_guard
    def fails() -> None:
        raise raised

    result = CliRunner().invoke(fails, [])
    assert result.exit_code == code
    assert said in result.output
    assert "Traceback" not in result.output
    assert ("pip install -e ." in result.output) == (code == 2)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_lang_the_game_lacks_is_a_located_error_and_writes_nothing(minimal: Path, tmp_path: Path, jobs: str) -> None:
    # on several processes the emitters start before the checks end: one failing on the edition-less game
    # must not turn the refusal into an internal error
    out = tmp_path / "out"
    result = run_cli("build", str(minimal), "-o", str(out), "-j", jobs, "--lang", "de")
    assert result.code == 1, result.stderr
    assert "[game/unknown-edition]" in result.stderr and f"{minimal}/game.yaml:" in result.stderr
    assert "internal error" not in result.stderr and "Traceback" not in result.stderr
    assert not out.exists()


def test_lang_builds_only_that_edition(minimal: Path, tmp_path: Path) -> None:
    game = minimal / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("languages: [en]", "languages: [en, pl]"),
                    encoding="utf-8")
    result = run_cli("build", str(minimal), "-o", str(tmp_path / "out"), "--lang", "pl")
    manifest = json.loads((tmp_path / "out" / "minimal" / "manifest.json").read_text(encoding="utf-8"))
    langs = {entry.get("lang") for entry in manifest["artifacts"]} - {None, "*"}
    assert result.code == 0, result.stderr
    assert langs == {"pl"}


def test_the_installed_command_holds_what_a_build_made_until_it_leaves(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """`run` leaves with os._exit, so what the build made is never freed object by object; called otherwise
    (as here, or by `sandtable watch`), the command holds nothing past its end."""
    from click.testing import CliRunner

    from builder import cli

    result = CliRunner().invoke(cli.main, ["build", str(MINIMAL), "-o", str(tmp_path / "a")])
    assert result.exit_code == 0, result.output
    assert cli._HELD_TO_EXIT is None
    monkeypatch.setattr(cli, "_HELD_TO_EXIT", [])
    result = CliRunner().invoke(cli.main, ["build", str(MINIMAL), "-o", str(tmp_path / "b")])
    assert result.exit_code == 0, result.output
    (results,) = cli._HELD_TO_EXIT
    assert [r.game.id for r in results] == ["minimal"]
