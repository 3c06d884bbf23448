"""Counter sheets as print-and-play PDFs (one per paper) and SVGs (a file per sheet side and per face), and
PNGs of every face and sheet side for print-on-demand services and other tools."""
from __future__ import annotations

import io
import re
from typing import Callable

from reportlab.lib.units import inch as PT_PER_INCH, mm as PT_PER_MM

from builder.collector import collector_paused
from builder.model.base import text_in
from builder.model.content import Game
from builder.model.units import MM_PER_INCH
from builder.emit.output import Artifact
from builder.render.counter_sheet import (SheetGeometry, SheetSide, calibration_sides, expand_copies, paginate,
                                          sheet_geometry, sheet_sides)
from builder.render.counters import CounterPiece, all_counters
from builder.render.credits import document_info
from builder.render.drawing import Drawing, Group, Paint, Rect
from builder.render.pdf import draw_drawing, new_canvas
from builder.render.pdf_forms import FormCache
from builder.render.png import bitmap_png, face_pngs
from builder.phrases import phrase
from builder.render.svg import svg_text


SHARED = "*"
"""The `lang` of a face printed alike in every language of the game: its file serves every edition."""


def _title(game: Game, lang: str) -> str:
    return text_in(game.game.title, lang)


def _geometry(game: Game, paper: str, side: float) -> SheetGeometry:
    settings = game.game.print
    return sheet_geometry(paper, side, settings.bleed_mm, settings.duplex, gutter_mm=settings.gutter_mm,
                          gutter_colour=settings.gutter_colour)


def _group_key(game: Game) -> Callable[[CounterPiece], tuple[int, int]]:
    """Return the sort key of `print.sheet_order`: (side, formation) positions, or nothing for the mix's order."""
    order = game.game.print.sheet_order
    sides = {side.id: n for n, side in enumerate(game.game.sides)}
    formations = {formation.id: n for n, formation in enumerate(game.game.formations)}
    side_of = {n.id: n.side for n in game.game.nationalities}
    owners: dict[str, tuple[int, int]] = {}
    for unit in game.counters.units:
        owners[unit.id] = (sides.get(side_of.get(unit.nationality, ""), len(sides)),
                           formations.get(unit.formation or "", len(formations)))
    for marker in game.counters.markers:
        side = marker.side or side_of.get(marker.nationality or "", "")
        owners[marker.id] = (sides.get(side, len(sides)), len(formations))

    def key(piece: CounterPiece) -> tuple[int, int]:
        found = owners.get(piece.source_id, (len(sides), len(formations)))
        return (found[0], 0) if order == "side" else (0, found[1]) if order == "formation" else (0, 0)
    return key


def sheet_groups(game: Game, pieces: list[CounterPiece]) -> list[list[CounterPiece]]:
    """Return the printed counters in sheet order, one list per run of sheets: a new sheet starts at each
    counter size (largest first) and, with `sheet_order: side`, at each side."""
    key = _group_key(game)
    ordered = sorted(expand_copies(pieces), key=lambda p: (-p.front.width_mm, key(p)))
    groups: list[list[CounterPiece]] = []
    for piece in ordered:
        if groups and groups[-1][0].front.width_mm == piece.front.width_mm and key(groups[-1][0])[0] == key(piece)[0]:
            groups[-1].append(piece)
        else:
            groups.append([piece])
    return groups


def sides_for(game: Game, paper: str, pieces: list[CounterPiece],
              lang: str | None = None) -> tuple[SheetGeometry, list[SheetSide]]:
    """Return the geometry (of the first counter size) and every printed side (calibration first) for one paper,
    the sheets titled in `lang` (the game's first language by default)."""
    groups = sheet_groups(game, pieces)
    geoms = [_geometry(game, paper, group[0].front.width_mm) for group in groups]
    offset = game.game.print.back_offset_mm
    lang = lang or game.game.languages[0]
    sides = [] if geoms[0].flip == "fold-over" else calibration_sides(geoms[0], offset, lang)
    number = 0
    for geom, group in zip(geoms, groups):
        for sheet in paginate(group, geom.per_sheet):
            number += 1
            sides += sheet_sides(geom, sheet, number, _title(game, lang), offset, lang)
    return geoms[0], sides


def _box_pt(geom: SheetGeometry, box: tuple[float, float, float, float], grow: float) -> tuple[float, ...]:
    x, y, w, h = box
    return ((x - grow) * PT_PER_MM, (geom.page_h_mm - y - h - grow) * PT_PER_MM,
            (x + w + grow) * PT_PER_MM, (geom.page_h_mm - y + grow) * PT_PER_MM)


