"""PDF backend: draw a Drawing on a reportlab canvas, each distinct face once as a Form XObject."""
from __future__ import annotations

from functools import lru_cache

from reportlab.lib.units import mm as PT_PER_MM
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from builder.render.drawing import Drawing, Ellipse, Group, Image, Item, Paint, Path, Polyline, Rect, Text
from builder.render.fonts import registered


@lru_cache(maxsize=4096)
def _hex_rgb(colour: str) -> tuple[float, float, float]:
    value = colour.lstrip("#")
    return tuple(int(value[i:i + 2], 16) / 255.0 for i in (0, 2, 4))


def _apply_paint(canvas: Canvas, paint: Paint) -> tuple[bool, bool]:
    fill = paint.fill is not None
    stroke = bool(paint.stroke) and paint.stroke_mm > 0
    alpha = paint.opacity if paint.opacity < 1 else None
    if fill:
        canvas.setFillColorRGB(*_hex_rgb(paint.fill), alpha=alpha)
    if stroke:
        canvas.setStrokeColorRGB(*_hex_rgb(paint.stroke), alpha=alpha)
        canvas.setLineWidth(paint.stroke_mm)
        canvas.setDash(list(paint.dash_mm) if paint.dash_mm else [])
        canvas.setLineCap({"butt": 0, "round": 1, "square": 2}[paint.cap])
        canvas.setLineJoin({"miter": 0, "round": 1, "bevel": 2}[paint.join])
    return fill, stroke


def _draw_text(canvas: Canvas, item: Text) -> None:
    # One text object with a flipped text matrix: cheaper than saving the graphics state per label.
    font = registered(item.font, item.bold)
    x = item.x_mm
    if item.anchor != "start":
        width = stringWidth(item.text, font, item.size_mm)
        x -= width if item.anchor == "end" else width / 2
    text = canvas.beginText()
    text.setTextTransform(1, 0, 0, -1, x, item.y_mm)
    text.setFont(font, item.size_mm)
    text.setFillColorRGB(*_hex_rgb(item.fill))
    text.textOut(item.text)
    canvas.drawText(text)


def _draw_group(canvas: Canvas, item: Group) -> None:
    canvas.saveState()
    canvas.translate(item.dx_mm, item.dy_mm)
    if item.rotate_deg:
        canvas.rotate(item.rotate_deg)
    if item.scale != 1:
        canvas.scale(item.scale, item.scale)
    if item.clip is not None:
        clip = canvas.beginPath()
        clip.rect(item.clip.x_mm, item.clip.y_mm, item.clip.w_mm, item.clip.h_mm)
        canvas.clipPath(clip, stroke=0, fill=0)
    for child in item.items:
        _draw_item(canvas, child)
    canvas.restoreState()


def _shape_path(canvas: Canvas, item: Item):
    path = canvas.beginPath()
    if isinstance(item, Rect):
        if item.radius_mm:
            path.roundRect(item.x_mm, item.y_mm, item.w_mm, item.h_mm, item.radius_mm)
        else:
            path.rect(item.x_mm, item.y_mm, item.w_mm, item.h_mm)
    elif isinstance(item, Ellipse):
        path.ellipse(item.cx_mm - item.rx_mm, item.cy_mm - item.ry_mm, 2 * item.rx_mm, 2 * item.ry_mm)
    elif isinstance(item, Polyline):
        (x0, y0), *rest = item.points
        path.moveTo(x0, y0)
        for x, y in rest:
            path.lineTo(x, y)
        if item.closed:
            path.close()
    elif isinstance(item, Path):
        _trace(path, item)
    return path


def _draw_item(canvas: Canvas, item: Item) -> None:
    """Draw one item in a coordinate system of millimetres with y pointing down."""
    if isinstance(item, Group):
        _draw_group(canvas, item)
    elif isinstance(item, Text):
        _draw_text(canvas, item)
    elif isinstance(item, Image):
        canvas.saveState()
        canvas.translate(item.x_mm, item.y_mm + item.h_mm)
        canvas.scale(1, -1)
        canvas.drawImage(item.path, 0, 0, item.w_mm, item.h_mm, mask="auto")
        canvas.restoreState()
    else:
        # Shapes set colour and line state without saving it: every shape sets all it uses.
        fill, stroke = _apply_paint(canvas, item.paint)
        if fill or stroke:
            canvas.drawPath(_shape_path(canvas, item), stroke=int(stroke), fill=int(fill))


def _trace(path, item: Path) -> None:
    x, y = 0.0, 0.0
    for command, values in item.commands:
        if command == "M":
            x, y = values
            path.moveTo(x, y)
        elif command == "L":
            x, y = values
            path.lineTo(x, y)
        elif command == "C":
            path.curveTo(*values)
            x, y = values[4], values[5]
        elif command == "Q":
            # a quadratic curve as the cubic with control points two thirds of the way
            qx, qy, ex, ey = values
            path.curveTo(x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), ex + 2 / 3 * (qx - ex), ey + 2 / 3 * (qy - ey),
                         ex, ey)
            x, y = ex, ey
        elif command == "Z":
            path.close()


def new_canvas(target, width_pt: float, height_pt: float, *, title: str = "", compress: bool = True) -> Canvas:
    """Return a deterministic canvas (invariant, no clock in the file) whose default font is embedded."""
    canvas = Canvas(target, pagesize=(width_pt, height_pt), invariant=1, pageCompression=int(compress),
                    initialFontName=registered("sans"), initialFontSize=10)
    canvas.setCreator("sandtable")
    canvas.setProducer("sandtable")
    if title:
        canvas.setTitle(title)
    return canvas


def draw_drawing(canvas: Canvas, drawing: Drawing, x_pt: float, y_pt: float) -> None:
    """Draw `drawing` with its top-left corner at (x_pt, y_pt + height) — (x_pt, y_pt) is its bottom-left."""
    canvas.saveState()
    canvas.translate(x_pt, y_pt + drawing.height_mm * PT_PER_MM)
    canvas.scale(PT_PER_MM, -PT_PER_MM)
    for item in drawing.items:
        _draw_item(canvas, item)
    canvas.restoreState()


class FormCache:
    """Draws each distinct drawing once as a Form XObject and places it by reference afterwards."""

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self.names: dict[Drawing, str] = {}

    def place(self, drawing: Drawing, x_pt: float, y_pt: float) -> None:
        """Place `drawing` with its bottom-left corner at (x_pt, y_pt)."""
        name = self.names.get(drawing)
        if name is None:
            name = f"F{len(self.names) + 1}"
            self.names[drawing] = name
            self.canvas.beginForm(name, lowerx=0, lowery=0, upperx=drawing.width_mm * PT_PER_MM,
                                  uppery=drawing.height_mm * PT_PER_MM)
            draw_drawing(self.canvas, drawing, 0, 0)
            self.canvas.endForm()
        self.canvas.saveState()
        self.canvas.translate(x_pt, y_pt)
        self.canvas.doForm(name)
        self.canvas.restoreState()
