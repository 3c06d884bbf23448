"""The sheet's title, its terrain key (a swatch per terrain type used) and its scale."""
from __future__ import annotations

import math
from pathlib import Path

from shapely.geometry import Polygon, box

from builder.model.base import text_in
from builder.model.game import GameFile
from builder.model.map import Terrain
from builder.render.drawing import Group, Item, Paint, Polyline, Text
from builder.render.fonts import text_width_mm
from builder.render.maps.colour import darker, ink_of, lighter
from builder.render.maps.layout import Block, flow
from builder.render.maps.patterns import pattern_items
from builder.render.maps.regions import region_path
from builder.render.maps.symbols import drawn_symbol, fort_ring, overlay_tint
from builder.render.maps.words import word

INK = "#2a2a2a"
TITLE_SIZE_MM = 8.0
SUBTITLE_SIZE_MM = 4.6
KEY_TEXT_MM = 2.8
SWATCH_MM = 9.0
PAPER = "#fbf8f0"


def title_block(game: GameFile, name: str, lang: str) -> Block:
    """Return the game's title above the sheet's own name."""
    title = text_in(game.title, lang)
    items = [Text(0, TITLE_SIZE_MM * 0.9, title, TITLE_SIZE_MM, fill=INK, bold=True)]
    if name != title:
        items.append(Text(0, TITLE_SIZE_MM * 0.9 + SUBTITLE_SIZE_MM * 1.45, name, SUBTITLE_SIZE_MM, fill=INK))
    width = max(text_width_mm(title, TITLE_SIZE_MM, bold=True), text_width_mm(name, SUBTITLE_SIZE_MM))
    return Block(width, TITLE_SIZE_MM * 0.9 + SUBTITLE_SIZE_MM * 1.8, tuple(items))


def _hex_corners(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    return [(cx + radius * math.cos(math.radians(60 * i)), cy + radius * math.sin(math.radians(60 * i)))
            for i in range(6)]


def _area_swatch(terrain: Terrain, hexagonal: bool, root: Path | None) -> list[Item]:
    style, s = terrain.style, SWATCH_MM
    corners = _hex_corners(s / 2, s / 2, s / 2) if hexagonal else [(0, s * 0.12), (s, s * 0.12), (s, s * 0.88),
                                                                     (0, s * 0.88)]
    shape = Polygon(corners) if hexagonal else box(0, s * 0.12, s, s * 0.88)
    is_overlay = terrain.kind == "overlay"
    fill = PAPER if is_overlay else style.fill
    items: list[Item] = [region_path(shape, Paint(fill=fill, stroke=darker(fill, 0.45), stroke_mm=0.2))]
    items += pattern_items(style.pattern, shape, style.fill, s * 0.42)
    if style.symbol in ("fort", "fortification"):
        items += fort_ring(corners, (s / 2, s / 2), style.fill, 0.3)
    elif style.symbol:
        colour = ink_of(style.fill) if is_overlay else darker(style.fill, 0.55)
        items += drawn_symbol(style.symbol, s / 2, s / 2, s * 0.42, colour, root)
    elif is_overlay and style.pattern == "none":
        items += overlay_tint(corners, (s / 2, s / 2), style.fill)
    return items


def _line_swatch(terrain: Terrain) -> list[Item]:
    style, s = terrain.style, SWATCH_MM
    ends = ((0.0, s / 2), (s, s / 2))
    items: list[Item] = []
    if terrain.kind == "path":
        items.append(Polyline(ends, Paint(stroke=lighter(style.fill, 0.8), stroke_mm=style.line_width_mm + 0.45)))
    items.append(Polyline(ends, Paint(stroke=style.fill, stroke_mm=style.line_width_mm, dash_mm=tuple(style.dash))))
    return items


def swatch_block(terrain: Terrain, lang: str, *, hexagonal: bool, root: Path | None = None) -> Block:
    """Return one key entry: the terrain's swatch and its name."""
    if terrain.kind in ("hexside", "path"):
        swatch = _line_swatch(terrain)
    else:
        swatch = _area_swatch(terrain, hexagonal and terrain.kind != "piece", root)
    name = text_in(terrain.name, lang)
    label = Text(SWATCH_MM + 2.0, SWATCH_MM / 2 + KEY_TEXT_MM * 0.36, name, KEY_TEXT_MM, fill=INK)
    return Block(SWATCH_MM + 2.0 + text_width_mm(name, KEY_TEXT_MM) + 5.0, SWATCH_MM, (*swatch, label))


def key_block(used: list[Terrain], game: GameFile, lang: str, *, width_mm: float, hexagonal: bool,
              root: Path | None = None) -> Block:
    """Return the terrain key and the scale line, flowing across `width_mm`; `root` finds symbols' images."""
    heading = Text(0, KEY_TEXT_MM * 1.1, word("key", lang), KEY_TEXT_MM * 1.15, fill=INK, bold=True)
    entries = flow([swatch_block(t, lang, hexagonal=hexagonal, root=root) for t in used], width_mm, 2.0,
                   vertical=False)
    top = KEY_TEXT_MM * 1.9
    items: list[Item] = [heading, Group(entries.items, dy_mm=top)]
    scale = scale_text(game, lang, hexagonal=hexagonal)
    bottom = top + entries.height_mm
    if scale:
        bottom += KEY_TEXT_MM * 2.0
        items.append(Text(0, bottom, scale, KEY_TEXT_MM, fill=INK))
    return Block(max(entries.width_mm, text_width_mm(scale, KEY_TEXT_MM)), bottom + KEY_TEXT_MM * 0.4, tuple(items))


def scale_text(game: GameFile, lang: str, *, hexagonal: bool) -> str:
    """Return the scale line: what a hex and a turn stand for."""
    parts = []
    hex_text, turn_text = text_in(game.scale.hex, lang), text_in(game.scale.turn, lang)
    if hexagonal and hex_text:
        parts.append(f"{word('hex', lang)} = {hex_text}")
    if turn_text:
        parts.append(f"{word('turn', lang)} = {turn_text}")
    return f"{word('scale', lang)}: " + " · ".join(parts) if parts else ""
