"""Which units of the counter mix one CSV row can hold, and the cell text of a value: the rules of the CSV
format (builder/load/counters_csv.py reads it) that the export (builder/emit/counters_csv.py) writes by and its
warnings (builder/rules/export.py) report on, so that what is reported left out is what is left out."""
from __future__ import annotations

import re

from builder.model.base import Scalar
from builder.model.counters import Unit

_COLUMN_KEY = re.compile(r"^[A-Za-z][A-Za-z0-9_\-]*$")
_PROPERTY_KEY = re.compile(r"^[A-Za-z0-9_\-]+$")
_READ_AS_NUMBER = re.compile(r"^-?(?:0|[1-9]\d*)$|^-?\d+\.\d+$")
"""Cell text the reader turns into a number (`12`, `-3`, `0.5`; not `0101`, which stays text)."""
_DECIMAL = re.compile(r"^-?\d+\.\d+$")


def is_plain_text(text: str) -> bool:
    """Return whether `text` reads back from a text cell unchanged."""
    return bool(text) and text == text.strip() and "\n" not in text and "\r" not in text


def scalar_cell(value: Scalar) -> str | None:
    """Return the cell text that the reader turns back into `value`, or None if there is none."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        text = repr(value)
        return text if _DECIMAL.match(text) else None
    if isinstance(value, str) and is_plain_text(value) and not _READ_AS_NUMBER.match(value) \
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
            if not _COLUMN_KEY.match(key) or scalar_cell(value) is None:
                problems.append(f"the {key} value {value!r} of step {number} would not read back the same")
    return problems


def unit_problems(unit: Unit) -> list[str]:
    """Return why `unit` cannot be one CSV row (empty when it can)."""
    names = unit.name.values() if isinstance(unit.name, dict) else [unit.name]
    texts = [*names, unit.id, *(t for t in (unit.designation, unit.parent_label) if t), *unit.designators]
    problems = [] if names else ["it has no name"]
    if not all(is_plain_text(text) for text in texts) or any(";" in d for d in unit.designators):
        problems.append("a name, designation or designator is empty, has spaces around it or holds `;`")
    if any(_DECIMAL.match(value or "") for value in (unit.nationality, unit.type, unit.formation, unit.alternate)):
        problems.append("an id it refers to would read back as a number")
    if any(not _PROPERTY_KEY.match(k) or scalar_cell(v) is None for k, v in unit.properties.items()):
        problems.append("a property is a list, empty or has a key that cannot name a column")
    if isinstance(unit.designed, str) and scalar_cell(unit.designed) != unit.designed:
        problems.append("its `designed` note would not read back the same")
    return problems + _step_problems(unit)
