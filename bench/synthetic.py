"""Synthetic games on disk for the benchmark: the minimal test game grown to N counters, a C × R map
and a scenario that places every counter on its own hex.

The counters come from counter_bench.synthetic_units, the map from map_bench.bench_map (both seeded,
so every run writes the same files); the rest of the minimal game (charts, rulebook, the units and
places its scenario and rulebook name) is kept, so the game checks clean.
"""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.counter_bench import synthetic_units  # noqa: E402
from bench.map_bench import TERRAIN, bench_map  # noqa: E402
from builder.geometry.hexgrid import HexGrid  # noqa: E402
from builder.plan.hexes import hex_grid  # noqa: E402
from builder.model.map import Grid  # noqa: E402

MINIMAL = ROOT / "tests" / "data" / "games" / "minimal"


def _dump(path: Path, data: object) -> None:
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=120), encoding="utf-8")


def _counters(count: int) -> dict:
    data = yaml.safe_load((MINIMAL / "counters.yaml").read_text(encoding="utf-8"))
    data.pop("expected", None)
    data["units"] += synthetic_units(count)
    return data


def _grid(map_data: dict) -> HexGrid:
    return hex_grid(Grid.model_validate(map_data["grid"]))


def _map(columns: int, rows: int) -> dict:
    """Return map.yaml: the benchmark map plus the place, edges, zone and turn track the minimal game names."""
    generated = bench_map(columns, rows)
    generated["id"] = "main"
    grid = _grid(generated)
    label = {(h.col, h.row): grid.label(h) for h in grid.all_hexes()}
    first, town = grid.all_hexes()[0], grid.all_hexes()[min(len(grid.all_hexes()) - 1, 3 * rows + 1)]
    corner = grid.all_hexes()[min(len(grid.all_hexes()) - 1, 2 * rows + 4)]
    generated["places"].append({"id": "ville", "name": "Ville", "hex": grid.label(town), "kind": "town"})
    generated["edges"] = [{"id": "west", "side_of_map": "west", "roles": ["red-entry"]},
                          {"id": "east", "side_of_map": "east", "roles": ["blue-entry"]}]
    zone = f"{label[(first.col, first.row)]}-{label[(corner.col, corner.row)]}"
    generated["zones"] = [{"id": "red-half", "name": "Red half", "hexes": [zone]}]
    generated["tracks"] = [{"id": "turns", "name": "Turns", "kind": "turn", "placement": "right",
                            "boxes": [{"id": f"turn-{n}", "value": n} for n in (1, 2, 3)]}]
    return {"terrain": TERRAIN, "maps": [generated]}


def _charts(terrain: list[dict]) -> dict:
    """Return charts.yaml with a TEC row for every terrain of the benchmark map."""
    data = yaml.safe_load((MINIMAL / "charts.yaml").read_text(encoding="utf-8"))
    tec = next(chart for chart in data["charts"] if chart["kind"] == "tec")
    known = {row["terrain"] for row in tec["rows"]}
    tec["rows"] += [{"terrain": t["id"], "cost": {"foot": 1, "mech": 1}} for t in terrain if t["id"] not in known]
    return data


def _scenario(units: list[dict], map_data: dict) -> dict:
    """Return a scenario that sets up every unit but b2 (a reinforcement) on a hex of its own, off marshes."""
    generated = map_data["maps"][0]
    grid = _grid(generated)
    labels = [grid.label(h) for h in grid.all_hexes()]
    hexes = iter([label for label in labels if "marsh" not in generated["hexes"].get(label, [])])
    sides: dict[str, list[dict]] = {"red": [], "blue": []}
    for unit in units:
        if unit["id"] == "b2":
            continue
        side = "red" if unit["nationality"] == "redland" else "blue"
        hex_id = next(hexes, None)
        if hex_id is not None:
            sides[side].append({"units": [unit["id"]], "hex": hex_id})
    scenario = yaml.safe_load((MINIMAL / "scenarios" / "meeting.yaml").read_text(encoding="utf-8"))
    scenario["setup"] = [{"side": side, "placements": placements} for side, placements in sides.items()]
    return scenario


def write_game(folder: Path, *, counters: int, columns: int, rows: int) -> Path:
    """Write the synthetic game into `folder` (replaced if it exists) and return it."""
    if folder.exists():
        shutil.rmtree(folder)
    shutil.copytree(MINIMAL, folder)
    counters_data = _counters(counters)
    _dump(folder / "counters.yaml", counters_data)
    map_data = _map(columns, rows)
    _dump(folder / "map.yaml", map_data)
    _dump(folder / "charts.yaml", _charts(map_data["terrain"]))
    _dump(folder / "scenarios" / "meeting.yaml", _scenario(counters_data["units"], map_data))
    return folder


if __name__ == "__main__":
    target = write_game(Path(sys.argv[1]), counters=int(sys.argv[2]), columns=int(sys.argv[3]), rows=int(sys.argv[4]))
    print(target)
