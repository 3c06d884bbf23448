"""Shared fixtures: a fresh copy of the minimal game, and the CLI run as a user runs it."""
from __future__ import annotations

import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
MINIMAL = DATA / "games" / "minimal"
CONTENT = ROOT / "content"
PRINT_VALIDATED = """
from builder.model.base import ContentModel
def _every(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from _every(sub)
print(sorted({model.__name__ for model in _every(ContentModel) if model.__pydantic_complete__}))
"""
"""The end of a probe script: prints the content models whose validators its process has built."""


@dataclass(frozen=True)
class Run:
    """What one run of the CLI did."""

    code: int
    stdout: str
    stderr: str


def run_cli(*args: str, cwd: Path | None = None, timeout: float = 60) -> Run:
    """Run `sandtable ARGS` in a fresh interpreter and return its exit code and output."""
    done = subprocess.run([sys.executable, "-m", "builder", *args], capture_output=True, text=True,
                          cwd=cwd or ROOT, timeout=timeout)
    return Run(done.returncode, done.stdout, done.stderr)


@pytest.fixture
def minimal(tmp_path: Path) -> Path:
    """Return a writable copy of the minimal game."""
    target = tmp_path / "minimal"
    shutil.copytree(MINIMAL, target)
    return target


def with_own_font(minimal: Path, settings: str) -> Path:
    """Give a copy of the minimal game a font file of its own, fonts/Plate-Regular.ttf, and add `settings` (naming
    it) to its print settings; return the game folder."""
    from builder.render.fonts import FONT_DIR

    (minimal / "fonts").mkdir()
    # the oblique face stands in for a font of the game's own: the shipped faces never print it on counters,
    # maps or charts, so a PDF embedding nothing else used the game's font everywhere
    shutil.copyfile(FONT_DIR / "DejaVuSans-Oblique.ttf", minimal / "fonts" / "Plate-Regular.ttf")
    shutil.copyfile(FONT_DIR / "LICENSE-DejaVu.txt", minimal / "fonts" / "LICENSE.txt")
    game_yaml = minimal / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8").replace(
        "print: {counter_size: 1/2in}", f"print: {{counter_size: 1/2in, {settings}}}"), encoding="utf-8")
    return minimal


def pytest_addoption(parser: pytest.Parser) -> None:
    """`--update-golden` rewrites the golden files from the current output (review the diff)."""
    parser.addoption("--update-golden", action="store_true", help="rewrite golden files under tests/golden/")


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    """Return whether golden files are to be rewritten."""
    return bool(request.config.getoption("--update-golden"))


def game_folders() -> list[Path]:
    """Return every game folder under content/."""
    return sorted(p for p in CONTENT.iterdir() if (p / "game.yaml").exists()) if CONTENT.is_dir() else []
