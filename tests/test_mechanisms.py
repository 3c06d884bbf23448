"""Every speed mechanism can be switched off (builder/mechanisms.py, for bench/rent.py), and the plain way
makes the same documents: the same files, and PDFs that show the same pages."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from builder.mechanisms import MECHANISMS
from tests.conftest import MINIMAL, run_cli
from tests.render.shown import assert_shows_the_same


def _build(out: Path) -> dict[str, dict]:
    result = run_cli("build", str(MINIMAL), "-o", str(out), timeout=300)
    assert result.code == 0, result.stderr
    manifest = json.loads((out / "minimal" / "manifest.json").read_text(encoding="utf-8"))
    return {artifact["path"]: artifact for artifact in manifest["artifacts"]}


def test_a_build_without_every_mechanism_makes_the_same_documents(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    usual = _build(tmp_path / "usual")
    monkeypatch.setenv("SANDTABLE_WITHOUT", ",".join(MECHANISMS))
    plain = _build(tmp_path / "plain")
    assert plain.keys() == usual.keys()
    for path, artifact in usual.items():
        if path.endswith(".pdf"):
            assert_shows_the_same((tmp_path / "plain" / "minimal" / path).read_bytes(),
                                  (tmp_path / "usual" / "minimal" / path).read_bytes())
        else:
            assert plain[path]["sha256"] == artifact["sha256"], path


def test_an_unknown_mechanism_is_a_usage_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SANDTABLE_WITHOUT", "pdf-compile,warp-drive")
    result = run_cli("check", str(MINIMAL))
    assert result.code == 2
    assert "SANDTABLE_WITHOUT names no mechanism warp-drive; known: pdf-compile" in result.stderr
