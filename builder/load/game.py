"""Load a game folder into the Game model, gathering every load diagnostic before giving up."""
from __future__ import annotations

import dataclasses

from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from builder.load.counters_csv import read_counter_csv
from builder.load.errors import diagnostics_from
from builder.load.rulebook import read_rulebook
from builder.collector import collector_paused
from builder.load.yaml import LocatedDict, LocatedList, load_yaml
from builder.model.charts import ChartsFile
from builder.model.content import Game
from builder.model.counters import CountersFile
from builder.model.game import GameFile
from builder.model.map import MapFile
from builder.model.rulebook import Rulebook
from builder.model.scenario import Scenario
from builder.model.template import CounterLayout
from builder.diagnostics import ERROR, ContentError, Diagnostic, Location, Source

M = TypeVar("M", bound=BaseModel)

TEMPLATE_DIR = Path(__file__).resolve().parent.parent / "templates" / "counters"
"""sandtable's own counter layouts; a game's `layouts/*.yaml` add to them or replace one by id."""

FILE_MODELS: dict[str, type[BaseModel]] = {
    "game.yaml": GameFile,
    "counters.yaml": CountersFile,
    "map.yaml": MapFile,
    "charts.yaml": ChartsFile,
    "scenarios/*.yaml": Scenario,
}
"""Which model each content file is validated against (also the JSON Schema per file)."""


class _Gather:
    """Collects diagnostics from every file so that one run reports them all."""

    def __init__(self) -> None:
        self.problems: list[Diagnostic] = []

    def tree(self, path: Path) -> Any:
        try:
            return load_yaml(path)
        except ContentError as exc:
            if exc.usage:
                raise
            self.problems.extend(exc.diagnostics)
            return None

    def model(self, model: type[M], tree: Any, path: Path) -> M | None:
        if tree is None:
            return None
        if not isinstance(tree, dict):
            self.problems.append(Diagnostic(Location(path), "load/not-a-mapping", ERROR,
                                            "the file must hold a mapping (key: value lines) at the top",
                                            "start the file with its keys, e.g. `id: …`"))
            return None
        try:
            return model.model_validate(tree)
        except ValidationError as exc:
            self.problems.extend(diagnostics_from(exc, model, tree, Location(path)))
            return None

    def rulebook(self, folder: Path) -> Rulebook | None:
        try:
            return read_rulebook(folder)
        except ContentError as exc:
            self.problems.extend(exc.diagnostics)
            return None


def _with_csv_units(tree: Any, csv_path: Path, gather: _Gather) -> Any:
    """Append the units of counters.csv to the located counters tree."""
    try:
        extra = read_counter_csv(csv_path)
    except ContentError as exc:
        gather.problems.extend(exc.diagnostics)
        return tree
    if tree is None:
        tree = LocatedDict()
        tree.source = Source(Location(csv_path))
    units = LocatedList(tree.get("units", [])) + extra
    merged = LocatedList(units)
    old = tree.get("units")
    merged.at = old.at if isinstance(old, LocatedList) else Location(csv_path)
    merged.items = (old.items if isinstance(old, LocatedList) else ()) + tuple(u.source.at for u in extra)
    out = LocatedDict(tree)
    out["units"] = merged
    out.source = Source(tree.source.at, tree.source.keys, {**tree.source.values, "units": merged.at},
                        {**tree.source.items, "units": merged.items},
                        {key: child for key, child in tree.source.children.items() if key != "units"})
    return out


def find_game_folder(path: Path) -> Path:
    """Return the game folder for a path given on the command line (the folder or its game.yaml)."""
    if path.is_file() and path.name == "game.yaml":
        return path.parent
    if not path.exists():
        raise ContentError([Diagnostic(Location(path), "load/missing-path", ERROR, f"{path} does not exist",
                                       "give the path of a game folder (one holding game.yaml)")], usage=True)
    if not path.is_dir() or not (path / "game.yaml").exists():
        raise ContentError([Diagnostic(Location(path), "load/not-a-game", ERROR,
                                       f"{path} is not a game folder: it has no game.yaml",
                                       "give the path of a folder holding game.yaml")], usage=True)
    return path


