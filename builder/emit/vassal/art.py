"""Every image of the module as a Drawing, and their PNGs: counter faces, boards, charts, the moved flag.

Faces come from the counter renderer, so a piece looks exactly like its printed counter; each distinct
face is rasterised once, all on one sheet (render/png.face_pngs). Boards and charts go through the PDF
backend and PDFium, much faster than resvg on a map's thousands of paths. The hex map's picture is
the printed sheet's hex map, moved (not the whole sheet with its title and key, so the board can be
cut tight around the hexes); `hex_map_drawing` is the one seam to it. Boards and faces share one scale,
so counters sit in hexes as on the table.
"""
from __future__ import annotations

from collections import Counter
from typing import Callable, Hashable, TypeVar, Union

import pypdfium2
from reportlab.lib.units import mm as PT_PER_MM

from builder.emit.vassal.about import ABOUT_DPI, about_drawing
from builder.emit.vassal.boards import BoardPlan
from builder.emit.vassal.combat import ATTACKER_IMAGE, DEFENDER_IMAGE, HELPER_IMAGE
from builder.emit.vassal.documents import ABOUT_IMAGE
from builder.emit.vassal.game_parts import chart_image
from builder.plan.vassal.pieces import FaceRecipe
from builder.emit.vassal.plan import ModulePlan
from builder.emit.vassal.raster import pages_pngs
from builder.emit.vassal.trait_kinds import MOVED_IMAGE
from builder.mechanisms import kept
from builder.model.content import Game
from builder.model.map import Map
from builder.model.units import MM_PER_INCH, parse_length_mm
from builder.render.charts import chart_drawing
from builder.model.base import text_in
from builder.render.counters import all_counters, marker_counters, marker_face, plain_face
from builder.render.drawing import Drawing, Group, Item, Paint, Rect, Text, circle
from builder.render.maps.frame import terrain_by_id
from builder.render.maps.sheet import map_sheets
from builder.render.maps.table import table_items
from builder.render.pdf import scratch_document
from builder.render.png import face_pngs, png_bytes

CHART_WIDTH_MM = 180.0
"""Width of a chart in its window: the text column of an A4 page."""
CHART_DPI = 96.0
MOVED_PX = 16
T = TypeVar("T")


def hex_map_drawing(game: Game, map_: Map, x_mm: float, y_mm: float, lang: str) -> list[Item]:
    """Return the picture of a hex map in `lang` with its grid's top-left corner at (x_mm, y_mm): the map seam.

    The very items of the printed sheet's hex map of that edition (`MapSheet.hex_map`, drawn once per game,
    language and process), moved from where the sheet has its grid: a build draws the map sheets before it
    forks the module's task and the map sheets' (pipeline/emitters.py SHARED_DRAWINGS), and drawing the map
    took a quarter of the module's work.
    """
    sheet = next(s for s in map_sheets(game, lang) if s.map_id == map_.id and s.frame is not None)
    return [Group(sheet.hex_map, dx_mm=x_mm - sheet.frame.x_mm, dy_mm=y_mm - sheet.frame.y_mm)]


def board_drawing(plan: ModulePlan, board: BoardPlan) -> Drawing:
    """Return a board's picture, exactly its pixel size at the module's scale."""
    game, scale = plan.game, plan.scale
    width, height = board.size_px[0] / scale, board.size_px[1] / scale
    items: list[Item] = [Rect(0, 0, width, height, Paint(fill="#ffffff"))]
    map_ = next((m for m in game.maps.maps if m.id == board.map_id), None)
    if board.hex is not None and map_ is not None:
        x, y = board.hex.offset_px
        items += hex_map_drawing(plan.printed, map_, x / scale, y / scale, plan.lang)
    if board.table_px is not None and map_ is not None:
        items += table_items(map_, terrain_by_id(game.maps.terrain), plan.lang, board.table_px[0] / scale,
                             board.table_px[1] / scale)
    if board.display is not None:
        items.append(Group(board.display.items, dy_mm=board.display_top_px / scale))
    return Drawing(width, height, tuple(items), title=board.name)


def face_drawings(game: Game, recipes: dict[str, FaceRecipe], lang: str) -> dict[str, Drawing]:
    """Return the drawing of every face image that has a recipe, its text in `lang` (the very faces the counter
    sheets of that edition print, drawn once per game and language)."""
    counters = {c.id: c for c in all_counters(game, lang)}
    markers = {m.id: m for m in game.counters.markers}
    found: dict[str, Drawing] = {}
    for image, (kind, source, face) in recipes.items():
        if kind == "counter" and source in counters:
            found[image] = (counters[source].front, counters[source].back)[face]
        elif kind == "marker" and source in markers:
            marker = markers[source]
            found[image] = marker_face(game, marker, face, lang) if face < len(marker.faces) \
                else marker_counters(game, marker, lang)[0].front
        elif kind == "mask" and source in markers:
            front = marker_face(game, markers[source], 0, lang)
            found[image] = Drawing(front.width_mm, front.height_mm, front.items[:1])
        elif kind == "hidden":
            found[image] = hidden_face(game, source, lang)
    return found


