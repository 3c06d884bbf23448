"""Read-back proof that each language's VASSAL module speaks that language: unzip every module, read its
buildFile.xml, moduledata, credits page, saved games and entry names, and find no text of the game's
first language that differs from its value in the module's language (piece, board, chart, scenario,
side and menu names alike), while every piece is named in the module's language."""
from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
import zipfile
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel

from builder.emit.vassal.art import drawings
from builder.emit.vassal.editions import edition
from builder.emit.vassal.plan import plan_module
from builder.plan.vassal.words import WORDS
from builder.model.content import Game
from builder.render.counter_text import SOFT_HYPHEN
from builder.render.drawing import Group, Text
from builder.phrases import PHRASES
from tests.proof.conftest import Built


@dataclass(frozen=True)
class Translations:
    """What the first language says where a module's language says something else, and everything the
    module's language says (a first-language text it also uses is no leak: `Tobruk` in both)."""

    source: dict[str, str]
    """First-language text → where the model holds it (the class of its owner)."""
    allowed: tuple[str, ...]
    """Every text of the module's language, and the model's texts that are not per language."""


def _text_fields(node: BaseModel) -> list[tuple[str, object]]:
    return [(name, getattr(node, name)) for name in type(node).model_fields]


def _walk(node: object, owner: str, found: list[tuple[str, object]]) -> None:
    """Gather every per-language text (a dict of strings) and every plain string, with its owner's class."""
    if isinstance(node, BaseModel):
        for _, value in _text_fields(node):
            _walk(value, type(node).__name__, found)
    elif isinstance(node, dict) and node and all(isinstance(v, str) for v in node.values()):
        found.append((owner, node))
    elif isinstance(node, dict):
        for value in node.values():
            _walk(value, owner, found)
    elif isinstance(node, (list, tuple)):
        for value in node:
            _walk(value, owner, found)
    elif isinstance(node, str):
        found.append((owner, node))


def translations(game: Game, lang: str) -> Translations:
    """Return the first language's texts that `lang` says otherwise: the model's, the module's own words
    (menus, windows) and sandtable's printed phrases."""
    first = game.game.languages[0]
    found: list[tuple[str, object]] = []
    _walk([game.game, game.counters, game.maps, game.charts, *game.scenarios], "Game", found)
    source: dict[str, str] = {}
    allowed: list[str] = []
    for owner, value in found:
        if isinstance(value, str):
            allowed.append(value)
        elif first in value and lang in value and value[first].strip() != value[lang].strip():
            source.setdefault(value[first].strip(), owner)
            allowed.append(value[lang])
        else:
            allowed += [v for k, v in value.items() if k != first]
    for table, owner in ((WORDS, "module word"), (PHRASES, "phrase")):
        for key, text in table.get(first, {}).items():
            theirs = table.get(lang, table["en"]).get(key, text)
            if text != theirs:
                source.setdefault(text, owner)
            allowed.append(theirs)
    return Translations(source, tuple(allowed))


def _words_pattern(text: str) -> re.Pattern:
    return re.compile(r"(?<!\w)" + re.escape(text) + r"(?!\w)")


def leaks(translated: Translations) -> dict[str, re.Pattern]:
    """Return a pattern for each first-language text that no text of the module's language holds as words."""
    found = {}
    for text, _ in translated.source.items():
        pattern = _words_pattern(text)
        if text and not any(pattern.search(a) for a in translated.allowed):
            found[text] = pattern
    return found


def _xml_texts(data: bytes) -> list[str]:
    """Return every attribute value and text of an XML document; piece definitions lose their escapes."""
    texts = []
    for element in ET.fromstring(data).iter():
        texts += [v.replace("\\", "") for v in element.attrib.values()]
        texts += [element.text.replace("\\", "")] if element.text and element.text.strip() else []
    return texts


def module_texts(vmod: Path) -> list[tuple[str, str]]:
    """Return (entry, text) for everything a player may read in a module, entry names included."""
    archive = zipfile.ZipFile(vmod)
    found = [("entry names", name) for name in archive.namelist()]
    found += [("buildFile.xml", t) for t in _xml_texts(archive.read("buildFile.xml"))]
    found += [("moduledata", t) for t in _xml_texts(archive.read("moduledata"))]
    if "credits.html" in archive.namelist():
        found.append(("credits.html", archive.read("credits.html").decode("utf-8")))
    for name in (n for n in archive.namelist() if n.endswith(".vsav")):
        save = zipfile.ZipFile(io.BytesIO(archive.read(name)))
        found.append((f"{name}/savedGame", save.read("savedGame").decode("utf-8").replace("\\", "")))
        found += [(f"{name}/savedata", t) for t in _xml_texts(save.read("savedata"))]
    return found


def source_language_problems(built: Built, entry: dict) -> list[str]:
    """Return every first-language text one module holds that its language says otherwise."""
    translated = translations(built.game, entry["lang"])
    patterns = leaks(translated)
    problems = []
    for where, text in module_texts(built.folder / entry["path"]):
        problems += [f"{entry['path']} {where}: {source!r} ({translated.source[source]}) in …"
                     f"{text[max(0, m.start() - 30):m.end() + 30]!r}…"
                     for source, pattern in patterns.items() for m in pattern.finditer(text)]
    return problems


def test_each_module_past_the_first_holds_no_text_of_the_first_language(built: Built) -> None:
    others = [e for e in built.entries("vmod") if e["lang"] != built.game.game.languages[0]]
    if len(built.game.game.languages) > 1:
        assert others, "no module in the game's other languages"
    problems = [p for entry in others for p in source_language_problems(built, entry)]
    assert not problems, f"{len(problems)} first-language text(s):\n" + "\n".join(sorted(set(problems))[:40])


def _drawn_text(items: tuple) -> list[str]:
    """Return the lines of text a drawing's items print, in drawing order."""
    found = []
    for item in items:
        if isinstance(item, Text):
            found.append(item.text.replace(SOFT_HYPHEN, ""))
        elif isinstance(item, Group):
            found += _drawn_text(item.items)
    return found


def image_problems(built: Built, lang: str) -> list[str]:
    """Return every first-language text printed on a picture of the module in `lang` (counter faces, boards,
    charts): read from the drawings the module rasterises, each picture's lines joined."""
    plan = plan_module(edition(built.game, lang), built.game)
    faces, large = drawings(plan)
    pictures = {**faces, **{name: drawing for name, (drawing, _) in large.items()}}
    translated = translations(built.game, lang)
    patterns = leaks(translated)
    problems = []
    for name, drawing in pictures.items():
        text = " ".join(_drawn_text(drawing.items))
        problems += [f"images/{name} ({lang}): {source!r} ({translated.source[source]})"
                     for source, pattern in patterns.items() if pattern.search(text)]
    return problems


def test_each_module_past_the_first_prints_no_text_of_the_first_language_on_its_pictures(built: Built) -> None:
    problems = [p for lang in built.game.game.languages[1:] for p in image_problems(built, lang)]
    assert not problems, f"{len(problems)} first-language text(s):\n" + "\n".join(sorted(set(problems))[:40])
