"""game.yaml: identity, sides, nationalities, formations, dice, scale, turns, stacking, print, waivers."""

import datetime as dt
from typing import Literal

from pydantic import Field, model_validator

from builder.model.base import (Colour, ContentModel, CounterSize, DesignedFlag, Id, LanguageCode, Number, Text,
                                default_of)
from builder.model.credits import Credits


MAX_TURNS = 1000
"""The most turns a turn track may have: a count beyond it is a typo, and would fill memory with boxes."""

class Side(ContentModel):
    """One of the players' sides (Axis, Allies, Boers, …)."""

    id: Id
    """The side's id, used by nationalities, setups and victory conditions."""
    name: Text
    """The side's name as players see it."""
    colour: Colour = "#808080"
    """The side's colour, used where a nationality has none."""
    hidden: Text = ""
    """When set, this side's units are hidden from the other side (the VASSAL module masks them, its own side
    sees them, and scenarios start with them masked): how the rules reveal one (`moves, fires, …: IX.12`)."""


class Nationality(ContentModel):
    """A nationality within a side; it gives counters their colours."""

    id: Id
    """The nationality's id, referenced by units and markers."""
    side: Id
    """The side this nationality fights for."""
    name: Text
    """The nationality's name."""
    colour: Colour
    """Background colour of this nationality's counters."""
    text_colour: Colour = "#000000"
    """Colour of the text and symbols printed on its counters."""
    vp_when_destroyed: Number | None = None
    """Victory points the enemy scores for each unit of this nationality destroyed."""
    dead_pile: Id | None = None
    """The box (on a map or display) its eliminated units go to; the VASSAL module makes a box per side
    when no nationality of the side names one."""


class Formation(ContentModel):
    """A formation (army, corps, division, brigade…) that units belong to."""

    id: Id
    """The formation's id, referenced by units and by `stacked_with` placements."""
    name: Text
    """The formation's name as printed."""
    side: Id
    """The side the formation belongs to."""
    parent: Id | None = None
    """The formation this one belongs to, if any."""
    echelon: Literal["army", "corps", "division", "brigade", "regiment", "battalion", "group", "other"] = "division"
    """The formation's level."""
    colour: Colour | None = None
    """A colour band or ID colour for its counters, when the game uses formation colours."""
    elements: int | None = Field(default=None, ge=1, le=10000)
    """How many units make the whole formation, when a rule counts them (complete division)."""


class Dice(ContentModel):
    """A kind of die roll the game uses."""

    id: Id
    """The roll's id (`d6`, `2d6`, `d10`), referenced by charts."""
    name: Text = ""
    """What players call the roll."""
    count: int = Field(default=1, ge=1, le=10)
    """How many dice are rolled."""
    faces: int = Field(default=6, ge=2, le=100)
    """Faces on each die."""
    first_face: int = 1
    """The number on the lowest face: 1 usually, 0 for a d10 read 0-9."""
    combine: Literal["sum", "separate"] = "sum"
    """`sum` adds the dice; `separate` reads each die on its own."""
    modifiers: tuple[int, int] = (0, 0)
    """The lowest and highest total modifier that can apply (a D6 from -3 to +1 reads -2 to 7)."""

    def results(self) -> list[int]:
        """Return every result a (modified) roll can give, in ascending order."""
        low = self.first_face
        if self.combine == "separate" or self.count == 1:
            first, last = low, low + self.faces - 1
        else:
            first, last = low * self.count, (low + self.faces - 1) * self.count
        return list(range(first + self.modifiers[0], last + self.modifiers[1] + 1))


class Scale(ContentModel):
    """What a turn, a hex and a unit stand for."""

    turn: Text = ""
    """Time per turn ("2 days", "45 minutes")."""
    hex: Text = ""
    """Distance across a hex, or empty for a gridless table."""
    unit: Text = ""
    """Typical unit size ("regiment/brigade")."""
    measure: Literal["hex", "inch", "cm"] = "hex"
    """How distances are measured in play: hexes, or inches/cm on a gridless table."""


class Phase(ContentModel):
    """One phase of the turn sequence."""

    id: Id
    """The phase's id."""
    name: Text
    """The phase's name."""
    side: Id | None = None
    """The side that acts in this phase, if only one does."""
    segments: list[Text] = []
    """Steps within the phase, in order."""


