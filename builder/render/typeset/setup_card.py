"""Scenario setup cards: each side's setup by formation with the counters and where they go, then
reinforcements by turn, replacements, markers, cups, special rules and victory conditions."""
from __future__ import annotations

import io
from dataclasses import dataclass, field

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm as PT_PER_MM
from reportlab.platypus import Flowable

from builder.model.base import text_in
from builder.model.content import Game
from builder.model.scenario import Placement, Scenario, Where
from builder.plan.placement import Placed
from builder.plan.setups import Setup, planned_setups
from builder.render.counter_images import CounterPictures
from builder.render.credits import document_info
from builder.phrases import date_text, phrase
from builder.render.typeset.document import Layout, TypesetDocument
from builder.render.typeset.flowables import DrawingFlowable, Heading, Para
from builder.render.typeset.markup import escape
from builder.render.typeset.placement import Names, arrival_text, where_text
from builder.render.typeset.setup_rows import Grid, SetupRows
from builder.render.typeset.styles import Styles, styles

BODY_PT = 8.0
PICTURE_MM = 12.0
"""Width of the counter column; counters larger than this are shown smaller."""


@dataclass
class SharedCells:
    """The cells of one game's setup rows, each made once for all its cards.

    A unit's name, a place and a counter recur in many rows and on every card (each scenario, each
    language); a paragraph made once breaks its lines once, however often it is drawn. A cell holds
    nothing of the document it is drawn in, and every card sets it at the same width.
    """

    pictures: CounterPictures
    style: ParagraphStyle
    paragraphs: dict[str, Para] = field(default_factory=dict)
    faces: dict[tuple[str, bool, str], DrawingFlowable | None] = field(default_factory=dict)

    def paragraph(self, markup: str) -> Para:
        """Return the paragraph of this markup."""
        made = self.paragraphs.get(markup)
        if made is None:
            made = self.paragraphs[markup] = Para(markup, self.style)
        return made

    def picture(self, piece: str, reduced: bool, lang: str) -> DrawingFlowable | None:
        """Return the counter's picture as printed in `lang` (its reduced face if asked and it has one), None if
        it has none."""
        key = (piece, reduced, lang)
        if key not in self.faces:
            faces = self.pictures.faces(piece, lang)
            face = (faces[1] if reduced and len(faces) > 1 else faces[0]) if faces else None
            self.faces[key] = DrawingFlowable(face, max_height_pt=PICTURE_MM * PT_PER_MM) if face else None
        return self.faces[key]


def game_cells(game: Game) -> SharedCells:
    """Return the empty cells of a game's setup rows, to be shared by its cards."""
    return SharedCells(CounterPictures(game), styles(BODY_PT).body)


@dataclass
class Card:
    """What setting one card needs."""

    game: Game
    scenario: Scenario
    names: Names
    st: Styles
    width_pt: float
    cells: SharedCells
    planned: dict[int, list[Placed]] = field(default_factory=dict)
    """The planned pieces of each placement (by the placement's identity), in the order of its list."""
    headings: int = 0

    @property
    def lang(self) -> str:
        """Return the card's language."""
        return self.names.lang

    def heading(self, text: str, depth: int) -> Heading:
        """Return a heading that is also an outline entry."""
        self.headings += 1
        style = self.st.headings[min(depth + 1, len(self.st.headings) - 1)]
        return Heading(f'<a name="s{self.headings}"/>{escape(text)}', style, key=f"s{self.headings}", text=text,
                       depth=depth, in_contents=False)


@dataclass(frozen=True)
class Row:
    """One unit or marker on the card and where it goes; `marks` say how it starts (hidden, facing)."""

    piece: str
    where: str
    note: str = ""
    reduced: bool = False
    marks: tuple[str, ...] = ()


def _marks(card: Card, where: Where, index: int) -> tuple[str, ...]:
    """Return how the plan starts the `index`-th piece of a placement: hidden, facing a direction."""
    planned = card.planned.get(id(where), [])
    if index >= len(planned):
        return ()
    placed = planned[index]
    return (*([phrase("hidden", card.lang)] if placed.hidden else []),
            *([phrase("facing", card.lang, deg=placed.facing_deg)] if placed.source.facing is not None else []))


TABLE_ROWS = 200
"""The most rows one block holds; a longer list is set as several blocks, one below the other, which
look the same. The blocks were reportlab tables, which measured every remaining row at each page
break; each block still begins its own drawing state, so they stay where the tables were."""


def rows_tables(card: Card, rows: list[Row]) -> list[SetupRows]:
    """Return counters, names and places in blocks of at most TABLE_ROWS rows, one row per piece."""
    return [rows_table(card, rows[start:start + TABLE_ROWS]) for start in range(0, len(rows), TABLE_ROWS)]


