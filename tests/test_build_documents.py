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
    built = build_checked([check_path(MINIMAL)], tmp_path, jobs=jobs)[0]
    pdfs = {a["path"]: (built.folder / a["path"]).read_bytes() for a in built.artifacts
            if a["kind"] in ("rules-pdf", "setup-pdf")}
    assert any(p.startswith("rules/") for p in pdfs) and any(p.startswith("setup/") for p in pdfs)
    module = next(a["path"] for a in built.artifacts if a["kind"] == "vmod")
    with zipfile.ZipFile(io.BytesIO((built.folder / module).read_bytes())) as archive:
        listed = [e.get("pdfFile") for e in ET.fromstring(archive.read("buildFile.xml")).iter(PDF_FILE)]
        attached = {name: archive.read(name) for name in listed}
    assert len(listed) == len(pdfs) == len(set(listed))
    assert sorted(attached.values()) == sorted(pdfs.values()), \
        "each PDF in the module is the build's own, byte for byte"
