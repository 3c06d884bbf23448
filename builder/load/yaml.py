"""Safe YAML reading that keeps file, line and column for every mapping, key, value and list item.

PyYAML's SafeLoader follows YAML 1.1: `0101` is octal 65, `0809` is text, `no` is false. Hex ids and
Norwegian place names must survive, so our resolver knows only the YAML 1.2 core forms: `true`,
`false`, `null`, decimal integers without a leading zero or a `+`, decimals, and ISO dates.

Files are parsed by libyaml (PyYAML's C parser, about ten times faster) with that same resolver; a
file libyaml refuses is parsed again by PyYAML's Python parser, whose messages the diagnostics quote.
Both give the same nodes, tags and positions (tests/load/test_yaml.py compares them on every file).
"""
from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from builder.collector import collector_paused
from builder.deferred import compiled_on_first_use
from builder.diagnostics import ERROR, ContentError, Diagnostic, Location, Source

with compiled_on_first_use("yaml.reader"):  # its test for unprintable text serves the Python parser only
    import yaml

MAX_FILE_BYTES = 8 * 1024 * 1024
"""Content files larger than this are refused (a map of 100×100 hexes is well under 1 MiB)."""
MAX_NODES = 1_000_000
"""The most values a file may expand to once aliases are followed."""
MAX_ALIAS_EXPANSIONS = 10_000
"""The most times aliased lists and mappings may be repeated (stops alias bombs early)."""
MAX_DEPTH = 100
"""The deepest nesting of lists and mappings a file may have (content needs about ten)."""


class LocatedDict(dict):
    """A YAML mapping that knows where it and each of its keys and values stand."""

    source: Source


class LocatedList(list):
    """A YAML sequence that knows where it and each of its items stand."""

    at: Location
    items: tuple[Location, ...]


class _Resolver(yaml.resolver.BaseResolver):
    """Plain-scalar typing after YAML 1.2 core (see the module docstring)."""

    def __init__(self) -> None:
        super().__init__()
        # the tag of each plain scalar met so far: keys and small numbers come back thousands of times
        self.plain_tags: dict[str, str] = {}

    def resolve(self, kind: type, value: str, implicit: tuple[bool, bool]) -> str:
        """Return the tag of a node: BaseResolver.resolve without its path resolvers, which we never use."""
        if kind is yaml.ScalarNode and implicit[0]:
            tag = self.plain_tags.get(value)
            if tag is None:
                tag = self.plain_tags[value] = self.plain_tag(value)
            return tag
        return _DEFAULT_TAGS[kind]

    def plain_tag(self, value: str) -> str:
        """Return the tag of a plain scalar by the patterns its first character may start."""
        for tag, pattern in self.yaml_implicit_resolvers.get(value[:1], ()):
            if pattern.match(value):
                return tag
        return _DEFAULT_TAGS[yaml.ScalarNode]


_DEFAULT_TAGS = {yaml.ScalarNode: _Resolver.DEFAULT_SCALAR_TAG, yaml.SequenceNode: _Resolver.DEFAULT_SEQUENCE_TAG,
                 yaml.MappingNode: _Resolver.DEFAULT_MAPPING_TAG}


