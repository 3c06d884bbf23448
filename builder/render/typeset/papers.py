"""A typeset document on every paper of its group (`paper_groups`): typeset once, on the group's first paper,
on a type area that fits them all (document.py `Layout`), then given each other paper's page boxes.

The type area is centred on every paper, so each other paper's page is the first paper's moved by half the
difference of their sizes: an origin offset of the page boxes, e.g. Letter over an A4 page is
[-8.4 24.9 603.6 816.9]. Content, link annotations, outline and named destinations all live in the same user
space and stay valid untouched. qpdf (through pikepdf) copies every stream as it is, so a paper costs about
25 ms the first time in a process and 2-3 ms after, against some 0.45 s to typeset a rulebook again; and
pages, contents and index numbers are the same on every paper of a group.
"""
from __future__ import annotations

import io
from typing import Callable

import pikepdf
from reportlab.lib.units import mm as PT_PER_MM

from builder.model.units import PAPERS_MM, paper_groups

BOXES = ("/MediaBox", "/CropBox", "/TrimBox", "/BleedBox", "/ArtBox")
"""The page boxes set to the new paper: the media and whichever of the others a page has."""


def on_every_paper(papers: list[str] | tuple[str, ...], typeset: Callable[..., bytes], *args: object,
                   **options: object) -> dict[str, bytes]:
    """Return a document on each of `papers`: `typeset(*args, paper=, group=, **options)` once per group of
    papers of about the same size (`paper_groups`) on its first paper, the group's others from those bytes."""
    found: dict[str, bytes] = {}
    for group in paper_groups(papers):
        first = found[group[0]] = typeset(*args, paper=group[0], group=group, **options)
        found.update((paper, on_paper(first, paper)) for paper in group[1:])
    return found


def on_paper(pdf: bytes, paper: str) -> bytes:
    """Return `pdf` with every page's boxes set to `paper` (turned as the page is), centred where the page was."""
    with pikepdf.open(io.BytesIO(pdf)) as document:
        for page in document.pages:
            left, bottom, right, top = (float(v) for v in page.obj.MediaBox)
            box = _centred(left, bottom, right, top, paper)
            for name in BOXES:
                if name in page.obj:
                    page.obj[name] = pikepdf.Array(box)
        out = io.BytesIO()
        # streams copied as they are (not decoded and compressed again); the /ID from the content
        document.save(out, deterministic_id=True, compress_streams=False,
                      stream_decode_level=pikepdf.StreamDecodeLevel.none)
    return out.getvalue()


def _centred(left: float, bottom: float, right: float, top: float, paper: str) -> list[float]:
    """Return the box of `paper`'s size with the same centre as the box given, rounded to 1/1000 pt."""
    width, height = (size * PT_PER_MM for size in PAPERS_MM[paper])
    if right - left > top - bottom:
        width, height = height, width
    x, y = (left + right - width) / 2, (bottom + top - height) / 2
    return [round(x, 3), round(y, 3), round(x + width, 3), round(y + height, 3)]
