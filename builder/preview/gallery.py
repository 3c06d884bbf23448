"""Turn one build's manifest into the page's sections, rendering PDF pages to PNG where they are shown."""
from __future__ import annotations

import io
from pathlib import Path, PurePosixPath

import pypdfium2
from PIL.Image import Image

from builder.emit.output import write_atomic
from builder.preview.state import Item, Section, Show

PAGE_DPI = 96.0
"""PDF pages are shown at screen resolution: an A4 page is 794 pixels wide."""

PDF_POINTS_PER_INCH = 72.0

MAX_PAGES = 40
"""At most this many pages of one PDF are rendered; the link opens the whole document."""

SECTIONS: tuple[tuple[str, str], ...] = (
    ("counters", "Counter sheets"),
    ("map", "Map"),
    ("charts", "Charts and player aids"),
    ("rulebook", "Rulebook"),
    ("setup", "Setup cards"),
    ("other", "Other files"),
)
"""The page's sections, in order, by id and title."""

VIEWS: dict[str, tuple[str, Show]] = {
    "counters-svg": ("counters", "image"),
    "counters-pdf": ("counters", "link"),
    "map-svg": ("map", "image"),
    "map-pdf": ("map", "link"),
    "charts-svg": ("charts", "image"),
    "charts-pdf": ("charts", "link"),
    "aid-pdf": ("charts", "pages"),
    "rules-pdf": ("rulebook", "pages"),
    "setup-pdf": ("setup", "pages"),
}
"""Where each artifact kind goes and how it is shown; other kinds are linked under "Other files"."""

HIDDEN_KINDS = frozenset({"counter-face-svg", "counter-face-png", "counters-png"})
"""Kinds left off the page: every face and sheet is already on the counter sheets (their SVGs)."""


def render_pages(pdf: Path, target: Path, *, limit: int = MAX_PAGES) -> tuple[list[Path], int]:
    """Render the first `limit` pages of `pdf` as PNG files `target-pNN.png`; return them and the page count."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        written = []
        for index in range(min(len(document), limit)):
            image = document[index].render(scale=PAGE_DPI / PDF_POINTS_PER_INCH).to_pil()
            png = target.with_name(f"{target.name}-p{index + 1:02d}.png")
            write_atomic(png, _png_bytes(image))
            written.append(png)
        return written, len(document)
    finally:
        document.close()


def _png_bytes(image: Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def _label(entry: dict) -> str:
    path = PurePosixPath(entry["path"])
    return path.stem if VIEWS.get(entry["kind"], ("", "link"))[1] == "image" else path.name


def _show(entry: dict, first_paper: dict[str, str]) -> Show:
    """Return how to show an entry; a PDF that comes in several papers shows the pages of the first only."""
    show = VIEWS.get(entry["kind"], ("other", "link"))[1]
    paper = entry.get("paper")
    if show == "pages" and paper is not None and first_paper.setdefault(entry["kind"], paper) != paper:
        return "link"
    return show


def _item(entry: dict, folder: Path, url: str, pages_dir: Path, show: Show) -> Item:
    lang = entry.get("lang", "")
    if show != "pages":
        return Item(_label(entry), url + entry["path"], show, lang=lang)
    target = pages_dir.joinpath(*PurePosixPath(entry["path"]).parts)
    pngs, count = render_pages(folder.joinpath(*PurePosixPath(entry["path"]).parts), target)
    page_urls = tuple(f"{url}{pages_dir.name}/{png.relative_to(pages_dir).as_posix()}" for png in pngs)
    note = f"first {len(pngs)} of {count} pages" if count > len(pngs) else f"{count} page(s)"
    return Item(_label(entry), url + entry["path"], "pages", page_urls, note, lang)


def gallery(artifacts: list[dict], folder: Path, url: str) -> tuple[Section, ...]:
    """Return the page's sections for the manifest entries of one build in `folder`, served under `url`.

    PNG renders of PDF pages go to `folder/.pages/`, next to the artifacts, so they share the URL prefix.
    """
    pages_dir = folder / ".pages"
    first_paper: dict[str, str] = {}
    grouped: dict[str, list[Item]] = {section: [] for section, _ in SECTIONS}
    for entry in artifacts:
        if entry["kind"] in HIDDEN_KINDS:
            continue
        section = VIEWS.get(entry["kind"], ("other", "link"))[0]
        grouped[section].append(_item(entry, folder, url, pages_dir, _show(entry, first_paper)))
    return tuple(Section(section, title, tuple(grouped[section])) for section, title in SECTIONS if grouped[section])
