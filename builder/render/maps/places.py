"""Named places on a hex map: a marker by kind (unless a terrain symbol already marks the hex) and the name."""
from __future__ import annotations

from dataclasses import dataclass

from builder.model.map import Place
from builder.render.drawing import Item, Paint, Rect, Text
from builder.render.fonts import text_width_mm
from builder.render.maps.context import HexMapContext
from builder.render.maps.layout import wrapped
from builder.render.maps.symbols import PLACE_MARKERS

NAME_SIZE = 0.115
"""Height of place names as a fraction of the hex."""
NAME_INK = "#1d1a16"
NAME_BACKING = "#fffdf6"


def label_items(lines: list[str], x: float, top: float, size: float, *, bold: bool = True,
                within: tuple[float, float] | None = None) -> list[Item]:
    """Return centred lines of text on a pale rounded backing, the first line's top at `top`.

    `within` (left, right) moves the label sideways, if need be, to keep it between those x values.
    """
    leading = size * 1.18
    width = max(text_width_mm(line, size, "labels", bold) for line in lines)
    pad = size * 0.25
    if within is not None:
        left, right = within[0] + width / 2 + pad, within[1] - width / 2 - pad
        x = min(max(x, left), right) if left <= right else x
    items: list[Item] = [Rect(x - width / 2 - pad, top - pad * 0.6, width + 2 * pad, leading * len(lines) + pad,
                              Paint(fill=NAME_BACKING), radius_mm=pad)]
    for i, line in enumerate(lines):
        items.append(Text(x, top + size * 0.92 + i * leading, line, size, fill=NAME_INK, font="labels",
                          bold=bold, anchor="middle"))
    return items


@dataclass(frozen=True)
class PlaceMarks:
    """What a map prints for one place: its marker (if any) and its name on a backing."""

    place: Place
    marker: tuple[Item, ...]
    label: tuple[Item, ...]


def place_marks(ctx: HexMapContext) -> list[PlaceMarks]:
    """Return the marker and name of every place standing in a hex, in declared order."""
    found: list[PlaceMarks] = []
    size = ctx.hex_mm * NAME_SIZE
    for place in ctx.map.places:
        hex_ = ctx.frame.grid.find(place.hex) if place.hex else None
        if hex_ is None:
            continue
        x, y = ctx.frame.centre(hex_)
        symbol, colour = PLACE_MARKERS.get(place.kind, PLACE_MARKERS["other"])
        marker: list[Item] = []
        if place.kind == "objective":
            marker = symbol(x + ctx.hex_mm * 0.3, y - ctx.hex_mm * 0.06, ctx.hex_mm * 0.24, colour)
        elif not ctx.symbols(hex_):
            marker = symbol(x, y, ctx.hex_mm * 0.3, colour)
        lines = wrapped(ctx.text(place.name), size, ctx.hex_mm * 1.6, font="labels", bold=True)
        frame = ctx.frame
        label = label_items(lines, x, y + ctx.hex_mm * 0.2, size, within=(frame.rect[0], frame.rect[0] + frame.width_mm))
        found.append(PlaceMarks(place, tuple(marker), tuple(label)))
    return found


def place_items(ctx: HexMapContext) -> list[Item]:
    """Return the markers of every place, then their names (so no marker covers a name)."""
    marks = place_marks(ctx)
    return [item for m in marks for item in m.marker] + [item for m in marks for item in m.label]
