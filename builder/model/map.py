"""map.yaml: terrain types, maps (hex or gridless), hexes, hexsides, paths, places, edges, tracks, boxes."""

import datetime as dt
from typing import Annotated, Literal, Union

from pydantic import Field, model_validator

from builder.model.base import Colour, ContentModel, DesignedFlag, Id, Scalar, Text, default_of

Inches = Annotated[float, Field(gt=0, le=1000)]
"""A length in inches on a gridless table: above 0, at most 1,000 (a typo, not a table, beyond that)."""

BoxValue = Annotated[Union[int, float], Field(ge=-100000, le=100000)]
"""The number a track box stands for."""


class TerrainStyle(ContentModel):
    """How a terrain type is drawn on the map."""

    fill: Colour = "#f2e6c9"
    """Fill colour of a hex (or of a feature's line)."""
    pattern: Literal["none", "dots", "hatch", "crosshatch", "waves", "grass", "rough", "trees", "buildings"] = "none"
    """A pattern drawn over the fill."""
    symbol: str = ""
    """A symbol drawn in the hex centre (e.g. `city`, `mine`, `fort`)."""
    line_width_mm: float = Field(default=0.8, gt=0, le=10)
    """Width of a hexside or path line."""
    dash: list[float] = []
    """Dash pattern of a line, in mm."""


class Terrain(ContentModel):
    """A terrain type: a hex terrain, an overlay on a hex, a hexside feature, or a path."""

    id: Id
    """The terrain's id, referenced by hexes and TEC rows."""
    name: Text
    """The terrain's name."""
    kind: Literal["hex", "overlay", "hexside", "path", "piece"] = "hex"
    """`hex` base terrain; `overlay` added to a hex (minefield); `hexside` feature; `path` road/track; `piece` on a gridless table."""
    style: TerrainStyle = default_of(TerrainStyle)
    """How it is drawn."""
    blocks_movement: bool = False
    """Whether no unit may ever enter it (sea)."""
    properties: dict[str, Scalar | list[Scalar]] = {}
    """Further values (cover, line of sight, category…)."""


Offset = Literal["high", "low"]


class AxisNumbering(ContentModel):
    """How one axis (columns or rows) of the grid is numbered."""

    style: Literal["numeric", "alpha"] = "numeric"
    """Digits, or letters (A…Z, AA, BB…)."""
    digits: int = Field(default=2, ge=1, le=4)
    """Minimum digits, zero-padded (2 gives `05`)."""
    first: int = 1
    """Number (or letter index, A = 0) of the first column or row."""
    descending: bool = False
    """Whether numbers run down from the far edge instead."""


class Numbering(ContentModel):
    """How hex labels are formed from columns and rows."""

    order: Literal["column-row", "row-column"] = "column-row"
    """Which part comes first in a label."""
    separator: str = ""
    """Text between the two parts (`.` gives `03.05`)."""
    column: AxisNumbering = default_of(AxisNumbering)
    """Column numbering."""
    row: AxisNumbering = default_of(AxisNumbering)
    """Row numbering."""
    stagger: bool = False
    """Whether the shifted columns (or rows) number their hexes one higher (0101, 0202, 0301…)."""


class Grid(ContentModel):
    """A hex grid."""

    orientation: Literal["flat", "pointy"] = "flat"
    """`flat`: flat-topped hexes in vertical columns; `pointy`: pointy-topped hexes in rows."""
    columns: int = Field(ge=1, le=500)
    """Number of hex columns."""
    rows: int = Field(ge=1, le=500)
    """Number of hex rows."""
    hex_mm: float = Field(default=19.05, gt=3, le=100)
    """Distance across flats of one hex, in mm."""
    first: Offset = "high"
    """Whether the first column (flat) or row (pointy) sits higher/left of the second (`high`) or lower (`low`)."""
    numbering: Numbering = default_of(Numbering)
    """How hexes are labelled."""


HexValue = Union[Id, list[Id], "HexEntry"]


