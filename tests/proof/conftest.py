"""The read-back proof's build: every game in content/ and tests/data/games/, built once per session."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from builder.build import check_and_build
from builder.model.content import Game
from tests.conftest import DATA, game_folders

PROOFED = [*game_folders(), *sorted(p for p in (DATA / "games").iterdir() if (p / "game.yaml").exists())]
"""The games the proof builds and reads back: the seed games, then the test games."""


@dataclass(frozen=True)
class Built:
    """One game built: its model, its output folder and its manifest's artifacts."""

    game: Game
    folder: Path
    artifacts: tuple[dict, ...]

    def paths(self, kind: str) -> list[Path]:
        """Return the files of the artifacts of one kind, in manifest order."""
        return [self.folder / a["path"] for a in self.artifacts if a["kind"] == kind]

    def entries(self, kind: str) -> list[dict]:
        """Return the manifest entries of one kind."""
        return [a for a in self.artifacts if a["kind"] == kind]


@pytest.fixture(scope="session")
def built_games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Built]:
    """Build every proofed game once into a temporary folder; return them by game id."""
    out = tmp_path_factory.mktemp("proof-build")
    results, builds = check_and_build(PROOFED, out, jobs=1, cache=False)
    assert builds is not None, [str(d) for r in results for d in r.errors]
    found = {}
    for result in results:
        folder = out / result.game.game.id
        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
        found[result.game.game.id] = Built(result.game, folder, tuple(manifest["artifacts"]))
    return found


@pytest.fixture(params=[p.name for p in PROOFED])
def built(request: pytest.FixtureRequest, built_games: dict[str, Built]) -> Built:
    """One proofed game, built (the parameter is its folder name, which is its id)."""
    return built_games[request.param]
