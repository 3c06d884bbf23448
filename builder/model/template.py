"""Counter layouts (builder/templates/counters/*.yaml): where each element of a face goes.

Positions and sizes are fractions of the counter's side, so one layout serves 1/2" and 1" counters.
"""

from typing import Literal

from pydantic import Field

from builder.model.base import Colour, ContentModel, Id, default_of


class Box(ContentModel):
    """A rectangle on the face, in fractions of the counter side."""

    x: float = Field(ge=0, le=1)
    """Left edge."""
    y: float = Field(ge=0, le=1)
    """Top edge."""
    w: float = Field(gt=0, le=1)
    """Width."""
    h: float = Field(gt=0, le=1)
    """Height."""


class TextSlot(ContentModel):
    """One line of text on the face and where its words come from."""

    source: Literal["designation", "parent_label", "values", "value", "designators", "name", "label", "text",
                    "marker_text", "marker_value"]
    """What to print: the unit's designation, parent label, a run of values, one value, its designators,
    its short name, the step label, a fixed text, or a marker face's text or value."""
    values: list[Id] = []
    """With `values`: the value ids printed in order; empty prints every number value the game declares,
    in declared order, except those another slot of the layout prints."""
    value: Id | None = None
    """With `value`: the value id printed."""
    text: str = ""
    """With `text`: the text printed."""
    sep: str = "-"
    """With `values`: what stands between them."""
    x: float = Field(ge=0, le=1)
    """Anchor point across."""
    y: float = Field(ge=0, le=1)
    """Baseline down."""
    size: float = Field(gt=0, le=1)
    """Font size (em) as a fraction of the side."""
    width: float = Field(gt=0, le=1)
    """The room the text may take; wider text is a `layout/text-overflow` diagnostic."""
    anchor: Literal["start", "middle", "end"] = "middle"
    """Which end of the text stands at x."""
    bold: bool = False
    """Bold face."""
    font: Literal["sans", "condensed"] = "condensed"
    """Font key."""
    fill_property: str = ""
    """A unit or unit-type property holding a colour to draw behind the text (Next War movement colours)."""
    centre_alone: bool = False
    """With `designation` or `parent_label`: print it centred across the face when the unit has no text for
    the other of the two (an identity line under the symbol, with or without a parent)."""


class CounterLayout(ContentModel):
    """A counter layout: the symbol box and the text slots."""

    id: Id
    """The layout's id, named by print settings and unit types."""
    name: str
    """What the layout is for."""
    symbol: Box | None = None
    """Where the NATO symbol's frame goes (its size mark sits above it)."""
    image: Box | None = None
    """Where a unit's or marker face's art goes (fitted, its proportions kept); a unit layout without it draws
    the art in the symbol's box instead of the symbol."""
    texts: list[TextSlot] = []
    """The text slots."""
    reduced_band: Box | None = default_of(Box, x=0.0, y=0.0, w=1.0, h=0.1)
    """A pale band drawn on reduced faces so a flipped counter reads as reduced at a glance."""
    formation_band: Box | None = None
    """A band in the formation's colour, when the unit's formation has one."""
    back_lighten: float = Field(default=0.0, ge=0, le=1)
    """How much lighter the faces after the first (a unit's reduced back) are than the front: 0 keeps the
    nationality's colour, 0.35 is a clearly lighter shade, 1 is white."""
    back_colour: Colour | None = None
    """A colour of its own for the faces after the first (`#rrggbb`), instead of the nationality's."""
