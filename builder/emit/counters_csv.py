"""The counter mix as CSV, in the very format `load/counters_csv.py` reads back (for spreadsheets).

Columns: `id, name, nationality, type, formation, size, designation, parent_label, copies,
designators` (designators joined by `;`); then, only when a unit needs them, `name.<lang>` (a name
per language, right after `name`), `designed`, `back`, `alternate` and `properties.<key>`; then one
column per value and step: all first-step values (`attack`), then the second step's (`attack@2`)…
A unit whose data does not fit in one such row (a step label, a separate last-step counter, a list
in its properties…) is left out with a warning: it stays in counters.yaml. Markers are not exported.
"""
from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass

from builder.model.base import Scalar
from builder.model.counters import CountersFile, Unit
from builder.rules.diagnostic import WARNING, Diagnostic, location_of

COLUMNS = ("id", "name", "nationality", "type", "formation", "size", "designation", "parent_label", "copies",
           "designators")
"""The fixed columns, in order; the reader requires `id, name, nationality, type`."""

LEFT_OUT = "export/unit-not-in-csv"
"""The id of the warning for a unit that cannot be written as one CSV row."""

_COLUMN_KEY = re.compile(r"^[A-Za-z][A-Za-z0-9_\-]*$")
_PROPERTY_KEY = re.compile(r"^[A-Za-z0-9_\-]+$")
_READ_AS_NUMBER = re.compile(r"^-?(?:0|[1-9]\d*)$|^-?\d+\.\d+$")
"""Cell text the reader turns into a number (`12`, `-3`, `0.5`; not `0101`, which stays text)."""
_DECIMAL = re.compile(r"^-?\d+\.\d+$")


@dataclass(frozen=True)
class CounterMixCsv:
    """The CSV text, the ids of the units in it, and a warning for each unit left out."""

    text: str
    units: list[str]
    left_out: list[Diagnostic]


def _is_plain_text(text: str) -> bool:
    """Return whether `text` reads back from a text cell unchanged."""
    return bool(text) and text == text.strip() and "\n" not in text and "\r" not in text


def _scalar_cell(value: Scalar) -> str | None:
    """Return the cell text that the reader turns back into `value`, or None if there is none."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        text = repr(value)
        return text if _DECIMAL.match(text) else None
    if isinstance(value, str) and _is_plain_text(value) and not _READ_AS_NUMBER.match(value) \
            and value not in ("true", "false"):
        return value
    return None


def _step_problems(unit: Unit) -> list[str]:
    problems = []
    for number, step in enumerate(unit.steps, start=1):
        if step.label or step.counter != "same" or step.size is not None:
            problems.append(f"step {number} has a label, a counter of its own or a size of its own")
        if not step.values:
            problems.append(f"step {number} has no values")
        for key, value in step.values.items():
            if not _COLUMN_KEY.match(key) or _scalar_cell(value) is None:
                problems.append(f"the {key} value {value!r} of step {number} would not read back the same")
    return problems


def _unit_problems(unit: Unit) -> list[str]:
    """Return why `unit` cannot be one CSV row (empty when it can)."""
    names = unit.name.values() if isinstance(unit.name, dict) else [unit.name]
    texts = [*names, unit.id, *(t for t in (unit.designation, unit.parent_label) if t), *unit.designators]
    problems = [] if names else ["it has no name"]
    if not all(_is_plain_text(text) for text in texts) or any(";" in d for d in unit.designators):
        problems.append("a name, designation or designator is empty, has spaces around it or holds `;`")
    if any(_DECIMAL.match(value or "") for value in (unit.nationality, unit.type, unit.formation, unit.alternate)):
        problems.append("an id it refers to would read back as a number")
    if any(not _PROPERTY_KEY.match(k) or _scalar_cell(v) is None for k, v in unit.properties.items()):
        problems.append("a property is a list, empty or has a key that cannot name a column")
    if isinstance(unit.designed, str) and _scalar_cell(unit.designed) != unit.designed:
        problems.append("its `designed` note would not read back the same")
    return problems + _step_problems(unit)


def _in_order(keys: set, declared: list[str]) -> list:
    order = {key: index for index, key in enumerate(declared)}
    return sorted(keys, key=lambda key: (order.get(key, len(order)), key))


@dataclass(frozen=True)
class _Layout:
    """The columns one export needs beyond the fixed ones."""

    languages: list[str]
    extras: list[str]
    properties: list[str]
    values: list[tuple[int, str]]

    def header(self) -> list[str]:
        """Return the header row."""
        return [*COLUMNS[:2], *(f"name.{lang}" for lang in self.languages), *COLUMNS[2:], *self.extras,
                *(f"properties.{key}" for key in self.properties),
                *(key if number == 1 else f"{key}@{number}" for number, key in self.values)]


def _layout(units: list[Unit], declared_values: list[str]) -> _Layout:
    languages = [lang for unit in units if isinstance(unit.name, dict) for lang in unit.name]
    extras = [name for name, default in (("designed", False), ("back", "reduced"), ("alternate", None),
                                         ("counter_size", None))
              if any(getattr(unit, name) != default for unit in units)]
    properties = sorted({key for unit in units for key in unit.properties})
    used = {(n, key) for unit in units for n, step in enumerate(unit.steps, start=1) for key in step.values}
    order = {key: index for index, key in enumerate(_in_order({key for _, key in used}, declared_values))}
    return _Layout(list(dict.fromkeys(languages)), extras, properties,
                   sorted(used, key=lambda item: (item[0], order[item[1]])))


def _row(unit: Unit, layout: _Layout) -> list[str]:
    by_language = unit.name if isinstance(unit.name, dict) else {}
    cells = [unit.id, unit.name if isinstance(unit.name, str) else "",
             *(by_language.get(lang, "") for lang in layout.languages),
             unit.nationality, unit.type, unit.formation or "", unit.size, unit.designation, unit.parent_label,
             str(unit.copies), ";".join(unit.designators)]
    for name in layout.extras:
        value = getattr(unit, name)
        cells.append("" if value in (False, None, "reduced") else _scalar_cell(value) or "")
    cells += [(_scalar_cell(unit.properties[key]) or "") if key in unit.properties else ""
              for key in layout.properties]
    for number, key in layout.values:
        step = unit.steps[number - 1].values if number <= len(unit.steps) else {}
        cells.append((_scalar_cell(step[key]) or "") if key in step else "")
    return cells


def counter_mix_csv(counters: CountersFile) -> CounterMixCsv:
    """Return the units of the counter mix as CSV text, leaving out (with a warning) what one row cannot hold."""
    kept: list[Unit] = []
    left_out: list[Diagnostic] = []
    for unit in counters.units:
        problems = _unit_problems(unit)
        if problems:
            left_out.append(Diagnostic(location_of(unit), LEFT_OUT, WARNING,
                                       f'unit "{unit.id}" is left out of the CSV: {"; ".join(problems)}',
                                       "keep this unit in counters.yaml", subject=unit.id))
        else:
            kept.append(unit)
    layout = _layout(kept, [value.id for value in counters.values])
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(layout.header())
    writer.writerows(_row(unit, layout) for unit in kept)
    return CounterMixCsv(buffer.getvalue(), [unit.id for unit in kept], left_out)
