"""The fonts sandtable draws with: DejaVu TTFs shipped in the package, or the game's own, registered explicitly.

Shipping the files (Bitstream Vera licence, see fonts/LICENSE-DejaVu.txt) makes every machine draw
and measure the same glyphs, with Polish and Portuguese diacritics, whatever fonts it has. A game may
choose its own (`print.font`, `print.fonts.<role>`: a TrueType file in its folder or an installed family
found with fontconfig); the emitters then draw inside `using_fonts(table)`, which points each font key
at the chosen faces, so measuring and drawing read the same metrics.

Font keys, as Text.font names them: "sans", "italic" (body), "headings", "condensed" (counter words),
"values" (counter numbers), "labels" (map labels). A key the table lacks falls back along FALLBACK.
"""
from __future__ import annotations

import shutil
import struct
import subprocess
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont, TTFontFile

from builder.mechanisms import kept
from builder.memo import Remembered

if TYPE_CHECKING:
    from builder.model.content import Game


FONT_DIR = Path(__file__).resolve().parent / "fonts"
SHIPPED_FAMILY = "DejaVu Sans"
FONT_SUFFIXES = (".ttf", ".otf")


@dataclass(frozen=True)
class Face:
    """One font face: the family name SVG uses and the file behind it (a shipped name or an absolute path).

    The condensed faces belong to the family "DejaVu Sans" with a condensed stretch: that is how
    their files name them, so SVG renderers find them by `font-stretch`, not by a family of their own.
    """

    family: str
    file: str
    bold: bool = False
    italic: bool = False
    condensed: bool = False

    @property
    def pdf_name(self) -> str:
        """Return the name the face is registered under in reportlab."""
        return Path(self.file).stem

    @property
    def path(self) -> Path:
        """Return the TTF file."""
        return FONT_DIR / self.file

    @property
    def shipped(self) -> bool:
        """Whether the face is one of sandtable's own DejaVu files."""
        return self.path.parent == FONT_DIR


FaceTable = dict[tuple[str, bool], Face]
FACES: FaceTable = {
    ("sans", False): Face("DejaVu Sans", "DejaVuSans.ttf"),
    ("sans", True): Face("DejaVu Sans", "DejaVuSans-Bold.ttf", bold=True),
    ("condensed", False): Face("DejaVu Sans", "DejaVuSansCondensed.ttf", condensed=True),
    ("condensed", True): Face("DejaVu Sans", "DejaVuSansCondensed-Bold.ttf", bold=True, condensed=True),
    ("italic", False): Face("DejaVu Sans", "DejaVuSans-Oblique.ttf", italic=True),
}
"""The shipped faces by font key, with and without bold."""
FALLBACK = {"headings": "sans", "values": "condensed", "labels": "condensed"}
"""The key a font key falls back to when a table names no face for it."""
ROLE_KEYS = {"body": ("sans",), "headings": ("headings",), "counter_names": ("condensed",),
             "counter_values": ("values",), "map_labels": ("labels",)}
"""The font keys each role of `print.fonts` sets."""

_active: FaceTable = FACES
"""The faces drawn with now."""
_held: FaceTable = FACES
"""The faces drawn with outside any `using_fonts` block (`hold_fonts`)."""
_blocks = 0
"""How many `using_fonts` blocks are open."""
_font_caches: list[Callable[[], None]] = []


def font_cached(maxsize: int) -> Callable[[Callable], Callable]:
    """Return lru_cache(maxsize), remembered so that a change of font table empties the cache (what it keeps
    was measured or written with the faces of the table in use)."""
    def wrap(function: Callable) -> Callable:
        cached = lru_cache(maxsize=maxsize)(function)
        on_font_change(cached.cache_clear)
        return cached
    return wrap


def on_font_change(clear: Callable[[], None]) -> None:
    """Call `clear` whenever the font table in use changes (a cache of what was drawn with the faces before)."""
    _font_caches.append(clear)


@contextmanager
def using_fonts(table: FaceTable | None) -> Iterator[None]:
    """Draw with `table` (None: the shipped faces) inside the block."""
    global _blocks
    before = _active
    _blocks += 1
    _switch(table or FACES)
    try:
        yield
    finally:
        _blocks -= 1
        _switch(before if _blocks else _held)


