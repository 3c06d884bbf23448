"""Read-back proof of the counters: every face on the printed sheets (PDF) and in its own SVG shows its
unit's values in its layout's slots, inside that counter's cell; every marker shows its words."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from builder.model.content import Game
from builder.model.units import parse_length_mm
from builder.render.counter_sheet import SheetGeometry, sheet_geometry
from tests.proof.conftest import Built
from tests.proof.expected import (ExpectedText, PrintedCounter, back_step, marker_face_words, printed_mix,
                                  unit_face_texts)
from tests.proof.reading import Run, pdf_pages, svg_texts

SVG_TOLERANCE_MM = 0.01
"""An SVG text's anchor is written to the thousandth of a mm."""


SOFT_HYPHEN = "\xad"


def counter_side_mm(game: Game, counter: PrintedCounter) -> float:
    """Return the side a printed counter is cut to: a marker's `print.marker_size`, a unit's own size or its
    type's, else the game's `print.counter_size`."""
    settings = game.game.print
    if counter.unit is None:
        size = settings.marker_size
    else:
        unit_type = next((t for t in game.counters.unit_types if t.id == counter.unit.type), None)
        size = counter.unit.counter_size or (unit_type.counter_size if unit_type else None)
    return parse_length_mm(size or settings.counter_size)


def _geometry(game: Game, paper: str, side_mm: float) -> SheetGeometry:
    settings = game.game.print
    return sheet_geometry(paper, side_mm, settings.bleed_mm, settings.duplex, gutter_mm=settings.gutter_mm,
                          gutter_colour=settings.gutter_colour)


def _owner(game: Game, counter: PrintedCounter) -> tuple[int, int]:
    """Return the positions of a counter's side and formation in game.yaml (past the end for none)."""
    sides = [s.id for s in game.game.sides]
    formations = [f.id for f in game.game.formations]
    side_of = {n.id: n.side for n in game.game.nationalities}
    if counter.unit is not None:
        side, formation = side_of.get(counter.unit.nationality), counter.unit.formation
    else:
        side, formation = counter.marker.side or side_of.get(counter.marker.nationality or ""), None
    return (sides.index(side) if side in sides else len(sides),
            formations.index(formation) if formation in formations else len(formations))


def sheet_runs(game: Game) -> list[list[PrintedCounter]]:
    """Return the printed counters as the runs of sheets print.sheet_order and the sizes ask for: the largest
    counters first, in the mix's order, by side or by formation; a run ends where the size (or the side) changes."""
    order = game.game.print.sheet_order
    mix = printed_mix(game)
    owner = {id(c): _owner(game, c) for c in mix}

    def key(counter: PrintedCounter) -> tuple[float, int]:
        side, formation = owner[id(counter)]
        return -counter_side_mm(game, counter), side if order == "side" else formation if order == "formation" else 0

    runs: list[list[PrintedCounter]] = []
    for counter in sorted(mix, key=key):
        last = key(runs[-1][0]) if runs else None
        if last is not None and last[0] == key(counter)[0] and (order != "side" or last == key(counter)):
            runs[-1].append(counter)
        else:
            runs.append([counter])
    return runs


@dataclass(frozen=True)
class Cell:
    """Where one face of a printed counter lies: page, top-left corner and side (mm), and which face."""

    counter: PrintedCounter
    page: int
    x_mm: float
    y_mm: float
    side_mm: float
    back: bool


def printed_cells(game: Game, paper: str) -> list[Cell]:
    """Return every face's cell on the counters PDF of one paper: calibration pages first, then per
    sheet the fronts page and the backs page (one page for a fold-over sheet)."""
    offset = game.game.print.back_offset_mm
    cells, page = [], 0 if game.game.print.duplex == "fold-over" else 2
    for run in sheet_runs(game):
        side = counter_side_mm(game, run[0])
        geom = _geometry(game, paper, side)
        for start in range(0, len(run), geom.per_sheet):
            back_page = page if geom.flip == "fold-over" else page + 1
            for index, counter in enumerate(run[start:start + geom.per_sheet]):
                cells.append(Cell(counter, page, *geom.front_cell(index), side, back=False))
                cells.append(Cell(counter, back_page, *geom.back_cell(index, offset), side, back=True))
            page = back_page + 1
    return cells


def face_texts(game: Game, counter: PrintedCounter, back: bool, lang: str) -> list[ExpectedText] | None:
    """Return the texts a unit face must show in `lang` (None for a marker, or a plain or masked back)."""
    if counter.unit is None:
        return None
    step = back_step(counter.unit, counter.step) if back else counter.step
    return None if step is None else unit_face_texts(game, counter.unit, step, counter_side_mm(game, counter), lang)


