"""counters.yaml: values, movement classes, unit types, units with their steps, markers and chits."""

from typing import Annotated, Literal, Union

from pydantic import Field, StringConstraints, model_validator

from builder.model.base import ContentModel, CounterSize, DesignedFlag, Id, Number, Scalar, Text

NatoSymbol = Literal[
    "infantry", "armour", "mechanised", "motorised", "recon", "armoured-car", "artillery",
    "self-propelled-artillery", "anti-tank", "anti-aircraft", "engineer", "hq", "airborne",
    "air-assault", "marines", "cavalry", "mountain", "machine-gun", "mortar", "supply",
    "leader", "courier", "helicopter", "naval", "aircraft", "none",
]
"""The NATO symbols sandtable draws; `none` for pieces that show no symbol."""

UnitSize = Literal["", "team", "I", "II", "III", "X", "XX", "XXX", "XXXX"]
"""Unit size marks: I company, II battalion, III regiment, X brigade, XX division, XXX corps."""


class ValueDef(ContentModel):
    """A value printed on counters or used by the rules (attack, defence, movement, range…)."""

    id: Id
    """The key used in unit steps (`attack`)."""
    name: Text
    """The value's name."""
    abbr: str = ""
    """Short form for charts and VASSAL properties (`A`, `DS`)."""
    kind: Literal["number", "text", "flag"] = "number"
    """What the value holds: a `number` (checked: a word such as `five` is an error), `text` (`4+`), or a
    `flag` (true/false)."""
    min: Number | None = 0
    """The least a number may be (0 unless given: no negative attack or model count)."""
    max: Number | None = 99
    """The most a number may be (99 unless given; set `max: null` for no bound)."""
    symbols: list[str] = []
    """Marks a number value may hold instead of a number (`*`, `—`), printed as written."""
    higher_is_better: bool = True
    """Whether a reduced step must not exceed the full step in this value (checked)."""


class MovementClass(ContentModel):
    """A movement class: a column of the TEC (foot, motorised, tracked…)."""

    id: Id
    """The class's id, referenced by unit types and TEC rows."""
    name: Text
    """The class's name."""


class UnitType(ContentModel):
    """A type of unit with what the rules need to know about it."""

    id: Id
    """The type's id, referenced by units."""
    name: Text
    """The type's name."""
    symbol: NatoSymbol | list[NatoSymbol] = "infantry"
    """The NATO symbol (or symbols combined, e.g. [armour, recon]) drawn on its counters."""
    movement_class: Id | None = None
    """The TEC column this type moves by."""
    role: Literal["combat", "artillery", "hq", "leader", "courier", "support", "naval", "air", "vehicle"] = "combat"
    """What the piece is in play; leaders and couriers are often exempt from stacking."""
    categories: list[Id] = []
    """Groups the rules test for (armour, infantry, motorised…)."""
    required_values: list[Id] = []
    """Values every step of a unit of this type must have."""
    layout: Id | None = None
    """The counter layout for units of this type (a template id); the game's default when empty."""
    image: str = ""
    """Art on this type's counters: an SVG, PNG or JPEG file in the game folder (`art/tank.svg`), drawn in
    the layout's `image` box, or in place of the NATO symbol when the layout has none."""
    counter_size: CounterSize | None = None
    """The counter size of units of this type (such as 3/4in leaders), when it differs from the game's."""
    prohibited_terrain: list[Id] = []
    """Terrain units of this type may never enter."""
    properties: dict[str, Scalar | list[Scalar]] = {}
    """Further rule values for this type (vulnerability, advance after combat…)."""
    designed: DesignedFlag = False
    """Marks values designed because the source lacks them."""


class Step(ContentModel):
    """One step of a unit: the values printed on the face that shows it."""

    values: dict[Id, Scalar] = {}
    """The printed values of this step (`attack: 4`, `defence: 4`, `movement: 15`)."""
    label: str = ""
    """A text printed instead of, or beside, the values (e.g. `Dismounted`)."""
    counter: Literal["same", "separate"] = "same"
    """`separate` when this step is printed on a counter of its own (a last-step battalion)."""
    size: UnitSize | None = None
    """The size mark of this step's counter, when it differs from the unit's (a brigade's battalion)."""
    image: str = ""
    """Art on the face that shows this step (a damaged vehicle on the back), instead of the unit's or type's."""


