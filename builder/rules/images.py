"""Checks on the designer's art: image files that exist inside the game folder, print sharp, keep the
module small, and carry a credit where the game lists credits."""
from __future__ import annotations

from dataclasses import dataclass
from fnmatch import fnmatch
from pathlib import Path
from typing import Iterator

from builder.model.content import Game
from builder.model.template import Box
from builder.render.counters import layout_for_unit, marker_layout, side_mm
from builder.render.images import FULL_FACE, ImageError, image_size, printed_dpi
from builder.render.typeset import structure
from builder.diagnostics import WARNING, Finding, Location, location_in, location_of
from builder.rules.index import Index
from builder.rules.registry import check

MIN_DPI = 300.0
"""Below this a raster image prints visibly soft at its printed size."""
LARGE_BYTES = 1 << 20
"""An image file larger than this (1 MiB) swells the VASSAL module and every PDF that prints it."""


@dataclass(frozen=True)
class UsedImage:
    """An image a content file names, where it names it, and the box it prints in (mm; 0 when unknown)."""

    at: Location
    value: str
    w_mm: float
    h_mm: float


def _box_mm(box: Box, side: float) -> tuple[float, float]:
    return box.w * side, box.h * side


def used_images(game: Game) -> Iterator[UsedImage]:
    """Yield every image the counters name, with the box it prints in: a unit type's with the box of the first
    unit that shows it (0 × 0 when none does)."""
    side = side_mm(game)
    shown: dict[str, tuple[float, float]] = {}
    for unit in game.counters.units:
        layout = layout_for_unit(game, unit)
        box = _box_mm(layout.image or layout.symbol or FULL_FACE, side)
        if unit.image:
            yield UsedImage(location_of(unit, "image"), unit.image, *box)
        else:
            shown.setdefault(unit.type, box)
        for step in unit.steps:
            if step.image:
                yield UsedImage(location_of(step, "image"), step.image, *box)
    for unit_type in game.counters.unit_types:
        if unit_type.image:
            yield UsedImage(location_of(unit_type, "image"), unit_type.image, *shown.get(unit_type.id, (0.0, 0.0)))
    yield from _map_images(game)
    yield from _rulebook_images(game)
    marker_box = _box_mm(marker_layout(game).image or FULL_FACE, side)
    for marker in game.counters.markers:
        for face in marker.faces:
            if face.image:
                yield UsedImage(location_of(face, "image"), face.image, *marker_box)


def _map_images(game: Game) -> Iterator[UsedImage]:
    """Yield the images on the maps: a painting with no print size here (its scale comes from the grid), and
    the images on top with their boxes."""
    for map_ in game.maps.maps:
        if map_.art.background is not None:
            yield UsedImage(location_of(map_.art.background, "image"), map_.art.background.image, 0.0, 0.0)
        for placed in map_.art.images:
            yield UsedImage(location_of(placed, "image"), placed.image, placed.w_mm, placed.h_mm)


def _rulebook_images(game: Game) -> Iterator[UsedImage]:
    """Yield the cover and the figures of the rulebooks (their print size follows the column: not known here)."""
    if game.game.document.cover:
        yield UsedImage(location_of(game.game.document, "cover"), game.game.document.cover, 0.0, 0.0)
    for book in game.rulebooks:
        for block in book.blocks():
            for piece in structure.pieces(block.text):
                if piece.kind == "figure":
                    _, path = structure.figure(block.text[piece.start:piece.end])
                    yield UsedImage(location_in(block.at, block.text, piece.start), path, 0.0, 0.0)


def _file(game: Game, value: str) -> Path:
    return (game.root / value).resolve()


def _distinct(game: Game) -> Iterator[UsedImage]:
    seen = set()
    for used in used_images(game):
        if (used.at, used.value) not in seen:
            seen.add((used.at, used.value))
            yield used


