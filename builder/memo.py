"""Work done once per game: what several emitters draw, or several checks read, is made on first use.

The counter sheets, setup cards, rulebook pictures and VASSAL pieces all draw the same faces; the
map's SVG and PDF the same sheets; the chart SVGs, cards and module the same charts; a dozen
reference checks walk the same list of references. Emitters and checks are pure functions of a
Game that never changes after load, so each such result is kept while that Game object lives. The
Game holds dicts and has no hash: results are keyed on its identity, checked through a weak
reference, and dropped when it is collected. What outlives one game (a drawing's compiled content
stream, a font subset's formatted objects) is kept in a bounded `Remembered`.
"""
from __future__ import annotations

import functools
import threading
import weakref
from collections import OrderedDict
from typing import Any, Callable, TypeVar

T = TypeVar("T")

_PLAIN = (str, int, float, bool, type(None))


def _key(value: Any) -> Any:
    """Return a hashable stand-in for an argument: plain values as they are, model objects by identity."""
    return value if isinstance(value, _PLAIN) else ("id", id(value))


def per_game(function: Callable[..., T]) -> Callable[..., T]:
    """Memoise `function(game, *args)` per game object; other arguments are plain values or parts of that game."""
    results: dict[int, tuple[weakref.ref, dict]] = {}
    lock = threading.Lock()

    def forget(key: int) -> Callable[[weakref.ref], None]:
        return lambda _: results.pop(key, None)

    @functools.wraps(function)
    def cached(game: Any, *args: Any, **kwargs: Any) -> T:
        key = (tuple(_key(a) for a in args), tuple(sorted((k, _key(v)) for k, v in kwargs.items())))
        with lock:
            entry = results.get(id(game))
            if entry is None or entry[0]() is not game:
                entry = (weakref.ref(game, forget(id(game))), {})
                results[id(game)] = entry
            if key in entry[1]:
                return entry[1][key][1]
        value = function(game, *args, **kwargs)
        with lock:
            # the arguments are kept with the value: while they live, no other object takes their id
            return entry[1].setdefault(key, ((args, kwargs), value))[1]

    return cached


class Remembered:
    """Values by key, the most recently stored kept: many small ones, and a few big ones apart (a map's
    content stream is megabytes), so that a long `sandtable watch` session holds a bounded amount."""

    def __init__(self, small: int, big: int = 4, big_from: int = 1 << 20) -> None:
        self.limits = (small, big)
        self.big_from = big_from
        self.tiers: tuple[OrderedDict, OrderedDict] = (OrderedDict(), OrderedDict())

    def get(self, key, default=None):
        """Return the value stored under `key`, or `default`."""
        for tier in self.tiers:
            found = tier.get(key, self)
            if found is not self:
                return found
        return default

    def put(self, key, value, size: int) -> None:
        """Store `value` (of about `size` bytes) under `key`, forgetting the oldest beyond the tier's limit."""
        index = int(size >= self.big_from)
        tier = self.tiers[index]
        tier[key] = value
        if len(tier) > self.limits[index]:
            tier.popitem(last=False)

    def clear(self) -> None:
        """Forget everything."""
        for tier in self.tiers:
            tier.clear()
