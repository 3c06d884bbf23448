"""Where a hex map's place names collide with what else it prints: the terrain symbols and place markers,
the hex numbers and the other names. Measured on the very items the map draws (the check
layout/map-label-covered reads this)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

import numpy as np

from builder.plan.hexes import hex_grid
from builder.model.content import Game
from builder.model.map import Map, Place
from builder.memo import per_game
from builder.render.drawing import Item
from builder.render.ink import Box, box_around, printed_texts, shape_box
from builder.render.maps.cartouche import cartouche
from builder.render.maps.context import HexMapContext
from builder.render.maps.frame import HexFrame, hex_contents, terrain_by_id
from builder.render.maps.hexmap import hex_numbers
from builder.render.maps.places import place_marks

CLEARANCE_MM = 0.1
"""Boxes that overlap by less than this are taken to touch, not to collide."""


@dataclass(frozen=True)
class LabelClash:
    """A place name that collides with something else the map prints."""

    map: Map
    place: Place
    other: str
    """What it collides with, in a message's words."""


def _items_box(items: tuple[Item, ...] | list[Item]) -> Box | None:
    boxes = [box for box in map(shape_box, items) if box is not None]
    if not boxes:
        return None
    return box_around([(b.x0_mm, b.y0_mm) for b in boxes] + [(b.x1_mm, b.y1_mm) for b in boxes])


def _obstacles(ctx: HexMapContext) -> Iterator[tuple[Box, str]]:
    """Yield the box of every symbol, place marker and hex number of the map, with its name."""
    grid = ctx.frame.grid
    for hex_ in sorted(ctx.contents):
        for name, colour, x, y, size in ctx.symbol_spots(hex_):
            box = _items_box(ctx.symbol_items(name, x, y, size, colour))
            if box is not None:
                yield box, f'the {name} symbol in hex {grid.label(hex_)}'
    number_mm = ctx.frame.number_size_mm
    for _, label, x, y, half_width in hex_numbers(ctx):
        yield Box(x - half_width, y - number_mm * 0.75, x + half_width, y), f"the hex number {label}"
    laid = cartouche(ctx)
    if laid is not None:
        yield Box(laid.x_mm, laid.y_mm, laid.x_mm + laid.width_mm, laid.y_mm + laid.height_mm), "the map's cartouche"


def _clashes(ctx: HexMapContext) -> Iterator[tuple[Place, str]]:
    """Yield each place whose name collides, with the first thing it collides with: its boxes in order, and for
    each the obstacles, then the other places' names, in order. Each box is held against all the others at once
    (numpy): next-war's 84 names against its 1,200 boxes were 100,000 comparisons one by one, a third of its checks."""
    marks = place_marks(ctx)
    names = [[t.box for t in printed_texts(m.label)] for m in marks]
    others = list(_obstacles(ctx))
    others += [(box, f'the marker of "{m.place.id}"') for m in marks if (box := _items_box(m.marker))]
    owner = [-1] * len(others)
    for index, (mark, boxes) in enumerate(zip(marks, names)):
        others += [(box, f'the name of "{mark.place.id}"') for box in boxes]
        owner += [index] * len(boxes)
    edges = np.array([(b.x0_mm, b.y0_mm, b.x1_mm, b.y1_mm) for b, _ in others], dtype=float).reshape(-1, 4)
    owners = np.array(owner)
    for index, (mark, boxes) in enumerate(zip(marks, names)):
        for box in boxes:
            across = np.minimum(box.x1_mm, edges[:, 2]) - np.maximum(box.x0_mm, edges[:, 0])
            down = np.minimum(box.y1_mm, edges[:, 3]) - np.maximum(box.y0_mm, edges[:, 1])
            hits = np.flatnonzero((np.minimum(across, down) > CLEARANCE_MM) & (owners != index))
            if hits.size:
                yield mark.place, others[hits[0]][1]
                break


@per_game
def label_clashes(game: Game) -> tuple[LabelClash, ...]:
    """Return every place name on the game's hex maps that collides with a symbol, a number or a name.

    The grid is placed at the origin rather than where its sheet puts it: every item of the map moves
    with the grid, so what collides is the same, and the sheet need not be drawn."""
    found: list[LabelClash] = []
    terrain = terrain_by_id(game.maps.terrain)
    for map_ in game.maps.maps:
        if map_.kind != "hex" or map_.grid is None:
            continue
        grid = hex_grid(map_.grid)
        ctx = HexMapContext(map_, HexFrame.of(map_, grid, 0.0, 0.0), terrain, hex_contents(map_, grid),
                             game.game.languages[0], game.root)
        found += [LabelClash(map_, place, other) for place, other in _clashes(ctx)]
    return tuple(found)
