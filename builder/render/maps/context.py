"""What the layers of one hex map read: the map, where its grid sits, terrain types and hex contents."""
from __future__ import annotations

from dataclasses import dataclass, field

from builder.geometry.hexgrid import Hex
from builder.model.base import text_in
from builder.model.map import Map, Terrain
from builder.render.maps.colour import darker, ink_of
from builder.render.maps.frame import HexContent, HexFrame


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

    def symbols(self, hex_: Hex) -> list[tuple[str, str]]:
        """Return (symbol, colour) of every centre symbol in a hex: the base terrain's, then the overlays'."""
        content = self.contents.get(hex_)
        if content is None:
            return []
        found = []
        for index, terrain_id in enumerate((content.terrain, *content.overlays)):
            terrain = self.terrain.get(terrain_id)
            if terrain is None or not terrain.style.symbol or is_ring(terrain.style.symbol):
                continue
            colour = darker(terrain.style.fill, 0.55) if index == 0 else ink_of(terrain.style.fill)
            found.append((terrain.style.symbol, colour))
        return found

    def text(self, text: object) -> str:
        """Return printed text in the sheet's language."""
        return text_in(text, self.lang)
