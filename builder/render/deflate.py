"""How sandtable deflates: every stream it compresses (PDF streams, PNG pictures, the module's archive
entries) goes through zlib at level 1, and no PDF stream is in ASCII85.

Level 1 rather than reportlab's 6: a deflate was a tenth of a build's CPU at zlib's level 3. ISA-L's
deflate (python-isal) was used for its speed until its levels 1 and 2 were found to give different bytes
for the same input in about one process in ten (streams of a few hundred bytes: a counter's form, a
short page), which broke byte-identical builds. zlib's level 1 writes every stream the same way in every
process, and measured on next-war (one process, three runs each, interleaved) it costs no more time than
ISA-L did, for output 1% smaller (tests/render/test_deflate.py holds the bytes across fresh processes).

reportlab deflates every stream (pages, forms, font subsets) with its one Flate filter,
`pdfdoc.PDFZCompress`, through zlib at level 6, and by default (`rl_config.useA85`) encodes many of
them again in ASCII85, a text form a quarter larger that mail gateways once needed and no PDF reader
does. Importing this module sets both; the two places PDFs are made, `render.pdf`
(new_canvas) and `render.typeset.document`, import it, so no PDF is made without it.
"""
from __future__ import annotations

import zlib

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc

from builder.mechanisms import kept
from builder.memo import Remembered

LEVEL = 1
"""zlib's level of everything deflated: the fastest, for streams a few percent larger than level 6's."""
RAW_WINDOW_BITS = -15
"""Window bits of a raw deflate stream, without zlib's header and checksum (a ZIP entry's)."""


def deflate(data: bytes) -> bytes:
    """Return `data` deflated in a zlib stream (a PDF stream's or a PNG's IDAT data)."""
    return zlib.compress(data, LEVEL)


def deflater(*, raw: bool = False) -> zlib._Compress:
    """Return a compressor that deflates data given a piece at a time, in a zlib stream or (`raw`) bare."""
    return zlib.compressobj(LEVEL, zlib.DEFLATED, RAW_WINDOW_BITS if raw else zlib.MAX_WBITS)


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
