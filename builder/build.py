"""The only place that knows the stage order: load → check → emit → manifest."""
from __future__ import annotations

import dataclasses
import functools
import gc
import hashlib
import importlib
import shutil
from dataclasses import dataclass
from pathlib import Path
from multiprocessing.connection import Connection, wait
from typing import Callable, Iterator

from pydantic_core import to_json

from builder.cache import (RECORD, BuildRecord, EmitterRecord, code_fingerprint, emitter_entries, emitter_key,
                           files_intact, folder_fingerprint, game_folder_of, game_parts, part_fingerprint,
                           read_manifest, read_record, record_bytes)
from builder.collector import collector_paused
from builder.emit.model_json import KIND as MODEL_JSON_KIND, PATH as MODEL_JSON_PATH, emit_model_json
from builder.emit.output import (Artifact, OutputError, OutputTree, Written, clear_leftovers, flush_to_disk,
                                 safe_relative, stage_beside, swap_in, write_atomic)
from builder.emit.reads import rulebook_reads
from builder.model.base import text_in
from builder.model.content import Game
from builder.model.units import MM_PER_INCH
from builder.processes import Children, Producer, can_fork
from builder.progress import Progress
from builder.reader import start_reader
from builder.rules.diagnostic import ContentError, Diagnostic, Severity


Emitter = Callable[[Game], list[Artifact]]


class Imported:
    """A function named by its module and imported when first called.

    The emitters' libraries (reportlab, PDFium, numpy, shapely) take 0.3 s to import. Naming the emitters
    lets a build import them while a child reads and checks its games (`check_and_build`), and spares a
    rebuild with nothing to do from importing them at all.
    """

    def __init__(self, module: str, name: str) -> None:
        self.__module__, self.__qualname__, self.__name__ = module, name, name
        self._function: Callable | None = None

    @property
    def function(self) -> Callable:
        """Return the function, importing its module the first time."""
        if self._function is None:
            self._function = getattr(importlib.import_module(self.__module__), self.__name__)
        return self._function

    def __call__(self, *args: object) -> object:
        if not args or not isinstance(args[0], Game):
            return self.function(*args)
        from builder.render.fonts import using_fonts
        with using_fonts(font_table(args[0])):
            return self.function(*args)


def font_table(game: Game) -> dict | None:
    """Return the faces the game's print settings choose for its emitters (None: the shipped ones)."""
    from builder.render.fonts import game_font_table, role_specs
    chosen = game.game.print
    return game_font_table(game.root, chosen.font, role_specs(chosen.fonts))

    def __repr__(self) -> str:
        return f"Imported({self.__module__}.{self.__name__})"


def _model_json(game: Game) -> list[Artifact]:
    return [Artifact(MODEL_JSON_KIND, MODEL_JSON_PATH, emit_model_json(game))]


emit_counters = Imported("builder.emit.counters", "emit_counters")
emit_map_svgs = Imported("builder.emit.map_svg", "emit_map_svgs")
emit_map_pdfs = Imported("builder.emit.pdf_map", "emit_map_pdfs")
emit_charts_pdf = Imported("builder.emit.pdf_charts", "emit_charts_pdf")
emit_charts_svg = Imported("builder.emit.charts_svg", "emit_charts_svg")
emit_aid_pdf = Imported("builder.emit.pdf_aid", "emit_aid_pdf")
emit_rulebook_pdf = Imported("builder.emit.pdf_rulebook", "emit_rulebook_pdf")
emit_setup_pdf = Imported("builder.emit.pdf_setup", "emit_setup_pdf")
emit_vmod = Imported("builder.emit.vassal.module", "emit_vmod")
emit_counter_pngs = Imported("builder.emit.counters", "emit_counter_pngs")
emit_map_pngs = Imported("builder.emit.map_png", "emit_map_pngs")

PRESSED: tuple[Emitter, ...] = (emit_counters, emit_map_pdfs, emit_charts_pdf, emit_aid_pdf, emit_rulebook_pdf,
                                emit_setup_pdf)
"""The emitters of the printed documents that get a press version (builder/emit/press.py)."""


