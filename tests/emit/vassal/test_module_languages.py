"""One module per language: the minimal game given a second language (Polish), built and read back."""
from __future__ import annotations

import dataclasses
import io
import json
import shutil
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest

from builder.build import check_and_build
from builder.emit.vassal.editions import edition, module_path
from builder.emit.vassal.module import emit_vmod
from builder.load.game import load_game
from tests.proof.reading import piece_name

POLISH = {"Minimal Battle": "Mała bitwa", "1st Infantry": "1. Piechota", "Meeting Engagement": "Bitwa spotkaniowa"}
"""The texts the test gives in Polish too."""


def _bilingual(folder: Path) -> Path:
    """Make the minimal game at `folder` Polish and English (English first), with a Polish rulebook."""
    game_yaml = folder / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8").replace("languages: [en]", "languages: [en, pl]")
    text = text.replace("title: {en: Minimal Battle}", "title: {en: Minimal Battle, pl: Mała bitwa}")
    game_yaml.write_text(text, encoding="utf-8")
    counters = folder / "counters.yaml"
    counters.write_text(counters.read_text(encoding="utf-8").replace(
        "name: 1st Infantry", "name: {en: 1st Infantry, pl: 1. Piechota}", 1), encoding="utf-8")
    for scenario in (folder / "scenarios").glob("*.yaml"):
        scenario.write_text(scenario.read_text(encoding="utf-8").replace(
            "name: Meeting Engagement", "name: {en: Meeting Engagement, pl: Bitwa spotkaniowa}"), encoding="utf-8")
    shutil.copytree(folder / "rules" / "en", folder / "rules" / "pl")
    return folder


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    source = tmp_path_factory.mktemp("bilingual") / "minimal"
    shutil.copytree(Path(__file__).parents[2] / "data" / "games" / "minimal", source)
    results, builds = check_and_build([_bilingual(source)], tmp_path_factory.mktemp("out"), jobs=1, cache=False)
    assert builds is not None, [str(d) for r in results for d in r.errors]
    return builds[0].folder


def _modules(folder: Path) -> dict[str, zipfile.ZipFile]:
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    return {a["lang"]: zipfile.ZipFile(folder / a["path"]) for a in manifest["artifacts"] if a["kind"] == "vmod"}


def test_the_build_writes_a_module_per_language_with_its_lang(built: Path) -> None:
    manifest = json.loads((built / "manifest.json").read_text(encoding="utf-8"))
    entries = [(a["path"], a["lang"]) for a in manifest["artifacts"] if a["kind"] == "vmod"]
    assert entries == [("minimal.vmod", "en"), ("minimal-pl.vmod", "pl")]


def test_each_module_names_the_game_its_pieces_and_its_setups_in_its_language(built: Path) -> None:
    for lang, archive in _modules(built).items():
        root = ET.fromstring(archive.read("buildFile.xml"))
        says = (lambda english: POLISH[english]) if lang == "pl" else (lambda english: english)
        assert root.get("name") == says("Minimal Battle")
        assert ET.fromstring(archive.read("moduledata")).findtext("name") == says("Minimal Battle")
        names = {piece_name(s.text or "") for s in root.iter() if s.tag.endswith("PieceSlot")}
        assert says("1st Infantry") in names
        assert ("1st Infantry" if lang == "pl" else POLISH["1st Infantry"]) not in names
        setups = [e.get("name") for e in root.iter() if e.tag.endswith("PredefinedSetup")]
        assert setups == [says("Meeting Engagement")]
        save = zipfile.ZipFile(io.BytesIO(archive.read("meeting.vsav")))
        assert save.read("savedGame").decode("utf-8").count(says("1st Infantry")) >= 1


def test_each_modules_help_holds_its_languages_rulebook_and_setup_cards_only(built: Path) -> None:
    for lang, archive in _modules(built).items():
        root = ET.fromstring(archive.read("buildFile.xml"))
        pdfs = [(e.get("title"), e.get("pdfFile")) for e in root.iter() if e.tag.endswith("BrowserPDFFile")]
        if lang == "pl":
            assert pdfs == [("Instrukcja", "rules-pl.pdf"),
                            ("Karta scenariusza: Bitwa spotkaniowa", "setup-meeting-pl.pdf")]
        else:
            assert pdfs == [("Rulebook", "rules-en.pdf"), ("Scenario card: Meeting Engagement", "setup-meeting-en.pdf")]
        assert sorted(n for n in archive.namelist() if n.endswith(".pdf")) == sorted(p for _, p in pdfs)
        assert all(archive.read(p).startswith(b"%PDF") for _, p in pdfs)


def test_a_face_without_words_in_either_language_is_the_same_picture_in_both(built: Path) -> None:
    modules = _modules(built)
    images = {lang: {n: a.read(n) for n in a.namelist() if n.startswith("images/")} for lang, a in modules.items()}
    assert images["en"].keys() == images["pl"].keys()
    same = [n for n in images["en"] if images["en"][n] == images["pl"][n]]
    assert "images/moved.png" in same and len(same) < len(images["en"])  # the About picture names the title
    assert images["en"]["images/about.png"] != images["pl"]["images/about.png"]


def test_the_edition_of_the_first_language_is_the_game_itself() -> None:
    game = load_game(Path(__file__).parents[2] / "data" / "games" / "minimal")
    assert edition(game, "en") is game
    other = edition(game, "pl")
    assert other is edition(game, "pl") and other.game.languages[0] == "pl" and game.game.languages == ["en"]
    assert module_path(game, "en") == "minimal.vmod" and module_path(game, "pl") == "minimal-pl.vmod"


def test_only_the_editions_built_get_a_module() -> None:
    source = load_game(Path(__file__).parents[2] / "data" / "games" / "minimal")
    languages = source.game.model_copy(update={"languages": ["en", "pl"],
                                               "print": source.game.print.model_copy(update={"editions": ["pl"]})})
    artifacts = emit_vmod(dataclasses.replace(source, game=languages))
    assert [(a.path, a.extra["lang"]) for a in artifacts] == [("minimal-pl.vmod", "pl")]
    root = ET.fromstring(zipfile.ZipFile(io.BytesIO(artifacts[0].data)).read("buildFile.xml"))
    assert [e.get("title") for e in root.iter() if e.tag.endswith("HelpFile")] == ["Autorzy"]
