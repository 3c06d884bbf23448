"""The drawing backends' fast paths against the slow, obvious ones.

render/pdf.py writes a drawing's content stream itself, once, and reuses it on every canvas; it must
show what drawing through reportlab's canvas calls shows (render/pdf_canvas.py, the oracle): the same
pixels, strings at the same places and the same embedded fonts, whatever bytes the installed reportlab
writes (tests/render/shown.py).
"""
from __future__ import annotations

import io
import random

import numpy as np
import pypdfium2
import pytest
from PIL import Image as PILImage
from reportlab.lib.units import mm as PT_PER_MM

from builder.memo import Remembered
from builder.render import pdf as backend
from builder.render.drawing import Drawing, Ellipse, Group, Item, Marks, Paint, Path, Polyline, Rect, Text, circle
from builder.render.pdf import draw_picture
from builder.render.pdf_canvas import draw_plainly
from builder.render.pdf_forms import FormCache, keep_states
from builder.render.pdf_paths import shape_code, trace_one_by_one
from builder.render.png import face_pngs
from builder.render.svg import marks_data, num, path_data, svg_text
from tests.render.shown import assert_shows_the_same


# --- the oracle: a drawing drawn through reportlab's canvas, item by item (render/pdf_canvas.py) -------

def _oracle_drawing(canvas, drawing: Drawing, x_pt: float, y_pt: float) -> None:
    draw_plainly(canvas, drawing, x_pt, y_pt, picture=draw_picture)


def _oracle_forms(canvas, faces: list[tuple[Drawing, float, float]]) -> None:
    names: dict[Drawing, str] = {}
    for drawing, x_pt, y_pt in faces:
        name = names.get(drawing)
        if name is None:
            name = names[drawing] = f"F{len(names) + 1}"
            canvas.beginForm(name, lowerx=0, lowery=0, upperx=drawing.width_mm * PT_PER_MM,
                             uppery=drawing.height_mm * PT_PER_MM)
            _oracle_drawing(canvas, drawing, 0, 0)
            canvas.endForm()
            keep_states(canvas, name)  # reportlab's form leaves its transparency states out of its resources
        canvas.saveState()
        canvas.translate(x_pt, y_pt)
        canvas.doForm(name)
        canvas.restoreState()


# --- drawings that touch every path of the backend ---------------------------------------------------

