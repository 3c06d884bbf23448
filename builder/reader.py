"""The child that reads and checks a build's games, which a build on several processes starts first.

`sandtable build` starts it before importing the rest of sandtable (builder/cli.py): the child imports
the models and the loader itself and reads the first game while the build imports the emitters and
registers the fonts, each on its own core (a build that imported builder.build before forking it kept
the second core idle for those 0.2 s). This module imports nothing of sandtable's but the process
plumbing and the pickling of a game without its Sources, so that starting the child costs a fork.
"""
from __future__ import annotations

import functools
from pathlib import Path
from typing import Iterator

from builder.model.source import dumps_without_sources, loads_without_sources
from builder.processes import Producer


def start_reader(paths: list[Path]) -> Producer:
    """Fork the child that reads and checks the games at `paths` (builder/pipeline/checking.py `loaded_and_checked`)."""
    return Producer(functools.partial(_read, list(paths)), dumps=dumps_without_sources, loads=loads_without_sources)


def _read(paths: list[Path]) -> Iterator[object]:
    from builder.collector import collector_paused

    with collector_paused(freeze=True):  # as builder/cli.py imports it
        from builder.pipeline.checking import loaded_and_checked
    yield from loaded_and_checked(paths)
