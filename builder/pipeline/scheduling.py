"""Scheduling: the tasks a build runs on several processes, their estimated costs and order, and the
Emission that runs them and writes each game when its emitters are done."""
from __future__ import annotations

import dataclasses
import functools
import gc
import shutil
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Callable

from builder.collector import collector_paused
from builder.emit.output import Artifact, EarlyFlush, OutputTree
from builder.mechanisms import kept
from builder.model.content import Game
from builder.model.units import MM_PER_INCH
from builder.pipeline.checking import CheckResult
from builder.pipeline.emitters import (DOCUMENTS, EMITTERS, PARTS, READER_MADE, SHARED, Emitter, emit_charts_pdf,
                                       emit_counter_pngs, emit_counters, emit_map_pdfs, emit_press_pdfs,
                                       emit_rulebook_pdf, emit_setup_pdf, emit_vmod, emitter_keys, font_table,
                                       import_emitters, draw_shared, drawn_first, import_svg_reader, parts_of,
                                       register_fonts)
from builder.pipeline.staging import (BuildResult, GamePlan, Staging, plan_game, with_documents, write_game,
                                     written_entry)
from builder.processes import Children, can_fork
from builder.progress import Progress


Unit = tuple[int, tuple[int, ...], "int | None"]
"""One task of a build on several processes: a game, the emitters it runs one after the other (a SHARED
group, or one emitter), and which part of a PARTS emitter's work (None for all of it)."""


def units_of(game: Game, stale: tuple[int, ...]) -> list[tuple[tuple[int, ...], int | None]]:
    """Return the tasks that run a game's stale emitters on several processes: a SHARED group's stale
    members as one task, a PARTS emitter as one task per part, any other emitter alone."""
    group_of = {EMITTERS.index(e): tuple(EMITTERS.index(m) for m in group) for group in SHARED for e in group}
    units: list[tuple[tuple[int, ...], int | None]] = []
    placed: set[int] = set()
    for index in stale:
        if index in placed:
            continue
        emitter = EMITTERS[index]
        if emitter in PARTS:
            units += [((index,), n) for n in range(len(parts_of(emitter, game)))]
            placed.add(index)
            continue
        members = tuple(e for e in group_of.get(index, (index,)) if e in stale)
        units.append((members, None))
        placed.update(members)
    return units


def workload(game: Game) -> dict[str, float]:
    """Return the sizes the emitters' work grows with (`COSTS`); maps and counters are drawn once per edition."""
    maps = game.maps.maps
    editions = len(game.game.editions())
    return {
        "text": sum(len(block.text) for book in game.rulebooks for block in book.blocks()),
        "hex_area": editions * sum(m.grid.columns * m.grid.rows * m.grid.hex_mm ** 2 / 1e6 for m in maps
                                   if m.grid is not None),
        "table_area": editions * sum(m.size_in[0] * m.size_in[1] * MM_PER_INCH ** 2 / 1e6 for m in maps
                                     if m.size_in is not None),
        "displays": editions * sum(1 for m in maps if m.kind == "display"),
        "counters": editions * (len(game.counters.units) + len(game.counters.markers)),
        "placements": sum(len(side.placements) for scenario in game.scenarios for side in scenario.setup),
        "charts": len(game.charts.charts),
        "pressed": float(game.game.print.press),
        "png_counters": (len(game.counters.units) + len(game.counters.markers)) * game.game.print.png,
    }


COSTS: dict[Emitter, tuple[float, dict[str, float]]] = {
    emit_rulebook_pdf: (0.0, {"text": 3.3e-6}),
    emit_vmod: (0.04, {"hex_area": 0.4, "table_area": 0.016, "counters": 0.0008, "charts": 0.004}),
    emit_map_pdfs: (0.03, {"hex_area": 0.45, "table_area": 0.015, "displays": 0.03}),
    emit_charts_pdf: (0.04, {"charts": 0.005}),
    emit_counters: (0.03, {"counters": 0.0003}),
    emit_setup_pdf: (0.05, {"placements": 0.001}),
    emit_counter_pngs: (0.0, {"png_counters": 0.005}),
    emit_press_pdfs: (0.0, {"pressed": 4.5}),
}
"""Each emitter's CPU seconds, estimated as a constant plus seconds per unit of each size of `workload`
(map areas in square metres), fitted by hand to the five seed games on a 2-core machine. A group (SHARED)
is counted whole in its first emitter; the module, a task of its own, counts its boards' hex maps too. An
emitter not listed counts 0.
They need only be right enough to start the long tasks first, so that no long one starts last and leaves
the other cores idle at the end; the sizes let the order follow the game's shape (a long rulebook, a big map,
many placements). `python -m bench.costs` prints each task's estimate beside its measured CPU time."""


