"""Fuzzing the loader and the checks: a seed game with one of its files damaged at random always gives
diagnostics, never a traceback (hypothesis; 50 examples, so the run stays short)."""
from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builder.build import check_path
from builder.rules.reporters import report_json, report_sarif, report_text
from tests.conftest import game_folders

GAMES = game_folders()
SUFFIXES = (".yaml", ".md", ".csv")
NOISE = ["", ":", ": ", "- ", "  ", "\t", "[", "]", "{", "}", "&a ", "*a", "<<: *a", "!!python/object ", "'", '"',
         "#", "|", ">", "---\n", "...", "0101", "-1", "1e999", "null", "~", "true", "\u0000", "\ufeff", "é",
         "id: x", "units: []", "{chart: nowhere}", "see 99.9", "# 1.0 ", "**2.11**", "::: example\n", ",,,"]
"""Text the fuzzer inserts: YAML and Markdown syntax, odd scalars, control characters, references."""


def _files(game: Path) -> list[Path]:
    return sorted(p for p in game.rglob("*") if p.is_file() and p.suffix in SUFFIXES)


def mutate(text: str, kind: str, where: float, noise: str) -> str:
    """Return `text` with one change: a line deleted, doubled or swapped, noise inserted, or the rest cut off."""
    lines = text.splitlines(keepends=True) or [""]
    at = min(len(lines) - 1, int(where * len(lines)))
    if kind == "delete-line":
        del lines[at]
    elif kind == "double-line":
        lines.insert(at, lines[at])
    elif kind == "swap-lines":
        other = (at + 1) % len(lines)
        lines[at], lines[other] = lines[other], lines[at]
    elif kind == "indent-line":
        lines[at] = "  " + lines[at]
    elif kind == "truncate":
        return text[:int(where * len(text))]
    else:
        spot = int(where * len(text))
        return text[:spot] + noise + text[spot:]
    return "".join(lines)


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), pick=st.floats(0, 1, exclude_max=True),
       kind=st.sampled_from(["delete-line", "double-line", "swap-lines", "indent-line", "truncate", "insert"]),
       where=st.floats(0, 1, exclude_max=True), noise=st.sampled_from(NOISE))
def test_damaged_content_gives_diagnostics_never_a_traceback(game: Path, pick: float, kind: str, where: float,
                                                             noise: str) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        copy = Path(scratch) / game.name
        shutil.copytree(game, copy)
        files = _files(copy)
        target = files[int(pick * len(files))]
        target.write_text(mutate(target.read_text(encoding="utf-8"), kind, where, noise), encoding="utf-8")
        result = check_path(copy)
        if result.game is None:
            assert result.diagnostics, "a game that does not load must say why"
        for diagnostic in result.diagnostics:
            assert diagnostic.rule and diagnostic.message and diagnostic.at.line >= 1
        report_text(result.diagnostics), report_json(result.diagnostics), report_sarif(result.diagnostics)
