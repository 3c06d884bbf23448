"""Read-back proof of the maps and the VASSAL module: every hex's number printed inside that hex on the
full-size map PDF, every hex the model names printed; every unit and marker a piece in the module,
carrying its name and, step by step, its values."""
from __future__ import annotations

import math

from builder.emit.pdf_map import FULL_MARGIN_MM
from builder.plan.hexes import hex_grid
from builder.model.base import text_in
from builder.model.counters import Unit
from builder.render.maps.sheet import map_sheets
from tests.proof.conftest import Built
from tests.proof.expected import printed_number
from tests.proof.reading import module_pieces, pdf_pages, piece_marks, piece_name


def map_number_problems(built: Built) -> list[str]:
    """Return every hex whose number is not printed inside it on the full-size map of each edition, and every
    hex id the model names that no hex of the map prints."""
    problems = []
    for lang in built.game.game.languages:
        problems += _edition_number_problems(built, lang)
    return problems


def _edition_number_problems(built: Built, lang: str) -> list[str]:
    problems = []
    frames = {sheet.id: sheet.frame for sheet in map_sheets(built.game, lang) if sheet.frame is not None}
    for map_ in (m for m in built.game.maps.maps if m.id in frames):
        entry = next(e for e in built.entries("map-pdf") if e["map"] == map_.id and e["sheet"] == "hex"
                     and e["layout"] == "full" and e["lang"] == lang)
        runs: dict[str, list] = {}
        for run in pdf_pages(built.folder / entry["path"]).runs[0]:
            runs.setdefault(run.text, []).append(run)
        grid, frame = hex_grid(map_.grid), frames[map_.id]
        inner_mm = map_.grid.hex_mm / 2
        for hex_, label in zip(grid.all_hexes(), grid.labels()):
            x, y = grid.centre_mm(hex_)
            x, y = x + frame.x_mm + FULL_MARGIN_MM, y + frame.y_mm + FULL_MARGIN_MM
            if not any(math.dist(((r.left_mm + r.right_mm) / 2, (r.top_mm + r.bottom_mm) / 2), (x, y)) < inner_mm
                       for r in runs.get(label, [])):
                problems.append(f"{entry['path']}: hex {label} does not print its number inside it")
        named = set(map_.hexes) | {p.hex for p in map_.places if p.hex}
        problems += [f"{entry['path']}: the model names hex {h}, which the map does not print"
                     for h in sorted(named - set(grid.labels()))]
    return problems


def test_every_hex_prints_its_number_inside_it_on_the_map(built: Built) -> None:
    problems = map_number_problems(built)
    assert not problems, f"{len(problems)} problem(s):\n" + "\n".join(problems[:20])


def module_value(value: object) -> str:
    """Return a value as a module property holds it: as printed, a yes/no as `true`/`false`."""
    return str(value).lower() if isinstance(value, bool) else printed_number(value)


def unit_piece_problems(unit: Unit, pieces: list[tuple[str, dict[str, str]]], lang: str) -> list[str]:
    """Return what the module's pieces of a unit lack: the piece, its name, or a value of a step."""
    mine = [(name, marks) for name, marks in pieces if marks.get("UnitId") == unit.id]
    if not mine:
        return [f"unit {unit.id}: no piece in the module"]
    name, marks = mine[0]
    problems = [] if name == (text_in(unit.name, lang) or unit.id) else [f"unit {unit.id}: the piece is named {name!r}"]
    for number, step in enumerate(unit.steps[:1] if len(mine) > 1 else unit.steps, start=1):
        suffix = "" if number == 1 else f"_step{number}"
        problems += [f"unit {unit.id}: {key}{suffix} is {marks.get(key + suffix)!r}, the model says {value!r}"
                     for key, value in step.values.items() if marks.get(key + suffix) != module_value(value)]
    return problems


def module_piece_problems(built: Built, entry: dict) -> list[str]:
    """Return what one language's module lacks: a piece per unit and marker, named in its language, with values."""
    slots = module_pieces(built.folder / entry["path"])
    pieces = [(piece_name(s.definition), piece_marks(s.definition)) for s in slots]
    lang = entry["lang"]
    problems = [p for unit in built.game.counters.units for p in unit_piece_problems(unit, pieces, lang)]
    markers = {marks.get("MarkerId"): name for name, marks in pieces}
    problems += [f"marker {m.id}: not a piece named {text_in(m.name, lang)!r}" for m in built.game.counters.markers
                 if markers.get(m.id) != (text_in(m.name, lang) or m.id)]
    return [f"{entry['path']}: {p}" for p in problems]


def test_every_unit_and_marker_is_a_piece_named_in_the_language_of_each_module(built: Built) -> None:
    entries = built.entries("vmod")
    assert [e["lang"] for e in entries] == list(built.game.game.languages), "not one module per language"
    problems = [p for entry in entries for p in module_piece_problems(built, entry)]
    assert not problems, f"{len(problems)} problem(s):\n" + "\n".join(problems[:20])
