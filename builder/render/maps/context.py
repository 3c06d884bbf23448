"""What the layers of one hex map read: the map, where its grid sits, terrain types and hex contents."""
from __future__ import annotations

from dataclasses import dataclass

from shapely.geometry.base import BaseGeometry

from builder.geometry.hexgrid import Hex
from builder.geometry.polygons import hex_polygon
from builder.model.base import text_in
from builder.model.map import Map, Terrain
from builder.render.maps.frame import HexContent, HexFrame


@dataclass(frozen=True)
class HexMapContext:
    """Everything the layers of one hex map read."""

    map: Map
    frame: HexFrame
    terrain: dict[str, Terrain]
    contents: dict[Hex, HexContent]
    lang: str

    @property
    def hex_mm(self) -> float:
        """Return the hex size across flats."""
        return self.frame.grid.spec.hex_mm

    def polygon(self, hex_: Hex) -> BaseGeometry:
        """Return a hex's polygon on the sheet."""
        return hex_polygon(self.frame.grid, hex_, dx_mm=self.frame.x_mm, dy_mm=self.frame.y_mm)

    def order(self, terrain_id: str) -> int:
        """Return the terrain's position in the declared list (unknown ids last)."""
        ids = list(self.terrain)
        return ids.index(terrain_id) if terrain_id in ids else len(ids)

    def text(self, text: object) -> str:
        """Return printed text in the sheet's language."""
        return text_in(text, self.lang)
