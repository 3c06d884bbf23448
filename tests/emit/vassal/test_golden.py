"""Golden text of the minimal game's module: buildFile.xml, moduledata, the sorted entry list and the
scenario's command stream (ESC shown as `<ESC>` and a line break). Regenerate with `pytest --update-golden`
and review the diff like code."""
from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from builder.emit.vassal.module import vmod_bytes
from builder.load.game import load_game
from tests.conftest import MINIMAL

GOLDEN = Path(__file__).with_name("golden") / "minimal"


@pytest.fixture(scope="module")
def texts() -> dict[str, str]:
    archive = zipfile.ZipFile(io.BytesIO(vmod_bytes(load_game(MINIMAL))))
    save = zipfile.ZipFile(io.BytesIO(archive.read("meeting.vsav")))
    return {
        "buildFile.xml": archive.read("buildFile.xml").decode("utf-8"),
        "moduledata": archive.read("moduledata").decode("utf-8"),
        "entries.txt": "\n".join(archive.namelist()) + "\n",
        "meeting.savedGame.txt": save.read("savedGame").decode("utf-8").replace("\x1b", "<ESC>\n") + "\n",
        "meeting.savedata": save.read("savedata").decode("utf-8"),
    }


@pytest.mark.parametrize("name", ["buildFile.xml", "moduledata", "entries.txt", "meeting.savedGame.txt",
                                  "meeting.savedata"])
def test_minimal_module_matches_golden(name: str, texts: dict[str, str], update_golden: bool) -> None:
    golden = GOLDEN / name
    if update_golden:
        golden.write_text(texts[name], encoding="utf-8")
    assert texts[name] == golden.read_text(encoding="utf-8")