class HexEntry(ContentModel):
    """A hex with more than a terrain id to say."""

    terrain: Id
    """The base terrain."""
    overlays: list[Id] = []
    """Overlays (minefield, fortification, town…)."""
    elevation: int | None = None
    """Height level, for games with line of sight."""
    country: Id | None = None
    """Country or region the hex belongs to."""
    properties: dict[str, Scalar | list[Scalar]] = {}
    """Further values (port capacity, VP, …)."""


class Hexside(ContentModel):
    """A feature on the side shared by two adjacent hexes."""

    between: tuple[Id, Id]
    """The two hexes that share the side."""
    feature: Id
    """The hexside terrain (river, wadi, escarpment, minefield…)."""
    properties: dict[str, Scalar] = {}
    """Further values (owner, direction, …)."""


class Path(ContentModel):
    """A road, track or railway running through hex centres."""

    feature: Id
    """The path terrain (road, track, railway)."""
    hexes: list[Id] = Field(min_length=2)
    """The hexes it runs through, in order; each next to the one before."""
    name: Text = ""
    """Its name, if printed."""


class Place(ContentModel):
    """A named place: town, oasis, objective, setup reference."""

    id: Id
    """The place's id, used by setups and victory conditions."""
    name: Text
    """The name printed on the map."""
    hex: Id | None = None
    """The hex it stands in (hex maps)."""
    at_in: tuple[float, float] | None = None
    """Its position in inches from the top-left corner (gridless tables)."""
    kind: Literal["town", "city", "village", "oasis", "landmark", "objective", "box", "other"] = "landmark"
    """What kind of place it is."""
    properties: dict[str, Scalar | list[Scalar]] = {}
    """Further values (vp, supply source, recovery point…)."""


class Edge(ContentModel):
    """A map edge and what the rules do with it."""

    id: Id
    """The edge's id (`west`), used by reinforcements."""
    side_of_map: Literal["north", "south", "east", "west"]
    """Which side of the map."""
    name: Text = ""
    """A label printed along the edge."""
    roles: list[str] = []
    """What it is for (axis-entry, supply-source, exit…)."""
    hexes: list[Id] = []
    """Particular hexes of the edge that matter (road hexes), if any."""


class Zone(ContentModel):
    """A named set of hexes: setup areas, front lines, sea areas, landing zones."""

    id: Id
    """The zone's id, referenced by setups."""
    name: Text
    """Its name."""
    hexes: list[Id] = []
    """The hexes in the zone; `0101-0510` stands for the block of hexes between two corners."""
    area_in: tuple[float, float, float, float] | None = None
    """On a gridless table: the zone as a rectangle (x, y, width, depth) in inches from the top-left."""
    designed: DesignedFlag = False
    """Marks a zone the source does not define exactly."""


class Box(ContentModel):
    """A box printed on a map or display: a track cell, a holding box, a pool."""

    id: Id
    """The box's id."""
    name: Text = ""
    """Text printed in or above the box."""
    value: BoxValue | None = None
    """The number the box stands for on a track (a number; a word here is an error)."""
    date: dt.date | Text = ""
    """The date printed in the box (turn tracks): a date (`1942-05-23`), printed as each edition's language writes
    a day and month (`23 May`, `23 maja`), or text (`26-27/05/42`, or one per language)."""


class Track(ContentModel):
    """A printed track (turns, air points, impulses, VP) or a group of boxes."""

    id: Id
    """The track's id."""
    name: Text
    """The title printed beside it."""
    kind: Literal["turn", "impulse", "points", "vp", "boxes"] = "boxes"
    """What it records."""
    boxes: list[Box] = Field(default=[], max_length=1000)
    """Its boxes in order; a turn track may leave them out to take them from the turn structure."""
    placement: Literal["top", "bottom", "left", "right", "sheet"] = "sheet"
    """Where it is printed: beside the map, or on a display sheet of its own."""
    side: Id | None = None
    """The side it belongs to, if any."""


