"""Pausing Python's cyclic garbage collector around work that allocates many objects and no cycles."""
from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator

from builder.mechanisms import kept


@contextmanager
def collector_paused(*, freeze: bool = False) -> Iterator[None]:
    """Pause the cyclic garbage collector for a while (reference counting still frees nearly everything).

    Loading, checking and making a module each allocate millions of small objects (nodes, models,
    pieces, traits, drawings); every full collection walks every object alive, the loaded game included,
    and on a game of 10,000 counters those passes took about half the time. Whatever cycles are made
    meanwhile are collected once the collector runs again.

    With `freeze`, for what lives as long as the process (imported modules, registered fonts), every
    object tracked so far is moved out of the collector's sight first (gc.freeze): otherwise its next
    pass, soon after, walks them all once (0.02 s after the emitters' imports, 0.007 s after the models').
    """
    if not kept("collector"):
        yield
        return
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if freeze:
            gc.freeze()
        if was_on:
            gc.enable()
