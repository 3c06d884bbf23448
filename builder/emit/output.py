"""Atomic writes: one file (temp file in the same folder, then rename), or a whole game folder.

A build writes a game into a staging folder beside its output folder (`out/.<game>.staging-<pid>-…`)
and swaps it in with one rename at the end (`swap_in`), so a build killed at any moment leaves the
previous `out/<game>/` whole: every file and the manifest of one build, never a mix. Inside the
staging folder, which nobody reads, files are written straight; the swap is the atomic step, and one
flush of the file system before it makes the new folder durable.
"""
from __future__ import annotations

import ctypes
import hashlib
import os
import secrets
import shutil
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

STAGING = "staging"
"""Middle word of a staging folder's name: `.<game>.staging-<pid>-<random>`."""
RETIRED = "retired"
"""Middle word of a replaced folder waiting to be deleted: `.<game>.retired-<pid>-<random>`."""


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

    @classmethod
    def of(cls, entry: dict) -> "Written":
        """Return what a manifest entry (`path`, `sha256`, `bytes`) says was written."""
        return cls(entry["path"], entry["sha256"], entry["bytes"])


def _written_twice(key: str) -> OutputError:
    return OutputError(f"{key} is written twice in one build")


def safe_relative(path: str) -> PurePosixPath:
    """Return `path` as a relative POSIX path inside the output folder, or raise OutputError."""
    return PurePosixPath(*safe_parts(path))


def safe_parts(path: str) -> tuple[str, ...]:
    """Return the names of `path`, a relative POSIX path inside the output folder, or raise OutputError.

    The plain case (names joined by single slashes, none of them `.` or `..`) is read with one split,
    as a build of 10,000 counters writes 20,000 files; anything else goes through PurePosixPath.
    """
    names = tuple(path.split("/"))
    if all(names) and "\\" not in path and "." not in names and ".." not in names:
        return names
    pure = PurePosixPath(path)
    if pure.is_absolute() or not pure.parts or any(part in ("..", "") for part in pure.parts) or "\\" in path:
        raise OutputError(f"output path {path!r} would leave the output folder")
    return pure.parts


def write_atomic(target: Path, data: bytes, *, durable: bool = True) -> None:
    """Write `data` to `target` so that readers see the old file or the whole new one, never a part.

    `durable` flushes the file to disk before the rename (a few milliseconds a file); a caller that
    writes many files and flushes once at the end (`flush_to_disk`) passes False.
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            if durable:
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
    """The staging folder of one game; refuses escapes and second writes to one path.

    Files are written straight (the folder is swapped in whole, see the module docstring); files an
    earlier build made and this one keeps are linked in from the folder being replaced.
    """

    def __init__(self, root: Path) -> None:
        self.root = root
        self.written: dict[str, Written] = {}
        self._resolved = root.resolve()
        self._folders: set[str] = set()

    def _target(self, path: str) -> tuple[str, str]:
        """Return a file's key (its relative POSIX path) and where it goes, its folder made and checked."""
        names = safe_parts(path)
        key = "/".join(names)
        if key in self.written:
            raise _written_twice(key)
        folder = os.path.join(self.root, *names[:-1])
        if folder not in self._folders:
            Path(folder).mkdir(parents=True, exist_ok=True)
            parent = Path(folder).resolve()
            if parent != self._resolved and self._resolved not in parent.parents:
                raise OutputError(f"output path {path!r} resolves outside {self.root}")
            self._folders.add(folder)
        return key, os.path.join(folder, names[-1])

    def write(self, path: str, data: bytes) -> Written:
        """Write one new file and return what was written."""
        key, target = self._target(path)
        try:
            stream = open(target, "xb")  # a new file, readable as the umask allows
        except FileExistsError:  # written by another process of the build (builder/pipeline/scheduling.py `run_unit`)
            raise _written_twice(key) from None
        with stream:
            stream.write(data)
        record = Written(key, hashlib.sha256(data).hexdigest(), len(data))
        self.written[key] = record
        return record

    def keep(self, path: str, earlier: Path, record: Written) -> Written:
        """Take over the file `earlier` (an earlier build's, unchanged) as `path`: a hard link, else a copy."""
        key, target = self._target(path)
        try:
            os.link(earlier, target)
        except OSError:
            shutil.copyfile(earlier, target)
        self.written[key] = Written(key, record.sha256, record.bytes)
        return self.written[key]

    def taken(self, record: Written) -> None:
        """Record a file another process of the build wrote into this folder (builder/pipeline/scheduling.py `run_unit`)."""
        if record.path in self.written:
            raise _written_twice(record.path)
        self.written[record.path] = record


