"""Turn pydantic validation errors into our diagnostics, in YAML terms, at the right line and column."""
from __future__ import annotations

import difflib
import typing
from typing import Any

from pydantic import BaseModel, ValidationError

from builder.load.yaml import LocatedDict, LocatedList
from builder.diagnostics import ERROR, Diagnostic, Location

_KIND_NAMES = {
    "string": "text", "int": "a whole number", "float": "a number", "bool": "true or false",
    "list": "a list", "dict": "a mapping", "model": "a mapping", "date": "a date (YYYY-MM-DD)",
    "tuple": "a list", "none": "nothing",
}
_LIST_HINT = "write a list: one item per line, each starting with `- `, or the items in brackets: [a, b]"
_MAPPING_HINT = "write a mapping: `key: value` lines, indented under this one"
_KIND_HINTS = {
    "string": 'write text; a value YAML would read as a number or true/false goes in quotes: "5"',
    "int": "write a whole number, such as 3", "float": "write a number, such as 2.5", "bool": "write true or false",
    "list": _LIST_HINT, "tuple": _LIST_HINT, "dict": _MAPPING_HINT, "model": _MAPPING_HINT,
    "date": "write the date as YYYY-MM-DD",
}
"""How to write a value of each kind pydantic names in a type error."""


def describe(value: Any) -> str:
    """Describe a YAML value for a message: `text "abc"`, `number 5`, `a list`…"""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"{'true' if value else 'false'}"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return f'the text "{value}"' if value else "empty text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return f"{value}"


def _walk(tree: Any, loc: tuple) -> tuple[Location | None, Location | None, Any, tuple]:
    """Follow an error path through the located tree; return (value at, key at, parent, path taken).

    Union and validator names in pydantic's path are not keys of the data, so they are skipped.
    """
    node, value_at, key_at, parent, taken = tree, None, None, None, ()
    for part in loc:
        if isinstance(node, LocatedDict) and isinstance(part, str) and part in node:
            value_at, key_at = node.source.value(part), node.source.key(part)
            parent, node, taken = node, node[part], taken + (part,)
        elif isinstance(node, LocatedList) and isinstance(part, int) and 0 <= part < len(node):
            value_at, key_at = node.items[part], node.items[part]
            parent, node, taken = node, node[part], taken + (part,)
        elif isinstance(node, dict) and isinstance(part, str) and part in node:
            parent, node, taken = node, node[part], taken + (part,)
    return value_at, key_at, parent if parent is not None else tree, taken


def _mapping_at(tree: Any, taken: tuple) -> Location | None:
    node = tree
    for part in taken:
        node = node[part]
    if isinstance(node, LocatedDict):
        return node.source.at
    if isinstance(node, LocatedList):
        return node.at
    return None


def _kind_at(tree: Any, taken: tuple) -> Location | None:
    """Return where the `kind` value of the mapping at `taken` stands (a tagged union's tag)."""
    node = tree
    for part in taken:
        node = node[part]
    return node.source.value("kind") if isinstance(node, LocatedDict) and "kind" in node else None


def _allowed_keys(model: type[BaseModel], taken: tuple) -> list[str]:
    """Return the keys the mapping at `taken` accepts, by following the model's field types."""
    current: Any = model
    for part in taken:
        if isinstance(part, int):
            current = _element_type(current)
            continue
        fields = getattr(current, "model_fields", None)
        if not fields or part not in fields:
            return []
        current = fields[part].annotation
    current = _model_in(current)
    if current is None:
        return []
    return [name for name in current.model_fields if name != "src"]


def _model_in(annotation: Any) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in typing.get_args(annotation):
        found = _model_in(arg)
        if found is not None:
            return found
    return None


def _element_type(annotation: Any) -> Any:
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    for arg in args:
        if typing.get_origin(arg) in (list, tuple):
            return typing.get_args(arg)[0]
    if typing.get_origin(annotation) in (list, tuple) and args:
        return args[0]
    return annotation


