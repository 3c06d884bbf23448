"""The only place that knows the stage order: load → check → emit → manifest."""
from __future__ import annotations

import dataclasses
import gc
import hashlib
import json
import multiprocessing
import os
import shutil
import signal
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

import builder.rules  # noqa: F401  (registers every check)
from builder.collector import collector_paused
from builder.cache import (RECORD, BuildRecord, EmitterRecord, code_fingerprint, emitter_entries, emitter_key,
                           files_intact, folder_fingerprint, game_folder_of, game_parts, part_fingerprint,
                           read_manifest, read_record, record_bytes)
from builder.emit.counters import emit_counters
from builder.emit.map_svg import emit_map_svgs
from builder.emit.model_json import KIND as MODEL_JSON_KIND, PATH as MODEL_JSON_PATH, emit_model_json
from builder.emit.output import (Artifact, OutputError, OutputTree, Written, clear_leftovers, flush_to_disk,
                                 safe_relative, stage_beside, swap_in, write_atomic)
from builder.emit.vassal.module import attach_documents, documents_from, emit_vmod
from builder.emit.pdf_map import emit_map_pdfs
from builder.emit.charts_svg import emit_charts_svg
from builder.emit.pdf_aid import emit_aid_pdf
from builder.emit.pdf_charts import emit_charts_pdf
from builder.emit.pdf_rulebook import emit_rulebook_pdf, rulebook_reads
from builder.emit.pdf_setup import emit_setup_pdf
from builder.load.game import load_game
from builder.model.base import text_in
from builder.model.content import Game
from builder.progress import Progress
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
    emit_vmod,
]
"""Every emitter, in the order their artifacts are listed in the manifest. Each takes the checked
Game and returns its Artifacts; nothing is written until all of them have run."""

CHART_READS = ("game", "charts", "counters.movement_classes", "maps.terrain")
"""What a chart reads: its own data, and the names of the movement classes and terrain it lists."""
READS: dict[Emitter, tuple[str, ...] | Callable[[Game], tuple[str, ...]]] = {
    _model_json: ("game", "counters", "maps", "charts", "scenarios", "rulebooks"),
    emit_counters: ("game", "counters", "layouts"),
    emit_map_svgs: ("game", "maps"),
    emit_map_pdfs: ("game", "maps"),
    emit_charts_pdf: CHART_READS,
    emit_charts_svg: CHART_READS,
    emit_aid_pdf: CHART_READS,
    emit_rulebook_pdf: rulebook_reads,
    emit_setup_pdf: ("game", "scenarios", "counters", "layouts", "maps"),
}
"""The parts of the Game each emitter reads (fields, or fields of fields), or how to tell them from the
game: a rebuild reruns an emitter only when one of these changed (builder/cache.py). An emitter not
listed is taken to read every part, so a new one is always correct, merely rerun more often;
tests/test_build_cache.py runs each listed emitter with everything else poisoned."""


def _one_rulebook_each(game: Game) -> list[Game]:
    return [dataclasses.replace(game, rulebooks=(book,)) for book in game.rulebooks]


PARTS: dict[Emitter, Callable[[Game], list[Game]]] = {emit_rulebook_pdf: _one_rulebook_each}
"""Emitters whose work splits into independent parts, and how: each part is the game narrowed to one
piece of it (one rulebook), and the emitter's artifacts are its parts' artifacts in order. A build on
several processes runs the parts as separate tasks, so that one long emitter does not hold up a game;
tests/test_build_parallel.py proves the parts add up to the whole."""

DOCUMENTS = (emit_rulebook_pdf, emit_setup_pdf)
"""The emitters whose PDFs the VASSAL module carries in its Help menu. The module is made without them
(so that it need not wait for the rulebook) and they are attached when both are done (`with_documents`)."""


def parts_of(emitter: Emitter, game: Game) -> list[Game]:
    """Return the parts an emitter's work splits into: narrowed games, or the game alone."""
    split = PARTS.get(emitter)
    return split(game) if split is not None else [game]


def reads_of(emitter: Emitter, game: Game) -> tuple[str, ...]:
    """Return the parts of `game` that `emitter` reads (every part for an emitter READS does not list)."""
    declared = READS.get(emitter)
    if declared is None:
        return game_parts(game)
    return declared(game) if callable(declared) else declared


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


