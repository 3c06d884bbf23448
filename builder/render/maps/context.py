"""What the layers of one hex map read: the map, where its grid sits, terrain types and hex contents."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from builder.geometry.hexgrid import Hex
from builder.model.base import text_in
from builder.model.map import Map, Terrain
from builder.render.drawing import Item
from builder.render.maps.colour import darker, ink_of
from builder.render.maps.frame import HexContent, HexFrame
from builder.render.maps.symbols import drawn_symbol

CROWDED = 3
"""From this many symbols in one hex on, each is drawn smaller, side by side."""


def is_ring(symbol: str) -> bool:
    """Return whether a symbol is drawn as a ring around the hex rather than in its centre."""
    return symbol in ("fort", "fortification")


@dataclass(frozen=True)
class HexMapContext:
    """Everything the layers of one hex map read."""

    map: Map
    frame: HexFrame
    terrain: dict[str, Terrain]
    contents: dict[Hex, HexContent]
    lang: str
    root: Path | None = None
    """The game folder: where images named by the art and by terrain symbols are found."""
    memo: dict = field(default_factory=dict, compare=False, repr=False)
    """What several layers compute once: the hex numbers' places, the mask around them."""

    @property
    def hex_mm(self) -> float:
        """Return the hex size across flats."""
        return self.frame.grid.spec.hex_mm

    def order(self, terrain_id: str) -> int:
        """Return the terrain's position in the declared list (unknown ids last)."""
        ids = list(self.terrain)
        return ids.index(terrain_id) if terrain_id in ids else len(ids)

    def symbols(self, hex_: Hex) -> list[tuple[str, str, float]]:
        """Return (symbol, colour, width as a fraction of the hex) of every centre symbol in a hex: the base
        terrain's, then the overlays'."""
        content = self.contents.get(hex_)
        if content is None:
            return []
        found = []
        for index, terrain_id in enumerate((content.terrain, *content.overlays)):
            terrain = self.terrain.get(terrain_id)
            if terrain is None or not terrain.style.symbol or is_ring(terrain.style.symbol):
                continue
            colour = darker(terrain.style.fill, 0.55) if index == 0 else ink_of(terrain.style.fill)
            found.append((terrain.style.symbol, colour, terrain.style.symbol_size))
        return found

    def symbol_spots(self, hex_: Hex) -> list[tuple[str, str, float, float, float]]:
        """Return (symbol, colour, x, y, size) of each symbol of a hex, side by side across its centre."""
        symbols = self.symbols(hex_)
        x, y = self.frame.centre(hex_)
        crowded = len(symbols) >= CROWDED
        spots = []
        for k, (name, colour, fraction) in enumerate(symbols):
            size = self.hex_mm * (min(fraction, 0.28) if crowded else fraction)
            spacing = size * 1.05 if crowded else self.hex_mm * max(fraction, 0.36)
            spots.append((name, colour, x + (k - (len(symbols) - 1) / 2) * spacing, y, size))
        return spots

    def symbol_items(self, name: str, x: float, y: float, size: float, colour: str) -> list[Item]:
        """Return a symbol centred on (x, y): a built-in one, or the game's image (see symbols.drawn_symbol)."""
        return drawn_symbol(name, x, y, size, colour, self.root)

    def text(self, text: object) -> str:
        """Return printed text in the sheet's language."""
        return text_in(text, self.lang)
