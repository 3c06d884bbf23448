"""The layering of builder/ (ARCHITECTURE.md, "Layering"), read from the source: every import of every module,
those inside functions included, since a late import is still a dependency (the build imports its emitters
and checks late on purpose, to start sooner, not to hide them).

Cycles are refused at two granularities. Among modules: no two modules import each other, however far round.
Among packages (builder.rules, builder.emit, builder.plan…, and each top-level module as its own): the layers
are packages, so a package that imports another which imports it back has inverted the layering even when
no single chain of modules closes a circle (rules/vassal.py reading the VASSAL emitter's plan while the
emitter's modules never imported the checks was such a case).
"""
from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

from tests.conftest import ROOT

PACKAGE = ROOT / "builder"
MAX_LINES = 500
"""No builder module is longer (STYLE.md asks for 400; 500 is the line past which a module must split)."""
LONG_MODULES: dict[str, str] = {
    "builder.render.pdf": "branch `speed` rewrites render/pdf*.py (issue 26); split it if it is still over after that",
}
"""Modules allowed over MAX_LINES for now, and why."""
FORBIDDEN: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("builder.rules", ("builder.emit",), "a check never imports an emitter: what both need lives below both"),
    ("builder.emit", ("builder.rules", "builder.load"), "an emitter never validates, nor reads content files"),
    ("builder.plan", ("builder.emit", "builder.rules", "builder.render", "builder.load"),
     "plans lie below the checks, the emitters and the drawing, and read the model, not files"),
    ("builder.geometry", ("builder.model",), "hex geometry takes plain values, not model classes"),
    ("builder.model", ("builder",), "the model stands below everything and imports nothing of sandtable's"),
    ("builder.diagnostics", ("builder",), "diagnostics are a leaf that load, rules and emitters all use"),
)
"""(importing package, packages it must not import, why); a package forbids itself only if it is named alone."""
LEAF_ALLOWS = {"builder.model": ("builder.model",), "builder.diagnostics": ("builder.model",)}
"""What a package forbidden all of `builder` may still import."""


@cache
def modules() -> dict[str, Path]:
    """Return every builder module by its dotted name (a package by its own, for its __init__.py)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _module_of(name: str) -> str | None:
    """Return the builder module an imported name lives in (its nearest enclosing module)."""
    while name and name not in modules():
        name = name.rpartition(".")[0]
    return name or None


def _imported_names(module: str, path: Path) -> list[str]:
    """Return the dotted names `module` imports, anywhere in it; a `from X import y` counts as X.y when that is
    a module, else as X."""
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                here = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
                base = ".".join(here[:len(here) - node.level + 1] + ([base] if base else []))
            names += [f"{base}.{a.name}" if f"{base}.{a.name}" in modules() else base for a in node.names]
    return names


@cache
def imports() -> dict[str, frozenset[str]]:
    """Return the builder modules each builder module imports (itself and the bare `builder` left out)."""
    graph = {}
    for module, path in modules().items():
        found = {_module_of(name) for name in _imported_names(module, path) if name.split(".")[0] == "builder"}
        graph[module] = frozenset(found - {None, module, "builder"})
    return graph


def package_of(module: str) -> str:
    """Return a module's layer: its first-level package (builder.rules), or the module if it is one alone."""
    return ".".join(module.split(".")[:2])


def package_imports() -> dict[str, frozenset[str]]:
    """Return the packages each package imports, from its modules' imports."""
    graph: dict[str, set[str]] = {}
    for module, targets in imports().items():
        graph.setdefault(package_of(module), set()).update(package_of(t) for t in targets)
    return {package: frozenset(targets - {package}) for package, targets in graph.items()}


def cycles(graph: dict[str, frozenset[str]]) -> list[list[str]]:
    """Return the strongly connected components of more than one node (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while not component or component[-1] != node:
                component.append(stack.pop())
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_import_graph_is_read_from_every_module() -> None:
    graph = imports()
    assert len(graph) > 150
    assert "builder.pipeline.checking" in graph["builder.reader"]  # a function-level import
    assert "builder.diagnostics" in graph["builder.load.errors"]


def test_the_cycle_finder_finds_a_circle_and_only_a_circle() -> None:
    assert cycles({"a": frozenset("b"), "b": frozenset("c"), "c": frozenset("a"), "d": frozenset("a")}) == \
        [["a", "b", "c"]]
    assert cycles({"a": frozenset("b"), "b": frozenset()}) == []


def test_no_two_modules_import_each_other() -> None:
    assert cycles(imports()) == []


def test_no_two_packages_import_each_other() -> None:
    assert cycles(package_imports()) == []


@pytest.mark.parametrize("importer, forbidden, why", FORBIDDEN, ids=[row[0] for row in FORBIDDEN])
def test_a_layer_imports_nothing_above_it(importer: str, forbidden: tuple[str, ...], why: str) -> None:
    allowed = LEAF_ALLOWS.get(importer, ())
    offending = sorted(f"{module} imports {target}" for module, targets in imports().items()
                       if module == importer or module.startswith(importer + ".")
                       for target in targets
                       if any(target == f or target.startswith(f + ".") for f in forbidden)
                       and not any(target == a or target.startswith(a + ".") for a in allowed))
    assert offending == [], why


def test_no_builder_module_is_over_500_lines() -> None:
    long = {module: len(path.read_text(encoding="utf-8").splitlines()) for module, path in modules().items()}
    assert {m: n for m, n in long.items() if n > MAX_LINES and m not in LONG_MODULES} == {}
