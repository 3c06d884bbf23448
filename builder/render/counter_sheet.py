"""Counter sheets: a gutterless grid centred on the page, bleed on the outer edges, crop marks on
every grid line, and backs placed so that they land behind their fronts after the duplex flip.

Duplex geometry (print-and-play.md §2.3): a long-edge flip of a portrait page mirrors columns
(x_back = W − x − s); a short-edge flip mirrors rows (y_back = H − y − s). A fold-over sheet puts
the fronts on the left half and their mirror images on the right half of the same page.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from builder.model.units import PAPERS_MM
from builder.render.counters import CounterPiece
from builder.render.drawing import Drawing, Item, Paint, Polyline, Rect, Text
from builder.phrases import phrase

MARGIN_MM = 12.0
"""Room around the counter block for crop marks and the header; most printers print 5 mm in."""
HEADER_MM = 7.0
"""Extra room at the top of the page for the sheet's title line."""
CROP_GAP_MM = 1.5
CROP_LENGTH_MM = 5.0
CROP_PAINT = Paint(stroke="#000000", stroke_mm=0.15)
FOLD_GAP_MM = 8.0
"""Space either side of the fold line of a fold-over sheet."""

Flip = Literal["long-edge", "short-edge", "fold-over", "single-sided"]


@dataclass(frozen=True)
class SheetGeometry:
    """Where the counter block stands on a page."""

    page_w_mm: float
    page_h_mm: float
    side_mm: float
    cols: int
    rows: int
    x0_mm: float
    y0_mm: float
    bleed_mm: float
    flip: Flip
    gutter_mm: float = 0.0
    gutter_colour: str = "white"

    @property
    def pitch_mm(self) -> float:
        """Return the distance from one counter's left (or top) edge to the next one's."""
        return self.side_mm + self.gutter_mm

    @property
    def per_sheet(self) -> int:
        """Return how many counters one sheet holds."""
        return self.cols * self.rows

    def front_cell(self, index: int) -> tuple[float, float]:
        """Return the top-left corner of counter `index` (reading order) on the fronts page."""
        col, row = index % self.cols, index // self.cols
        return self.x0_mm + col * self.pitch_mm, self.y0_mm + row * self.pitch_mm

    def back_cell(self, index: int, offset_mm: tuple[float, float] = (0.0, 0.0)) -> tuple[float, float]:
        """Return where the back of counter `index` goes so that it lands behind its front."""
        x, y = self.front_cell(index)
        if self.flip == "short-edge":
            x, y = x, self.page_h_mm - y - self.side_mm
        else:
            x, y = self.page_w_mm - x - self.side_mm, y
        return x + offset_mm[0], y + offset_mm[1]


