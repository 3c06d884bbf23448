"""game.yaml `credits:`: who made the game and which edition it is."""

import datetime as dt
import re
from typing import Annotated

from pydantic import AfterValidator

from builder.model.base import ContentModel, DesignedFlag


def _version(text: str) -> str:
    """Return `text` if it can name a version (letters, digits, `.`, `+`, `-`); raise ValueError otherwise."""
    if not re.fullmatch(r"[0-9A-Za-z][0-9A-Za-z.+-]*", text):
        raise ValueError(f'"{text}" is not a version: write digits and letters joined by dots or dashes, '
                         "such as 1.0, 2.1 or 2.1-beta")
    return text


class Credits(ContentModel):
    """Who made the game and which edition this is: printed in the PDFs' metadata, the rulebook's credits
    and the VASSAL module."""

    designers: list[str] = []
    """The game's designers, as credited."""
    artists: list[str] = []
    """The artists (map, counters, cover), as credited."""
    translators: list[str] = []
    """The translators of the rulebook, as credited."""
    publisher: str = ""
    """The publisher of this edition."""
    copyright: str = ""
    """The copyright line, such as `© 2026 Jan Kowalski`."""
    licence: str = ""
    """The licence players may copy the files under (an SPDX id such as `CC-BY-4.0`, or words)."""
    version: Annotated[str, AfterValidator(_version)] = "1.0"
    """This edition's version (`1.0`, `2.1-beta`): the module's version, and on every PDF."""
    date: dt.date | None = None
    """The date of this version."""
    designed: DesignedFlag = False
    """Marks credits the source does not state (a version number given here)."""
