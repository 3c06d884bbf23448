"""Read-back proof of the setup cards: every unit and marker the scenario places has a line on its card
that names it and, on the same line, says where it goes (the hex, the place, the zone, the box...)."""
from __future__ import annotations

from dataclasses import dataclass

from builder.model.base import text_in
from builder.model.content import Game
from builder.model.scenario import Placement, Reinforcement, Scenario, Where
from tests.proof.conftest import Built
from tests.proof.reading import Run, pdf_pages

NAME_COLUMN_MM = 8.0
"""The place column starts at least this far right of the name column."""


def _bare(text: str) -> str:
    """Return the text without spaces: a paragraph's words may break across lines anywhere."""
    return "".join(text.split())


def _span(runs: list[Run]) -> tuple[float, float]:
    return min(r.top_mm for r in runs), max(r.bottom_mm for r in runs)


@dataclass(frozen=True)
class Row:
    """A row as read back: the name paragraph and, drawn right after it to its right, the place paragraph."""

    name: str
    place: str
    name_span_mm: tuple[float, float]
    place_span_mm: tuple[float, float]

    @property
    def level(self) -> bool:
        """Return whether the name and the place share the row's height (their ink overlaps across)."""
        return self.place_span_mm[0] < self.name_span_mm[1] and self.name_span_mm[0] < self.place_span_mm[1]


def row_at(runs: list[Run], start: int, name: str) -> Row | None:
    """Return the row whose name paragraph starts with run `start` and spells `name`, if it does."""
    wanted, spelt, index = _bare(name), "", start
    while index < len(runs) and len(spelt) < len(wanted):
        longer = spelt + _bare(runs[index].text)
        if not (wanted.startswith(longer) or longer.startswith(wanted + "(")):
            return None
        spelt, index = longer, index + 1
    if not (spelt == wanted or spelt.startswith(wanted + "(")):
        return None
    left = runs[start].left_mm
    named = runs[start:index]
    while index < len(runs) and runs[index].page == runs[start].page and runs[index].left_mm < left + NAME_COLUMN_MM \
            and runs[index].left_mm > left - 0.5:
        named.append(runs[index])
        index += 1
    place = []
    while index < len(runs) and runs[index].page == runs[start].page and runs[index].left_mm >= left + NAME_COLUMN_MM:
        place.append(runs[index])
        index += 1
    if not place:
        return None
    return Row(" ".join(r.text for r in named), " ".join(r.text for r in place), _span(named), _span(place))


def _place_words(game: Game, where: Where, lang: str) -> list[str]:
    """Return the words a placement's line must hold: the hex, and the names of what it points at."""
    maps = game.maps.maps
    name = {
        "place": lambda i: [text_in(p.name, lang) for m in maps for p in m.places if p.id == i],
        "zone": lambda i: [text_in(z.name, lang) for m in maps for z in m.zones if z.id == i],
        "box": lambda i: [text_in(b.name, lang) or str(b.value) for m in maps for t in m.tracks for b in t.boxes
                          if b.id == i],
    }
    how = where.how
    if how == "hex":
        return [where.hex]
    if how in name:
        return name[how](getattr(where, how))[:1]
    if how == "within":
        targets = [where.within.of] if isinstance(where.within.of, str) else where.within.of
        return [str(where.within.hexes)] + [w for t in targets for w in name["place"](t)[:1]]
    if how == "stacked_with" and where.stacked_with.formation:
        return [text_in(f.name, lang) for f in game.game.formations if f.id == where.stacked_with.formation]
    if how == "stacked_with":
        return [text_in(u.name, lang) for u in game.counters.units if u.id == where.stacked_with.unit]
    return []


@dataclass(frozen=True)
class Line:
    """A line the model asks of a card: the piece's printed name and the words saying where it goes."""

    name: str
    where: list[str]


def expected_lines(game: Game, scenario: Scenario, lang: str) -> list[Line]:
    """Return a line per unit placed at the start or arriving later, and per marker placed."""
    pieces = {p.id: text_in(p.name, lang) for p in [*game.counters.units, *game.counters.markers]}
    placements: list[Placement] = [p for setup in scenario.setup for p in setup.placements]
    lines = []
    for placement in [*placements, *scenario.reinforcements]:
        words = _place_words(game, placement, lang)
        if isinstance(placement, Reinforcement) and placement.turn is not None:
            words.append(str(placement.turn))
        lines += [Line(pieces[u], words) for u in placement.units]
    for placement in scenario.markers:
        lines += [Line(pieces[m], _place_words(game, placement, lang)) for m in placement.markers]
    return lines


def has_line(runs: list[Run], line: Line) -> bool:
    """Return whether the card holds a row that names the piece and, level with it, every word of its place."""
    first = _bare(line.name)[:1]
    for start in (i for i, r in enumerate(runs) if r.text[:1] == first):
        row = row_at(runs, start, line.name)
        if (row is not None and row.level
                and all(_bare(word) in _bare(row.place) for word in line.where)):
            return True
    return False


def card_problems(built: Built, entry: dict) -> list[str]:
    """Return every line the model asks of one card that the card does not print."""
    scenario = next(s for s in built.game.scenarios if s.id == entry["scenario"])
    pages = pdf_pages(built.folder / entry["path"])
    runs = [run for page in pages.runs for run in page]
    return [f"{entry['path']}: no line names {line.name!r} with {line.where} beside it"
            for line in expected_lines(built.game, scenario, entry["lang"]) if not has_line(runs, line)]


def test_every_setup_card_line_names_the_unit_and_its_place(built: Built) -> None:
    entries = built.entries("setup-pdf")
    assert entries or not built.game.scenarios, "the game has scenarios but no setup card was built"
    problems = [p for entry in entries for p in card_problems(built, entry)]
    assert not problems, f"{len(problems)} line(s) missing:\n" + "\n".join(problems[:20])
