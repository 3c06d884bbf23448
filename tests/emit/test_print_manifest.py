"""The printed documents in the manifest: kinds with their language, paper and scenario, and
byte-identical rebuilds."""
from __future__ import annotations

import json
from pathlib import Path

from builder.build import build_game
from builder.load.game import load_game
from tests.conftest import MINIMAL

PRINT_KINDS = {"charts-pdf", "charts-svg", "aid-pdf", "rules-pdf", "setup-pdf"}


def _manifest(out: Path) -> dict:
    build_game(load_game(MINIMAL), out)
    return json.loads((out / "minimal" / "manifest.json").read_text(encoding="utf-8"))


def test_manifest_lists_charts_aid_rules_and_setup_with_their_keys(tmp_path: Path) -> None:
    entries = [a for a in _manifest(tmp_path)["artifacts"] if a["kind"] in PRINT_KINDS]
    found = {(a["kind"], a["path"]) for a in entries}
    assert {("charts-pdf", "charts/charts-en-a4.pdf"), ("charts-pdf", "charts/charts-en-letter.pdf"),
            ("aid-pdf", "charts/aid-en-a4.pdf"), ("charts-svg", "charts/crt.svg"),
            ("rules-pdf", "rules/rules-en-a4.pdf"), ("rules-pdf", "rules/rules-en-letter.pdf"),
            ("setup-pdf", "setup/meeting-en-a4.pdf"), ("setup-pdf", "setup/meeting-en-letter.pdf")} <= found
    for entry in entries:
        assert entry["lang"] == "en"
        if entry["kind"] in ("charts-pdf", "aid-pdf"):
            assert entry["paper"] in ("a4", "letter")
        if entry["kind"] == "setup-pdf":
            assert entry["scenario"] == "meeting"
        assert (tmp_path / "minimal" / entry["path"]).stat().st_size == entry["bytes"]


def test_two_builds_write_the_same_bytes(tmp_path: Path) -> None:
    first = {a["path"]: a["sha256"] for a in _manifest(tmp_path / "one")["artifacts"] if a["kind"] in PRINT_KINDS}
    second = {a["path"]: a["sha256"] for a in _manifest(tmp_path / "two")["artifacts"] if a["kind"] in PRINT_KINDS}
    assert first == second and len(first) >= 8
