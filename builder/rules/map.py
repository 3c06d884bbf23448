"""Checks on maps: hexes on the grid, terrain on every hex, hexsides, paths, labels, places."""
from __future__ import annotations

from collections import Counter
from typing import Iterator

from builder.model.content import Game
from builder.diagnostics import WARNING, Finding, Location, location_of
from builder.rules.index import Index, MapIndex
from builder.rules.registry import check


def _grid_hint(m: MapIndex) -> str:
    labels = m.grid.labels()
    return f"hexes on this map run from {labels[0]} to {labels[-1]}"


def _hex_at(m: MapIndex, label: str) -> Location:
    """Return where a hex's terrain is written: its entry in `hexes`, else `default_terrain`."""
    if label in m.map.hexes and m.map.src is not None:
        return m.map.src.child("hexes").value(label)
    return location_of(m.map, "default_terrain")


def _hex_sites(m: MapIndex) -> Iterator[tuple[str, Location, str]]:
    """Yield (label, where, what) for every hex a map's own content names."""
    map_ = m.map
    for label in map_.hexes:
        yield label, map_.src.child("hexes").key(label) if map_.src else location_of(map_), "a terrain entry"
    for side in map_.hexsides:
        for i, label in enumerate(side.between):
            yield label, side.src.item("between", i) if side.src else location_of(side), "a hexside"
    for path in map_.paths:
        for i, label in enumerate(path.hexes):
            yield label, path.src.item("hexes", i) if path.src else location_of(path), "a path"
    for place in map_.places:
        if place.hex is not None:
            yield place.hex, location_of(place, "hex"), f'place "{place.id}"'
    for edge in map_.edges:
        for i, label in enumerate(edge.hexes):
            yield label, edge.src.item("hexes", i) if edge.src else location_of(edge), f'edge "{edge.id}"'


@check("map/hex-off-grid")
def hexes_off_grid(game: Game, ix: Index) -> Iterator[Finding]:
    """Every hex a map names (terrain, hexside, path, place, edge, zone) is on its grid.

    Why: a hex id that the grid does not print cannot be found by players or placed in VASSAL.
    Fails:  grid: {columns: 20, rows: 20}; hexes: {2101: open}
    Passes: hexes: {2001: open}
    """
    for m in ix.hex_maps():
        for label, at, what in _hex_sites(m):
            if m.grid.find(label) is None:
                yield Finding(at, f'{what} names hex "{label}", which is not on map "{m.map.id}"',
                              _grid_hint(m), subject=label)
        for zone in m.map.zones:
            for i, label in enumerate(zone.hexes):
                if m.expand(label) is None:
                    at = zone.src.item("hexes", i) if zone.src else location_of(zone)
                    yield Finding(at, f'zone "{zone.id}" names hex "{label}", which is not on map "{m.map.id}"',
                                  _grid_hint(m) + "; a block is written corner-corner", subject=label)


@check("map/hex-without-terrain")
def hexes_without_terrain(game: Game, ix: Index) -> Iterator[Finding]:
    """Every hex of a hex map has a terrain, given in `hexes` or by `default_terrain`.

    Why: a hex without terrain prints blank and has no movement cost.
    Fails:  a 20×20 map with 399 entries in `hexes` and no `default_terrain`
    Passes: default_terrain: open
    """
    for m in ix.hex_maps():
        missing = [label for label in m.grid.labels() if label not in m.terrain]
        if missing:
            shown = ", ".join(missing[:8]) + (f" and {len(missing) - 8} more" if len(missing) > 8 else "")
            yield Finding(location_of(m.map, "hexes"), f'{len(missing)} hex(es) of map "{m.map.id}" have no '
                          f"terrain: {shown}", "list them in `hexes` or set `default_terrain`",
                          subject=m.map.id)