class TablePiece(ContentModel):
    """A terrain piece on a gridless table."""

    id: Id
    """The piece's id."""
    terrain: Id
    """Its terrain type (wood, building, hill…)."""
    shape: Literal["rect", "ellipse", "polygon"] = "rect"
    """Its footprint."""
    at_in: tuple[float, float]
    """Position of its top-left corner (rect, ellipse) or first point, in inches."""
    size_in: tuple[Inches, Inches] | None = None
    """Width and depth in inches (rect, ellipse), each above 0 and at most 1,000."""
    points_in: list[tuple[float, float]] = []
    """Outline points in inches (polygon)."""
    name: Text = ""
    """Its label."""
    properties: dict[str, Scalar | list[Scalar]] = {}
    """Further values (height, cover…)."""


class Background(ContentModel):
    """A painted map under the grid, aligned by the image positions of two hex centres."""

    image: str
    """The painting: an SVG, PNG or JPEG file in the game folder."""
    align: dict[Id, tuple[float, float]] = Field(min_length=2, max_length=2)
    """Two hex ids and where their centres are in the image (pixels from its top-left; SVG user units):
    `{"0101": [112, 96], "2010": [3710, 2460]}`. The image is scaled and moved so both fall on their hexes."""


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


class MapArt(ContentModel):
    """The art of a hex map: a painted background, drawn shapes, images on top, hexes outside play."""

    background: Background | None = None
    """A painting drawn instead of the generated terrain fills (grid, numbers, hexsides and paths stay)."""
    shapes: list[DrawnShape] = []
    """Areas and lines drawn over the terrain, clipped to the map."""
    images: list[MapImage] = []
    """Images drawn over the map (compass, logo)."""
    outside_play: list[Id] = []
    """Hexes not in play: left blank, without grid or number."""


class Map(ContentModel):
    """One map: a hex map, a gridless table, or an off-board display of boxes and tracks."""

    id: Id
    """The map's id."""
    name: Text
    """The map's title."""
    kind: Literal["hex", "table", "display"] = "hex"
    """`hex` map, gridless `table` measured in inches, or `display` of boxes and tracks."""
    grid: Grid | None = None
    """The hex grid (hex maps)."""
    size_in: tuple[Inches, Inches] | None = None
    """Width and depth of a gridless table in inches, each above 0 and at most 1,000."""
    hex_count: int | None = Field(default=None, ge=1, le=250000)
    """The number of hexes the source states, checked against the grid."""
    default_terrain: Id | None = None
    """Terrain of every hex not listed in `hexes`."""
    hexes: dict[Id, HexValue] = {}
    """Terrain per hex: `0101: sea`, `0405: [ridge, minefield]`, or a mapping."""
    hexsides: list[Hexside] = []
    """Hexside features."""
    paths: list[Path] = []
    """Roads, tracks and railways."""
    places: list[Place] = []
    """Named places."""
    edges: list[Edge] = []
    """Map edges with rule roles."""
    zones: list[Zone] = []
    """Named sets of hexes."""
    tracks: list[Track] = []
    """Printed tracks and boxes."""
    pieces: list[TablePiece] = []
    """Terrain pieces on a gridless table."""
    art: MapArt = default_of(MapArt)
    """The designer's art on a hex map: painted background, drawn shapes, images, hexes outside play."""
    designed: DesignedFlag = False
    """Marks terrain designed because the source has none (say from what)."""

    @model_validator(mode="after")
    def _kind_has_its_parts(self) -> "Map":
        if self.kind == "hex" and self.grid is None:
            raise ValueError("a hex map needs a `grid`")
        if self.kind == "table" and self.size_in is None:
            raise ValueError("a gridless table needs `size_in: [width, depth]`")
        return self


class MapFile(ContentModel):
    """map.yaml: terrain types and every map and display of the game."""

    terrain: list[Terrain] = []
    """Terrain types."""
    maps: list[Map] = []
    """The maps and displays."""
    designed: DesignedFlag = False
    """Marks values in this file designed because the source lacks them."""

