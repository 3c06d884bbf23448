"""A counter mix as CSV beside counters.yaml: one unit per row, step values in columns.

Columns: `id, name, nationality, type` (required), then any of `formation, size, designation,
parent_label, copies, designed, designators, back, alternate` (designators separated by `;`), then
one column per value: `attack` is the first step, `attack@2` the second, `attack@3` the third.
A name per language goes in `name.en`, `name.pl`… instead of `name`; a unit's properties in
`properties.<key>` columns (`properties.setup`).
"""
from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import Any

from builder.load.yaml import LocatedDict, LocatedList, read_text
from builder.diagnostics import ERROR, ContentError, Diagnostic, Location, Source

REQUIRED = ("id", "name", "nationality", "type")
PLAIN = ("formation", "size", "designation", "parent_label", "copies", "designed", "designators", "back", "alternate",
         "counter_size")
TEXT = ("id", "name", "designation", "parent_label")
"""Columns read as text even when they hold digits (`designation` "1")."""
_STEP_COLUMN = re.compile(r"^(?P<value>[A-Za-z][A-Za-z0-9_\-]*)(?:@(?P<step>[1-4]))?$")
_KEYED_COLUMN = re.compile(r"^(?:(?P<field>name)\.(?P<lang>[a-z]{2}(?:-[A-Z]{2})?)"
                           r"|(?P<mapping>properties)\.(?P<key>[A-Za-z0-9_\-]+))$")
"""A column that fills one key of a mapping: `name.pl` (the name in Polish), `properties.setup`."""


def _field_columns(line: str) -> list[int]:
    """Return the 1-based character column where each CSV field of `line` starts."""
    columns, quoted, index = [1], False, 0
    while index < len(line):
        char = line[index]
        if char == '"':
            quoted = not quoted
        elif char == "," and not quoted:
            columns.append(index + 2)
        index += 1
    return columns


def _cell(text: str) -> Any:
    """Read a cell: a whole number, a decimal, true/false, empty, or text."""
    stripped = text.strip()
    if stripped == "":
        return None
    if re.fullmatch(r"-?(?:0|[1-9]\d*)", stripped):
        return int(stripped)
    if re.fullmatch(r"-?\d+\.\d+", stripped):
        return float(stripped)
    if stripped in ("true", "false"):
        return stripped == "true"
    return stripped


def _located(data: dict, at: Location, values: dict[str, Location]) -> LocatedDict:
    out = LocatedDict(data)
    children = {key: value.source for key, value in data.items() if isinstance(value, LocatedDict)}
    out.source = Source(at, dict(values), dict(values), {}, children)
    return out


def _header_problems(path: Path, header: list[str], columns: list[int]) -> list[Diagnostic]:
    problems = []
    has_name = "name" in header or any(_KEYED_COLUMN.match(n) and n.startswith("name.") for n in header)
    for name in REQUIRED:
        if name not in header and not (name == "name" and has_name):
            problems.append(Diagnostic(Location(path, 1, 1), "load/csv-missing-column", ERROR,
                                       f'the column "{name}" is missing', f"add a `{name}` column"))
    for index, name in enumerate(header):
        if name not in REQUIRED and name not in PLAIN and not _STEP_COLUMN.match(name) \
                and not _KEYED_COLUMN.match(name):
            problems.append(Diagnostic(Location(path, 1, columns[index]), "load/csv-bad-column", ERROR,
                                       f'"{name}" is not a column name sandtable reads',
                                       "name a value column `attack` or `attack@2` (step 2)"))
    return problems


def _keyed_cell(unit: dict[str, Any], where: dict[str, Location], match: re.Match, text: str,
                at: Location) -> None:
    """Put one `name.<lang>` or `properties.<key>` cell into its mapping, keeping the cell's location."""
    if match["field"]:
        field, key, value = "name", match["lang"], (text.strip() or None)
    else:
        field, key, value = "properties", match["key"], _cell(text)
    if value is None:
        return
    mapping = unit.setdefault(field, _located({}, at, {}))
    if not isinstance(mapping, LocatedDict):
        return  # a plain `name` column already gave the name
    mapping[key] = value
    mapping.source.values[key] = mapping.source.keys[key] = at
    where.setdefault(field, at)


def _row_unit(path: Path, header: list[str], row: list[str], line: int, columns: list[int]) -> LocatedDict:
    unit: dict[str, Any] = {}
    where: dict[str, Location] = {}
    steps: dict[int, dict[str, Any]] = {}
    step_where: dict[int, dict[str, Location]] = {}
    for index, name in enumerate(header):
        text = row[index] if index < len(row) else ""
        at = Location(path, line, columns[index] if index < len(columns) else 1)
        value = _cell(text)
        if name in REQUIRED or name in PLAIN:
            if name == "designators":
                value = [d.strip() for d in text.split(";") if d.strip()]
            elif name in TEXT and value is not None:
                value = text.strip()
            if value is not None and value != []:
                unit[name], where[name] = value, at
            continue
        if keyed := _KEYED_COLUMN.match(name):
            _keyed_cell(unit, where, keyed, text, at)
            continue
        match = _STEP_COLUMN.match(name)
        step = int(match["step"] or 1)
        if value is not None:
            steps.setdefault(step, {})[match["value"]] = value
            step_where.setdefault(step, {})[match["value"]] = at
    row_at = Location(path, line, 1)
    step_list = LocatedList(
        _located({"values": _located(steps[n], row_at, step_where[n])}, row_at, {}) for n in sorted(steps)
    )
    step_list.at, step_list.items = row_at, tuple(row_at for _ in step_list)
    unit["steps"], where["steps"] = step_list, row_at
    return _located(unit, row_at, where)


def read_counter_csv(path: Path) -> list[LocatedDict]:
    """Return the units of a CSV counter mix as located mappings, ready for the model."""
    text = read_text(path)
    raw_lines = text.splitlines()
    rows = list(csv.reader(io.StringIO(text)))
    if not rows:
        return []
    header = [name.strip() for name in rows[0]]
    problems = _header_problems(path, header, _field_columns(raw_lines[0]))
    if problems:
        raise ContentError(problems)
    units = []
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        line_text = raw_lines[number - 1] if number - 1 < len(raw_lines) else ""
        units.append(_row_unit(path, header, row, number, _field_columns(line_text)))
    return units
