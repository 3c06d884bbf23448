"""One VASSAL map per content map or display, plus one of the module's own boxes: names, sizes, regions.

A hex map's board is its hex area cut tight (every hex named by its id) with its tracks laid out below;
a gridless table keeps its inch rulers, and its zones (deployment areas) and then the whole table become
named Zones, so every point on the table has a name; a display is boxes only. Every box becomes a named
Region at its centre, named so that players can tell boxes apart (never by a content id). The module's
own board holds the cups (decks), reinforcement boxes for turns the turn track does not show, and one
free-setup box per side.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from builder.emit.vassal.displays import BoxGroup, BoxSpec, Display, layout_display
from builder.plan.vassal.geometry import HexArea, hex_area
from builder.plan.vassal.words import word
from builder.emit.vassal.zones import Point, TableZone, location_name
from builder.model.base import slug, text_in
from builder.model.content import Game
from builder.model.map import Map, Track
from builder.model.units import MM_PER_INCH, parse_length_mm
from builder.plan.setups import turn_box_key
from builder.render.maps.table import RULER_MM
from builder.render.maps.tracks import track_faces

STANDALONE_BOXES = 12
"""A display is as wide as this many track boxes."""
TABLE_MARGIN_MM = 4.0


@dataclass(frozen=True)
class Region:
    """A named box on a board: its key (content box id or a module key), its name and centre in pixels."""

    key: str
    name: str
    x: int
    y: int


@dataclass(frozen=True)
class Aids:
    """What the module's own board must hold: cups, reinforcement turns off the turn track, free setups."""

    cups: tuple[tuple[str, str], ...] = ()
    turns: tuple[int, ...] = ()
    pools: tuple[tuple[str, str], ...] = ()
    dead: tuple[tuple[str, str], ...] = ()
    """Sides (id, name) whose eliminated units need a dead pile the content does not name."""

    def __bool__(self) -> bool:
        return bool(self.cups or self.turns or self.pools or self.dead)


@dataclass(frozen=True)
class BoardPlan:
    """One VASSAL map with its single board."""

    map_id: str | None
    name: str
    image: str
    size_px: tuple[int, int]
    kind: Literal["hex", "table", "display"]
    hex: HexArea | None = None
    regions: tuple[Region, ...] = ()
    decks: tuple[Region, ...] = ()
    display: Display | None = None
    display_top_px: int = 0
    table_px: tuple[int, int, int, int] | None = None
    """A gridless table's rectangle in pixels (x, y, width, height)."""
    zones: tuple[TableZone, ...] = ()
    """A gridless table's named areas in lookup order: the content's zones, then the whole table."""

    @property
    def board_name(self) -> str:
        """Return the board's name (the map's name: each map has one board)."""
        return self.name

    @cached_property
    def _regions_by_key(self) -> dict[str, Region]:
        found: dict[str, Region] = {}
        for region in self.regions + self.decks:
            found.setdefault(region.key, region)
        return found

    def region(self, key: str) -> Region | None:
        """Return the region (or deck) with this key."""
        return self._regions_by_key.get(key)

    def zone_name(self, point: Point) -> str | None:
        """Return the name VASSAL gives a point of a table by its zones (None outside every zone)."""
        return location_name(self.zones, point)


def _track_group(track: Track, game: Game, lang: str) -> BoxGroup:
    colour = next((s.colour for s in game.game.sides if s.id == track.side), "#2a2a2a")
    faces = track_faces(track, game.game, lang)
    keys = [b.id for b in track.boxes] if track.boxes else \
        [turn_box_key(track, n) for n in game.game.turns.numbers()]
    boxes = tuple(BoxSpec(k, (f.value, *f.captions) if not f.holding else (f.value,), f.holding)
                  for k, f in zip(keys, faces))
    return BoxGroup(text_in(track.name, lang), boxes, colour)


def _region_names(track: Track, game: Game, lang: str) -> dict[str, str]:
    """Return each box's location name: its own name, or the track's name and the box's value (or, for a box
    with neither, its place on the track)."""
    title = text_in(track.name, lang)
    if not track.boxes:
        return {turn_box_key(track, n): f"{title} {n}" for n in game.game.turns.numbers()}
    names = {}
    for n, box in enumerate(track.boxes, start=1):
        own = text_in(box.name, lang)
        value = "" if box.value is None else (f"{box.value:g}" if isinstance(box.value, float) else str(box.value))
        names[box.id] = own if own and not value else f"{title} {value or own or n}".strip()
    return names


