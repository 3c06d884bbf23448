"""Rulebook Markdown to paragraph markup: emphasis, escapes, links, index anchors, block structure."""
from __future__ import annotations

import re

import pytest

from builder.load.game import load_game
from builder.render.typeset import structure
from builder.render.typeset.markup import (_WORD_START, Mark, TermFinder, _index_item, _term_forms, emphasis,
                                           index_term, inline, parenthesised_marks, reference_marks)
from tests.conftest import CONTENT, MINIMAL
from tests.render.test_typeset_frags import SEED_GAMES


def test_emphasis_escapes_and_literal_stars() -> None:
    assert emphasis(r"**Tak\*** and *Nie* P\* 2 * 3") == r"<b>Tak*</b> and <i>Nie</i> P* 2 * 3"
    assert inline("a < b & **c**\nd", []) == "a &lt; b &amp; <b>c</b> d"


def test_marks_wrap_their_slice_only() -> None:
    text = "see 6.2 now"
    assert inline(text, [Mark(4, 7, "<a>", "</a>")]) == "see <a>6.2</a> now"
    assert inline(text, [Mark(4, 7, "<a>", "</a>")], 8, 11) == "now"


def test_references_of_a_case_become_links_at_their_offsets() -> None:
    book = load_game(MINIMAL).rulebooks[0]
    case = next(c for c in book.cases if c.number == "1.1")
    block = case.blocks[0]
    marks = reference_marks(block, case, book.case_numbers())
    assert [block.text[m.start:m.end] for m in marks] == ["2.1"]
    assert '<a href="#case-2.1"' in inline(block.text, marks)
    assert reference_marks(block, case, set()) == []


def test_glossary_parentheses_link_only_known_cases() -> None:
    marks = parenthesised_marks("a stack (2.11; 9.9) and (0.5 MP)", {"2.11"})
    assert [m.start for m in marks] == [9]


def test_terms_are_found_by_their_stem_in_any_case() -> None:
    finder = TermFinder(["Stack", "Engagement zone (EZ)", "MTZ / NON-MTZ", "Strefa kontroli"])
    text = "Two stacks enter engagement zones; non-mtz units wait. W strefie kontroli."
    items = {m.before for m in finder.marks(text, 0, len(text))}
    assert items == {'<index item="Stack"/>', '<index item="Engagement zone"/>', '<index item="MTZ / NON-MTZ"/>',
                     '<index item="Strefa kontroli"/>'}
    assert index_term("Engagement zone (EZ)") == "Engagement zone"


def test_block_structure_pieces_lists_and_tables() -> None:
    text = ("Intro\nmore.\n- one\n  on\n  - nested\n2. two\n| A | B |\n|---|---|\n| x \\| y | z |\n"
            "{chart: crt}\n## Notes")
    pieces = structure.pieces(text)
    assert [p.kind for p in pieces] == ["paragraph", "list", "table", "embed", "heading"]
    items = structure.list_items(text, pieces[1])
    assert [(i.marker, i.depth, text[i.start:i.end]) for i in items] == [
        ("•", 0, "one\n  on"), ("•", 1, "nested"), ("2.", 0, "two")]
    rows = structure.table_rows(text, pieces[2])
    assert [[text[a:b] for a, b in row] for row in rows] == [["A", "B"], ["x \\| y", "z"]]
    assert structure.embed(text[pieces[3].start:pieces[3].end]) == ("chart", "crt")
    assert structure.heading("## Notes") == (2, "Notes")


def _first_uses(terms: list[str], text: str, start: int, end: int) -> list[tuple[int, str]]:
    """Return where each term is first used in text[start:end], a term at a time: the plain reading
    that TermFinder's single scan must match."""
    found = []
    for term in terms:
        use = re.compile(_WORD_START + _term_forms(term), re.IGNORECASE).search(text, start, end)
        if use:
            found.append((use.start(), index_term(term)))
    return found


@pytest.mark.parametrize("name", SEED_GAMES)
def test_seed_glossary_terms_are_found_where_each_is_first_used(name: str) -> None:
    game = load_game(CONTENT / name)
    marked = 0
    for book in game.rulebooks:
        terms = [entry.term for entry in book.glossary] + ["(no spelling)"] * (name == "batalha-de-gazala")
        finder = TermFinder(terms)
        for text in [block.text for case in book.cases for block in case.blocks]:
            for start, end in ((0, len(text)), (len(text) // 3, len(text))):
                marks = finder.marks(text, start, end)
                assert [(m.start, m.before) for m in marks] == [
                    (at, f'<index item="{_index_item(term)}"/>') for at, term in _first_uses(terms, text, start, end)]
                marked += len(marks)
    assert marked > 100


def test_simple_html_tags_are_set_others_left_out_and_autolinks_become_links() -> None:
    from builder.render.typeset.markup import inline
    assert inline('A <b>bold</b> <span class="x">word</span><br>next', []) == "A <b>bold</b> word<br/>next"
    assert inline("an <i>unclosed tag", []) == "an unclosed tag"
    assert inline("see <http://example.org/a>", []) == 'see <a href="http://example.org/a">http://example.org/a</a>'


def test_figures_and_block_quotes_are_pieces_of_their_own() -> None:
    from builder.render.typeset import structure
    text = "Before.\n\n> quoted\n> on two lines\n\n![A tank](art/tank.svg)\n![alt](art/b.png \"Its caption\")"
    pieces = structure.pieces(text)
    assert [p.kind for p in pieces] == ["paragraph", "quote", "figure", "figure"]
    quote = pieces[1]
    assert [text[a:b] for a, b in structure.quote_lines(text, quote)] == ["quoted", "on two lines"]
    assert structure.figure(text[pieces[2].start:pieces[2].end]) == ("A tank", "art/tank.svg")
    assert structure.figure(text[pieces[3].start:pieces[3].end]) == ("Its caption", "art/b.png")
