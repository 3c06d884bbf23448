"""The file side of the PDF backend: a canvas whose save writes, to the bytes reportlab's own path writes
(tests/render/test_pdf_writer.py), what a file repeats from objects formatted once.

Its TrueType font subsets are embedded from parts formatted once per process (`_embed_subsets`: a map's
full-size and tiled files, a counter mix on A4 and on Letter, embed the same subsets), and its pages'
dictionaries are written from one template with their resources formatted once per document (`_Page`:
a tiled map has a hundred pages that differ only in their contents).
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple
from weakref import WeakKeyDictionary

from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.ttfonts import FF_NONSYMBOLIC, FF_SYMBOLIC, SUBSETN, TTFont, TTFontFace, makeToUnicodeCMap
from reportlab.pdfgen.canvas import Canvas

from builder.memo import Remembered
from builder.render.deflate import FILTERS


class _FormattedValue(pdfdoc.PDFObject):
    """A direct object (a value inside a dictionary) written as the bytes it was formatted to before."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def format(self, document) -> bytes:
        """Return the bytes."""
        return self.data


class _Formatted(_FormattedValue):
    """An indirect object written as the bytes it was formatted to before (it refers to no other object)."""

    __RefOnly__ = 1
    """reportlab writes an object by reference where its class has this attribute, whatever its value."""


class _SubsetParts(NamedTuple):
    """What a font subset's objects hold that depends only on its characters: widths, character map, font file."""

    widths: bytes
    cmap: bytes
    file: bytes


_SUBSETS = Remembered(256)
"""_SubsetParts by (font file, subset name, characters, compression): a map's full-size and tiled files,
a counter mix on A4 and on Letter, embed the same subsets."""


def _subset_parts(face: TTFontFace, base_name: str, subset: tuple[int, ...], doc) -> _SubsetParts:
    key = (face.filename, base_name, subset, doc.compression)
    parts = _SUBSETS.get(key)
    if parts is None:
        filters = list(FILTERS) if doc.compression else None
        cmap = pdfdoc.PDFStream(content=makeToUnicodeCMap(base_name, subset), filters=filters)
        font_file = pdfdoc.PDFStream(content=face.makeSubset(subset), filters=filters)
        font_file.dictionary["Length1"] = len(font_file.content)
        parts = _SubsetParts(pdfdoc.PDFArray(list(map(face.getCharWidth, subset))).format(doc), cmap.format(doc),
                             font_file.format(doc))
        _SUBSETS.put(key, parts, len(parts.file))
    return parts


def _embed_subsets(font: TTFont, doc) -> None:
    """Add a TrueType font's subsets to the document: the objects TTFont.addObjects adds, in its order,
    those that depend only on a subset's characters formatted once (see _SUBSETS)."""
    state = font.state[doc]
    state.frozen = 1
    face = font.face
    flags = face.flags & ~FF_NONSYMBOLIC | FF_SYMBOLIC
    basic_fonts = doc.idToObject["BasicFonts"].dict
    for n, subset in enumerate(state.subsets):
        name = font.getSubsetInternalName(n, doc)[1:]
        base_name = b"".join((SUBSETN(n), b"+", face.name, face.subfontNameX)).decode("pdfdoc")
        parts = _subset_parts(face, base_name, tuple(subset), doc)
        pdf_font = pdfdoc.PDFTrueTypeFont()
        pdf_font.Name, pdf_font.BaseFont, pdf_font.FirstChar, pdf_font.LastChar = name, base_name, 0, len(subset) - 1
        pdf_font.Widths = _FormattedValue(parts.widths)
        pdf_font.ToUnicode = doc.Reference(_Formatted(parts.cmap), "toUnicodeCMap:" + base_name)
        font_file = doc.Reference(_Formatted(parts.file), f"fontFile:{face.filename}({base_name})")
        descriptor = pdfdoc.PDFDictionary({
            "Type": "/FontDescriptor", "Ascent": face.ascent, "CapHeight": face.capHeight, "Descent": face.descent,
            "Flags": flags, "FontBBox": pdfdoc.PDFArray(face.bbox), "FontName": pdfdoc.PDFName(base_name),
            "ItalicAngle": face.italicAngle, "StemV": face.stemV, "FontFile2": font_file,
            "MissingWidth": face.defaultWidth})
        pdf_font.FontDescriptor = doc.Reference(descriptor, "fontDescriptor:" + base_name)
        doc.Reference(pdf_font, name)
        basic_fonts[name] = pdf_font
    del font.state[doc]


