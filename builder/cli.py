"""The `sandtable` command: click declarations only; the work happens in build.py and friends."""
from __future__ import annotations

import functools
import json
import os
import shlex
import sys
import traceback
from pathlib import Path
from typing import TYPE_CHECKING, Callable

import click

from builder.cache import up_to_date
from builder.model.units import PAPERS_MM

if TYPE_CHECKING:
    from builder.preview.session import Outcome
    from builder.diagnostics import Diagnostic

# Each command imports the rest of sandtable when it runs, never at the top of this module: the models
# and renderers take over a second to import, and `sandtable build` of a tree that is up to date
# answers in a fraction of that with builder/cache.py alone (tests/test_cli.py keeps it so).

EXIT_OK, EXIT_CONTENT, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
_HELD_TO_EXIT: list[object] | None = None
"""What the builds of this process made, held to its end when `run` is the caller (it leaves with os._exit)
rather than freed object by object as each command returns: next-war's games and checks took 0.02 s."""
FORMATS = click.Choice(["github", "json", "sarif", "text"])
PAPERS = list(PAPERS_MM)
"""The report formats: the keys of builder.rules.reporters.REPORTERS (tests/test_cli.py checks they agree)."""


def _guard(command: Callable) -> Callable:
    """Turn an unexpected exception into one line (a traceback only with --debug) and exit 3."""

    @functools.wraps(command)
    def wrapper(*args, debug: bool = False, **kwargs):
        try:
            return command(*args, **kwargs)
        except (click.exceptions.Exit, click.ClickException, SystemExit, KeyboardInterrupt):
            raise
        except Exception as exc:  # our bug, not the content's: say so and stop
            if debug:
                traceback.print_exc()
            if _missing_dependency(exc):
                click.echo(f"error: this environment lacks the Python package that provides '{exc.name}', which "
                           "sandtable needs\n    hint: install sandtable again to get what pyproject.toml lists "
                           "(`make build`, or `pip install -e .` in this environment)", err=True)
                sys.exit(EXIT_USAGE)
            click.echo(f"internal error: {type(exc).__name__}: {exc}; please report it "
                       "(run with --debug for the traceback)", err=True)
            sys.exit(EXIT_INTERNAL)

    return click.option("--debug", is_flag=True, help="Show a traceback for an internal error.")(wrapper)


def _missing_dependency(exc: Exception) -> bool:
    """Whether `exc` is a library sandtable imports that is not installed (an environment made before the
    library joined pyproject.toml's dependencies), rather than a bug of sandtable's own modules."""
    return isinstance(exc, ModuleNotFoundError) and (exc.name or "builder").partition(".")[0] != "builder"


def _import_build(*, freeze: bool = False, checks_only: bool = False) -> None:
    """Import builder.build (the models, the loader, the checks' registry), for the commands that load games;
    with `checks_only`, builder/pipeline/checking.py, which reads and checks games without the emitters.

    The import makes a few hundred thousand objects (model classes and their schemas) and no garbage
    worth collecting: with the collector paused it takes about a fifth less time. A build (`freeze`)
    keeps them out of the collector's passes until it ends (builder/collector.py).
    """
    from builder.collector import collector_paused

    with collector_paused(freeze=freeze):
        if checks_only:  # 0.1 s of CPU less than importing the emitters too
            import builder.pipeline.checking  # noqa: F401
        else:
            import builder.build  # noqa: F401


def _print(diagnostics: list[Diagnostic], fmt: str) -> None:
    from builder.rules.registry import iter_checks
    from builder.rules.reporters import REPORTERS, report_sarif

    if fmt == "sarif":
        docs = {c.id: c.summary for c in iter_checks()}
        click.echo(report_sarif(diagnostics, docs), nl=False)
    elif fmt == "text":
        click.echo(REPORTERS[fmt](diagnostics), nl=False, err=True)
    else:
        click.echo(REPORTERS[fmt](diagnostics), nl=False)


def _exit_code(results) -> int:
    if any(r.usage_error for r in results):
        return EXIT_USAGE
    return EXIT_CONTENT if any(r.errors for r in results) else EXIT_OK


