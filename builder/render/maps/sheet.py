"""Map sheets: a hex map or a table with its title, edge names, tracks beside it and terrain key;
a display (or a hex map's `placement: sheet` tracks) as a sheet of boxes of its own."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Literal

from builder.plan.hexes import hex_grid
from builder.model.base import text_in
from builder.model.content import Game
from builder.model.map import Map, Terrain, Track
from builder.model.units import MM_PER_INCH, parse_length_mm
from builder.render.drawing import Drawing, Group, Item, Text
from builder.render.maps.frame import HexFrame, hex_contents, terrain_by_id
from builder.render.maps.context import HexMapContext
from builder.render.maps.hexmap import hex_map_items, number_layer, wordless_layers
from builder.render.maps.key import key_block, title_block
from builder.render.maps.layout import Block, flow, placed
from builder.render.maps.table import RULER_MM, table_items
from builder.render.maps.tracks import BOX_MARGIN_MM, track_block
from builder.mechanisms import kept
from builder.memo import per_game

SHEET_MARGIN_MM = 8.0
"""White border of every sheet drawing."""
EDGE_BAND_MM = 7.0
"""Band around a map that carries the edge names."""
GAP_MM = 6.0
DISPLAY_WIDTH_MM = 240.0
"""Width a display sheet's boxes flow across: the sheet then fits a landscape Letter (or A4) page."""
EDGE_TEXT_MM = 3.4
INK = "#2a2a2a"

SheetKind = Literal["hex", "table", "display", "boxes"]


@dataclass(frozen=True)
class MapSheet:
    """One printable sheet: its output id, the map it comes from, and its drawing."""

    id: str
    map_id: str
    kind: SheetKind
    drawing: Drawing
    frame: HexFrame | None = None
    """Where the hex grid sits on the sheet (hex maps only)."""
    hex_map: tuple[Item, ...] = ()
    """The hex map itself (`hex_map_items` at `frame`), part of `drawing`: the VASSAL module draws its board
    from these very items, moved, rather than drawing the map again (builder/emit/vassal/art.py)."""


@dataclass(frozen=True)
class SheetContext:
    """What every sheet of one game reads: the game, its language, terrain and box size."""

    game: Game
    lang: str
    terrain: dict[str, Terrain]
    box_mm: float

    @classmethod
    def of(cls, game: Game, lang: str) -> "SheetContext":
        """Return the context of a game's sheets, printed in `lang`."""
        box_mm = parse_length_mm(game.game.print.counter_size) + BOX_MARGIN_MM
        return cls(game, lang, terrain_by_id(game.maps.terrain), box_mm)

    def text(self, text: object) -> str:
        """Return printed text in the sheet's language."""
        return text_in(text, self.lang)

    def sheet_title(self, map_: Map) -> str:
        """Return the title of a map's sheet: the game's title and the map's name (once if they are the same)."""
        game, name = self.text(self.game.game.title), self.text(map_.name)
        return game if name == game else f"{game} — {name}"


def _side_blocks(ctx: SheetContext, tracks: list[Track], placement: str, limit_mm: float) -> Block | None:
    chosen = [t for t in tracks if t.placement == placement]
    if not chosen:
        return None
    vertical = placement in ("left", "right")
    blocks = [track_block(t, ctx.game.game, ctx.lang, box_mm=ctx.box_mm, limit_mm=limit_mm, vertical=vertical,
                          root=ctx.game.root) for t in chosen]
    return flow(blocks, limit_mm, GAP_MM, vertical=vertical)


def edge_label_items(map_: Map, lang: str, x: float, y: float, w: float, h: float, *,
                     lead_mm: float = 0.0) -> list[Item]:
    """Return the edge names, each centred along its side of the rectangle, outside it.

    `lead_mm` keeps the north and west names that much further out (beyond a table's rulers).
    """
    names: dict[str, list[str]] = {}
    for edge in map_.edges:
        text = text_in(edge.name, lang) or ", ".join(r.replace("-", " ") for r in edge.roles)
        if text:
            names.setdefault(edge.side_of_map, []).append(text)
    spots = {"north": (x + w / 2, y - lead_mm - EDGE_BAND_MM * 0.3, 0),
             "south": (x + w / 2, y + h + EDGE_BAND_MM * 0.8, 0),
             "west": (x - lead_mm - EDGE_BAND_MM * 0.3, y + h / 2, -90),
             "east": (x + w + EDGE_BAND_MM * 0.3, y + h / 2, 90)}
    items: list[Item] = []
    for side, (sx, sy, angle) in spots.items():
        if side in names:
            text = Text(0, 0, " · ".join(names[side]), EDGE_TEXT_MM, fill=INK, font="labels", bold=True,
                        anchor="middle")
            items.append(Group((text,), dx_mm=sx, dy_mm=sy, rotate_deg=angle))
    return items


