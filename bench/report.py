"""The benchmark's table and slopes, from the figures bench/harness.py gathers."""
from __future__ import annotations

SIZE_KEY = {"counters": "counters", "hexes": "hexes"}


def total_cpu(case: dict) -> float:
    """Return the CPU seconds of every stage of one case."""
    return sum(stage["cpu_s"] for stage in case["stages"].values())


def slope(cases: list[dict], series: str) -> dict | None:
    """Return the least-squares cost per 1,000 counters (or hexes) of a series, and how straight it is.

    `linearity` is the marginal cost between the two largest sizes over the marginal cost between the
    two smallest: 1.0 is a straight line, above 1 a cost that grows faster than the size.
    """
    points = sorted((case[SIZE_KEY[series]], total_cpu(case)) for case in cases if case.get("series") == series)
    if len(points) < 2:
        return None
    mean_x = sum(x for x, _ in points) / len(points)
    mean_y = sum(y for _, y in points) / len(points)
    spread = sum((x - mean_x) ** 2 for x, _ in points)
    per_unit = sum((x - mean_x) * (y - mean_y) for x, y in points) / spread if spread else 0.0
    first = (points[1][1] - points[0][1]) / max(1, points[1][0] - points[0][0])
    last = (points[-1][1] - points[-2][1]) / max(1, points[-1][0] - points[-2][0])
    return {"seconds_per_1000": round(per_unit * 1000, 3), "intercept_s": round(mean_y - per_unit * mean_x, 3),
            "linearity": round(last / first, 2) if first > 0 else None,
            "points": [[x, round(y, 3)] for x, y in points]}


def stage_growth(cases: list[dict], series: str) -> dict[str, float]:
    """Return, for each stage whose cost grows faster than its size over a series, its linearity (see slope)."""
    points = sorted((case for case in cases if case.get("series") == series), key=lambda c: c[SIZE_KEY[series]])
    if len(points) < 3:
        return {}
    grows = {}
    for name in points[0]["stages"]:
        (x0, y0), (x1, y1), (x2, y2) = [(c[SIZE_KEY[series]], c["stages"][name]["cpu_s"]) for c in points[-3:]]
        first, last = (y1 - y0) / max(1, x1 - x0), (y2 - y1) / max(1, x2 - x1)
        if first > 0 and last > 0.001 and last / first > 1.3:
            grows[name] = round(last / first, 2)
    return grows


def _cell(value: float | None) -> str:
    return "" if value is None else f"{value:8.2f}"


def print_stage_table(cases: list[dict]) -> None:
    """Print CPU seconds per stage (rows) and case (columns), then totals and peak memory."""
    names = list(dict.fromkeys(name for case in cases for name in case["stages"]))
    print("CPU seconds per stage, one core (bench/stages.py)")
    print(f"{'':14}" + "".join(f"{n + 1:>9}" for n in range(len(cases))))
    for name in names:
        print(f"{name:14}" + "".join(f" {_cell(case['stages'].get(name, {}).get('cpu_s'))}" for case in cases))
    print(f"{'total':14}" + "".join(f" {_cell(total_cpu(case))}" for case in cases))
    print(f"{'peak MiB':14}" + "".join(f" {_cell(case['peak_rss_mib'])}" for case in cases))
    for number, case in enumerate(cases, start=1):
        print(f"  {number}: {case['case']} ({case['counters']} counters, {case['hexes']} hexes)")


def print_report(results: dict) -> None:
    """Print the machine's speed, the stage table, the slopes and the real builds."""
    reference = results["machine"].get("reference_s")
    if reference:
        print(f"machine: {results['machine']['cpus']} cores; reference Python work {reference['before']:.3f} s "
              f"before, {reference['after']:.3f} s after (lower is faster; compare runs only at similar values)\n")
    print_stage_table(results["stages"])
    for series, found in results["slopes"].items():
        if found:
            print(f"slope: {found['seconds_per_1000']:.3f} s per 1,000 {series} "
                  f"(intercept {found['intercept_s']:.2f} s, linearity {found['linearity']})")
        grows = stage_growth(results["stages"], series)
        if grows:
            print(f"  faster than linear in {series}: " + ", ".join(f"{k} ({v})" for k, v in grows.items()))
    if results["builds"]:
        print("\nsandtable build: wall seconds (all cores), CPU seconds (all processes), peak memory (largest process)")
    for row in results["builds"]:
        if row.get("wall_s") is None:
            print(f"  {row['case']:45} failed: {' '.join(row.get('error', []))}")
            continue
        extra = f"  rebuilt: {', '.join(row['changed_kinds'])}" if "changed_kinds" in row else ""
        if "runs_wall_s" in row:
            extra = "  runs " + " ".join(f"{wall:.2f}" for wall in row["runs_wall_s"])
        print(f"  {row['case']:45} {row['wall_s']:7.2f} s  {row['cpu_s']:7.2f} s CPU  "
              f"{row['peak_rss_mib']:7.1f} MiB{extra}")
    rounds = next((row["rounds_reference_s"] for row in results["builds"] if "rounds_reference_s" in row), None)
    if rounds:
        print("  cold builds: median of the rounds; reference Python work before each round "
              + " ".join(f"{seconds:.3f}" for seconds in rounds) + " s")
