"""`sandtable watch` without a browser: rebuild on save, keep the last good preview, stop cleanly."""
from __future__ import annotations

import queue
import socket
import tempfile
import threading
from pathlib import Path

from builder.preview.session import Outcome, PreviewSession
from builder.preview.state import PreviewState, Snapshot
from builder.preview.watch import serve_preview
from tests.conftest import run_cli

WAIT_S = 30.0


def _break(game: Path) -> None:
    path = game / "scenarios" / "meeting.yaml"
    path.write_text(path.read_text().replace("place: ville}", "place: vile}"), encoding="utf-8")


def test_a_build_with_errors_keeps_the_last_good_preview(minimal: Path, tmp_path: Path) -> None:
    state = PreviewState(Snapshot(title="minimal"))
    session = PreviewSession(minimal, tmp_path / "builds", state)
    (tmp_path / "builds").mkdir()
    good = session.rebuild().snapshot
    assert good.status == "ok" and good.shown == 1 and good.diagnostics == ()
    assert [s.id for s in good.sections] == ["counters", "map", "charts", "rulebook", "setup", "other"]
    rulebook = good.sections[3].items[0]
    assert rulebook.show == "pages" and rulebook.pages[0].endswith("/rules/rules-en-a4.pdf-p01.png")
    assert rulebook.lang == "en"
    _break(minimal)
    broken = session.rebuild().snapshot
    assert broken.status == "errors" and broken.generation == 2 and broken.shown == 1
    assert broken.sections == good.sections
    (found,) = broken.diagnostics
    assert (found["where"], found["rule"]) == ("scenarios/meeting.yaml:13:30", "ref/unknown-place")
    assert (tmp_path / "builds" / "1" / "minimal" / "maps" / "main-en.svg").is_file()
    assert state.latest()[1] == broken


def test_watch_rebuilds_after_a_save_and_stops_cleanly(minimal: Path) -> None:
    before = set(Path(tempfile.gettempdir()).glob("sandtable-preview-*"))
    outcomes: queue.Queue[Outcome] = queue.Queue()
    urls: list[str] = []
    stop = threading.Event()
    thread = threading.Thread(target=serve_preview, args=(minimal,), daemon=True,
                              kwargs={"port": 0, "on_ready": urls.append, "on_build": outcomes.put, "stop": stop})
    thread.start()
    first = outcomes.get(timeout=WAIT_S)
    assert first.snapshot.status == "ok" and urls[0].startswith("http://127.0.0.1:")
    _break(minimal)
    second = outcomes.get(timeout=WAIT_S)
    assert second.snapshot.status == "errors" and second.snapshot.shown == 1
    stop.set()
    thread.join(timeout=WAIT_S)
    assert not thread.is_alive()
    assert set(Path(tempfile.gettempdir()).glob("sandtable-preview-*")) <= before  # its build folders are gone
    with socket.socket() as probe:  # the port is free again
        port = int(urls[0].rsplit(":", 1)[1].strip("/"))
        probe.bind(("127.0.0.1", port))


def test_watch_refuses_a_taken_port_with_exit_2(minimal: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        result = run_cli("watch", str(minimal), "--port", str(taken.getsockname()[1]))
    assert result.code == 2
    assert "cannot serve on 127.0.0.1:" in result.stderr and "--port" in result.stderr


def test_watch_refuses_a_folder_without_a_game_with_exit_2(tmp_path: Path) -> None:
    result = run_cli("watch", str(tmp_path), "--port", "0")
    assert result.code == 2
    assert "has no game.yaml" in result.stderr
