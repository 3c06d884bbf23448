"""The .vmod of the minimal game, unzipped and parsed: archive, moduledata, buildFile, every piece string."""
from __future__ import annotations

import dataclasses
import io
import xml.etree.ElementTree as ET
import zipfile

import pytest

from builder.emit.output import Artifact
from builder.emit.pdf_rulebook import emit_rulebook_pdf
from builder.emit.pdf_setup import emit_setup_pdf
from builder.emit.vassal.archive import zip_bytes
from builder.emit.vassal.documents import Document, attach_documents, documents_from
from builder.emit.vassal.module import emit_vmod, vmod_bytes
from builder.plan.vassal.pieces import gpid_of
from builder.emit.vassal.sequence import COMMA, decode
from builder.emit.vassal.traits import decode_add_piece
from builder.load.game import load_game
from tests.conftest import MINIMAL

MAP_COMPONENTS = ["StackMetrics", "PieceMover", "KeyBufferer", "MenuDisplayer", "StackExpander", "ForwardToKeyBuffer",
                  "Scroller", "ForwardToChatter", "MapCenterer", "CounterDetailViewer", "Zoomer", "ImageSaver",
                  "SelectionHighlighters", "HighlightLastMoved"]


@pytest.fixture(scope="module")
def vmod() -> bytes:
    return vmod_bytes(load_game(MINIMAL))


@pytest.fixture(scope="module")
def archive(vmod: bytes) -> zipfile.ZipFile:
    return zipfile.ZipFile(io.BytesIO(vmod))


@pytest.fixture(scope="module")
def root(archive: zipfile.ZipFile) -> ET.Element:
    return ET.fromstring(archive.read("buildFile.xml"))


def _short(tag: str) -> str:
    return tag.rsplit(".", 1)[-1]


def test_archive_is_sorted_with_fixed_times(archive: zipfile.ZipFile) -> None:
    names = archive.namelist()
    assert names == sorted(names)
    assert {"buildFile.xml", "moduledata", "meeting.vsav", "images/map-main.png"} <= set(names)
    assert all(info.date_time == (1980, 1, 1, 0, 0, 0) for info in archive.infolist())
    assert "savedGame" not in names  # would make VASSAL take the module for a saved game


def test_build_is_byte_for_byte_repeatable(vmod: bytes) -> None:
    assert vmod_bytes(load_game(MINIMAL)) == vmod


def test_emitter_writes_one_vmod_named_after_the_game() -> None:
    artifacts = emit_vmod(load_game(MINIMAL))
    assert [(a.kind, a.path) for a in artifacts] == [("vmod", "minimal.vmod")]


def test_moduledata_agrees_with_the_build_file(archive: zipfile.ZipFile, root: ET.Element) -> None:
    data = ET.fromstring(archive.read("moduledata"))
    assert data.findtext("name") == root.get("name") == "Minimal Battle"
    assert data.findtext("version") == root.get("version")
    assert data.findtext("VassalVersion") == root.get("VassalVersion") == "3.7.0"
    assert data.findtext("dateSaved") == "1700000000000"


def test_always_present_components_are_written(root: ET.Element) -> None:
    children = [_short(c.tag) for c in root]
    for name in ["BasicCommandEncoder", "Documentation", "PlayerRoster", "GlobalOptions", "Chatter", "KeyNamer",
                 "GlobalProperties", "GlobalTranslatableMessages", "Language", "PrototypesContainer", "PieceWindow",
                 "Map", "DiceButton", "TurnTracker", "ChartWindow", "Inventory", "PredefinedSetup"]:
        assert name in children, name
    assert [e.text for e in root.iter("entry")] == ["Red", "Blue", "Referee"]


def test_every_map_has_its_components(root: ET.Element) -> None:
    maps = [m for m in root if _short(m.tag) == "Map"]
    assert [m.get("mapName") for m in maps] == ["Main map", "Module boxes"]
    for map_ in maps:
        parts = {_short(c.tag) for c in map_}
        assert set(MAP_COMPONENTS) <= parts, map_.get("mapName")
    assert maps[0].get("launch") == "false" and maps[1].get("launch") == "true"


def _slots(root: ET.Element) -> list[ET.Element]:
    return [e for e in root.iter() if _short(e.tag) in ("PieceSlot", "CardSlot")]


