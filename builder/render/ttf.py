"""TrueType faces read in a fraction of the time reportlab takes, into reportlab's own objects.

reportlab's `TTFontFile.extractInfo` reads a face's character map, advance widths and glyph offsets one
number at a time, through a method call each: 0.07-0.11 s for the five DejaVu faces, which every build
spends before its first emitter starts (builder/pipeline/emitters.py `import_emitters`), against 0.03-0.05 s here
(both measured in a build's own process). Here the header tables are still
read by reportlab (`extractInfo` with charInfo=0 stops before the per-glyph ones) and the per-glyph
tables are unpacked whole, with `struct`, into the same attributes with the same values, in the same
order: tests/render/test_ttf.py compares every attribute with reportlab's on each shipped face. A
character map of another format than 4 or 12 is read by reportlab as before.
"""
from __future__ import annotations

import struct
from collections import defaultdict
from fnmatch import fnmatch
from weakref import WeakKeyDictionary

from reportlab import rl_config
from reportlab.pdfbase.ttfonts import TTEncoding, TTFError, TTFont, TTFontFace, TTFontFile

_FAST_CMAPS = (4, 12)
"""Character-map formats read here: 4 (the Basic Multilingual Plane, every DejaVu face) and 12 (beyond it)."""


class QuickFace(TTFontFace):
    """A TTFontFace whose per-glyph tables are unpacked whole (see the module docstring)."""

    def extractInfo(self, charInfo=1):  # noqa: N802, N803 (reportlab's names)
        TTFontFile.extractInfo(self, 0)
        if not charInfo:
            return
        head = self.get_table_pos("head")[0]
        index_to_loc, glyph_data = struct.unpack_from(">hh", self._ttf_data, head + 50)
        cmap = self._cmap_subtable()
        if glyph_data != 0 or cmap is None or index_to_loc not in (0, 1):
            TTFontFile.extractInfo(self, charInfo)  # reportlab's errors and formats
            return
        char_to_glyph, glyph_to_char = self._char_map(*cmap)
        self.charToGlyph, self.glyphToChar = char_to_glyph, glyph_to_char
        self._metrics(glyph_to_char)
        if "loca" not in self.table:
            raise TTFError("missing location table")
        count, loca = self.numGlyphs + 1, self.get_table_pos("loca")[0]
        if index_to_loc == 0:
            self.glyphPos = [offset << 1 for offset in struct.unpack_from(f">{count}H", self._ttf_data, loca)]
        else:
            self.glyphPos = list(struct.unpack_from(f">{count}L", self._ttf_data, loca))
        widths = self.charWidths
        if 0x20 in char_to_glyph:
            char_to_glyph[0xA0] = char_to_glyph[0x20]
            widths[0xA0] = widths[0x20]
        elif 0xA0 in char_to_glyph:
            char_to_glyph[0x20] = char_to_glyph[0xA0]
            widths[0x20] = widths[0xA0]

    def _cmap_subtable(self) -> tuple[int, int] | None:
        """Return the offset and format of the character map reportlab would choose, if it is one read here."""
        data = self._ttf_data
        start = self.get_table_pos("cmap")[0]
        version, count = struct.unpack_from(">HH", data, start)
        if count == 0 and version != 0:
            count = version
        chosen, kind = None, 0
        for n in range(count):
            platform, encoding, offset = struct.unpack_from(">HHL", data, start + 4 + 8 * n)
            if platform == 3 or (platform == 1 and encoding == 1) or (platform == 0 and encoding != 5):
                chosen, kind = offset, 1
            elif platform == 1 and encoding == 0 and kind != 1:
                chosen, kind = offset, 2
        if chosen is None:
            return None
        fmt = struct.unpack_from(">H", data, start + chosen)[0]
        return (start + chosen, fmt) if fmt in _FAST_CMAPS else None

    def _char_map(self, offset: int, fmt: int) -> tuple[dict[int, int], dict[int, list[int]]]:
        """Return character → glyph and glyph → characters, each in the order reportlab fills them."""
        data = self._ttf_data
        char_to_glyph: dict[int, int] = {}
        pairs: list[tuple[range, object]] = []
        if fmt == 4:
            length = struct.unpack_from(">H", data, offset + 2)[0]
            limit = offset + length
            segments = struct.unpack_from(">H", data, offset + 6)[0] // 2
            ends = struct.unpack_from(f">{segments}H", data, offset + 14)
            at = offset + 16 + 2 * segments
            starts = struct.unpack_from(f">{segments}H", data, at)
            deltas = struct.unpack_from(f">{segments}h", data, at + 2 * segments)
            range_at = at + 4 * segments
            range_offsets = struct.unpack_from(f">{segments}H", data, range_at)
            for n in range(segments):
                first, last, delta, rel = starts[n], ends[n], deltas[n], range_offsets[n]
                chars = range(first, last + 1)
                if rel == 0:
                    glyphs = [(char + delta) & 0xFFFF for char in chars]
                else:
                    glyphs = []
                    base = range_at + 2 * n + rel
                    for char in chars:
                        where = base + 2 * (char - first)
                        glyph = 0 if where >= limit else struct.unpack_from(">H", data, where)[0]
                        glyphs.append((glyph + delta) & 0xFFFF if glyph else 0)
                pairs.append((chars, glyphs))
        else:  # 12
            groups = struct.unpack_from(">L", data, offset + 12)[0]
            numbers = struct.unpack_from(f">{3 * groups}L", data, offset + 16)
            for n in range(groups):
                first, last, glyph = numbers[3 * n:3 * n + 3]
                chars = range(first, last + 1)
                pairs.append((chars, range(glyph, glyph + len(chars))))
        by_glyph: defaultdict[int, list[int]] = defaultdict(list)
        for chars, glyphs in pairs:
            char_to_glyph.update(zip(chars, glyphs))
            for char, glyph in zip(chars, glyphs):
                by_glyph[glyph].append(char)
        return char_to_glyph, dict(by_glyph)

    def _metrics(self, glyph_to_char: dict[int, list[int]]) -> None:
        """Set hmetrics, defaultWidth and charWidths from the hhea and hmtx tables, as reportlab does."""
        data = self._ttf_data
        hhea = self.get_table_pos("hhea")[0]
        metrics = struct.unpack_from(">H", data, hhea + 34)[0]
        glyphs = self.numGlyphs
        hmtx = self.get_table_pos("hmtx")[0]
        numbers = struct.unpack_from(f">{2 * metrics}H", data, hmtx)
        advances, bearings = numbers[0::2], numbers[1::2]
        rest = max(0, glyphs - metrics)
        extra = struct.unpack_from(f">{rest}H", data, hmtx + 4 * metrics)
        # scaled to 1/1000 em as reportlab's extractInfo scales them (self._pdfScale), in one pass
        if self.unitsPerEm == 1000:
            scaled = list(advances)
        else:
            per_unit = 1000 / self.unitsPerEm
            scaled = [advance * per_unit for advance in advances]
        # the glyphs after the last full metric repeat its advance, scaled (as reportlab keeps it)
        self.hmetrics = list(zip(advances, bearings)) + [(scaled[-1], lsb) for lsb in extra]
        self.defaultWidth = scaled[0]
        scaled += [scaled[-1]] * rest
        # by glyph, as reportlab fills them
        widths = {char: scaled[glyph] for glyph in sorted(glyph_to_char) if glyph < len(scaled)
                  for char in glyph_to_char[glyph]}
        self.charWidths = widths


def quick_font(name: str, filename: str) -> TTFont:
    """Return a reportlab TTFont of the face in `filename`, registered name `name`, its face a QuickFace.

    The font is a TTFont itself (the PDF writer treats that class alone its own way, render/pdf_file.py),
    set up as TTFont.__init__ sets it up (tests/render/test_ttf.py compares their attributes).
    """
    font = TTFont.__new__(TTFont)
    font.fontName = name
    font.face = QuickFace(filename)
    font.encoding = TTEncoding()
    font.state = WeakKeyDictionary()
    font._asciiReadable = rl_config.ttfAsciiReadable
    font.shapable = not any(fnmatch(name, pattern) for pattern in rl_config.unShapedFontGlob)
    return font
