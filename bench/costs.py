"""Each build task's estimated cost (builder/pipeline/scheduling.py COSTS) beside its measured CPU time, on the seed games.

    python -m bench.costs [GAME_FOLDER ...]

A build starts the tasks with the highest estimate first; refit COSTS when the measured column drifts
away from the estimates enough to change that order. Each task runs in a forked child, as in a build.
"""
from __future__ import annotations

import gc
import os
import sys
import time
from pathlib import Path

from builder.pipeline.emitters import EMITTERS, import_emitters, import_svg_reader, register_fonts
from builder.pipeline.scheduling import estimated_cost, run_unit, units_of, workload
from builder.load.game import load_game

ROOT = Path(__file__).resolve().parent.parent


def cpu_seconds(run) -> float:
    """Return the CPU seconds `run()` takes in a forked child (the median of three)."""
    times = []
    for _ in range(3):
        reader, writer = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: time the task, send the figure, leave without cleanup
            os.close(reader)
            gc.disable()  # as a build child runs (builder/processes.py)
            started = time.process_time()
            run()
            os.write(writer, repr(time.process_time() - started).encode())
            os._exit(0)
        os.close(writer)
        with os.fdopen(reader, "rb") as answer:
            times.append(float(answer.read()))
        os.waitpid(pid, 0)
    return sorted(times)[1]


def main(folders: list[Path]) -> None:
    import_emitters()  # as a build does before it forks its tasks
    register_fonts()
    for folder in folders:
        game = load_game(folder)
        import_svg_reader(game)  # as a build does before it forks a game's tasks
        sizes = workload(game)
        print(f"{game.id}: " + ", ".join(f"{name} {value:g}" for name, value in sizes.items()))
        for members, part in units_of(game, tuple(range(len(EMITTERS)))):
            # no staging folder: the task returns its artifacts rather than writing them, as in a one-process build
            measured = cpu_seconds(lambda: run_unit([game], {}, (0, members, part)))
            names = "+".join(EMITTERS[m].__name__ for m in members) + ("" if part is None else f"[{part}]")
            print(f"  {names:60s} estimate {estimated_cost((0, members, part), game, sizes):5.2f} s"
                  f"   measured {measured:5.2f} s")


if __name__ == "__main__":
    main([Path(arg) for arg in sys.argv[1:]] or sorted(p for p in (ROOT / "content").iterdir() if p.is_dir()))