def stage_beside(final: Path) -> Path:
    """Return a new empty staging folder beside `final` (the game's output folder) to build into."""
    final.parent.mkdir(parents=True, exist_ok=True)
    while True:
        # os.mkdir, not mkdtemp: the output folder is an ordinary one, not private to its owner
        staging = final.parent / f".{final.name}.{STAGING}-{os.getpid()}-{secrets.token_hex(4)}"
        try:
            staging.mkdir()
            return staging
        except FileExistsError:
            continue


def flush_to_disk(folder: Path) -> None:
    """Flush every file written under `folder` to disk: once for the file system where it can, else file by file."""
    if hasattr(os, "sync"):
        os.sync()
        return
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            with open(path, "rb+") as stream:
                os.fsync(stream.fileno())


class EarlyFlush:
    """Flushes the file system in a thread of its own while the build goes on, when asked (each time a task's
    files are written), so that `flush_to_disk` after the last file has little left to write.

    os.sync lets go of the interpreter while it waits for the disk; one flush runs at a time, and one asked
    for meanwhile is dropped, as the next request will flush its files too.
    """

    def __init__(self) -> None:
        self.thread: threading.Thread | None = None

    def start(self) -> None:
        """Start a flush, unless one is running."""
        if hasattr(os, "sync") and (self.thread is None or not self.thread.is_alive()):
            self.thread = threading.Thread(target=os.sync, name="early-flush", daemon=True)
            self.thread.start()

    def wait(self) -> None:
        """Wait for the flush running, if any."""
        if self.thread is not None:
            self.thread.join()
            self.thread = None


def swap_in(staging: Path, final: Path) -> None:
    """Make the staging folder the folder at `final` and delete what was there.

    On Linux one renameat2(RENAME_EXCHANGE) swaps the two folders, so `final` always exists, whole;
    elsewhere the old folder is renamed aside first, and a build killed between the two renames
    leaves it as `.<game>.retired-…`, which the next build (`clear_leftovers`) puts back.
    """
    if final.is_symlink() or final.is_file():
        final.unlink()
    if not final.exists():
        os.rename(staging, final)
        return
    if _exchange(staging, final):
        shutil.rmtree(staging, ignore_errors=True)
        return
    retired = Path(tempfile.mkdtemp(prefix=f".{final.name}.{RETIRED}-{os.getpid()}-", dir=final.parent))
    os.rename(final, retired / final.name)
    os.rename(staging, final)
    shutil.rmtree(retired, ignore_errors=True)


def _exchange(first: Path, second: Path) -> bool:
    """Swap two paths in one step with Linux renameat2(RENAME_EXCHANGE); False where that is unavailable."""
    renameat2 = getattr(ctypes.CDLL(None, use_errno=True), "renameat2", None) if os.name == "posix" else None
    if renameat2 is None:
        return False
    at_cwd, rename_exchange = -100, 2  # AT_FDCWD and RENAME_EXCHANGE from <fcntl.h> and <linux/fs.h>
    done = renameat2(at_cwd, os.fsencode(first), at_cwd, os.fsencode(second), rename_exchange)
    return done == 0


def clear_leftovers(final: Path) -> None:
    """Delete the staging folders killed builds left beside `final`, and put back a folder a killed swap retired."""
    if not final.parent.is_dir():
        return
    for leftover in sorted(final.parent.glob(f".{final.name}.*-*")):
        kind, _, rest = leftover.name[len(final.name) + 2:].partition("-")
        pid = rest.partition("-")[0]
        if kind not in (STAGING, RETIRED) or not pid.isdigit() or _is_running(int(pid)):
            continue
        kept = leftover / final.name
        if kind == RETIRED and kept.is_dir() and not final.exists():
            os.rename(kept, final)
        shutil.rmtree(leftover, ignore_errors=True)


def _is_running(pid: int) -> bool:
    if pid == os.getpid() or os.name != "posix":  # Windows has no signal 0: keep what may be in use
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True
