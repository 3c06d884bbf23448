"""The .vmod of a game: buildFile.xml, moduledata, images, one .vsav per scenario, attached PDFs."""
from __future__ import annotations

from builder.collector import collector_paused
from builder.emit.output import Artifact
from builder.emit.vassal.archive import metadata, zip_bytes
from builder.emit.vassal.art import combat_drawings, drawings, render_pngs
from builder.emit.vassal.buildfile import build_file, vassal_version
from builder.emit.vassal.about import ABOUT_DPI, about_drawing, credits_html
from builder.emit.vassal.documents import ABOUT_IMAGE, BUILD_FILE, CREDITS_FILE, Document
from builder.emit.vassal.plan import ModulePlan, plan_module
from builder.emit.vassal.savegame import saved_game
from builder.plan.setups import Setup
from builder.emit.vassal.xmlwrite import xml_bytes
from builder.model.base import text_in
from builder.model.content import Game
from builder.model.units import MM_PER_INCH
from builder.render.png import png_bytes

KIND = "vmod"


def setup_file(setup: Setup) -> str:
    """Return the archive entry of a scenario's saved game (the buildFile's PredefinedSetup names it)."""
    return f"{setup.scenario.id}.vsav"


def vsav_bytes(plan: ModulePlan, setup: Setup, moduledata: bytes) -> bytes:
    """Return one scenario as a saved game: its command stream, savedata and a copy of moduledata."""
    savedata = metadata(plan.version, vassal_version(plan), text_in(setup.scenario.name, plan.lang), None)
    return zip_bytes({"savedGame": saved_game(plan, setup).encode("utf-8"), "savedata": savedata,
                      "moduledata": moduledata})


def vmod_bytes(game: Game, documents: tuple[Document, ...] = ()) -> bytes:
    """Return the module of a game; `documents` are the PDFs to attach (rulebooks, scenario cards)."""
    with collector_paused():
        return _vmod_bytes(game, documents)


def _vmod_bytes(game: Game, documents: tuple[Document, ...]) -> bytes:
    plan = plan_module(game)
    description = text_in(game.game.subtitle, plan.lang) or plan.name
    moduledata = metadata(plan.version, vassal_version(plan), description, plan.name)
    entries = {BUILD_FILE: xml_bytes(build_file(plan, list(documents))), "moduledata": moduledata}
    entries.update({f"images/{name}": data for name, data in render_pngs(*drawings(plan), plan.scale).items()})
    entries[f"images/{ABOUT_IMAGE}"] = png_bytes(about_drawing(game, plan.version), dpi=ABOUT_DPI)
    entries[CREDITS_FILE] = credits_html(game, plan.version)
    if plan.combat is not None:
        dpi = plan.scale * MM_PER_INCH
        entries.update({f"images/{name}": png_bytes(d, dpi=dpi) for name, d in combat_drawings(game).items()})
    entries.update({setup_file(s): vsav_bytes(plan, s, moduledata) for s in plan.setups})
    entries.update({d.entry: d.data for d in documents})
    return zip_bytes(entries)


def emit_vmod(game: Game, documents: tuple[Document, ...] = ()) -> list[Artifact]:
    """Return the game's module as one artifact, `<game-id>.vmod`.

    `documents` is the seam for the build's PDFs (see documents.py's `documents_from`). The build calls
    every emitter with the game alone, so that the module need not wait for the rulebook, and adds the
    PDFs once they are made with `attach_documents`, which is cheap.
    """
    return [Artifact(KIND, f"{game.id}.vmod", vmod_bytes(game, documents))]