def counters_pdf(game: Game, paper: str, pieces: list[CounterPiece],
                 laid_out: tuple[SheetGeometry, list[SheetSide]] | None = None, *, lang: str | None = None) -> bytes:
    """Return the counter sheets PDF for one paper and language (the game's first by default): each distinct face
    drawn once as a Form XObject.

    `laid_out` is sides_for(game, paper, pieces, lang) when the caller has it already.
    """
    lang = lang or game.game.languages[0]
    geom, sides = laid_out or sides_for(game, paper, pieces, lang)
    buffer = io.BytesIO()
    info = document_info(game, f"{phrase('counter-sheets', lang)} ({paper.upper()})", lang)
    canvas = new_canvas(buffer, geom.page_w_mm * PT_PER_MM, geom.page_h_mm * PT_PER_MM, info=info)
    forms = FormCache(canvas)
    for side in sides:
        draw_drawing(canvas, Drawing(geom.page_w_mm, geom.page_h_mm, side.decorations), 0, 0)
        for placed in side.faces:
            forms.place(placed.face, placed.x_mm * PT_PER_MM,
                        (geom.page_h_mm - placed.y_mm - placed.face.height_mm) * PT_PER_MM)
        canvas.setTrimBox(_box_pt(geom, side.trim_mm, 0.0))
        canvas.setBleedBox(_box_pt(geom, side.trim_mm, geom.bleed_mm))
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def side_drawing(geom: SheetGeometry, side: SheetSide) -> Drawing:
    """Return one printed side as a single drawing (for SVG)."""
    faces = tuple(Group(p.face.items, dx_mm=p.x_mm, dy_mm=p.y_mm) for p in side.faces)
    return Drawing(geom.page_w_mm, geom.page_h_mm, side.decorations + faces)


def file_stem(piece_id: str, taken: set[str]) -> str:
    """Return a file-name-safe, unique stem for a counter id."""
    stem = re.sub(r"[^A-Za-z0-9._-]+", "_", piece_id).strip("._") or "counter"
    candidate, n = stem, 2
    while candidate in taken:
        candidate, n = f"{stem}_{n}", n + 1
    taken.add(candidate)
    return candidate


def emit_counters(game: Game) -> list[Artifact]:
    """Return the counter PDFs (per paper), the sheet SVGs (first paper) and an SVG per face.

    The collector is paused: drawing the mix and writing its files make millions of objects and no
    cycles to speak of, and on 10,000 counters the full collections took some 40% of the time.
    """
    with collector_paused():
        return _counter_artifacts(game)


def _counter_artifacts(game: Game) -> list[Artifact]:
    if not all_counters(game):
        return []
    artifacts: list[Artifact] = []
    known: dict = {}  # each face is written on its sheet, then again in its own file: written once
    for lang in game.game.editions():
        artifacts += _edition_sheets(game, lang, known)
    stems = piece_stems(game)
    for lang, piece_id, which, face in edition_faces(game):
        artifacts.append(Artifact("counter-face-svg", f"counters/faces/{_in_folder(lang)}{stems[piece_id]}-{which}.svg",
                                  svg_text(face, known=known).encode("utf-8"),
                                  {"counter": piece_id, "face": which, "lang": lang}))
    return artifacts


def _edition_sheets(game: Game, lang: str, known: dict) -> list[Artifact]:
    """Return one edition's counter sheets: a PDF per paper, an SVG per printed side of the first paper."""
    pieces = all_counters(game, lang)
    papers = game.game.print.papers
    geom, sides = sides_for(game, papers[0], pieces, lang)
    artifacts = [Artifact("counters-pdf", f"counters/counters-{lang}-{paper}.pdf",
                          counters_pdf(game, paper, pieces, (geom, sides) if paper == papers[0] else None, lang=lang),
                          {"lang": lang, "paper": paper, "duplex": game.game.print.duplex}) for paper in papers]
    for number, side in enumerate([s for s in sides if s.faces], start=1):
        artifacts.append(Artifact("counters-svg", f"counters/sheets/{lang}/side-{number:02d}.svg",
                                  svg_text(side_drawing(geom, side), known=known).encode("utf-8"),
                                  {"lang": lang, "paper": papers[0], "side": number}))
    return artifacts


def _in_folder(lang: str) -> str:
    """Return the folder of a face file: the faces' own for a shared face, a folder per language for the others."""
    return "" if lang == SHARED else f"{lang}/"


