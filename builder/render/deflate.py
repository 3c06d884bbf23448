"""How sandtable deflates: every stream it compresses (PDF streams, PNG pictures, the module's archive
entries) goes through ISA-L's deflate (python-isal), at its level 2, and no PDF stream is in ASCII85.

zlib's own deflate was a tenth of a build's CPU (0.32 s of next-war's, 0.16 s of gazala-1942's, at
zlib level 3). ISA-L writes the same format, which every reader inflates as it does zlib's, five times
as fast at level 2, for PDF streams 2% larger and pictures 9% larger than zlib's level 3 made them
(measured on the five seed games). Its bytes are the same on every run (tests/render/test_deflate.py).

reportlab deflates every stream (pages, forms, font subsets) with its one Flate filter,
`pdfdoc.PDFZCompress`, through zlib at level 6, and by default (`rl_config.useA85`) encodes many of
them again in ASCII85, a text form a quarter larger that mail gateways once needed and no PDF reader
does. Importing this module sets both; the two canvases PDFs are made on, `render.pdf_file`
(new_canvas's) and `render.typeset.document`'s, import it, so no PDF is made without it.
"""
from __future__ import annotations

from isal import isal_zlib
from reportlab import rl_config
from reportlab.pdfbase import pdfdoc

LEVEL = 2
"""ISA-L's level (0 to 3) of everything deflated: 3 is four times slower for 1-2% smaller streams."""
RAW_WINDOW_BITS = -15
"""Window bits of a raw deflate stream, without zlib's header and checksum (a ZIP entry's)."""


def deflate(data: bytes) -> bytes:
    """Return `data` deflated in a zlib stream (a PDF stream's or a PNG's IDAT data)."""
    return isal_zlib.compress(data, LEVEL)


def deflater(*, raw: bool = False) -> isal_zlib.Compress:
    """Return a compressor that deflates data given a piece at a time, in a zlib stream or (`raw`) bare."""
    return isal_zlib.compressobj(LEVEL, isal_zlib.DEFLATED, RAW_WINDOW_BITS if raw else isal_zlib.MAX_WBITS)


class Deflate(pdfdoc.PDFStreamFilterZCompress):
    """reportlab's Flate filter, deflating with `deflate`."""

    def encode(self, text: str | bytes) -> bytes:
        """Return the stream deflated (text as reportlab's filter takes it, in UTF-8)."""
        return deflate(text.encode("utf8") if isinstance(text, str) else text)


# reportlab reads both when it writes a stream: its setting, and its one filter by its module name
rl_config.useA85 = 0
if not isinstance(pdfdoc.PDFZCompress, Deflate):
    pdfdoc.PDFZCompress = Deflate()

FILTERS = (pdfdoc.PDFZCompress,)
"""The filters reportlab puts on a compressed stream."""