@check("map/terrain-kind-mismatch")
def terrain_kind_mismatches(game: Game, ix: Index) -> Iterator[Finding]:
    """Hex terrain is of kind hex, overlays of kind overlay, hexside features hexside, paths path.

    Why: a road drawn as a hex fill, or a river filling a hex, draws wrongly and costs wrongly.
    Fails:  hexes: {0101: road} where road is `kind: path`
    Passes: paths: [{feature: road, hexes: [0101, 0102]}]
    """
    for m in ix.hex_maps():
        for label, hex_terrain in m.terrain.items():
            expected = ["hex"] + ["overlay"] * len(hex_terrain.overlays)
            for name, kind in zip(hex_terrain.all(), expected):
                terrain = ix.terrain.get(name)
                if terrain is not None and terrain.kind != kind and not (kind == "overlay" and terrain.kind == "hex"):
                    yield Finding(_hex_at(m, label),
                                  f'hex {label} uses "{name}" as {kind} terrain, but it is of kind {terrain.kind}',
                                  "use hexside features in `hexsides` and paths in `paths`", subject=label)
        for item, name, kind in [(s, s.feature, "hexside") for s in m.map.hexsides] + \
                                [(p, p.feature, "path") for p in m.map.paths]:
            terrain = ix.terrain.get(name)
            if terrain is not None and terrain.kind != kind:
                yield Finding(location_of(item, "feature"), f'"{name}" is used as a {kind} but is of kind '
                              f"{terrain.kind}", f"give it `kind: {kind}` or use another feature", subject=name)


@check("map/hexside-not-adjacent")
def hexsides_not_adjacent(game: Game, ix: Index) -> Iterator[Finding]:
    """A hexside feature lies between two adjacent hexes.

    Why: a river between hexes that do not touch cannot be drawn and blocks nothing.
    Fails:  hexsides: [{between: [0101, 0103], feature: river}]
    Passes: hexsides: [{between: [0101, 0102], feature: river}]
    """
    for m in ix.hex_maps():
        for side in m.map.hexsides:
            a, b = (m.grid.find(label) for label in side.between)
            if a and b and b not in m.grid.neighbours(a):
                yield Finding(location_of(side, "between"), f"hexes {side.between[0]} and {side.between[1]} are "
                              "not adjacent, so they share no side", "name two hexes that touch",
                              subject=f"{side.between[0]}-{side.between[1]}")


@check("map/path-not-contiguous")
def paths_not_contiguous(game: Game, ix: Index) -> Iterator[Finding]:
    """Each hex of a road, track or railway is adjacent to the one before it.

    Why: a gap in a road draws a jump and lets units teleport at road rates.
    Fails:  paths: [{feature: road, hexes: [0101, 0103]}]
    Passes: paths: [{feature: road, hexes: [0101, 0102, 0103]}]
    """
    for m in ix.hex_maps():
        for path in m.map.paths:
            for i, (first, second) in enumerate(zip(path.hexes, path.hexes[1:]), start=1):
                a, b = m.grid.find(first), m.grid.find(second)
                if a and b and b not in m.grid.neighbours(a):
                    yield Finding(path.src.item("hexes", i) if path.src else location_of(path),
                                  f"the {path.feature} jumps from {first} to {second}, which are not adjacent",
                                  "list every hex the path passes through", subject=f"{first}-{second}")


@check("map/path-dead-end", severity=WARNING)
def path_dead_ends(game: Game, ix: Index) -> Iterator[Finding]:
    """A road or track ends at a map edge, a place, or another path, not in the middle of nowhere.

    Why: a road that stops in open desert is usually a transcription slip.
    Fails:  a road ending in hex 1010 with no place, edge or other path there
    Passes: a road ending at Tobruk's hex
    """
    for m in ix.hex_maps():
        places = {p.hex for p in m.map.places}
        for path in m.map.paths:
            others = {h for p in m.map.paths if p is not path for h in p.hexes}
            for index in (0, len(path.hexes) - 1):
                label = path.hexes[index]
                hex_ = m.grid.find(label)
                if hex_ is None or label in places or label in others or len(m.grid.neighbours(hex_)) < 6:
                    continue
                yield Finding(path.src.item("hexes", index) if path.src else location_of(path),
                              f"the {path.feature} ends in hex {label}, away from any edge, place or other path",
                              "extend it to where it really ends, or add the place it leads to", subject=label)


