"""Where model nodes came from: the loader records a Source on every mapping it reads."""
from __future__ import annotations

import io
import pickle
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple


class Location(NamedTuple):
    """A place in a content file; line and column are 1-based from the moment they are made.

    A named tuple, ordered by file, line and column: the loader makes one per key, value and list item
    (some 400,000 for a game of 10,000 counters), with `tuple.__new__` itself (builder/load/yaml.py),
    which costs a third of a frozen dataclass's making.
    """

    file: Path
    line: int = 1
    column: int = 1

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@dataclass(frozen=True)
class Source:
    """Where a YAML mapping and each of its keys and values stand in the file."""

    at: Location
    keys: dict[str, Location] = field(default_factory=dict)
    values: dict[str, Location] = field(default_factory=dict)
    items: dict[str, tuple[Location, ...]] = field(default_factory=dict)
    children: dict[str, "Source"] = field(default_factory=dict)
    """Sources of nested free-form mappings (`hexes`, `values`, `cost`), which have no model of their own."""

    def child(self, key: str) -> "Source":
        """Return the Source of the mapping under `key` (or one that points at this mapping)."""
        return self.children.get(key) or Source(self.value(key))

    def value(self, key: str) -> Location:
        """Return where the value of `key` stands, or the mapping itself when it is absent."""
        return self.values.get(key, self.at)

    def key(self, key: str) -> Location:
        """Return where `key` itself stands, or the mapping when it is absent."""
        return self.keys.get(key, self.at)

    def item(self, key: str, index: int) -> Location:
        """Return where item `index` of the list under `key` stands."""
        found = self.items.get(key, ())
        return found[index] if 0 <= index < len(found) else self.value(key)


def _no_source() -> None:
    """Stand in for a Source left out of a pickle (`dumps_without_sources`)."""
    return None


class _SourcelessPickler(pickle.Pickler):
    # reducer_override, unlike persistent_id, is not asked about the strings, numbers, lists and dicts
    # that most of a game is: a thirteenth of the calls into Python (8,651 for next-war rather than
    # 114,604), and half the time to pickle it
    def reducer_override(self, obj: object) -> object:
        return (_no_source, ()) if obj.__class__ is Source else NotImplemented


def dumps_without_sources(value: object) -> bytes:
    """Pickle `value` with every Source in it left out (None when loaded again: `loads_without_sources`).

    What a game is made of, without the record of where each of its mappings stood in the files: half
    the bytes of a whole pickle, and a third of the time to make and to read (0.09 s rather than 0.3 s
    for next-war). For what only the checks read: the emitters never look at a Source.
    """
    buffer = io.BytesIO()
    _SourcelessPickler(buffer, pickle.HIGHEST_PROTOCOL).dump(value)
    return buffer.getvalue()


def loads_without_sources(data: bytes) -> object:
    """Return what `dumps_without_sources` pickled, each Source in it as None (a plain pickle: the
    Sources were written as calls to `_no_source`)."""
    return pickle.loads(data)
