"""Time one game stage by stage in this process: load, check, then each emitter; print JSON.

Run: python bench/stages.py GAME_FOLDER
Prints {"game", "counters", "hexes", "stages": {name: {"wall_s", "cpu_s", "artifacts", "bytes"}},
"peak_rss_mib"}. The emitters run one after the other on one core, so each figure is that
emitter's own cost; the harness runs this in a fresh interpreter per game, so the peak resident
memory (getrusage) is the whole serial build's, interpreter included.
"""
from __future__ import annotations

import json
import resource
import sys
import time
from pathlib import Path
from typing import Callable

from builder.pipeline.emitters import EMITTERS, import_emitters
from builder.load.game import load_game
from builder.rules.registry import run_checks


def timed(action: Callable[[], object]) -> tuple[object, dict[str, float]]:
    """Run `action` and return its value with its wall and CPU seconds."""
    wall, cpu = time.perf_counter(), time.process_time()
    value = action()
    return value, {"wall_s": time.perf_counter() - wall, "cpu_s": time.process_time() - cpu}


def emitter_name(emitter: Callable) -> str:
    """Return a short stage name for an emitter: `emit_map_pdfs` → `map_pdfs`."""
    return emitter.__name__.removeprefix("emit_").lstrip("_")


def stage_times(folder: Path) -> dict:
    """Return the timings of every stage of one game."""
    import_emitters()  # imported with the emitter table before the table named their modules; not a stage's time
    game, load = timed(lambda: load_game(folder))
    stages = {"load": load}
    _, stages["check"] = timed(lambda: run_checks(game))
    for emitter in EMITTERS:
        artifacts, spent = timed(lambda: emitter(game))
        spent.update(artifacts=len(artifacts), bytes=sum(len(a.data) for a in artifacts))
        stages[emitter_name(emitter)] = spent
    hexes = sum(m.grid.columns * m.grid.rows for m in game.maps.maps if getattr(m, "grid", None) is not None)
    units = len(game.counters.units) + len(game.counters.markers)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"game": game.id, "counters": units, "hexes": hexes, "stages": stages, "peak_rss_mib": round(peak, 1)}


if __name__ == "__main__":
    print(json.dumps(stage_times(Path(sys.argv[1]))))
