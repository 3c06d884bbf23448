"""Staging: the output folder of a game, what the last build left there, and writing a build into a
staging folder beside it that is swapped in when whole, with its manifest and cache record."""
from __future__ import annotations

import dataclasses
import hashlib
import shutil
from dataclasses import dataclass
from pathlib import Path

from pydantic_core import to_json

from builder.cache import (RECORD, BuildRecord, EmitterRecord, code_fingerprint, emitter_entries, files_intact,
                           read_manifest, read_record, record_bytes)
from builder.emit.output import (Artifact, OutputError, OutputTree, Written, clear_leftovers, flush_to_disk,
                                 safe_relative, stage_beside, swap_in, write_atomic)
from builder.model.base import text_in
from builder.model.content import Game
from builder.pipeline.checking import CheckResult
from builder.pipeline.emitters import DOCUMENTS, EMITTERS, emit_vmod, emitter_keys, emitter_name


@dataclass(frozen=True)
class BuildResult:
    """What building one game wrote."""

    game_id: str
    folder: Path
    artifacts: list[dict]
    rerun: tuple[str, ...] = ()
    """The emitters that ran; the others' artifacts were kept from the last build."""


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


def written_entry(artifact: Artifact, tree: OutputTree) -> dict:
    """Write an artifact into `tree` and return its manifest entry."""
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
        self.entries[index] = [written_entry(artifact, self.tree) for artifact in artifacts]

    def take(self, index: int, entries: list[dict]) -> None:
        """Record the files one emitter's task wrote into this folder itself (`run_unit`), by their entries."""
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
