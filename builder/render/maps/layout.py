"""Blocks of drawing items with a size, and the ways a sheet puts them side by side."""
from __future__ import annotations

from dataclasses import dataclass

from builder.render.drawing import Group, Item, Text
from builder.render.fonts import text_width_mm


@dataclass(frozen=True)
class Block:
    """Items drawn in a box of width × height whose top-left corner is (0, 0)."""

    width_mm: float
    height_mm: float
    items: tuple[Item, ...]


def placed(block: Block, x_mm: float, y_mm: float) -> Group:
    """Return the block's items moved so its top-left corner is at (x_mm, y_mm)."""
    return Group(block.items, dx_mm=x_mm, dy_mm=y_mm)


def flow(blocks: list[Block], limit_mm: float, gap_mm: float, *, vertical: bool) -> Block:
    """Return blocks laid one after another, starting a new line (or column) past `limit_mm`."""
    items: list[Item] = []
    along = across = line_depth = 0.0
    width = height = 0.0
    for block in blocks:
        size, depth = (block.height_mm, block.width_mm) if vertical else (block.width_mm, block.height_mm)
        if along > 0 and along + size > limit_mm:
            across += line_depth + gap_mm
            along = line_depth = 0.0
        x, y = (across, along) if vertical else (along, across)
        items.append(placed(block, x, y))
        along += size + gap_mm
        line_depth = max(line_depth, depth)
        width, height = max(width, x + block.width_mm), max(height, y + block.height_mm)
    return Block(width, height, tuple(items))


def wrapped(text: str, size_mm: float, width_mm: float, *, font: str = "sans", bold: bool = False) -> list[str]:
    """Return `text` broken into lines at spaces so each fits `width_mm` where it can."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width_mm(f"{lines[-1]} {word}", size_mm, font, bold) <= width_mm:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


def text_lines(lines: list[str], x_mm: float, top_mm: float, size_mm: float, **style) -> list[Text]:
    """Return one Text per line, the first line's glyphs starting just below `top_mm`."""
    leading_mm = size_mm * 1.2
    return [Text(x_mm, top_mm + size_mm * 0.95 + i * leading_mm, line, size_mm, **style)
            for i, line in enumerate(lines)]
