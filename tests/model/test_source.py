"""Sources: content equality leaves them out, and a game crosses to another process without them."""
from __future__ import annotations

import pickle
from pathlib import Path

from builder.load.game import load_game
from builder.model.game import Stacking
from builder.model.map import AxisNumbering
from builder.model.source import Location, Source, dumps_without_sources, loads_without_sources
from tests.conftest import CONTENT


def test_where_a_mapping_was_read_is_no_part_of_its_content(tmp_path: Path) -> None:
    read = Stacking.model_validate({"__src__": Source(Location(tmp_path / "game.yaml", 4, 3))})
    assert read.src is not None
    assert read == Stacking() and read != Stacking(enemy_may_share=True)
    assert read.model_dump(mode="json", exclude_defaults=True) == {}
    numbering = AxisNumbering.model_validate({"__src__": Source(Location(tmp_path / "map.yaml", 9, 5))})
    assert numbering == AxisNumbering() and hash(numbering) == hash(AxisNumbering())


def test_a_game_pickled_without_sources_is_the_same_content_in_fewer_bytes() -> None:
    game = load_game(CONTENT / "gazala-1942")
    data = dumps_without_sources(game)
    again = loads_without_sources(data)
    assert again.counters.units[0].src is None and game.counters.units[0].src is not None
    assert (again.game, again.counters, again.maps, again.charts) == (game.game, game.counters, game.maps, game.charts)
    assert again.scenarios == game.scenarios and again.rulebooks == game.rulebooks and again.layouts == game.layouts
    assert len(data) < len(pickle.dumps(game, pickle.HIGHEST_PROTOCOL)) * 0.6