def _qualifiers(track: Track, game: Game, lang: str, keys: list[str]) -> dict[str, tuple[str, ...]]:
    """Return what tells a track's boxes from like-named boxes of other tracks, shortest first: the name of
    the track's side (when it has one), then the track's name."""
    side = next((text_in(s.name, lang) for s in game.game.sides if s.id == track.side), "") if track.side else ""
    words = tuple(dict.fromkeys(w for w in (side, text_in(track.name, lang)) if w))
    return {key: words for key in keys}


def unique_names(keys: list[str], names: dict[str, str], qualifiers: dict[str, tuple[str, ...]]
                 ) -> dict[str, str]:
    """Return a name for each key, unique among them, in words a player reads.

    Keys sharing a name are told apart, all of them alike, by the first qualifier level that makes each
    of them distinct (a side's name, then the track's name: "Mines — North"); what even that leaves equal
    keeps its name the first time and takes a number after it ("Impulse 1 (2)")."""
    base = {k: names.get(k, k) for k in keys}
    final = dict(base)
    sharing: dict[str, list[str]] = {}
    for key in keys:
        sharing.setdefault(base[key], []).append(key)
    for name, members in sharing.items():
        if len(members) < 2:
            continue
        levels = max(len(qualifiers.get(k, ())) for k in members)
        for level in range(levels):
            trial = {}
            for key in members:
                words = qualifiers.get(key, ())
                trial[key] = f"{name} — {words[min(level, len(words) - 1)]}" if words else name
            if len(set(trial.values())) == len(members):
                final.update(trial)
                break
    taken: set[str] = set()
    for key in keys:
        name, n = final[key], 2
        while final[key] in taken:
            final[key] = f"{name} ({n})"
            n += 1
        taken.add(final[key])
    return final


def _regions(display: Display, names: dict[str, str], scale: float, top_px: int,
             qualifiers: dict[str, tuple[str, ...]] | None = None) -> tuple[Region, ...]:
    """Return a Region at each box's centre, names made unique within the board."""
    unique = unique_names([spot.key for spot in display.spots], names, qualifiers or {})
    regions = []
    for spot in display.spots:
        x, y = spot.centre_mm
        regions.append(Region(spot.key, unique[spot.key], round(x * scale), top_px + round(y * scale)))
    return tuple(regions)


Labels = tuple[dict[str, str], dict[str, tuple[str, ...]]]
"""Each box's name and the qualifiers that tell it from like-named boxes, by box key."""


def _tracks_display(map_: Map, game: Game, lang: str, width_mm: float) -> tuple[Display | None, Labels]:
    if not map_.tracks:
        return None, ({}, {})
    counter_mm = parse_length_mm(game.game.print.counter_size)
    names, qualifiers = {}, {}
    for track in map_.tracks:
        track_names = _region_names(track, game, lang)
        names.update(track_names)
        qualifiers.update(_qualifiers(track, game, lang, list(track_names)))
    groups = [_track_group(t, game, lang) for t in map_.tracks]
    return layout_display(groups, width_mm=width_mm, counter_mm=counter_mm), (names, qualifiers)


def _with_display(plan: dict, display: Display | None, labels: Labels, scale: float) -> BoardPlan:
    """Return a board whose area (hex or table) is topped up with a band of tracks below it."""
    width, top = plan.pop("size_px")
    if display is None:
        return BoardPlan(size_px=(width, top), **plan)
    regions = _regions(display, labels[0], scale, top, labels[1])
    size = (max(width, math.ceil(display.width_mm * scale)), top + math.ceil(display.height_mm * scale))
    return BoardPlan(size_px=size, regions=regions, display=display, display_top_px=top, **plan)


def hex_board(map_: Map, game: Game, scale: float, name: str) -> BoardPlan:
    """Return the board of a hex map: the hex area at the top left, its tracks below."""
    area = hex_area(map_.grid, scale)
    display, labels = _tracks_display(map_, game, game.game.languages[0], area.size_px[0] / scale)
    plan = dict(map_id=map_.id, name=name, image=f"map-{slug(map_.id)}.png", kind="hex", hex=area,
                size_px=area.size_px)
    return _with_display(plan, display, labels, scale)


def table_zones(map_: Map, lang: str, scale: float, table_px: tuple[int, int, int, int], name: str
                ) -> tuple[TableZone, ...]:
    """Return a table's named areas in lookup order: each zone with an area (a rectangle in inches from the
    table's top-left corner, rounded to pixels as table points are), then the whole table under `name`."""
    x0, y0, w, h = table_px
    per_inch = scale * MM_PER_INCH
    zones = []
    for zone in map_.zones:
        if zone.area_in is None:
            continue
        zx, zy, zw, zd = zone.area_in
        left, top = x0 + round(zx * per_inch), y0 + round(zy * per_inch)
        right, bottom = x0 + round((zx + zw) * per_inch), y0 + round((zy + zd) * per_inch)
        zones.append(TableZone.rectangle(zone.id, text_in(zone.name, lang) or name, left, top, right - left,
                                         bottom - top))
    return (*zones, TableZone.rectangle(map_.id, name, x0, y0, w, h))


