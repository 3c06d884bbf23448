"""How sandtable deflates: every stream it compresses (PDF streams, PNG pictures) goes through zlib-ng at
level 1, and no PDF stream is in ASCII85.

zlib-ng (the python-zlib-ng bindings, a drop-in for the zlib module) rather than Python's zlib: its level 1
deflates a module's board rows 2.7 times as fast (next-war's Korea board, 16.5 MB of rows: 0.028 s against
zlib's 0.077 s, to 3.34 MB against 2.88 MB) and short streams faster still (a 2 KB form 7 µs against 12 µs).
On next-war it cut the module's task from 0.95-0.97 s of CPU to 0.78-0.81 s and the map sheets' by 0.03 s,
for files some 5-15% larger: a build is judged on time, and a print shop or VASSAL on neither.
ISA-L's deflate (python-isal) was tried before and dropped: its levels 1 and 2 gave different bytes for the
same input in about one process in ten, which broke byte-identical builds. zlib-ng writes every stream the
same way in every process (tests/render/test_deflate.py holds the bytes across fresh processes, and what it
writes inflates with zlib).

reportlab deflates every stream (pages, forms, font subsets) with its one Flate filter,
`pdfdoc.PDFZCompress`, through zlib at level 6, and by default (`rl_config.useA85`) encodes many of
them again in ASCII85, a text form a quarter larger that mail gateways once needed and no PDF reader
does. Importing this module sets both; the two places PDFs are made, `render.pdf`
(new_canvas) and `render.typeset.document`, import it, so no PDF is made without it. The module's
archive entries (emit/vassal/archive.py) go through zipfile, and so Python's zlib, at the same level.
"""
from __future__ import annotations

import zlib

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc
from zlib_ng import zlib_ng

from builder.mechanisms import kept
from builder.memo import Remembered

LEVEL = 1
"""The level of everything deflated: the fastest."""
RAW_WINDOW_BITS = -15
"""Window bits of a raw deflate stream, without zlib's header and checksum (a ZIP entry's)."""


def deflate(data: bytes) -> bytes:
    """Return `data` deflated in a zlib stream (a PDF stream's or a PNG's IDAT data)."""
    return zlib_ng.compress(data, LEVEL)


def deflater(*, raw: bool = False) -> zlib_ng._Compress:
    """Return a compressor that deflates data given a piece at a time, in a zlib stream or (`raw`) bare."""
    return zlib_ng.compressobj(LEVEL, zlib.DEFLATED, RAW_WINDOW_BITS if raw else zlib.MAX_WBITS)


REMEMBERED_FROM = 4096
"""Streams of at least this many bytes are deflated once per process and remembered (`Deflate`)."""
_deflated = Remembered(64, big=2, big_from=1 << 16)
"""The last 64 streams under 64 KiB (a font subset is some 35 KiB) and the last two longer ones, with their
deflated bytes: a few megabytes at most."""


class Deflate(pdfdoc.PDFStreamFilterZCompress):
    """reportlab's Flate filter, deflating with `deflate`; a long stream met again is deflated once (a font
    subset, the same in a map sheet's PDF on each of its eight papers: mechanism `once`)."""

    def encode(self, text: str | bytes) -> bytes:
        """Return the stream deflated (text as reportlab's filter takes it, in UTF-8)."""
        data = text.encode("utf8") if isinstance(text, str) else text
        if len(data) < REMEMBERED_FROM or not kept("once"):
            return deflate(data)
        found = _deflated.get(data)
        if found is None:
            found = deflate(data)
            _deflated.put(data, found, len(data))
        return found


# reportlab reads both when it writes a stream: its setting, and its one filter by its module name
rl_config.useA85 = 0
if not isinstance(pdfdoc.PDFZCompress, Deflate):
    pdfdoc.PDFZCompress = Deflate()

FILTERS = (pdfdoc.PDFZCompress,)
"""The filters reportlab puts on a compressed stream."""