def _sampler(seed: int) -> Drawing:
    rng = random.Random(seed)

    def xy() -> tuple[float, float]:
        return rng.uniform(0, 60), rng.uniform(0, 40)

    ink = Paint(stroke="#202020", stroke_mm=0.3, cap="round", join="bevel")
    long_path = tuple(("M", xy()) if k % 7 == 0 else ("L", xy()) if k % 3 else ("C", (*xy(), *xy(), *xy()))
                      for k in range(200)) + (("Z", ()),)
    items: list[Item] = [
        Rect(0, 0, 60, 40, Paint(fill="#e8e0c8")),
        Rect(2, 2, 20, 10, Paint(fill="#c8d8a0", stroke="#000000", stroke_mm=0.4), radius_mm=1.5),
        circle(30, 20, 6, Paint(fill="#8030a0")),
        Ellipse(40, 10, 5, 2.5, Paint(stroke="#003366", stroke_mm=0.2, dash_mm=(1.0, 0.5))),
        Polyline((xy(), xy(), xy()), ink),
        Polyline(tuple(xy() for _ in range(80)), Paint(fill="#ffcc00", stroke="#aa0000", stroke_mm=0.1),
                 closed=True),
        Path((("M", (1, 1)), ("Q", (5, 9, 10, 1)), ("L", (12, 3)), ("Z", ())), ink),
        Path(long_path, Paint(stroke="#405060", stroke_mm=0.05)),
        Path(tuple(("M", xy()) if k % 2 == 0 else ("Q", (*xy(), *xy())) for k in range(40)), ink),
        *(Marks.of(letters, (rng.uniform(0, 60) for _ in range(count * arity)), ink)
          for letters, arity, count in (("MLLML", 10, 30), ("MQQ", 10, 20), ("MLLLZ", 8, 12), ("ML", 4, 1))),
        Marks.of("MQQ", (rng.uniform(0, 60) for _ in range(80)), Paint(stroke="#405060", stroke_mm=0.1, opacity=0.5)),
        Rect(5, 5, 3, 3, Paint()),  # paints nothing
        Text(30, 30, "Łódź — Gazala 1942", 3.0, anchor="middle"),
        Text(58, 38, "3-4-6", 2.5, fill="#ffffff", font="condensed", bold=True, anchor="end"),
        Text(2, 38, "(x) \\ ñ", 2.0, font="italic"),
        Group((Rect(0, 0, 4, 4, Paint(fill="#336699")), Text(0, 3, "rot", 2.0)), dx_mm=40, dy_mm=30,
              rotate_deg=30, scale=0.8, clip=Rect(-1, -1, 6, 6, Paint())),
        Group((Rect(0, 0, 8, 2, Paint(fill="#ff0000", opacity=0.4)), Rect(0, 3, 8, 2, Paint(fill="#00ff00"))),
              dy_mm=15),
        Rect(50, 2, 8, 8, Paint(fill="#ffffff", stroke="#c0392b", stroke_mm=0.35, opacity=0.35)),
        Rect(50, 2, 8, 8, Paint(stroke="#c0392b", stroke_mm=0.35)),
    ]
    return Drawing(60.0, 40.0, tuple(items), title=f"sampler {seed}")


def _pdf(draw) -> bytes:
    buffer = io.BytesIO()
    canvas = backend.new_canvas(buffer, 210 * PT_PER_MM, 297 * PT_PER_MM, title="test")
    draw(canvas)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


@pytest.mark.parametrize("seed", [1, 2])
def test_drawing_on_a_page_shows_what_the_canvas_calls_show(seed: int) -> None:
    drawing = _sampler(seed)
    assert_shows_the_same(_pdf(lambda c: backend.draw_drawing(c, drawing, 20, 30)),
                          _pdf(lambda c: _oracle_drawing(c, drawing, 20, 30)))


def _without_groups(drawing: Drawing) -> Drawing:
    return Drawing(drawing.width_mm, drawing.height_mm, tuple(i for i in drawing.items if not isinstance(i, Group)),
                   drawing.title)


def test_forms_show_what_begin_form_and_end_form_show() -> None:
    plain, other, translucent = _without_groups(_sampler(3)), _without_groups(_sampler(4)), _sampler(5)
    placed = [(plain, 10, 10), (other, 100, 10), (plain, 10, 200), (translucent, 100, 200), (translucent, 10, 400)]

    def ours(canvas) -> None:
        forms = FormCache(canvas)
        for drawing, x_pt, y_pt in placed:
            forms.place(drawing, x_pt, y_pt)

    assert_shows_the_same(_pdf(ours), _pdf(lambda c: _oracle_forms(c, placed)))


def test_a_content_stream_is_compiled_once_for_every_canvas() -> None:
    drawing = _sampler(6)
    first = _pdf(lambda c: backend.draw_drawing(c, drawing, 0, 0))
    assert _pdf(lambda c: backend.draw_drawing(c, drawing, 0, 0)) == first
    assert backend.compiled(drawing) is backend.compiled(drawing)
    again = Drawing(drawing.width_mm, drawing.height_mm, tuple(drawing.items), drawing.title)
    assert again is not drawing and backend.compiled(again) is backend.compiled(drawing)