def used_terrain(ctx: SheetContext, map_: Map) -> list[Terrain]:
    """Return the terrain types a map uses, in declared order: its key."""
    ids = {map_.default_terrain} if map_.default_terrain else set()
    for value in map_.hexes.values():
        ids.update([value] if isinstance(value, str) else value if isinstance(value, list)
                   else [value.terrain, *value.overlays])
    ids.update(s.feature for s in map_.hexsides)
    ids.update(p.feature for p in map_.paths)
    ids.update(p.terrain for p in map_.pieces)
    return [t for t in ctx.game.maps.terrain if t.id in ids]


@dataclass(frozen=True)
class Around:
    """The blocks around a map or table: title, tracks on four sides, key."""

    title: Block
    key: Block
    top: Block | None
    bottom: Block | None
    left: Block | None
    right: Block | None


def _around(ctx: SheetContext, map_: Map, w: float, h: float, *, hexagonal: bool) -> Around:
    tracks = list(map_.tracks)
    return Around(
        title_block(ctx.game.game, ctx.text(map_.name), ctx.lang),
        key_block(used_terrain(ctx, map_), ctx.game.game, ctx.lang, width_mm=max(w, 180.0), hexagonal=hexagonal,
                  root=ctx.game.root),
        _side_blocks(ctx, tracks, "top", w), _side_blocks(ctx, tracks, "bottom", w),
        _side_blocks(ctx, tracks, "left", h), _side_blocks(ctx, tracks, "right", h))


def _compose(around: Around, w: float, h: float, body: Callable[[float, float], list[Item]]) -> tuple[Drawing, float, float]:
    """Return the sheet drawing with the body's rectangle (w × h, edge bands included) at its place."""
    m, g = SHEET_MARGIN_MM, GAP_MM
    left_w = around.left.width_mm + g if around.left else 0.0
    right_w = around.right.width_mm + g if around.right else 0.0
    top_h = around.top.height_mm + g if around.top else 0.0
    x = m + left_w
    y = m + around.title.height_mm + g + top_h
    items: list[Item] = [placed(around.title, m, m)]
    if around.top:
        items.append(placed(around.top, x, y - top_h))
    if around.left:
        items.append(placed(around.left, m, y))
    if around.right:
        items.append(placed(around.right, x + w + g, y))
    below = y + max(h, around.left.height_mm if around.left else 0.0, around.right.height_mm if around.right else 0.0)
    if around.bottom:
        items.append(placed(around.bottom, x, below + g))
        below += g + around.bottom.height_mm
    items.append(placed(around.key, x, below + g))
    items.extend(body(x, y))
    width = max(x + w + right_w, m + around.title.width_mm, x + around.key.width_mm) + m
    height = below + g + around.key.height_mm + m
    return Drawing(width, height, tuple(items)), x, y


def hex_sheet(ctx: SheetContext, map_: Map) -> MapSheet:
    """Return a hex map's sheet: map, edge names, tracks beside it, title and key."""
    grid = hex_grid(map_.grid)
    w, h = HexFrame.of(map_, grid, 0.0, 0.0).rect[2:]
    band = EDGE_BAND_MM
    around = _around(ctx, map_, w + 2 * band, h + 2 * band, hexagonal=True)
    contents = hex_contents(map_, grid)
    hex_map: list[Item] = []

    def body(x: float, y: float) -> list[Item]:
        """Return the map and its edge names with the band's top-left corner at (x, y)."""
        frame = HexFrame.of(map_, grid, x + band, y + band)
        wordless = _wordless(ctx.game, map_, x + band, y + band) if kept("once") else None
        hex_map[:] = hex_map_items(map_, ctx.terrain, frame, contents, ctx.lang, ctx.game.root, wordless)
        return [*edge_label_items(map_, ctx.lang, *frame.rect), *hex_map]

    drawing, x, y = _compose(around, w + 2 * band, h + 2 * band, body)
    title = ctx.sheet_title(map_)
    return MapSheet(map_.id, map_.id, "hex", Drawing(drawing.width_mm, drawing.height_mm, drawing.items, title),
                    HexFrame.of(map_, grid, x + band, y + band), tuple(hex_map))


