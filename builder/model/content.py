"""The whole game as one immutable model: what the checks and every emitter read."""

from dataclasses import dataclass, field
from pathlib import Path

from builder.model.charts import ChartsFile
from builder.model.counters import CountersFile
from builder.model.game import GameFile
from builder.model.map import MapFile
from builder.model.rulebook import Rulebook
from builder.model.scenario import Scenario
from builder.model.template import CounterLayout


@dataclass(frozen=True)
class Game:
    """One game: its settings, counters, maps, charts, scenarios and rulebooks."""

    root: Path
    game: GameFile
    counters: CountersFile
    maps: MapFile
    charts: ChartsFile
    scenarios: tuple[Scenario, ...]
    rulebooks: tuple[Rulebook, ...]
    layouts: dict[str, CounterLayout] = field(default_factory=dict)
    """Counter layouts by id: sandtable's templates, then the game's own `layouts/*.yaml`."""

    @property
    def id(self) -> str:
        """Return the game's id."""
        return self.game.id
