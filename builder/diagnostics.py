"""Diagnostics: what every stage (load, rules, emitters) returns about bad content. A leaf module anyone may import."""
from __future__ import annotations

import enum
from dataclasses import dataclass
from pathlib import Path

from builder.model.source import Location, Source

__all__ = ["Location", "Source", "Severity", "ERROR", "WARNING", "Diagnostic", "Finding", "ContentError", "location_of"]


class Severity(str, enum.Enum):
    """How bad a diagnostic is: errors stop a build, warnings do not."""

    ERROR = "error"
    WARNING = "warning"


ERROR = Severity.ERROR
WARNING = Severity.WARNING


@dataclass(frozen=True)
class Diagnostic:
    """One problem found in the content; reporters flatten it to the contract's fields."""

    at: Location
    rule: str
    severity: Severity
    message: str
    hint: str = ""
    subject: str = ""

    def sort_key(self) -> tuple:
        """Order diagnostics by file, position, then rule."""
        return (str(self.at.file), self.at.line, self.at.column, self.rule, self.message)


@dataclass(frozen=True)
class Finding:
    """What a check says: where and what. The registry stamps the id and severity."""

    at: Location
    message: str
    hint: str = ""
    subject: str = ""


class ContentError(Exception):
    """Raised when content cannot be loaded; carries the diagnostics that say why."""

    def __init__(self, diagnostics: list[Diagnostic], *, usage: bool = False) -> None:
        super().__init__(f"{len(diagnostics)} problem(s) in the content")
        self.diagnostics = diagnostics
        self.usage = usage


def location_of(node: object, key: str | None = None) -> Location:
    """Return the location of a model node (or of one of its fields) as the loader recorded it."""
    src = getattr(node, "src", None)
    if src is None:
        return Location(Path("<unknown>"))
    return src.value(key) if key else src.at


def location_in(block_at: Location, text: str, offset: int) -> Location:
    """Return the place of text[offset] in its file, for a text (a rulebook block) that starts at `block_at`."""
    before = text[:offset]
    line = block_at.line + before.count("\n")
    column = offset - before.rfind("\n") if "\n" in before else block_at.column + offset
    return Location(block_at.file, line, column)
