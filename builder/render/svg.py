"""SVG backend: a Drawing as an SVG document whose user unit is the millimetre."""
from __future__ import annotations

import base64
import mimetypes
from pathlib import Path

import svgwrite

from builder.render.drawing import Drawing, Ellipse, Group, Image, Item, Paint, Path as PathItem, Polyline, Rect, Text
from builder.render.fonts import face


def num(value: float) -> str:
    """Return a number as SVG text: at most 3 decimals, no trailing zeros (deterministic)."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _paint_attrs(paint: Paint) -> dict[str, str]:
    attrs = {"fill": paint.fill or "none"}
    if paint.stroke and paint.stroke_mm > 0:
        attrs.update({"stroke": paint.stroke, "stroke-width": num(paint.stroke_mm)})
        if paint.dash_mm:
            attrs["stroke-dasharray"] = " ".join(num(d) for d in paint.dash_mm)
        if paint.cap != "butt":
            attrs["stroke-linecap"] = paint.cap
        if paint.join != "miter":
            attrs["stroke-linejoin"] = paint.join
    if paint.opacity < 1:
        attrs["opacity"] = num(paint.opacity)
    return attrs


def path_data(item: PathItem) -> str:
    """Return the `d` attribute of a path."""
    return " ".join(command + (" " + " ".join(num(v) for v in values) if values else "")
                    for command, values in item.commands)


class _Writer:
    """Builds the svgwrite tree; clip ids are numbered in drawing order, so output is stable."""

    def __init__(self, drawing: Drawing) -> None:
        self.doc = svgwrite.Drawing(size=(f"{num(drawing.width_mm)}mm", f"{num(drawing.height_mm)}mm"),
                                    viewBox=f"0 0 {num(drawing.width_mm)} {num(drawing.height_mm)}",
                                    profile="full", debug=False)
        if drawing.title:
            self.doc.set_desc(title=drawing.title)
        self.clips = 0

    def element(self, item: Item):
        d = self.doc
        if isinstance(item, Rect):
            extra = {"rx": num(item.radius_mm)} if item.radius_mm else {}
            return d.rect(insert=(num(item.x_mm), num(item.y_mm)), size=(num(item.w_mm), num(item.h_mm)),
                          **extra, **_paint_attrs(item.paint))
        if isinstance(item, Ellipse):
            if item.rx_mm == item.ry_mm:
                return d.circle(center=(num(item.cx_mm), num(item.cy_mm)), r=num(item.rx_mm), **_paint_attrs(item.paint))
            return d.ellipse(center=(num(item.cx_mm), num(item.cy_mm)), r=(num(item.rx_mm), num(item.ry_mm)),
                             **_paint_attrs(item.paint))
        if isinstance(item, Polyline):
            points = " ".join(f"{num(x)},{num(y)}" for x, y in item.points)
            tag = "polygon" if item.closed else "polyline"
            return self._raw(tag, points=points, **_paint_attrs(item.paint))
        if isinstance(item, PathItem):
            return d.path(d=path_data(item), **_paint_attrs(item.paint))
        if isinstance(item, Text):
            chosen = face(item.font, item.bold)
            attrs = {"font-family": f"{chosen.family}, sans-serif", "font-size": num(item.size_mm),
                     "fill": item.fill}
            if chosen.bold:
                attrs["font-weight"] = "bold"
            if chosen.italic:
                attrs["font-style"] = "italic"
            if chosen.condensed:
                attrs["font-stretch"] = "condensed"
            if item.anchor != "start":
                attrs["text-anchor"] = item.anchor
            return d.text(item.text, insert=(num(item.x_mm), num(item.y_mm)), **attrs)
        if isinstance(item, Image):
            data = Path(item.path).read_bytes()
            kind = mimetypes.guess_type(item.path)[0] or "image/png"
            href = f"data:{kind};base64,{base64.b64encode(data).decode('ascii')}"
            return d.image(href, insert=(num(item.x_mm), num(item.y_mm)), size=(num(item.w_mm), num(item.h_mm)))
        if isinstance(item, Group):
            return self.group(item)
        raise TypeError(f"cannot draw {type(item).__name__}")

    def _raw(self, tag: str, **attrs):
        element = svgwrite.base.BaseElement(debug=False, profile="full")
        element.elementname = tag
        for key, value in attrs.items():
            element.attribs[key.replace("_", "-")] = value
        return element

    def group(self, item: Group):
        parts = []
        if item.dx_mm or item.dy_mm:
            parts.append(f"translate({num(item.dx_mm)} {num(item.dy_mm)})")
        if item.rotate_deg:
            parts.append(f"rotate({num(item.rotate_deg)})")
        if item.scale != 1:
            parts.append(f"scale({num(item.scale)})")
        group = self.doc.g(transform=" ".join(parts)) if parts else self.doc.g()
        target = group
        if item.clip is not None:
            self.clips += 1
            clip_id = f"clip{self.clips}"
            clip = self.doc.defs.add(self.doc.clipPath(id=clip_id))
            clip.add(self.doc.rect(insert=(num(item.clip.x_mm), num(item.clip.y_mm)),
                                   size=(num(item.clip.w_mm), num(item.clip.h_mm))))
            target = self.doc.g(clip_path=f"url(#{clip_id})")
            group.add(target)
        for child in item.items:
            target.add(self.element(child))
        return group


def svg_text(drawing: Drawing) -> str:
    """Return the drawing as an SVG document (UTF-8 text, deterministic)."""
    writer = _Writer(drawing)
    for item in drawing.items:
        writer.doc.add(writer.element(item))
    return '<?xml version="1.0" encoding="utf-8" ?>\n' + writer.doc.tostring() + "\n"