def _matches(run: Run, want: ExpectedText, x_mm: float, y_mm: float) -> bool:
    """Return whether a run is the wanted text at its slot: same words, anchored at the slot's point."""
    slack_mm = 0.15 * want.size_mm + 0.3
    return (run.text == want.words and abs(run.anchor_x_mm(want.anchor) - (x_mm + want.x_mm)) <= slack_mm
            and abs(run.baseline_mm - (y_mm + want.y_mm)) <= 0.05 * want.size_mm + 0.1)


def cell_problems(runs: list[Run], cell: Cell, game: Game, lang: str) -> list[str]:
    """Return what is wrong with one printed face in `lang`: a slot's text missing or misplaced, or text no slot
    asks for."""
    inside = [r for r in runs if r.page == cell.page and r.inside(cell.x_mm, cell.y_mm, cell.side_mm, cell.side_mm)]
    where = f"{cell.counter.id} {'back' if cell.back else 'front'} (page {cell.page + 1})"
    wanted = face_texts(game, cell.counter, cell.back, lang)
    if wanted is None:
        if cell.counter.marker is not None:
            words = marker_face_words(game, cell.counter.marker, 1 if cell.back else 0, lang).replace(SOFT_HYPHEN, "")
            shown = " ".join(" ".join(r.text for r in inside).split())
            # a word broken at its soft hyphen prints a hyphen at the line's end, which pdfium reads as U+FFFE
            shown = re.sub(f"[{SOFT_HYPHEN}\ufffe] ?", "", shown)
            if cell.back and len(cell.counter.marker.faces) <= 1:
                return []
            return [] if sorted(shown.split()) == sorted(words.split()) else [f"{where}: shows {shown!r}, "
                                                                               f"the model says {words!r}"]
        return []
    problems, unclaimed = [], list(inside)
    for want in wanted:
        found = next((r for r in unclaimed if _matches(r, want, cell.x_mm, cell.y_mm)), None)
        if found is None:
            problems.append(f"{where}: {want.words!r} is not at its slot; the cell shows "
                            f"{[r.text for r in inside]}")
        else:
            unclaimed.remove(found)
    problems += [f"{where}: {r.text!r} is printed but no slot of the layout asks for it" for r in unclaimed]
    return problems


def sheet_problems(built: Built, pdf: Path, paper: str, lang: str | None = None) -> list[str]:
    """Return every problem of every face of one counters PDF, the edition in `lang` (the game's first by
    default)."""
    pages = pdf_pages(pdf)
    runs = [run for page in pages.runs for run in page]
    lang = lang or built.game.game.languages[0]
    return [p for cell in printed_cells(built.game, paper) for p in cell_problems(runs, cell, built.game, lang)]


def test_every_printed_counter_face_shows_its_units_values_in_its_layouts_slots(built: Built) -> None:
    entries = built.entries("counters-pdf")
    assert {e["lang"] for e in entries} == set(built.game.game.languages), "an edition's counter sheets are missing"
    for entry in entries:
        problems = sheet_problems(built, built.folder / entry["path"], entry["paper"], entry["lang"])
        assert not problems, f"{entry['path']}: {len(problems)} problem(s):\n" + "\n".join(problems[:20])


def svg_face_problems(built: Built) -> list[str]:
    """Return what is wrong with the per-face SVGs: each unit face's text elements against its layout."""
    counters = {c.id: c for c in printed_mix(built.game)}
    problems = []
    for entry in built.entries("counter-face-svg"):
        counter = counters[entry["counter"]]
        lang = built.game.game.languages[0] if entry["lang"] == "*" else entry["lang"]
        wanted = face_texts(built.game, counter, entry["face"] == "back", lang)
        if wanted is None:
            continue
        shown = [(t.text, t.x_mm, t.y_mm, t.anchor) for t in svg_texts((built.folder / entry["path"]).read_bytes())]
        asked = [(w.words, w.x_mm, w.y_mm, w.anchor) for w in wanted]
        if len(shown) != len(asked) or any(s[0] != a[0] or s[3] != a[3] or abs(s[1] - a[1]) > SVG_TOLERANCE_MM
                                           or abs(s[2] - a[2]) > SVG_TOLERANCE_MM for s, a in zip(shown, asked)):
            problems.append(f"{entry['path']}: shows {shown}, the layout asks for {asked}")
    return problems


def test_every_face_svg_shows_its_units_values_in_its_layouts_order(built: Built) -> None:
    assert built.entries("counter-face-svg"), "no face SVGs were built"
    problems = svg_face_problems(built)
    assert not problems, f"{len(problems)} face(s) wrong:\n" + "\n".join(problems[:20])
