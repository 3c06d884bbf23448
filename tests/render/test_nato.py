"""NATO unit symbols: golden SVGs, every symbol inside its frame, size marks above it, combinations."""
from __future__ import annotations

import io
import os
from collections.abc import Sequence
from pathlib import Path as FilePath

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from builder.render.drawing import Drawing, Ellipse, Item, Path, Point, Polyline, Rect
from builder.render.nato import HQ_STAFF, MODIFIERS, SIZE_BAND, SIZE_MARKS, SYMBOL_NAMES, nato_symbol, symbol_drawing
from builder.render.png import png_bytes
from builder.render.svg import svg_text

GOLDEN = FilePath(__file__).resolve().parent.parent / "golden" / "nato"
DRAWN = [name for name in SYMBOL_NAMES if name != "none"]
SMALLEST_FRAME_MM = (7.0, 4.7)
"""The smallest frame a 12 mm (1/2") counter gives its symbol."""
FRAMES_MM = [SMALLEST_FRAME_MM, (15.0, 10.0), (10.0, 10.0), (12.0, 5.0)]
EPSILON_MM = 1e-9

GOLDEN_CASES = {
    "infantry-II": (["infantry"], "II"),
    "armour-recon-III": (["armour", "recon"], "III"),
    "mechanised-XX": (["mechanised"], "XX"),
    "artillery-I": (["artillery"], "I"),
    "armour-hq-X": (["armour", "hq"], "X"),
    "infantry-airborne-XXX": (["infantry", "airborne"], "XXX"),
    "infantry-marines-team": (["infantry", "marines"], "team"),
    "anti-tank-XXXX": (["anti-tank"], "XXXX"),
    "infantry-mountain": (["infantry", "mountain"], ""),
    "marines-II": (["marines"], "II"),
    "airborne-III": (["airborne"], "III"),
    "hq-XXX": (["hq"], "XXX"),
}


def points_of(item: Item) -> list[Point]:
    """Return points whose bounding box holds the item's geometry (a curve lies inside its control points)."""
    if isinstance(item, Rect):
        return [(item.x_mm, item.y_mm), (item.x_mm + item.w_mm, item.y_mm + item.h_mm)]
    if isinstance(item, Ellipse):
        return [(item.cx_mm - item.rx_mm, item.cy_mm - item.ry_mm), (item.cx_mm + item.rx_mm, item.cy_mm + item.ry_mm)]
    if isinstance(item, Polyline):
        return list(item.points)
    if isinstance(item, Path):
        return [(values[i], values[i + 1]) for _, values in item.commands for i in range(0, len(values), 2)]
    raise AssertionError(f"a NATO symbol should not contain {type(item).__name__}")


def split(symbols: Sequence[str], size: str, x_mm: float, y_mm: float, w_mm: float, h_mm: float
          ) -> tuple[Rect, tuple[Item, ...], tuple[Item, ...]]:
    """Return the frame, the icons and the size mark of one symbol, checking the mark only adds items."""
    without = nato_symbol(symbols, "", x_mm=x_mm, y_mm=y_mm, w_mm=w_mm, h_mm=h_mm)
    full = nato_symbol(symbols, size, x_mm=x_mm, y_mm=y_mm, w_mm=w_mm, h_mm=h_mm)
    assert full[:len(without)] == without
    frame, *icons = without
    assert isinstance(frame, Rect)
    return frame, tuple(icons), full[len(without):]


def assert_inside(items: Sequence[Item], left: float, top: float, right: float, bottom: float) -> None:
    """Fail unless every point of every item lies in the rectangle."""
    for item in items:
        for x, y in points_of(item):
            assert left - EPSILON_MM <= x <= right + EPSILON_MM, (item, x)
            assert top - EPSILON_MM <= y <= bottom + EPSILON_MM, (item, y)


def staff_mm(symbols: Sequence[str], h_mm: float) -> float:
    """Return how far below the frame the symbols reach: the HQ staff's length, if they have one."""
    return HQ_STAFF * h_mm if "hq" in symbols else 0.0


