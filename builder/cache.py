"""The build cache: what each emitter's artifacts were made from, so a rebuild redoes only what changed.

Each built game folder holds `.sandtable-cache.json` beside its manifest (both are swapped in with
the folder, so they always describe the files there). It records:
- `code`: a hash of sandtable itself (every file of the package, Python's and the installed packages'
  versions): a new sandtable rebuilds everything;
- `inputs`: a hash of every file in the game folder, for the fast path below;
- per emitter, in manifest order: the hash of the parts of the model it reads (`key`) and how many
  artifacts it made.

Two levels use it. `up_to_date` needs no YAML and no model: when the game folder, sandtable and the
output are as the last clean build left them, `sandtable build` has nothing to do (this module
imports only the standard library, so that answer costs a fraction of a second). Otherwise the game
is loaded and checked, and build.py reruns only the emitters whose key changed (`emitter_key`).
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from stat import S_ISREG
from typing import Any, Iterable

RECORD = ".sandtable-cache.json"
"""The cache record's file name, inside each game's output folder."""
MANIFEST = "manifest.json"
FORMAT = 1
"""Version of the record's layout; a record of another version is ignored."""
PACKAGE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class EmitterRecord:
    """One emitter of the last build: its name, the hash of what it read, how many artifacts it made."""

    name: str
    key: str
    artifacts: int


@dataclass(frozen=True)
class BuildRecord:
    """What the build in one output folder was made from."""

    code: str
    inputs: str
    source: str
    diagnostics: int
    emitters: tuple[EmitterRecord, ...]


def _digest(parts: Iterable[bytes]) -> str:
    hasher = hashlib.sha256()
    for part in parts:
        hasher.update(len(part).to_bytes(8, "big"))
        hasher.update(part)
    return hasher.hexdigest()


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """Return the hash of this sandtable: its package files, Python's version and the installed packages'.

    A file counts by its path, size and modification time, as Python judges its own compiled modules
    current: reading the package's 4 MB (its fonts) and asking importlib.metadata for each dependency's
    version took 0.1 s of every build. The installed packages count by the names of their metadata
    folders (`numpy-2.1.3.dist-info`), which carry their versions: installing or upgrading any of
    them rebuilds everything, as a new sandtable does.
    """
    parts = [sys.version.encode()]
    for path in sorted(p for p in PACKAGE.rglob("*") if "__pycache__" not in p.parts):
        stat = path.stat()
        if S_ISREG(stat.st_mode):
            parts.append(f"{path.relative_to(PACKAGE).as_posix()} {stat.st_size} {stat.st_mtime_ns}".encode())
    for folder in sorted({Path(entry) for entry in sys.path if entry and Path(entry).is_dir()}):
        parts += sorted(name.encode() for name in os.listdir(folder) if name.endswith((".dist-info", ".egg-info")))
    return _digest(parts)


def folder_fingerprint(folder: Path) -> str:
    """Return the hash of every file in a game folder: names and contents."""
    parts: list[bytes] = []
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        parts += [path.relative_to(folder).as_posix().encode(), path.read_bytes()]
    return _digest(parts)


def _canonical(value: Any) -> bytes:
    """Return a stable byte form of one part of the model (pydantic models, tuples, dicts, dataclasses)."""
    if hasattr(value, "model_dump_json"):
        return value.model_dump_json().encode("utf-8")
    if isinstance(value, dict):
        return b"{" + b",".join(repr(k).encode() + b":" + _canonical(v) for k, v in sorted(value.items())) + b"}"
    if isinstance(value, (tuple, list)):
        return b"[" + b",".join(_canonical(v) for v in value) + b"]"
    return repr(value).encode("utf-8")


def game_parts(game: object) -> tuple[str, ...]:
    """Return the names of a Game's parts: its dataclass fields (`game`, `counters`, `maps`, …)."""
    return tuple(f.name for f in dataclasses.fields(game))


def part_fingerprint(game: object, part: str) -> str:
    """Return the hash of one part of a Game: a field (`counters`) or a field of one (`counters.movement_classes`);
    `root`, the game folder, stands for its image and font files, not for where it is."""
    if part == "root":
        return art_fingerprint(game.root)
    value = game
    for name in part.split("."):
        value = getattr(value, name)
    return _digest([_canonical(value)])


