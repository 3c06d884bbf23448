"""The only place that knows the stage order: load → check → emit → manifest.

A game is loaded (builder/load/, `load_path`), checked (builder/rules/, `checked`), and only when every game
of the build checks clean are its emitters' artifacts written, with its manifest (`build_checked`). The
machinery lives below, in builder/pipeline/: the emitter table (emitters.py: EMITTERS, READS, PARTS, SHARED),
the load and check stages as the reading and checking children run them (checking.py), the tasks on several processes and
their order (scheduling.py: Emission), and the output folders, swap-in and cache record (staging.py).
"""
from __future__ import annotations

import dataclasses
import functools
from pathlib import Path

from builder.collector import collector_paused
from builder.emit.output import OutputError
from builder.model.content import Game
# check_path and load_path, as the CLI's commands and the tests name them
from builder.pipeline.checking import (CheckResult, ReaderItem, check_path, checked, diagnostics_of,  # noqa: F401
                                       load_path, refused)
from builder.pipeline.emitters import EMITTERS  # noqa: F401  (the table, as the CLI and bench/ name it)
from builder.pipeline.scheduling import Emission
from builder.pipeline.staging import BuildResult
from builder.processes import Producer, can_fork
from builder.progress import Progress
from builder.reader import start_reader


def build_checked(results: list[CheckResult], out_dir: Path, *, jobs: int = 1, cache: bool = True,
                  progress: Progress | None = None) -> list[BuildResult]:
    """Build every checked game (none may have errors) into out_dir/<id>/, rerunning only what changed."""
    emission = Emission(out_dir, jobs=jobs, cache=cache, progress=progress)
    try:
        for index, result in enumerate(results):
            emission.add(result)
            emission.checked(index, result)
    except BaseException:
        emission.stop()
        raise
    return emission.finish()


def check_and_build(paths: list[Path], out_dir: Path, *, jobs: int = 1, cache: bool = True,
                    progress: Progress | None = None, reader: Producer[ReaderItem] | None = None,
                    ) -> tuple[list[CheckResult], list[BuildResult] | None]:
    """Check every game at `paths` and build them all into out_dir, or none if one has errors.

    On several processes the games are read in a child (`loaded_games`, started by builder/reader.py:
    `reader` if the caller started it already) while this process imports the checks and the emitters;
    each game's emitters start as soon as it is loaded, and its checks in a child forked then, which
    inherits what they draw with (`diagnostics_of`), while the next games are read; if a check finds an
    error, that work is thrown away and nothing is written.
    Returns the check results, and the builds (None when the build was refused).
    """
    if jobs <= 1 or not can_fork():
        if reader is not None:
            reader.stop()
        results = [check_path(path) for path in paths]
        return results, None if refused(results) else build_checked(results, out_dir, jobs=1, cache=cache,
                                                                        progress=progress)
    results: list[CheckResult] = []
    games = reader if reader is not None else start_reader(paths)
    emission: Emission | None = None

    def take(source: Producer = games) -> ReaderItem:
        nonlocal emission
        # while a child makes its next item, the emitters that finish are taken in and replaced
        if emission is not None:
            try:
                emission.collect_until(source.connection)
            except Exception:  # an emitter failed on a game its checks may yet refuse (a --lang the game lacks):
                # the head start ends; if the checks let the build go on, the build without it tells the failure
                emission.stop()
                emission = None
        # what comes in lives as long as the build (`add` freezes the games, `Emission.stop` thaws them):
        # unpickled without the collector walking it as it grows, then kept out of its passes
        with collector_paused(freeze=emission is not None):
            return source.take()

    try:
        with collector_paused(freeze=True):  # the children that check the games inherit the checks' modules
            from builder.rules.registry import every_check
            every_check()
        emission = Emission(out_dir, jobs=jobs, cache=cache, progress=progress, reader=True)
        for _ in paths:
            loaded = take()
            if emission is not None and loaded.game is not None:
                try:
                    emission.add(loaded)
                except (OutputError, OSError):  # told, if the checks let the build go on, by the build without
                    # a head start (an output folder that cannot be written to, say)
                    emission.stop()
                    emission = None
            checks = Producer(functools.partial(diagnostics_of, loaded))  # with the emitters' imports and the fonts
            try:
                made = take()
                if emission is not None and made is not None:
                    emission.from_reader(len(results), *made)
                results.append(dataclasses.replace(loaded, diagnostics=take(checks)))
            finally:
                checks.stop()
            if emission is not None and refused(results[-1:]):
                emission.stop()  # the build is refused; the other games are still checked, to report everything
                emission = None
            if emission is not None:
                emission.checked(len(results) - 1, results[-1])
    except BaseException:
        if emission is not None:
            emission.stop()
        raise
    finally:
        games.stop()
    if refused(results):
        return results, None
    if emission is None:
        return results, build_checked(results, out_dir, jobs=jobs, cache=cache, progress=progress)
    return results, emission.finish()


def build_game(game: Game, out_dir: Path, *, jobs: int = 1, cache: bool = True) -> BuildResult:
    """Run every emitter whose inputs changed, then write the game and its manifest atomically under out_dir/<id>/."""
    return build_checked([CheckResult(game.root, game, [])], out_dir, jobs=jobs, cache=cache)[0]