def update_golden(request: pytest.FixtureRequest) -> bool:
    """Return whether to rewrite golden files: `pytest --update-golden` (when defined) or SANDTABLE_UPDATE_GOLDEN=1."""
    return bool(request.config.getoption("--update-golden", default=False)) or \
        os.environ.get("SANDTABLE_UPDATE_GOLDEN") == "1"


@pytest.mark.parametrize("case", sorted(GOLDEN_CASES))
def test_symbol_svg_matches_golden_file(case: str, request: pytest.FixtureRequest) -> None:
    symbols, size = GOLDEN_CASES[case]
    svg = svg_text(symbol_drawing(symbols, size)).encode("utf-8")
    golden = GOLDEN / f"{case}.svg"
    if update_golden(request):
        golden.write_bytes(svg)
    assert golden.exists(), f"missing {golden}; run SANDTABLE_UPDATE_GOLDEN=1 pytest and review the files"
    assert svg == golden.read_bytes()


def test_symbol_svg_is_byte_identical_across_calls() -> None:
    first = svg_text(symbol_drawing(["mechanised", "hq", "airborne"], "XX"))
    assert first == svg_text(symbol_drawing(["airborne", "mechanised", "hq"], "XX"))


@pytest.mark.parametrize("w_mm,h_mm", FRAMES_MM)
@pytest.mark.parametrize("name", DRAWN)
def test_every_symbol_draws_inside_its_frame(name: str, w_mm: float, h_mm: float) -> None:
    frame, icons, _ = split([name], "", 3.0, 5.0, w_mm, h_mm)
    assert (frame.x_mm, frame.y_mm, frame.w_mm, frame.h_mm) == (3.0, 5.0, w_mm, h_mm)
    assert icons, f"{name} draws no icon"
    assert_inside(icons, 3.0, 5.0, 3.0 + w_mm, 5.0 + h_mm + staff_mm([name], h_mm))


@pytest.mark.parametrize("w_mm,h_mm", FRAMES_MM)
@pytest.mark.parametrize("size", [s for s in SIZE_MARKS if s])
def test_every_size_mark_is_centred_in_the_band_above_the_frame(size: str, w_mm: float, h_mm: float) -> None:
    _, _, mark = split(["infantry"], size, 3.0, 5.0, w_mm, h_mm)
    assert mark
    assert_inside(mark, 3.0, 5.0 - SIZE_BAND * h_mm, 3.0 + w_mm, 5.0)
    xs = [x for item in mark for x, _ in points_of(item)]
    assert (min(xs) + max(xs)) / 2 == pytest.approx(3.0 + w_mm / 2)
    assert max(y for item in mark for _, y in points_of(item)) < 5.0, "the mark must clear the frame"


@pytest.mark.parametrize("size,strokes", [("I", 1), ("II", 2), ("III", 3)])
def test_company_to_regiment_marks_are_vertical_bars(size: str, strokes: int) -> None:
    _, _, (bars,) = split(["infantry"], size, 0.0, 10.0, 15.0, 10.0)
    assert isinstance(bars, Path)
    segments = [(bars.commands[i][1], bars.commands[i + 1][1]) for i in range(0, len(bars.commands), 2)]
    assert len(segments) == strokes
    assert all(a[0] == b[0] and a[1] != b[1] for a, b in segments)


@pytest.mark.parametrize("size", ["X", "XX", "XXX", "XXXX"])
def test_brigade_and_above_marks_are_crosses(size: str) -> None:
    _, _, (crosses,) = split(["infantry"], size, 0.0, 10.0, 15.0, 10.0)
    assert isinstance(crosses, Path)
    moves = [values for command, values in crosses.commands if command == "M"]
    assert len(moves) == 2 * len(size)


def test_team_mark_is_a_slashed_circle() -> None:
    _, _, mark = split(["infantry"], "team", 0.0, 10.0, 15.0, 10.0)
    assert [type(item) for item in mark] == [Ellipse, Path]
    ring = mark[0]
    assert ring.rx_mm == ring.ry_mm and ring.cx_mm == pytest.approx(7.5)


