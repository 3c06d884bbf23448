"""The benchmark `make bench` runs: synthetic games of 100 to 10,000 counters and maps up to 100 × 100
hexes, a 40-page rulebook, and the seed games of content/ built cold, warm and after one change.

Run: .venv/bin/python bench/harness.py [--quick] [--tree DIR] [--results FILE]
Each measurement runs in a fresh interpreter (so imports, font registration and memory are its
own; bytecode cached, as where sandtable is installed): bench/stages.py times load, check and each
emitter on one core; `sandtable build` times the real command (all cores, writes, cache). Peak memory is the largest process's resident set
(getrusage). Writes the figures to bench/results.json and prints a table. `--tree` measures
another checkout of sandtable (for before/after figures); the synthetic content is the same.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.report import print_report, slope, stage_growth  # noqa: E402
from bench.rulebook_bench import rulebook_game  # noqa: E402
from bench.synthetic import write_game  # noqa: E402

COUNTER_SERIES = (100, 1_000, 10_000)
"""Counters of the counter series, all on a 100 × 100 map."""
MAP_SERIES = ((25, 25), (50, 50), (100, 100))
"""Columns × rows of the map series, all with 100 counters."""
SEEDS = ("batalha-de-gazala", "bolt-action", "gazala-1942", "magersfontein-1899", "next-war")
WRAPPER = ("import json, resource, subprocess, sys, time; started = time.perf_counter(); "
           "code = subprocess.run(sys.argv[1:]).returncode; wall = time.perf_counter() - started; "
           "u = resource.getrusage(resource.RUSAGE_CHILDREN); "
           "print(json.dumps([wall, u.ru_utime + u.ru_stime, u.ru_maxrss]), file=sys.stderr); sys.exit(code)")
"""Runs a build and prints its wall seconds, CPU seconds and largest resident set (KiB), all its processes
included; timed in here, so that starting this wrapper is not counted."""

COMPILE = ("import importlib, pkgutil, builder; [importlib.import_module(m.name) for m in "
           "pkgutil.walk_packages(builder.__path__, 'builder.') if not m.name.endswith('__main__')]")
"""Imports every module of sandtable once, so that its bytecode and its libraries' is cached before the
first timed build (a build imports the emitters only when it runs them)."""


class Runner:
    """Runs Python and `sandtable` in fresh interpreters against one checkout of sandtable."""

    def __init__(self, tree: Path, repeat: int = 1) -> None:
        self.tree, self.repeat = tree, max(1, repeat)
        # Bytecode is cached as on any machine where sandtable is installed: a build does not compile
        # its sources every time (this sandbox's PYTHONDONTWRITEBYTECODE would make it, +0.25 s a build).
        self.env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        self.env.update(PYTHONPATH=str(tree), CI="1")
        self.python("-c", COMPILE)  # untimed

    def python(self, *args: str) -> str:
        """Run `python ARGS` and return its standard output."""
        done = subprocess.run([sys.executable, *args], cwd=self.tree, env=self.env, capture_output=True,
                              text=True, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"python {' '.join(args)} failed:\n{done.stderr[-2000:]}")
        return done.stdout

    def cold(self, cases: dict[str, list[Path]], scratch: Path) -> dict[str, dict]:
        """Return the figures of cold builds of each case (a name and its games): `repeat` rounds, each building
        every case once, in turn, into a folder no build has written; for each case the run of median wall
        time, with every run's wall time.

        Round by round rather than case by case: a spell of a busy host (a virtual machine's cores slow
        down for a minute or two when their host is busy) then slows one run of every case rather than
        every run of one. The runs' folders stay until the scratch folder goes, after the last measurement.
        Deleting one just before the next run would time the file system rather than the build: ext4
        without a journal (as on the machine these figures come from) will not reuse an inode freed in the
        last minute, and checks each such inode again for every file it makes (0.15 s of CPU for the 400
        files of next-war after an `rm -rf` of the last build's). A first build, or a build in a fresh
        checkout, never meets them.
        """
        runs: dict[str, list[dict]] = {name: [] for name in cases}
        references = []  # how fast the machine ran plain Python just before each round
        for round_ in range(self.repeat):
            references.append(reference_seconds(passes=2))
            for name, paths in cases.items():
                runs[name].append(self.build(paths, cold_folder(scratch, name, round_)))
        found = {}
        for name, measured in runs.items():
            failed = next((run for run in measured if run["wall_s"] is None), None)
            if failed is not None:
                found[name] = failed
                continue
            median = sorted(measured, key=lambda run: run["wall_s"])[len(measured) // 2]
            found[name] = {**median, "runs_wall_s": [run["wall_s"] for run in measured],
                           "runs_cpu_s": [run["cpu_s"] for run in measured], "rounds_reference_s": references} \
                if len(measured) > 1 else median
        return found

    def build(self, paths: list[Path], out: Path, *, without: tuple[str, ...] = ()) -> dict:
        """Run `sandtable build PATHS -o OUT`; return its wall and CPU seconds and its largest process's memory.
        `without` names speed mechanisms to switch off (builder/mechanisms.py).

        A small wrapper process times the build and reports getrusage(RUSAGE_CHILDREN): the build and its
        children are its only descendants, so the figures are this build's alone.
        """
        done = subprocess.run([sys.executable, "-c", WRAPPER, sys.executable, "-m", "builder", "build",
                               *map(str, paths), "-o", str(out)],
                              cwd=self.tree, env={**self.env, "SANDTABLE_WITHOUT": ",".join(without)},
                              capture_output=True, text=True, check=False)
        *messages, usage = done.stderr.strip().splitlines() or [""]
        if done.returncode != 0:
            return {"wall_s": None, "error": messages[-1:] or [usage]}
        wall, cpu_s, peak_kib = json.loads(usage)
        return {"wall_s": round(wall, 3), "cpu_s": round(cpu_s, 2), "peak_rss_mib": round(peak_kib / 1024, 1)}


def cold_folder(scratch: Path, case: str, round_: int) -> Path:
    """Return the folder a case's cold build of one round writes (`Runner.cold`)."""
    return scratch / f"out-{re.sub(r'[^a-z0-9]+', '-', case.lower()).strip('-')}-{round_}"


def stage_case(runner: Runner, name: str, folder: Path) -> dict:
    """Return the stage timings of one game folder, with the case name."""
    measured = json.loads(runner.python(str(ROOT / "bench" / "stages.py"), str(folder)))
    return {"case": name, **measured}


def synthetic_cases(runner: Runner, scratch: Path, quick: bool) -> list[dict]:
    """Return the stage timings of the counter series, the map series and the rulebook."""
    counters = COUNTER_SERIES[:2] if quick else COUNTER_SERIES
    maps = MAP_SERIES[:2] if quick else MAP_SERIES
    cases = []
    for count in counters:
        folder = write_game(scratch / f"counters-{count}", counters=count, columns=100, rows=100)
        cases.append({**stage_case(runner, f"{count} counters, 100x100 map", folder), "series": "counters"})
    for columns, rows in maps:
        folder = write_game(scratch / f"map-{columns}x{rows}", counters=100, columns=columns, rows=rows)
        cases.append({**stage_case(runner, f"100 counters, {columns}x{rows} map", folder), "series": "hexes"})
    book = rulebook_game(scratch / "rulebook", 26)
    cases.append({**stage_case(runner, "rulebook, 26 sections", book), "series": "rulebook"})
    return cases


def big_build(runner: Runner, scratch: Path) -> dict:
    """Return the real build (all cores, written) of 10,000 counters on a 100 × 100 map."""
    folder = scratch / f"counters-{COUNTER_SERIES[-1]}"
    if not folder.exists():
        write_game(folder, counters=COUNTER_SERIES[-1], columns=100, rows=100)
    out = scratch / "out-big"
    shutil.rmtree(out, ignore_errors=True)
    return {"case": "10,000 counters, 100x100 map: sandtable build", **runner.build([folder], out)}


def change_one_counter(folder: Path) -> None:
    """Raise the first unit's first value in counters.yaml by one (`{values: {combat: 5,` → 6)."""
    path = folder / "counters.yaml"
    text = path.read_text(encoding="utf-8")
    found = re.search(r"\{values: \{\w+: (\d+)", text)
    if found is None:
        raise RuntimeError(f"no unit value to change in {path}")
    start, end = found.span(1)
    path.write_text(text[:start] + str(int(found.group(1)) + 1) + text[end:], encoding="utf-8")


def changed_kinds(before: dict, after: dict) -> list[str]:
    """Return the artifact kinds whose files differ between two manifests."""
    old = {a["path"]: a["sha256"] for a in before["artifacts"]}
    return sorted({a["kind"] for a in after["artifacts"] if old.get(a["path"]) != a["sha256"]})


def seed_builds(runner: Runner, scratch: Path) -> list[dict]:
    """Return cold builds of each seed game and of all five, the warm rebuild, and a one-counter change."""
    content = scratch / "content"
    shutil.rmtree(content, ignore_errors=True)
    shutil.copytree(ROOT / "content", content)
    games = [content / name for name in SEEDS]
    cases = {f"{game.name}: cold": [game] for game in games}
    cases["all five: cold"] = games
    rows = [{"case": name, **figures} for name, figures in runner.cold(cases, scratch).items()]
    out = cold_folder(scratch, "all five: cold", 0)  # the first cold build of all five: warm from here on
    rows.append({"case": "all five: warm (nothing changed)", **runner.build(games, out)})
    target = content / "gazala-1942"
    before = json.loads((out / target.name / "manifest.json").read_text(encoding="utf-8"))
    change_one_counter(target)
    rows.append({"case": "all five: one counter changed", **runner.build(games, out)})
    after = json.loads((out / target.name / "manifest.json").read_text(encoding="utf-8"))
    rows[-1]["changed_kinds"] = changed_kinds(before, after)
    return rows


def reference_seconds(passes: int = 5) -> float:
    """Return the CPU seconds of a fixed piece of pure Python (the best of `passes`): how fast this machine
    runs Python at the moment. A virtual machine's cores slow down when its host is busy, so builds measured
    at different times compare only beside this figure."""
    best = float("inf")
    for _ in range(passes):
        started = time.process_time()
        total = 0
        for n in range(2_000_000):
            total += n
        best = min(best, time.process_time() - started)
    return round(best, 3)


def machine(before: float) -> dict:
    """Return what the figures were measured on; `before` is the reference time taken at the start."""
    return {"python": platform.python_version(), "system": platform.platform(), "cpus": os.cpu_count(),
            "load_average": [round(x, 2) for x in os.getloadavg()],
            "reference_s": {"before": before, "after": reference_seconds()}}


def main() -> int:
    """Run the benchmark, write the results file and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the 10,000-counter and 100x100 cases")
    parser.add_argument("--tree", type=Path, default=ROOT, help="the sandtable checkout to measure")
    parser.add_argument("--results", type=Path, default=ROOT / "bench" / "results.json")
    parser.add_argument("--only", choices=["stages", "builds", "seeds"], default=None,
                        help="run one part: the stage timings, the real builds, or the seed games' builds")
    parser.add_argument("--repeat", type=int, default=5,
                        help="cold builds of the seed games run this many times; the median is reported")
    args = parser.parse_args()
    runner = Runner(args.tree.resolve(), args.repeat)
    reference = reference_seconds()
    wanted = {args.only} if args.only else {"stages", "builds", "seeds"}
    with tempfile.TemporaryDirectory(prefix="sandtable-bench-") as folder:
        scratch = Path(folder)
        stages = synthetic_cases(runner, scratch, args.quick) if "stages" in wanted else []
        builds = [big_build(runner, scratch)] if "builds" in wanted and not args.quick else []
        builds += seed_builds(runner, scratch) if wanted & {"builds", "seeds"} else []
    results = {"tree": str(runner.tree), "machine": machine(reference), "stages": stages, "builds": builds,
               "slopes": {"counters": slope(stages, "counters"), "hexes": slope(stages, "hexes")},
               "faster_than_linear": {"counters": stage_growth(stages, "counters"),
                                      "hexes": stage_growth(stages, "hexes")}}
    args.results.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print_report(results)
    print(f"\nwrote {args.results}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
