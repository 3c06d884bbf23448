"""scenarios/*.yaml: length, setup placements, reinforcements, replacements, special rules, victory."""

import datetime as dt
from typing import Literal

from pydantic import Field, model_validator

from builder.model.base import ContentModel, DesignedFlag, Id, Number, Text, default_of


class Within(ContentModel):
    """Anywhere within N hexes of one of some hexes."""

    hexes: int = Field(ge=0, le=500)
    """The greatest distance in hexes."""
    of: Id | list[Id]
    """The hex (or hexes, or place ids) measured from."""


class StackedWith(ContentModel):
    """In a hex with any unit of a formation (or a named unit)."""

    formation: Id | None = None
    """Any unit of this formation."""
    unit: Id | None = None
    """This particular unit."""

    @model_validator(mode="after")
    def _one_target(self) -> "StackedWith":
        if (self.formation is None) == (self.unit is None):
            raise ValueError("`stacked_with` needs exactly one of `formation` or `unit`")
        return self


PLACEMENT_KEYS = ("hex", "place", "within", "zone", "box", "stacked_with", "edge", "anywhere")


class Where(ContentModel):
    """Where pieces go: exactly one of hex, place, within, zone, box, stacked_with, edge, anywhere."""

    hex: Id | None = None
    """An exact hex."""
    place: Id | None = None
    """A named place (its hex)."""
    within: Within | None = None
    """Within N hexes of a hex or place."""
    zone: Id | None = None
    """Anywhere in a named zone."""
    box: Id | None = None
    """In a box or track cell of a display."""
    stacked_with: StackedWith | None = None
    """In the same hex as any unit of a formation, or as a named unit."""
    edge: Id | None = None
    """Entering from a map edge (reinforcements)."""
    anywhere: Literal["own-side", "map"] | None = None
    """Free placement: anywhere on the map, or anywhere on the side's half."""
    map: Id | None = None
    """The map, when the game has several."""
    near: Id | list[Id] | None = None
    """With within, zone or edge: the hex(es) or place(s) the planned setup (VASSAL) spreads the pieces from,
    nearest first; players may still set up anywhere the placement allows."""
    hidden: bool = False
    """The pieces start hidden: units set up secretly (masked in VASSAL), markers face down."""
    facing: int | None = Field(default=None, ge=0, lt=360)
    """The direction the pieces face, in degrees clockwise from the map's top (on a hex map, a hexside)."""
    note: Text = ""
    """A remark printed on the setup card."""
    designed: DesignedFlag = False
    """Marks a placement the source does not give (designed)."""

    @model_validator(mode="after")
    def _exactly_one_way(self) -> "Where":
        given = [key for key in PLACEMENT_KEYS if getattr(self, key) is not None]
        if len(given) != 1:
            found = ", ".join(given) if given else "none"
            raise ValueError(
                "a placement needs exactly one of hex, place, within, zone, box, stacked_with, edge, "
                f"anywhere (found: {found})"
            )
        if self.near is not None and given[0] not in ("within", "zone", "edge"):
            raise ValueError(f"`near` steers only a within, zone or edge placement; remove it from this "
                             f"{given[0]} placement")
        return self

    @property
    def how(self) -> str:
        """Return which way of placing this is (`hex`, `within`, …)."""
        return next(key for key in PLACEMENT_KEYS if getattr(self, key) is not None)


class Placement(Where):
    """Units placed together in one place."""

    units: list[Id] = Field(min_length=1)
    """The units placed (by id)."""
    face: Literal["full", "reduced"] = "full"
    """Which step they start at."""
    step: int | None = Field(default=None, ge=1, le=4)
    """Place the counter that prints this step (1-based) — a separate last-step counter of a split unit."""


class MarkerPlacement(Where):
    """Markers at their starting place (turn marker, air points, control markers)."""

    markers: list[Id] = Field(min_length=1)
    """The markers placed (by id)."""
    face: int = Field(default=1, ge=1, le=2)
    """Which face is up: 1 front, 2 back."""


