"""Reading a drawing's items back in tests: every leaf item with where the groups around it move it."""
from __future__ import annotations

from builder.render.drawing import Group, Item


def placed_items(items: tuple[Item, ...], dx: float = 0.0, dy: float = 0.0) -> list[tuple[Item, float, float]]:
    """Return every item that is not a group, with the offset of the groups around it (none here is scaled)."""
    out: list[tuple[Item, float, float]] = []
    for item in items:
        if isinstance(item, Group):
            out += placed_items(item.items, dx + item.dx_mm, dy + item.dy_mm)
        else:
            out.append((item, dx, dy))
    return out
