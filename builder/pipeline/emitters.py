"""The emitter table: every emitter of a build, what each reads, how the work splits and groups.

The table names each emitter's module without importing it (`WithFonts`): the child that reads a build's
games needs the table for the cache keys but draws nothing, and importing the renderers cost it 0.3 s of
CPU before it could read the first game. A build imports them before it forks its tasks
(`import_emitters`); anything else, on an emitter's first call.
"""
from __future__ import annotations

import dataclasses
import importlib
import sys
from typing import Callable

from builder.cache import emitter_key, game_parts, part_fingerprint
from builder.collector import collector_paused
from builder.emit.model_json import KIND as MODEL_JSON_KIND, PATH as MODEL_JSON_PATH, emit_model_json
from builder.emit.output import Artifact
from builder.emit.reads import rulebook_reads
from builder.mechanisms import kept
from builder.model.content import Game


Emitter = Callable[[Game], list[Artifact]]


class WithFonts:
    """An emitter: the function `name` of the module `module`, imported on its first call, run with the faces its
    game's print settings choose (`font_table`), and named as that function is."""

    def __init__(self, module: str, name: str) -> None:
        self.function: Callable | None = None
        self.__module__, self.__qualname__, self.__name__ = module, name, name

    def load(self) -> Callable:
        """Return the emitter's function, importing its module if no one has yet."""
        if self.function is None:
            self.function = getattr(importlib.import_module(self.__module__), self.__name__)
        return self.function

    def __call__(self, *args: object) -> object:
        function = self.load()
        if not args or not isinstance(args[0], Game):
            return function(*args)
        from builder.render.fonts import using_fonts
        with using_fonts(font_table(args[0])):
            return function(*args)

    def __repr__(self) -> str:
        return f"WithFonts({self.__module__}.{self.__name__})"


def font_table(game: Game) -> dict | None:
    """Return the faces the game's print settings choose for its emitters (None: the shipped ones)."""
    from builder.render.fonts import game_faces
    return game_faces(game)


def _model_json(game: Game) -> list[Artifact]:
    return [Artifact(MODEL_JSON_KIND, MODEL_JSON_PATH, emit_model_json(game))]


emit_counters = WithFonts("builder.emit.counters", "emit_counters")
emit_map_svgs = WithFonts("builder.emit.map_svg", "emit_map_svgs")
emit_map_pdfs = WithFonts("builder.emit.pdf_map", "emit_map_pdfs")
emit_charts_pdf = WithFonts("builder.emit.pdf_charts", "emit_charts_pdf")
emit_charts_svg = WithFonts("builder.emit.charts_svg", "emit_charts_svg")
emit_aid_pdf = WithFonts("builder.emit.pdf_aid", "emit_aid_pdf")
emit_rulebook_pdf = WithFonts("builder.emit.pdf_rulebook", "emit_rulebook_pdf")
emit_setup_pdf = WithFonts("builder.emit.pdf_setup", "emit_setup_pdf")
emit_vmod = WithFonts("builder.emit.vassal.module", "emit_vmod")
emit_counter_pngs = WithFonts("builder.emit.counters", "emit_counter_pngs")
emit_map_pngs = WithFonts("builder.emit.map_png", "emit_map_pngs")

PRESSED: tuple[Emitter, ...] = (emit_counters, emit_map_pdfs, emit_charts_pdf, emit_aid_pdf, emit_rulebook_pdf,
                                emit_setup_pdf)
"""The emitters of the printed documents that get a press version (builder/emit/press.py)."""


def emit_press_pdfs(game: Game) -> list[Artifact]:
    """Return the press PDFs of the printed documents, when `print.press` asks for them.

    The documents are drawn again in this task rather than read back from the other emitters: each emitter
    reads only the model, and the conversion, the slow part, runs beside the other emitters.
    """
    if not game.game.print.press:
        return []
    from builder.emit.press import press_pdfs, to_press
    return press_pdfs(to_press([a for emitter in PRESSED for a in emitter(game)], game.game.print.papers[0]))


EMITTERS: list[Emitter] = [
    _model_json,
    emit_counters,
    emit_map_svgs,
    emit_map_pdfs,
    emit_charts_pdf,
    emit_charts_svg,
    emit_aid_pdf,
    emit_rulebook_pdf,
    emit_setup_pdf,
    emit_vmod,
    emit_counter_pngs,
    emit_map_pngs,
    emit_press_pdfs,
]
"""Every emitter, in the order their artifacts are listed in the manifest. Each takes the checked
Game and returns its Artifacts; nothing is written until all of them have run."""