def estimated_cost(unit: Unit, game: Game, sizes: dict[str, float]) -> float:
    """Return a unit's estimated CPU seconds (its game's `sizes`, or its part's for a PARTS emitter)."""
    _, members, part = unit
    total = 0.0
    for index in members:
        emitter = EMITTERS[index]
        base, per = COSTS.get(emitter, (0.0, {}))
        found = sizes if part is None else workload(parts_of(emitter, game)[part])
        total += base + sum(rate * found[size] for size, rate in per.items())
    return total


Made = tuple[list[Artifact], "list[dict] | None"]
"""What a task's child sends back for one emitter: the artifacts the build still needs, and the manifest
entries of those the child wrote itself into the game's staging folder (None if it wrote none)."""


def run_unit(games: list[Game], staged: dict[int, Path], unit: Unit) -> list[Made]:
    """Run a unit's emitters on its game, or on one part of it, in a task's child.

    The child writes what they make into the game's staging folder, `staged[game]`, itself: the build's
    own process, which would write each file in turn once the task is done, is left only the module
    (its documents are attached to it there, `_stage_module`) and the documents, whose bytes it needs.
    A folder of 300 counter faces took the build 0.1 s to write after the last task of next-war.
    """
    game_index, emitter_indices, part = unit
    game = games[game_index]
    folder = staged.get(game_index)
    tree = OutputTree(folder) if folder is not None else None
    found: list[Made] = []
    for index in emitter_indices:
        emitter = EMITTERS[index]
        artifacts = emitter(game if part is None else parts_of(emitter, game)[part])
        if tree is None or emitter is emit_vmod:
            found.append((artifacts, None))
            continue
        entries = [written_entry(artifact, tree) for artifact in artifacts]
        found.append((artifacts if emitter in DOCUMENTS else [], entries))
    return found


def _draw_first(game: Game, drawers: list[Callable[[Game], None]]) -> None:
    """Draw what several of a game's tasks share, before they fork (`draw_shared`): kept as long as the game."""
    try:
        with collector_paused(freeze=True):
            draw_shared(game, drawers)
    except Exception:  # content its checks may yet refuse: each task draws for itself, in its child, and an
        pass  # emitter that fails there is told as it was before (HeadStart, check_and_build)


