"""Boxes and tracks laid out for a VASSAL board: a drawing, and the centre of every box in millimetres.

VASSAL needs to know where each box is to name it (a Region) and to put pieces in it, so the module
draws its own simple boxes rather than reading positions out of a printed sheet: track after track,
each a title above rows of boxes sized for the game's counters.
"""
from __future__ import annotations

from dataclasses import dataclass

from builder.render.drawing import Item, Paint, Rect, Text
from builder.render.maps.layout import text_lines, wrapped
from builder.render.maps.tracks import box_picture

INK = "#2a2a2a"
BOX_FILL = "#fffdf6"
VALUE_BOX = 1.5
"""A track box, as a multiple of the counter side."""
HOLDING_BOX = (3.2, 2.1)
"""Width and height of a holding box (or cup), as multiples of the counter side."""
GAP = 0.2
"""Space between boxes and around tracks, as a multiple of the counter side."""
TITLE = 0.3
"""Height of a track's title text, as a multiple of the counter side."""


@dataclass(frozen=True)
class BoxSpec:
    """One box to draw: a key for it, its caption lines, and whether it holds a stack (a wider box)."""

    key: str
    captions: tuple[str, ...]
    holding: bool = False
    image: str = ""
    """The file of the box's picture, as the printed box shows it, or ""."""


@dataclass(frozen=True)
class BoxGroup:
    """A track or group of boxes: title, outline colour and boxes in order."""

    title: str
    boxes: tuple[BoxSpec, ...]
    colour: str = INK


@dataclass(frozen=True)
class Spot:
    """Where one box ended up: its key and its rectangle in millimetres."""

    key: str
    x_mm: float
    y_mm: float
    w_mm: float
    h_mm: float

    @property
    def centre_mm(self) -> tuple[float, float]:
        """Return the box's centre."""
        return self.x_mm + self.w_mm / 2, self.y_mm + self.h_mm / 2


@dataclass(frozen=True)
class Display:
    """Laid-out boxes: the drawing's size and items, and every box's spot."""

    width_mm: float
    height_mm: float
    items: tuple[Item, ...]
    spots: tuple[Spot, ...]


def _box_size(box: BoxSpec, counter_mm: float) -> tuple[float, float]:
    if box.holding:
        return HOLDING_BOX[0] * counter_mm, HOLDING_BOX[1] * counter_mm
    return VALUE_BOX * counter_mm, VALUE_BOX * counter_mm


def _box_items(box: BoxSpec, spot: Spot, colour: str, counter_mm: float) -> list[Item]:
    items: list[Item] = [Rect(spot.x_mm, spot.y_mm, spot.w_mm, spot.h_mm,
                              Paint(fill=BOX_FILL, stroke=colour, stroke_mm=0.35)),
                         *box_picture(box.image, spot.x_mm, spot.y_mm, spot.w_mm, spot.h_mm)]
    size = counter_mm * (0.17 if box.holding else 0.2)
    lines = [line for caption in box.captions for line in wrapped(caption, size, spot.w_mm - 1.0, font="condensed")]
    items += text_lines(lines[:3], spot.x_mm + spot.w_mm / 2, spot.y_mm + 0.4, size, fill=INK, font="condensed",
                        anchor="middle")
    return items


def _group_items(group: BoxGroup, top_mm: float, width_mm: float, counter_mm: float
                 ) -> tuple[list[Item], list[Spot], float]:
    """Return one group's items and spots, starting at `top_mm`, and where the next group starts."""
    gap, title_mm = GAP * counter_mm, TITLE * counter_mm
    items: list[Item] = [Text(gap, top_mm + title_mm, group.title, title_mm, fill=group.colour, bold=True)]
    x, y, row_h = gap, top_mm + title_mm * 1.4, 0.0
    spots: list[Spot] = []
    for box in group.boxes:
        w, h = _box_size(box, counter_mm)
        if x > gap and x + w > width_mm - gap:
            x, y, row_h = gap, y + row_h + gap, 0.0
        spot = Spot(box.key, x, y, w, h)
        spots.append(spot)
        items += _box_items(box, spot, group.colour, counter_mm)
        x, row_h = x + w + gap, max(row_h, h)
    return items, spots, y + row_h + 2 * gap


def layout_display(groups: list[BoxGroup], *, width_mm: float, counter_mm: float) -> Display:
    """Return the groups laid out top to bottom within `width_mm` (wider if one box needs it)."""
    widest = max((_box_size(b, counter_mm)[0] for g in groups for b in g.boxes), default=0.0)
    width = max(width_mm, widest + 2 * GAP * counter_mm)
    items: list[Item] = [Rect(0, 0, width, 1, Paint(fill="#ffffff"))]
    spots: list[Spot] = []
    top = 0.0
    for group in groups:
        group_items, group_spots, top = _group_items(group, top, width, counter_mm)
        items += group_items
        spots += group_spots
    items[0] = Rect(0, 0, width, top, Paint(fill="#f4f1e8"))
    return Display(width, top, tuple(items), tuple(spots))
