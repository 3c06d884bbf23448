"""Where model nodes came from: the loader records a Source on every mapping it reads."""
from __future__ import annotations

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