class SideSetup(ContentModel):
    """One side's setup."""

    side: Id
    """The side."""
    first: bool = False
    """Whether this side sets up first."""
    placements: list[Placement] = []
    """Where each unit starts."""


class Reinforcement(Placement):
    """Units that arrive later, by turn or by date."""

    turn: int | None = None
    """The turn they arrive."""
    date: dt.date | None = None
    """The date they arrive (the turn is derived from the turn track)."""

    @model_validator(mode="after")
    def _turn_or_date(self) -> "Reinforcement":
        if (self.turn is None) == (self.date is None):
            raise ValueError("a reinforcement needs exactly one of `turn` or `date`")
        return self


class Replacement(ContentModel):
    """Replacement points a side receives."""

    side: Id
    """The side that receives them."""
    pool: str
    """What kind of replacement (`German tank`, `infantry`)."""
    points: int = Field(ge=0)
    """How many."""
    turn: int | None = None
    """The turn they arrive; at start when both turn and date are empty."""
    date: dt.date | None = None
    """The date they arrive."""
    nationality: Id | None = None
    """The nationality they may rebuild, if limited."""


class SpecialRule(ContentModel):
    """A rule that holds in this scenario only."""

    id: Id
    """The rule's id."""
    text: Text
    """The rule in words."""
    case: str = ""
    """The rulebook case it comes from (`13.21`)."""


class Objective(ContentModel):
    """A place worth victory points, or one a side must hold."""

    place: Id | None = None
    """A named place."""
    hex: Id | None = None
    """A hex."""
    vp: Number = 0
    """Victory points to whoever holds it."""
    side: Id | None = None
    """Only this side scores it; both when empty."""


class EliminationVp(ContentModel):
    """Victory points for destroying enemy units."""

    scorer: Id
    """The side that scores."""
    nationality: Id
    """For each destroyed unit of this nationality."""
    vp: Number
    """Points per unit."""


class Victory(ContentModel):
    """How the scenario is won."""

    text: Text = ""
    """The victory conditions in words."""
    objectives: list[Objective] = []
    """Places worth points or required."""
    elimination: list[EliminationVp] = []
    """Points for destroyed units."""
    control_all: list[Id] = []
    """Hexes or places a side must control to win (sudden or final)."""
    controller: Id | None = None
    """The side that must control `control_all`."""
    default_winner: Id | None = None
    """The side that wins otherwise."""
    levels: list[Text] = []
    """Levels of victory, best first."""
    checked_at: Text = ""
    """When victory is checked (end of game, end of a date)."""


class Scenario(ContentModel):
    """A scenario: one file in scenarios/."""

    id: Id
    """The scenario's id."""
    name: Text
    """The scenario's title."""
    case: str = ""
    """The rulebook section that describes it (`13.2`)."""
    first_turn: int | None = None
    """The first turn played."""
    last_turn: int | None = None
    """The last turn played."""
    start: dt.date | None = None
    """The first date played (for dated turn tracks)."""
    end: dt.date | None = None
    """The last date played."""
    first_player: Id | None = None
    """The side that moves first each turn."""
    setup: list[SideSetup] = []
    """Each side's setup."""
    reinforcements: list[Reinforcement] = []
    """Units that arrive later."""
    replacements: list[Replacement] = []
    """Replacement points."""
    cup: dict[Id, list[Id]] = {}
    """What each cup holds at the start (cup id: chit ids)."""
    markers: list[MarkerPlacement] = []
    """Markers at their starting place (turn marker, air points…)."""
    not_used: list[Id] = []
    """Units of the counter mix that do not take part."""
    special_rules: list[SpecialRule] = []
    """Rules for this scenario only."""
    victory: Victory = default_of(Victory)
    """Victory conditions."""
    optional_rules: dict[str, bool] = {}
    """Optional rules switched on or off."""
    designed: DesignedFlag = False
    """Marks what was designed because the source lacks it."""