_PAGE_ENTRIES = frozenset({"Contents", "MediaBox", "Parent", "Resources", "Rotate", "Trans"})
"""The entries canvas.showPage gives a page (beside its type), when it has no annotations, boxes or transition."""
_RESOURCES: WeakKeyDictionary = WeakKeyDictionary()
"""Per document: the formatted resources of its pages, by what they hold (see _resources_key)."""
_MEDIA_BOXES: dict[tuple, bytes] = {}
"""Formatted media boxes by their numbers."""


def _resources_key(resources: object) -> tuple | None:
    """Return what a page's resource dictionary holds, as a key: references by name, and dictionaries of
    numbers and names (transparency states); None if it holds anything else."""
    if type(resources) is not pdfdoc.PDFResourceDictionary or not isinstance(resources.ProcSet, list):
        return None
    key: list = [tuple(resources.ProcSet)]
    for name in resources.dict_attributes:
        value = getattr(resources, name)
        if type(value) is pdfdoc.PDFObjectReference:
            key.append((name, value.name))
            continue
        entries = value if type(value) is dict else value.dict if type(value) is pdfdoc.PDFDictionary else None
        if entries is None:
            return None
        held = []
        for entry, item in entries.items():
            if type(item) is pdfdoc.PDFObjectReference:
                held.append((entry, item.name))
            elif type(item) is pdfdoc.PDFDictionary and all(type(v) in (int, float, str) for v in item.dict.values()):
                held.append((entry, tuple(item.dict.items())))
            else:
                return None
        key.append((name, type(value).__name__, tuple(held)))
    return tuple(key)


class _Marker(pdfdoc.PDFObject):
    """A value that formats to a mark where a page's own value goes (see _page_template)."""

    def __init__(self, mark: bytes) -> None:
        self.mark = mark

    def format(self, document) -> bytes:
        return self.mark


_PAGE_MARKS = tuple(b"\x00%d\x00" % n for n in range(5))


@lru_cache(maxsize=1)
def _page_template() -> tuple[bytes, ...]:
    """Return a page dictionary as reportlab formats it, cut where its contents, media box, parent,
    resources and rotation go."""
    values = dict(zip(("Contents", "MediaBox", "Parent", "Resources", "Rotate"), map(_Marker, _PAGE_MARKS)))
    text = pdfdoc.PDFDictionary({**values, "Trans": pdfdoc.PDFDictionary(), "Type": pdfdoc.PDFName("Page")}).format(
        pdfdoc.DummyDoc())
    pieces = []
    for mark in _PAGE_MARKS:
        before, text = text.split(mark)
        pieces.append(before)
    return (*pieces, text)


class _Page(pdfdoc.PDFPage):
    """A page whose dictionary is written from _page_template, its resources formatted once per document:
    a tiled map has a hundred pages that differ only in their contents."""

    def format(self, document) -> bytes:
        """Return the page dictionary as PDFPage.format writes it."""
        self.check_format(document)
        present = {name for name in self.__NoDefault__ if getattr(self, name, None) is not None}
        trans, media = self.Trans, self.MediaBox
        key = _resources_key(self.Resources)
        if (present != _PAGE_ENTRIES or key is None or self.Override_default_compilation or hasattr(self, "Type")
                or type(trans) is not pdfdoc.PDFDictionary or trans.dict or type(self.Rotate) is not int
                or type(media) is not pdfdoc.PDFArray):
            return super().format(document)
        # registered in PDFCatalog.format's order: the contents stream, then the parent
        contents = document.Reference(self.Contents).format(document)
        parent = document.Reference(self.Parent).format(document)
        box = tuple(media.sequence)
        if box not in _MEDIA_BOXES:
            _MEDIA_BOXES[box] = media.format(document)
        known = _RESOURCES.get(document)
        if known is None:
            known = _RESOURCES[document] = {}
        if key not in known:
            known[key] = pdfdoc.format(self.Resources, document)
        t0, t1, t2, t3, t4, t5 = _page_template()
        return b"".join((t0, contents, t1, _MEDIA_BOXES[box], t2, parent, t3, known[key], t4,
                         pdfdoc.format(self.Rotate, document), t5))


class FileCanvas(Canvas):
    """A canvas that embeds its TrueType fonts' subsets through _embed_subsets and writes its pages as _Page."""

    def save(self) -> None:
        """Save the document, as Canvas.save does."""
        if self._code:
            self.showPage()
        doc = self._doc
        for page in doc.Pages.pages:
            if type(page) is pdfdoc.PDFPage:
                page.__class__ = _Page
        if isinstance(doc.encrypt, pdfdoc.NoEncryption):
            # the fonts reportlab would embed first thing when it writes the document, in its order
            for font in doc.delayedFonts:
                if type(font) is TTFont:
                    _embed_subsets(font, doc)
                else:
                    font.addObjects(doc)
            doc.delayedFonts = []
        super().save()