def run() -> None:
    """The `sandtable` command as installed: `main`, then leave the process at once with its exit code.

    A build leaves a large heap behind (games, fonts, drawings); letting the interpreter free it object
    by object took a fifth of a second after the last file was written and flushed. Nothing is left to do
    by then: the children are joined and the outputs renamed into place, so only stdio is flushed.
    """
    global _HELD_TO_EXIT
    held: list[object] = []  # what the builds made (`_HELD_TO_EXIT`), alive until os._exit
    _HELD_TO_EXIT = held
    try:
        main()
        code = EXIT_OK
    except SystemExit as exc:
        code = _code_of(exc)
    _HELD_TO_EXIT = None  # nothing left behind for a caller that does not leave (a test)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe or stream: nothing more can be said on it
            pass
    os._exit(code)


def _code_of(exc: SystemExit) -> int:
    """Return the process exit code `sys.exit` would give for `exc` (printing a message it carries)."""
    if exc.code is None:
        return EXIT_OK
    if isinstance(exc.code, int):
        return exc.code
    print(exc.code, file=sys.stderr)
    return 1


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="sandtable")
def main() -> None:
    """sandtable: one YAML model of a board wargame, checked and compiled to print and VASSAL."""


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=FORMATS, default="text", show_default=True, help="Report format.")
@_guard
def check(paths: tuple[Path, ...], fmt: str) -> None:
    """Check the games in PATHS (folders holding game.yaml) and report every problem."""
    _import_build(freeze=True, checks_only=True)
    from builder.collector import collector_paused
    from builder.pipeline.checking import check_path

    # The games live until the command ends, and reading and checking them makes next to no cycles: the
    # collector's passes over each game after its load and its checks were a tenth of the command's CPU.
    with collector_paused(freeze=True):
        results = [check_path(path) for path in paths]
    diagnostics = [d for r in results for d in r.diagnostics]
    _print(diagnostics, fmt)
    if fmt == "text":
        errors = sum(len(r.errors) for r in results)
        click.echo(f"checked {len(results)} game(s): {errors} error(s), {len(diagnostics) - errors} warning(s)",
                   err=True)
    sys.exit(_exit_code(results))


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("-o", "--out", "out_dir", type=click.Path(path_type=Path, file_okay=False), default=Path("out"),
              show_default=True,
              help="Output folder; each game goes to OUT/<game-id>/.")
@click.option("--format", "fmt", type=FORMATS, default="text", show_default=True, help="Report format.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None,
              help="Processes to build with  [default: one per core].")
@click.option("--no-cache", is_flag=True, help="Rebuild every artifact, even those whose inputs did not change.")
@click.option("--press/--no-press", default=None, help="Also write press PDFs (CMYK, PDF/X)  [default: print.press].")
@click.option("--png/--no-png", default=None,
              help="Also write PNGs of the counter faces and sheets  [default: print.png].")
@click.option("--dpi", type=click.IntRange(72, 1200), default=None,
              help="Resolution of the counter PNGs  [default: print.dpi].")
@click.option("--map-dpi", type=click.IntRange(72, 1200), default=None,
              help="Make PNGs of the map sheets at this resolution  [default: print.map_dpi].")
@click.option("--paper", "papers", type=click.Choice(PAPERS), multiple=True,
              help="Paper for sheets, charts and tiles; repeat for several  [default: print.papers].")
@click.option("--map-paper", "map_papers", type=click.Choice(PAPERS), multiple=True,
              help="Large-format paper to lay maps out on; repeat for several  [default: print.map_papers].")
@click.option("--lang", "langs", multiple=True, metavar="LANG",
              help="Build only this language's edition (one of the game's `languages`); repeat for several  "
                   "[default: print.editions, else every language].")
@_guard
def build(paths: tuple[Path, ...], out_dir: Path, fmt: str, jobs: int | None, no_cache: bool, press: bool | None,
          png: bool | None, dpi: int | None, map_dpi: int | None, papers: tuple[str, ...],
          map_papers: tuple[str, ...], langs: tuple[str, ...]) -> None:
    """Check, then build every artifact of the games in PATHS into OUT (only what changed since the last build)."""
    _check_language_codes(langs)
    given = (("press", press), ("png", png), ("dpi", dpi), ("map_dpi", map_dpi), ("papers", list(papers)),
             ("map_papers", list(map_papers)), ("editions", list(dict.fromkeys(langs))))
    overrides = {key: value for key, value in given if value not in (None, [])}
    if overrides:  # the last build may have had other settings: every game is looked at again
        from builder.load.game import PRINT_OVERRIDES
        PRINT_OVERRIDES.update(overrides)
    fresh = {path: None if no_cache or overrides else up_to_date(path, out_dir) for path in paths}
    stale = [path for path in paths if fresh[path] is None]
    built = _build_stale(stale, out_dir, fmt, jobs=jobs, cache=not no_cache) if stale else {}
    for path in paths:
        if fresh[path] is not None:
            done = fresh[path]
            click.echo(f"built {done.game_id}: {done.artifacts} artifact(s) in {done.folder} (up to date)", err=True)
        else:
            click.echo(built[path], err=True)


