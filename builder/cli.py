"""The `sandtable` command: click declarations only; the work happens in build.py and friends."""
from __future__ import annotations

import functools
import json
import sys
import traceback
from pathlib import Path
from typing import Callable

import click

from builder.build import build_game, check_path
from builder.rules.diagnostic import Diagnostic
from builder.rules.registry import iter_checks
from builder.rules.reporters import REPORTERS, report_sarif
from builder.schema import schema_document

EXIT_OK, EXIT_CONTENT, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
FORMATS = click.Choice(sorted(REPORTERS))


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
            click.echo(f"internal error: {type(exc).__name__}: {exc}; please report it "
                       "(run with --debug for the traceback)", err=True)
            sys.exit(EXIT_INTERNAL)

    return click.option("--debug", is_flag=True, help="Show a traceback for an internal error.")(wrapper)


def _print(diagnostics: list[Diagnostic], fmt: str) -> None:
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
@click.option("-o", "--out", "out_dir", type=click.Path(path_type=Path), default=Path("out"), show_default=True,
              help="Output folder; each game goes to OUT/<game-id>/.")
@click.option("--format", "fmt", type=FORMATS, default="text", show_default=True, help="Report format.")
@_guard
def build(paths: tuple[Path, ...], out_dir: Path, fmt: str) -> None:
    """Check, then build every artifact of the games in PATHS into OUT."""
    results = [check_path(path) for path in paths]
    diagnostics = [d for r in results for d in r.diagnostics]
    if diagnostics:
        _print(diagnostics, fmt)
    code = _exit_code(results)
    if code != EXIT_OK:
        click.echo("build refused: fix the errors above first (nothing was written)", err=True)
        sys.exit(code)
    for result in results:
        built = build_game(result.game, out_dir)
        click.echo(f"built {built.game_id}: {len(built.artifacts)} artifact(s) in {built.folder}", err=True)


@main.command()
@click.option("--kind", type=click.Choice(["game", "counters", "map", "charts", "scenario"]), default=None,
              help="Print the schema of one file kind instead of all.")
@_guard
def schema(kind: str | None) -> None:
    """Print the JSON Schema of the content files (for editors and the YAML language server)."""
    click.echo(json.dumps(schema_document(kind), indent=2, ensure_ascii=False))


@main.command()
@click.option("--format", "fmt", type=click.Choice(["text", "markdown", "json"]), default="text",
              show_default=True)
@_guard
def checks(fmt: str) -> None:
    """List every check with its id, severity and documentation."""
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