def test_size_marks_grow_wider_with_the_echelon() -> None:
    def width_mm(size: str) -> float:
        xs = [x for item in split(["infantry"], size, 0.0, 10.0, 15.0, 10.0)[2] for x, _ in points_of(item)]
        return max(xs) - min(xs)
    assert width_mm("I") < width_mm("II") < width_mm("III")
    assert width_mm("X") < width_mm("XX") < width_mm("XXX") < width_mm("XXXX") <= 15.0


def test_frame_takes_the_given_colours_and_line() -> None:
    frame, *icons = nato_symbol(["artillery", "infantry"], "", x_mm=0, y_mm=0, w_mm=9, h_mm=6,
                                frame="#202020", fill="#80e0ff", stroke_mm=0.3)
    assert isinstance(frame, Rect)
    assert (frame.paint.fill, frame.paint.stroke, frame.paint.stroke_mm) == ("#80e0ff", "#202020", 0.3)
    cross, dot = icons
    assert cross.paint.stroke == "#202020" and 0 < cross.paint.stroke_mm < 0.3
    assert dot.paint.fill == "#202020"


def test_lines_stay_printable_in_the_smallest_frame() -> None:
    w_mm, h_mm = SMALLEST_FRAME_MM
    for name in DRAWN:
        for item in nato_symbol([name], "XX", x_mm=0, y_mm=5, w_mm=w_mm, h_mm=h_mm):
            if item.paint.stroke:
                assert item.paint.stroke_mm >= 0.2, (name, item)


def test_mechanised_is_infantry_and_armour_overlaid() -> None:
    def icons(symbols: list[str]) -> tuple[Item, ...]:
        return split(symbols, "", 0, 0, 15, 10)[1]
    assert icons(["mechanised"]) == icons(["infantry", "armour"])
    assert set(icons(["motorised"])) > set(icons(["infantry"]))


@pytest.mark.parametrize("combo", [["armour", "recon"], ["infantry", "airborne"], ["artillery", "hq", "mountain"]])
def test_combined_symbols_overlay_each_one_in_any_order(combo: list[str]) -> None:
    def own(name: str) -> set[Item]:
        """Return a name's parts, without the infantry cross a modifier alone stands on."""
        cross = set(split(["infantry"], "", 0, 0, 15, 10)[1]) if name in MODIFIERS else set()
        return set(split([name], "", 0, 0, 15, 10)[1]) - cross
    combined = split(combo, "", 0, 0, 15, 10)[1]
    for name in combo:
        assert own(name) <= set(combined)
    assert len(combined) == sum(len(own(name)) for name in combo)
    assert split(list(reversed(combo)), "", 0, 0, 15, 10)[1] == combined


@pytest.mark.parametrize("modifier", sorted(MODIFIERS))
def test_a_modifier_alone_is_drawn_on_the_infantry_cross(modifier: str) -> None:
    alone = split([modifier], "", 0, 0, 15, 10)[1]
    assert alone == split(["infantry", modifier], "", 0, 0, 15, 10)[1]
    assert set(split(["infantry"], "", 0, 0, 15, 10)[1]) < set(alone)


def test_hq_staff_hangs_down_from_the_frames_lower_left_corner() -> None:
    frame, icons, _ = split(["hq"], "", 3.0, 5.0, 15.0, 10.0)
    assert icons == (Path((("M", (3.0, 15.0)), ("L", (3.0, 15.0 + HQ_STAFF * 10.0))), icons[0].paint),)


def test_repeated_names_are_drawn_once_and_text_is_one_name() -> None:
    single = nato_symbol(["infantry"], "II", x_mm=0, y_mm=5, w_mm=9, h_mm=6)
    assert nato_symbol(["infantry", "infantry"], "II", x_mm=0, y_mm=5, w_mm=9, h_mm=6) == single
    assert nato_symbol("infantry", "II", x_mm=0, y_mm=5, w_mm=9, h_mm=6) == single


def test_each_symbol_looks_different_except_cavalry_which_app6_draws_as_recon() -> None:
    icons = {name: split([name], "", 0, 0, 15, 10)[1] for name in DRAWN}
    assert icons["cavalry"] == icons["recon"]
    distinct = {icons[name] for name in DRAWN if name != "cavalry"}
    assert len(distinct) == len(DRAWN) - 1