def hidden_face(game: Game, nationality: str, lang: str) -> Drawing:
    """Return what the other side sees of a hidden unit: a plain face in its colours with its side's name."""
    side = next((n.side for n in game.game.nationalities if n.id == nationality), None)
    name = next((text_in(s.name, lang) for s in game.game.sides if s.id == side), "")
    return plain_face(game, nationality, label=name)


def combat_drawings(game: Game) -> dict[str, Drawing]:
    """Return the combat helper's pictures: a red frame with A (attacker) and a blue one with D (defender), open in
    the middle so the unit shows through, and the helper piece's face."""
    side = parse_length_mm(game.game.print.counter_size)
    found = {}
    for image, colour, letter in ((ATTACKER_IMAGE, "#c62828", "A"), (DEFENDER_IMAGE, "#1565c0", "D")):
        found[image] = Drawing(side, side, (
            Rect(side * 0.04, side * 0.04, side * 0.92, side * 0.92, Paint(stroke=colour, stroke_mm=side * 0.08)),
            circle(side * 0.82, side * 0.18, side * 0.16, Paint(fill=colour)),
            Text(side * 0.82, side * 0.25, letter, side * 0.2, "#ffffff", "sans", True, "middle")))
    found[HELPER_IMAGE] = Drawing(side, side, (
        Rect(0, 0, side, side, Paint(fill="#fffdf6", stroke="#2a2a2a", stroke_mm=side * 0.04)),
        Text(side / 2, side * 0.45, "A : D", side * 0.22, "#c62828", "sans", True, "middle"),
        Text(side / 2, side * 0.8, "CRT", side * 0.22, "#1565c0", "sans", True, "middle")))
    return found


def moved_flag(scale: float) -> Drawing:
    """Return the small flag a moved piece shows."""
    side = MOVED_PX / scale
    return Drawing(side, side, (circle(side / 2, side / 2, side * 0.4,
                                       Paint(fill="#f2a900", stroke="#2a2a2a", stroke_mm=side * 0.08)),))


def drawings(plan: ModulePlan) -> tuple[dict[str, Drawing], dict[str, tuple[Drawing, float]]]:
    """Return the small images (faces, the moved flag) and the large ones (boards, charts, the About screen)
    with their dpi."""
    dpi = plan.scale * MM_PER_INCH
    used = {image for p in plan.pieces for image in (*p.images, p.mask, plan.play_of(p).mask_image) if image}
    faces = face_drawings(plan.printed, {k: v for k, v in plan.recipes.items() if k in used}, plan.lang)
    faces[MOVED_IMAGE] = moved_flag(plan.scale)
    large = {b.image: (board_drawing(plan, b), dpi) for b in plan.boards}
    large.update({chart_image(c.id): (chart_drawing(plan.printed, c, plan.lang, width_mm=CHART_WIDTH_MM), CHART_DPI)
                  for c in plan.game.charts.charts})
    large[ABOUT_IMAGE] = (about_drawing(plan.game, plan.version), ABOUT_DPI)
    return faces, large


def pdf_pngs(jobs: list[tuple[Drawing, float]]) -> list[bytes]:
    """Return large drawings (at their dpi) as PNG bytes: one PDF page each, rasterised by PDFium.

    Several times faster than resvg on a map's thousands of paths; one document for all of them, so
    the fonts are embedded once. Each picture is cut to exactly its size in whole pixels and rendered a
    strip at a time (raster.pages_pngs), so a board of any size takes bounded memory. Pictures of one
    size that begin with the same items (a board in each language: the same terrain, grid and art, other
    names) have those items drawn once, on a page of their own under the rest (`common_items`): a board
    of next-war or magersfontein took some 0.17 s of CPU to draw in each language.
    """
    if not jobs:
        return []
    families = _families(jobs)
    document = pypdfium2.PdfDocument(scratch_document([d for under, tops, _, _ in families
                                                       for d in ([under] if under else []) + tops]))
    out: dict[int, bytes] = {}
    at = 0
    for under, tops, dpi, indices in families:
        px_per_mm = dpi / MM_PER_INCH
        size = (max(1, round(tops[0].width_mm * px_per_mm)), max(1, round(tops[0].height_mm * px_per_mm)))
        pages = [document[at + n] for n in range(len(tops) + bool(under))]
        at += len(pages)
        out.update(zip(indices, pages_pngs(pages[bool(under):], px_per_mm / PT_PER_MM, *size,
                                           under=pages[0] if under else None)))
        for page in pages:
            page.close()
    document.close()
    return [out[n] for n in range(len(jobs))]