def emit_press_pdfs(game: Game) -> list[Artifact]:
    """Return the press PDFs of the printed documents, when `print.press` asks for them.

    The documents are drawn again in this task rather than read back from the other emitters: each emitter
    reads only the model, and the conversion, the slow part, runs beside the other emitters.
    """
    if not game.game.print.press:
        return []
    from builder.emit.press import press_pdfs, to_press
    return press_pdfs(to_press([a for emitter in PRESSED for a in emitter(game)], game.game.print.papers[0]))

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
    emit_counter_pngs,
    emit_map_pngs,
    emit_press_pdfs,
]
"""Every emitter, in the order their artifacts are listed in the manifest. Each takes the checked
Game and returns its Artifacts; nothing is written until all of them have run."""

CHART_READS = ("root", "game", "charts", "counters.movement_classes", "maps.terrain")
"""What a chart reads: its own data, the names of the movement classes and terrain it lists, and the game's
fonts. `root` stands for the game folder's image and font files (builder/cache.py `part_fingerprint`): every
emitter run through `Imported` draws with the game's fonts, and most print its images."""
READS: dict[Emitter, tuple[str, ...] | Callable[[Game], tuple[str, ...]]] = {
    _model_json: ("game", "counters", "maps", "charts", "scenarios", "rulebooks"),
    emit_counters: ("root", "game", "counters", "layouts"),
    emit_map_svgs: ("root", "game", "maps"),
    emit_map_pdfs: ("root", "game", "maps"),
    emit_charts_pdf: CHART_READS,
    emit_charts_svg: CHART_READS,
    emit_aid_pdf: CHART_READS,
    emit_rulebook_pdf: rulebook_reads,
    emit_setup_pdf: ("root", "game", "scenarios", "counters", "layouts", "maps", "charts"),
    emit_counter_pngs: ("root", "game", "counters", "layouts"),
    emit_map_pngs: ("root", "game", "maps"),
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

SHARED: tuple[tuple[Emitter, ...], ...] = (
    (emit_map_pdfs, emit_map_svgs, emit_vmod, emit_map_pngs),
    (emit_charts_pdf, emit_aid_pdf, emit_charts_svg),
    (emit_counters, emit_setup_pdf, emit_counter_pngs),
)
"""Emitters that draw the same things (the map sheets, whose hex maps are the module's boards too; the
charts' layouts; the counters), which each process draws once and remembers (builder/memo.py). A build on
several processes runs the stale emitters of a group as one task, so that the drawing is made once rather
than once in each process: it saves a third of these emitters' work (bench/stages.py times each emitter
with the others' drawings at hand)."""

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


def checked(loaded: CheckResult) -> CheckResult:
    """Return a loaded game's result with the checks' diagnostics."""
    if loaded.game is None:
        return loaded
    from builder.rules.registry import run_checks
    return dataclasses.replace(loaded, diagnostics=run_checks(loaded.game))


def check_path(path: Path) -> CheckResult:
    """Load and check the game at `path`; never raises for content problems."""
    return checked(load_path(path))


def refused(results: list[CheckResult]) -> bool:
    """Return whether a build of these games must not go on: one failed to load or has errors."""
    return any(r.game is None or r.usage_error or r.errors for r in results)


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
    keys: dict[str, str] | None
    """Each emitter's cache key; None when there is no earlier build to compare with (worked out when written)."""
    kept: dict[str, list[dict]]
    stale: tuple[int, ...]
    inputs: str = ""
    diagnostics: int = 0
    code: str = ""
    """The code fingerprint the keys were made with, when another process made them (else worked out here)."""


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


def emitter_keys(game: Game, between: Callable[[], None] | None = None) -> dict[str, str]:
    """Return each emitter's cache key: a hash of the parts of the game it reads (`between` runs after
    each part is hashed)."""
    hashes: dict[str, str] = {}
    for emitter in EMITTERS:
        for part in reads_of(emitter, game):
            if part not in hashes:
                hashes[part] = part_fingerprint(game, part)
                if between is not None:
                    between()
    return {emitter_name(e): emitter_key(emitter_name(e), {p: hashes[p] for p in reads_of(e, game)})
            for e in EMITTERS}


def plan_game(result: CheckResult, out_dir: Path, *, cache: bool = True) -> GamePlan:
    """Return the plan of one checked game: which emitters' inputs changed since the build in out_dir."""
    game = result.game
    folder = output_folder(game, out_dir)
    earlier = _earlier(folder) if cache else {}
    if not earlier:  # every emitter runs: the keys are only wanted for the record, worked out when it is written
        return GamePlan(game, folder, None, {}, tuple(range(len(EMITTERS))), result.inputs, len(result.diagnostics))
    keys = emitter_keys(game)
    kept = {name: entries for name, (key, entries) in earlier.items() if keys.get(name) == key}
    stale = tuple(i for i, e in enumerate(EMITTERS) if emitter_name(e) not in kept)
    return GamePlan(game, folder, keys, kept, stale, result.inputs, len(result.diagnostics))


def _manifest_bytes(game: Game, entries: list[dict]) -> bytes:
    credits = game.game.credits.model_dump(mode="json", exclude={"designed"})
    manifest = {"game": game.id, "title": text_in(game.game.title, game.game.languages[0]),
                "version": credits["version"], "credits": credits, "artifacts": entries}
    return to_json(manifest, indent=2) + b"\n"  # as json.dumps(…, ensure_ascii=False, indent=2), faster (model_json)


def _record(plan: GamePlan, counts: list[int]) -> bytes:
    keys = plan.keys if plan.keys is not None else emitter_keys(plan.game)
    emitters = tuple(EmitterRecord(emitter_name(e), keys[emitter_name(e)], n) for e, n in zip(EMITTERS, counts))
    source = str(plan.game.root.resolve())
    return record_bytes(BuildRecord(plan.code or code_fingerprint(), plan.inputs, source, plan.diagnostics, emitters))


def _entry(artifact: Artifact, tree: OutputTree) -> dict:
    written = tree.write(artifact.path, artifact.data)
    return {"kind": artifact.kind, "path": written.path, "sha256": written.sha256, "bytes": written.bytes,
            **artifact.extra}


@dataclass
class Staging:
    """A game's staging folder (builder/emit/output.py) and the manifest entries of what is written in it so far."""

    folder: Path
    tree: OutputTree
    entries: dict[int, list[dict]]
    """Each emitter's written artifacts, by the emitter's index in EMITTERS."""

    @classmethod
    def beside(cls, plan: GamePlan) -> "Staging":
        """Return a new, empty staging folder for the game of `plan`, clearing what killed builds left."""
        clear_leftovers(plan.folder)
        folder = stage_beside(plan.folder)
        return cls(folder, OutputTree(folder), {})

    def write(self, index: int, artifacts: list[Artifact]) -> None:
        """Write one emitter's artifacts."""
        self.entries[index] = [_entry(artifact, self.tree) for artifact in artifacts]

    def take(self, index: int, entries: list[dict]) -> None:
        """Record the files one emitter's task wrote into this folder itself (`_run_unit`), by their entries."""
        for entry in entries:
            self.tree.taken(Written.of(entry))
        self.entries[index] = entries


def _fill(plan: GamePlan, made: dict[int, list[Artifact]], staging: Staging) -> tuple[list[dict], list[int]]:
    """Write the new artifacts (those not written yet) and link in the kept ones, in emitter order; return the
    entries and counts."""
    entries, counts = [], []
    tree = staging.tree
    for index, emitter in enumerate(EMITTERS):
        kept = plan.kept.get(emitter_name(emitter))
        if kept is None:
            if index not in staging.entries:
                staging.write(index, made[index])
            found = staging.entries[index]
        else:
            found = [{**entry, "path": tree.keep(entry["path"], plan.folder / entry["path"], Written.of(entry)).path}
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
    from builder.emit.vassal.documents import attach_documents, documents_from
    from builder.emit.vassal.editions import edition
    documents = documents_from(plan.game, _documents(plan, made))
    if not documents:
        return made
    first = plan.game.game.languages[0]
    module = [dataclasses.replace(a, data=attach_documents(edition(plan.game, a.extra.get("lang", first)), a.data,
                                                           documents)) for a in made[index]]
    return {**made, index: module}


def write_game(plan: GamePlan, made: dict[int, list[Artifact]], staging: Staging | None = None) -> BuildResult:
    """Write one game's build into a staging folder beside out/<id>/ and swap it in (builder/emit/output.py).

    `staging` holds what was written already, while other emitters were still running (`Emission`).
    """
    rerun = tuple(emitter_name(EMITTERS[i]) for i in plan.stale)
    if staging is None or EMITTERS.index(emit_vmod) not in staging.entries:  # a staged module has its documents
        made = with_documents(plan, made)
    if not plan.stale:
        clear_leftovers(plan.folder)
        kept = [entry for e in EMITTERS for entry in plan.kept[emitter_name(e)]]
        record = _record(plan, [len(plan.kept[emitter_name(e)]) for e in EMITTERS])
        if _bytes_of(plan.folder / "manifest.json") == _manifest_bytes(plan.game, kept):
            if _bytes_of(plan.folder / RECORD) != record:
                write_atomic(plan.folder / RECORD, record)
            return BuildResult(plan.game.id, plan.folder, kept, rerun)
    staging = staging or Staging.beside(plan)
    try:
        entries, counts = _fill(plan, made, staging)
        staging.tree.write("manifest.json", _manifest_bytes(plan.game, entries))
        staging.tree.write(RECORD, _record(plan, counts))
        flush_to_disk(staging.folder)
        swap_in(staging.folder, plan.folder)
    except BaseException:
        shutil.rmtree(staging.folder, ignore_errors=True)
        raise
    return BuildResult(plan.game.id, plan.folder, entries, rerun)


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
    """Return the sizes the emitters' work grows with (`COSTS`)."""
    maps = game.maps.maps
    return {
        "text": sum(len(block.text) for book in game.rulebooks for block in book.blocks()),
        "hex_area": sum(m.grid.columns * m.grid.rows * m.grid.hex_mm ** 2 / 1e6 for m in maps if m.grid is not None),
        "table_area": sum(m.size_in[0] * m.size_in[1] * MM_PER_INCH ** 2 / 1e6 for m in maps
                          if m.size_in is not None),
        "displays": sum(1 for m in maps if m.kind == "display"),
        "counters": len(game.counters.units) + len(game.counters.markers),
        "placements": sum(len(side.placements) for scenario in game.scenarios for side in scenario.setup),
        "charts": len(game.charts.charts),
        "pressed": float(game.game.print.press),
    }


COSTS: dict[Emitter, tuple[float, dict[str, float]]] = {
    emit_rulebook_pdf: (0.0, {"text": 6.8e-6}),
    emit_vmod: (0.05, {"hex_area": 0.5, "counters": 0.0015, "charts": 0.006}),
    emit_map_pdfs: (0.05, {"hex_area": 0.8, "table_area": 0.03, "displays": 0.08}),
    emit_charts_pdf: (0.2, {"charts": 0.0086}),
    emit_counters: (0.04, {"counters": 0.0007}),
    emit_setup_pdf: (0.07, {"placements": 0.002}),
    emit_counter_pngs: (0.3, {"counters": 0.002}),
    emit_press_pdfs: (0.0, {"pressed": 4.5}),
}
"""Each emitter's CPU seconds, estimated as a constant plus seconds per unit of each size of `workload`
(map areas in square metres), fitted by hand to the five seed games on a 2-core machine. The chart
group (SHARED) is counted whole in its first emitter; in the map group, the module counts what it adds to
the map sheets (its boards' hex maps are theirs). An emitter not listed counts 0.
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


READER_MADE: tuple[Emitter, ...] = (_model_json,)
"""Emitters the child that reads a build's games runs itself (`_loaded_and_checked`): game.json is a dump
of the model, whose serialisers that child has built when it validated the game, and a task's child would
build them anew (the build itself only unpickles the game), which took longer than the dump."""

SOLO: tuple[Emitter, ...] = (emit_vmod,)
"""Emitters whose own modules no other emitter uses (the module writer, PDFium: 0.05 s to import). A build
imports them for the second game on (`import_emitters`): the first game's children would wait for them
in the parent, while its one task that needs them can import them in its own child meanwhile."""


def import_emitters(*, solo: bool = True) -> None:
    """Import every emitter (but `SOLO`'s without `solo`) and register every font face in this process, so
    that the children forked after it inherit them rather than each doing it again (0.3 s, fonts parsed
    included, and a build of the five seed games forks some thirty children). Modules make no garbage
    worth a collection: the collector is paused meanwhile, as for builder.build itself (builder/cli.py),
    and what they made is kept out of its later passes (`collector_paused`)."""
    with collector_paused(freeze=True):
        for emitter in EMITTERS:
            if isinstance(emitter, Imported) and (solo or emitter not in SOLO):
                emitter.function
        from builder.render.fonts import FACES, registered
        for font, bold in FACES:
            registered(font, bold)


Made = tuple[list[Artifact], "list[dict] | None"]
"""What a task's child sends back for one emitter: the artifacts the build still needs, and the manifest
entries of those the child wrote itself into the game's staging folder (None if it wrote none)."""


def _run_unit(games: list[Game], staged: dict[int, Path], unit: Unit) -> list[Made]:
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
        entries = [_entry(artifact, tree) for artifact in artifacts]
        found.append((artifacts if emitter in DOCUMENTS else [], entries))
    return found


class Emission:
    """The emitters of the games of one build, run on `jobs` processes, and each game written when done.

    Games come in one by one (`add`); on several processes each game's emitters start in children at
    once (builder/processes.py), while the next game is read and checked (`check_and_build`), and each
    child writes its files into the game's staging folder, hidden, as it finishes (`_run_unit`).
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
        """The staging folder of each game whose tasks write their files themselves (`_run_unit`)."""
        self.children = Children(functools.partial(_run_unit, self.games, self.staged), jobs) \
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
        if progress is not None:
            progress.start(0)
        if self.children is not None:
            import_emitters(solo=False)

    def add(self, result: CheckResult) -> None:
        """Plan a loaded game and start its stale emitters (on several processes; else `finish` runs them)."""
        # the games live until the build ends (and the children inherit them): the collector need not walk them
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
            if game_index == 1:
                import_emitters()
            self.staged[game_index] = self._staging(game_index).folder  # before the tasks' children fork
            sizes = workload(plan.game)
            for members, part in units_of(plan.game, plan.stale):
                if self.reader and all(EMITTERS[m] in READER_MADE for m in members):
                    continue
                unit = (game_index, members, part)
                self.children.submit(unit, -estimated_cost(unit, plan.game, sizes))  # longest first
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
        """Take in an emitter's artifacts, and the entries of those its task wrote itself (`_run_unit`)."""
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
            self.children.stop()
        for staging in self.staging.values():
            shutil.rmtree(staging.folder, ignore_errors=True)
        self.staging = {}
        if self.new_out_dir and not self.built:
            try:
                self.out_dir.rmdir()  # made for the staging folders, now gone: left as it was found
            except OSError:  # not empty (another build's), or never made
                pass
        gc.unfreeze()


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


ReaderItem = CheckResult | tuple[str, dict[str, str], dict[int, list[Artifact]]] | None | list[Diagnostic]
"""What the child that reads and checks a build's games sends (`loaded_and_checked`)."""


def loaded_and_checked(paths: list[Path]) -> Iterator[ReaderItem]:
    """Yield what a build takes from the child that reads and checks its games, for each game: the loaded
    result (its game without Sources, which only the checks read); the code fingerprint, the game's cache
    keys and the READER_MADE emitters' artifacts by emitter index (None if it did not load), made while the
    build still imports its emitters; the checks' diagnostics."""
    for path in paths:
        loaded = load_path(path)
        yield loaded
        game = loaded.game
        yield None if game is None else (code_fingerprint(), emitter_keys(game),
                                         {EMITTERS.index(e): e(game) for e in READER_MADE})
        # `checked` imports the checks' modules once the first game is sent, not before: the build starts the
        # game's emitters as soon as it has the game and its own imports are done
        yield checked(loaded).diagnostics


def check_and_build(paths: list[Path], out_dir: Path, *, jobs: int = 1, cache: bool = True,
                    progress: Progress | None = None, reader: Producer[ReaderItem] | None = None,
                    ) -> tuple[list[CheckResult], list[BuildResult] | None]:
    """Check every game at `paths` and build them all into out_dir, or none if one has errors.

    On several processes the games are read and checked in a child (`loaded_and_checked`, started by
    builder/reader.py: `reader` if the caller started it already) while this process imports the emitters;
    each game's emitters start as soon as it is loaded, while it and the next games are checked; if a check
    finds an error, that work is thrown away and nothing is written.
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

    def take() -> ReaderItem:
        # while the reading child makes its next item, the emitters that finish are taken in and replaced
        if emission is not None:
            emission.collect_until(games.connection)
        # what comes in lives as long as the build (`add` freezes the games, `Emission.stop` thaws them):
        # unpickled without the collector walking it as it grows, then kept out of its passes
        with collector_paused(freeze=emission is not None):
            return games.take()

    try:
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
            made = take()
            if emission is not None and made is not None:
                emission.from_reader(len(results), *made)
            results.append(dataclasses.replace(loaded, diagnostics=take()))
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
