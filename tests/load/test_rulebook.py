"""The rulebook reader: cases, references in each language, numbers for parity."""
from __future__ import annotations

from pathlib import Path

from builder.load.rulebook import numbers_in, read_rulebook, references_in


def test_references_in_each_language() -> None:
    assert [n for n, _ in references_in("see 6.23 and 7.1, then (4.2)", "en")] == ["6.23", "7.1", "4.2"]
    assert [n for n, _ in references_in("ver 5.1.3; veja 2.2 e (V. 9.1)", "pt")] == ["5.1.3", "2.2", "9.1"]
    assert [n for n, _ in references_in("zob. 13.32 oraz patrz 7.4", "pl")] == ["13.32", "7.4"]


def test_parentheses_with_words_are_not_references() -> None:
    assert references_in("costs 1 (roads 0.5 MP)", "en") == []


def test_numbers_read_decimal_commas_and_skip_list_markers() -> None:
    assert numbers_in("1. Move 0,5 PM\n2. Roll 2d6", set()) == ["0.5", "2", "6"]


def test_cases_blocks_and_embeds(tmp_path: Path) -> None:
    folder = tmp_path / "en"
    folder.mkdir()
    (folder / "01.md").write_text(
        "# 5.0 Combat\n\nIntro (see 5.1).\n\n## 5.1 Odds\n\n{chart: crt}\n\n**5.11** Round down.\n\n"
        "::: example\nThree to one.\n:::\n", encoding="utf-8")
    (folder / "glossary.md").write_text("- **Odds**: attack over defence (5.1).\n", encoding="utf-8")
    book = read_rulebook(folder)
    assert [(c.number, c.title, c.level) for c in book.cases] == [("5.0", "Combat", 1), ("5.1", "Odds", 2),
                                                                   ("5.11", "", 3)]
    assert [(r.target, r.at.line, r.at.column) for r in book.cases[0].references] == [("5.1", 3, 12)]
    assert [(e.kind, e.target) for e in book.cases[1].embeds] == [("chart", "crt")]
    assert [b.kind for b in book.cases[2].blocks] == ["paragraph", "example"]
    assert book.glossary[0].term == "Odds"


def test_see_also_is_a_reference_in_each_language() -> None:
    assert [n for n, _ in references_in("see also 6.2", "en")] == ["6.2"]
    assert [n for n, _ in references_in("ver também 6.2 e (veja também 7.1)", "pt")] == ["6.2", "7.1"]
    assert [n for n, _ in references_in("zob. też 6.2, (zob. także 7.1) i patrz również 8.1", "pl")] == \
        ["6.2", "7.1", "8.1"]


def test_thousands_read_alike_in_each_language() -> None:
    assert numbers_in("1,500 men", set()) == numbers_in("1.500 homens", set()) == \
        numbers_in("1 500 ludzi", set()) == ["1500"]
    assert numbers_in("0,5 PM and 1.25", set()) == ["0.5", "1.25"]