@per_game
def _wordless(game: Game, map_: Map, x_mm: float, y_mm: float) -> tuple[tuple[Item, ...], tuple[Item, ...]]:
    """Return a hex map's layers below its first word and its hex numbers with the grid's top-left corner at
    (x_mm, y_mm), drawn once for all the languages whose sheets put it there (mechanism `once`)."""
    grid = hex_grid(map_.grid)
    ctx = HexMapContext(map_, HexFrame.of(map_, grid, x_mm, y_mm), terrain_by_id(game.maps.terrain),
                        hex_contents(map_, grid), game.game.languages[0], game.root)
    return wordless_layers(ctx), tuple(number_layer(ctx))


def table_sheet(ctx: SheetContext, map_: Map) -> MapSheet:
    """Return a gridless table's sheet: table, inch rulers, edge names, tracks, title and key."""
    w, h = (v * MM_PER_INCH for v in map_.size_in)
    band = EDGE_BAND_MM
    lead = band + RULER_MM + 2.0  # edge name band, then the ruler, on the north and west sides
    around = _around(ctx, map_, w + lead + band, h + lead + band, hexagonal=False)

    def body(x: float, y: float) -> list[Item]:
        """Return the table, its rulers and edge names with their top-left corner at (x, y)."""
        return [*edge_label_items(map_, ctx.lang, x + lead, y + lead, w, h, lead_mm=RULER_MM + 2.0),
                *table_items(map_, ctx.terrain, ctx.lang, x + lead, y + lead)]

    drawing, _, _ = _compose(around, w + lead + band, h + lead + band, body)
    title = ctx.sheet_title(map_)
    return MapSheet(map_.id, map_.id, "table", Drawing(drawing.width_mm, drawing.height_mm, drawing.items, title))


def boxes_sheet(ctx: SheetContext, sheet_id: str, map_: Map, tracks: list[Track], kind: SheetKind) -> MapSheet:
    """Return a sheet of tracks and holding boxes, laid out across a landscape page width."""
    m = SHEET_MARGIN_MM
    title = title_block(ctx.game.game, ctx.text(map_.name), ctx.lang)
    blocks = [track_block(t, ctx.game.game, ctx.lang, box_mm=ctx.box_mm, limit_mm=DISPLAY_WIDTH_MM, vertical=False,
                          root=ctx.game.root) for t in tracks]
    body = flow(blocks, DISPLAY_WIDTH_MM, GAP_MM * 1.5, vertical=False)
    items = (placed(title, m, m), placed(body, m, m + title.height_mm + GAP_MM))
    width = max(title.width_mm, body.width_mm, DISPLAY_WIDTH_MM) + 2 * m
    height = m + title.height_mm + GAP_MM + body.height_mm + m
    return MapSheet(sheet_id, map_.id, kind, Drawing(width, height, items, ctx.sheet_title(map_)))


BOXES_SUFFIX = "-boxes"
"""Sheet id suffix of a hex map's or table's `placement: sheet` tracks."""


def map_sheets(game: Game, lang: str | None = None) -> list[MapSheet]:
    """Return every printable sheet of the game's maps and displays, in declared order, printed in `lang` (the
    game's first language by default; drawn once per game and language)."""
    return list(_map_sheets(game, lang or game.game.languages[0]))


@per_game
def _map_sheets(game: Game, lang: str) -> tuple[MapSheet, ...]:
    ctx = SheetContext.of(game, lang)
    sheets: list[MapSheet] = []
    for map_ in game.maps.maps:
        if map_.kind == "display":
            sheets.append(boxes_sheet(ctx, map_.id, map_, list(map_.tracks), "display"))
            continue
        sheets.append(hex_sheet(ctx, map_) if map_.kind == "hex" else table_sheet(ctx, map_))
        on_sheet = [t for t in map_.tracks if t.placement == "sheet"]
        if on_sheet:
            sheets.append(boxes_sheet(ctx, map_.id + BOXES_SUFFIX, map_, on_sheet, "boxes"))
    return tuple(sheets)
