"""Typed chart cells: what each kind accepts (cell_problem) and prints (cell_text)."""
from __future__ import annotations

from pathlib import Path

from builder.load.game import load_game
from builder.model.cells import CellType, ChartRef, Result, Symbol, cell_problem, cell_text
from builder.model.charts import printed_cells
from tests.conftest import MINIMAL

WHOLE = CellType("whole", minimum=0, maximum=20)
RESULTS = {"A1": Result(name="Attacker loses 1"), "D1": Result(name="Defender loses 1"),
           "he": Result(name="HE (x)")}


def test_a_word_where_a_number_belongs_is_a_problem_and_says_so() -> None:
    assert cell_problem("five", WHOLE) == '"five" is text where a whole number belongs'
    assert cell_problem(2.5, WHOLE) == "2.5 is a decimal where a whole number belongs"
    assert cell_problem(-1, WHOLE) == "-1 is below the least allowed, 0"
    assert cell_problem(21, WHOLE) == "21 is above the most allowed, 20"
    assert cell_problem(True, WHOLE) == "true is a yes/no where a whole number belongs"
    assert cell_problem(7, WHOLE) is None and cell_problem("—", WHOLE) is None and cell_problem(None, WHOLE) is None


def test_symbols_are_allowed_only_when_declared() -> None:
    legend = CellType("number", symbols={"P": Symbol(name="prohibited")})
    assert cell_problem("P", legend) is None
    assert cell_problem("X", legend) == '"X" is text where a number belongs'


def test_modifiers_print_their_sign_with_a_true_minus() -> None:
    modifier = CellType("modifier")
    assert [cell_text(v, modifier, "en") for v in ("+2", "-3", "−1", 0, 2, -0.5)] == ["+2", "−3", "−1", "0", "+2", "−½"]
    assert cell_problem("+2x", modifier) == '"+2x" is text where a modifier such as +2, -1 or 0 belongs'


def test_result_codes_print_as_codes_or_names_as_the_chart_says() -> None:
    codes = CellType("result", results=RESULTS, separator="/")
    names = CellType("result", results=RESULTS, separator="/", prints="names")
    assert cell_text("A1/D1", codes, "en") == "A1/D1"
    assert cell_text("A1/D1", names, "en") == "Attacker loses 1/Defender loses 1"
    assert cell_text("he(D2)", CellType("result", results=RESULTS, prints="names"), "en") == "HE (D2)"
    assert cell_problem("A1/X9", codes) == '"X9" is not a result of this chart'


def test_text_cells_print_as_written_and_a_chart_reference_prints_the_title() -> None:
    text = CellType("text", chart_names={"tec": {"en": "Terrain chart", "pl": "Teren"}})
    assert cell_text("+2", text, "en") == "+2"
    assert cell_text({"en": "yes", "pl": "tak"}, text, "pl") == "tak"
    assert cell_text(ChartRef(chart="tec"), text, "pl") == "→ Teren"
    assert cell_problem(ChartRef(chart="nowhere"), text) == 'refers to chart "nowhere", which is not defined'
    assert cell_problem(3, text) == "3 is a number where text belongs"


def test_a_crt_of_letter_and_digit_codes_prints_its_codes(minimal: Path) -> None:
    charts = (minimal / "charts.yaml").read_text(encoding="utf-8")
    charts = charts.replace("AE", "A1").replace("DE", "D1")
    (minimal / "charts.yaml").write_text(charts, encoding="utf-8")
    game = load_game(minimal)
    crt = game.charts.charts[0]
    assert printed_cells(game.charts, crt, "en")[0] == ["A1", "AR", "DR", "D1"]


def test_a_tec_prints_added_costs_with_their_sign_and_prohibited_as_its_symbol() -> None:
    game = load_game(MINIMAL)
    tec = game.charts.charts[1]
    assert printed_cells(game.charts, tec, "en") == [["1", "1", "—"], ["2", "P", "−1"], ["1", "1", "−1"],
                                                     ["+1", "+2", "—"], ["1", "½", "—"]]
