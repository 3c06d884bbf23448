"""Deterministic ZIP archives (.vmod, .vsav) and the small metadata files VASSAL reads from them.

Entries are sorted by name, with a fixed time and permissions; what is compressed already (PNG, PDF,
saved games) is stored, the rest deflated. VASSAL reads both. zipfile writes them (ZIP64 records too,
past 65,535 entries).
"""
from __future__ import annotations

import io
import zipfile

from builder.emit.vassal.xmlwrite import HEADER, escape_text
from builder.render.deflate import LEVEL

DATE_SAVED_MS = "1700000000000"
"""A fixed `dateSaved` (epoch milliseconds): the archive must not change with the clock."""
ZIP_TIME = (1980, 1, 1, 0, 0, 0)
"""A fixed timestamp for every ZIP entry."""
STORED_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".pdf", ".vsav", ".zip")
"""Entries compressed already: deflating them again costs time and saves next to nothing."""

STORED, DEFLATED = zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED


def metadata(version: str, vassal_version: str, description: str, name: str | None) -> bytes:
    """Return `moduledata` (with a name) or `savedata` (without), as VASSAL's AbstractMetaData writes them."""
    lines = [HEADER.rstrip("\n"), '<data version="1">', f"  <version>{escape_text(version)}</version>",
             "  <extra1/>", "  <extra2/>", f"  <VassalVersion>{vassal_version}</VassalVersion>",
             f"  <dateSaved>{DATE_SAVED_MS}</dateSaved>", f"  <description>{escape_text(description)}</description>"]
    if name is not None:
        lines.append(f"  <name>{escape_text(name)}</name>")
    return ("\n".join(lines + ["</data>"]) + "\n").encode("utf-8")


def zip_bytes(entries: dict[str, bytes]) -> bytes:
    """Return a ZIP of the entries, sorted by name, with fixed timestamps and permissions: what is compressed
    already stored, the rest deflated at zlib's level 1 (builder/render/deflate.py)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, ZIP_TIME)
            info.external_attr = 0o644 << 16
            info.create_system = 3
            info.compress_type = STORED if name.lower().endswith(STORED_SUFFIXES) else DEFLATED
            archive.writestr(info, entries[name], compresslevel=LEVEL)
    return buffer.getvalue()


def read_entries(archive: bytes) -> dict[str, bytes]:
    """Return every entry of a ZIP, inflated."""
    with zipfile.ZipFile(io.BytesIO(archive)) as reader:
        return {info.filename: reader.read(info) for info in reader.infolist()}

