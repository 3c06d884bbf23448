"""A progress bar on stderr for builds that take more than about a second.

Hand-written rather than tqdm or rich: the bar needs a count, a label and one line redrawn in place,
which is thirty lines here and one dependency fewer. It stays quiet when stderr is not a terminal
(pipes, logs, tests) and when the `CI` environment variable is set, so no log ever holds a bar.
"""
from __future__ import annotations

import os
import sys
import time
from typing import TextIO

SHOW_AFTER_S = 1.0
"""A build that ends sooner never shows a bar."""
WIDTH = 28
"""Width of the bar in characters."""


def wanted(stream: TextIO) -> bool:
    """Return whether a bar belongs on `stream`: a terminal, and not in CI."""
    return stream.isatty() and not os.environ.get("CI")


class Progress:
    """Counts finished steps and, after SHOW_AFTER_S, redraws one line: bar, count and the last step."""

    def __init__(self, stream: TextIO | None = None, *, enabled: bool | None = None,
                 show_after_s: float = SHOW_AFTER_S) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = wanted(self.stream) if enabled is None else enabled
        self.show_after_s = show_after_s
        self.total = 0
        self.done = 0
        self.started = time.monotonic()
        self.shown = False

    def start(self, total: int) -> None:
        """Begin counting `total` steps."""
        self.total, self.done, self.started = total, 0, time.monotonic()

    def extend(self, steps: int) -> None:
        """Count `steps` more steps to do (a build learns its games' steps one game at a time)."""
        self.total += steps

    def advance(self, label: str) -> None:
        """Count one finished step, named `label`."""
        self.done += 1
        if self.enabled and self.total and time.monotonic() - self.started >= self.show_after_s:
            filled = WIDTH * self.done // self.total
            line = f"[{'#' * filled}{'.' * (WIDTH - filled)}] {self.done}/{self.total} {label}"
            self.stream.write("\r" + line[:100].ljust(100))
            self.stream.flush()
            self.shown = True

    def finish(self) -> None:
        """Clear the bar's line, if one was drawn."""
        if self.shown:
            self.stream.write("\r" + " " * 100 + "\r")
            self.stream.flush()
            self.shown = False
