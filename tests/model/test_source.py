"""Sources: content equality leaves them out."""
from __future__ import annotations

from pathlib import Path

from builder.model.game import Stacking
from builder.model.map import AxisNumbering
from builder.model.source import Location, Source


def test_where_a_mapping_was_read_is_no_part_of_its_content(tmp_path: Path) -> None:
    read = Stacking.model_validate({"__src__": Source(Location(tmp_path / "game.yaml", 4, 3))})
    assert read.src is not None
    assert read == Stacking() and read != Stacking(enemy_may_share=True)
    assert read.model_dump(mode="json", exclude_defaults=True) == {}
    numbering = AxisNumbering.model_validate({"__src__": Source(Location(tmp_path / "map.yaml", 9, 5))})
    assert numbering == AxisNumbering() and hash(numbering) == hash(AxisNumbering())