class TurnEntry(ContentModel):
    """One game turn with its date or label."""

    number: int = Field(ge=0, le=MAX_TURNS)
    """The turn's number on the turn track."""
    date: dt.date | None = None
    """The (first) date the turn stands for."""
    label: Text = ""
    """Text printed in the turn box instead of the number and date."""


class Impulses(ContentModel):
    """Activation by impulses within a turn (drawn chits, order dice, …)."""

    kind: Literal["chits", "dice-bag", "alternate", "initiative"]
    """How activations are chosen: chits drawn from a cup, order dice drawn from a bag, …"""
    cup: Id | None = None
    """The cup or bag the chits or dice are drawn from."""
    track: Id | None = None
    """The impulse track on the map, if there is one."""
    notes: Text = ""
    """How an impulse works, in brief."""


class TurnStructure(ContentModel):
    """The turn track: turns, their dates, and the sequence of play inside each turn."""

    count: int | None = Field(default=None, ge=1, le=MAX_TURNS)
    """Number of turns on the track (at most 1,000); derived from `turns` or the dates when omitted."""
    start: dt.date | None = None
    """Date of turn 1, when turns are dated."""
    end: dt.date | None = None
    """Last date covered by the last turn."""
    days_per_turn: int | None = Field(default=None, ge=1, le=3660)
    """Days each turn stands for (dates are derived from `start`)."""
    first: int = Field(default=1, ge=0, le=MAX_TURNS)
    """Number of the first turn."""
    turns: list[TurnEntry] = Field(default=[], max_length=MAX_TURNS)
    """Explicit turns with dates or labels, when they are irregular."""
    phases: list[Phase] = []
    """The sequence of play inside a turn."""
    impulses: Impulses | None = None
    """Impulse activation, when the game uses it."""

    def numbers(self) -> list[int]:
        """Return every turn number on the track, in order."""
        if self.turns:
            return [t.number for t in self.turns]
        return list(range(self.first, self.first + self.turn_count()))

    def turn_count(self) -> int:
        """Return the number of turns: given, listed, or derived from the dates."""
        if self.count:
            return self.count
        if self.turns:
            return len(self.turns)
        if self.start and self.end:
            days = (self.end - self.start).days + 1
            return max(1, -(-days // (self.days_per_turn or 1)))
        return 0

    def date_of(self, number: int) -> dt.date | None:
        """Return the first date of turn `number`, if turns are dated."""
        for entry in self.turns:
            if entry.number == number:
                return entry.date
        if self.start is not None:
            return self.start + dt.timedelta(days=(number - self.first) * (self.days_per_turn or 1))
        return None

    def turn_of(self, date: dt.date) -> int | None:
        """Return the turn that covers `date`, or None when it lies outside the track."""
        numbers = self.numbers()
        dated = [(n, self.date_of(n)) for n in numbers]
        if any(d is None for _, d in dated):
            return None
        found = None
        for number, first in dated:
            if first <= date:
                found = number
        if found is None:
            return None
        if found == numbers[-1] and self.end is not None and date > self.end:
            return None
        if found == numbers[-1] and self.end is None and self.days_per_turn:
            if date >= self.date_of(found) + dt.timedelta(days=self.days_per_turn):
                return None
        return found


class StackingLimit(ContentModel):
    """One limit on what may share a hex."""

    max: Number = Field(ge=0)
    """The most that may share a hex."""
    count: Literal["units", "value"] = "units"
    """Count units, or add up a value (stacking points)."""
    value: Id | None = None
    """With `count: value`, the value to add up (e.g. `sp`)."""
    sizes: list[str] = []
    """Only units of these sizes count (e.g. [III, X]); all when empty."""
    types: list[Id] = []
    """Only units of these types count; all when empty."""
    terrain: list[Id] = []
    """The limit applies only in these terrains; everywhere when empty."""
    text: Text = ""
    """The limit in words, for the rulebook and the check's message."""


class Stacking(ContentModel):
    """Stacking rules: limits per hex and what does not count."""

    limits: list[StackingLimit] = []
    """Every limit that applies to a hex; all must hold."""
    exempt_types: list[Id] = []
    """Unit types that never count (leaders, couriers, HQs, …)."""
    enemy_may_share: bool = False
    """Whether units of opposing sides may share a hex."""
    checked_at: Text = ""
    """When stacking is checked (end of movement, end of activation, …)."""


class Cup(ContentModel):
    """A cup, bag or deck that chits or order dice are drawn from."""

    id: Id
    """The cup's id."""
    name: Text
    """The cup's name."""
    holds: Literal["chits", "order-dice", "markers"] = "chits"
    """What is drawn from it."""
    hidden: bool = True
    """Whether its contents are hidden until drawn."""


class RoleFonts(ContentModel):
    """The font of each kind of printed text; an empty role uses `print.font`."""

    body: str = ""
    """Rulebook, chart and card text."""
    headings: str = ""
    """Rulebook headings and titles."""
    counter_values: str = ""
    """The numbers on counters (combat, movement and other values)."""
    counter_names: str = ""
    """The other words on counters: designations, parents, markers."""
    map_labels: str = ""
    """Hex numbers, place names, track and box captions on the map."""


Paper = Literal["a4", "letter", "a3", "a2", "a1", "tabloid", "22x34in"]
"""A paper size sandtable lays pages out for (builder/model/units.py PAPERS_MM)."""


class PrintSettings(ContentModel):
    """How counters and maps are printed."""

    counter_size: CounterSize = "5/8in"
    """Counter size: 1/2in, 9/16in, 5/8in, 3/4in, 1in, or millimetres such as `16mm`."""
    marker_size: CounterSize | None = None
    """Size of markers and chits, when it differs from `counter_size` (such as 1in markers beside 5/8in units)."""
    papers: list[Paper] = Field(default=["a4", "letter"], min_length=1)
    """Paper sizes to lay counter sheets, charts and map tiles out for; rulebooks and setup cards use the first."""
    map_papers: list[Paper] = []
    """Further papers (large formats such as a2 or 22x34in) to lay each map out on, on one sheet when it fits."""
    dpi: int = Field(default=300, ge=72, le=1200)
    """Resolution of the PNG exports of counter faces, counter sheets and maps, in dots per inch."""
    map_dpi: int | None = Field(default=None, ge=72, le=1200)
    """Resolution of the PNG pictures of the map sheets, in dots per inch; none are made when it is not set."""
    editions: list[LanguageCode] = []
    """The languages (of `languages`) whose editions are built: counters, maps, charts, rulebooks, setup cards and
    module; every language when empty (`sandtable build --lang en`)."""
    press: bool = False
    """Also write press PDFs: CMYK with an output intent (PDF/X-3), for a print shop (`sandtable build --press`)."""
    sheet_order: Literal["mix", "side", "formation"] = "mix"
    """How counters are grouped on sheets: in the order of counters.yaml (`mix`), by side, or by formation."""
    gutter_mm: float = Field(default=0.0, ge=0, le=10)
    """Space between counters on a sheet; 0 for the gutterless block rotary cutters want."""
    gutter_colour: Literal["white", "black"] = "white"
    """Colour of the gutters between counters, when `gutter_mm` is above 0."""
    duplex: Literal["long-edge", "short-edge", "fold-over", "single-sided"] = "long-edge"
    """How the counter backs are printed."""
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    """Shift of the backs page (x, y), to calibrate a duplex printer."""
    bleed_mm: float = Field(default=3.0, ge=0, le=10)
    """Bleed beyond the cut line on the outer edges of a counter block."""
    font: str = "DejaVu Sans"
    """The game's font: an installed family (found with fontconfig, e.g. `Liberation Sans`) or a TrueType
    file in the game folder (`fonts/Carlito-Regular.ttf`; its `-Bold`/`-Italic` siblings are used when
    present). It must have a glyph for every printed character, in every language."""
    fonts: RoleFonts = default_of(RoleFonts)
    """A font per role, each written like `font`; a role left out uses `font`."""
    counter_layout: Id = "nato"
    """The counter layout (a template in builder/templates/counters/) for units whose type names none."""
    marker_layout: Id = "marker"
    """The counter layout for markers and chits."""
    safe_area_mm: float = Field(default=1.0, ge=0, le=5)
    """How far inside a counter's cut its text must stay (the `layout/text-outside-safe-area` check): a cut
    wanders that far."""
    min_text_pt: float = Field(default=5.0, gt=0, le=20)
    """The smallest text size printed on a counter, in points (the `layout/text-too-small` check)."""
    min_chart_text_pt: float = Field(default=6.0, gt=0, le=20)
    """The smallest text size printed on a chart or the player-aid card, in points (`layout/text-too-small`)."""

class Waiver(ContentModel):
    """A diagnostic the designers accept, with the reason written down."""

    check: str
    """The check id to waive (e.g. `scenario/overstacked-setup`)."""
    subject: str = ""
    """What it is about, as the diagnostic names it (e.g. `aida:0209`)."""
    file: str = ""
    """Waive it only in this content file (path inside the game folder)."""
    reason: str = Field(min_length=10)
    """Why the diagnostic is accepted: the decision, in a sentence or two."""

    @model_validator(mode="after")
    def _not_blanket(self) -> "Waiver":
        if not self.subject and not self.file:
            raise ValueError("a waiver needs a `subject` or a `file`: blanket waivers are not allowed")
        return self


class Document(ContentModel):
    """How the rulebook folders of this game are typeset."""

    kind: Literal["rulebook", "reference"] = "rulebook"
    """`rulebook` (numbered cases, two columns) or `reference` (one- or two-page player aid)."""
    title: Text = ""
    """Title of the document, when it differs from the game's."""
    cover: str = ""
    """Art on the title page, under the title: an SVG, PNG or JPEG file in the game folder."""


class Correction(ContentModel):
    """A place where the content departs from the printed source on purpose."""

    what: str
    """What the source says."""
    decision: str
    """What the content does instead, and why."""


class ArtCredit(ContentModel):
    """Who made some of the game's art, and under what licence."""

    files: list[str] = Field(min_length=1)
    """The image and font files it covers, as paths or patterns inside the game folder (`art/*.svg`)."""
    credit: Text
    """The credit line printed in the rulebook (author, source, licence)."""


class GameFile(ContentModel):
    """game.yaml: the game's identity and the settings every other file refers to."""

    id: Id
    """The game's id; also the folder name under out/."""
    title: Text
    """The game's title."""
    subtitle: Text = ""
    """A subtitle, if any."""
    aliases: list[str] = []
    """Other titles the game is printed under (on the map, in other editions)."""
    series: str = ""
    """The series the game belongs to, if any."""
    languages: list[LanguageCode] = Field(min_length=1)
    """Languages of the rulebook and player text; the first is the source language."""
    source: str = ""
    """Where the facts come from (the printed rulebook this content transcribes)."""
    scale: Scale = default_of(Scale)
    """What a turn, a hex and a unit stand for."""
    sides: list[Side] = Field(min_length=1)
    """The sides."""
    nationalities: list[Nationality] = []
    """Nationalities, each within a side."""
    formations: list[Formation] = []
    """Formations units belong to."""
    dice: list[Dice] = []
    """The die rolls the game uses."""
    turns: TurnStructure = default_of(TurnStructure)
    """Turn track and sequence of play."""
    stacking: Stacking = default_of(Stacking)
    """Stacking rules."""
    cups: list[Cup] = []
    """Cups and bags that chits or order dice are drawn from."""
    print: PrintSettings = default_of(PrintSettings)
    """Print settings."""
    credits: Credits = default_of(Credits)
    """Designers, artists, publisher, copyright, licence, version and date."""
    document: Document = default_of(Document)
    """How the rulebook is typeset."""
    corrections: list[Correction] = []
    """Where the content departs from the source, and why."""
    art_credits: list[ArtCredit] = []
    """Credits for the art and fonts: once a game lists any, every image it prints needs one (`image/no-credit`)."""
    waivers: list[Waiver] = []
    """Diagnostics accepted on purpose, each with its reason."""
    designed: DesignedFlag = False
    """Marks values in this file designed because the source lacks them."""

    def editions(self) -> list[str]:
        """Return the languages whose editions are built, in the order of `languages`: those `print.editions`
        names, else all."""
        chosen = self.print.editions
        return [lang for lang in self.languages if lang in chosen] if chosen else list(self.languages)