def rows_table(card: Card, rows: list[Row]) -> SetupRows:
    """Return counters, names and places as one block, one row per piece."""
    made = card.cells
    cells = []
    for row in rows:
        name = escape(card.names.pieces.get(row.piece, row.piece))
        marks = ((phrase("reduced", card.lang),) if row.reduced else ()) + row.marks
        if marks:
            name += f" ({escape(', '.join(marks))})"
        where = escape(row.where) + (f"<br/><i>{escape(row.note)}</i>" if row.note else "")
        cells.append((made.picture(row.piece, row.reduced, card.lang), made.paragraph(name), made.paragraph(where)))
    return SetupRows(cells, rows_grid(card.width_pt))


def rows_grid(width_pt: float) -> Grid:
    """Return how the rows of counters, names and places are set in a column `width_pt` wide: each
    cell in the middle of its row, the name and the place a little off the column before."""
    picture_pt = (PICTURE_MM + 2) * PT_PER_MM
    rest = width_pt - picture_pt
    return Grid((picture_pt, rest * 0.42, rest * 0.58), (0, 3, 3), top_pt=1.5, bottom_pt=1.5, middle=True)


def _rows(card: Card, placement: Placement, where: str) -> list[Row]:
    note = text_in(placement.note, card.lang)
    mark = " †" if placement.designed else ""
    # the note once per placement: the units after the first share it
    return [Row(unit, where + mark, note if n == 0 else "", placement.face == "reduced", _marks(card, placement, n))
            for n, unit in enumerate(placement.units)]


def _by_formation(card: Card, placements: list[Placement]) -> list[tuple[str, list[Row]]]:
    units = {u.id: u for u in card.game.counters.units}
    groups: dict[str, list[Row]] = {}
    for placement in placements:
        for row in _rows(card, placement, where_text(placement, card.names)):
            formation = units[row.piece].formation if row.piece in units else None
            title = card.names.formations.get(formation, "") if formation else ""
            groups.setdefault(title or phrase("independent", card.lang), []).append(row)
    return list(groups.items())


def _designed_note(card: Card, placements: list[Where]) -> list[Flowable]:
    if any(p.designed for p in placements):
        return [Para(escape(phrase("designed", card.lang)), card.st.small)]
    return []


def side_flowables(card: Card) -> list[Flowable]:
    """Return each side's setup: a heading per side, a sub-heading and a table per formation."""
    sides = {s.id: text_in(s.name, card.lang) for s in card.game.game.sides}
    found: list[Flowable] = []
    for setup in card.scenario.setup:
        found.append(card.heading(f"{phrase('setup', card.lang)}: {sides.get(setup.side, setup.side)}", 0))
        for formation, rows in _by_formation(card, setup.placements):
            found += [card.heading(formation, 1), *rows_tables(card, rows)]
        found += _designed_note(card, setup.placements)
    return found


def reinforcement_flowables(card: Card) -> list[Flowable]:
    """Return the reinforcements, turn by turn, each unit with its counter and how it enters."""
    if not card.scenario.reinforcements:
        return []
    found: list[Flowable] = [card.heading(phrase("reinforcements", card.lang), 0)]
    ordered = sorted(card.scenario.reinforcements, key=lambda r: (r.turn if r.turn is not None else 0,
                                                                   r.date.isoformat() if r.date else ""))
    rows = [row for r in ordered for row in _rows(card, r, arrival_text(r, card.names))]
    found += [*rows_tables(card, rows)] + _designed_note(card, card.scenario.reinforcements)
    return found


def replacement_flowables(card: Card) -> list[Flowable]:
    """Return the replacement pools: side, pool, points and when they arrive."""
    if not card.scenario.replacements:
        return []
    sides = {s.id: text_in(s.name, card.lang) for s in card.game.game.sides}
    st, lang = card.st, card.lang
    head = [phrase(k, lang) for k in ("side", "pool", "points", "turn")]
    data = [tuple(Para(f"<b>{escape(h)}</b>", st.body) for h in head)]
    for r in card.scenario.replacements:
        when = str(r.turn) if r.turn is not None else date_text(r.date, lang) if r.date else phrase("at_start", lang)
        data.append(tuple(Para(escape(t), st.body) for t in (sides.get(r.side, r.side), r.pool, str(r.points), when)))
    # as table_commands() pads a table's cells: none at the sides, a little above and below
    grid = Grid(tuple(card.width_pt * f for f in (0.25, 0.45, 0.12, 0.18)), (0, 0, 0, 0), top_pt=0.5, bottom_pt=0.5,
                middle=False)
    return [card.heading(phrase("replacements", lang), 0), SetupRows(data, grid)]


def marker_flowables(card: Card) -> list[Flowable]:
    """Return the markers placed at the start."""
    # the note once per placement, as for units
    rows = [Row(m, where_text(p, card.names), text_in(p.note, card.lang) if n == 0 else "", marks=_marks(card, p, n))
            for p in card.scenario.markers for n, m in enumerate(p.markers)]
    return [card.heading(phrase("markers", card.lang), 0), *rows_tables(card, rows)] if rows else []


def _bullets(card: Card, texts: list[str]) -> list[Flowable]:
    return [Para(escape(t), card.st.bullet, bulletText="•") for t in texts if t]


