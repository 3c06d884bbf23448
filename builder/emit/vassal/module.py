"""The .vmod of a game: buildFile.xml, moduledata, images, one .vsav per scenario, attached PDFs."""
from __future__ import annotations

from builder.collector import collector_paused
from builder.emit.output import Artifact
from builder.emit.vassal.archive import archive_bytes, metadata, pack, packed_entries, unpack, zip_bytes
from builder.emit.vassal.art import drawings, render_pngs
from builder.emit.vassal.buildfile import Document, build_file, vassal_version, with_documentation
from builder.emit.vassal.plan import MODULE_VERSION, ModulePlan, plan_module
from builder.emit.vassal.savegame import saved_game
from builder.emit.vassal.setups import Setup
from builder.emit.vassal.words import word
from builder.emit.vassal.xmlwrite import HEADER, escape_attr, xml_bytes
from builder.model.base import text_in
from builder.model.content import Game

KIND = "vmod"
BUILD_FILE = "buildFile.xml"


def setup_file(setup: Setup) -> str:
    """Return the archive entry of a scenario's saved game (the buildFile's PredefinedSetup names it)."""
    return f"{setup.scenario.id}.vsav"


def vsav_bytes(plan: ModulePlan, setup: Setup, moduledata: bytes) -> bytes:
    """Return one scenario as a saved game: its command stream, savedata and a copy of moduledata."""
    savedata = metadata(MODULE_VERSION, vassal_version(plan), text_in(setup.scenario.name, plan.lang), None)
    return zip_bytes({"savedGame": saved_game(plan, setup).encode("utf-8"), "savedata": savedata,
                      "moduledata": moduledata})


def vmod_bytes(game: Game, documents: tuple[Document, ...] = ()) -> bytes:
    """Return the module of a game; `documents` are the PDFs to attach (rulebooks, scenario cards)."""
    with collector_paused():
        return _vmod_bytes(game, documents)


def _vmod_bytes(game: Game, documents: tuple[Document, ...]) -> bytes:
    plan = plan_module(game)
    description = text_in(game.game.subtitle, plan.lang) or plan.name
    moduledata = metadata(MODULE_VERSION, vassal_version(plan), description, plan.name)
    entries = {BUILD_FILE: xml_bytes(build_file(plan, list(documents))), "moduledata": moduledata}
    entries.update({f"images/{name}": data for name, data in render_pngs(*drawings(plan), plan.scale).items()})
    entries.update({setup_file(s): vsav_bytes(plan, s, moduledata) for s in plan.setups})
    entries.update({d.entry: d.data for d in documents})
    return zip_bytes(entries)


def attach_documents(game: Game, vmod: bytes, documents: tuple[Document, ...]) -> bytes:
    """Return the module `vmod` of `game` with exactly these PDFs under its Help menu.

    `vmod` is a module this emitter made for the game (`emit_vmod`, `vmod_bytes`), with or without
    documents; what its Help menu listed is taken out. The result is `vmod_bytes(game, documents)` byte
    for byte, without planning or drawing anything: only buildFile.xml is written again (its Help menu is
    the one part that depends on the documents), every other entry is copied as it lies in the archive,
    and the PDFs are stored. Raises ValueError when `vmod` is not a module of this game.
    """
    entries = packed_entries(vmod)
    build = entries.get(BUILD_FILE)
    if build is None:
        raise ValueError("not a VASSAL module: no buildFile.xml")
    text = unpack(build).decode("utf-8")
    lang = game.game.languages[0]
    name = f' name="{escape_attr(text_in(game.game.title, lang))}"'
    if name not in text[:text.find(">", len(HEADER)) + 1]:
        raise ValueError(f"not the module of {game.id}: its name is not {text_in(game.game.title, lang)!r}")
    text, attached = with_documentation(text, list(documents))
    for entry in attached:
        entries.pop(entry, None)
    entries[BUILD_FILE] = pack(BUILD_FILE, text.encode("utf-8"))
    entries.update({d.entry: pack(d.entry, d.data) for d in documents})
    return archive_bytes(entries)


def documents_from(game: Game, artifacts: list[Artifact]) -> tuple[Document, ...]:
    """Return the build's rulebook and setup-card PDFs (`rules-pdf`, `setup-pdf` artifacts) as module documents."""
    lang = game.game.languages[0]
    names = {s.id: text_in(s.name, lang) or s.id for s in game.scenarios}
    found = []
    for artifact in artifacts:
        book_lang = artifact.extra.get("lang", lang)
        if artifact.kind == "rules-pdf":
            found.append(Document(f"{word('rulebook', lang)} ({book_lang})", f"rules-{book_lang}.pdf", artifact.data))
        elif artifact.kind == "setup-pdf":
            scenario = artifact.extra.get("scenario", "")
            found.append(Document(f"{word('scenario', lang)}: {names.get(scenario, scenario)} ({book_lang})",
                                  f"setup-{scenario}-{book_lang}.pdf", artifact.data))
    return tuple(found)


def emit_vmod(game: Game, documents: tuple[Document, ...] = ()) -> list[Artifact]:
    """Return the game's module as one artifact, `<game-id>.vmod`.

    `documents` is the seam for the build's PDFs (see `documents_from`). The build calls every emitter
    with the game alone, so that the module need not wait for the rulebook, and adds the PDFs once they
    are made with `attach_documents`, which is cheap.
    """
    return [Artifact(KIND, f"{game.id}.vmod", vmod_bytes(game, documents))]
