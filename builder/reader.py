"""The child that reads a build's games, which a build on several processes starts first.

`sandtable build` starts it once it has imported builder.build (builder/cli.py): the models, the emitter
table and the build's own modules, 0.2 s of CPU that the child inherits rather than imports again. It
reads the first game while the build imports the emitters and registers the fonts, each on its own core;
the build checks each game itself, while the game's first tasks run (builder/build.py). This module
imports nothing of sandtable's but the process plumbing, so that it can be started at any point for the
price of a fork.
"""
from __future__ import annotations

import functools
from pathlib import Path
from typing import Iterator

from builder.processes import Producer


def start_reader(paths: list[Path]) -> Producer:
    """Fork the child that reads the games at `paths` (builder/pipeline/checking.py `loaded_games`)."""
    return Producer(functools.partial(_read, list(paths)))


def _read(paths: list[Path]) -> Iterator[object]:
    from builder.collector import collector_paused

    with collector_paused(freeze=True):  # as builder/cli.py imports it
        from builder.pipeline.checking import loaded_games
    yield from loaded_games(paths)