def content_files(root: Path) -> list[Path]:
    """Return every file and folder of the game that load_game reads (those that exist)."""
    named = [root / name for name in ("game.yaml", "counters.yaml", "counters.csv", "map.yaml", "charts.yaml")]
    found = [path for path in named if path.exists()]
    for folder, pattern in (("scenarios", "*.yaml"), ("layouts", "*.yaml"), ("rules", "*/*.md")):
        if (root / folder).is_dir():
            found += [root / folder, *sorted((root / folder).glob(pattern))]
    if (root / "rules").is_dir():
        found += sorted(p for p in (root / "rules").iterdir() if p.is_dir())
    return found


def outside_game(root: Path) -> list[Diagnostic]:
    """Return an error for each content file or folder that leads outside the game folder (a link)."""
    home = root.resolve()
    problems = []
    for path in content_files(root):
        target = path.resolve()
        if target != home and home not in target.parents:
            shown = path.relative_to(root).as_posix()
            problems.append(Diagnostic(Location(path), "load/outside-game-folder", ERROR,
                                       f"{shown} leads outside the game folder, to {target}",
                                       "copy the file into the game folder instead of linking to it"))
    return problems


def _optional(gather: _Gather, model: type[M], path: Path, default: M) -> M | None:
    if not path.exists():
        return default
    return gather.model(model, gather.tree(path), path)


PRINT_OVERRIDES: dict[str, object] = {}
"""Print settings given on the command line (`sandtable build --press --dpi 600 --paper a3`), which replace
the game.yaml values of every game this process loads. The command sets them before any game is read, so
the processes it forks to read games inherit them."""


def load_game(path: Path) -> Game:
    """Return the game in folder `path` (with PRINT_OVERRIDES applied); raise ContentError with every load
    problem found."""
    with collector_paused():
        game = _load_game(path)
    return with_print_settings(game, PRINT_OVERRIDES) if PRINT_OVERRIDES else game


def with_print_settings(game: Game, settings: dict[str, object]) -> Game:
    """Return the game with some of its print settings replaced (values already checked by the caller)."""
    replaced = game.game.print.model_copy(update=settings)
    return dataclasses.replace(game, game=game.game.model_copy(update={"print": replaced}))


def _load_game(path: Path) -> Game:
    root = find_game_folder(path)
    escaping = outside_game(root)
    if escaping:
        raise ContentError(escaping)
    gather = _Gather()
    game = gather.model(GameFile, gather.tree(root / "game.yaml"), root / "game.yaml")
    counters_tree = gather.tree(root / "counters.yaml") if (root / "counters.yaml").exists() else None
    if (root / "counters.csv").exists():
        counters_tree = _with_csv_units(counters_tree, root / "counters.csv", gather)
    counters = gather.model(CountersFile, counters_tree, root / "counters.yaml") if counters_tree is not None \
        else CountersFile()
    maps = _optional(gather, MapFile, root / "map.yaml", MapFile(maps=[]))
    charts = _optional(gather, ChartsFile, root / "charts.yaml", ChartsFile())
    scenario_paths = sorted((root / "scenarios").glob("*.yaml")) if (root / "scenarios").is_dir() else []
    scenarios = [gather.model(Scenario, gather.tree(p), p) for p in scenario_paths]
    rules = root / "rules"
    lang_folders = sorted(p for p in rules.iterdir() if p.is_dir()) if rules.is_dir() else []
    rulebooks = [gather.rulebook(folder) for folder in lang_folders]
    layout_paths = sorted(TEMPLATE_DIR.glob("*.yaml")) + sorted((root / "layouts").glob("*.yaml"))
    layouts = [gather.model(CounterLayout, gather.tree(p), p) for p in layout_paths]
    if gather.problems:
        raise ContentError(sorted(gather.problems, key=Diagnostic.sort_key))
    return Game(root, game, counters, maps, charts, tuple(scenarios), tuple(rulebooks),
                {layout.id: layout for layout in layouts})
