"""What a printed value is: the kinds of chart cells and counter values, and the text each prints.

Every printed value has a declared kind, so nothing downstream guesses what a string means. A chart
cell is one of its column's kind (a whole number, a number, a modifier, a column shift, a result code
of its own chart, or text in languages); in every kind it may instead be a symbol of the game's or
the chart's legend (`P`, `OT`), a dash for nothing, or a reference to another chart (`{chart: id}`).
`cell_problem` says what is wrong with a cell, `cell_text` what it prints; the checks, the renderer
and the read-back proof all use these two, so what is validated is what is printed.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal, Union

from builder.model.base import ContentModel, Id, LanguageCode, Number, Text, text_in
from builder.model.locales import decimal_text

CellKind = Literal["whole", "number", "modifier", "shift", "result", "text"]
"""What a chart cell holds: `whole` number, `number` (decimals too), `modifier` (+2, −1, 0, added to a roll
or a cost), `shift` (columns on a CRT), `result` (codes of the chart's `results`), `text` (as written)."""

ResultPrint = Literal["codes", "names"]
"""How result cells print: the codes as written (`DRB`, `2/1`), or each result's name (`Attacker retreats`)."""

NOTHING = ("-", "—")
"""A dash: nothing, no effect, not applicable; allowed in every cell and printed as written."""

_SIGNED = re.compile(r"^[+\-−]?\d+(?:\.\d+)?$")
_ARGUMENT = re.compile(r"^([\w*+!-]+)\((.*)\)$")
"""A result code with an argument, `he(D2)`: the result `he` whose name's `(x)` becomes `(D2)`."""


class Symbol(ContentModel):
    """A symbol of a legend: a mark a cell may hold in place of its kind (`P` prohibited, `OT` other terrain)."""

    name: Text
    """What the symbol means, in a few words."""
    text: Text = ""
    """A longer explanation, if any."""


class ChartRef(ContentModel):
    """A cell that sends the reader to another chart: `{chart: terrain-combat}` prints `→ ` and its title."""

    chart: Id
    """The chart's id."""


class Result(ContentModel):
    """A result code and what it does."""

    name: Text
    """The result's name."""
    text: Text = ""
    """What happens, in a sentence."""


CellValue = Union[bool, int, float, str, None, ChartRef, dict[LanguageCode, str]]
"""A cell as written: a number, a string, text per language, a chart reference, or empty."""


@dataclass(frozen=True)
class CellType:
    """What one cell must be and how it prints: its kind, bounds, and the vocabulary of its chart."""

    kind: CellKind
    results: dict[str, Result] = field(default_factory=dict)
    symbols: dict[str, Symbol] = field(default_factory=dict)
    prints: ResultPrint = "codes"
    separator: str = " "
    minimum: Number | None = None
    maximum: Number | None = None
    chart_names: dict[str, Text] = field(default_factory=dict)
    zero: str = "0"
    """How a zero modifier or shift prints (a TEC's combat column prints "—" for no effect)."""

    def __hash__(self) -> int:
        return hash((self.kind, self.prints, self.separator, self.minimum, self.maximum, self.zero))


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def signed_number(value: object) -> float | None:
    """Return a modifier written `+2`, `-1`, `−1` or `0` (or a YAML number) as a number, else None."""
    if _is_number(value):
        return float(value)
    if isinstance(value, str) and _SIGNED.match(value.strip()):
        return float(value.strip().replace("−", "-"))
    return None


def result_parts(value: object, cell: CellType) -> list[str]:
    """Return the codes written in a result cell, split at its chart's separator."""
    text = str(value)
    parts = text.split() if not cell.separator.strip() else text.split(cell.separator.strip())
    return [part.strip() for part in parts if part.strip()]


def _code_of(part: str) -> str:
    found = _ARGUMENT.match(part)
    return found.group(1) if found and part not in NOTHING else part


def unknown_codes(value: object, cell: CellType) -> list[str]:
    """Return the codes of a result cell that are neither its chart's results, nor legend symbols, nor a dash."""
    return [part for part in result_parts(value, cell)
            if part not in NOTHING and part not in cell.symbols and _code_of(part) not in cell.results]


_WANTED = {"whole": "a whole number", "number": "a number", "modifier": "a modifier such as +2, -1 or 0",
           "shift": "a column shift such as +1 or -2", "result": "a result code", "text": "text"}


def wanted(kind: CellKind) -> str:
    """Return what a cell of `kind` must hold, in words."""
    return _WANTED[kind]


def _out_of_bounds(number: float, cell: CellType) -> str | None:
    if cell.minimum is not None and number < cell.minimum:
        return f"is below the least allowed, {_plain(cell.minimum)}"
    if cell.maximum is not None and number > cell.maximum:
        return f"is above the most allowed, {_plain(cell.maximum)}"
    return None


def _plain(number: float) -> str:
    return str(int(number)) if float(number).is_integer() else str(number)


def cell_problem(value: CellValue, cell: CellType) -> str | None:
    """Return what is wrong with a cell for its type (`"five" is text where a whole number belongs`), or None."""
    if value is None or isinstance(value, dict) or (isinstance(value, str) and value in cell.symbols):
        return None
    if isinstance(value, ChartRef):
        return None if value.chart in cell.chart_names or not cell.chart_names else \
            f'refers to chart "{value.chart}", which is not defined'
    if isinstance(value, str) and value.strip() in NOTHING:
        return None
    if isinstance(value, bool):
        return f"{str(value).lower()} is a yes/no where {wanted(cell.kind)} belongs"
    if cell.kind == "text":
        return None if isinstance(value, str) else f"{_plain(value)} is a number where text belongs"
    if cell.kind == "result":
        unknown = unknown_codes(value, cell)
        return f'"{unknown[0]}" is not a result of this chart' if unknown else None
    number = signed_number(value) if cell.kind in ("modifier", "shift") else (
        float(value) if _is_number(value) else None)
    if number is None:
        return f'"{value}" is text where {wanted(cell.kind)} belongs'
    if cell.kind in ("whole", "shift") and not number.is_integer():
        return f"{value} is a decimal where {wanted(cell.kind)} belongs"
    bounds = _out_of_bounds(number, cell)
    return f"{_plain(number)} {bounds}" if bounds else None


def cell_text(value: CellValue, cell: CellType, lang: str) -> str:
    """Return a cell as printed in `lang`: as its kind says, a legend symbol or dash as written."""
    if value is None:
        return "—"
    if isinstance(value, dict):
        return text_in(value, lang)
    if isinstance(value, ChartRef):
        return "→ " + text_in(cell.chart_names.get(value.chart, value.chart), lang)
    if isinstance(value, str) and (value in cell.symbols or value.strip() in NOTHING):
        return value
    if cell.kind == "result":
        return _result_text(value, cell, lang)
    if cell.kind in ("modifier", "shift"):
        number = signed_number(value)
        return str(value) if number is None else signed_text(number, lang, zero=cell.zero)
    if _is_number(value):
        return number_text(value, lang)
    return str(value)


def _result_text(value: object, cell: CellType, lang: str) -> str:
    if cell.prints == "codes":
        return str(value)
    names = [_result_name(part, cell, lang) for part in result_parts(value, cell)]
    joiner = ", " if not cell.separator.strip() or cell.separator.strip() == "," else cell.separator
    return joiner.join(names)


def _result_name(part: str, cell: CellType, lang: str) -> str:
    if part in cell.results:
        return text_in(cell.results[part].name, lang)
    found = _ARGUMENT.match(part)
    if found and found.group(1) in cell.results:
        name = text_in(cell.results[found.group(1)].name, lang)
        return name.replace("(x)", f"({found.group(2)})") if "(x)" in name else f"{name} ({found.group(2)})"
    return part


def number_text(value: float, lang: str) -> str:
    """Return a number as printed: whole numbers plainly, halves as ½, other decimals with the language's mark."""
    if float(value).is_integer():
        return str(int(value))
    whole, rest = divmod(abs(float(value)), 1.0)
    sign = "−" if value < 0 else ""
    if abs(rest - 0.5) < 1e-9:
        return f"{sign}{int(whole) if whole else ''}½"
    return sign + decimal_text(abs(float(value)), lang)


def signed_text(number: float, lang: str, *, zero: str = "0") -> str:
    """Return a modifier or shift as printed: `+2`, `−1` (a true minus sign), and `zero` for 0."""
    if number == 0:
        return zero
    return ("+" if number > 0 else "−") + number_text(abs(number), lang)