@check("map/hex-count")
def hex_counts(game: Game, ix: Index) -> Iterator[Finding]:
    """The number of hexes the source states equals the grid's.

    Why: the source's count is the quickest proof that the grid was transcribed right.
    Fails:  hex_count: 400 with a 20×21 grid
    Passes: hex_count: 400 with a 20×20 grid
    """
    for m in ix.hex_maps():
        count = len(m.grid.labels())
        if m.map.hex_count is not None and m.map.hex_count != count:
            yield Finding(location_of(m.map, "hex_count"), f"the source states {m.map.hex_count} hexes, the grid "
                          f"has {count}", "correct `columns`/`rows` or `hex_count`", subject=m.map.id)


@check("map/ambiguous-label")
def ambiguous_labels(game: Game, ix: Index) -> Iterator[Finding]:
    """The numbering scheme gives every hex a label of its own.

    Why: two hexes printed with one number cannot both be found by id.
    Fails:  numbering: {column: {digits: 1}} with 12 columns and `separator: ""` (1 11 vs 11 1)
    Passes: numbering: {column: {digits: 2}}
    """
    for m in ix.hex_maps():
        counts = Counter(m.grid.label(h) for h in m.grid.all_hexes())
        repeated = sorted(label for label, n in counts.items() if n > 1)
        if repeated:
            yield Finding(location_of(m.map.grid, "numbering"), f'{len(repeated)} label(s) stand on more than one '
                          f'hex, e.g. "{repeated[0]}"', "add digits or a separator to the numbering",
                          subject=m.map.id)


@check("map/piece-off-table")
def pieces_off_table(game: Game, ix: Index) -> Iterator[Finding]:
    """A terrain piece of a gridless table lies on the table.

    Why: a wood placed beyond the edge is not printed and not in the module.
    Fails:  size_in: [72, 48]; pieces: [{at_in: [80, 10], size_in: [6, 6], …}]
    Passes: pieces: [{at_in: [20, 10], size_in: [6, 6], …}]
    """
    for map_ in game.maps.maps:
        if map_.kind != "table" or map_.size_in is None:
            continue
        width, depth = map_.size_in
        for piece in map_.pieces:
            points = list(piece.points_in) or [piece.at_in]
            if piece.size_in:
                x, y = piece.at_in
                points.append((x + piece.size_in[0], y + piece.size_in[1]))
            if any(not (0 <= x <= width and 0 <= y <= depth) for x, y in points):
                yield Finding(location_of(piece, "at_in"), f'piece "{piece.id}" reaches beyond the {width:g}×{depth:g} '
                              "inch table", "move it onto the table", subject=piece.id)


@check("map/duplicate-hexside", severity=WARNING)
def duplicate_hexsides(game: Game, ix: Index) -> Iterator[Finding]:
    """A hexside feature is listed once per side, whichever of its two hexes is named first.

    Why: a river listed twice (0201|0202 and 0202|0201) is drawn twice and may be counted twice.
    Fails:  hexsides: [{between: [0201, 0202], feature: river}, {between: [0202, 0201], feature: river}]
    Passes: hexsides: [{between: [0201, 0202], feature: river}, {between: [0201, 0202], feature: level-edge}]
    """
    for m in ix.hex_maps():
        seen: dict[tuple, int] = {}
        for side in m.map.hexsides:
            a, b = (m.grid.find(label) for label in side.between)
            identity = m.grid.hexside_between(a, b) if a and b else None
            if identity is None:
                continue
            key = (identity, side.feature)
            if key in seen:
                yield Finding(location_of(side, "between"), f'the {side.feature} on hexside {m.grid.hexside_id(identity)} '
                              f"is already listed at line {seen[key]}", "list each hexside feature once",
                              subject=m.grid.hexside_id(identity))
            else:
                seen[key] = side.src.at.line if side.src else 0