def _check_language_codes(langs: tuple[str, ...]) -> None:
    """Refuse (usage, exit 2) a --lang that is no language code at all; one the game lacks is game/unknown-edition."""
    if not langs:
        return
    import re
    from builder.model.base import LANGUAGE_CODE
    for lang in langs:
        if not re.match(LANGUAGE_CODE, lang):
            raise click.BadParameter(f'"{lang}" is not a language code such as en, pl or pt-BR', param_hint="--lang")


def _build_stale(paths: list[Path], out_dir: Path, fmt: str, *, jobs: int | None, cache: bool) -> dict[Path, str]:
    """Check and build the games that are not up to date; return the line to print for each path."""
    from builder.processes import can_fork, default_jobs
    from builder.reader import start_reader

    jobs = jobs or default_jobs()
    # the models and the build's own modules first (0.2 s of CPU), then the child that reads the games: it
    # inherits them rather than importing them again, and reads the games while this process imports the
    # emitters and registers the fonts (builder/build.py `check_and_build`)
    _import_build(freeze=True)
    reader = start_reader(paths) if jobs > 1 and can_fork() else None
    from builder.build import EMITTERS, check_and_build
    from builder.progress import Progress

    progress = Progress()
    try:
        results, built = check_and_build(paths, out_dir, jobs=jobs, cache=cache, progress=progress, reader=reader)
    except OSError as exc:  # a file that cannot be read or written: not ours to report as a crash
        progress.finish()
        line, code = _os_error(exc, out_dir)
        click.echo(line, err=True)
        sys.exit(code)
    progress.finish()
    if _HELD_TO_EXIT is not None:
        _HELD_TO_EXIT.append(results)
    diagnostics = [d for r in results for d in r.diagnostics]
    if diagnostics:
        _print(diagnostics, fmt)
    code = _exit_code(results)
    if built is None or code != EXIT_OK:
        click.echo("build refused: fix the errors above first (nothing was written)", err=True)
        sys.exit(code if code != EXIT_OK else EXIT_CONTENT)
    lines = {}
    for path, one in zip(paths, built):
        kept = f" ({len(one.rerun)} of {len(EMITTERS)} emitters rerun)" if len(one.rerun) < len(EMITTERS) else ""
        lines[path] = "\n".join([f"built {one.game_id}: {len(one.artifacts)} artifact(s) in {one.folder}{kept}",
                                 *_paper_notes(one.artifacts)])
    return lines


def _paper_notes(entries: list[dict]) -> list[str]:
    """Return a note for each map sheet that fits on one page of none of the large-format papers asked for."""
    large: dict[str, list[tuple[str, bool]]] = {}
    for entry in entries:
        if entry["kind"] == "map-pdf" and "fits" in entry:
            large.setdefault(entry["path"].rsplit("-", 1)[0], []).append((entry["layout"], entry["fits"]))
    return [f"  note: {sheet}-full.pdf fits on one sheet of none of {', '.join(p for p, _ in found)}: it is tiled "
            f"on them ({sheet}-<paper>.pdf); the full-size file needs a larger press sheet or a plotter roll"
            for sheet, found in large.items() if not any(fits for _, fits in found)]


def _os_error(exc: OSError, out_dir: Path) -> tuple[str, int]:
    """Return the line to print and the exit code for a file a build could not read or write: the output
    folder's is a usage error (2), any other (a content file) a content error (1)."""
    reason = exc.strerror or str(exc)
    path = Path(os.fsdecode(exc.filename)) if exc.filename is not None else None
    out = out_dir.absolute()
    if path is None or path.absolute() == out or out in path.absolute().parents:
        where = f" {path}:" if path is not None else ""
        return (f"error: cannot write the build's output:{where} {reason}; fix the folder or choose another with "
                "-o (no game's folder was left half-written)", EXIT_USAGE)
    return f"error: cannot read {path}: {reason}; nothing was written", EXIT_CONTENT


@main.command()
@click.option("--kind", type=click.Choice(["game", "counters", "map", "charts", "scenario", "layout"]), default=None,
              help="Print the schema of one file kind instead of all.")
