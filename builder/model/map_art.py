"""The art of a hex map (map.yaml `art:` and `frame:`): a painting, drawn shapes, images, half hexes, hexes
outside play, the style of the hex numbers and the frame with its title cartouche, scale bar and compass.

All of it is art: the hexes' terrain, which the checks and the VASSAL module read, stays as written.
"""

from typing import Literal

from pydantic import Field, field_validator, model_validator

from builder.model.base import Colour, ContentModel, Id, Text, default_of

MapSide = Literal["north", "south", "east", "west"]


class Background(ContentModel):
    """A painted map under the grid, aligned by the image positions of two hex centres."""

    image: str
    """The painting: an SVG, PNG or JPEG file in the game folder."""
    align: dict[Id, tuple[float, float]] = Field(min_length=2, max_length=2)
    """Two hex ids and where their centres are in the image (pixels from its top-left; SVG user units):
    `{"0101": [112, 96], "2010": [3710, 2460]}`. The image is scaled and moved so both fall on their hexes."""
    terrain: Literal["none", "marks", "all"] = "none"
    """What of the generated terrain is drawn over the painting: `none` (the painting replaces it; grid,
    numbers, hexsides, roads and places stay), `marks` (the terrain patterns and symbols too), or `all`
    (the fills as well, at `terrain_opacity`, so the painting shows through them)."""
    terrain_opacity: float = Field(default=0.5, gt=0, le=1)
    """How opaque the terrain fills are over the painting with `terrain: all` (1 hides it)."""


class DrawnShape(ContentModel):
    """A shape drawn on the map as art (a coastline, a lake, a river): it does not change any hex's terrain."""

    kind: Literal["area", "line"] = "area"
    """`area`: a closed, filled polygon; `line`: an open line."""
    hexes: list[Id] = []
    """The points as hex ids: the line runs through their centres."""
    points_mm: list[tuple[float, float]] = []
    """Or the points in millimetres from the map's top-left corner."""
    fill: Colour | None = None
    """Fill colour of an area."""
    stroke: Colour | None = None
    """Outline or line colour."""
    width_mm: float = Field(default=0.6, ge=0, le=20)
    """Width of the outline or line."""

    @model_validator(mode="after")
    def _has_points(self) -> "DrawnShape":
        if len(self.hexes) + len(self.points_mm) < 2:
            raise ValueError("a drawn shape needs at least two points: `hexes` or `points_mm`")
        return self


class MapImage(ContentModel):
    """An image on the map (a logo, a compass, a title cartouche), in millimetres from the map's top-left corner."""

    image: str
    """An SVG, PNG or JPEG file in the game folder."""
    x_mm: float
    """Left edge."""
    y_mm: float
    """Top edge."""
    w_mm: float = Field(gt=0, le=2000)
    """Width of its box (the image keeps its proportions inside it)."""
    h_mm: float = Field(gt=0, le=2000)
    """Height of its box."""


class HexNumbers(ContentModel):
    """How the hex numbers are printed on one map."""

    position: Literal["top", "centre", "bottom", "none"] = "top"
    """Where in the hex: along its top, across its centre, along its bottom, or not printed at all."""
    size: float = Field(default=0.11, gt=0, le=0.4)
    """Text height as a fraction of the hex's width across flats."""
    colour: Colour = "#33302a"
    """Ink of the numbers."""
    format: str = Field(default="{id}", max_length=40)
    """What is printed: `{id}` the hex id, `{column}` and `{row}` its two numbers as the grid numbers them
    (`{column}.{row}` prints 05.12 for hex 0512)."""

    @field_validator("format")
    @classmethod
    def _known_fields(cls, value: str) -> str:
        import string
        names = {name for _, name, _, _ in string.Formatter().parse(value) if name is not None}
        unknown = names - {"id", "column", "row"}
        if unknown or not names:
            raise ValueError("a hex number format names `{id}`, `{column}` or `{row}` and nothing else")
        return value


class MapArt(ContentModel):
    """The art of a hex map: a painted background, drawn shapes, images on top, the edges and hexes out of play."""

    background: Background | None = None
    """A painting drawn instead of (or under) the generated terrain fills (grid, numbers, hexsides and paths stay)."""
    shapes: list[DrawnShape] = []
    """Areas and lines drawn over the terrain, clipped to the map."""
    images: list[MapImage] = []
    """Images drawn over the map (compass, logo)."""
    outside_play: list[Id] = []
    """Hexes not in play: left blank, without grid or number."""
    unnumbered: list[Id] = []
    """Hexes drawn with their terrain and grid but without a number (in play or not, as the rules say)."""
    half_hexes: list[MapSide] = []
    """Sides of the map cut through the centres of their outermost hexes, which print as halves, as printed
    maps do: `[north, south]`. The map's sheet and the VASSAL board shrink by as much."""
    numbers: HexNumbers = default_of(HexNumbers)
    """How the hex numbers are printed."""


class ScaleBar(ContentModel):
    """The scale bar of a map's frame: a bar of hexes, with a ruler in kilometres and/or miles below it."""

    hexes: int = Field(default=4, ge=1, le=50)
    """Length of the bar in hexes."""
    hex_km: float | None = Field(default=None, gt=0, le=10000)
    """Kilometres across one hex (centre to centre): draws a ruler in km."""
    hex_miles: float | None = Field(default=None, gt=0, le=10000)
    """Miles across one hex: draws a ruler in miles."""


class Compass(ContentModel):
    """The compass of a map's frame: a drawn rose, or an image of the game's."""

    image: str = ""
    """An SVG, PNG or JPEG file in the game folder; empty draws a compass rose."""
    north_deg: float = Field(default=0.0, ge=-360, le=360)
    """Where north points, in degrees clockwise from the top of the map."""
    size_mm: float = Field(default=18.0, gt=4, le=200)
    """Width and height of the compass."""


class MapFrame(ContentModel):
    """A frame around a hex map: a double border, and a cartouche in one corner with the title, subtitle,
    scale bar and compass, drawn on the map itself (so the VASSAL board shows it too)."""

    title: Text = ""
    """The cartouche's title (empty: the map's name)."""
    subtitle: Text = ""
    """A line under the title (a date, an operation, a scale note)."""
    scale: ScaleBar | None = None
    """A scale bar in hexes, with kilometres and/or miles."""
    compass: Compass | bool | None = None
    """A compass: `compass: true` (or `{}`) draws a rose; `{image: art/compass.svg}` the game's own. Read as a
    Compass (true) or none (false)."""
    at: Literal["top-left", "top-right", "bottom-left", "bottom-right"] = "top-left"
    """The corner of the map the cartouche sits in."""
    border: bool = True
    """Whether a double border is drawn around the map."""

    @field_validator("compass", mode="before")
    @classmethod
    def _compass_flag(cls, value: object) -> object:
        if value is True:
            return {}
        return None if value is False else value
