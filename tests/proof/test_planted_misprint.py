"""The proof catches misprints: a renderer made to print one wrong thing, the artifact rebuilt from a fresh
load of the game, and the read-back proof must name the fault (and find none without it)."""
from __future__ import annotations

from pathlib import Path

import pytest

import builder.render.charts as charts_render
import builder.render.counters as counters_render
import builder.render.maps.hexmap as hexmap_render
import builder.render.typeset.setup_card as setup_card_render
from builder.build import load_path
from builder.emit.counters import emit_counters
from builder.emit.pdf_charts import emit_charts_pdf
from builder.emit.pdf_map import emit_map_pdfs
from builder.emit.pdf_setup import emit_setup_pdf
from builder.model.charts import Tec, shared_combat_chart
from tests.conftest import CONTENT, MINIMAL
from tests.proof.conftest import Built
from tests.proof.model_words import model_words
from tests.proof.test_counter_faces import sheet_problems, svg_face_problems
from tests.proof.test_maps_and_module import map_number_problems
from tests.proof.test_player_text import id_problems
from tests.proof.test_setup_cards import card_problems


def built_with(folder: Path, game_path: Path, emitter) -> Built:
    """Load the game afresh (nothing drawn before is reused), run one emitter and write what it makes."""
    game = load_path(game_path).game
    entries = []
    for artifact in emitter(game):
        target = folder / artifact.path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(artifact.data)
        entries.append({"kind": artifact.kind, "path": artifact.path, **artifact.extra})
    return Built(game, folder, tuple(entries))


def counter_problems(built: Built) -> list[str]:
    """Return the counter proof's findings on the sheets (first paper) and the face SVGs."""
    entry = built.entries("counters-pdf")[0]
    return sheet_problems(built, built.folder / entry["path"], entry["paper"]) + svg_face_problems(built)


def test_the_counter_proof_finds_nothing_wrong_with_the_true_renderer(tmp_path: Path) -> None:
    assert counter_problems(built_with(tmp_path, MINIMAL, emit_counters)) == []


def _off_by_one(original):
    def misprinting(game, layout, slot, unit, step, lang=None):
        text = original(game, layout, slot, unit, step, lang)
        # one unit, one slot: its first value printed one higher (the minimal game's 1st Infantry, 4-4-6 → 5-4-6)
        if unit.id == game.counters.units[0].id and step == 0 and slot.source == "values":
            first, _, rest = text.partition(slot.sep)
            return f"{int(first) + 1}{slot.sep}{rest}"
        return text
    return misprinting


def _swapped(original):
    def misprinting(game, layout, slot, unit, step, lang=None):
        text = original(game, layout, slot, unit, step, lang)
        # the right values in the wrong order: attack and defence exchanged
        if unit.id == game.counters.units[1].id and slot.source == "values":
            parts = text.split(slot.sep)
            return slot.sep.join([parts[1], parts[0], *parts[2:]])
        return text
    return misprinting


@pytest.mark.parametrize("misprint", [_off_by_one, _swapped], ids=["wrong-value", "values-out-of-order"])
def test_a_counter_value_misprinted_by_the_renderer_fails_the_counter_proof(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, misprint) -> None:
    monkeypatch.setattr(counters_render, "unit_slot_text", misprint(counters_render.unit_slot_text))
    built = built_with(tmp_path, MINIMAL, emit_counters)
    problems = counter_problems(built)
    unit = built.game.counters.units[0 if misprint is _off_by_one else 1]
    assert any(p.startswith(f"{unit.id} front") for p in problems), problems
    assert any(p.startswith(f"counters/faces/{unit.id}-front.svg") for p in problems), problems
    assert all(unit.id in p for p in problems), problems


def test_a_wrong_hex_on_a_setup_card_fails_the_setup_proof(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    true_where = setup_card_render.where_text
    assert card_problems(*_card(built_with(tmp_path / "true", MINIMAL, emit_setup_pdf))) == []

    def misplacing(where, names):
        text = true_where(where, names)
        return text.replace("0102", "0103")  # the minimal game's 1st Infantry, set up in 0102

    monkeypatch.setattr(setup_card_render, "where_text", misplacing)
    problems = card_problems(*_card(built_with(tmp_path / "planted", MINIMAL, emit_setup_pdf)))
    assert problems == ["setup/meeting-en-a4.pdf: no line names '1st Infantry' with ['0102'] beside it"]


def _card(built: Built) -> tuple[Built, dict]:
    return built, built.entries("setup-pdf")[0]


def test_a_chart_id_printed_by_the_renderer_fails_the_id_proof(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game_path = CONTENT / "magersfontein-1899"
    def id_for_title(tec: Tec, words: charts_render.ChartText) -> charts_render.Below:
        # the TEC's one combat line naming its chart by id rather than by title
        line = (("Combat:", True), ("→ " + str(shared_combat_chart(tec)), False))
        return charts_render.Below((charts_render.Entry(line),))

    monkeypatch.setattr(charts_render, "_shared_combat", id_for_title)
    built = built_with(tmp_path, game_path, emit_charts_pdf)
    problems = id_problems(built, model_words(built.game))
    assert problems and all("the Table id 'terrain-combat'" in p for p in problems), problems


def test_two_hex_numbers_swapped_by_the_renderer_fail_the_map_proof(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    # the numbers are compiled once for every sheet and language (render/pdf_compile.py LAYER_ITEMS, here every
    # group, as the minimal map is small): what is compiled must be what this game's renderer drew, in each edition
    from builder.render import pdf_compile
    monkeypatch.setattr(pdf_compile, "LAYER_ITEMS", 1)
    true_numbers = hexmap_render.hex_numbers
    assert map_number_problems(built_with(tmp_path / "true", MINIMAL, emit_map_pdfs)) == []
    swapped: list[str] = []

    def swapping(ctx):
        numbers = list(true_numbers(ctx))
        (first, a, *rest_a), (second, b, *rest_b) = numbers[:2]
        swapped[:] = [a, b]
        return [(first, b, *rest_a), (second, a, *rest_b), *numbers[2:]]

    monkeypatch.setattr(hexmap_render, "hex_numbers", swapping)
    built = built_with(tmp_path / "planted", MINIMAL, emit_map_pdfs)
    full = [e["path"] for lang in built.game.game.languages for e in built.entries("map-pdf")
            if e["sheet"] == "hex" and e["layout"] == "full" and e["lang"] == lang]
    assert full and map_number_problems(built) == [f"{path}: hex {label} does not print its number inside it"
                                                   for path in full for label in swapped]