def _message(error: dict, allowed: list[str]) -> tuple[str, str]:
    """Return (message, hint) in our words for one pydantic error."""
    kind, ctx, value = error["type"], error.get("ctx", {}), error.get("input")
    field = str(error["loc"][-1]) if error["loc"] else ""
    if kind == "missing":
        return f'the key "{field}" is missing', f"add `{field}: …` to this mapping"
    if kind == "extra_forbidden":
        near = difflib.get_close_matches(field, allowed, n=1)
        hint = f'did you mean "{near[0]}"?' if near else ("allowed keys: " + ", ".join(allowed) if allowed else "")
        return f'unknown key "{field}"', hint
    if kind in ("literal_error", "enum"):
        expected = ctx.get("expected", "")
        choices = [c.strip(" '\"") for c in expected.replace(" or ", ",").split(",") if c.strip()]
        near = difflib.get_close_matches(str(value), choices, n=1)
        hint = f'did you mean "{near[0]}"?' if near else ""
        return f"{describe(value)} is not one of: {', '.join(choices)}", hint
    if kind == "string_pattern_mismatch":
        if field == "id" or "Id" in error.get("msg", "") or "A-Za-z0-9" in str(ctx.get("pattern", "")):
            return (f"{describe(value)} is not a valid id",
                    "use letters, digits and - _ . : / +, starting with a letter or digit, no spaces")
        if "#" in str(ctx.get("pattern", "")):
            return f"{describe(value)} is not a colour", "write a colour as #rrggbb, e.g. #c8a060"
        if "a-z" in str(ctx.get("pattern", "")):
            return f"{describe(value)} is not a language code", "write a code such as en, pl, pt or pt-BR"
        return f"{describe(value)} does not have the expected form", ""
    if kind.endswith("_type") or kind.endswith("_parsing"):
        base = kind.rsplit("_", 1)[0]
        wanted = _KIND_NAMES.get(base, base.replace("_", " "))
        return f"expected {wanted}, found {describe(value)}", _KIND_HINTS.get(base, "")
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        bound = next(iter(ctx.values()), "")
        words = {"greater_than_equal": "at least", "greater_than": "more than",
                 "less_than_equal": "at most", "less_than": "less than"}[kind]
        return f"must be {words} {bound}, found {describe(value)}", f"write a number that is {words} {bound}"
    if kind in ("too_short", "too_long"):
        words = "at least" if kind == "too_short" else "at most"
        count = ctx.get("min_length", ctx.get("max_length", ""))
        return f"needs {words} {count} item(s), found {ctx.get('actual_length', '?')}", f"give {words} {count}"
    if kind == "string_too_short":
        return (f"needs at least {ctx.get('min_length')} character(s), found {describe(value)}",
                "write the value out, or leave the key out if it is optional")
    if kind == "string_too_long":
        return f"may have at most {ctx.get('max_length')} characters", "shorten it"
    if kind == "union_tag_invalid":
        tags = str(ctx.get("expected_tags", "")).replace("'", "")
        return f"{describe(ctx.get('tag'))} is not a kind of chart", f"use one of: {tags}"
    if kind == "union_tag_not_found":
        return "this chart has no `kind`", "add `kind: crt`, `kind: tec` or `kind: table`"
    if kind == "value_error":
        return str(ctx.get("error", error.get("msg", ""))), ""
    return f"{describe(value)} is not valid here", "`sandtable schema` prints what each key accepts"


def diagnostics_from(exc: ValidationError, model: type[BaseModel], tree: Any, file_at: Location) -> list[Diagnostic]:
    """Return one located diagnostic per problem pydantic found in `tree` for `model`."""
    walked = [(error, _walk(tree, tuple(error["loc"]))) for error in exc.errors(include_url=False)]
    paths = [walk[3] + (("",) if error["type"] == "missing" else ()) for error, walk in walked]
    deeper = {path[:n] for path in paths for n in range(len(path))}
    found: dict[tuple, Diagnostic] = {}
    for error, (value_at, key_at, _parent, taken) in walked:
        kind = error["type"]
        if kind not in ("missing", "extra_forbidden") and taken in deeper:
            # A union whose mapping form got further: its deeper error says more than
            # "expected text, found a mapping" from the other forms.
            continue
        if kind == "missing":
            at = _mapping_at(tree, taken) or file_at
        elif kind == "extra_forbidden":
            at = key_at or file_at
        elif kind == "union_tag_invalid":
            at = _kind_at(tree, taken) or file_at
        else:
            at = value_at or _mapping_at(tree, taken) or file_at
        allowed = _allowed_keys(model, taken[:-1] if kind == "extra_forbidden" else taken)
        message, hint = _message(error, allowed)
        key = (taken, error["loc"][-1] if kind == "missing" else kind == "extra_forbidden")
        if key in found:
            # Several forms of a union failed at one place: the first form's wording is enough.
            continue
        rule = {"missing": "load/missing-key", "extra_forbidden": "load/unknown-key"}.get(kind, "load/invalid-value")
        found[key] = Diagnostic(at, rule, ERROR, message, hint)
    return sorted(found.values(), key=Diagnostic.sort_key)
