"""Time 1,000 counters from model to PDF sheets, SVG files and PNG faces; the target is under 3 s.

Run: .venv/bin/python bench/counter_bench.py [--counters 1000 --repeat 3]  (each repeat in a fresh interpreter)
The counters are generated in memory on the minimal game (seeded: every run draws the same mix):
units of three types and two nationalities with varied values, so most faces are distinct.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from builder.emit.counters import counters_pdf, side_drawing, sides_for  # noqa: E402
from builder.load.game import load_game  # noqa: E402
from builder.model.counters import CountersFile  # noqa: E402
from builder.model.content import Game  # noqa: E402
from builder.render.counters import all_counters  # noqa: E402
from builder.render.png import face_pngs  # noqa: E402
from builder.render.svg import svg_text  # noqa: E402


def synthetic_units(count: int) -> list[dict]:
    """Return `count` generated two-step units as YAML-shaped data (seeded: every call draws the same mix)."""
    rng = random.Random(1942)
    units = []
    for n in range(count):
        attack, defence, movement = rng.randint(2, 9), rng.randint(2, 9), rng.randint(4, 16)
        units.append({
            "id": f"u{n}", "name": f"Unit {n}", "designation": str(n % 300), "parent_label": str(n % 40),
            "nationality": rng.choice(["redland", "blueland"]), "type": rng.choice(["infantry", "armour", "hq"]),
            "size": rng.choice(["II", "III", "X"]),
            "steps": [{"values": {"attack": attack, "defence": defence, "movement": movement}},
                      {"values": {"attack": -(-attack // 2), "defence": -(-defence // 2), "movement": movement}}],
        })
    return units


def synthetic_game(count: int) -> Game:
    """Return the minimal game with `count` generated two-step units."""
    game = load_game(ROOT / "tests" / "data" / "games" / "minimal")
    counters = CountersFile.model_validate({**game.counters.model_dump(exclude={"units", "expected"}),
                                           "units": synthetic_units(count)})
    return dataclasses.replace(game, counters=counters)


def run(count: int) -> dict[str, float]:
    """Return the seconds each stage takes for `count` counters."""
    game = synthetic_game(count)
    times: dict[str, float] = {}
    started = time.perf_counter()
    pieces = all_counters(game)
    times["faces"] = time.perf_counter() - started
    started = time.perf_counter()
    counters_pdf(game, "a4", pieces)
    times["pdf"] = time.perf_counter() - started
    started = time.perf_counter()
    geom, sides = sides_for(game, "a4", pieces)
    for side in sides:
        svg_text(side_drawing(geom, side))
    for piece in pieces:
        svg_text(piece.front)
        svg_text(piece.back)
    times["svg"] = time.perf_counter() - started
    started = time.perf_counter()
    distinct = list({face: None for piece in pieces for face in (piece.front, piece.back)})
    face_pngs(distinct, px=96)
    times[f"png ({len(distinct)} distinct faces, 96 px)"] = time.perf_counter() - started
    times["total"] = sum(times.values())
    return times


def main() -> None:
    """Run the benchmark and print the best of several runs per stage.

    Each run is a fresh interpreter (`--once`): the renderer remembers faces and their PDF content
    streams, so a second run in the same process would measure those memories, not the work.
    """
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--counters", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--once", action="store_true", help="run once here and print the seconds as JSON")
    args = parser.parse_args()
    if args.once:
        print(json.dumps(run(args.counters)))
        return
    best: dict[str, float] = {}
    for _ in range(args.repeat):
        done = subprocess.run([sys.executable, __file__, "--counters", str(args.counters), "--once"],
                              capture_output=True, text=True, check=True)
        for stage, seconds in json.loads(done.stdout).items():
            best[stage] = min(seconds, best.get(stage, seconds))
    print(f"{args.counters} counters (best of {args.repeat}):")
    for stage, seconds in best.items():
        print(f"  {stage:40} {seconds:6.2f} s")


if __name__ == "__main__":
    main()
