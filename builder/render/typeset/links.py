"""The canvas of typeset documents, whose internal links are written in one step.

A rulebook holds some 600 links a language (case references, contents lines, index page numbers),
each a borderless link annotation to a named destination. reportlab makes each one a generic
annotation that builds, converts and sorts a dictionary of PDF objects when the file is written:
4-8% of a rulebook's CPU time. `LinkingCanvas.linkRect` makes such a link a `_Link`, which writes
the very bytes reportlab would (tests/render/test_typeset_links.py compares them), and hands any
other link (with contents, a border, a colour, a name or more keys) to reportlab. The canvas also
keeps each saved graphics state as a tuple, quicker to save and restore than reportlab's dictionary.
"""
from __future__ import annotations

from operator import itemgetter

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

_NUMBERS = (float, int)
_STATE_NAMES = tuple(Canvas.STATE_ATTRIBUTES)
"""The attributes of the graphics state a canvas saves."""
_STATE = itemgetter(*_STATE_NAMES)
"""Reads them, in that order, as one tuple."""


class _Link(pdfdoc.LinkAnnotation):
    """A borderless link with no contents to a destination of the document, formatted directly."""

    def __init__(self, rect: tuple[float, float, float, float], destination: pdfdoc.Destination,
                 formatted: dict[pdfdoc.Destination, bytes]) -> None:
        super().__init__(rect, "", destination, Border=pdfdoc.PDFArray([0, 0, 0]))
        self.formatted = formatted
        """The destinations formatted so far, shared by the canvas's links: many links go to one case."""

    def format(self, document) -> bytes:
        """Return what LinkAnnotation.format gives: its six entries in name order, on one line."""
        rect = self.Rect
        if not isinstance(document.encrypt, pdfdoc.NoEncryption) or any(type(v) not in _NUMBERS for v in rect):
            return super().format(document)
        destination = self.formatted.get(self.Destination)
        if destination is None:
            destination = self.formatted[self.Destination] = self.Destination.format(document)
        return b"".join((b"<<\n/Border [ 0 0 0 ] /Contents () /Dest ", destination,
                         b" /Rect [ ", fp_str(*rect).encode("ascii"),
                         b" ] /Subtype /Link /Type /Annot\n>>"))


class LinkingCanvas(Canvas):
    """A reportlab canvas whose plain internal links are `_Link`s, and whose saved states are tuples."""

    def __init__(self, *args: object, **options: object) -> None:
        super().__init__(*args, **options)
        self.formatted_destinations: dict[pdfdoc.Destination, bytes] = {}
        """The destinations of the links formatted so far, shared by the links (see `_Link`)."""

    def push_state_stack(self) -> None:
        """Save the graphics state as reportlab does, as a tuple rather than a dictionary: paragraphs,
        table cells and pictures save and restore it thousands of times a rulebook."""
        self.state_stack.append(_STATE(self.__dict__))
        self._extgstate = self._extgstate.pushCopy()

    def pop_state_stack(self) -> None:
        """Restore the graphics state saved last."""
        self.__dict__.update(zip(_STATE_NAMES, self.state_stack.pop()))

    def linkRect(self, contents, destinationname, Rect=None, addtopage=1, name=None, relative=1,  # noqa: N803
                 thickness=0, color=None, dashArray=None, **kw):  # noqa: N803 (reportlab's names)
        """Add a link to the destination `destinationname` over `Rect` (reportlab's signature)."""
        if contents or name or thickness or color or dashArray or kw:
            return super().linkRect(contents, destinationname, Rect, addtopage, name, relative, thickness, color,
                                    dashArray, **kw)
        link = _Link(self._absRect(Rect, relative), self._bookmarkReference(destinationname),
                     self.formatted_destinations)
        return self._addAnnotation(link, None, addtopage)
