"""The build's progress bar: on a terminal only, never in CI, gone when the build ends."""
from __future__ import annotations

import io

import pytest

from builder.progress import Progress, wanted


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_bar_is_drawn_on_a_terminal_and_cleared_at_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    stream = Terminal()
    bar = Progress(stream, show_after_s=0.0)
    bar.start(4)
    bar.advance("minimal: emit_counters")
    assert "[#######.....................] 1/4 minimal: emit_counters" in stream.getvalue()
    bar.finish()
    assert stream.getvalue().endswith("\r" + " " * 100 + "\r")


def test_no_bar_in_ci_or_off_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    assert not wanted(Terminal())
    monkeypatch.delenv("CI")
    assert wanted(Terminal()) and not wanted(io.StringIO())


def test_a_short_build_shows_no_bar(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    stream = Terminal()
    bar = Progress(stream)
    bar.start(2)
    bar.advance("one")
    bar.finish()
    assert stream.getvalue() == ""