def test_remembered_keeps_a_few_big_values_apart() -> None:
    memory = Remembered(3, big=1, big_from=100)
    for n in range(5):
        memory.put(n, f"small {n}", 10)
    memory.put("map", "big", 1000)
    memory.put("other map", "big too", 1000)
    assert [memory.get(n) for n in range(5)] == [None, None, "small 2", "small 3", "small 4"]
    assert memory.get("map") is None and memory.get("other map") == "big too"


def test_long_svg_paths_print_numbers_as_num_does() -> None:
    rng = random.Random(7)
    values = [rng.uniform(-500, 500) for _ in range(300)] + [0.0, -0.0, -0.0004, 0.0005, 100.0, 10.01, 0.1,
                                                            -10.0, 999.9995, 1e-9, 5, -3, 2.5e-3, 10.005]
    commands = []
    for k in range(len(values) // 2):
        commands.append(("M" if k % 5 == 0 else "L", (values[2 * k], values[2 * k + 1])))
    commands += [("Q", tuple(values[:4])), ("C", tuple(values[4:10])), ("Z", ())]
    item = Path(tuple(commands), Paint(stroke="#000000", stroke_mm=0.1))
    slow = " ".join(c + (" " + " ".join(num(v) for v in vs) if vs else "") for c, vs in commands)
    assert path_data(item) == slow
    line = Polyline(tuple(zip(values[0::2], values[1::2])), Paint(stroke="#000000", stroke_mm=0.1))
    assert f'points="{" ".join(f"{num(x)},{num(y)}" for x, y in line.points)}"' in \
        svg_text(Drawing(10, 10, (line,)))


def test_marks_are_written_as_the_path_of_their_commands() -> None:
    for item in (i for i in _sampler(9).items if isinstance(i, Marks)):
        path = Path(item.commands, item.paint)
        assert len(path.commands) == item.count * len(item.letters)
        assert marks_data(item) == path_data(path)
        assert shape_code(item) == trace_one_by_one(path)


def test_a_face_written_twice_in_svg_is_the_same_text() -> None:
    face = _without_groups(_sampler(8))
    sheet = Drawing(200, 100, (Group(face.items, dx_mm=10, dy_mm=10), Group(face.items, dx_mm=80, dy_mm=10)))
    alone = svg_text(face)
    body = alone[alone.index("</title>") + len("</title>"):alone.index("</svg>")]
    both = svg_text(sheet)
    assert both.count(body) == 2
    known: dict = {}
    assert svg_text(sheet, known=known) == both and svg_text(face, known=known) == alone
    assert len(known) >= 1


@pytest.mark.parametrize("px", [50, 96])
def test_face_pngs_are_each_face_rendered_alone(px: int) -> None:
    """Each face's PNG holds the very pixels of that face rendered on a page of its own (at a scale
    where the page is a whole number of pixels): no neighbour, no offset, no band of the gap."""
    faces = [Drawing(12.7, 12.7, (Rect(0, 0, 12.7, 12.7, Paint(fill=colour)),
                                  Text(6.35, 8, label, 4.0, anchor="middle", bold=True)))
             for colour, label in [("#c8d8a0", "1"), ("#8030a0", "22"), ("#ffffff", "3-3"), ("#202020", "x")]]
    pngs = face_pngs(faces, px=px)
    assert len(pngs) == len(faces)
    for face, png in zip(faces, pngs):
        picture = PILImage.open(io.BytesIO(png))
        assert picture.mode == "RGB" and picture.size == (px, px)
        buffer = io.BytesIO()
        canvas = backend.new_canvas(buffer, face.width_mm * PT_PER_MM, face.height_mm * PT_PER_MM)
        backend.draw_drawing(canvas, face, 0, 0)
        canvas.showPage()
        canvas.save()
        page = pypdfium2.PdfDocument(buffer.getvalue())[0]
        alone = page.render(scale=px / face.width_mm / PT_PER_MM, fill_color=(255, 255, 255, 255)).to_pil()
        assert np.array_equal(np.asarray(alone.convert("RGB"))[:px, :px], np.asarray(picture))
