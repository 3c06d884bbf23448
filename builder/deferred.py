"""Regular expressions that a third-party module compiles as it is imported, compiled when first used instead.

Two modules a build imports compile, at import, a pattern that sandtable never or rarely uses:
reportlab's `platypus.paragraph` a URL matcher for hyphenating links (case-insensitive ranges up to
U+FFFF: 0.03 s to compile, a fiftieth of next-war's cold build), and PyYAML's `reader` the test for
unprintable characters of its Python parser (0.01 s, in the reading child, before the first game is
read), which only a file libyaml refuses goes through. While such a module is imported, `re.compile`
called from its own top level hands back a `Deferred` pattern, which compiles the real one on its
first attribute (`.match`, `.search`, …). Patterns the module takes a method of at import (`re.compile
(…).split`) are compiled at once, as before; other modules' patterns are untouched.
"""
from __future__ import annotations

import re
import sys
from contextlib import contextmanager
from typing import Any, Iterator

from builder.mechanisms import kept


class Deferred:
    """A compiled pattern made on first use: every attribute is the real pattern's."""

    __slots__ = ("_source", "_flags", "_pattern")

    def __init__(self, source: str | bytes, flags: int) -> None:
        self._source, self._flags, self._pattern = source, flags, None

    def __getattr__(self, name: str) -> Any:
        pattern = self._pattern
        if pattern is None:
            pattern = self._pattern = _compile(self._source, self._flags)
        return getattr(pattern, name)

    def __repr__(self) -> str:
        return f"Deferred({self._source!r}, {self._flags!r})"


_compile = re.compile


@contextmanager
def compiled_on_first_use(module: str) -> Iterator[None]:
    """While this block imports `module`, its top-level `re.compile` calls return Deferred patterns."""
    def deferring(source: str | bytes, flags: int = 0) -> Any:
        caller = sys._getframe(1).f_globals.get("__name__")
        return Deferred(source, flags) if caller == module else _compile(source, flags)

    if module in sys.modules or re.compile is not _compile or not kept("deferred"):  # imported, deferring already
        yield
        return
    re.compile = deferring
    try:
        yield
    finally:
        re.compile = _compile
