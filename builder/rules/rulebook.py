"""Checks on the rulebook: references resolve, cases are unique and in order, embeds exist, languages agree,
no HTML that would not print."""
from __future__ import annotations

from collections import Counter
from typing import Iterator

from builder.model.content import Game
from builder.model.rulebook import Case, Rulebook
from builder.model.source import Location
from builder.phrases import phrase
from builder.render.typeset import structure
from builder.render.typeset.markup import HTML_TAG, SIMPLE_TAGS, figure_mentions
from builder.diagnostics import WARNING, Finding, location_in
from builder.rules.index import Index
from builder.rules.registry import check


def _nearest_case(target: str, book: Rulebook) -> str:
    parent = target.rsplit(".", 1)[0]
    siblings = sorted((c.number for c in book.cases if c.number.startswith(parent + ".")), key=_key)
    return f"cases under {parent}: " + ", ".join(siblings[:8]) if siblings else "check the number"


def _key(number: str) -> tuple[int, ...]:
    return tuple(int(p) for p in number.split("."))


def _decimal_key(number: str) -> tuple[float, ...]:
    """Read `9.34` the SPI way, as case 4 of section 9.3: each part after the first is a decimal fraction."""
    first, *rest = number.split(".")
    return (int(first), *(float("0." + part) for part in rest))


@check("rulebook/unresolved-reference")
def unresolved_references(game: Game, ix: Index) -> Iterator[Finding]:
    """Every cross reference (`see 6.23`, `(6.23)`) names a case of the same rulebook.

    Why: a reference to a case that does not exist sends the player nowhere.
    Fails:  "see 6.23" with no case 6.23
    Passes: "see 6.2" with a heading `## 6.2 Supply`
    """
    for book in game.rulebooks:
        numbers = book.case_numbers()
        for case in book.cases:
            for ref in case.references:
                if ref.target not in numbers:
                    yield Finding(ref.at, f"case {case.number} refers to {ref.target}, which the {book.lang} "
                                  "rulebook does not have", _nearest_case(ref.target, book),
                                  subject=f"{book.lang}:{case.number}:{ref.target}")


@check("rulebook/duplicate-case")
def duplicate_cases(game: Game, ix: Index) -> Iterator[Finding]:
    """Each case number appears once in a rulebook.

    Why: a reference to a number used twice cannot be resolved.
    Fails:  two headings `## 6.2 …`
    Passes: `## 6.2 …` and `## 6.3 …`
    """
    for book in game.rulebooks:
        seen: dict[str, Case] = {}
        for case in book.cases:
            if case.number in seen:
                first = seen[case.number].at
                yield Finding(case.at, f"case {case.number} is already numbered at {first.file.name}:{first.line}",
                              "renumber one of them", subject=f"{book.lang}:{case.number}")
            seen.setdefault(case.number, case)


@check("rulebook/case-order", severity=WARNING)
def cases_out_of_order(game: Game, ix: Index) -> Iterator[Finding]:
    """Case numbers increase through the rulebook.

    Why: a case out of order is usually a typo in its number.
    Fails:  6.2 followed by 6.12 followed by 6.3
    Passes: 6.2, 6.3, 6.12
    """
    for book in game.rulebooks:
        for before, after in zip(book.cases, book.cases[1:]):
            # Numbering schemes differ: 5.9 then 5.10 (dotted) or 9.3 then 9.34 (SPI decimal).
            # A case is out of order only when neither reading puts it after the one before.
            if _key(after.number) <= _key(before.number) and \
                    _decimal_key(after.number) <= _decimal_key(before.number):
                yield Finding(after.at, f"case {after.number} follows {before.number}", "check the case number",
                              subject=f"{book.lang}:{after.number}")


@check("rulebook/unknown-embed")
def unknown_embeds(game: Game, ix: Index) -> Iterator[Finding]:
    """Every `{chart: …}`, `{counter: …}` and `{map: …}` in the rulebook names something that exists.

    Why: an embed of a missing chart leaves a hole in the printed rulebook.
    Fails:  {chart: crtt}
    Passes: {chart: crt}
    """
    pieces = {**ix.units, **ix.markers}
    for book in game.rulebooks:
        for case in book.cases:
            for embed in case.embeds:
                if embed.kind == "chart" and embed.target not in ix.charts:
                    yield Finding(embed.at, f'chart "{embed.target}" is not in charts.yaml',
                                  "charts: " + ", ".join(ix.charts) if ix.charts else "", subject=embed.target)
                elif embed.kind == "counter" and embed.target not in pieces:
                    yield Finding(embed.at, f'counter "{embed.target}" is not in counters.yaml', "", subject=embed.target)
                elif embed.kind == "map" and not _map_range_exists(embed.target, ix):
                    yield Finding(embed.at, f'map excerpt "{embed.target}" names hexes that are not on the map',
                                  "write two corner hexes, e.g. 0101-0510", subject=embed.target)


def _map_range_exists(target: str, ix: Index) -> bool:
    return any(m.expand(target) for m in ix.hex_maps())


def _pairs(game: Game) -> Iterator[tuple[Rulebook, Rulebook]]:
    source = next((b for b in game.rulebooks if b.lang == game.game.languages[0]), None)
    if source is None:
        return
    for book in game.rulebooks:
        if book is not source:
            yield source, book


