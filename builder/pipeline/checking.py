"""The load and check stages of a build, and what the child that reads a build's games sends."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

from builder.cache import code_fingerprint, folder_fingerprint, game_folder_of
from builder.emit.output import Artifact
from builder.model.content import Game
from builder.diagnostics import ContentError, Diagnostic, Severity


@dataclass(frozen=True)
class CheckResult:
    """What checking one game path found."""

    path: Path
    game: Game | None
    diagnostics: list[Diagnostic]
    usage_error: bool = False
    inputs: str = ""
    """Hash of the game folder's files, taken before they were read (builder/cache.py)."""

    @property
    def errors(self) -> list[Diagnostic]:
        """Return the diagnostics that are errors."""
        return [d for d in self.diagnostics if d.severity is Severity.ERROR]


def load_path(path: Path) -> CheckResult:
    """Load the game at `path` without checking it: its game, or the diagnostics that stopped the loading."""
    folder = game_folder_of(path)
    # hashed before reading: a file saved during the build makes the next build look again
    inputs = folder_fingerprint(folder) if (folder / "game.yaml").is_file() else ""
    from builder.load.game import PRINT_OVERRIDES, load_game  # the loader and YAML: only where games are read
    if inputs and PRINT_OVERRIDES:  # built with other print settings: the next plain build is not up to date
        inputs += f" with {sorted(PRINT_OVERRIDES.items())}"
    try:
        game = load_game(path)
    except ContentError as exc:
        return CheckResult(path, None, exc.diagnostics, usage_error=exc.usage)
    return CheckResult(path, game, [], inputs=inputs)


def checked(loaded: CheckResult, *, between: Callable[[], object] | None = None) -> CheckResult:
    """Return a loaded game's result with the checks' diagnostics (calling `between` after each check)."""
    if loaded.game is None:
        return loaded
    from builder.rules.registry import run_checks
    return dataclasses.replace(loaded, diagnostics=run_checks(loaded.game, between=between))


def check_path(path: Path) -> CheckResult:
    """Load and check the game at `path`; never raises for content problems."""
    return checked(load_path(path))


def refused(results: list[CheckResult]) -> bool:
    """Return whether a build of these games must not go on: one failed to load or has errors."""
    return any(r.game is None or r.usage_error or r.errors for r in results)


ReaderItem = CheckResult | tuple[str, dict[str, str], dict[int, list[Artifact]]] | None
"""What the child that reads a build's games sends (`loaded_games`)."""


def loaded_games(paths: list[Path]) -> Iterator[ReaderItem]:
    """Yield what a build takes from the child that reads its games, for each game: the loaded result (its
    game); the code fingerprint, the game's cache keys and the READER_MADE emitters' artifacts by emitter
    index (None if it did not load), made while the build still imports its emitters.

    The build checks the game itself once it has it (builder/build.py), with the checks' renderers imported
    and the fonts registered: in this one they took 0.13 s more of CPU.
    """
    # Imported here, not above: `sandtable check` reads and checks games without the emitters (0.1 s of CPU)
    from builder.pipeline import emitters
    for path in paths:
        loaded = load_path(path)
        yield loaded
        game = loaded.game
        yield None if game is None else (code_fingerprint(), emitters.emitter_keys(game),
                                         {emitters.EMITTERS.index(e): e(game) for e in emitters.READER_MADE})
