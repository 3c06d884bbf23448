"""Atomic writes under one output folder: temp file in the same folder, then rename."""
from __future__ import annotations

import hashlib
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath


class OutputError(Exception):
    """An emitter asked for a path that escapes the output folder, or for one path twice."""


@dataclass(frozen=True)
class Artifact:
    """One output file an emitter produced, before it is written; `extra` joins its manifest entry."""

    kind: str
    path: str
    data: bytes
    extra: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Written:
    """One file written: where (relative, POSIX), its SHA-256 and its size."""

    path: str
    sha256: str
    bytes: int


def safe_relative(path: str) -> PurePosixPath:
    """Return `path` as a relative POSIX path inside the output folder, or raise OutputError."""
    pure = PurePosixPath(path)
    if pure.is_absolute() or not pure.parts or any(part in ("..", "") for part in pure.parts) or "\\" in path:
        raise OutputError(f"output path {path!r} would leave the output folder")
    return pure


def write_atomic(target: Path, data: bytes) -> None:
    """Write `data` to `target` so that readers see the old file or the whole new one, never a part."""
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        # mkstemp makes the file private (0600); outputs are ordinary files, readable as the umask allows
        os.chmod(temp, 0o666 & ~_umask())
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current


class OutputTree:
    """The output folder of one game; refuses escapes and second writes to one path."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.written: dict[str, Written] = {}

    def write(self, path: str, data: bytes) -> Written:
        """Write one file atomically and return what was written."""
        relative = safe_relative(path)
        key = relative.as_posix()
        if key in self.written:
            raise OutputError(f"{key} is written twice in one build")
        target = self.root.joinpath(*relative.parts)
        resolved_root = self.root.resolve()
        if resolved_root not in target.parent.resolve().parents and target.parent.resolve() != resolved_root:
            raise OutputError(f"output path {path!r} resolves outside {self.root}")
        write_atomic(target, data)
        record = Written(key, hashlib.sha256(data).hexdigest(), len(data))
        self.written[key] = record
        return record
