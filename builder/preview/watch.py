"""`sandtable watch`: build, serve the preview, rebuild on every save, stop cleanly on Ctrl-C."""
from __future__ import annotations

import shutil
import signal
import tempfile
import threading
from pathlib import Path
from types import FrameType
from typing import Callable

import watchfiles

from builder.load.game import find_game_folder
from builder.preview.server import PreviewServer
from builder.preview.session import Outcome, PreviewSession
from builder.preview.state import PreviewState, Snapshot


class PreviewError(Exception):
    """The preview cannot start: its port is taken or not allowed."""


STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
"""Ctrl-C, and `kill`: both stop the preview cleanly. SIGINT is set explicitly because a process
started in the background of a script inherits it ignored, and then Ctrl-C or a test could not stop it."""


def _interrupt(signum: int, frame: FrameType | None) -> None:
    """Stop the preview as Ctrl-C does."""
    raise KeyboardInterrupt


def _catch_stop_signals() -> dict[int, object]:
    """Make the stop signals raise KeyboardInterrupt (main thread only); return the handlers they had."""
    if threading.current_thread() is not threading.main_thread():
        return {}
    return {number: signal.signal(number, _interrupt) for number in STOP_SIGNALS}


def _start_server(port: int, state: PreviewState, root: Path) -> PreviewServer:
    try:
        server = PreviewServer(port, state, root)
    except OSError as exc:
        raise PreviewError(f"cannot serve on 127.0.0.1:{port}: {exc.strerror or exc}; "
                           "choose another --port (0 picks a free one)") from exc
    threading.Thread(target=server.serve_forever, name="preview-server", daemon=True).start()
    return server


def serve_preview(path: Path, *, port: int, on_ready: Callable[[str], None], on_build: Callable[[Outcome], None],
                  stop: threading.Event | None = None) -> None:
    """Serve the preview of the game at `path` on 127.0.0.1 and rebuild it on every save, until Ctrl-C or `stop`.

    Raises ContentError (usage) when `path` is not a game folder and PreviewError when the port is taken.
    """
    folder = find_game_folder(path)
    root = Path(tempfile.mkdtemp(prefix="sandtable-preview-"))
    state = PreviewState(Snapshot(title=folder.resolve().name))
    previous = _catch_stop_signals()
    try:
        server = _start_server(port, state, root)
        try:
            on_ready(server.url)
            _watch(folder, PreviewSession(folder, root, state), on_build, stop)
        except KeyboardInterrupt:
            pass
        finally:
            state.close()
            server.shutdown()
            server.server_close()
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
        shutil.rmtree(root, ignore_errors=True)


def _watch(folder: Path, session: PreviewSession, on_build: Callable[[Outcome], None],
           stop: threading.Event | None) -> None:
    """Build once, then once more after each batch of saves under `folder`."""
    on_build(session.rebuild())
    for _changes in watchfiles.watch(folder, stop_event=stop, raise_interrupt=True):
        on_build(session.rebuild())
