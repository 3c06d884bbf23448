"""Fixtures for the live preview: `sandtable watch` run as a user runs it, and headless Chromium.

Chromium and its driver come from Debian's `chromium` and `chromium-driver` (the Makefile installs
them when missing); the two are built from one source package, so their versions always match, and
nothing is downloaded at test time. Selenium drives the driver over the W3C WebDriver protocol.
"""
from __future__ import annotations

import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.conftest import ROOT

HEADLESS_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--disable-dev-shm-usage")
"""Chromium's flags for a machine with no display and no network but loopback; as root it needs --no-sandbox,
and in a container whose /dev/shm is small, --disable-dev-shm-usage keeps it from crashing."""

READY = re.compile(r"serving the preview at (http://127\.0\.0\.1:\d+/)")
START_TIMEOUT_S = 60.0
STOP_TIMEOUT_S = 15.0


class Watch:
    """A running `sandtable watch`: its URL and everything it has printed so far."""

    def __init__(self, process: subprocess.Popen) -> None:
        self.process = process
        self.lines: list[str] = []
        self._queue: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.url = self.wait_for(READY, START_TIMEOUT_S).group(1)

    def _read(self) -> None:
        for line in self.process.stderr:
            self._queue.put(line)
        self._queue.put(None)

    def wait_for(self, pattern: re.Pattern, timeout_s: float) -> re.Match:
        """Return the first match of `pattern` in a line printed from now on; fail after `timeout_s`."""
        deadline = time.monotonic() + timeout_s
        while (left := deadline - time.monotonic()) > 0:
            try:
                line = self._queue.get(timeout=left)
            except queue.Empty:
                break
            if line is None:
                pytest.fail(f"sandtable watch ended early:\n{self.output}")
            self.lines.append(line)
            if match := pattern.search(line):
                return match
        pytest.fail(f"sandtable watch printed no {pattern.pattern!r} in {timeout_s} s:\n{self.output}")

    @property
    def output(self) -> str:
        """Return what the command printed so far."""
        while True:
            try:
                line = self._queue.get_nowait()
            except queue.Empty:
                break
            if line is None:
                self._queue.put(None)  # keep the end mark for interrupt()
                break
            self.lines.append(line)
        return "".join(self.lines)

    def interrupt(self) -> int:
        """Press Ctrl-C (SIGINT) and return the exit code; fail if it does not stop in time."""
        self.process.send_signal(signal.SIGINT)
        code = self.process.wait(timeout=STOP_TIMEOUT_S)
        while (line := self._queue.get(timeout=STOP_TIMEOUT_S)) is not None:
            self.lines.append(line)
        return code


@contextmanager
def watching(game: Path, *extra: str) -> Iterator[Watch]:
    """Run `sandtable watch GAME --port 0` for the body of the `with`, and always end it afterwards."""
    process = subprocess.Popen([sys.executable, "-m", "builder", "watch", str(game), "--port", "0", *extra],
                               cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True)
    try:
        yield Watch(process)
    finally:
        if process.poll() is None:
            process.terminate()  # sandtable watch treats SIGTERM like Ctrl-C and removes its build folders
            try:
                process.wait(timeout=STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=STOP_TIMEOUT_S)


def _browser_paths() -> tuple[str, str] | None:
    chromium, driver = shutil.which("chromium"), shutil.which("chromedriver")
    return (chromium, driver) if chromium and driver else None


@pytest.fixture
def browser(tmp_path: Path):
    """Return a Selenium driver for a fresh headless Chromium with an empty profile; quit it afterwards."""
    paths = _browser_paths()
    if paths is None:
        message = "Debian's chromium and chromium-driver are not installed (make test installs them)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = paths[0]
    for flag in (*HEADLESS_FLAGS, f"--user-data-dir={tmp_path / 'chromium-profile'}", "--window-size=1280,1024"):
        options.add_argument(flag)
    # A driver path given to Service keeps Selenium Manager (which would download drivers) out of it.
    driver = webdriver.Chrome(options=options, service=Service(paths[1]))
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()