Family = tuple[Union[Drawing, None], list[Drawing], float, list[int]]


def _families(jobs: list[tuple[Drawing, float]]) -> list[Family]:
    """Return the jobs as families of pictures drawn together, those of one size and dpi in one: the items
    they begin with (None: each drawn alone), each picture's other items, their dpi and their jobs' indices."""
    by_size: dict[tuple[float, float, float], list[int]] = {}
    for index, job in enumerate(jobs):
        by_size.setdefault(_job_size(job), []).append(index)
    families: list[Family] = []
    for (width, height, dpi), indices in by_size.items():
        drawings = [jobs[n][0] for n in indices]
        shared = len(drawings) > 1 and kept("once")
        common, rests = common_items([d.items for d in drawings]) if shared else ((), [])
        if not common:
            families += [(None, [d], dpi, [n]) for d, n in zip(drawings, indices)]
            continue
        families.append((Drawing(width, height, common),
                         [Drawing(width, height, rest, title=d.title) for d, rest in zip(drawings, rests)], dpi,
                         indices))
    return families


def common_items(lists: list[tuple[Item, ...]]) -> tuple[tuple[Item, ...], list[tuple[Item, ...]]]:
    """Return the items every list begins with and the rest of each list, looking into groups that differ
    only in their items: drawn first the common items, then each rest, give each list's picture."""
    common: list[Item] = []
    for position, first in enumerate(lists[0][:min(map(len, lists))]):
        others = [items[position] for items in lists[1:]]
        if all(other is first or (type(other) is type(first) and other == first) for other in others):
            common.append(first)
            continue
        if type(first) is Group and all(type(other) is Group and other._replace(items=()) == first._replace(items=())
                                        for other in others):
            inside, rests = common_items([items[position].items for items in lists])
            if inside:
                common.append(first._replace(items=inside))
                return tuple(common), [(items[position]._replace(items=rest), *items[position + 1:])
                                       for items, rest in zip(lists, rests)]
        break
    return tuple(common), [items[len(common):] for items in lists]


def _size(drawing: Drawing) -> tuple[float, float]:
    return drawing.width_mm, drawing.height_mm


def _job_size(job: tuple[Drawing, float]) -> tuple[float, float, float]:
    return job[0].width_mm, job[0].height_mm, job[1]


def _distinct(values: list[T], size: Callable[[T], Hashable]) -> tuple[list[T], list[int]]:
    """Return the distinct values in first-seen order and each value's index among them.

    Drawings are frozen dataclasses whose hash walks every item (a board's, thousands), so a value is
    hashed only when another value has its size, and then once (identical objects skip even that)
    rather than at every dictionary look-up; a value alone at its size is distinct as it is.
    """
    shared = {key for key, count in Counter(map(size, values)).items() if count > 1}
    by_identity: dict[int, int] = {}
    by_value: dict[T, int] = {}
    distinct: list[T] = []
    slots = []
    for value in values:
        slot = by_identity.get(id(value))
        if slot is None:
            slot = by_value.setdefault(value, len(distinct)) if size(value) in shared else len(distinct)
            if slot == len(distinct):
                distinct.append(value)
            by_identity[id(value)] = slot
        slots.append(slot)
    return distinct, slots


def render_pngs(faces: dict[str, Drawing], large: dict[str, tuple[Drawing, float]], scale: float
                ) -> dict[str, bytes]:
    """Return every image as PNG bytes: each distinct counter face once (one sheet for all), the rest one by one."""
    drawn, face_slots = _distinct(list(faces.values()), _size)
    sizes = Counter(map(_size, faces.values()))
    counter_size = sizes.most_common(1)[0][0] if sizes else (1.0, 1.0)
    same = [n for n, d in enumerate(drawn) if _size(d) == counter_size]
    rendered = dict(zip(same, face_pngs([drawn[n] for n in same], px=max(1, round(counter_size[0] * scale)))))
    for n, drawing in enumerate(drawn):
        if n not in rendered:
            rendered[n] = png_bytes(drawing, dpi=scale * MM_PER_INCH)
    jobs, job_slots = _distinct(list(large.values()), _job_size)
    pictures = pdf_pngs(jobs)
    return {**{name: rendered[n] for name, n in zip(faces, face_slots)},
            **{name: pictures[n] for name, n in zip(large, job_slots)}}
