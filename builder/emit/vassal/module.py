"""The .vmod of a game in each of its languages: buildFile.xml, moduledata, images, one .vsav per scenario,
attached PDFs."""
from __future__ import annotations

from builder.collector import collector_paused
from builder.emit.output import Artifact
from builder.emit.vassal.archive import metadata, zip_bytes
from builder.emit.vassal.art import combat_drawings, drawings, render_pngs
from builder.emit.vassal.buildfile import build_file, vassal_version
from builder.emit.vassal.about import credits_html
from builder.emit.vassal.documents import BUILD_FILE, CREDITS_FILE, Document, in_language
from builder.emit.vassal.editions import edition, module_path
from builder.emit.vassal.plan import ModulePlan, plan_module
from builder.emit.vassal.savegame import saved_game
from builder.plan.setups import Setup
from builder.emit.vassal.xmlwrite import xml_bytes
from builder.model.base import text_in
from builder.model.content import Game
from builder.model.units import MM_PER_INCH
from builder.render.drawing import Drawing
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


def vmod_bytes(game: Game, documents: tuple[Document, ...] = (), lang: str | None = None) -> bytes:
    """Return the module of a game in one language (default: its first); `documents` are the PDFs to attach
    (rulebooks, scenario cards), of which it takes those in its language."""
    lang = lang or game.game.languages[0]
    return vmods_bytes(game, documents, (lang,))[lang]


def vmods_bytes(game: Game, documents: tuple[Document, ...] = (), langs: tuple[str, ...] | None = None
                ) -> dict[str, bytes]:
    """Return the module of each language (default: every edition the game builds, `print.editions`), by language."""
    with collector_paused():
        plans = [plan_module(edition(game, lang), game) for lang in langs or game.game.editions()]
        images = module_images(plans)
        return {plan.lang: _vmod_bytes(plan, images[plan.lang], in_language(documents, plan.lang)) for plan in plans}


def module_images(plans: list[ModulePlan]) -> dict[str, dict[str, bytes]]:
    """Return the images of each plan's module by language, drawn together: an image that prints the same in
    every language (a face without words, a board whose names are not translated) is rasterised once."""
    faces: dict[str, Drawing] = {}
    large: dict[str, tuple[Drawing, float]] = {}
    for plan in plans:
        small, big = drawings(plan)
        faces.update({f"{plan.lang}/{name}": drawing for name, drawing in small.items()})
        large.update({f"{plan.lang}/{name}": job for name, job in big.items()})
    pngs = render_pngs(faces, large, plans[0].scale)
    found: dict[str, dict[str, bytes]] = {plan.lang: {} for plan in plans}
    for key, data in pngs.items():
        lang, name = key.split("/", 1)
        found[lang][f"images/{name}"] = data
    return found


def _vmod_bytes(plan: ModulePlan, images: dict[str, bytes], documents: tuple[Document, ...]) -> bytes:
    game = plan.game
    description = text_in(game.game.subtitle, plan.lang) or plan.name
    moduledata = metadata(plan.version, vassal_version(plan), description, plan.name)
    entries = {BUILD_FILE: xml_bytes(build_file(plan, list(documents))), "moduledata": moduledata, **images}
    entries[CREDITS_FILE] = credits_html(game, plan.version)
    if plan.combat is not None:  # frames open in the middle: resvg keeps them transparent there
        dpi = plan.scale * MM_PER_INCH
        entries.update({f"images/{name}": png_bytes(d, dpi=dpi) for name, d in combat_drawings(game).items()})
    entries.update({setup_file(s): vsav_bytes(plan, s, moduledata) for s in plan.setups})
    entries.update({d.entry: d.data for d in documents})
    return zip_bytes(entries)


def emit_vmod(game: Game, documents: tuple[Document, ...] = ()) -> list[Artifact]:
    """Return the game's modules, one per language (`editions.module_path`), each entry with its `lang`.

    `documents` is the seam for the build's PDFs (see documents.py's `documents_from`). The build calls
    every emitter with the game alone, so that the module need not wait for the rulebook, and adds the
    PDFs once they are made with `attach_documents`, which is cheap.
    """
    return [Artifact(KIND, module_path(game, lang), data, {"lang": lang})
            for lang, data in vmods_bytes(game, documents).items()]
