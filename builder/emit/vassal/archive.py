"""Deterministic ZIP archives (.vmod, .vsav) and the small metadata files VASSAL reads from them."""
from __future__ import annotations

import io
import zipfile

from builder.emit.vassal.xmlwrite import HEADER, escape_text

DATE_SAVED_MS = "1700000000000"
"""A fixed `dateSaved` (epoch milliseconds): the archive must not change with the clock."""
ZIP_TIME = (1980, 1, 1, 0, 0, 0)
"""A fixed timestamp for every ZIP entry."""


def metadata(version: str, vassal_version: str, description: str, name: str | None) -> bytes:
    """Return `moduledata` (with a name) or `savedata` (without), as VASSAL's AbstractMetaData writes them."""
    lines = [HEADER.rstrip("\n"), '<data version="1">', f"  <version>{escape_text(version)}</version>",
             "  <extra1/>", "  <extra2/>", f"  <VassalVersion>{vassal_version}</VassalVersion>",
             f"  <dateSaved>{DATE_SAVED_MS}</dateSaved>", f"  <description>{escape_text(description)}</description>"]
    if name is not None:
        lines.append(f"  <name>{escape_text(name)}</name>")
    return ("\n".join(lines + ["</data>"]) + "\n").encode("utf-8")


def zip_bytes(entries: dict[str, bytes]) -> bytes:
    """Return a ZIP of the entries, sorted by name, with fixed timestamps and permissions."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3
            info.external_attr = 0o644 << 16
            archive.writestr(info, entries[name], compresslevel=6)
    return buffer.getvalue()