def hold_fonts(table: FaceTable | None) -> None:
    """Draw with `table` (None: the shipped faces) outside any `using_fonts` block, from now on (inside one,
    from when the outermost ends).

    A build on several processes holds each game's faces while it draws what the game's tasks share, checks
    the game and forks its tasks (builder/pipeline/scheduling.py): what was drawn, measured and compiled with
    them is then still remembered when a task draws with them, rather than forgotten by the change back to the
    shipped faces and made again in each task."""
    global _held
    _held = table or FACES
    if not _blocks:
        _switch(_held)


def _switch(table: FaceTable) -> None:
    """Draw with `table` now, forgetting what was drawn with other faces (`on_font_change`)."""
    global _active
    if table != _active:
        _active = table
        for clear in _font_caches:
            clear()


def face(font: str, bold: bool = False, table: FaceTable | None = None) -> Face:
    """Return the face for a font key; unknown keys fall back along FALLBACK, then to sans."""
    table = table or _active
    found = table.get((font, bold)) or table.get((font, False))
    if found is None and font in FALLBACK:
        return face(FALLBACK[font], bold, table)
    return found or table.get(("sans", bold)) or FACES[("sans", bold)]


@lru_cache(maxsize=None)
def _register(chosen: Face) -> str:
    if chosen.pdf_name not in pdfmetrics.getRegisteredFontNames():
        font = TTFont(chosen.pdf_name, str(chosen.path))
        if kept("once"):
            _subsets_once(font.face)
        pdfmetrics.registerFont(font)
    return chosen.pdf_name


def _subsets_once(file: TTFontFile) -> None:
    """Make each subset of the face once per process (mechanism `once`): a map sheet's PDFs on its eight
    papers embed the same glyphs, and reportlab's makeSubset parses the font anew for each."""
    make, made = file.makeSubset, Remembered(64)

    def subset(glyphs: list[int]) -> bytes:
        key = tuple(glyphs)
        found = made.get(key)
        if found is None:
            found = make(glyphs)
            made.put(key, found, len(found))
        return found

    file.makeSubset = subset


def registered(font: str, bold: bool = False) -> str:
    """Register the face with reportlab once and return its PDF name."""
    return _register(face(font, bold))


@font_cached(maxsize=1 << 16)
def em_width(text: str, font: str = "sans", bold: bool = False) -> float:
    """Return the advance width of `text` set 1 mm high (remembered: charts, labels and counters
    measure the same words at several sizes and widths)."""
    return pdfmetrics.stringWidth(text, registered(font, bold), 1000.0) / 1000.0


def text_width_mm(text: str, size_mm: float, font: str = "sans", bold: bool = False) -> float:
    """Return the advance width of `text` set at `size_mm`, from the font's own metrics."""
    return em_width(text, font, bold) * size_mm


@lru_cache(maxsize=None)
def _covered(chosen: Face) -> frozenset[int]:
    _register(chosen)
    return frozenset(pdfmetrics.getFont(chosen.pdf_name).face.charToGlyph.keys())


def missing_glyphs(text: str, font: str = "sans", bold: bool = False, table: FaceTable | None = None) -> list[str]:
    """Return the characters of `text` that the font (of `table`, or the one in use) has no glyph for."""
    covered = _covered(face(font, bold, table))
    return sorted({ch for ch in text if ord(ch) not in covered and not ch.isspace()})


def font_files() -> list[str]:
    """Return every shipped TTF and the faces in use, for the PNG rasteriser."""
    chosen = {str(f.path) for f in _active.values()}
    return sorted({str(p) for p in FONT_DIR.glob("*.ttf")} | chosen)


@dataclass(frozen=True)
class FontFiles:
    """A chosen font: its regular face and the bold and italic ones (the regular where it has none)."""

    regular: Face
    bold: Face
    italic: Face


def resolve_font(spec: str, root: Path) -> tuple[FontFiles | None, str]:
    """Return the font a `print.font` value names (None for the shipped DejaVu) and "", or None and what is wrong."""
    if spec in ("", SHIPPED_FAMILY):
        return None, ""
    if spec.lower().endswith(FONT_SUFFIXES) or "/" in spec:
        return _font_file(spec, root.resolve())
    return _installed_family(spec)


@lru_cache(maxsize=None)
def _font_file(spec: str, root: Path) -> tuple[FontFiles | None, str]:
    path = (root / spec).resolve()
    if not path.is_relative_to(root):
        return None, f'font file "{spec}" is outside the game folder'
    if not path.is_file():
        return None, f'font file "{spec}" does not exist'
    regular, problem = _read_face(path)
    if regular is None:
        return None, problem
    bold, italic = _sibling(path, "Bold", regular), _sibling(path, "Italic", regular)
    return FontFiles(regular, bold or regular, italic or regular), ""


