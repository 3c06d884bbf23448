"""The preview's HTTP server, on 127.0.0.1 only: the page, its state as JSON and as server-sent events, the files."""
from __future__ import annotations

import json
import sys
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

from builder.preview.session import FILES_URL
from builder.preview.state import PreviewState

HOST = "127.0.0.1"
"""The preview is for the designer's own browser: never listen on other interfaces."""

ASSETS = Path(__file__).resolve().parent / "assets"
"""The page, its script and its style sheet."""

PAGES = {"/": "index.html", "/index.html": "index.html", "/preview.js": "preview.js", "/preview.css": "preview.css"}

CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".pdf": "application/pdf",
}

HEARTBEAT_S = 10.0
"""An idle event stream sends a comment this often, so a closed browser tab is noticed and its thread ends."""

RECONNECT_MS = 1000
"""How soon a browser reconnects its event stream after losing it (sent as the stream's `retry`)."""


class PreviewServer(ThreadingHTTPServer):
    """Serves one preview; each request runs in a daemon thread, so a stop never waits for an open page."""

    daemon_threads = True

    def __init__(self, port: int, state: PreviewState, root: Path) -> None:
        super().__init__((HOST, port), PreviewHandler)
        self.state = state
        self.root = root.resolve()

    def handle_error(self, request: object, client_address: tuple) -> None:
        """Say nothing when a browser leaves mid-answer; report anything else as socketserver does."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)

    @property
    def url(self) -> str:
        """Return the page's address, with the port actually bound (for `--port 0`)."""
        return f"http://{HOST}:{self.server_address[1]}/"


class PreviewHandler(BaseHTTPRequestHandler):
    """Answers GET for the page, `/state.json`, `/events` and `/files/…`."""

    server: PreviewServer

    def do_GET(self) -> None:
        """Route one GET request."""
        path = unquote(urlsplit(self.path).path)
        if path in PAGES:
            self._send_file(ASSETS / PAGES[path], cache="no-store")
        elif path == "/state.json":
            _, snapshot = self.server.state.latest()
            self._send(HTTPStatus.OK, json.dumps(snapshot.as_json()).encode("utf-8"), ".json", "no-store")
        elif path == "/events":
            self._stream_events()
        elif path.startswith(FILES_URL):
            self._send_build_file(path[len(FILES_URL):])
        else:
            self._send(HTTPStatus.NOT_FOUND, b"not found\n", ".txt", "no-store")

    def log_message(self, format: str, *args: object) -> None:
        """Keep the terminal for build reports: requests are not logged."""

    def _send(self, status: HTTPStatus, body: bytes, suffix: str, cache: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", CONTENT_TYPES.get(suffix, "application/octet-stream"))
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", cache)
        self.end_headers()
        self.wfile.write(body)

    def _send_file(self, path: Path, *, cache: str) -> None:
        self._send(HTTPStatus.OK, path.read_bytes(), path.suffix, cache)

    def _send_build_file(self, relative: str) -> None:
        """Serve a file of a build folder; anything outside the preview's folder is not found."""
        target = self.server.root.joinpath(*relative.split("/")).resolve()
        try:
            if self.server.root not in target.parents:
                raise FileNotFoundError(relative)
            body = target.read_bytes()
        except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
            # also a build folder removed after a newer build, while a page still asked for its files
            self._send(HTTPStatus.NOT_FOUND, b"not found\n", ".txt", "no-store")
            return
        # a build folder never changes once written: its generation number is part of the URL
        self._send(HTTPStatus.OK, body, target.suffix, "max-age=3600, immutable")

    def _stream_events(self) -> None:
        """Send the state now and after every change, until the browser leaves or the preview stops."""
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        seen = -1
        try:
            self.wfile.write(f"retry: {RECONNECT_MS}\n\n".encode("ascii"))
            while not self.server.state.closed:
                change = self.server.state.wait_for_change(seen, HEARTBEAT_S)
                if change is None:
                    self.wfile.write(b": still here\n\n")
                else:
                    seen, snapshot = change
                    self.wfile.write(f"event: state\ndata: {json.dumps(snapshot.as_json())}\n\n".encode("utf-8"))
                self.wfile.flush()
        except ConnectionError:  # the browser left
            return
