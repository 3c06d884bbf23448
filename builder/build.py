"""The only place that knows the stage order: load → check → emit → manifest."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import builder.rules  # noqa: F401  (registers every check)
from builder.emit.counters import emit_counters
from builder.emit.map_svg import emit_map_svgs
from builder.emit.model_json import KIND as MODEL_JSON_KIND, PATH as MODEL_JSON_PATH, emit_model_json
from builder.emit.output import Artifact, OutputTree, Written, write_atomic
from builder.emit.pdf_map import emit_map_pdfs
from builder.emit.charts_svg import emit_charts_svg
from builder.emit.pdf_aid import emit_aid_pdf
from builder.emit.pdf_charts import emit_charts_pdf
from builder.emit.pdf_rulebook import emit_rulebook_pdf
from builder.emit.pdf_setup import emit_setup_pdf
from builder.load.game import load_game
from builder.model.base import text_in
from builder.model.content import Game
from builder.rules.diagnostic import ContentError, Diagnostic, Severity
from builder.rules.registry import run_checks


Emitter = Callable[[Game], list[Artifact]]


def _model_json(game: Game) -> list[Artifact]:
    return [Artifact(MODEL_JSON_KIND, MODEL_JSON_PATH, emit_model_json(game))]


EMITTERS: list[Emitter] = [
    _model_json,
    emit_counters,
    emit_map_svgs,
    emit_map_pdfs,
    emit_charts_pdf,
    emit_charts_svg,
    emit_aid_pdf,
    emit_rulebook_pdf,
    emit_setup_pdf,
]
"""Every emitter, in the order their artifacts are listed in the manifest. Each takes the checked
Game and returns its Artifacts; nothing is written until all of them have run."""


@dataclass(frozen=True)
class CheckResult:
    """What checking one game path found."""

    path: Path
    game: Game | None
    diagnostics: list[Diagnostic]
    usage_error: bool = False

    @property
    def errors(self) -> list[Diagnostic]:
        """Return the diagnostics that are errors."""
        return [d for d in self.diagnostics if d.severity is Severity.ERROR]


def check_path(path: Path) -> CheckResult:
    """Load and check the game at `path`; never raises for content problems."""
    try:
        game = load_game(path)
    except ContentError as exc:
        return CheckResult(path, None, exc.diagnostics, usage_error=exc.usage)
    return CheckResult(path, game, run_checks(game))


@dataclass(frozen=True)
class BuildResult:
    """What building one game wrote."""

    game_id: str
    folder: Path
    artifacts: list[dict]


def build_game(game: Game, out_dir: Path) -> BuildResult:
    """Run every emitter, then write their artifacts and the manifest atomically under out_dir/<id>/."""
    # Gather everything first: if an emitter fails, nothing of this build has been written.
    artifacts = [artifact for emitter in EMITTERS for artifact in emitter(game)]
    folder = out_dir / game.id
    tree = OutputTree(folder)
    entries = []
    for artifact in artifacts:
        written: Written = tree.write(artifact.path, artifact.data)
        entries.append({"kind": artifact.kind, "path": written.path, "sha256": written.sha256,
                        "bytes": written.bytes, **artifact.extra})
    manifest = {"game": game.id, "title": text_in(game.game.title, game.game.languages[0]), "artifacts": entries}
    write_atomic(folder / "manifest.json",
                 (json.dumps(manifest, ensure_ascii=False, indent=2) + "\n").encode("utf-8"))
    return BuildResult(game.id, folder, entries)
