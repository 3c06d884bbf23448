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
from dataclasses import dataclass

from builder.model.counters import CountersFile, Unit
from builder.plan.counter_mix import scalar_cell, unit_problems

COLUMNS = ("id", "name", "nationality", "type", "formation", "size", "designation", "parent_label", "copies",
           "designators")
"""The fixed columns, in order; the reader requires `id, name, nationality, type`."""



@dataclass(frozen=True)
class CounterMixCsv:
    """The CSV text and the ids of the units in it."""

    text: str
    units: list[str]


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
        cells.append("" if value in (False, None, "reduced") else scalar_cell(value) or "")
    cells += [(scalar_cell(unit.properties[key]) or "") if key in unit.properties else ""
              for key in layout.properties]
    for number, key in layout.values:
        step = unit.steps[number - 1].values if number <= len(unit.steps) else {}
        cells.append((scalar_cell(step[key]) or "") if key in step else "")
    return cells


def counter_mix_csv(counters: CountersFile) -> CounterMixCsv:
    """Return the units of the counter mix as CSV text, leaving out what one row cannot hold.

    Which units those are is builder/plan/counter_mix.py's to say, and builder/rules/export.py warns of them.
    """
    kept = [unit for unit in counters.units if not unit_problems(unit)]
    layout = _layout(kept, [value.id for value in counters.values])
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(layout.header())
    writer.writerows(_row(unit, layout) for unit in kept)
    return CounterMixCsv(buffer.getvalue(), [unit.id for unit in kept])
