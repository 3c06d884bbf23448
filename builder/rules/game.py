"""Checks on game.yaml: the game id, the turn track's dates, languages, editions, and waivers."""
from __future__ import annotations

from typing import Iterator

from builder.model.content import Game
from builder.diagnostics import WARNING, Finding, location_of
from builder.rules.index import Index
from builder.rules.registry import WAIVER_CHECK_ID, check


@check("game/turn-dates")
def turn_dates(game: Game, ix: Index) -> Iterator[Finding]:
    """Turn dates run forward, the start precedes the end, and a stated turn count agrees with the dates.

    Why: dated reinforcements are placed by turn; dates out of order put them on the wrong turn.
    Fails:  start: 1942-05-26, end: 1942-06-22, days_per_turn: 2, count: 15
    Passes: the same with count: 14
    """
    turns = game.game.turns
    dated = [t for t in turns.turns if t.date is not None]
    for before, after in zip(dated, dated[1:]):
        if after.date < before.date:
            yield Finding(location_of(after, "date"), f"turn {after.number} is dated {after.date.isoformat()}, "
                          f"before turn {before.number} ({before.date.isoformat()})", "correct the dates",
                          subject=str(after.number))
    if turns.start and turns.end:
        if turns.end < turns.start:
            yield Finding(location_of(turns, "end"), "the turn track ends before it starts", "swap start and end",
                          subject="turns")
        elif turns.count and turns.days_per_turn and not turns.turns:
            days = (turns.end - turns.start).days + 1
            derived = -(-days // turns.days_per_turn)
            if derived != turns.count:
                yield Finding(location_of(turns, "count"), f"{turns.count} turns of {turns.days_per_turn} day(s) do "
                              f"not cover {turns.start.isoformat()} to {turns.end.isoformat()} ({derived} turns do)",
                              "correct the count, the dates or days_per_turn", subject="turns")


@check("game/id-not-a-folder-name")
def id_not_a_folder_name(game: Game, ix: Index) -> Iterator[Finding]:
    """The game id is one folder name: no `/` in it.

    Why: the build writes the game to out/<id>/; an id with a slash would put it in a folder of
    folders, or with `..` outside the output folder, so the build refuses it.
    Fails:  id: gazala/1942
    Passes: id: gazala-1942
    """
    if "/" in game.game.id:
        yield Finding(location_of(game.game, "id"), f'the game id "{game.game.id}" has a "/", but it names the '
                      "game's output folder", f'write it without the slash, e.g. "{game.game.id.replace("/", "-")}"',
                      subject="id")


@check("game/language-without-rulebook", severity=WARNING)
def languages_without_rulebook(game: Game, ix: Index) -> Iterator[Finding]:
    """Each language in game.yaml has a rulebook folder, and each rulebook folder is a listed language.

    Why: a language listed but not written yields an empty rulebook; an unlisted one is never built.
    Fails:  languages: [pt, en] with only rules/pt/
    Passes: languages: [pt, en] with rules/pt/ and rules/en/
    """
    written = {book.lang for book in game.rulebooks}
    for i, lang in enumerate(game.game.languages):
        if game.rulebooks and lang not in written:
            at = game.game.src.item("languages", i) if game.game.src else location_of(game.game)
            yield Finding(at, f'language "{lang}" has no rulebook folder rules/{lang}/', "write it, or drop the "
                          "language", subject=lang)
    for lang in sorted(written - set(game.game.languages)):
        yield Finding(location_of(game.game, "languages"), f'rules/{lang}/ exists but "{lang}" is not in `languages`',
                      f"add {lang} to `languages`", subject=lang)


@check("game/unknown-edition")
def unknown_editions(game: Game, ix: Index) -> Iterator[Finding]:
    """Each edition asked for (`print.editions`, or `sandtable build --lang`) is one of the game's languages.

    Why: an edition in a language the game does not declare would print every text in the source
    language under another language's name.
    Fails:  languages: [pt, en] with print: {editions: [de]}
    Passes: languages: [pt, en] with print: {editions: [en]}
    """
    settings = game.game.print
    for i, lang in enumerate(settings.editions):
        if lang not in game.game.languages:
            at = settings.src.item("editions", i) if settings.src else location_of(settings)
            yield Finding(at, f'an edition in "{lang}" is asked for, but '
                          f"the game's languages are {', '.join(game.game.languages)}",
                          f"ask for one of them (print.editions or --lang), or add {lang} to `languages`", subject=lang)


@check(WAIVER_CHECK_ID, severity=WARNING)
def unused_waivers(game: Game, ix: Index) -> Iterator[Finding]:
    """A waiver in game.yaml matches at least one diagnostic.

    Why: a waiver that matches nothing hides nothing today and may hide a new problem tomorrow.
    Fails:  waivers: [{check: scenario/overstacked-setup, subject: "aida:0209", …}] with 0209 no longer overstacked
    Passes: the waiver removed once the setup is fixed
    """
    # The registry applies waivers after every other check has run and reports the unused ones.
    return iter(())
