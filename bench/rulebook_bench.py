"""Time the rulebook PDF of a synthetic rulebook of about 40 pages.

Run: .venv/bin/python bench/rulebook_bench.py [--sections 26]   (26 sections make 40 A4 pages)
The rulebook is the minimal test game's with generated sections: each has six titled cases and
untitled ones, cross references, lists, a pipe table, an example and a designer's note, and every
other section embeds the CRT. Prints pages and seconds (best of three, wall clock and CPU) for loading and typesetting.
"""
from __future__ import annotations

import argparse
import io
import shutil
import tempfile
import time
from pathlib import Path

from pypdf import PdfReader

from builder.load.game import load_game
from builder.render.typeset.rulebook import rulebook_pdf

ROOT = Path(__file__).resolve().parent.parent
MINIMAL = ROOT / "tests" / "data" / "games" / "minimal"
WORDS = ("A unit that enters an enemy zone of control must stop and may not leave it until the next "
         "movement phase, unless it retreats after combat or is an armoured unit ignoring infantry. "
         "Stacking is checked at the end of every move, retreat and advance; a stack over the limit "
         "loses the excess units of its owner's choice.").split()


def _sentence(seed: int, length: int) -> str:
    return " ".join(WORDS[(seed * 7 + n) % len(WORDS)] for n in range(length)).capitalize() + "."


def _section(number: int, sections: int) -> str:
    other = (number % sections) + 1
    lines = [f"# {number}.0 Section {number}", "", _sentence(number, 60), ""]
    for case in range(1, 7):
        lines += [f"## {number}.{case} Case {number}.{case}", "",
                  f"{_sentence(number + case, 70)} (see {other}.{case}).", "",
                  f"**{number}.{case}1** {_sentence(case, 50)} ({number}.{case}).", "",
                  f"- {_sentence(case + 1, 20)}", f"- {_sentence(case + 2, 25)} (see {other}.1)", ""]
        if case == 3:
            lines += ["| Roll | Result | Note |", "|---|---|---|"]
            lines += [f"| {r} | {_sentence(r, 4)} | {_sentence(r + 3, 9)} |" for r in range(1, 7)] + [""]
        if case == 4:
            lines += ["::: example", _sentence(case * 3, 80), ":::", "", "::: designer", _sentence(case, 60), ":::", ""]
        if case == 5 and number % 2:
            lines += ["{chart: crt}", ""]
    return "\n".join(lines)


def rulebook_game(folder: Path, sections: int) -> Path:
    """Write the minimal game with `sections` generated rulebook sections into folder/bench and return it."""
    target = folder / "bench"
    shutil.copytree(MINIMAL, target)
    rules = target / "rules" / "en"
    for path in rules.glob("*.md"):
        if path.name != "glossary.md":
            path.unlink()
    for number in range(1, sections + 1):
        (rules / f"{number:02d}.md").write_text(_section(number, sections), encoding="utf-8")
    return target


def main() -> None:
    """Build the synthetic rulebook three times and print the best time."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sections", type=int, default=26)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = rulebook_game(Path(folder), args.sections)
        start = time.perf_counter()
        game = load_game(path)
        load_s = time.perf_counter() - start
        times, cpu, data = [], [], b""
        for _ in range(3):
            start, start_cpu = time.perf_counter(), time.process_time()
            data = rulebook_pdf(game, game.rulebooks[0], paper="a4")
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
    pages = len(PdfReader(io.BytesIO(data)).pages)
    print(f"rulebook: {pages} pages, {len(game.rulebooks[0].cases)} cases, {len(data) // 1024} KiB")
    print(f"load: {load_s:.2f} s; typeset: best {min(times):.2f} s, worst {max(times):.2f} s wall (of 3), "
          f"best {min(cpu):.2f} s CPU")


if __name__ == "__main__":
    main()