class Emission:
    """The emitters of the games of one build, run on `jobs` processes, and each game written when done.

    Games come in one by one (`add`); on several processes each game's emitters start in children at
    once (builder/processes.py), while the game is checked and the next one read (builder/build.py
    `check_and_build`), and each child writes its files into the game's staging folder, hidden, as it
    finishes (`run_unit`).
    Nothing else is written until `release` (every game checked clean); then the rest of each emitter's
    files go into the staging folder as it finishes, and the folder is swapped in when the game is whole.
    A build refused or failed removes its staging folders: the output folder is left as it was.
    Emitters are pure functions of the game, so where one runs never changes what it makes; the
    artifacts are put in emitter order in the manifest (tests/test_build_parallel.py compares both ways).
    """

    def __init__(self, out_dir: Path, *, jobs: int, cache: bool, progress: Progress | None,
                 reader: bool = False) -> None:
        self.out_dir, self.cache, self.progress = out_dir, cache, progress
        self.plans: list[GamePlan] = []
        self.games: list[Game] = []
        self.made: list[dict[int, list[Artifact]]] = []
        self.built: dict[int, BuildResult] = {}
        self.staged: dict[int, Path] = {}
        """The staging folder of each game whose tasks write their files themselves (`run_unit`)."""
        self.children = Children(functools.partial(run_unit, self.games, self.staged), jobs) \
            if jobs > 1 and can_fork() else None
        self.new_out_dir = not out_dir.exists()
        """Whether the output folder is this build's to remove, if it stops with nothing written."""
        self.reader = reader and self.children is not None
        """Whether the process that reads the games makes the READER_MADE emitters' artifacts (`from_reader`)."""
        self.joined: dict[tuple[int, int], dict[int, Made]] = {}
        self.writing = False
        self.whole: list[int] = []
        """Games whose emitters are all done, waiting for `release` to be written."""
        self.staging: dict[int, Staging] = {}
        """The staging folders of the games being written, as their emitters finish (once released)."""
        self.flush = EarlyFlush()
        """Flushes each task's files to disk as it finishes, rather than all of them after the last one."""
        if progress is not None:
            progress.start(0)
        if self.children is not None:
            import_emitters()
            register_fonts()

    def add(self, result: CheckResult) -> None:
        """Plan a loaded game and start its stale emitters (on several processes; else `finish` runs them)."""
        # the games live until the build ends (and the children inherit them): the collector need not walk them
        if kept("collector"):
            gc.freeze()
        plan = plan_game(result, self.out_dir, cache=self.cache)
        game_index = len(self.plans)
        self.plans.append(plan)
        self.games.append(plan.game)
        self.made.append({})
        if self.progress is not None:
            self.progress.extend(len(plan.stale))
        if not plan.stale:
            self._whole(game_index)
        elif self.children is not None:
            self._start_tasks(game_index, plan.game, plan.stale)

    def _start_tasks(self, game_index: int, game: Game, stale: tuple[int, ...]) -> None:
        """Queue a game's stale tasks, longest first, and start them: those that use a drawing two or more of them
        share (SHARED_DRAWINGS) once this process has drawn it, the others meanwhile on the other cores.
        This process draws with the game's faces from now on (`hold_fonts`): its tasks fork with what it draws and
        measures with them, here and in the game's checks."""
        from builder.render.fonts import hold_fonts
        hold_fonts(font_table(game))
        import_svg_reader(game)
        self.staged[game_index] = self._staging(game_index).folder  # before the tasks' children fork
        units = [(game_index, members, part) for members, part in units_of(game, stale)
                 if not (self.reader and all(EMITTERS[m] in READER_MADE for m in members))]
        drawers, waiting = drawn_first([tuple(EMITTERS[m] for m in members) for _, members, _ in units]) \
            if kept("shared-first") else ([], [False] * len(units))
        sizes = workload(game)
        later = []
        for unit, waits in zip(units, waiting):
            if waits:
                later.append(unit)
            else:
                self.children.submit(unit, -estimated_cost(unit, game, sizes))
        if drawers:
            self.children.start(slots=self.children.jobs - 1)
            _draw_first(game, drawers)
        for unit in later:
            self.children.submit(unit, -estimated_cost(unit, game, sizes))
        self.children.start()

    def from_reader(self, game_index: int, code: str, keys: dict[str, str], made: dict[int, list[Artifact]]) -> None:
        """Take what the process that read a game made of it: the code fingerprint and cache keys (unless its
        plan has keys already), and the artifacts of the READER_MADE emitters, by emitter index."""
        plan = self.plans[game_index]
        if plan.keys is None:
            self.plans[game_index] = dataclasses.replace(plan, keys=keys, code=code)
        for emitter_index, artifacts in made.items():
            if emitter_index in plan.stale:
                self._done(game_index, emitter_index, artifacts)

    def checked(self, game_index: int, result: CheckResult) -> None:
        """Record the number of diagnostics a game's checks found (its build record keeps it)."""
        plan = self.plans[game_index]
        self.plans[game_index] = dataclasses.replace(plan, diagnostics=len(result.diagnostics))

    def collect_until(self, ready: Connection) -> None:
        """Take in the emitters that finish until `ready` has something to read, refilling their slots."""
        while not ready.poll():
            if self.children is None or not self.children.running:
                wait([ready])
                return
            self.children.wait_with(ready)
            self.collect(block=False)

    def collect(self, *, block: bool) -> None:
        """Take in the emitters finished so far (all of them, with `block`), writing each game once it is whole."""
        if self.children is None:
            if block:
                for game_index, plan in enumerate(self.plans):
                    for emitter_index in plan.stale:
                        self._done(game_index, emitter_index, EMITTERS[emitter_index](plan.game))
            return
        for (game_index, members, part), found in self.children.finished(block=block):
            self.flush.start()
            if part is None:
                for emitter_index, (artifacts, entries) in zip(members, found):
                    self._done(game_index, emitter_index, artifacts, entries)
                continue
            task = (game_index, members[0])
            self.joined.setdefault(task, {})[part] = found[0]
            count = len(parts_of(EMITTERS[members[0]], self.games[game_index]))
            if len(self.joined[task]) == count:
                joined = self.joined.pop(task)
                pieces = [joined[n] for n in range(count)]
                entries = None if any(e is None for _, e in pieces) else [x for _, e in pieces for x in e]
                self._done(game_index, members[0], [a for artifacts, _ in pieces for a in artifacts], entries)

    def _done(self, game_index: int, emitter_index: int, artifacts: list[Artifact],
              entries: list[dict] | None = None) -> None:
        """Take in an emitter's artifacts, and the entries of those its task wrote itself (`run_unit`)."""
        if entries is not None:
            self.staging[game_index].take(emitter_index, entries)
        made = self.made[game_index]
        made[emitter_index] = artifacts
        if self.writing:
            self._stage(game_index, emitter_index)
        if self.progress is not None:
            step = EMITTERS[emitter_index].__name__.removeprefix("emit_").strip("_")
            self.progress.advance(f"{self.games[game_index].id}: {step}")
        if len(made) == len(self.plans[game_index].stale):
            self._whole(game_index)

    def _stage(self, game_index: int, emitter_index: int) -> None:
        """Write an emitter's artifacts into its game's staging folder now, while other emitters run, rather than
        all at the end; the module once it and the documents attached to it are all made (`_stage_module`)."""
        made, emitter = self.made[game_index], EMITTERS[emitter_index]
        if made.get(emitter_index) is None:
            return
        if emitter is emit_vmod or emitter in DOCUMENTS:
            self._stage_module(game_index)
        staging = self._staging(game_index)
        if emitter is not emit_vmod and emitter_index not in staging.entries:
            staging.write(emitter_index, made[emitter_index])

    def _stage_module(self, game_index: int) -> None:
        """Attach the documents to the game's module and write it, if it and the documents this build makes are
        all made: while the last emitters run, not after (0.05 s for next-war's)."""
        plan, made = self.plans[game_index], self.made[game_index]
        module = EMITTERS.index(emit_vmod)
        staged = self.staging.get(game_index)
        if module not in made or (staged is not None and module in staged.entries) \
                or any(EMITTERS.index(d) in plan.stale and EMITTERS.index(d) not in made for d in DOCUMENTS):
            return
        made.update(with_documents(plan, made))
        self._staging(game_index).write(module, made[module])

    def _staging(self, game_index: int) -> Staging:
        if game_index not in self.staging:
            self.staging[game_index] = Staging.beside(self.plans[game_index])
        return self.staging[game_index]

    def _whole(self, game_index: int) -> None:
        """Write a game whose emitters are all done, or keep it for `release`."""
        if not self.writing:
            self.whole.append(game_index)
            return
        plan = self.plans[game_index]
        self.built[game_index] = write_game(plan, self.made[game_index], self.staging.pop(game_index, None))
        self.made[game_index] = {}

    def release(self) -> None:
        """Let the games be written (every game of the build is checked clean): those done so far now, the
        rest when done."""
        self.writing = True
        for game_index, made in enumerate(self.made):
            if game_index not in self.whole:
                for emitter_index in made:
                    self._stage(game_index, emitter_index)
        for game_index in self.whole:
            self._whole(game_index)
        self.whole = []

    def finish(self) -> list[BuildResult]:
        """Wait for every emitter and return what each game's build wrote, in the order the games came."""
        try:
            # the records' cache keys, while the children work, rather than after the last one is done;
            # a child that finishes meanwhile has its slot refilled at once
            between = functools.partial(self.collect, block=False)
            self.plans = [p if p.keys is not None else dataclasses.replace(p, keys=emitter_keys(p.game, between))
                          for p in self.plans]
            self.release()
            self.collect(block=True)
        finally:
            self.stop()
        if self.progress is not None:
            self.progress.finish()
        return [self.built[g] for g in range(len(self.plans))]

    def stop(self) -> None:
        """End the children still running (a check failed, an emitter failed, Ctrl-C); nothing more is written."""
        if self.children is not None:
            from builder.render.fonts import hold_fonts
            self.children.stop()
            hold_fonts(None)
        for staging in self.staging.values():
            shutil.rmtree(staging.folder, ignore_errors=True)
        self.staging = {}
        self.flush.wait()
        if self.new_out_dir and not self.built:
            try:
                self.out_dir.rmdir()  # made for the staging folders, now gone: left as it was found
            except OSError:  # not empty (another build's), or never made
                pass
        gc.unfreeze()
