"""The rent table: what each speed mechanism buys, measured in one run, beside the lines it costs to keep.

    .venv/bin/python bench/rent.py [--repeat 3] [--big-repeat 1] [--quick] [--readme]

Builds next-war and magersfontein-1899 (the seed whose maps are tiled on the most papers) cold and the
10,000-counter synthetic game (100 × 100 hexes) cold with every mechanism in use, and with each one switched off in turn (SANDTABLE_WITHOUT, builder/mechanisms.py), in rounds: each
round builds every configuration once, so a busy spell of the shared host slows one run of each rather
than every run of one; the best run of each is kept. Instruction counts need hardware counters, which this
virtual machine does not expose (`perf stat -e instructions`: not supported), so the CPU seconds of the
build and all its processes (getrusage) stand in for them. Writes bench/rent.md (and, with `--readme`,
the table between the README's rent markers) and bench/rent.json.
"""
from __future__ import annotations

import argparse
import ast
import json
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.harness import Runner, reference_seconds  # noqa: E402
from bench.synthetic import write_game  # noqa: E402

SEED = "next-war"
SEEDS = {"seed": SEED, "maps": "magersfontein-1899"}
"""The seed games built, by case name: a mechanism pays if it buys its share of either."""
BIG = (10_000, 100, 100)
"""Counters, columns and rows of the large case."""
SEED_SHARE, BIG_SHARE = 0.05, 0.10
"""What a mechanism must buy to stay: 5% of a seed game's cold build, or 10% of the large case's."""
MARK_START, MARK_END = "<!-- rent table: bench/rent.py -->", "<!-- /rent table -->"

CODE: dict[str, list[str]] = {
    "pdf-compile": ["builder/render/pdf.py", "builder/render/pdf_paths.py", "builder/render/pdf_forms.py"],
    "collector": ["builder/collector.py"],
    "once": ["builder/emit/vassal/art.py:Family,_families,common_items", "builder/emit/vassal/raster.py:_render",
             "builder/render/maps/sheet.py:_wordless", "builder/render/fonts.py:_subsets_once",
             "builder/render/deflate.py:REMEMBERED_FROM,_deflated",
             "builder/render/pdf_compile.py:LAYER_ITEMS,_layers,_Compiler.layer"],
    "shared-first": ["builder/pipeline/emitters.py:_map_sheets,_counters,_charts,SHARED_DRAWINGS,drawn_first,"
                     "draw_shared", "builder/render/charts.py:measure_charts"],
}
"""Where each mechanism's code lies: whole files, or `file:name,name` for top-level definitions in a file."""
TESTS: dict[str, list[str]] = {
    "pdf-compile": ["tests/render/test_pdf_writer.py"],
    "once": ["tests/emit/vassal/test_raster.py:test_pages_drawn_over_their_common_page_have_the_pixels_of_whole_pages",
             "tests/render/test_pdf_writer.py:_layered,test_a_large_group_is_compiled_once_and_written_as_it_would_be_"
             "where_it_stands"],
    "shared-first": ["tests/test_build_parallel.py:test_what_several_tasks_draw_is_drawn_once_before_they_fork_while_the"
                     "_others_run,test_a_shared_drawing_only_one_task_uses_is_left_to_it,"
                     "test_the_shared_map_sheets_are_compiled_before_the_tasks_fork"],
}
"""The tests that hold each mechanism's own bytes or workings (the behaviour is held elsewhere)."""


def lines_of(spec: str, tree: Path = ROOT) -> int:
    """Return the lines of a file, or of the named top-level definitions in it (`file:name,name`; a method as
    `Class.name`)."""
    path, _, names = spec.partition(":")
    file = tree / path
    if not file.exists():
        return 0
    text = file.read_text(encoding="utf-8")
    if not names:
        return len(text.splitlines())
    wanted = set(names.split(","))
    total = 0
    tree_nodes = ast.parse(text).body
    methods = [(inner, f"{node.name}.{inner.name}") for node in tree_nodes if isinstance(node, ast.ClassDef)
               for inner in node.body if isinstance(inner, ast.FunctionDef)]
    for node, name in [(n, None) for n in tree_nodes] + methods:
        targets = [name or node.name] if hasattr(node, "name") else \
            [t.id for t in getattr(node, "targets", [getattr(node, "target", None)]) if isinstance(t, ast.Name)]
        if wanted & set(targets):
            first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
            total += node.end_lineno - first + 1
    return total


