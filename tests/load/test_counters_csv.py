"""A CSV counter mix beside counters.yaml is read into units, with errors at row and column."""
from __future__ import annotations

from pathlib import Path

from builder.build import check_path
from builder.load.game import load_game

CSV = """id,name,nationality,type,formation,size,designation,attack,defence,movement,attack@2,defence@2,movement@2
r3,3rd Infantry,redland,infantry,1-div,III,3,5,4,6,3,2,6
"""


def test_csv_units_join_the_counter_mix(minimal: Path) -> None:
    (minimal / "counters.csv").write_text(CSV, encoding="utf-8")
    counters = (minimal / "counters.yaml").read_text().replace("expected: {units: 4, red: 2, blue: 2}",
                                                               "expected: {units: 5, red: 3, blue: 2}")
    (minimal / "counters.yaml").write_text(counters, encoding="utf-8")
    game = load_game(minimal)
    unit = game.counters.units[-1]
    assert unit.id == "r3" and unit.designation == "3" and unit.size == "III"
    assert [s.values for s in unit.steps] == [{"attack": 5, "defence": 4, "movement": 6},
                                              {"attack": 3, "defence": 2, "movement": 6}]
    assert check_path(minimal).errors == [] or all(d.rule == "scenario/unit-not-accounted"
                                                   for d in check_path(minimal).errors)


def test_csv_errors_point_at_row_and_column(minimal: Path) -> None:
    (minimal / "counters.csv").write_text(CSV.replace("redland,infantry,1-div,III", "redland,infantry,9-div,III"),
                                          encoding="utf-8")
    result = check_path(minimal)
    found = [d for d in result.diagnostics if d.rule == "ref/unknown-formation"]
    assert [(d.at.file.name, d.at.line, d.at.column) for d in found] == [("counters.csv", 2, 34)]


def test_csv_bad_value_is_a_load_error_at_the_cell(minimal: Path) -> None:
    (minimal / "counters.csv").write_text(CSV.replace(",III,3,", ",IIII,3,"), encoding="utf-8")
    result = check_path(minimal)
    (problem,) = result.diagnostics
    assert (problem.at.file.name, problem.at.line, problem.at.column) == ("counters.csv", 2, 40)
    assert problem.rule == "load/invalid-value"


def test_csv_unknown_column_is_reported(minimal: Path) -> None:
    (minimal / "counters.csv").write_text(CSV.replace("movement@2", "movement#2"), encoding="utf-8")
    result = check_path(minimal)
    assert [d.rule for d in result.diagnostics] == ["load/csv-bad-column"]


def test_csv_missing_column_points_at_the_header(minimal: Path) -> None:
    (minimal / "counters.csv").write_text(CSV.replace("nationality,type,", "nationality,").replace("redland,infantry,",
                                                                                                   "redland,"),
                                          encoding="utf-8")
    (problem,) = check_path(minimal).diagnostics
    assert (problem.rule, problem.at.file.name, problem.at.line, problem.at.column) == \
        ("load/csv-missing-column", "counters.csv", 1, 1)
    assert problem.message == 'the column "type" is missing'


def test_csv_unknown_column_points_at_its_header_cell_after_quoted_cells(minimal: Path) -> None:
    header = 'id,"name",nationality,type,formation,size,designation,attack,defence,movement,attack@2,defence@2,movement#2'
    (minimal / "counters.csv").write_text(CSV.replace(CSV.splitlines()[0], header), encoding="utf-8")
    (problem,) = check_path(minimal).diagnostics
    assert (problem.rule, problem.at.line, problem.at.column) == ("load/csv-bad-column", 1, header.index("movement#2") + 1)


def test_csv_names_per_language_and_properties_are_read(minimal: Path) -> None:
    (minimal / "counters.csv").write_text(
        "id,name.en,name.pl,nationality,type,back,properties.setup,properties.elite,attack\n"
        'r3,3rd Infantry,"3. Piechoty, stara",redland,infantry,plain,0101,true,5\n', encoding="utf-8")
    unit = load_game(minimal).counters.units[-1]
    assert unit.name == {"en": "3rd Infantry", "pl": "3. Piechoty, stara"}
    assert (unit.back, unit.properties) == ("plain", {"setup": "0101", "elite": True})  # a leading 0 keeps text


def test_csv_bad_back_is_a_load_error_at_its_cell(minimal: Path) -> None:
    line = "r3,3rd Infantry,redland,infantry,sideways,5\n"
    (minimal / "counters.csv").write_text("id,name,nationality,type,back,attack\n" + line, encoding="utf-8")
    (problem,) = check_path(minimal).diagnostics
    assert (problem.rule, problem.at.line, problem.at.column) == ("load/invalid-value", 2, line.index("sideways") + 1)