class Unit(ContentModel):
    """A unit: one counter (or more, for a separate last step) with its values per step."""

    id: Id
    """The unit's id, unique in the game; setups refer to it."""
    name: Text
    """The unit's full name ("7th Motor Brigade")."""
    designation: str = ""
    """What is printed as its identity (`7`, `21/5`); defaults to nothing."""
    parent_label: str = ""
    """The parent formation printed to the right of the designation (`7 DB`)."""
    nationality: Id
    """The unit's nationality (and so its side and colours)."""
    formation: Id | None = None
    """The formation the unit belongs to."""
    type: Id
    """The unit's type."""
    size: UnitSize = ""
    """The size mark printed above the symbol."""
    designators: list[str] = []
    """Special marks printed on the counter (G, FL, B, 8 Ex., AK…)."""
    image: str = ""
    """Art on this unit's counter (a portrait, a silhouette), instead of its type's `image`."""
    steps: list[Step] = Field(min_length=1, max_length=4)
    """Its steps, from full strength down: the front face first, then the back."""
    back: Literal["reduced", "plain", "same", "mask"] = "reduced"
    """What the back of a one-step counter shows; two-step units show the reduced step."""
    alternate: Id | None = None
    """Another counter of the same unit in another mode (mounted/dismounted, line/column)."""
    copies: int = Field(default=1, ge=1, le=1000)
    """How many identical counters the counter mix holds (at most 1,000)."""
    counter_size: CounterSize | None = None
    """This unit's counter size, when it differs from its type's and the game's."""
    properties: dict[str, Scalar | list[Scalar]] = {}
    """Further values the rules need for this unit (tank model, command range, flags)."""
    designed: DesignedFlag = False
    """Marks values designed because the source lacks them; `true` or a sentence."""

    @model_validator(mode="after")
    def _separate_only_last(self) -> "Unit":
        for number, step in enumerate(self.steps[:-1], start=1):
            if step.counter == "separate":
                raise ValueError(f"step {number} is marked `counter: separate`, but only the last step may be")
        return self


SignedNumber = Annotated[str, StringConstraints(pattern=r"^[+\-−]\d+(?:[.,]\d+)?$")]
"""A number written with its sign, as a marker prints it: `+1`, `-2`, `−3`."""


SOFT_HYPHEN = "\u00ad"
"""Where a word of a marker's text may be broken across lines ("REORGANI\u00adZACJA"); printed as "-" there only."""


class MarkerFace(ContentModel):
    """One face of a marker."""

    text: Text = ""
    """The text printed on this face."""
    value: Union[int, float, SignedNumber, None] = None
    """A number the face stands for (air points ×10, morale loss −2, `+1`): a number, or one written with its
    sign; words go in `text`."""
    colour: str | None = None
    """Background colour (`#rrggbb`), when it differs from the marker's."""
    image: str = ""
    """Art on this face (an SVG, PNG or JPEG file in the game folder), in the marker layout's `image` box."""


class Marker(ContentModel):
    """A marker, chit or order die: a piece that is not a unit."""

    id: Id
    """The marker's id."""
    name: Text
    """The marker's name."""
    kind: Literal["marker", "chit", "order-die", "control", "track"] = "marker"
    """What it is: a status marker, a chit drawn from a cup, an order die, a control or track marker."""
    side: Id | None = None
    """The side it belongs to, if any."""
    nationality: Id | None = None
    """The nationality whose colours it uses, if any."""
    faces: list[MarkerFace] = Field(default=[], max_length=6)
    """Front and back (one face for a plain back); an order die lists its six faces."""
    copies: int = Field(default=1, ge=1, le=1000)
    """How many the counter mix holds (at most 1,000)."""
    cup: Id | None = None
    """The cup it is drawn from (chits, order dice)."""
    activates: Id | None = None
    """The formation or unit a chit activates."""
    colour: str | None = None
    """Background colour (`#rrggbb`) when it has no nationality."""
    origin: Literal["source", "module-aid"] = "source"
    """`module-aid` for helpers the printed game does not have."""
    hidden: Text = ""
    """When set, the marker is kept face down: only its side sees its face (a masked VASSAL piece, masked
    at the start of a scenario); the text says when the rules reveal it."""
    hexside: bool = False
    """Whether it is laid on a hexside: the VASSAL piece snaps to hexsides and turns to face one."""
    properties: dict[str, Scalar | list[Scalar]] = {}
    """Further values the rules need for this marker."""
    designed: DesignedFlag = False
    """Marks what was designed because the source lacks it."""


class CountersFile(ContentModel):
    """counters.yaml: everything printed on counters."""

    values: list[ValueDef] = []
    """The values printed on counters or used by the rules."""
    movement_classes: list[MovementClass] = []
    """Movement classes (the TEC's columns)."""
    unit_types: list[UnitType] = []
    """Unit types."""
    units: list[Unit] = []
    """Every unit in the game."""
    markers: list[Marker] = []
    """Markers, chits and order dice."""
    expected: dict[str, int] = {}
    """Counts the source states, checked against the mix: `units`, `markers` (printed), `pieces` (every
    printed counter), a side or nationality id, or `type:<unit type>`."""
    designed: DesignedFlag = False
    """Marks values in this file designed because the source lacks them."""
