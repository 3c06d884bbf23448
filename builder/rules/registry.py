"""The registry of checks: each check is an id, a severity, a doc and a function."""
from __future__ import annotations

import importlib
import inspect
import re
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator

from builder.collector import collector_paused
from builder.model.content import Game
from builder.model.game import Waiver
from builder.diagnostics import ERROR, WARNING, Diagnostic, Finding, Severity, location_of
from builder.rules.index import Index

CheckFunction = Callable[[Game, Index], Iterable[Finding]]
_ID = re.compile(r"^[a-z]+/[a-z0-9]+(?:-[a-z0-9]+)*$")


@dataclass(frozen=True)
class Check:
    """A registered check."""

    id: str
    severity: Severity
    function: CheckFunction
    doc: str

    @property
    def summary(self) -> str:
        """Return the first line of the check's doc."""
        return self.doc.strip().splitlines()[0]

    @property
    def area(self) -> str:
        """Return the area prefix of the id (`ref`, `map`, …)."""
        return self.id.split("/")[0]


CHECKS: dict[str, Check] = {}
"""The checks registered so far; `every_check` registers them all."""
CHECK_MODULES = ("charts", "counters", "fonts", "game", "images", "layout", "map", "references", "rulebook", "scenarios",
                 "setups", "translations", "vassal")
"""The modules of checks under builder/rules/, the engine's table of contents."""


def every_check() -> dict[str, Check]:
    """Return every check by id, importing the modules of checks the first time (they import what they
    check with: the counters' renderer and reportlab)."""
    for name in CHECK_MODULES:
        importlib.import_module(f"builder.rules.{name}")
    return CHECKS


def check(check_id: str, *, severity: Severity = ERROR) -> Callable[[CheckFunction], CheckFunction]:
    """Register a check function under a stable id."""

    def register(function: CheckFunction) -> CheckFunction:
        if not _ID.match(check_id):
            raise ValueError(f"check id {check_id!r} is not <area>/<kebab-slug>")
        if check_id in CHECKS:
            raise ValueError(f"check id {check_id!r} is registered twice")
        CHECKS[check_id] = Check(check_id, severity, function, inspect.getdoc(function) or "")
        return function

    return register


def run_checks(game: Game, *, only: Iterable[str] = (), between: Callable[[], object] | None = None
               ) -> list[Diagnostic]:
    """Run every check (or only some) on the game and return the diagnostics, waivers applied; `between` is
    called after each check (a build takes in its finished tasks)."""
    # The checks build no cycles, and with a big game loaded each full collection walks all of it:
    # at 10,000 counters the collector took half the checks' time. They measure texts with the faces the game
    # prints with, as its emitters draw them (what they measure, the emitters reuse: builder/memo.py).
    from builder.render.fonts import game_faces, using_fonts
    with collector_paused(), using_fonts(game_faces(game)):
        return _run_checks(game, only, between)


def _run_checks(game: Game, only: Iterable[str], between: Callable[[], object] | None) -> list[Diagnostic]:
    index = Index.of(game)
    wanted = set(only)
    found: list[Diagnostic] = []
    for item in every_check().values():
        if item.id == WAIVER_CHECK_ID or (wanted and item.id not in wanted):
            continue
        for finding in item.function(game, index):
            found.append(Diagnostic(finding.at, item.id, item.severity, finding.message, finding.hint,
                                    finding.subject))
        if between is not None:
            between()
    kept, unused = apply_waivers(game, found)
    return sorted(kept + unused, key=Diagnostic.sort_key)


WAIVER_CHECK_ID = "game/unused-waiver"


def _waiver_matches(waiver: Waiver, diagnostic: Diagnostic, game: Game) -> bool:
    if waiver.check != diagnostic.rule:
        return False
    if waiver.subject and waiver.subject != diagnostic.subject:
        return False
    if waiver.file:
        try:
            relative = diagnostic.at.file.resolve().relative_to(game.root.resolve())
        except ValueError:
            return False
        return relative.as_posix() == waiver.file
    return True


def apply_waivers(game: Game, found: list[Diagnostic]) -> tuple[list[Diagnostic], list[Diagnostic]]:
    """Drop the diagnostics that a waiver in game.yaml accepts; return (kept, unused-waiver warnings)."""
    waivers = list(game.game.waivers)
    used = [False] * len(waivers)
    kept = []
    for diagnostic in found:
        hit = next((i for i, w in enumerate(waivers) if _waiver_matches(w, diagnostic, game)), None)
        if hit is None:
            kept.append(diagnostic)
        else:
            used[hit] = True
    unused = [
        Diagnostic(location_of(w), WAIVER_CHECK_ID, WARNING,
                   f'the waiver for "{w.check}"' + (f' on "{w.subject}"' if w.subject else "")
                   + " matches no diagnostic", "remove the waiver, or correct its check id or subject",
                   w.subject)
        for w, hit in zip(waivers, used) if not hit
    ]
    return kept, unused


def iter_checks() -> Iterator[Check]:
    """Yield every registered check, sorted by id."""
    yield from sorted(every_check().values(), key=lambda c: c.id)