ART_SUFFIXES = (".svg", ".png", ".jpg", ".jpeg", ".ttf", ".otf")
"""The files a game's YAML names but the model does not hold: its images and fonts."""


def art_fingerprint(root: Path) -> str:
    """Return the hash of every image and font file in a game folder (names and bytes, in sorted order), so that
    redrawn art or a new font rebuilds what prints it."""
    files = sorted(p for p in root.rglob("*") if p.suffix.lower() in ART_SUFFIXES and p.is_file())
    return _digest([part for p in files for part in (p.relative_to(root).as_posix().encode(), p.read_bytes())])


def emitter_key(name: str, fingerprints: dict[str, str]) -> str:
    """Return the hash of what one emitter reads: sandtable, the emitter's name and the parts' hashes."""
    return _digest([code_fingerprint().encode(), name.encode(),
                    *(f"{part}={fingerprints[part]}".encode() for part in sorted(fingerprints))])


def record_bytes(record: BuildRecord) -> bytes:
    """Return the record as the JSON its file holds."""
    data = {"format": FORMAT, **dataclasses.asdict(record)}
    return (json.dumps(data, indent=1) + "\n").encode("utf-8")


def read_record(folder: Path) -> BuildRecord | None:
    """Return the cache record of a game output folder, or None when there is none we can use."""
    try:
        data = json.loads((folder / RECORD).read_text(encoding="utf-8"))
        if data.get("format") != FORMAT:
            return None
        emitters = tuple(EmitterRecord(e["name"], e["key"], int(e["artifacts"])) for e in data["emitters"])
        return BuildRecord(data["code"], data["inputs"], data["source"], int(data["diagnostics"]), emitters)
    except (OSError, ValueError, KeyError, TypeError):
        return None


def read_manifest(folder: Path) -> dict | None:
    """Return the manifest of a game output folder, or None when it is missing or unreadable."""
    try:
        manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return manifest if isinstance(manifest, dict) and isinstance(manifest.get("artifacts"), list) else None


def files_intact(folder: Path, entries: list[dict]) -> bool:
    """Return whether every artifact of `entries` is in `folder` with the size the manifest gives."""
    for entry in entries:
        try:
            if (folder / entry["path"]).stat().st_size != entry["bytes"]:
                return False
        except (OSError, KeyError, TypeError):
            return False
    return True


def emitter_entries(record: BuildRecord, manifest: dict) -> dict[str, tuple[str, list[dict]]]:
    """Return each recorded emitter's key and its manifest entries (they are listed in emitter order)."""
    found, start = {}, 0
    for emitter in record.emitters:
        found[emitter.name] = (emitter.key, manifest["artifacts"][start:start + emitter.artifacts])
        start += emitter.artifacts
    return found if start == len(manifest["artifacts"]) else {}


def game_folder_of(path: Path) -> Path:
    """Return the game folder a command-line path names (the folder, or the folder of its game.yaml)."""
    return path.parent if path.name == "game.yaml" and path.is_file() else path


@dataclass(frozen=True)
class UpToDate:
    """A game whose output folder already holds what a build would write."""

    game_id: str
    folder: Path
    artifacts: int


def up_to_date(path: Path, out_dir: Path) -> UpToDate | None:
    """Return the game at `path` if its last clean build in `out_dir` needs no change, else None."""
    source = game_folder_of(path).resolve()
    if not (source / "game.yaml").is_file() or not out_dir.is_dir():
        return None
    for record_file in sorted(out_dir.glob(f"*/{RECORD}")):
        record = read_record(record_file.parent)
        if record is None or record.source != str(source):
            continue
        manifest = read_manifest(record_file.parent)
        fresh = (manifest is not None and record.diagnostics == 0 and record.code == code_fingerprint()
                 and record.inputs == folder_fingerprint(source) and emitter_entries(record, manifest)
                 and files_intact(record_file.parent, manifest["artifacts"]))
        if fresh:
            return UpToDate(str(manifest["game"]), record_file.parent, len(manifest["artifacts"]))
    return None