CHART_READS = ("root", "game", "charts", "counters.movement_classes", "maps.terrain")
"""What a chart reads: its own data, the names of the movement classes and terrain it lists, and the game's
fonts. `root` stands for the game folder's image and font files (builder/cache.py `part_fingerprint`): every
emitter run through `WithFonts` draws with the game's fonts, and most print its images."""
READS: dict[Emitter, tuple[str, ...] | Callable[[Game], tuple[str, ...]]] = {
    _model_json: ("game", "counters", "maps", "charts", "scenarios", "rulebooks"),
    emit_counters: ("root", "game", "counters", "layouts"),
    emit_map_svgs: ("root", "game", "maps"),
    emit_map_pdfs: ("root", "game", "maps"),
    emit_charts_pdf: CHART_READS,
    emit_charts_svg: CHART_READS,
    emit_aid_pdf: CHART_READS,
    emit_rulebook_pdf: rulebook_reads,
    emit_setup_pdf: ("root", "game", "scenarios", "counters", "layouts", "maps", "charts"),
    emit_counter_pngs: ("root", "game", "counters", "layouts"),
    emit_map_pngs: ("root", "game", "maps"),
}
"""The parts of the Game each emitter reads (fields, or fields of fields), or how to tell them from the
game: a rebuild reruns an emitter only when one of these changed (builder/cache.py). An emitter not
listed is taken to read every part, so a new one is always correct, merely rerun more often;
tests/test_build_cache.py runs each listed emitter with everything else poisoned."""


def _one_rulebook_each(game: Game) -> list[Game]:
    """Return the game narrowed to each rulebook on each group of papers it is typeset once for (`typeset_groups`):
    every one is typeset on its own."""
    from builder.emit.pdf_rulebook import typeset_groups
    settings = game.game.print
    return [dataclasses.replace(game, rulebooks=(book,), game=game.game.model_copy(
                update={"print": settings.model_copy(update={"papers": list(group)})}))
            for book in game.rulebooks for group in typeset_groups(game)]


PARTS: dict[Emitter, Callable[[Game], list[Game]]] = {emit_rulebook_pdf: _one_rulebook_each}
"""Emitters whose work splits into independent parts, and how: each part is the game narrowed to one
piece of it (one rulebook on one group of papers), and the emitter's artifacts are its parts' artifacts in order. A build on
several processes runs the parts as separate tasks, so that one long emitter does not hold up a game;
tests/test_build_parallel.py proves the parts add up to the whole."""

SHARED: tuple[tuple[Emitter, ...], ...] = (
    (emit_map_pdfs, emit_map_svgs, emit_map_pngs),
    (emit_charts_pdf, emit_aid_pdf, emit_charts_svg),
    (emit_counters, emit_setup_pdf, emit_counter_pngs),
)
"""Emitters that draw the same things (the map sheets; the charts' layouts; the counters), which each process
draws once and remembers (builder/memo.py). A build on several processes runs the stale emitters of a group as
one task, so that the drawing is made once rather than once in each process.
The module, whose boards are the sheets' hex maps and whose pieces are the counters, is a task of its own: the
one long task of 1.4 s becomes two (0.55 s and 1.0 s) that two cores share (cold builds on the benchmark:
gazala-1942 1.90 s → 1.71 s, batalha-de-gazala 1.52 s → 1.29 s, bolt-action 1.64 s → 1.30 s); what it shares
with the groups is drawn before they fork (SHARED_DRAWINGS)."""


def _map_sheets(game: Game) -> None:
    from builder.render.maps.sheet import map_sheets
    from builder.render.pdf_compile import compiled
    # their content streams too (the map PDFs', and the hex maps' layers the module's boards hold)
    for lang in game.game.editions():
        for sheet in map_sheets(game, lang):
            if kept("pdf-compile"):
                compiled(sheet.drawing)


def _counters(game: Game) -> None:
    from builder.plan.setups import planned_setups
    from builder.render.counters import all_counters
    planned_setups(game)
    for lang in game.game.editions():
        all_counters(game, lang)


def _charts(game: Game) -> None:
    from builder.render.charts import measure_charts
    for lang in game.game.editions():
        measure_charts(game, lang)


