"""How the PDFs' streams are encoded: deflated at zlib level 3, and binary (no ASCII85 layer).

reportlab deflates every stream (pages, forms, font subsets) with its one Flate filter,
`pdfdoc.PDFZCompress`, at zlib's default level 6, and by default (`rl_config.useA85`) encodes many of
them again in ASCII85, a text form a quarter larger that mail gateways once needed and no PDF reader
does. Level 3 takes half the time for streams 4-9% larger; without ASCII85 the files come out only
2-5% larger than reportlab's defaults make them, and 0.04-0.15 s of CPU sooner on each seed game.
The module's PNGs make the same trade (render/png.py).

Importing this module sets both; the two canvases PDFs are made on, `render.pdf_file` (new_canvas's)
and `render.typeset.document`'s, import it, so no PDF is made without it (tests/render/test_deflate.py).
"""
from __future__ import annotations

import zlib

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc

PDF_LEVEL = 3
"""zlib level of every deflated PDF stream."""


class Deflate(pdfdoc.PDFStreamFilterZCompress):
    """reportlab's Flate filter at PDF_LEVEL."""

    def encode(self, text: str | bytes) -> bytes:
        """Return the stream deflated (text as reportlab's filter takes it, in UTF-8)."""
        return zlib.compress(text.encode("utf8") if isinstance(text, str) else text, PDF_LEVEL)


# reportlab reads both when it writes a stream: its setting, and its one filter by its module name
rl_config.useA85 = 0
if not isinstance(pdfdoc.PDFZCompress, Deflate):
    pdfdoc.PDFZCompress = Deflate()

FILTERS = (pdfdoc.PDFZCompress,)
"""The filters reportlab puts on a compressed stream."""
