"""Deterministic ZIP archives (.vmod, .vsav) and the small metadata files VASSAL reads from them.

The archive is written here rather than by `zipfile`, so that an entry packed once can be copied into
another archive as it is: `attach_documents` (documents.py) adds the PDFs to a finished module without
compressing anything but the new buildFile.xml. Entries are sorted by name, with a fixed time and permissions;
what is compressed already (PNG, PDF, saved games) is stored, the rest deflated. VASSAL reads both.
"""
from __future__ import annotations

import io
import struct
import zipfile
import zlib
from dataclasses import dataclass

from builder.emit.vassal.xmlwrite import HEADER, escape_text
from builder.mechanisms import kept
from builder.render.deflate import LEVEL, deflater

DATE_SAVED_MS = "1700000000000"
"""A fixed `dateSaved` (epoch milliseconds): the archive must not change with the clock."""
ZIP_TIME = (1980, 1, 1, 0, 0, 0)
"""A fixed timestamp for every ZIP entry."""
STORED_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".pdf", ".vsav", ".zip")
"""Entries compressed already: deflating them again costs time and saves next to nothing."""

STORED, DEFLATED = zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED
_LOCAL = struct.Struct("<IHHHHHIIIHH")
_CENTRAL = struct.Struct("<IHHHHHHIIIHHHHHII")
_END = struct.Struct("<IHHHHIIH")
_END64 = struct.Struct("<IQHHIIQQQQ")
_LOCATOR64 = struct.Struct("<IIQI")
_UNIX_FILE = 0o644 << 16
_MADE_BY = (3 << 8) | 20  # Unix, ZIP 2.0
_UTF8_NAME = 0x800
_MOST = 0xFFFF
_LARGEST = 0xFFFFFFFF


def metadata(version: str, vassal_version: str, description: str, name: str | None) -> bytes:
    """Return `moduledata` (with a name) or `savedata` (without), as VASSAL's AbstractMetaData writes them."""
    lines = [HEADER.rstrip("\n"), '<data version="1">', f"  <version>{escape_text(version)}</version>",
             "  <extra1/>", "  <extra2/>", f"  <VassalVersion>{vassal_version}</VassalVersion>",
             f"  <dateSaved>{DATE_SAVED_MS}</dateSaved>", f"  <description>{escape_text(description)}</description>"]
    if name is not None:
        lines.append(f"  <name>{escape_text(name)}</name>")
    return ("\n".join(lines + ["</data>"]) + "\n").encode("utf-8")


@dataclass(frozen=True)
class Packed:
    """One archive entry as it lies in the archive: its method, CRC, size and (compressed) data."""

    method: int
    crc: int
    size: int
    data: bytes


def pack(name: str, data: bytes) -> Packed:
    """Return an entry packed: stored if its kind is compressed already, else deflated."""
    crc = zlib.crc32(data)
    if name.lower().endswith(STORED_SUFFIXES):
        return Packed(STORED, crc, len(data), data)
    packer = deflater(raw=True)
    return Packed(DEFLATED, crc, len(data), packer.compress(data) + packer.flush())


def unpack(entry: Packed) -> bytes:
    """Return an entry's bytes, inflated."""
    return entry.data if entry.method == STORED else zlib.decompress(entry.data, -15)


def _dos_time() -> tuple[int, int]:
    year, month, day, hour, minute, second = ZIP_TIME
    return (hour << 11) | (minute << 5) | (second // 2), ((year - 1980) << 9) | (month << 5) | day


def archive_bytes(entries: dict[str, Packed]) -> bytes:
    """Return a ZIP of packed entries, sorted by name, with fixed times and permissions."""
    time, date = _dos_time()
    parts: list[bytes] = []
    central: list[bytes] = []
    offset = 0
    for name in sorted(entries):
        entry = entries[name]
        raw_name = name.encode("utf-8")
        flags = 0 if name.isascii() else _UTF8_NAME
        needs = 20 if entry.method == DEFLATED else 10
        if max(offset, entry.size, len(entry.data)) > _LARGEST:
            raise ValueError(f"archive entry {name} lies beyond 4 GiB")
        header = _LOCAL.pack(0x04034B50, needs, flags, entry.method, time, date, entry.crc, len(entry.data),
                             entry.size, len(raw_name), 0)
        central.append(_CENTRAL.pack(0x02014B50, _MADE_BY, needs, flags, entry.method, time, date, entry.crc,
                                     len(entry.data), entry.size, len(raw_name), 0, 0, 0, 0, _UNIX_FILE, offset)
                       + raw_name)
        parts += [header, raw_name, entry.data]
        offset += len(header) + len(raw_name) + len(entry.data)
    directory = b"".join(central)
    count = len(central)
    if offset + len(directory) > _LARGEST:
        raise ValueError("archive larger than 4 GiB")
    tail = b""
    if count > _MOST:  # too many entries for the classic end record: add the ZIP64 one and its locator
        end64_at = offset + len(directory)
        tail = (_END64.pack(0x06064B50, _END64.size - 12, _MADE_BY, 45, 0, 0, count, count, len(directory), offset)
                + _LOCATOR64.pack(0x07064B50, 0, end64_at, 1))
    tail += _END.pack(0x06054B50, 0, 0, min(count, _MOST), min(count, _MOST), len(directory), offset, 0)
    return b"".join(parts) + directory + tail


def zip_bytes(entries: dict[str, bytes]) -> bytes:
    """Return a ZIP of the entries, sorted by name, with fixed timestamps and permissions."""
    if not kept("zip"):
        return plain_zip_bytes(entries)
    return archive_bytes({name: pack(name, data) for name, data in entries.items()})


def plain_zip_bytes(entries: dict[str, bytes]) -> bytes:
    """Return a ZIP of the entries, as zip_bytes, written by zipfile (stored or deflated at zlib's level 1)."""
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


def packed_entries(archive: bytes) -> dict[str, Packed]:
    """Return the entries of a ZIP as they lie in it (compressed data not inflated), to copy them elsewhere."""
    view = memoryview(archive)
    found: dict[str, Packed] = {}
    with zipfile.ZipFile(io.BytesIO(archive)) as reader:
        for info in reader.infolist():
            at = info.header_offset
            fields = _LOCAL.unpack_from(archive, at)
            if fields[0] != 0x04034B50:
                raise ValueError(f"archive entry {info.filename} has no local header")
            start = at + _LOCAL.size + fields[9] + fields[10]
            if info.compress_type not in (STORED, DEFLATED):
                raise ValueError(f"archive entry {info.filename} is neither stored nor deflated")
            found[info.filename] = Packed(info.compress_type, info.CRC, info.file_size,
                                          bytes(view[start:start + info.compress_size]))
    return found