SHARED_DRAWINGS: tuple[tuple[Callable[[Game], None], tuple[Emitter, ...]], ...] = (
    (_map_sheets, (emit_map_pdfs, emit_map_svgs, emit_map_pngs, emit_vmod, emit_press_pdfs)),
    (_counters, (emit_counters, emit_setup_pdf, emit_counter_pngs, emit_vmod, emit_press_pdfs)),
    (_charts, (emit_charts_pdf, emit_charts_svg, emit_aid_pdf, emit_vmod, emit_press_pdfs)),
)
"""What tasks of different groups draw the same (each edition's map sheets, and their content streams; its counters
and the scenarios' setups; its charts' grids), with the emitters that use it. A build on several processes draws
one that two or more of its tasks use in its own process before it forks them, and they inherit it (builder/memo.py
remembers it per game) rather than each drawing it again; the tasks that use none start first, on the other cores,
while it draws (`drawn_first`).
On next-war the module and the map sheets' task each drew the map sheets (0.1 s of CPU), and the module and the
counters' task the counters (0.045 s); the map sheets' task then compiled the sheets (0.15 s) and the module its
boards' hex maps (0.06 s), and the module measured the charts the checks measure too (0.05 s)."""


def drawn_first(tasks: list[tuple[Emitter, ...]]) -> tuple[list[Callable[[Game], None]], list[bool]]:
    """Return the SHARED_DRAWINGS that two or more of these tasks (each its emitters) use, and whether each task uses
    one of them, and so waits for them."""
    drawers = [draw for draw, users in SHARED_DRAWINGS if sum(any(e in users for e in task) for task in tasks) >= 2]
    used = {e for draw, users in SHARED_DRAWINGS if draw in drawers for e in users}
    return drawers, [any(e in used for e in task) for task in tasks]


def draw_shared(game: Game, drawers: list[Callable[[Game], None]]) -> None:
    """Draw what `drawers` draw for `game`, with its fonts, as its emitters would."""
    from builder.render.fonts import using_fonts
    with using_fonts(font_table(game)):
        for draw in drawers:
            draw(game)


DOCUMENTS = (emit_rulebook_pdf, emit_setup_pdf)
"""The emitters whose PDFs the VASSAL module carries in its Help menu. The module is made without them
(so that it need not wait for the rulebook) and they are attached when both are done (`with_documents`)."""


def parts_of(emitter: Emitter, game: Game) -> list[Game]:
    """Return the parts an emitter's work splits into: narrowed games, or the game alone."""
    split = PARTS.get(emitter)
    return split(game) if split is not None else [game]


def reads_of(emitter: Emitter, game: Game) -> tuple[str, ...]:
    """Return the parts of `game` that `emitter` reads (every part for an emitter READS does not list)."""
    declared = READS.get(emitter)
    if declared is None:
        return game_parts(game)
    return declared(game) if callable(declared) else declared


def emitter_name(emitter: Emitter) -> str:
    """Return the name an emitter is recorded under in the cache: its module and function name."""
    return f"{emitter.__module__}.{emitter.__qualname__}"


def emitter_keys(game: Game, between: Callable[[], None] | None = None) -> dict[str, str]:
    """Return each emitter's cache key: a hash of the parts of the game it reads (`between` runs after
    each part is hashed)."""
    hashes: dict[str, str] = {}
    for emitter in EMITTERS:
        for part in reads_of(emitter, game):
            if part not in hashes:
                hashes[part] = part_fingerprint(game, part)
                if between is not None:
                    between()
    return {emitter_name(e): emitter_key(emitter_name(e), {p: hashes[p] for p in reads_of(e, game)})
            for e in EMITTERS}


READER_MADE: tuple[Emitter, ...] = (_model_json,)
"""Emitters the child that reads a build's games runs itself (checking.py `loaded_games`): game.json is a dump
of the model, whose serialisers that child has built when it validated the game, and a task's child would
build them anew (the build itself only unpickles the game), which took longer than the dump."""


def import_emitters() -> None:
    """Import every emitter's module in this process, so that the children forked after it inherit them rather
    than each importing its own; kept out of the collector's passes, as builder/cli.py's imports are."""
    with collector_paused(freeze=True):
        for emitter in EMITTERS:
            if isinstance(emitter, WithFonts):
                emitter.load()


def import_svg_reader(game: Game) -> None:
    """Import svglib, which render/images.py imports only where it draws SVG art, if the game's folder holds an
    SVG file: each child drawing some (a rulebook, a map, a module) would otherwise import svglib and lxml
    again, some 30 ms of CPU each. A game without any starts its first tasks 25 ms sooner."""
    if "svglib.svglib" in sys.modules or game.root is None:
        return
    if any(path.suffix.lower() == ".svg" for path in game.root.rglob("*")):
        with collector_paused(freeze=True):
            import svglib.svglib  # noqa: F401


def register_fonts() -> None:
    """Register every shipped font face in this process, so that the children forked after it inherit them
    rather than each parsing them again (a build of the five seed games forks some thirty children); what
    that makes is kept out of the collector's later passes (`collector_paused`)."""
    from builder.render.fonts import FACES, registered
    with collector_paused(freeze=True):
        for font, bold in FACES:
            registered(font, bold)
