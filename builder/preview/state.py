"""What the preview page shows, published by the build loop and read by the server's threads."""
from __future__ import annotations

import dataclasses
import threading
from dataclasses import dataclass, field
from typing import Literal

Status = Literal["starting", "building", "ok", "errors", "failed"]
"""`ok`: the last build succeeded; `errors`: the content has errors; `failed`: sandtable itself failed."""

Show = Literal["image", "pages", "link"]
"""How the page shows an artifact: an image inline, its pages as PNG images inline, or a link only."""


@dataclass(frozen=True)
class Item:
    """One artifact on the page: a label, its URL, how it is shown and, for PDFs, its page images."""

    label: str
    url: str
    show: Show
    pages: tuple[str, ...] = ()
    note: str = ""
    lang: str = ""
    """The edition the artifact belongs to; empty, or "*" (a counter face printed alike), for every edition."""


@dataclass(frozen=True)
class Section:
    """A part of the page (counter sheets, map, charts, rulebook, setup cards, other files)."""

    id: str
    title: str
    items: tuple[Item, ...]


@dataclass(frozen=True)
class Snapshot:
    """Everything the page shows at one moment; `shown` is the build whose artifacts are on show."""

    title: str
    generation: int = 0
    status: Status = "starting"
    summary: str = "starting"
    shown: int | None = None
    diagnostics: tuple[dict, ...] = ()
    sections: tuple[Section, ...] = field(default_factory=tuple)

    def as_json(self) -> dict:
        """Return the snapshot as the JSON object the page reads."""
        return dataclasses.asdict(self)


class PreviewState:
    """The latest snapshot and a version number; readers can wait for the next one."""

    def __init__(self, first: Snapshot) -> None:
        self._changed = threading.Condition()
        self._snapshot = first
        self._version = 0
        self._closed = False

    def publish(self, snapshot: Snapshot) -> None:
        """Make `snapshot` the current one and wake every waiting reader."""
        with self._changed:
            self._snapshot = snapshot
            self._version += 1
            self._changed.notify_all()

    def latest(self) -> tuple[int, Snapshot]:
        """Return the current version and snapshot."""
        with self._changed:
            return self._version, self._snapshot

    def wait_for_change(self, seen: int, timeout_s: float) -> tuple[int, Snapshot] | None:
        """Return the snapshot once its version differs from `seen`; None on timeout or when closed."""
        with self._changed:
            self._changed.wait_for(lambda: self._closed or self._version != seen, timeout=timeout_s)
            if self._closed or self._version == seen:
                return None
            return self._version, self._snapshot

    def close(self) -> None:
        """Wake every reader for good: the preview is stopping."""
        with self._changed:
            self._closed = True
            self._changed.notify_all()

    @property
    def closed(self) -> bool:
        """Return whether the preview is stopping."""
        with self._changed:
            return self._closed