_Resolver.yaml_implicit_resolvers = {}
for _tag, _pattern, _first in (
    ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
    ("tag:yaml.org,2002:int", r"^-?(?:0|[1-9][0-9]*)$", "-0123456789"),
    ("tag:yaml.org,2002:float", r"^-?(?:(?:0|[1-9][0-9]*)\.[0-9]+|\.[0-9]+)(?:[eE][-+]?[0-9]+)?$", "-.0123456789"),
    ("tag:yaml.org,2002:timestamp", r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$", "0123456789"),
    ("tag:yaml.org,2002:merge", r"^<<$", "<"),
):
    _Resolver.add_implicit_resolver(_tag, re.compile(_pattern), list(_first))


class _Composer(
    yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser, yaml.composer.Composer, _Resolver
):
    """Reads YAML into nodes (never Python objects) with our resolver."""

    def __init__(self, stream: str) -> None:
        yaml.reader.Reader.__init__(self, stream)
        yaml.scanner.Scanner.__init__(self)
        yaml.parser.Parser.__init__(self)
        yaml.composer.Composer.__init__(self)
        _Resolver.__init__(self)


if yaml.__with_libyaml__:
    class _FastComposer(yaml.cyaml.CParser, _Resolver):
        """libyaml's parser and composer with our resolver: the same nodes as _Composer, faster."""

        def __init__(self, stream: str) -> None:
            yaml.cyaml.CParser.__init__(self, stream)
            _Resolver.__init__(self)
else:
    _FastComposer = _Composer


@dataclass
class _Budget:
    nodes: int = 0
    expansions: int = 0
    seen: set[int] = field(default_factory=set)
    open: list[int] = field(default_factory=list)
    """The lists and mappings being built, outermost first: a node met again among them is a loop."""


_STR = "tag:yaml.org,2002:str"
_MERGE = "tag:yaml.org,2002:merge"
_location = tuple.__new__
"""Makes a Location from (file, line, column) without the named tuple's own __new__ in Python."""


class _Builder:
    """Turns composed nodes into LocatedDict / LocatedList / scalars, gathering diagnostics.

    It visits every node of every file (some 400,000 for a game of 10,000 counters), so plain text,
    the most common value, is taken straight from its node, and a list or mapping's own location is
    reused as the location of its item or value rather than made again.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.budget = _Budget()
        self.problems: list[Diagnostic] = []

    def at(self, node: yaml.Node) -> Location:
        mark = node.start_mark
        return _location(Location, (self.path, mark.line + 1, mark.column + 1))

    def problem(self, node: yaml.Node, rule: str, message: str, hint: str = "") -> None:
        self.problems.append(Diagnostic(self.at(node), rule, ERROR, message, hint))

    def build(self, node: yaml.Node) -> Any:
        budget = self.budget
        budget.nodes += 1
        if budget.nodes > MAX_NODES:
            raise _TooLarge(self.at(node))
        if node.__class__ is yaml.ScalarNode:
            return node.value if node.tag == _STR else self.scalar(node)
        if id(node) in budget.open:
            raise _TooLarge(self.at(node), "load/recursive-alias", "this alias names a list or mapping that "
                            "contains it, so it would never end", "write the data out instead of the alias")
        if len(budget.open) >= MAX_DEPTH:
            raise _TooLarge(self.at(node), "load/too-deep", f"lists and mappings are nested more than "
                            f"{MAX_DEPTH} deep here", "flatten the data")
        if id(node) in budget.seen:
            budget.expansions += 1
            if budget.expansions > MAX_ALIAS_EXPANSIONS:
                raise _TooLarge(self.at(node))
        budget.seen.add(id(node))
        budget.open.append(id(node))
        try:
            return self.mapping(node) if isinstance(node, yaml.MappingNode) else self.sequence(node)
        finally:
            budget.open.pop()

    def scalar(self, node: yaml.ScalarNode) -> Any:
        tag, value = node.tag, node.value
        if tag == _STR:
            return value
        if tag == "tag:yaml.org,2002:null":
            return None
        if tag == "tag:yaml.org,2002:bool":
            return value.lower() == "true"
        if tag == "tag:yaml.org,2002:int":
            return int(value)
        if tag == "tag:yaml.org,2002:float":
            return float(value)
        if tag == "tag:yaml.org,2002:timestamp":
            try:
                return dt.date.fromisoformat(value)
            except ValueError:
                self.problem(node, "load/bad-date", f'"{value}" is not a real date', "write dates as YYYY-MM-DD")
                return value
        self.problem(node, "load/unsupported-tag", f'the YAML tag "{tag}" is not supported', "remove the tag")
        return value

    def value(self, node: yaml.Node) -> tuple[Any, Location]:
        """Return a value's built form and where it stands: a list or mapping already knows it (its
        node's start), rather than making it again."""
        built = self.build(node)
        if node.__class__ is yaml.ScalarNode:
            return built, self.at(node)
        return built, built.at if built.__class__ is LocatedList else built.source.at

    def sequence(self, node: yaml.SequenceNode) -> LocatedList:
        out = LocatedList()
        items = []
        for child in node.value:
            built, where = self.value(child)
            out.append(built)
            items.append(where)
        out.at = self.at(node)
        out.items = tuple(items)
        return out

    def mapping(self, node: yaml.MappingNode) -> LocatedDict:
        out = LocatedDict()
        keys: dict[str, Location] = {}
        values: dict[str, Location] = {}
        items: dict[str, tuple[Location, ...]] = {}
        children: dict[str, Source] = {}
        for key_node, value_node in self.merged_pairs(node):
            # a scalar key with text is always that text; key_text handles (and reports) the rest
            key = key_node.value if key_node.__class__ is yaml.ScalarNode and key_node.value \
                else self.key_text(key_node)
            if key is None:
                continue
            if key in out:
                first = keys[key]
                self.problem(key_node, "load/duplicate-key", f'the key "{key}" is given twice in this mapping '
                             f"(first at line {first.line})", "keep one of them")
                continue
            built, values[key] = self.value(value_node)
            out[key] = built
            keys[key] = self.at(key_node)
            if built.__class__ is LocatedList:
                items[key] = built.items
            elif built.__class__ is LocatedDict:
                children[key] = built.source
        out.source = Source(self.at(node), keys, values, items, children)
        return out

    def merged_pairs(self, node: yaml.MappingNode) -> list[tuple[yaml.Node, yaml.Node]]:
        """Return the key/value pairs with `<<: *anchor` merges folded in (explicit keys win)."""
        if not any(key_node.tag == _MERGE for key_node, _ in node.value):
            return node.value
        pairs: list[tuple[yaml.Node, yaml.Node]] = []
        merged: list[tuple[yaml.Node, yaml.Node]] = []
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE:
                sources = value_node.value if isinstance(value_node, yaml.SequenceNode) else [value_node]
                for source in sources:
                    if isinstance(source, yaml.MappingNode):
                        merged.extend(self.merged_pairs(source))
                    else:
                        self.problem(source, "load/bad-merge", "`<<` must name a mapping", "merge a mapping anchor")
                continue
            pairs.append((key_node, value_node))
        explicit = {k.value for k, _ in pairs if isinstance(k, yaml.ScalarNode)}
        return pairs + [(k, v) for k, v in merged if not (isinstance(k, yaml.ScalarNode) and k.value in explicit)]

    def key_text(self, node: yaml.Node) -> str | None:
        if not isinstance(node, yaml.ScalarNode):
            self.problem(node, "load/complex-key", "a key must be plain text, not a list or mapping",
                         "write the key as text")
            return None
        if node.tag == "tag:yaml.org,2002:null" and node.value == "":
            self.problem(node, "load/empty-key", "this key is empty", "write a name before the colon")
            return None
        return node.value


TOO_MANY = ("load/too-many-nodes", f"the file's aliases expand to too many values (more than {MAX_NODES:,} values "
            f"or {MAX_ALIAS_EXPANSIONS:,} repeated lists and mappings)",
            "write the data out instead of nesting aliases")


class _TooLarge(Exception):
    """The file is too big, too deep or loops once its aliases are followed; carries the diagnostic's parts."""

    def __init__(self, at: Location, rule: str = TOO_MANY[0], message: str = TOO_MANY[1],
                 hint: str = TOO_MANY[2]) -> None:
        super().__init__(message)
        self.at, self.rule, self.message, self.hint = at, rule, message, hint


def read_text(path: Path) -> str:
    """Return the file's text; raise ContentError for a missing, oversized or non-UTF-8 file."""
    where = Location(path)
    if not path.exists():
        raise ContentError([Diagnostic(where, "load/missing-file", ERROR, f"{path} does not exist",
                                       "check the path")], usage=True)
    if path.is_dir():
        raise ContentError([Diagnostic(where, "load/not-a-file", ERROR, f"{path} is a folder, not a file",
                                       "replace the folder with the file")])
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        raise ContentError([Diagnostic(where, "load/file-too-large", ERROR,
                                       f"the file is {size / 2**20:.1f} MiB; content files may be at most "
                                       f"{MAX_FILE_BYTES // 2**20} MiB", "split the content over several files")])
    data = path.read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ContentError([Diagnostic(_at_offset(path, data, exc.start), "load/not-utf8", ERROR,
                                       f"byte 0x{data[exc.start]:02x} is not valid UTF-8",
                                       "save the file as UTF-8")]) from None


def _at_offset(path: Path, data: str | bytes, offset: int) -> Location:
    """Return the line and column of the character (or byte) at `offset` of a file's text (or bytes)."""
    newline = b"\n" if isinstance(data, bytes) else "\n"
    line = data.count(newline, 0, offset) + 1
    return Location(path, line, offset - (data.rfind(newline, 0, offset) + 1) + 1)


def load_yaml(path: Path) -> Any:
    """Return the located tree of one YAML file; raise ContentError with located diagnostics."""
    with collector_paused():
        return _load_yaml(path)


def _load_yaml(path: Path) -> Any:
    text = read_text(path)
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        node = _FastComposer(text).get_single_node()
    except yaml.YAMLError as exc:
        if "maximum nesting depth" in str(getattr(exc, "problem", "")):  # libyaml stops at 1,000 levels
            mark = exc.problem_mark
            raise ContentError([Diagnostic(Location(path, mark.line + 1, mark.column + 1), "load/too-deep", ERROR,
                                           f"lists and mappings are nested more than {MAX_DEPTH} deep here",
                                           "flatten the data")]) from None
        node = _slow_compose(path, text)
    if node is None:
        raise ContentError([Diagnostic(Location(path), "load/empty-file", ERROR, "the file is empty",
                                       "write the file's content, or delete the file")])
    builder = _Builder(path)
    try:
        tree = builder.build(node)
    except _TooLarge as big:
        raise ContentError([Diagnostic(big.at, big.rule, ERROR, big.message, big.hint)]) from None
    if builder.problems:
        raise ContentError(builder.problems)
    return tree


def _slow_compose(path: Path, text: str) -> yaml.Node | None:
    """Compose with PyYAML's Python parser, whose error messages the diagnostics quote."""
    try:
        return _Composer(text).get_single_node()
    except RecursionError:
        raise ContentError([Diagnostic(Location(path), "load/too-deep", ERROR, "lists and mappings are nested "
                                       f"more than {MAX_DEPTH} deep in this file", "flatten the data")]) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        at = Location(path, mark.line + 1, mark.column + 1) if mark else Location(path)
        problem = (exc.problem or "").strip()
        context = f" ({exc.context})" if exc.context else ""
        raise ContentError([Diagnostic(at, "load/yaml-syntax", ERROR, f"YAML syntax error: {problem}{context}",
                                       "check the indentation, colons and quotes here")]) from None
    except yaml.reader.ReaderError as exc:  # a character YAML does not allow, found before any parsing
        character = f"U+{exc.character:04X}" if isinstance(exc.character, int) else repr(exc.character)
        raise ContentError([Diagnostic(_at_offset(path, text, exc.position), "load/yaml-syntax", ERROR,
                                       f"the character {character} may not be written in a YAML file",
                                       "delete it; in a double-quoted string it may be written as an escape, "
                                       "such as \\x07")]) from None
    except yaml.YAMLError as exc:
        raise ContentError([Diagnostic(Location(path), "load/yaml-syntax", ERROR,
                                       f"YAML syntax error: {exc}", "check the file")]) from None