@check("rulebook/parity-cases", severity=WARNING)
def parity_cases(game: Game, ix: Index) -> Iterator[Finding]:
    """Rulebooks in several languages have the same cases.

    Why: a case missing from a translation leaves its players without that rule.
    Fails:  pt has 5.1.3, en does not
    Passes: both have 5.1.3
    """
    for source, other in _pairs(game):
        theirs = {c.number: c for c in other.cases}
        ours = {c.number: c for c in source.cases}
        for number, case in ours.items():
            if number not in theirs:
                yield Finding(case.at, f"case {number} of the {source.lang} rulebook is missing from the {other.lang} "
                              f"rulebook (rules/{other.lang}/)", "translate it", subject=f"{other.lang}:{number}")
        for number, case in theirs.items():
            if number not in ours:
                yield Finding(case.at, f"case {number} of the {other.lang} rulebook is not in the {source.lang} "
                              f"rulebook (rules/{source.lang}/)", "remove it or add it to the source",
                              subject=f"{other.lang}:{number}")


def _where(book: Rulebook, at: Location) -> str:
    """Return a place in a rulebook as the designer finds it: `rules/en/05-combat.md:12`."""
    return f"rules/{book.lang}/{at.file.name}:{at.line}"


def _first_to(case: Case, targets: Counter) -> Location:
    """Return where `case` first refers to one of `targets`, else where the case starts."""
    return next((r.at for r in case.references if r.target in targets), case.at)


def _matched(game: Game) -> Iterator[tuple[Rulebook, Case, Rulebook, Case]]:
    for source, other in _pairs(game):
        theirs = {c.number: c for c in other.cases}
        for case in source.cases:
            if case.number in theirs:
                yield source, case, other, theirs[case.number]


@check("rulebook/parity-references", severity=WARNING)
def parity_references(game: Game, ix: Index) -> Iterator[Finding]:
    """A case refers to the same cases in every language.

    Why: a translation pointing elsewhere sends its players to another rule.
    Fails:  pt 5.1 says "ver 5.3", en 5.1 says "see 5.2"
    Passes: both refer to 5.3
    """
    for source, case, other, twin in _matched(game):
        ours = Counter(r.target for r in case.references)
        theirs = Counter(r.target for r in twin.references)
        if ours != theirs:
            only_ours, only_theirs = ours - theirs, theirs - ours
            listed_ours = ", ".join(sorted(only_ours.elements(), key=_key)) or "nothing more"
            listed_theirs = ", ".join(sorted(only_theirs.elements(), key=_key)) or "nothing more"
            yield Finding(_first_to(twin, only_theirs), f"case {case.number} refers to {listed_theirs} in "
                          f"{other.lang} but to {listed_ours} in {source.lang} "
                          f"({_where(source, _first_to(case, only_ours))})", "make the references agree",
                          subject=f"{other.lang}:{case.number}")


@check("rulebook/parity-numbers", severity=WARNING)
def parity_numbers(game: Game, ix: Index) -> Iterator[Finding]:
    """A case writes the same numbers (factors, hexes, turns) in every language.

    Why: a factor translated wrong is a different rule in that language.
    Fails:  pt 8.0 "alcance 3", en 8.0 "range 4"
    Passes: both say 3
    """
    for source, case, other, twin in _matched(game):
        ours, theirs = Counter(case.numbers), Counter(twin.numbers)
        if ours != theirs:
            only_ours = sorted((ours - theirs).elements())
            only_theirs = sorted((theirs - ours).elements())
            yield Finding(twin.at, f"case {case.number} writes {', '.join(only_theirs) or 'no other numbers'} in "
                          f"{other.lang} where {source.lang} writes {', '.join(only_ours) or 'none'} "
                          f"({_where(source, case.at)})", "make the numbers agree",
                          subject=f"{other.lang}:{case.number}")


@check("rulebook/html-tag", severity=WARNING)
def html_tags_in_rulebook(game: Game, ix: Index) -> Iterator[Finding]:
    """A rulebook uses Markdown, not HTML: only <b>, <i>, <em>, <strong>, <u>, <sup>, <sub> and <br> are set.

    Why: any other tag is left out of the printed rulebook, with whatever it meant (a colour, a link, a class).
    Fails:  The <span style="color:red">first</span> impulse
    Passes: The **first** impulse, or the <b>first</b> impulse
    """
    for book in game.rulebooks:
        for block in book.blocks():
            for match in HTML_TAG.finditer(block.text):
                name = match.group(2).lower()
                if name not in SIMPLE_TAGS and name != "br" and not match.group(1):  # its closing tag is not told again
                    yield Finding(location_in(block.at, block.text, match.start()), f'HTML tag "{match.group(0)}" is '
                                  "not printed", "write it in Markdown (**bold**, *italic*) or leave it out",
                                  subject=f"{book.lang}:{name}")


@check("rulebook/unknown-figure", severity=WARNING)
def unknown_figures(game: Game, ix: Index) -> Iterator[Finding]:
    """A mention of a figure ("see Figure 3") names one the rulebook has: its figures are numbered in order.

    Why: a figure removed or moved renumbers those after it; a stale mention sends the reader to the wrong one.
    Fails:  see Figure 3, in a rulebook of two figures
    Passes: see Figure 2
    """
    for book in game.rulebooks:
        count = sum(piece.kind == "figure" for block in book.blocks() for piece in structure.pieces(block.text))
        word = phrase("figure", book.lang)
        for block in book.blocks():
            for start, _, number in figure_mentions(block.text, word):
                if not 1 <= number <= count:
                    yield Finding(location_in(block.at, block.text, start), f'{word} {number} does not exist: the '
                                  f'{book.lang} rulebook has {count} figure(s)', "renumber the mention",
                                  subject=f"{book.lang}:{number}")
