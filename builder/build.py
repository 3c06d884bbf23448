"""The only place that knows the stage order: load → check → emit → manifest.

A game is loaded (builder/load/, `load_path`), checked (builder/rules/, `checked`), and only when every game
of the build checks clean are its emitters' artifacts written, with its manifest (`build_checked`). The
machinery lives below, in builder/pipeline/: the emitter table (emitters.py: EMITTERS, READS, PARTS, SHARED),
the load and check stages (checking.py: what the child that reads the games sends), the tasks on several
processes and their order (scheduling.py: Emission), and the output folders, swap-in and cache record (staging.py).
"""
from __future__ import annotations

from multiprocessing.connection import Connection
from pathlib import Path

from builder.collector import collector_paused
from builder.emit.output import OutputError
from builder.model.content import Game
# check_path and load_path, as the CLI's commands and the tests name them
from builder.pipeline.checking import CheckResult, ReaderItem, check_path, checked, load_path, refused  # noqa: F401
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
    `reader` if the caller started it already) while this process imports the emitters; each game's
    emitters start as soon as it is loaded (`HeadStart`), and this process checks it meanwhile, while the
    next games are read; if a check finds an error, that work is thrown away and nothing is written.
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
    head: HeadStart | None = None
    try:
        head = HeadStart(out_dir, jobs=jobs, cache=cache, progress=progress)
        for _ in paths:
            results.append(head.next_game(games, len(results)))
    except BaseException:
        if head is not None:
            head.end()
        raise
    finally:
        games.stop()
    if refused(results):
        return results, None
    if head.emission is None:
        return results, build_checked(results, out_dir, jobs=jobs, cache=cache, progress=progress)
    return results, head.emission.finish()


class HeadStart:
    """The emitters of a build on several processes, started on each game as soon as it is read, before its
    checks are done. It ends, its work thrown away, when a game is refused, or when an emitter fails before
    the game's checks are done (a --lang the game lacks): if the checks then let the build go on, the build
    runs again without a head start and tells the failure (`check_and_build`)."""

    def __init__(self, out_dir: Path, *, jobs: int, cache: bool, progress: Progress | None) -> None:
        self.emission: Emission | None = Emission(out_dir, jobs=jobs, cache=cache, progress=progress, reader=True)

    def end(self) -> None:
        """Stop the emitters and throw their work away."""
        if self.emission is not None:
            self.emission.stop()
            self.emission = None

    def take(self, source: Producer) -> ReaderItem:
        """Return a child's next item; meanwhile the emitters that finish are taken in and replaced."""
        self.collect(until=source.connection)
        # what comes in lives as long as the build (`add` freezes the games, `Emission.stop` thaws them):
        # unpickled without the collector walking it as it grows, then kept out of its passes
        with collector_paused(freeze=self.emission is not None):
            return source.take()

    def collect(self, until: Connection | None = None) -> None:
        """Take in the emitters that finish and start the next tasks in their slots: until `until` has
        something to read, or (between two checks) those finished so far."""
        if self.emission is None:
            return
        try:
            if until is None:
                self.emission.collect(block=False)
            else:
                self.emission.collect_until(until)
        except Exception:  # an emitter failed on a game its checks may yet refuse
            self.end()

    def next_game(self, games: Producer, index: int) -> CheckResult:
        """Take the next game from the reading child, start its emitters, then check it here; return it checked.

        The checks run in this process while the first tasks run in their children, taking in the tasks that
        finish between two checks: what they draw to measure (the charts as the charts PDF and the aid card lay
        them out, the counter faces) is then inherited by the tasks forked after them, rather than drawn again
        (next-war's charts task: 0.22 s of CPU after checks of their own, 0.12 s after these).
        """
        loaded = self.take(games)
        if self.emission is not None and loaded.game is not None:
            try:
                self.emission.add(loaded)
            except (OutputError, OSError):  # told, if the checks let the build go on, by the build without
                self.end()  # a head start (an output folder that cannot be written to, say)
        made = self.take(games)
        if self.emission is not None and made is not None:
            self.emission.from_reader(index, *made)
        # the checks' modules once the game's emitters have started: imported after the emitters' modules,
        # which they share, they take 0.02 s rather than 0.15 s, and the tasks start sooner
        with collector_paused(freeze=True):
            from builder.rules.registry import every_check
            every_check()
        result = checked(loaded, between=self.collect)
        if refused([result]):
            self.end()  # the build is refused; the other games are still checked, to report everything
        elif self.emission is not None:
            self.emission.checked(index, result)
        return result


def build_game(game: Game, out_dir: Path, *, jobs: int = 1, cache: bool = True) -> BuildResult:
    """Run every emitter whose inputs changed, then write the game and its manifest atomically under out_dir/<id>/."""
    return build_checked([CheckResult(game.root, game, [])], out_dir, jobs=jobs, cache=cache)[0]