@click.option("--write", "write_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Write one file per kind (KIND.schema.json) into this folder instead of printing.")
@_guard
def schema(kind: str | None, write_dir: Path | None) -> None:
    """Print the JSON Schema of the content files (for editors and the YAML language server)."""
    from builder.schema import FILE_KINDS, schema_document, write_schemas

    if write_dir is not None:
        for path in write_schemas(write_dir, [kind] if kind else list(FILE_KINDS)):
            click.echo(f"wrote {path}", err=True)
        return
    click.echo(json.dumps(schema_document(kind), indent=2, ensure_ascii=False))


@main.command()
@click.option("--format", "fmt", type=click.Choice(["text", "markdown", "json"]), default="text",
              show_default=True)
@_guard
def checks(fmt: str) -> None:
    """List every check with its id, severity and documentation."""
    from builder.rules.registry import iter_checks

    items = list(iter_checks())
    if fmt == "json":
        click.echo(json.dumps([{"id": c.id, "severity": c.severity.value, "summary": c.summary, "doc": c.doc}
                               for c in items], indent=2, ensure_ascii=False))
        return
    for c in items:
        if fmt == "markdown":
            body = c.doc.split("\n", 1)[1].strip() if "\n" in c.doc else ""
            click.echo(f"### `{c.id}` ({c.severity.value})\n\n{c.summary}\n\n{body}\n")
        else:
            click.echo(f"{c.id:40} {c.severity.value:8} {c.summary}")


@main.command()
@click.argument("name")
@click.option("--dir", "parent", type=click.Path(file_okay=False, path_type=Path), default=Path("."),
              show_default=True, help="Folder to make the game in; the game goes to DIR/NAME.")
@click.option("--title", default=None, help="The game's title (default: made from NAME).")
@_guard
def new(name: str, parent: Path, title: str | None) -> None:
    """Make a small starter game in DIR/NAME that checks clean and builds at once."""
    from builder.scaffold import ScaffoldError, create_game

    try:
        made = create_game(name, parent, title=title)
    except ScaffoldError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(EXIT_USAGE)
    click.echo(f"made the game {made.game_id} in {made.folder} ({len(made.files)} files)\n"
               f"preview it live: sandtable watch {shlex.quote(str(made.folder))}", err=True)


def _report_build(outcome: Outcome) -> None:
    from builder.rules.reporters import report_text

    if outcome.diagnostics:
        click.echo(report_text(outcome.diagnostics), nl=False, err=True)
    click.echo(f"{outcome.snapshot.summary} ({outcome.seconds:.1f} s)", err=True)
    if outcome.error is not None and click.get_current_context().params.get("debug"):
        traceback.print_exception(outcome.error)


@main.command()
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port on 127.0.0.1 to serve the preview on; 0 picks a free one.")
@_guard
def watch(path: Path, port: int) -> None:
    """Build the game at PATH, serve a live preview on 127.0.0.1 and rebuild on every save (Ctrl-C stops)."""
    from builder.preview.watch import PreviewError, serve_preview
    from builder.diagnostics import ContentError

    def ready(url: str) -> None:
        click.echo(f"serving the preview at {url} (Ctrl-C to stop)", err=True)

    try:
        serve_preview(path, port=port, on_ready=ready, on_build=_report_build)
    except ContentError as exc:
        _print(exc.diagnostics, "text")
        sys.exit(EXIT_USAGE)
    except PreviewError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(EXIT_USAGE)
    click.echo("stopped", err=True)


@main.group()
def export() -> None:
    """Export content for other tools (spreadsheets)."""


@export.command("csv")
@click.argument("path", type=click.Path(path_type=Path))
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the CSV to this file instead of standard output.")
@_guard
def export_csv(path: Path, output: Path | None) -> None:
    """Write the units of the game at PATH as a CSV counter mix (the format counters.csv is read in)."""
    _import_build()
    from builder.build import check_path
    from builder.emit.counters_csv import counter_mix_csv
    from builder.emit.output import write_atomic
    from builder.rules.export import units_left_out_of_csv
    from builder.rules.reporters import report_text

    result = check_path(path)
    if result.game is None:
        _print(result.diagnostics, "text")
        sys.exit(_exit_code([result]))
    mix = counter_mix_csv(result.game.counters)
    left_out = units_left_out_of_csv(result.game.counters)
    if left_out:
        click.echo(report_text(left_out), nl=False, err=True)
    if output is None:
        click.echo(mix.text, nl=False)
    else:
        write_atomic(output, mix.text.encode("utf-8"))
        click.echo(f"wrote {len(mix.units)} unit(s) to {output}", err=True)