def measure(runner: Runner, cases: dict[str, list[Path]], configs: list[tuple[str, ...]], rounds: dict[str, int],
            scratch: Path) -> dict[str, dict[str, list[dict]]]:
    """Return every run of every case under every configuration, built round by round."""
    runs: dict[str, dict[str, list[dict]]] = {case: {",".join(c) or "all": [] for c in configs} for case in cases}
    for round_ in range(max(rounds.values())):
        reference = reference_seconds(passes=2)
        for case, paths in cases.items():
            if round_ >= rounds[case]:
                continue
            for config in configs:
                name = ",".join(config) or "all"
                out = scratch / f"out-{re.sub(r'[^a-z0-9]+', '-', case)}-{name}-{round_}"
                figures = runner.build(paths, out, without=config)
                if figures["wall_s"] is None:
                    raise RuntimeError(f"{case} without {name} failed: {figures['error']}")
                runs[case][name].append({**figures, "reference_s": reference})
                print(f"  round {round_ + 1} {case:9s} without {name:14s} {figures['wall_s']:6.2f} s wall "
                      f"{figures['cpu_s']:6.2f} s CPU", file=sys.stderr, flush=True)
    return runs


def best(runs: list[dict]) -> dict:
    """Return the best wall and the best CPU seconds of a configuration's runs, and its largest memory."""
    return {"wall_s": min(r["wall_s"] for r in runs), "cpu_s": min(r["cpu_s"] for r in runs),
            "peak_rss_mib": max(r["peak_rss_mib"] for r in runs), "runs": len(runs)}


def share(without: list[dict], with_: list[dict], key: str) -> float:
    """Return what a mechanism buys: the time it saves, as a share of the build's time with it. Each run without
    it is paired with the run with it of the same round, built just before it, and the median of those
    ratios is taken: a busy spell of the host then moves both runs of a pair, not the figure."""
    ratios = sorted(w[key] / u[key] for w, u in zip(without, with_))
    middle = len(ratios) // 2
    median = ratios[middle] if len(ratios) % 2 else (ratios[middle - 1] + ratios[middle]) / 2
    return median - 1


def verdict(row: dict) -> str:
    """Return whether a mechanism pays its rent: 5% of a seed build's time, or 10% of the large case's.

    Judged on CPU seconds, the stand-in for instruction counts: on a shared 2-core host the wall time of
    one build moves by a third with the other users' load, its CPU time by some 5-10%.
    """
    pays = any(row.get(f"{case}_cpu_share", 0.0) >= SEED_SHARE for case in SEEDS) \
        or row.get("big_cpu_share", 0.0) >= BIG_SHARE
    return "keep" if pays else "remove"


def table(results: dict) -> str:
    """Return the rent table as Markdown: a pair of columns (wall, CPU) per case measured."""
    base = results["all"]
    names = {**SEEDS, "big": results["big_name"]}
    cases = [case for case in names if case in base]
    head = ("| mechanism | " + " | ".join(f"{names[case]} cold, wall s | CPU s" for case in cases)
            + " | lines (tests) | verdict |\n|---|" + "---|---|" * len(cases) + "---|---|\n")
    rows = ["| all in use | " + " | ".join(f"{base[c]['wall_s']:.2f} | {base[c]['cpu_s']:.2f}" for c in cases)
            + " | | |"]
    for row in results["mechanisms"]:
        cells = " | ".join(f"{row[c]['wall_s']:.2f} ({row[c + '_share']:+.0%}) | {row[c]['cpu_s']:.2f} "
                           f"({row[c + '_cpu_share']:+.0%})" if c in row else "– | –" for c in cases)
        rows.append(f"| without `{row['name']}` | {cells} | {row['lines']} ({row['test_lines']}) | {row['verdict']} |")
    return head + "\n".join(rows) + "\n"


def counted(mechanisms: list[str], tree: Path) -> dict[str, tuple[int, int]]:
    """Return each mechanism's lines of code and lines of tests in `tree`."""
    return {name: (sum(lines_of(s, tree) for s in CODE[name]), sum(lines_of(s, tree) for s in TESTS.get(name, [])))
            for name in mechanisms}


