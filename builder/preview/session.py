"""One game rebuilt into numbered folders, each result published; a build with errors keeps the last good preview."""
from __future__ import annotations

import dataclasses
import shutil
import time
from dataclasses import dataclass
from pathlib import Path

from builder.build import build_game, check_path
from builder.load.game import with_print_settings
from builder.model.base import text_in
from builder.preview.gallery import gallery
from builder.preview.state import PreviewState, Section, Snapshot
from builder.diagnostics import Diagnostic, Severity
from builder.rules.reporters import as_dict

FILES_URL = "/files/"
"""Where the server serves the build folders: `/files/<generation>/<game-id>/<artifact path>`."""

PREVIEW_PRINT = {"press": False, "map_dpi": None}
"""Print settings a live preview overrides: it builds what a designer looks at, not what a print shop gets."""


@dataclass(frozen=True)
class Outcome:
    """What one rebuild did: the snapshot it published, its diagnostics, and our own exception if one broke it."""

    snapshot: Snapshot
    diagnostics: list[Diagnostic]
    seconds: float
    error: BaseException | None = None


def diagnostic_json(diagnostic: Diagnostic, game_folder: Path) -> dict:
    """Return a diagnostic's contract fields plus `where`: `file:line:column`, the file relative to the game."""
    fields = as_dict(diagnostic)
    path = diagnostic.at.file
    try:
        shown = path.resolve().relative_to(game_folder.resolve()).as_posix()
    except ValueError:
        shown = str(path)
    return {**fields, "file": shown, "where": f"{shown}:{diagnostic.at.line}:{diagnostic.at.column}"}


def _counts(diagnostics: list[Diagnostic]) -> str:
    errors = sum(1 for d in diagnostics if d.severity is Severity.ERROR)
    return f"{errors} error(s), {len(diagnostics) - errors} warning(s)"


class PreviewSession:
    """Builds one game on demand into `root/<generation>/` and publishes what the page shows."""

    def __init__(self, game_folder: Path, root: Path, state: PreviewState) -> None:
        self.game_folder = game_folder
        self.root = root
        self.state = state
        self.generation = 0
        self.shown: int | None = None
        self.sections: tuple[Section, ...] = ()

    def rebuild(self) -> Outcome:
        """Check and build the game once more, publish the result and return it."""
        self.generation += 1
        _, current = self.state.latest()
        self.state.publish(dataclasses.replace(current, generation=self.generation, status="building",
                                               summary=f"building (build {self.generation})…"))
        started = time.monotonic()
        try:
            snapshot, diagnostics = self._attempt(current.title)
            error = None
        except Exception as exc:  # sandtable's own bug: show it on the page and keep serving the last good preview
            snapshot, diagnostics, error = self._failed(current.title, exc), [], exc
        self.state.publish(snapshot)
        self._prune()
        return Outcome(snapshot, diagnostics, time.monotonic() - started, error)

    def _attempt(self, title: str) -> tuple[Snapshot, list[Diagnostic]]:
        result = check_path(self.game_folder)
        diagnostics = result.diagnostics
        found = tuple(diagnostic_json(d, self.game_folder) for d in diagnostics)
        if result.game is None or result.errors:
            kept = f"; showing build {self.shown}" if self.shown else ""
            return (Snapshot(title, self.generation, "errors", f"build {self.generation}: {_counts(diagnostics)}{kept}",
                             self.shown, found, self.sections), diagnostics)
        # a preview is for the eye: no press files or map pictures, the slow outputs made for a print shop
        game = with_print_settings(result.game, PREVIEW_PRINT)
        built = build_game(game, self.root / str(self.generation))
        url = f"{FILES_URL}{self.generation}/{game.id}/"
        self.sections = gallery(built.artifacts, built.folder, url)
        self.shown = self.generation
        title = text_in(game.game.title, game.game.languages[0])
        summary = f"build {self.generation}: {len(built.artifacts)} artifact(s), {_counts(diagnostics)}"
        return Snapshot(title, self.generation, "ok", summary, self.shown, found, self.sections), diagnostics

    def _failed(self, title: str, exc: Exception) -> Snapshot:
        summary = (f"build {self.generation} failed: internal error: {type(exc).__name__}: {exc}; please report it "
                   "(run with --debug for the traceback)")
        return Snapshot(title, self.generation, "failed", summary, self.shown, (), self.sections)

    def _prune(self) -> None:
        """Remove every build folder but the one on show and the newest (a page may still be loading from it)."""
        keep = {str(self.shown), str(self.generation)}
        for folder in self.root.iterdir():
            if folder.is_dir() and folder.name not in keep:
                shutil.rmtree(folder, ignore_errors=True)
