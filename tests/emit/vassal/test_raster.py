"""Large pictures rasterised in strips: the same pixels as one whole-page render, as a valid PNG."""
from __future__ import annotations

import io

import numpy as np
import pypdfium2
import pytest
from PIL import Image, ImageChops
from reportlab.lib.units import mm as PT_PER_MM

from builder.emit.vassal import raster
from builder.emit.vassal.raster import PngStream, page_png
from builder.render.drawing import Drawing, Paint, Rect, Text, circle
from builder.render.pdf import draw_drawing, new_canvas


def test_png_written_in_strips_decodes_to_its_rows() -> None:
    picture = Image.effect_mandelbrot((37, 23), (-2, -1.2, 1, 1.2), 50).convert("RGB")
    lines = np.zeros((23, 1 + 37 * 3), dtype=np.uint8)  # each row its filter byte, then its pixels
    lines[:, 1:] = np.frombuffer(picture.tobytes(), dtype=np.uint8).reshape(23, 37 * 3)
    png = PngStream(37, 23)
    for start in range(0, 23, 10):
        png.add(lines[start:start + 10])
    decoded = Image.open(io.BytesIO(png.finish()))
    assert decoded.mode == "RGB" and decoded.size == (37, 23)
    assert decoded.tobytes() == picture.tobytes()


def test_png_refuses_missing_rows() -> None:
    png = PngStream(4, 3)
    png.add(np.zeros((1, 13), dtype=np.uint8))
    with pytest.raises(ValueError):
        png.finish()


def _one_page(drawing: Drawing) -> pypdfium2.PdfPage:
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, drawing.width_mm * PT_PER_MM, drawing.height_mm * PT_PER_MM)
    draw_drawing(canvas, drawing, 0, 0)
    canvas.showPage()
    canvas.save()
    return pypdfium2.PdfDocument(buffer.getvalue())[0]


@pytest.fixture(scope="module")
def page():
    return _one_page(Drawing(60.0, 45.0, (Rect(3, 3, 50, 30, Paint(fill="#c8d8a0", stroke="#202020", stroke_mm=0.6)),
                                          circle(40, 30, 9, Paint(fill="#8030a0")),
                                          Text(8, 20, "Hex 0101", size_mm=4.0, fill="#000000"))))


def test_strips_give_the_pixels_of_a_whole_page_render(page, monkeypatch: pytest.MonkeyPatch) -> None:
    scale, size = 3.0, (170, 127)  # cut a little short of the page, as a board's whole pixels are
    whole = page.render(scale=scale, fill_color=(255, 255, 255, 255)).to_pil().convert("RGB").crop((0, 0, *size))
    monkeypatch.setattr(raster, "STRIP_BYTES", size[0] * 3 * 16)  # 8 strips of 16 rows
    striped = Image.open(io.BytesIO(page_png(page, scale, *size)))
    assert striped.size == size
    difference = ImageChops.difference(whole, striped.convert("RGB"))
    assert max(high for _, high in difference.getextrema()) <= 2  # anti-aliasing may round differently
    assert sum(difference.convert("L").histogram()[1:]) <= size[0] * size[1] // 100


GREY_CHART = Drawing(60.0, 45.0, (Rect(3, 3, 50, 30, Paint(fill="#e0e0e0", stroke="#202020", stroke_mm=0.4)),
                                  Text(8, 20, "2:1  3:1  4:1", size_mm=4.0, fill="#000000")))


def test_grey_picture_is_a_greyscale_png_of_the_same_pixels() -> None:
    page = _one_page(GREY_CHART)
    scale, size = 3.0, (170, 127)
    whole = page.render(scale=scale, fill_color=(255, 255, 255, 255)).to_pil().convert("RGB").crop((0, 0, *size))
    picture = Image.open(io.BytesIO(page_png(page, scale, *size)))
    assert picture.mode == "L" and picture.size == size
    assert np.array_equal(np.asarray(picture.convert("RGB")), np.asarray(whole))


def test_coloured_picture_stays_rgb(page) -> None:
    assert Image.open(io.BytesIO(page_png(page, 3.0, 170, 127))).mode == "RGB"


def test_grey_picture_in_several_strips_stays_rgb(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(raster, "STRIP_BYTES", 170 * 3 * 16)
    picture = Image.open(io.BytesIO(page_png(_one_page(GREY_CHART), 3.0, 170, 127)))
    assert picture.mode == "RGB" and picture.size == (170, 127)


def test_pages_drawn_over_their_common_page_have_the_pixels_of_whole_pages() -> None:
    from builder.emit.vassal.art import common_items
    from builder.render.drawing import Group
    ground = (Rect(0, 0, 60, 45, Paint(fill="#c8d8a0")), circle(40, 30, 9, Paint(fill="#8030a0", opacity=0.5)))
    names = [Drawing(60.0, 45.0, (Group((*ground, Text(8, 20, name, size_mm=4.0, fill="#000000")),
                                        clip=Rect(2, 2, 50, 40, Paint())),)) for name in ("Hex 0101", "Heks 0101")]
    common, rests = common_items([d.items for d in names])
    assert common == (Group(ground, clip=Rect(2, 2, 50, 40, Paint())),)
    under = _one_page(Drawing(60.0, 45.0, common))
    pictures = raster.pages_pngs([_one_page(Drawing(60.0, 45.0, rest)) for rest in rests], 3.0, 170, 127,
                                 under=under)
    for drawing, picture in zip(names, pictures):
        assert picture == page_png(_one_page(drawing), 3.0, 170, 127)


def test_pictures_that_begin_differently_share_nothing() -> None:
    from builder.emit.vassal.art import common_items
    a = (Rect(0, 0, 5, 5, Paint(fill="#ffffff")), Text(1, 1, "A", size_mm=2.0))
    b = (Rect(0, 0, 5, 5, Paint(fill="#000000")), Text(1, 1, "A", size_mm=2.0))
    assert common_items([a, b]) == ((), [a, b])
    assert common_items([a, a[:1]]) == (a[:1], [a[1:], ()])