def cup_flowables(card: Card) -> list[Flowable]:
    """Return what each cup holds at the start, and the units that do not take part."""
    cups = {c.id: text_in(c.name, card.lang) for c in card.game.game.cups}
    found: list[Flowable] = []
    if card.scenario.cup:
        texts = [f"{cups.get(cup, cup)}: " + ", ".join(card.names.pieces.get(c, c) for c in chits)
                 for cup, chits in card.scenario.cup.items()]
        found += [card.heading(phrase("cups", card.lang), 0)] + _bullets(card, texts)
    if card.scenario.not_used:
        texts = [", ".join(card.names.pieces.get(u, u) for u in card.scenario.not_used)]
        found += [card.heading(phrase("not_used", card.lang), 0)] + _bullets(card, texts)
    return found


def rules_flowables(card: Card) -> list[Flowable]:
    """Return the scenario's special rules, each with the case it comes from."""
    texts = [text_in(r.text, card.lang) + (f" ({r.case})" if r.case else "") for r in card.scenario.special_rules]
    return [card.heading(phrase("special_rules", card.lang), 0)] + _bullets(card, texts) if texts else []


def _objective_text(card: Card, objective) -> str:
    sides = {s.id: text_in(s.name, card.lang) for s in card.game.game.sides}
    where = card.names.places.get(objective.place, objective.place) if objective.place else objective.hex
    text = f"{where}: {objective.vp:g} {phrase('vp', card.lang)}"
    return text + (f" ({sides.get(objective.side, objective.side)})" if objective.side else "")


def victory_flowables(card: Card) -> list[Flowable]:
    """Return the victory conditions: text, objectives, points for destroyed units, levels, when."""
    victory, lang = card.scenario.victory, card.lang
    sides = {s.id: text_in(s.name, lang) for s in card.game.game.sides}
    nationalities = {n.id: text_in(n.name, lang) for n in card.game.game.nationalities}
    texts = [text_in(victory.text, lang)]
    texts += [_objective_text(card, o) for o in victory.objectives]
    texts += [phrase("elimination", lang, nationality=nationalities.get(e.nationality, e.nationality),
                     vp=f"{e.vp:g}", scorer=sides.get(e.scorer, e.scorer)) for e in victory.elimination]
    if victory.control_all:
        held = ", ".join(card.names.places.get(c, c) for c in victory.control_all)
        side = sides.get(victory.controller, victory.controller or "")
        texts.append(phrase("control", lang, side=side) + f": {held}")
    if victory.default_winner:
        texts.append(phrase("default_winner", lang, side=sides.get(victory.default_winner, victory.default_winner)))
    texts += [text_in(level, lang) for level in victory.levels]
    if victory.checked_at:
        texts.append(f"{phrase('checked', lang)}: {text_in(victory.checked_at, lang)}")
    texts = [t for t in texts if t]
    return [card.heading(phrase("victory", lang), 0)] + _bullets(card, texts) if texts else []


def _length(card: Card) -> str:
    scenario, lang = card.scenario, card.lang
    parts = []
    if scenario.first_turn is not None and scenario.last_turn is not None:
        parts.append(f"{phrase('turns', lang)} {scenario.first_turn}–{scenario.last_turn}")
    if scenario.start and scenario.end:
        parts.append(f"{date_text(scenario.start, lang)} – {date_text(scenario.end, lang)}")
    if scenario.first_player:
        sides = {s.id: text_in(s.name, lang) for s in card.game.game.sides}
        parts.append(f"{phrase('first_player', lang)}: {sides.get(scenario.first_player, scenario.first_player)}")
    return " · ".join(parts)


def _by_placement(setup: Setup) -> dict[int, list[Placed]]:
    found: dict[int, list[Placed]] = {}
    for placed in setup.placed:
        if placed.source is not None:
            found.setdefault(id(placed.source), []).append(placed)
    return found


def setup_card_pdf(game: Game, scenario: Scenario, lang: str, *, paper: str, group: tuple[str, ...] = (),
                   cells: SharedCells | None = None, setup: Setup | None = None) -> bytes:
    """Return the setup card of one scenario in one language, on a type area that fits every paper of `group`
    too; `cells` are those of the game's other cards, made before, and `setup` the scenario as planned
    (builder/plan/setups.py)."""
    layout = Layout(paper, columns=2, group=group)
    if setup is None:
        setup = next(s for s in planned_setups(game) if s.scenario is scenario)
    card = Card(game, scenario, Names(game, lang), styles(BODY_PT), layout.column_pt,
                cells if cells is not None else game_cells(game), _by_placement(setup))
    title = text_in(scenario.name, lang)
    story: list[Flowable] = [Para(escape(title), card.st.headings[0]),
                             Para(escape(_length(card)), card.st.body)]
    for part in (side_flowables, reinforcement_flowables, replacement_flowables, marker_flowables, cup_flowables,
                 rules_flowables, victory_flowables):
        story += part(card)
    buffer = io.BytesIO()
    info = document_info(game, f"{phrase('setup', lang)}: {title}", lang, title=f"{text_in(game.game.title, lang)}: {title}")
    document = TypesetDocument(buffer, layout, info=info, front=False)
    document.build(story)
    return buffer.getvalue()