def _sibling(path: Path, style: str, regular: Face) -> Face | None:
    stem = path.stem
    names = [stem.replace("Regular", style)] if "Regular" in stem else [f"{stem}-{style}", f"{stem}{style}"]
    for name in names:
        candidate = path.with_name(name + path.suffix)
        if candidate.is_file():
            found, _ = _read_face(candidate)
            if found is not None:
                return Face(regular.family, found.file, bold=style == "Bold", italic=style == "Italic")
    return None


def _read_face(path: Path) -> tuple[Face | None, str]:
    try:
        info = TTFontFile(str(path), charInfo=0)
    except (TTFError, OSError, ValueError, KeyError, IndexError, struct.error) as error:  # struct: a cut-off file
        return None, (f'font file "{path.name}" cannot be embedded: {error} (sandtable embeds TrueType outlines; '
                      "an OpenType file with PostScript outlines does not work)")
    family = (info.familyName or path.stem).decode() if isinstance(info.familyName, bytes) else info.familyName
    return Face(family or path.stem, str(path)), ""


@lru_cache(maxsize=None)
def _installed_family(family: str) -> tuple[FontFiles | None, str]:
    if shutil.which("fc-match") is None:
        return None, f'font "{family}" cannot be looked up: fontconfig (fc-match) is not installed'
    faces = []
    for style in ("Regular", "Bold", "Italic"):
        found = subprocess.run(["fc-match", "-f", "%{family}\t%{file}", f"{family}:style={style}"],
                               capture_output=True, text=True, check=False).stdout
        names, _, file = found.partition("\t")
        if family.lower() not in [name.strip().lower() for name in names.split(",")]:
            return None, f'no installed font family is called "{family}" (fontconfig offers "{names}")'
        if not file.lower().endswith(".ttf"):
            return None, f'font "{family}" is installed as "{Path(file).name}", which is not a TrueType file'
        face_found, problem = _read_face(Path(file))
        if face_found is None:
            return None, problem
        faces.append(Face(family, face_found.file, bold=style == "Bold", italic=style == "Italic"))
    return FontFiles(*faces), ""


def role_table(chosen: dict[str, FontFiles | None]) -> FaceTable | None:
    """Return the face table for the fonts chosen per role (None: a role keeps the shipped faces)."""
    if not any(chosen.values()):
        return None
    table = dict(FACES)
    for role, files in chosen.items():
        if files is None:
            for key in ROLE_KEYS[role]:
                shipped = FALLBACK.get(key, key)
                table[(key, False)], table[(key, True)] = FACES[(shipped, False)], FACES[(shipped, True)]
            continue
        for key in ROLE_KEYS[role]:
            table[(key, False)], table[(key, True)] = files.regular, files.bold
        if role == "body":
            table[("italic", False)] = files.italic
    return table


def role_specs(fonts: object) -> dict[str, str]:
    """Return the `print.fonts` model as {role: value} (read field by field: no serialiser is built for it)."""
    return {role: getattr(fonts, role, "") for role in ROLE_KEYS}


def chosen_fonts(root: Path, font: str, roles: dict[str, str]) -> dict[str, tuple[str, FontFiles | None, str]]:
    """Return, for each role, the `print.fonts` field that chose its font ("" for `print.font`), the font
    found (None: shipped) and what is wrong with it ("" if nothing)."""
    out = {}
    for role in ROLE_KEYS:
        spec = roles.get(role, "")
        files, problem = resolve_font(spec or font, root)
        out[role] = (role if spec else "", files, problem)
    return out


def game_font_table(root: Path, font: str, roles: dict[str, str]) -> FaceTable | None:
    """Return the face table a game's print settings choose (fonts that cannot be found keep the shipped faces:
    the check `font/not-found` refuses them before anything is emitted)."""
    return role_table({role: files for role, (_, files, _) in chosen_fonts(root, font, roles).items()})


def game_faces(game: Game) -> FaceTable | None:
    """Return the faces `game` prints with, its `print.font` and `print.fonts` (None: the shipped ones):
    its emitters draw with them, and its checks measure with them (`using_fonts`)."""
    chosen = game.game.print
    return game_font_table(game.root, chosen.font, role_specs(chosen.fonts))
