"""The module's ZIP: what zipfile and VASSAL read, the same bytes for the same entries, and the ZIP64 end
record past 65,535 entries."""
from __future__ import annotations

import io
import zipfile

from builder.emit.vassal.archive import ZIP_TIME, read_entries, zip_bytes

ENTRIES = {"buildFile.xml": b"<module/>" * 50, "images/a.png": b"\x89PNG not really", "rules-en.pdf": b"%PDF-1.4",
           "caf\u00e9.vsav": b"PK", "empty": b""}


def test_zip_reads_back_sorted_with_fixed_times_and_permissions() -> None:
    archive = zipfile.ZipFile(io.BytesIO(zip_bytes(ENTRIES)))
    assert archive.testzip() is None
    assert archive.namelist() == sorted(ENTRIES)
    assert read_entries(zip_bytes(ENTRIES)) == ENTRIES
    for info in archive.infolist():
        assert info.date_time == ZIP_TIME and info.external_attr == 0o644 << 16 and info.create_system == 3
        stored = info.filename.endswith((".png", ".pdf", ".vsav"))
        assert info.compress_type == (zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED), info.filename


def test_the_same_entries_give_the_same_bytes_in_any_order() -> None:
    assert zip_bytes(dict(reversed(list(ENTRIES.items())))) == zip_bytes(ENTRIES)
    assert zip_bytes(read_entries(zip_bytes(ENTRIES))) == zip_bytes(ENTRIES)


def test_more_than_65535_entries_get_a_zip64_end_record() -> None:
    many = {f"images/f{n:05d}.png": bytes([n % 256]) for n in range(70_000)}
    data = zip_bytes(many)
    assert b"PK\x06\x06" in data[-200:]  # the ZIP64 end of central directory record
    archive = zipfile.ZipFile(io.BytesIO(data))
    assert len(archive.infolist()) == 70_000
    assert archive.read("images/f69999.png") == bytes([69_999 % 256])
