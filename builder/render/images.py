"""The designer's art: image files (SVG, PNG, JPEG) read for their size and placed in a box on a drawing.

SVG stays vector: the SVG backend embeds the file as it is, the PDF backend draws it through svglib as
reportlab shapes (so it is vector in the PDF and in the module's faces, which are rasterised from that PDF).
PNG and JPEG are embedded with their own pixels, never resampled.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from builder.model.template import Box
from builder.model.units import MM_PER_INCH
from builder.render.drawing import Group, Image, Item

IMAGE_SUFFIXES = (".svg", ".png", ".jpg", ".jpeg")
_LENGTH = re.compile(r"^\s*([0-9.]+)\s*(px|pt|mm|cm|in)?\s*$")
CSS_PX_PER_INCH = 96.0
_PX_PER = {"px": 1.0, None: 1.0, "pt": CSS_PX_PER_INCH / 72, "mm": CSS_PX_PER_INCH / MM_PER_INCH,
           "cm": CSS_PX_PER_INCH * 10 / MM_PER_INCH, "in": CSS_PX_PER_INCH}


@dataclass(frozen=True)
class ImageSize:
    """An image's own size: pixels for a raster, user units for an SVG (its viewBox, else width and height)."""

    width: float
    height: float
    vector: bool


class ImageError(ValueError):
    """An image file that cannot be read; the message says why."""


def file_stamp(path: str) -> tuple[int, int]:
    """Return a file's modification time (ns) and size: what something read from the file is remembered with,
    so that a long `sandtable watch` session reads the file again once the designer saves it."""
    status = os.stat(path)
    return status.st_mtime_ns, status.st_size


def image_size(path: Path) -> ImageSize:
    """Return the size of an image file, or raise ImageError saying why it cannot be read; read once per build
    process and version of the file (`file_stamp`)."""
    try:
        stamp = file_stamp(str(path))
    except OSError:
        stamp = None  # not there: _image_size says so, and nothing is remembered
    return _image_size(path, stamp)


@lru_cache(maxsize=None)
def _image_size(path: Path, stamp: tuple[int, int] | None) -> ImageSize:
    suffix = path.suffix.lower()
    if suffix not in IMAGE_SUFFIXES:
        raise ImageError(f'"{path.name}" is not an SVG, PNG or JPEG file')
    try:
        data = path.read_bytes()
    except OSError as error:
        raise ImageError(f'"{path.name}" cannot be read: {error.strerror}') from None
    if suffix == ".svg":
        return _svg_size(data, path.name)
    from PIL import Image as PilImage, UnidentifiedImageError
    try:
        with PilImage.open(path) as picture:
            picture.verify()
            return ImageSize(float(picture.width), float(picture.height), False)
    except (UnidentifiedImageError, OSError, SyntaxError) as error:
        raise ImageError(f'"{path.name}" is not a readable image: {error}') from None


def _svg_size(data: bytes, name: str) -> ImageSize:
    from xml.etree import ElementTree
    try:
        root = ElementTree.fromstring(data)
    except ElementTree.ParseError as error:
        raise ImageError(f'"{name}" is not a readable SVG file: {error}') from None
    box = root.get("viewBox", "").replace(",", " ").split()
    if len(box) == 4:
        width, height = float(box[2]), float(box[3])
    else:
        width, height = _svg_length(root.get("width")), _svg_length(root.get("height"))
    if width <= 0 or height <= 0:
        raise ImageError(f'"{name}" has no size: give its <svg> a viewBox or a width and height')
    return ImageSize(width, height, True)


def _svg_length(value: str | None) -> float:
    found = _LENGTH.match(value or "")
    return float(found.group(1)) * _PX_PER[found.group(2)] if found else 0.0


def fitted_image(path: Path, x_mm: float, y_mm: float, w_mm: float, h_mm: float) -> Image:
    """Return the image centred in the box, as large as fits with its proportions kept."""
    size = image_size(path)
    scale = min(w_mm / size.width, h_mm / size.height)
    width, height = size.width * scale, size.height * scale
    return Image(x_mm + (w_mm - width) / 2, y_mm + (h_mm - height) / 2, width, height, str(path))


def fitted_or_none(path: Path, x_mm: float, y_mm: float, w_mm: float, h_mm: float) -> list[Item]:
    """Return the image fitted in the box (as fitted_image) in a list, or an empty list when the file cannot be read
    (the check `image/missing` says why)."""
    try:
        return [fitted_image(path, x_mm, y_mm, w_mm, h_mm)]
    except ImageError:
        return []


FULL_FACE = Box.model_construct(x=0.08, y=0.08, w=0.84, h=0.84)
"""Where a counter's art goes when its layout names no box: the whole face inside a margin."""


def art_item(path: Path, box: Box, side_mm: float) -> Item:
    """Return the art fitted in a layout box of a counter of `side_mm`; an image that cannot be read is left out
    (the check `image/missing` says why)."""
    try:
        return fitted_image(path, box.x * side_mm, box.y * side_mm, box.w * side_mm, box.h * side_mm)
    except ImageError:
        return Group(())


def printed_dpi(size: ImageSize, w_mm: float, h_mm: float) -> float:
    """Return the resolution a raster image prints at when fitted into a box of w × h mm."""
    scale = min(w_mm / size.width, h_mm / size.height)
    return MM_PER_INCH / scale


def vector_drawing(path: str) -> object:
    """Return an SVG file as a reportlab Drawing (svglib), read once per build process and version of the file."""
    return _vector_drawing(path, file_stamp(path))


@lru_cache(maxsize=256)
def _vector_drawing(path: str, stamp: tuple[int, int]) -> object:
    # imported here, for the PDF backend: the checks, which read this module for the art's sizes, never draw
    # it (builder/pipeline/emitters.py imports svglib before a game's tasks fork, when its folder holds an SVG)
    from svglib.svglib import svg2rlg
    return svg2rlg(path)