def check_path(path: Path) -> CheckResult:
    """Load and check the game at `path`; never raises for content problems."""
    folder = game_folder_of(path)
    # hashed before reading: a file saved during the build makes the next build look again
    inputs = folder_fingerprint(folder) if (folder / "game.yaml").is_file() else ""
    try:
        game = load_game(path)
    except ContentError as exc:
        return CheckResult(path, None, exc.diagnostics, usage_error=exc.usage)
    with collector_paused():  # the checks build no cycles; the collector would walk the whole game again and again
        diagnostics = run_checks(game)
    return CheckResult(path, game, diagnostics, inputs=inputs)


@dataclass(frozen=True)
class BuildResult:
    """What building one game wrote."""

    game_id: str
    folder: Path
    artifacts: list[dict]
    rerun: tuple[str, ...] = ()
    """The emitters that ran; the others' artifacts were kept from the last build."""


def emitter_name(emitter: Emitter) -> str:
    """Return the name an emitter is recorded under in the cache: its module and function name."""
    return f"{emitter.__module__}.{emitter.__qualname__}"


@dataclass(frozen=True)
class GamePlan:
    """What one game's build will do: each emitter's cache key, the artifacts kept, the emitters to run."""

    game: Game
    folder: Path
    keys: dict[str, str]
    kept: dict[str, list[dict]]
    stale: tuple[int, ...]
    inputs: str = ""
    diagnostics: int = 0


def output_folder(game: Game, out_dir: Path) -> Path:
    """Return out_dir/<game id>, refusing an id that would put it anywhere else."""
    relative = safe_relative(game.id)
    if len(relative.parts) != 1 or relative.name.startswith("."):
        raise OutputError(f"the game id {game.id!r} cannot name a folder in {out_dir}")
    return out_dir / relative.name


def _earlier(folder: Path) -> dict[str, tuple[str, list[dict]]]:
    """Return each emitter's key and artifacts from the build already in `folder`, if its files are all there."""
    record, manifest = read_record(folder), read_manifest(folder)
    if record is None or manifest is None or record.code != code_fingerprint():
        return {}
    found = emitter_entries(record, manifest)
    return {name: (key, entries) for name, (key, entries) in found.items()
            if all(_inside(entry.get("path")) for entry in entries) and files_intact(folder, entries)}


def _inside(path: object) -> bool:
    """Return whether a manifest path stays inside the output folder (an edited manifest may say otherwise)."""
    try:
        return isinstance(path, str) and bool(safe_relative(path))
    except OutputError:
        return False


def plan_game(result: CheckResult, out_dir: Path, *, cache: bool = True) -> GamePlan:
    """Return the plan of one checked game: which emitters' inputs changed since the build in out_dir."""
    game = result.game
    folder = output_folder(game, out_dir)
    hashes: dict[str, str] = {}
    for emitter in EMITTERS:
        for part in reads_of(emitter, game):
            hashes.setdefault(part, part_fingerprint(game, part))
    keys = {emitter_name(e): emitter_key(emitter_name(e), {p: hashes[p] for p in reads_of(e, game)})
            for e in EMITTERS}
    earlier = _earlier(folder) if cache else {}
    kept = {name: entries for name, (key, entries) in earlier.items() if keys.get(name) == key}
    stale = tuple(i for i, e in enumerate(EMITTERS) if emitter_name(e) not in kept)
    return GamePlan(game, folder, keys, kept, stale, result.inputs, len(result.diagnostics))