def sheet_geometry(paper: str, side: float, bleed: float, flip: Flip, *, gutter_mm: float = 0.0,
                   gutter_colour: str = "white") -> SheetGeometry:
    """Return the largest centred grid of counters (`gutter_mm` apart) that fits the paper with room for marks."""
    page_w, page_h = PAPERS_MM[paper]
    room = MARGIN_MM + bleed
    usable_w = (page_w / 2 - FOLD_GAP_MM - room) if flip == "fold-over" else page_w - 2 * room
    usable_h = page_h - 2 * room - HEADER_MM
    pitch = side + gutter_mm
    cols, rows = max(1, int((usable_w + gutter_mm) // pitch)), max(1, int((usable_h + gutter_mm) // pitch))
    block_w, block_h = cols * pitch - gutter_mm, rows * pitch - gutter_mm
    x0 = (page_w / 2 - FOLD_GAP_MM - block_w) if flip == "fold-over" else (page_w - block_w) / 2
    y0 = HEADER_MM + (page_h - HEADER_MM - block_h) / 2
    return SheetGeometry(page_w, page_h, side, cols, rows, x0, y0, bleed, flip, gutter_mm, gutter_colour)


def expand_copies(pieces: list[CounterPiece]) -> list[CounterPiece]:
    """Return the counters as printed: each repeated as many times as the mix holds copies."""
    return [piece for piece in pieces for _ in range(piece.copies)]


def paginate(pieces: list[CounterPiece], per_sheet: int) -> list[list[CounterPiece]]:
    """Split the printed counters into sheets."""
    return [pieces[i:i + per_sheet] for i in range(0, len(pieces), per_sheet)]


def _background(face: Drawing) -> str:
    first = face.items[0] if face.items else None
    return first.paint.fill if isinstance(first, Rect) and first.paint.fill else "#ffffff"


def bleed_items(geom: SheetGeometry, cells: list[tuple[float, float]], faces: list[Drawing]) -> list[Item]:
    """Return rectangles extending the outer counters' backgrounds beyond the block by the bleed."""
    if geom.bleed_mm <= 0 or not cells:
        return []
    left = min(x for x, _ in cells)
    right = max(x for x, _ in cells) + geom.side_mm
    top = min(y for _, y in cells)
    bottom = max(y for _, y in cells) + geom.side_mm
    b, s = geom.bleed_mm, geom.side_mm
    items: list[Item] = []
    for (x, y), face in zip(cells, faces):
        paint = Paint(fill=_background(face))
        x1 = x - b if abs(x - left) < 1e-6 else x
        y1 = y - b if abs(y - top) < 1e-6 else y
        x2 = x + s + b if abs(x + s - right) < 1e-6 else x + s
        y2 = y + s + b if abs(y + s - bottom) < 1e-6 else y + s
        if (x1, y1, x2, y2) != (x, y, x + s, y + s):
            items.append(Rect(x1, y1, x2 - x1, y2 - y1, paint))
    return items


def cut_lines(start_mm: float, count: int, side: float, gutter_mm: float = 0.0) -> list[float]:
    """Return where the cuts fall along one axis of a block of `count` counters: every shared edge of a
    gutterless block, both edges of every counter when gutters part them."""
    if gutter_mm <= 0:
        return [start_mm + n * side for n in range(count + 1)]
    pitch = side + gutter_mm
    return [start_mm + n * pitch + edge for n in range(count) for edge in (0.0, side)]


def crop_marks(x0: float, y0: float, cols: int, rows: int, side: float, bleed: float,
               gutter_mm: float = 0.0) -> list[Item]:
    """Return crop marks in the margin on every cut line of a block, clear of the bleed."""
    marks: list[Item] = []
    xs, ys = cut_lines(x0, cols, side, gutter_mm), cut_lines(y0, rows, side, gutter_mm)
    x1, y1 = xs[-1], ys[-1]
    start = bleed + CROP_GAP_MM
    for x in xs:
        marks.append(Polyline(((x, y0 - start), (x, y0 - start - CROP_LENGTH_MM)), CROP_PAINT))
        marks.append(Polyline(((x, y1 + start), (x, y1 + start + CROP_LENGTH_MM)), CROP_PAINT))
    for y in ys:
        marks.append(Polyline(((x0 - start, y), (x0 - start - CROP_LENGTH_MM, y)), CROP_PAINT))
        marks.append(Polyline(((x1 + start, y), (x1 + start + CROP_LENGTH_MM, y)), CROP_PAINT))
    return marks


def header(geom: SheetGeometry, text: str) -> Text:
    """Return the title line at the top of a sheet page."""
    return Text(geom.page_w_mm / 2, 8.0, text, 3.2, "#000000", "sans", False, "middle")


@dataclass(frozen=True)
class PlacedFace:
    """A face at its place on a page (top-left corner, mm)."""

    face: Drawing
    x_mm: float
    y_mm: float


@dataclass(frozen=True)
class SheetSide:
    """One printed side of a sheet: the decorations and the faces at their places."""

    decorations: tuple[Item, ...]
    faces: tuple[PlacedFace, ...]
    trim_mm: tuple[float, float, float, float]
    """The counter block (x, y, w, h): the PDF TrimBox; with the bleed around it, the BleedBox."""


def _block_box(cells: list[tuple[float, float]], side: float) -> tuple[float, float, float, float]:
    x0, y0 = min(x for x, _ in cells), min(y for _, y in cells)
    x1, y1 = max(x for x, _ in cells) + side, max(y for _, y in cells) + side
    return x0, y0, x1 - x0, y1 - y0


def _gutter_fill(geom: SheetGeometry, box: tuple[float, float, float, float]) -> list[Item]:
    """Return the black behind a block with black gutters, out to the bleed: what a cut off the line shows."""
    if geom.gutter_mm <= 0 or geom.gutter_colour != "black":
        return []
    x, y, w, h = box
    b = geom.bleed_mm
    return [Rect(x - b, y - b, w + 2 * b, h + 2 * b, Paint(fill="#000000"))]


def _side(geom: SheetGeometry, cells: list[tuple[float, float]], faces: list[Drawing], title: str) -> SheetSide:
    box = _block_box(cells, geom.side_mm)
    pitch = geom.pitch_mm
    cols, rows = round((box[2] + geom.gutter_mm) / pitch), round((box[3] + geom.gutter_mm) / pitch)
    bleed = _gutter_fill(geom, box) or bleed_items(geom, cells, faces)
    decorations = bleed + crop_marks(box[0], box[1], cols, rows, geom.side_mm, geom.bleed_mm,
                                     geom.gutter_mm) + [header(geom, title)]
    placed = tuple(PlacedFace(face, x, y) for (x, y), face in zip(cells, faces))
    return SheetSide(tuple(decorations), placed, box)


def sheet_sides(geom: SheetGeometry, sheet: list[CounterPiece], number: int, title: str,
                offset_mm: tuple[float, float], lang: str = "en") -> list[SheetSide]:
    """Return the fronts side and the backs side of one sheet (one side only for a fold-over sheet), their
    headers in `lang`."""
    fronts = [geom.front_cell(i) for i in range(len(sheet))]
    backs = [geom.back_cell(i, offset_mm) for i in range(len(sheet))]
    front_faces, back_faces = [p.front for p in sheet], [p.back for p in sheet]
    how = phrase(geom.flip, lang)
    if geom.flip == "fold-over":
        front = _side(geom, fronts, front_faces, f"{title} — {phrase('sheet_n', lang, n=number)} — {how}")
        back = _side(geom, backs, back_faces, "")
        fold = Polyline(((geom.page_w_mm / 2, 14.0), (geom.page_w_mm / 2, geom.page_h_mm - 8.0)),
                        Paint(stroke="#808080", stroke_mm=0.2, dash_mm=(2.0, 2.0)))
        merged = SheetSide(front.decorations + back.decorations[:-1] + (fold,), front.faces + back.faces,
                           front.trim_mm)
        return [merged]
    return [_side(geom, fronts, front_faces, f"{title} — {phrase('sheet_fronts', lang, n=number)} — {how}"),
            _side(geom, backs, back_faces, f"{title} — {phrase('sheet_backs', lang, n=number)}")]


def calibration_sides(geom: SheetGeometry, offset_mm: tuple[float, float], lang: str = "en") -> list[SheetSide]:
    """Return a two-sided calibration sheet: crosses that coincide after the flip, with mm rulers, its
    instructions in `lang`."""
    corners = [(0, 0), (geom.cols - 1, 0), (0, geom.rows - 1), (geom.cols - 1, geom.rows - 1)]
    indices = [row * geom.cols + col for col, row in corners]
    cells = [geom.front_cell(i) for i in indices]
    backs = [geom.back_cell(i, offset_mm) for i in indices]
    half = geom.side_mm / 2

    def marks(points: list[tuple[float, float]], label: str) -> list[Item]:
        items: list[Item] = [header(geom, label)]
        for x, y in points:
            cx, cy = x + half, y + half
            items.append(Polyline(((cx - half, cy), (cx + half, cy)), CROP_PAINT))
            items.append(Polyline(((cx, cy - half), (cx, cy + half)), CROP_PAINT))
            for tick in range(-5, 6):
                length = 1.5 if tick % 5 else 3.0
                items.append(Polyline(((cx + tick, cy + half + 1), (cx + tick, cy + half + 1 + length)), CROP_PAINT))
                items.append(Polyline(((cx + half + 1, cy + tick), (cx + half + 1 + length, cy + tick)), CROP_PAINT))
        return items

    text = phrase("calibration_front", lang)
    block = (geom.x0_mm, geom.y0_mm, geom.cols * geom.pitch_mm - geom.gutter_mm,
             geom.rows * geom.pitch_mm - geom.gutter_mm)
    front = SheetSide(tuple(marks(cells, text)), (), block)
    back = SheetSide(tuple(marks(backs, phrase("calibration_back", lang))), (), front.trim_mm)
    return [front, back]
