"""Pausing Python's cyclic garbage collector around work that allocates many objects and no cycles."""
from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector for a while (reference counting still frees nearly everything).

    Loading, checking and making a module each allocate millions of small objects (nodes, models,
    pieces, traits, drawings); every full collection walks every object alive, the loaded game included,
    and on a game of 10,000 counters those passes took about half the time. Whatever cycles are made
    meanwhile are collected once the collector runs again.
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
