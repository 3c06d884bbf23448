"""A drawing drawn through reportlab's public canvas calls, item by item: the plain PDF backend.

render/pdf.py draws the same operators from a content stream it writes once per drawing; this module is
the way without that mechanism (`SANDTABLE_WITHOUT=pdf-compile`, builder/mechanisms.py), and the oracle
its tests compare with.
"""
from __future__ import annotations

from reportlab.lib.units import mm as PT_PER_MM
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from builder.render.drawing import Drawing, Ellipse, Group, Image, Item, Paint, Polyline, Rect, Text
from builder.render.fonts import registered

CAPS = {"butt": 0, "round": 1, "square": 2}
JOINS = {"miter": 0, "round": 1, "bevel": 2}


def hex_rgb(colour: str) -> tuple[float, float, float]:
    """Return a `#rrggbb` colour as reportlab's three fractions."""
    value = colour.lstrip("#")
    return tuple(int(value[i:i + 2], 16) / 255.0 for i in (0, 2, 4))


def _opacity(canvas: Canvas, paint: Paint, key: str) -> float | None:
    # a shape's opacity is its own: an opaque shape after a translucent one sets it back to 1
    if paint.opacity < 1:
        return paint.opacity
    return 1 if canvas._extgstate.getValue(key) != 1 else None


def _paint(canvas: Canvas, paint: Paint) -> tuple[bool, bool]:
    fill = paint.fill is not None
    stroke = bool(paint.stroke) and paint.stroke_mm > 0
    if fill:
        canvas.setFillColorRGB(*hex_rgb(paint.fill), alpha=_opacity(canvas, paint, "ca"))
    if stroke:
        canvas.setStrokeColorRGB(*hex_rgb(paint.stroke), alpha=_opacity(canvas, paint, "CA"))
        canvas.setLineWidth(paint.stroke_mm)
        canvas.setDash(list(paint.dash_mm) if paint.dash_mm else [])
        canvas.setLineCap(CAPS[paint.cap])
        canvas.setLineJoin(JOINS[paint.join])
    return fill, stroke


def _trace(path, commands) -> None:
    """Add path commands to a reportlab path; a quadratic curve becomes the cubic that draws it."""
    x, y = 0.0, 0.0
    for command, values in commands:
        if command in ("M", "L"):
            x, y = values
            (path.moveTo if command == "M" else path.lineTo)(x, y)
        elif command == "C":
            path.curveTo(*values)
            x, y = values[4], values[5]
        elif command == "Q":
            qx, qy, ex, ey = values
            path.curveTo(x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), ex + 2 / 3 * (qx - ex),
                         ey + 2 / 3 * (qy - ey), ex, ey)
            x, y = ex, ey
        elif command == "Z":
            path.close()


def _path(canvas: Canvas, item: Item):
    path = canvas.beginPath()
    if type(item) is Rect:
        if item.radius_mm:
            path.roundRect(item.x_mm, item.y_mm, item.w_mm, item.h_mm, item.radius_mm)
        else:
            path.rect(item.x_mm, item.y_mm, item.w_mm, item.h_mm)
    elif type(item) is Ellipse:
        path.ellipse(item.cx_mm - item.rx_mm, item.cy_mm - item.ry_mm, 2 * item.rx_mm, 2 * item.ry_mm)
    elif type(item) is Polyline:
        _trace(path, [("M", item.points[0])] + [("L", point) for point in item.points[1:]]
               + ([("Z", ())] if item.closed else []))
    else:
        _trace(path, item.commands)
    return path


def _group(canvas: Canvas, item: Group) -> None:
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
        draw_item(canvas, child)
    canvas.restoreState()


def _text(canvas: Canvas, item: Text) -> None:
    if canvas._extgstate.getValue("ca") != 1:  # a text's opacity is its own too
        canvas.setFillAlpha(1)
    font = registered(item.font, item.bold)
    x = item.x_mm
    if item.anchor != "start":
        width = stringWidth(item.text, font, item.size_mm)
        x -= width if item.anchor == "end" else width / 2
    text = canvas.beginText()
    text.setTextTransform(1, 0, 0, -1, x, item.y_mm)  # y points down in the drawing
    text.setFont(font, item.size_mm)
    text.setFillColorRGB(*hex_rgb(item.fill))
    text.textOut(item.text)
    canvas.drawText(text)


def draw_item(canvas: Canvas, item: Item, picture=None) -> None:
    """Draw one item of a drawing (millimetres, y down) on the canvas; `picture` draws an Image."""
    kind = type(item)
    if kind is Group:
        _group(canvas, item)
    elif kind is Text:
        _text(canvas, item)
    elif kind is Image:
        if picture is not None:
            picture(canvas, item)
    else:
        fill, stroke = _paint(canvas, item.paint)
        if fill or stroke:
            canvas.drawPath(_path(canvas, item), stroke=int(stroke), fill=int(fill))


def draw_plainly(canvas: Canvas, drawing: Drawing, x_pt: float, y_pt: float, *, clip: bool = False,
                 picture=None) -> None:
    """Draw `drawing` with its bottom-left corner at (x_pt, y_pt) through the canvas's own calls."""
    canvas.saveState()
    canvas.translate(x_pt, y_pt + drawing.height_mm * PT_PER_MM)
    canvas.scale(PT_PER_MM, -PT_PER_MM)
    if clip:
        box = canvas.beginPath()
        box.rect(0, 0, drawing.width_mm, drawing.height_mm)
        canvas.clipPath(box, stroke=0, fill=0)
    for item in drawing.items:
        draw_item(canvas, item, picture)
    canvas.restoreState()
