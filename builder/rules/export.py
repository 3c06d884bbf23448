"""The warnings of `sandtable export csv`: the units the CSV counter mix leaves out, and why.

Not a registered check: a unit that one CSV row cannot hold is fine in counters.yaml, and only an export
needs to say that it stays there.
"""
from __future__ import annotations

from builder.diagnostics import WARNING, Diagnostic, location_of
from builder.model.counters import CountersFile
from builder.plan.counter_mix import unit_problems

LEFT_OUT = "export/unit-not-in-csv"
"""The id of the warning for a unit that cannot be written as one CSV row."""


def units_left_out_of_csv(counters: CountersFile) -> list[Diagnostic]:
    """Return a located warning for each unit of the counter mix that the CSV export leaves out."""
    found = []
    for unit in counters.units:
        problems = unit_problems(unit)
        if problems:
            found.append(Diagnostic(location_of(unit), LEFT_OUT, WARNING,
                                    f'unit "{unit.id}" is left out of the CSV: {"; ".join(problems)}',
                                    "keep this unit in counters.yaml", subject=unit.id))
    return found
