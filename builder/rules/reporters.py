"""Reporters: pure functions from diagnostics to text (text, json, sarif, github)."""
from __future__ import annotations

import json
from collections import Counter
from typing import Callable
from urllib.parse import quote

from builder.diagnostics import Diagnostic, Severity

TEXT_LIMIT_PER_RULE = 20
"""The text reporter shows this many diagnostics of one check, then one summary line."""


def as_dict(d: Diagnostic) -> dict:
    """Return the contract's fields of a diagnostic."""
    return {"file": str(d.at.file), "line": d.at.line, "column": d.at.column, "rule": d.rule,
            "severity": d.severity.value, "message": d.message, "hint": d.hint, "subject": d.subject}


def report_text(diagnostics: list[Diagnostic]) -> str:
    """Return one parsable line per diagnostic with its hint below, collapsing a flood of one check."""
    lines: list[str] = []
    shown: Counter[str] = Counter()
    hidden: Counter[str] = Counter()
    for d in diagnostics:
        shown[d.rule] += 1
        if shown[d.rule] > TEXT_LIMIT_PER_RULE:
            hidden[d.rule] += 1
            continue
        lines.append(f"{d.at}: {d.severity.value} [{d.rule}] {d.message}")
        if d.hint:
            lines.append(f"    hint: {d.hint}")
    for rule, count in sorted(hidden.items()):
        lines.append(f"... and {count} more [{rule}] (use --format json to see them all)")
    errors = sum(1 for d in diagnostics if d.severity is Severity.ERROR)
    warnings = len(diagnostics) - errors
    if diagnostics:
        lines.append(f"{errors} error(s), {warnings} warning(s)")
    return "\n".join(lines) + ("\n" if lines else "")


def report_json(diagnostics: list[Diagnostic]) -> str:
    """Return the diagnostics as a JSON list of the contract's objects."""
    return json.dumps([as_dict(d) for d in diagnostics], indent=2, ensure_ascii=False) + "\n"


def report_github(diagnostics: list[Diagnostic]) -> str:
    """Return GitHub Actions workflow commands that annotate the files."""
    def escape(text: str) -> str:
        return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")

    lines = []
    for d in diagnostics:
        level = "error" if d.severity is Severity.ERROR else "warning"
        message = d.message + (f" (hint: {d.hint})" if d.hint else "")
        lines.append(f"::{level} file={d.at.file},line={d.at.line},col={d.at.column},title={d.rule}::"
                     f"{escape(message)}")
    return "\n".join(lines) + ("\n" if lines else "")


def report_sarif(diagnostics: list[Diagnostic], rule_docs: dict[str, str] | None = None) -> str:
    """Return a SARIF 2.1.0 log with one result per diagnostic."""
    rule_docs = rule_docs or {}
    rules = sorted({d.rule for d in diagnostics})
    log = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "sandtable",
                "rules": [{"id": r, "shortDescription": {"text": rule_docs.get(r, r)}} for r in rules],
            }},
            "results": [{
                "ruleId": d.rule,
                "level": "error" if d.severity is Severity.ERROR else "warning",
                "message": {"text": d.message + (f" (hint: {d.hint})" if d.hint else "")},
                "locations": [{"physicalLocation": {
                    # a URI reference: a path as given (relative paths map onto the repository), percent-encoded
                    "artifactLocation": {"uri": quote(d.at.file.as_posix())},
                    "region": {"startLine": d.at.line, "startColumn": d.at.column},
                }}],
            } for d in diagnostics],
        }],
    }
    return json.dumps(log, indent=2, ensure_ascii=False) + "\n"


REPORTERS: dict[str, Callable[[list[Diagnostic]], str]] = {
    "text": report_text,
    "json": report_json,
    "github": report_github,
    "sarif": report_sarif,
}