@check("image/outside-folder")
def images_outside_the_game_folder(game: Game, ix: Index) -> Iterator[Finding]:
    """Every image is a file inside the game folder.

    Why: a game folder is shared and built elsewhere; art outside it is missing there.
    Fails:  image: ../../art/tank.svg
    Passes: image: art/tank.svg
    """
    root = game.root.resolve()
    for used in _distinct(game):
        if not _file(game, used.value).is_relative_to(root):
            yield Finding(used.at, f'image "{used.value}" is outside the game folder',
                          "copy it into the game folder (art/…) and name it from there", subject=used.value)


@check("image/missing")
def missing_images(game: Game, ix: Index) -> Iterator[Finding]:
    """Every image exists and can be read as SVG, PNG or JPEG.

    Why: a counter whose art cannot be read prints without it.
    Fails:  image: art/tnak.svg
    Passes: image: art/tank.svg
    """
    root = game.root.resolve()
    for used in _distinct(game):
        path = _file(game, used.value)
        if not path.is_relative_to(root):
            continue
        if not path.is_file():
            yield Finding(used.at, f'image "{used.value}" does not exist', "check the path: it is read from the "
                          "game folder", subject=used.value)
            continue
        try:
            image_size(path)
        except ImageError as error:
            yield Finding(used.at, str(error), "save it as SVG, PNG or JPEG", subject=used.value)


def _readable(game: Game) -> Iterator[tuple[UsedImage, Path]]:
    root = game.root.resolve()
    for used in _distinct(game):
        path = _file(game, used.value)
        if path.is_relative_to(root) and path.is_file():
            try:
                image_size(path)
            except ImageError:
                continue
            yield used, path


@check("image/low-resolution", severity=WARNING)
def low_resolution_images(game: Game, ix: Index) -> Iterator[Finding]:
    """A PNG or JPEG has at least 300 pixels per inch at the size it prints.

    Why: below that the printed art is soft or shows its pixels.
    Fails:  a 40 × 40 px PNG in a 10 mm box (102 dpi)
    Passes: a 200 × 200 px PNG in a 10 mm box (508 dpi), or an SVG
    """
    for used, path in _readable(game):
        size = image_size(path)
        if size.vector or not used.w_mm:
            continue
        dpi = printed_dpi(size, used.w_mm, used.h_mm)
        if dpi < MIN_DPI:
            yield Finding(used.at, f'image "{used.value}" ({size.width:.0f} × {size.height:.0f} px) prints at '
                          f"{dpi:.0f} dpi in its {used.w_mm:.1f} × {used.h_mm:.1f} mm box", "use a file with "
                          f"{MIN_DPI:.0f} dpi at that size, or an SVG", subject=used.value)


@check("image/large-file", severity=WARNING)
def large_images(game: Game, ix: Index) -> Iterator[Finding]:
    """An image file is at most 1 MiB.

    Why: every image goes into the VASSAL module and the PDFs; large files make them slow to share and load.
    Fails:  image: art/scan-600dpi.png (14.2 MiB)
    Passes: image: art/tank.svg (2 KiB)
    """
    seen = set()
    for used, path in _readable(game):
        size = path.stat().st_size
        if size > LARGE_BYTES and path not in seen:
            seen.add(path)
            yield Finding(used.at, f'image "{used.value}" is {size / (1 << 20):.1f} MiB', "scale it to the size it "
                          "prints at (300 dpi), or save it as JPEG or SVG", subject=used.value)


@check("image/no-credit", severity=WARNING)
def images_without_credit(game: Game, ix: Index) -> Iterator[Finding]:
    """Once the game lists art credits, every image it prints is covered by one.

    Why: openly licensed art (CC BY) must be credited; an image nobody credited may not be the game's to print.
    Fails:  art_credits: [{files: [art/tank.svg], …}] and image: art/gun.svg
    Passes: art_credits: [{files: ["art/*.svg"], …}]
    """
    credits = game.game.art_credits
    if not credits:
        return
    patterns = [pattern for credit in credits for pattern in credit.files]
    for used in _distinct(game):
        if not any(fnmatch(used.value, pattern) for pattern in patterns):
            yield Finding(used.at, f'image "{used.value}" has no art credit', "add it to a credit's `files` in "
                          "game.yaml `art_credits`", subject=used.value)
