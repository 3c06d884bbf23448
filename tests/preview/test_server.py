"""The preview server: the page, its state as JSON and as server-sent events, and the build files."""
from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from builder.preview.server import PreviewServer
from builder.preview.state import PreviewState, Snapshot


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[PreviewServer, PreviewState]]:
    """Serve an empty preview of `tmp_path` on a free port; stop it afterwards."""
    (tmp_path / "3" / "demo").mkdir(parents=True)
    (tmp_path / "3" / "demo" / "map.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    (tmp_path.parent / "secret.txt").write_text("not for the browser")
    state = PreviewState(Snapshot(title="Demo"))
    server = PreviewServer(0, state, tmp_path)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server, state
    finally:
        state.close()
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def _get(url: str) -> tuple[int, str, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, response.headers["Content-Type"], response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers["Content-Type"], error.read()


def test_server_listens_on_loopback_only(served) -> None:
    server, _ = served
    assert server.server_address[0] == "127.0.0.1"
    assert server.url.startswith("http://127.0.0.1:")


def test_page_and_state_are_served(served) -> None:
    server, state = served
    status, kind, body = _get(server.url)
    assert status == 200 and kind.startswith("text/html") and b'id="diagnostic-list"' in body
    assert _get(server.url + "preview.js")[0] == 200
    state.publish(Snapshot(title="Demo", generation=3, status="ok", summary="build 3", shown=3))
    status, kind, body = _get(server.url + "state.json")
    assert status == 200 and kind == "application/json"
    assert json.loads(body)["generation"] == 3 and json.loads(body)["shown"] == 3


def test_build_files_are_served_and_nothing_outside(served) -> None:
    server, _ = served
    status, kind, body = _get(server.url + "files/3/demo/map.svg")
    assert status == 200 and kind == "image/svg+xml" and body.startswith(b"<svg")
    assert _get(server.url + "files/3/demo/missing.svg")[0] == 404
    assert _get(server.url + "files/../secret.txt")[0] == 404
    assert _get(server.url + "files/%2e%2e/secret.txt")[0] == 404
    assert _get(server.url + "nowhere")[0] == 404


def test_event_stream_sends_the_state_now_and_after_each_publish(served) -> None:
    server, state = served
    with urllib.request.urlopen(server.url + "events", timeout=5) as stream:
        assert stream.headers["Content-Type"] == "text/event-stream"
        events = []
        for raw in stream:
            line = raw.decode("utf-8").rstrip("\n")
            if line.startswith("data: "):
                events.append(json.loads(line[len("data: "):]))
                if len(events) == 1:
                    state.publish(Snapshot(title="Demo", generation=1, status="errors", summary="build 1"))
                else:
                    break
    assert [(e["generation"], e["status"]) for e in events] == [(0, "starting"), (1, "errors")]