def test_every_image_referenced_is_in_the_archive(archive: zipfile.ZipFile, root: ET.Element) -> None:
    images = {n.removeprefix("images/") for n in archive.namelist() if n.startswith("images/")}
    wanted = {e.get("image") for e in root.iter() if _short(e.tag) == "Board"}
    wanted |= {e.get("fileName") for e in root.iter() if _short(e.tag) == "Chart"}
    for slot in _slots(root):
        for trait in decode_add_piece(slot.text)[1]:
            if trait.prefix == "piece;":
                wanted.add(trait.field("image"))
            elif trait.prefix == "emb2;":
                wanted |= set(decode(trait.field("imageNames"), COMMA))
            elif trait.prefix in ("obs;", "markmoved;"):
                wanted.add(trait.field("image"))
    assert wanted <= images


def test_piece_slots_decode_to_the_model(root: ET.Element) -> None:
    game = load_game(MINIMAL)
    units = {u.id: u for u in game.counters.units}
    prototypes = {p.get("name") for p in root.iter() if _short(p.tag) == "PrototypeDefinition"}
    palette = [s for s in _slots(root) if any(_short(a.tag) == "PieceWindow" for a in root.iter()
                                              if s in list(a.iter()))]
    assert len(palette) == len(game.counters.units) + len(game.counters.markers)
    for slot in palette:
        piece_id, traits = decode_add_piece(slot.text)
        basic = traits[-1]
        assert piece_id == "null" and basic.field("name") == slot.get("entryName")
        assert decode(basic.state, ";")[3] == slot.get("gpid")
        props = {t.fields[0]: t.state for t in traits if t.prefix == "mark;"}
        assert {t.field("name") for t in traits if t.prefix == "prototype;"} <= prototypes
        if "UnitId" in props:
            unit = units[props["UnitId"]]
            assert props["attack"] == str(unit.steps[0].values["attack"])
            layer = next((t for t in traits if t.prefix == "emb2;"), None)
            assert (layer is not None) == (len(unit.steps) > 1)


def test_gpids_are_unique_stable_and_below_the_next_id(root: ET.Element) -> None:
    gpids = [int(s.get("gpid")) for s in _slots(root)]
    assert len(gpids) == len(set(gpids))
    assert int(root.get("nextPieceSlotId")) > max(gpids)
    assert gpid_of("r1") == 602423336  # a hash of the counter id: the same in every build, on every machine


def test_dice_turns_and_setups(root: ET.Element) -> None:
    dice = {d.get("name"): (d.get("nDice"), d.get("nSides"), d.get("plus")) for d in root if _short(d.tag) == "DiceButton"}
    assert dice == {"d6": ("1", "6", "0"), "2d6": ("2", "6", "0"), "Dice": ("1", "6", "0")}
    asking = [(d.get("name"), d.get("prompt"), d.get("lockDice"), d.get("lockSides"))
              for d in root if _short(d.tag) == "DiceButton" and d.get("prompt") == "true"]
    assert asking == [("Dice", "true", "false", "true")]  # asks how many dice, and only that
    counter = next(e for e in root.iter() if _short(e.tag) == "CounterTurnLevel")
    assert (counter.get("start"), counter.get("loopLimit")) == ("1", "3")
    phases = next(e for e in root.iter() if _short(e.tag) == "ListTurnLevel")
    assert phases.get("list") == "Red movement,Blue movement"
    setups = [e for e in root if _short(e.tag) == "PredefinedSetup"]
    assert [(s.get("name"), s.get("file"), s.get("useFile")) for s in setups] == [
        ("Meeting Engagement", "meeting.vsav", "true")]


def test_new_game_fills_the_cup_and_places_the_turn_marker(root: ET.Element) -> None:
    pile = next(e for e in root.iter() if _short(e.tag) == "DrawPile")
    assert pile.get("name") == "Activation cup" and pile.get("faceDown") == "Always"
    assert [c.get("entryName") for c in pile] == ["Red chit"]
    stacks = [e for e in root.iter() if _short(e.tag) == "SetupStack"]
    assert [(s.get("name"), s.get("owningBoard")) for s in stacks] == [("Turn", "Main map")]


def test_build_pdfs_attach_under_help() -> None:
    game = load_game(MINIMAL)
    pdf = b"%PDF-1.3\n%%EOF\n"
    artifacts = [Artifact("rules-pdf", "rules/rules-en.pdf", pdf, {"lang": "en"}),
                 Artifact("setup-pdf", "setup/meeting-en.pdf", pdf, {"scenario": "meeting", "lang": "en"}),
                 Artifact("counters-pdf", "counters/counters-a4.pdf", pdf, {})]
    documents = documents_from(game, artifacts)
    archive = zipfile.ZipFile(io.BytesIO(vmod_bytes(game, documents)))
    root = ET.fromstring(archive.read("buildFile.xml"))
    entries = [(e.get("title"), e.get("pdfFile")) for e in root.iter() if _short(e.tag) == "BrowserPDFFile"]
    assert entries == [("Rulebook", "rules-en.pdf"), ("Scenario card: Meeting Engagement", "setup-meeting-en.pdf")]
    assert archive.read("rules-en.pdf") == pdf and archive.read("setup-meeting-en.pdf") == pdf


