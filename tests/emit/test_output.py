"""Writing the output: a build killed at any moment leaves the previous out/<game>/ whole; nothing is
written outside out/, and no emitter writes at all."""
from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path, PurePosixPath

import pytest
from hypothesis import given
from hypothesis import strategies as st

from builder.build import EMITTERS, build_checked, check_path
from builder.pipeline.staging import output_folder
from builder.emit.output import OutputError, OutputTree, clear_leftovers, safe_parts, stage_beside, swap_in
from builder.load.game import load_game
from tests.conftest import MINIMAL, ROOT, run_cli

WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _whole(folder: Path) -> bool:
    """Return whether the folder holds exactly one build: every file of its manifest, as the manifest says."""
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    for artifact in manifest["artifacts"]:
        if hashlib.sha256((folder / artifact["path"]).read_bytes()).hexdigest() != artifact["sha256"]:
            return False
    listed = {a["path"] for a in manifest["artifacts"]} | {"manifest.json", ".sandtable-cache.json"}
    return set(_tree(folder)) == listed


def _leftovers(out: Path) -> list[str]:
    return sorted(p.name for p in out.iterdir() if p.name.startswith(".minimal."))


def _start_build(game: Path, out: Path) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "builder", "build", str(game), "-o", str(out), "-j", "1"],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _kill_while_staging(game: Path, out: Path) -> bool:
    """Start a build and SIGKILL it as soon as its staging folder appears; False if it finished first."""
    build = _start_build(game, out)
    deadline = time.monotonic() + 120
    while build.poll() is None and time.monotonic() < deadline:
        if any(".staging-" in name for name in os.listdir(out)):
            os.kill(build.pid, signal.SIGKILL)
            build.wait()
            return True
        time.sleep(0.0005)
    build.wait()
    return False