def rows_of(runs: dict, lines: dict[str, tuple[int, int]]) -> dict:
    """Return the figures of each configuration and each mechanism's row of the table (`lines`: `counted`)."""
    cases = [case for case in (*SEEDS, "big") if case in runs]
    found: dict = {"all": {case: best(runs[case]["all"]) for case in cases}, "mechanisms": []}
    for name, (code, tests) in lines.items():
        row = {"name": name, "lines": code, "test_lines": tests}
        for case in cases:
            if runs[case].get(name):
                row[case] = best(runs[case][name])
                row[f"{case}_share"] = share(runs[case][name], runs[case]["all"], "wall_s")
                row[f"{case}_cpu_share"] = share(runs[case][name], runs[case]["all"], "cpu_s")
        row["verdict"] = verdict(row)
        found["mechanisms"].append(row)
    return found


def write_readme(text: str, readme: Path = ROOT / "README.md") -> None:
    """Put the table between the README's rent markers."""
    old = readme.read_text(encoding="utf-8")
    start, end = old.find(MARK_START), old.find(MARK_END)
    if start < 0 or end < start:
        raise SystemExit(f"README.md has no {MARK_START} … {MARK_END} markers")
    readme.write_text(old[:start + len(MARK_START)] + "\n" + text + old[end:], encoding="utf-8")


def main() -> int:
    """Measure, print and write the rent table."""
    from builder.mechanisms import MECHANISMS
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="rounds of the seed game's builds (best kept)")
    parser.add_argument("--big-repeat", type=int, default=1, help="rounds of the large case's builds")
    parser.add_argument("--quick", action="store_true", help="leave out the large case")
    parser.add_argument("--only", nargs="*", default=list(MECHANISMS), help="the mechanisms to measure")
    parser.add_argument("--readme", action="store_true", help="write the table into README.md too")
    parser.add_argument("--tree", type=Path, default=ROOT,
                        help="the sandtable checkout to measure (a copy, so that editing this one does not disturb it)")
    parser.add_argument("--table-only", action="store_true",
                        help="write the table again from the runs in bench/rent.json, measuring nothing")
    parser.add_argument("--merge", type=Path, nargs="*", default=[],
                        help="with --table-only: add the rounds of these later rent.json files of the same tree")
    args = parser.parse_args()
    if args.table_only:
        saved = json.loads((ROOT / "bench" / "rent.json").read_text(encoding="utf-8"))
        for extra in args.merge:  # a later run's rounds, of the same tree: added after the earlier ones
            for case, by_config in json.loads(extra.read_text(encoding="utf-8"))["runs"].items():
                for name, measured in by_config.items():
                    known = saved["runs"][case].get(name, [])
                    saved["runs"][case][name] = known + [run for run in measured if run not in known]
        lines = {row["name"]: (row["lines"], row["test_lines"]) for row in saved["mechanisms"]}
        results = {**saved, **rows_of(saved["runs"], lines)}
        write_results(results, readme=args.readme)
        return 0
    mechanisms = [name for name in args.only if name in MECHANISMS]
    configs = [()] + [(name,) for name in mechanisms]
    tree = args.tree.resolve()
    runner = Runner(tree)
    with tempfile.TemporaryDirectory(prefix="sandtable-rent-") as folder:
        scratch = Path(folder)
        cases = {case: [tree / "content" / game] for case, game in SEEDS.items()}
        rounds = {case: args.repeat for case in SEEDS}
        if not args.quick:
            count, columns, rows = BIG
            cases["big"] = [write_game(scratch / "big", counters=count, columns=columns, rows=rows)]
            rounds["big"] = args.big_repeat
        runs = measure(runner, cases, configs, rounds, scratch)
    runs = {case: {name: found for name, found in by_config.items()} for case, by_config in runs.items()}
    results = {"tree": str(tree), "big_name": f"{BIG[0]:,} counters", **rows_of(runs, counted(mechanisms, tree)), "runs": runs}
    write_results(results, readme=args.readme)
    return 0


def write_results(results: dict, *, readme: bool) -> None:
    """Print the table and write it to bench/rent.md (and the README), the figures to bench/rent.json."""
    text = table(results)
    print(text)
    (ROOT / "bench" / "rent.md").write_text(
        "# The rent table\n\nWritten by `bench/rent.py`: the best of each configuration's runs; in brackets the "
        "time a mechanism saves, as a share of the build's time with it (the median over rounds of each run "
        "without it against the run with it built just before). CPU seconds of all the build's "
        "processes stand in for instruction counts (this host exposes no hardware counters), and the verdict "
        "is taken on them.\n\n" + text, encoding="utf-8")
    (ROOT / "bench" / "rent.json").write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    if readme:
        write_readme(text)


if __name__ == "__main__":
    sys.exit(main())