def test_none_draws_nothing_and_an_empty_list_a_plain_frame() -> None:
    assert nato_symbol(["none"], "XX", x_mm=0, y_mm=5, w_mm=9, h_mm=6) == ()
    plain = nato_symbol([], "", x_mm=0, y_mm=5, w_mm=9, h_mm=6)
    assert len(plain) == 1 and isinstance(plain[0], Rect)
    assert nato_symbol(["none", "infantry"], "", x_mm=0, y_mm=5, w_mm=9, h_mm=6) == \
        nato_symbol(["infantry"], "", x_mm=0, y_mm=5, w_mm=9, h_mm=6)


def test_unknown_symbol_raises_value_error_naming_it() -> None:
    with pytest.raises(ValueError, match='unknown NATO symbol "armor": did you mean "armour"\\?'):
        nato_symbol(["infantry", "armor"], "II", x_mm=0, y_mm=5, w_mm=9, h_mm=6)
    with pytest.raises(ValueError, match='unknown NATO symbol "zeppelin": expected one of infantry, armour, mechanised'):
        symbol_drawing(["zeppelin"], "")


def test_unknown_size_or_empty_frame_raises_value_error() -> None:
    with pytest.raises(ValueError, match='unknown unit size "IIII": expected one of "", team, I, II'):
        nato_symbol(["infantry"], "IIII", x_mm=0, y_mm=5, w_mm=9, h_mm=6)
    with pytest.raises(ValueError, match="positive size"):
        nato_symbol(["infantry"], "", x_mm=0, y_mm=5, w_mm=0, h_mm=6)


def test_symbol_drawing_holds_frame_and_mark_with_room_for_the_band() -> None:
    drawing = symbol_drawing(["infantry", "airborne"], "XXXX", w_mm=15.0)
    assert drawing.title == "infantry + airborne, size XXXX"
    frame = drawing.items[0]
    assert isinstance(frame, Rect) and (frame.w_mm, frame.h_mm) == (15.0, 10.0)
    assert frame.y_mm - SIZE_BAND * frame.h_mm >= 0
    assert_inside(drawing.items, 0, 0, drawing.width_mm, drawing.height_mm)


def dark_pixels(drawing: Drawing, dpi: float) -> int:
    """Return how many pixels of the drawing's PNG are dark."""
    image = Image.open(io.BytesIO(png_bytes(drawing, dpi=dpi))).convert("RGBA")
    grey = Image.alpha_composite(Image.new("RGBA", image.size, "white"), image).convert("L")
    return sum(grey.histogram()[:128])


@pytest.mark.parametrize("name", DRAWN)
def test_every_symbol_shows_ink_in_the_smallest_frame_at_300_dpi(name: str) -> None:
    w_mm, h_mm = SMALLEST_FRAME_MM

    def drawing(symbols: list[str]) -> Drawing:
        return Drawing(w_mm + 1, h_mm + 1 + staff_mm(symbols, h_mm),
                       nato_symbol(symbols, "", x_mm=0.5, y_mm=0.5, w_mm=w_mm, h_mm=h_mm))
    # 40 px at 300 dpi is about a 0.2 mm line 2 mm long: the least an icon prints as.
    assert dark_pixels(drawing([name]), 300) - dark_pixels(drawing([]), 300) >= 40


frames = st.tuples(st.floats(-50, 50), st.floats(-50, 50), st.floats(4, 60), st.floats(3, 40))


@given(frames, st.lists(st.sampled_from(DRAWN), min_size=1, max_size=4), st.sampled_from(SIZE_MARKS))
@settings(max_examples=150, deadline=None)
def test_any_combination_in_any_frame_stays_in_frame_and_band(frame: tuple[float, ...], symbols: list[str],
                                                              size: str) -> None:
    x_mm, y_mm, w_mm, h_mm = frame
    _, icons, mark = split(symbols, size, x_mm, y_mm, w_mm, h_mm)
    assert_inside(icons, x_mm, y_mm, x_mm + w_mm, y_mm + h_mm + staff_mm(symbols, h_mm))
    assert_inside(mark, x_mm, y_mm - SIZE_BAND * h_mm, x_mm + w_mm, y_mm)