def piece_stems(game: Game) -> dict[str, str]:
    """Return the file-name stem of every counter of the mix, by counter id."""
    taken: set[str] = set()
    return {piece.id: file_stem(piece.id, taken) for piece in all_counters(game)}


def edition_faces(game: Game) -> list[tuple[str, str, str, Drawing]]:
    """Return (lang, counter id, "front" or "back", face) for every face file of the editions built: a face printed
    alike in every language of the game once, with lang "*", and any other once per edition."""
    languages = game.game.languages
    mixes = [all_counters(game, lang) for lang in languages]
    found: list[tuple[str, str, str, Drawing]] = []
    for pieces in zip(*mixes):
        for which in ("front", "back"):
            faces = [getattr(piece, which) for piece in pieces]
            if all(face == faces[0] for face in faces[1:]):
                found.append((SHARED, pieces[0].id, which, faces[0]))
                continue
            found += [(lang, pieces[0].id, which, face) for lang, face in zip(languages, faces)
                      if lang in game.game.editions()]
    return found


def with_bleed(face: Drawing, bleed_mm: float) -> Drawing:
    """Return a face with its background carried `bleed_mm` beyond every edge, as a print-on-demand card wants."""
    background = face.items[0] if face.items and isinstance(face.items[0], Rect) else None
    fill = background.paint.fill if background is not None and background.paint.fill else "#ffffff"
    width_mm, height_mm = face.width_mm + 2 * bleed_mm, face.height_mm + 2 * bleed_mm
    return Drawing(width_mm, height_mm, (Rect(0, 0, width_mm, height_mm, Paint(fill=fill)),
                                         Group(face.items, dx_mm=bleed_mm, dy_mm=bleed_mm)), title=face.title)


def _face_pngs(faces: list[Drawing], dpi: int) -> list[bytes]:
    """Return each face as a PNG at `dpi`, rendered together with the faces of its size."""
    by_size: dict[tuple[float, float], list[int]] = {}
    for n, face in enumerate(faces):
        by_size.setdefault((face.width_mm, face.height_mm), []).append(n)
    out: list[bytes] = [b""] * len(faces)
    for (width_mm, _), members in by_size.items():
        px = max(1, round(width_mm / MM_PER_INCH * dpi))
        for n, data in zip(members, face_pngs([faces[n] for n in members], px=px, dpi=dpi)):
            out[n] = data
    return out


def _sheet_pngs(game: Game, lang: str, dpi: int) -> list[bytes]:
    """Return each printed side of one edition's counter sheets, on the first paper, as a PNG at `dpi`."""
    import pypdfium2

    document = pypdfium2.PdfDocument(counters_pdf(game, game.game.print.papers[0], all_counters(game, lang), lang=lang))
    found = []
    for page in document:
        bitmap = page.render(scale=dpi / PT_PER_INCH, fill_color=(255, 255, 255, 255), rev_byteorder=True)
        found.append(bitmap_png(bitmap.to_numpy()[:, :, :3], dpi))
        bitmap.close()
        page.close()
    document.close()
    return found


def emit_counter_pngs(game: Game) -> list[Artifact]:
    """Return PNGs at `print.dpi` of every counter face, with and without bleed (a face printed alike in every
    language once), and of every sheet side of each edition."""
    with collector_paused():
        if not all_counters(game):
            return []
        dpi, bleed = game.game.print.dpi, game.game.print.bleed_mm
        faces = edition_faces(game)
        plain = _face_pngs([face for *_, face in faces], dpi)
        bled = _face_pngs([with_bleed(face, bleed) for *_, face in faces], dpi)
        artifacts, stems = [], piece_stems(game)
        for (lang, piece_id, which, _), flush, extended in zip(faces, plain, bled):
            stem = f"counters/png/{_in_folder(lang)}{stems[piece_id]}-{which}"
            for suffix, data, with_edge in (("", flush, False), ("-bleed", extended, True)):
                artifacts.append(Artifact("counter-face-png", f"{stem}{suffix}.png", data,
                                          {"counter": piece_id, "face": which, "lang": lang, "dpi": dpi,
                                           "bleed_mm": bleed if with_edge else 0.0}))
        paper = game.game.print.papers[0]
        for lang in game.game.editions():
            for number, data in enumerate(_sheet_pngs(game, lang, dpi), start=1):
                artifacts.append(Artifact("counters-png", f"counters/png/sheet-{lang}-{paper}-page-{number:02d}.png",
                                          data, {"lang": lang, "paper": paper, "page": number, "dpi": dpi}))
        return artifacts