def table_board(map_: Map, game: Game, scale: float, name: str) -> BoardPlan:
    """Return the board of a gridless table: rulers on the top and left, then the table; tracks below."""
    width_in, depth_in = map_.size_in
    x = y = round(RULER_MM * scale)
    w, h = round(width_in * MM_PER_INCH * scale), round(depth_in * MM_PER_INCH * scale)
    size = (x + w + round(TABLE_MARGIN_MM * scale), y + h + round(TABLE_MARGIN_MM * scale))
    lang = game.game.languages[0]
    display, labels = _tracks_display(map_, game, lang, size[0] / scale)
    plan = dict(map_id=map_.id, name=name, image=f"map-{slug(map_.id)}.png", kind="table",
                table_px=(x, y, w, h), zones=table_zones(map_, lang, scale, (x, y, w, h), name), size_px=size)
    return _with_display(plan, display, labels, scale)


def display_board(map_: Map, game: Game, scale: float, name: str) -> BoardPlan:
    """Return the board of an off-board display: its tracks and boxes."""
    counter_mm = parse_length_mm(game.game.print.counter_size)
    display, (names, qualifiers) = _tracks_display(map_, game, game.game.languages[0],
                                                   counter_mm * STANDALONE_BOXES * 1.7)
    display = display or layout_display([], width_mm=counter_mm * STANDALONE_BOXES, counter_mm=counter_mm)
    size = (math.ceil(display.width_mm * scale), max(1, math.ceil(display.height_mm * scale)))
    return BoardPlan(map_.id, name, f"map-{slug(map_.id)}.png", size, "display",
                     regions=_regions(display, names, scale, 0, qualifiers), display=display)


def aids_board(game: Game, aids: Aids, scale: float, name: str) -> BoardPlan:
    """Return the module's own board: cups, reinforcements by turn and free-setup boxes."""
    lang = game.game.languages[0]
    counter_mm = parse_length_mm(game.game.print.counter_size)
    groups, names = [], {}
    if aids.cups:
        groups.append(BoxGroup(word("cups", lang), tuple(BoxSpec(f"cup:{c}", (n,), True) for c, n in aids.cups)))
    if aids.turns:
        keys = {n: f"turn:{n}" for n in aids.turns}
        groups.append(BoxGroup(word("reinforcements", lang), tuple(BoxSpec(keys[n], (str(n),)) for n in aids.turns)))
        names.update({keys[n]: f"{word('reinforcements', lang)}: {word('turn', lang)} {n}" for n in aids.turns})
    if aids.pools:
        groups.append(BoxGroup(word("free", lang), tuple(BoxSpec(f"pool:{s}", (n,), True) for s, n in aids.pools)))
        names.update({f"pool:{s}": f"{word('free', lang)}: {n}" for s, n in aids.pools})
    if aids.dead:
        groups.append(BoxGroup(word("eliminated", lang), tuple(BoxSpec(f"dead:{s}", (n,), True) for s, n in aids.dead)))
        names.update({f"dead:{s}": f"{word('eliminated', lang)}: {n}" for s, n in aids.dead})
    display = layout_display(groups, width_mm=counter_mm * STANDALONE_BOXES * 1.7, counter_mm=counter_mm)
    size = (math.ceil(display.width_mm * scale), max(1, math.ceil(display.height_mm * scale)))
    regions = _regions(display, {**names, **{f"cup:{c}": n for c, n in aids.cups}}, scale, 0)
    decks = tuple(r for r in regions if r.key.startswith("cup:"))
    return BoardPlan(None, name, "map-module-boxes.png", size, "display",
                     regions=tuple(r for r in regions if r not in decks), decks=decks, display=display)


def plan_boards(game: Game, scale: float, aids: Aids) -> list[BoardPlan]:
    """Return every VASSAL map in order: content maps and displays as declared, then the module's board."""
    lang = game.game.languages[0]
    makers = {"hex": hex_board, "table": table_board, "display": display_board}
    boards = [makers[m.kind](m, game, scale, text_in(m.name, lang) or m.id) for m in game.maps.maps
              if m.kind != "hex" or m.grid is not None]
    if aids:
        boards.append(aids_board(game, aids, scale, word("aids", lang)))
    return boards