def test_compressed_entries_are_stored_and_the_rest_deflated(archive: zipfile.ZipFile) -> None:
    methods = {info.filename: info.compress_type for info in archive.infolist()}
    assert methods["buildFile.xml"] == methods["moduledata"] == zipfile.ZIP_DEFLATED
    assert all(m == zipfile.ZIP_STORED for n, m in methods.items() if n.endswith((".png", ".vsav")))
    assert all(info.external_attr == 0o644 << 16 for info in archive.infolist())


# The Help menu: the build makes the module without its PDFs (so that it need not wait for the rulebook)
# and adds the rulebook and the setup cards with attach_documents once they are made.

@pytest.fixture(scope="module")
def game():
    return load_game(MINIMAL)


@pytest.fixture(scope="module")
def documents(game) -> tuple[Document, ...]:
    found = documents_from(game, emit_rulebook_pdf(game) + emit_setup_pdf(game))
    assert found and all(d.data.startswith(b"%PDF") for d in found)
    return found


@pytest.fixture(scope="module")
def attached(game, vmod: bytes, documents: tuple[Document, ...]) -> bytes:
    return attach_documents(game, emit_vmod(game)[0].data, documents)


def _help_menu(archive: zipfile.ZipFile) -> list[ET.Element]:
    root = ET.fromstring(archive.read("buildFile.xml"))
    menus = [c for c in root if _short(c.tag) == "Documentation"]
    assert len(menus) == 1
    return list(menus[0])


def test_help_menu_lists_the_rulebook_and_setup_cards_held_in_the_archive(attached: bytes, documents) -> None:
    archive = zipfile.ZipFile(io.BytesIO(attached))
    about, credits, *entries = _help_menu(archive)
    assert (_short(about.tag), about.get("fileName")) == ("AboutScreen", "about.png")
    assert (_short(credits.tag), credits.get("fileName"), credits.get("fileType")) == \
        ("HelpFile", "credits.html", "archive")
    assert archive.read("images/about.png").startswith(b"\x89PNG")
    assert [e.tag for e in entries] == ["VASSAL.build.module.documentation.BrowserPDFFile"] * len(documents)
    assert [(e.get("title"), e.get("pdfFile")) for e in entries] == [(d.title, d.entry) for d in documents]
    titles = [e.get("title") for e in entries]
    assert any(t.startswith("Rulebook") for t in titles) and any(t.startswith("Scenario card") for t in titles)
    for entry, document in zip(entries, documents):
        name = entry.get("pdfFile")
        assert "/" not in name  # at the archive's root, where BrowserPDFFile looks for it
        assert archive.read(name) == document.data
        assert archive.getinfo(name).compress_type == zipfile.ZIP_STORED


def test_attaching_gives_the_module_made_with_the_documents(game, attached: bytes, documents) -> None:
    assert attached == vmod_bytes(game, documents)


def test_attaching_replaces_what_the_help_menu_held(game, vmod: bytes, attached: bytes, documents) -> None:
    assert attach_documents(game, attached, documents) == attached
    assert attach_documents(game, attached, ()) == vmod
    only_rulebook = attach_documents(game, attached, documents[:1])
    archive = zipfile.ZipFile(io.BytesIO(only_rulebook))
    assert [e.get("pdfFile") for e in _help_menu(archive)] == [None, None, documents[0].entry]
    assert {d.entry for d in documents[1:]}.isdisjoint(archive.namelist())


def test_attaching_keeps_every_other_entry_as_it_was(vmod: bytes, attached: bytes, documents) -> None:
    before, after = zipfile.ZipFile(io.BytesIO(vmod)), zipfile.ZipFile(io.BytesIO(attached))
    added = {d.entry for d in documents}
    assert set(after.namelist()) == set(before.namelist()) | added
    for name in before.namelist():
        if name != "buildFile.xml":
            assert after.read(name) == before.read(name), name
    assert after.namelist() == sorted(after.namelist())


def test_attaching_refuses_what_is_not_this_games_module(game, vmod: bytes, documents) -> None:
    with pytest.raises(ValueError, match="not a VASSAL module"):
        attach_documents(game, zip_bytes({"moduledata": b"<data/>"}), documents)
    other = dataclasses.replace(game, game=game.game.model_copy(update={"title": {"en": "Another Battle"}}))
    with pytest.raises(ValueError, match="not the module of"):
        attach_documents(other, vmod, documents)