def test_a_build_killed_while_writing_leaves_the_previous_output_whole(minimal: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert run_cli("build", str(minimal), "-o", str(out)).code == 0
    counters = minimal / "counters.yaml"
    for attack in range(7, 12):
        before = _tree(out / "minimal")
        counters.write_text(counters.read_text().replace(f"{{attack: {attack - 1}, defence: 3",
                                                         f"{{attack: {attack}, defence: 3"))
        if _kill_while_staging(minimal, out):
            break
    else:
        pytest.fail("every build finished before it could be killed while writing")
    assert _tree(out / "minimal") == before and _whole(out / "minimal")
    assert any(".staging-" in name for name in _leftovers(out))
    assert run_cli("build", str(minimal), "-o", str(out)).code == 0
    assert _leftovers(out) == [] and _whole(out / "minimal") and _tree(out / "minimal") != before


@pytest.mark.parametrize("after_s", [0.3, 0.8, 1.5, 2.5])
def test_a_build_killed_at_any_moment_leaves_one_whole_build(after_s: float, minimal: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert run_cli("build", str(minimal), "-o", str(out)).code == 0
    before = _tree(out / "minimal")
    counters = minimal / "counters.yaml"
    counters.write_text(counters.read_text().replace("{attack: 6, defence: 3", "{attack: 9, defence: 3"))
    build = _start_build(minimal, out)
    time.sleep(after_s)
    build.send_signal(signal.SIGKILL)
    build.wait()
    assert _whole(out / "minimal")
    after = build_checked([check_path(minimal)], tmp_path / "fresh", cache=False)[0]
    assert _tree(out / "minimal") in (before, _tree(after.folder))


def test_swap_replaces_the_folder_and_drops_files_the_new_build_lacks(tmp_path: Path) -> None:
    final = tmp_path / "out" / "game"
    final.mkdir(parents=True)
    (final / "stale.svg").write_text("old")
    staging = stage_beside(final)
    OutputTree(staging).write("maps/new.svg", b"new")
    swap_in(staging, final)
    assert _tree(final) == {"maps/new.svg": b"new"}
    assert sorted(p.name for p in final.parent.iterdir()) == ["game"]


def test_a_killed_swap_is_undone_by_the_next_build(tmp_path: Path) -> None:
    final = tmp_path / "game"
    finished = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead = finished.stdout.strip()
    retired = tmp_path / f".game.retired-{dead}-x"
    (retired / "game").mkdir(parents=True)
    (retired / "game" / "manifest.json").write_text("{}")
    (tmp_path / f".game.staging-{dead}-y").mkdir()
    clear_leftovers(final)
    assert _tree(final) == {"manifest.json": b"{}"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game"]


def test_leftovers_of_a_running_build_are_left_alone(tmp_path: Path) -> None:
    final = tmp_path / "game"
    running = tmp_path / f".game.staging-{os.getppid()}-z"
    running.mkdir()
    clear_leftovers(final)
    assert running.is_dir()


@pytest.mark.parametrize("path", ["../x.svg", "/etc/x.svg", "maps/../../x.svg", "", "a\\\\b.svg"])
def test_output_paths_never_leave_the_output_folder(path: str, tmp_path: Path) -> None:
    with pytest.raises(OutputError):
        OutputTree(tmp_path / "game").write(path, b"x")


def test_a_path_another_process_wrote_is_refused_not_overwritten(tmp_path: Path) -> None:
    # the tasks of a parallel build each write into the game's staging folder with a tree of their own
    # (builder/build.py `_run_unit`): the file system, not the tree, tells them a path is taken
    OutputTree(tmp_path / "game").write("counters/a.svg", b"first")
    with pytest.raises(OutputError, match="counters/a.svg is written twice"):
        OutputTree(tmp_path / "game").write("counters/a.svg", b"second")
    assert (tmp_path / "game" / "counters" / "a.svg").read_bytes() == b"first"


def test_a_link_inside_the_output_folder_cannot_lead_out(tmp_path: Path) -> None:
    root = tmp_path / "game"
    root.mkdir()
    (tmp_path / "elsewhere").mkdir()
    (root / "maps").symlink_to(tmp_path / "elsewhere")
    with pytest.raises(OutputError):
        OutputTree(root).write("maps/x.svg", b"x")
    assert list((tmp_path / "elsewhere").iterdir()) == []


def test_a_game_id_with_a_slash_names_no_output_folder(tmp_path: Path) -> None:
    game = load_game(MINIMAL)
    odd = game.__class__(**{**game.__dict__, "game": game.game.model_copy(update={"id": "x/../../evil"})})
    with pytest.raises(OutputError):
        output_folder(odd, tmp_path)


class _WriteAudit:
    """Records every file opened for writing, and every network connection, while on (sys.addaudithook:
    hooks cannot be removed, only muted)."""

    def __init__(self) -> None:
        self.on = False
        self.opened: list[str] = []
        self.network: list[str] = []
        sys.addaudithook(self)

    def __call__(self, event: str, args: tuple) -> None:
        if self.on and event in ("socket.connect", "socket.getaddrinfo", "urllib.Request"):
            self.network.append(f"{event} {args!r}")
        if not self.on or event != "open" or not args or args[0] is None or isinstance(args[0], int):
            return
        mode, flags = args[1], args[2]
        if (isinstance(mode, str) and any(c in mode for c in "wax+")) or (mode is None and flags & WRITE_FLAGS):
            self.opened.append(os.fsdecode(args[0]))


AUDIT = _WriteAudit()


def test_no_emitter_writes_a_file() -> None:
    game = load_game(MINIMAL)
    AUDIT.opened.clear()
    AUDIT.on = True
    try:
        for emitter in EMITTERS:
            emitter(game)
    finally:
        AUDIT.on = False
    assert AUDIT.opened == []


def test_a_build_writes_only_inside_the_output_folder_and_uses_no_network(tmp_path: Path) -> None:
    out = tmp_path / "out"
    AUDIT.opened.clear()
    AUDIT.network.clear()
    AUDIT.on = True
    try:
        build_checked([check_path(MINIMAL)], out, jobs=1)
    finally:
        AUDIT.on = False
    assert AUDIT.opened and all(Path(p).resolve().is_relative_to(out.resolve()) for p in AUDIT.opened)
    assert AUDIT.network == []


@given(st.text(alphabet="/\\.ab", max_size=12))
def test_the_quick_reading_of_a_path_agrees_with_purepath(path: str) -> None:
    pure = PurePosixPath(path)
    refused = pure.is_absolute() or not pure.parts or ".." in pure.parts or "\\" in path
    if refused:
        with pytest.raises(OutputError):
            safe_parts(path)
    else:
        assert safe_parts(path) == pure.parts


def test_an_early_flush_runs_one_sync_at_a_time_in_a_thread_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    from builder.emit.output import EarlyFlush

    release, calls = threading.Event(), []
    monkeypatch.setattr(os, "sync", lambda: calls.append(threading.current_thread().name) or release.wait(5))
    flush = EarlyFlush()
    flush.start()
    flush.start()  # asked again while the first runs: dropped, the running one flushes those files too
    assert flush.thread is not None and flush.thread.is_alive() and flush.thread.daemon
    release.set()
    flush.wait()
    flush.start()  # once it is done, the next request flushes again
    flush.wait()
    assert calls == ["early-flush", "early-flush"]
    assert flush.thread is None


def test_a_parallel_build_flushes_each_tasks_files_before_the_last_flush(monkeypatch: pytest.MonkeyPatch,
                                                                         tmp_path: Path) -> None:
    import threading

    from builder.build import check_and_build
    from tests.conftest import MINIMAL

    calls = []
    monkeypatch.setattr(os, "sync", lambda: calls.append(threading.current_thread().name))
    check_and_build([MINIMAL], tmp_path / "out", jobs=2)
    assert "early-flush" in calls  # while the tasks ran
    assert "MainThread" in calls  # and after the last file, in the build's own thread, before the swap
