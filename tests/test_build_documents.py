"""The build puts the game's rulebooks and setup cards into its VASSAL module's Help menu."""
from __future__ import annotations

import io
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest

from builder.build import build_checked, check_path
from tests.conftest import MINIMAL

PDF_FILE = "VASSAL.build.module.documentation.BrowserPDFFile"


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_module_carries_every_rulebook_and_setup_card(jobs: int, tmp_path: Path) -> None:
    checked = check_path(MINIMAL)
    built = build_checked([checked], tmp_path, jobs=jobs)[0]
    first = checked.game.game.print.papers[0]  # the module carries each document once, on the first paper
    pdfs = {a["path"]: (built.folder / a["path"]).read_bytes() for a in built.artifacts
            if a["kind"] in ("rules-pdf", "setup-pdf") and a["paper"] == first}
    assert any(p.startswith("rules/") for p in pdfs) and any(p.startswith("setup/") for p in pdfs)
    module = next(a["path"] for a in built.artifacts if a["kind"] == "vmod")
    with zipfile.ZipFile(io.BytesIO((built.folder / module).read_bytes())) as archive:
        listed = [e.get("pdfFile") for e in ET.fromstring(archive.read("buildFile.xml")).iter(PDF_FILE)]
        attached = {name: archive.read(name) for name in listed}
    assert len(listed) == len(pdfs) == len(set(listed))
    assert sorted(attached.values()) == sorted(pdfs.values()), \
        "each PDF in the module is the build's own, byte for byte"


def test_the_module_is_written_with_its_documents_before_the_game_is_whole(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    # attached and staged as soon as the module and the PDFs are made, so that the game's last emitter does not
    # leave this work (0.05 s for next-war's module) to be done after it
    import time

    from builder.pipeline import scheduling
    from builder.pipeline.emitters import EMITTERS, emit_map_pdfs, emit_vmod
    from builder.pipeline.staging import BuildResult, GamePlan, Staging

    staged_first = []
    real_write_game, real_run_unit = scheduling.write_game, scheduling.run_unit

    def run_unit(games, staged, unit):  # the map sheets' task ends last, well after the game is checked
        if EMITTERS.index(emit_map_pdfs) in unit[1]:
            time.sleep(0.5)
        return real_run_unit(games, staged, unit)

    def write_game(plan: GamePlan, made: dict, staging: Staging | None = None) -> BuildResult:
        staged_first.append(staging is not None and EMITTERS.index(emit_vmod) in staging.entries)
        return real_write_game(plan, made, staging)

    monkeypatch.setattr(scheduling, "write_game", write_game)
    monkeypatch.setattr(scheduling, "run_unit", run_unit)
    built = build_checked([check_path(MINIMAL)], tmp_path, jobs=2)[0]
    assert staged_first == [True]
    module = next(a["path"] for a in built.artifacts if a["kind"] == "vmod")
    with zipfile.ZipFile(io.BytesIO((built.folder / module).read_bytes())) as archive:
        listed = [e.get("pdfFile") for e in ET.fromstring(archive.read("buildFile.xml")).iter(PDF_FILE)]
    assert listed and len(listed) == len(set(listed)) == len([n for n in archive.namelist() if n.endswith(".pdf")])