def _manifest_bytes(game: Game, entries: list[dict]) -> bytes:
    manifest = {"game": game.id, "title": text_in(game.game.title, game.game.languages[0]), "artifacts": entries}
    return (json.dumps(manifest, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def _record(plan: GamePlan, counts: list[int]) -> bytes:
    emitters = tuple(EmitterRecord(emitter_name(e), plan.keys[emitter_name(e)], n) for e, n in zip(EMITTERS, counts))
    source = str(plan.game.root.resolve())
    return record_bytes(BuildRecord(code_fingerprint(), plan.inputs, source, plan.diagnostics, emitters))


def _entry(artifact: Artifact, tree: OutputTree) -> dict:
    written = tree.write(artifact.path, artifact.data)
    return {"kind": artifact.kind, "path": written.path, "sha256": written.sha256, "bytes": written.bytes,
            **artifact.extra}


def _fill(plan: GamePlan, made: dict[int, list[Artifact]], tree: OutputTree) -> tuple[list[dict], list[int]]:
    """Write the new artifacts and link in the kept ones, in emitter order; return the entries and counts."""
    entries, counts = [], []
    for index, emitter in enumerate(EMITTERS):
        kept = plan.kept.get(emitter_name(emitter))
        if kept is None:
            found = [_entry(artifact, tree) for artifact in made[index]]
        else:
            found = [{**entry, "path": tree.keep(entry["path"], plan.folder / entry["path"],
                                                 Written(entry["path"], entry["sha256"], entry["bytes"])).path}
                     for entry in kept]
        entries += found
        counts.append(len(found))
    return entries, counts


def _bytes_of(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


ENTRY_KEYS = ("kind", "path", "sha256", "bytes")
"""The manifest entry's own keys; the others are its artifact's `extra`."""


def _documents(plan: GamePlan, made: dict[int, list[Artifact]]) -> list[Artifact]:
    """Return the game's rulebook and setup-card PDFs: made by this build, or kept from the last one."""
    found: list[Artifact] = []
    for emitter in DOCUMENTS:
        index = EMITTERS.index(emitter)
        kept = plan.kept.get(emitter_name(emitter))
        if index in made or kept is None:
            found += made.get(index, [])
            continue
        again = [(entry, _bytes_of(plan.folder / entry["path"])) for entry in kept]
        if all(data is not None and hashlib.sha256(data).hexdigest() == entry["sha256"] for entry, data in again):
            found += [Artifact(e["kind"], e["path"], data, {k: v for k, v in e.items() if k not in ENTRY_KEYS})
                      for e, data in again]
        else:  # changed on disk since the last build (same size, other bytes): make them afresh
            found += emitter(plan.game)
    return found


def with_documents(plan: GamePlan, made: dict[int, list[Artifact]]) -> dict[int, list[Artifact]]:
    """Return `made` with the game's PDFs attached to its VASSAL module, if the module was made afresh."""
    index = EMITTERS.index(emit_vmod)
    if index not in made:
        return made
    documents = documents_from(plan.game, _documents(plan, made))
    if not documents:
        return made
    module = [dataclasses.replace(a, data=attach_documents(plan.game, a.data, documents)) for a in made[index]]
    return {**made, index: module}


def write_game(plan: GamePlan, made: dict[int, list[Artifact]]) -> BuildResult:
    """Write one game's build into a staging folder beside out/<id>/ and swap it in (builder/emit/output.py)."""
    rerun = tuple(emitter_name(EMITTERS[i]) for i in plan.stale)
    made = with_documents(plan, made)
    clear_leftovers(plan.folder)
    if not plan.stale:
        kept = [entry for e in EMITTERS for entry in plan.kept[emitter_name(e)]]
        record = _record(plan, [len(plan.kept[emitter_name(e)]) for e in EMITTERS])
        if _bytes_of(plan.folder / "manifest.json") == _manifest_bytes(plan.game, kept):
            if _bytes_of(plan.folder / RECORD) != record:
                write_atomic(plan.folder / RECORD, record)
            return BuildResult(plan.game.id, plan.folder, kept, rerun)
    staging = stage_beside(plan.folder)
    try:
        tree = OutputTree(staging)
        entries, counts = _fill(plan, made, tree)
        tree.write("manifest.json", _manifest_bytes(plan.game, entries))
        tree.write(RECORD, _record(plan, counts))
        flush_to_disk(staging)
        swap_in(staging, plan.folder)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return BuildResult(plan.game.id, plan.folder, entries, rerun)


_WORKER_GAMES: list[Game] = []
"""The games a pool worker builds: handed over once when it starts (inherited, with fork), never changed."""


def _adopt(games: list[Game]) -> None:
    _WORKER_GAMES[:] = games
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle: it stops the workers
    # the inherited games live as long as the worker: the collector need not walk them again and again
    gc.freeze()


def _emit(game_index: int, emitter_index: int, part: int | None) -> list[Artifact]:
    """Run one emitter on one game, or on one part of it, in a pool worker."""
    emitter, game = EMITTERS[emitter_index], _WORKER_GAMES[game_index]
    return emitter(game if part is None else parts_of(emitter, game)[part])


def default_jobs() -> int:
    """Return how many processes a build uses by default: one per core this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def run_emitters(games: list[Game], tasks: list[tuple[int, int]], *, jobs: int
                 ) -> Iterator[tuple[tuple[int, int], list[Artifact]]]:
    """Yield each (game, emitter) task with its artifacts as it finishes: in this process, or on `jobs` processes.

    Emitters are pure functions of the game, so where one runs never changes what it makes; the
    artifacts are put in emitter order when written (tests/test_build_parallel.py compares both ways).
    On several processes an emitter of PARTS runs as one task per part, its artifacts joined in order.
    """
    if jobs <= 1 or len(tasks) <= 1:
        for game_index, emitter_index in tasks:
            yield (game_index, emitter_index), EMITTERS[emitter_index](games[game_index])
        return
    counts = {task: len(parts_of(EMITTERS[task[1]], games[task[0]])) if EMITTERS[task[1]] in PARTS else 0
              for task in tasks}
    pieces = [(task, part) for task in tasks for part in (range(counts[task]) if counts[task] else [None])]
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    pool = ProcessPoolExecutor(max_workers=min(jobs, len(pieces)), mp_context=context, initializer=_adopt,
                               initargs=(games,))
    pending: dict[Future, tuple[tuple[int, int], int | None]] = {
        pool.submit(_emit, *task, part): (task, part) for task, part in pieces}
    joined: dict[tuple[int, int], dict[int, list[Artifact]]] = {task: {} for task in tasks if counts[task]}
    try:
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                task, part = pending.pop(future)
                if part is None:
                    yield task, future.result()
                    continue
                joined[task][part] = future.result()
                if len(joined[task]) == counts[task]:
                    found = joined.pop(task)
                    yield task, [artifact for index in range(counts[task]) for artifact in found[index]]
    except BaseException:  # an emitter failed, Ctrl-C, or the caller stopped: end the workers' tasks too
        _stop(pool)
        raise
    pool.shutdown()


def _stop(pool: ProcessPoolExecutor) -> None:
    """Cancel what has not started and end the workers now, rather than wait for their running emitters."""
    # The executor offers no way to stop a running task before Python 3.14; its worker table is the way in.
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()


SLOW_FIRST = ("emit_rulebook_pdf", "emit_vmod", "emit_map_pdfs", "emit_setup_pdf")
"""The emitters that take longest (bench/harness.py): started first, so that no long one starts last."""


def _schedule(plans: list[GamePlan]) -> list[tuple[int, int]]:
    """Return every (game, emitter) task to run, the slow emitters of every game first."""
    def rank(task: tuple[int, int]) -> tuple[int, int, int]:
        name = EMITTERS[task[1]].__name__
        return (SLOW_FIRST.index(name) if name in SLOW_FIRST else len(SLOW_FIRST), task[0], task[1])

    return sorted(((g, e) for g, plan in enumerate(plans) for e in plan.stale), key=rank)


def build_checked(results: list[CheckResult], out_dir: Path, *, jobs: int = 1, cache: bool = True,
                  progress: Progress | None = None) -> list[BuildResult]:
    """Build every checked game (none may have errors) into out_dir/<id>/, rerunning only what changed."""
    plans = [plan_game(result, out_dir, cache=cache) for result in results]
    games = [plan.game for plan in plans]
    tasks = _schedule(plans)
    made: list[dict[int, list[Artifact]]] = [{} for _ in plans]
    built: dict[int, BuildResult] = {g: write_game(p, {}) for g, p in enumerate(plans) if not p.stale}
    if progress is not None:
        progress.start(len(tasks))
    # the loaded games live until the build ends: the collector need not walk them again and again
    gc.freeze()
    try:
        for (game_index, emitter_index), artifacts in run_emitters(games, tasks, jobs=jobs):
            made[game_index][emitter_index] = artifacts
            if progress is not None:
                step = EMITTERS[emitter_index].__name__.removeprefix("emit_").strip("_")
                progress.advance(f"{games[game_index].id}: {step}")
            if len(made[game_index]) == len(plans[game_index].stale):
                built[game_index] = write_game(plans[game_index], made[game_index])
                made[game_index] = {}
    finally:
        gc.unfreeze()
    if progress is not None:
        progress.finish()
    return [built[g] for g in range(len(plans))]


def build_game(game: Game, out_dir: Path, *, jobs: int = 1, cache: bool = True) -> BuildResult:
    """Run every emitter whose inputs changed, then write the game and its manifest atomically under out_dir/<id>/."""
    return build_checked([CheckResult(game.root, game, [])], out_dir, jobs=jobs, cache=cache)[0]