def _on_side(m: MapIndex, label: str, side_of_map: str) -> bool:
    hex_ = m.grid.find(label)
    spec = m.grid.spec
    return hex_ is not None and {"west": hex_.col == 0, "east": hex_.col == spec.columns - 1,
                                 "north": hex_.row == 0, "south": hex_.row == spec.rows - 1}[side_of_map]


@check("map/edge-hex-not-on-edge")
def edge_hexes_not_on_edge(game: Game, ix: Index) -> Iterator[Finding]:
    """The hexes an edge lists lie on that edge of the map.

    Why: units enter and trace supply through the edge's hexes; one in the middle of the map is a slip.
    Fails:  edges: [{id: west, side_of_map: west, hexes: ["0305"]}]
    Passes: edges: [{id: west, side_of_map: west, hexes: ["0105"]}]
    """
    for m in ix.hex_maps():
        for edge in m.map.edges:
            for i, label in enumerate(edge.hexes):
                if m.grid.find(label) is not None and not _on_side(m, label, edge.side_of_map):
                    yield Finding(edge.src.item("hexes", i) if edge.src else location_of(edge),
                                  f'edge "{edge.id}" lists hex {label}, which is not on the {edge.side_of_map} '
                                  "edge of the map", f"name a hex of the outermost {edge.side_of_map} row or column",
                                  subject=label)


@check("map/track-without-boxes", severity=WARNING)
def tracks_without_boxes(game: Game, ix: Index) -> Iterator[Finding]:
    """A printed track has boxes; only a turn track may leave them to the turn structure.

    Why: a track without boxes prints as a bare title, with nowhere to put a marker.
    Fails:  tracks: [{id: vp, name: Victory points, kind: vp}]
    Passes: tracks: [{id: turns, name: Turns, kind: turn}] with `turns: {count: 6}` in game.yaml
    """
    turns = game.game.turns.turn_count()
    for map_ in game.maps.maps:
        for track in map_.tracks:
            if track.boxes or (track.kind == "turn" and turns):
                continue
            why = "the game has no turns to take them from" if track.kind == "turn" else "it lists no boxes"
            yield Finding(location_of(track), f'track "{track.id}" prints no boxes: {why}',
                          "list its boxes, or give game.yaml `turns` a count or dates", subject=track.id)


@check("map/place-without-position", severity=WARNING)
def places_without_position(game: Game, ix: Index) -> Iterator[Finding]:
    """A place on a hex map names its hex; a place on a gridless table gives `at_in`.

    Why: a place without a position cannot be printed on the map or found by a setup.
    Fails:  places: [{id: ville, name: Ville}] on a hex map
    Passes: places: [{id: ville, name: Ville, hex: "0402"}]
    """
    for map_ in game.maps.maps:
        needed = {"hex": "hex", "table": "at_in"}.get(map_.kind)
        for place in map_.places:
            if needed and getattr(place, needed) is None:
                yield Finding(location_of(place), f'place "{place.id}" on map "{map_.id}" has no `{needed}`',
                              f"give its `{needed}`", subject=place.id)


@check("map/place-off-table")
def places_off_table(game: Game, ix: Index) -> Iterator[Finding]:
    """A place on a gridless table lies on the table.

    Why: an objective beyond the table edge is not printed and cannot be taken.
    Fails:  size_in: [72, 48]; places: [{id: obj, at_in: [80, 24], …}]
    Passes: places: [{id: obj, at_in: [36, 24], …}]
    """
    for map_ in game.maps.maps:
        if map_.kind != "table" or map_.size_in is None:
            continue
        width, depth = map_.size_in
        for place in map_.places:
            if place.at_in and not (0 <= place.at_in[0] <= width and 0 <= place.at_in[1] <= depth):
                yield Finding(location_of(place, "at_in"), f'place "{place.id}" at {place.at_in[0]:g}, '
                              f'{place.at_in[1]:g} inches lies beyond the {width:g}×{depth:g} inch table',
                              "move it onto the table", subject=place.id)
