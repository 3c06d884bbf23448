"""Field docstrings read from the lines are the ones the syntax tree gives, in every module of sandtable."""
from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from builder.model.base import attribute_docs
from builder.model.game import GameFile

ROOT = Path(__file__).resolve().parents[2] / "builder"


def _tree_docs(source: str) -> dict[str, dict[str, str]]:
    """The reference: each top-level class's annotated names followed by a string statement."""
    docs: dict[str, dict[str, str]] = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.ClassDef):
            found = docs.setdefault(node.name, {})
            for previous, statement in zip(node.body, node.body[1:]):
                if isinstance(previous, ast.AnnAssign) and isinstance(previous.target, ast.Name) \
                        and isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant) \
                        and isinstance(statement.value.value, str):
                    found[previous.target.id] = inspect.cleandoc(statement.value.value)
    return docs


@pytest.mark.parametrize("path", sorted(ROOT.rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_lines_give_what_the_tree_gives(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    assert attribute_docs(source) == _tree_docs(source)


def test_odd_layouts_still_agree() -> None:
    source = '''
class A:
    """The class's own docstring.

    x: int
    """

    x: int = 1
    # a comment between
    """The x.

    Said twice.
    """
    y: dict[
        str, int
    ] = {}
    """The y, after its brackets."""
    z: int
    w = 3
    """Not a field's: w has no annotation."""
    v: str = "a \\" b"
    r"""Raw, with a \\d."""

    def method(self) -> None:
        q: int = 2
        """Inside a method: not a field."""


@decorated
class B(A):
    u: int
    \'\'\'Single quotes.\'\'\'
'''
    assert attribute_docs(source) == _tree_docs(source)
    assert attribute_docs(source)["A"] == {"x": "The x.\n\nSaid twice.", "y": "The y, after its brackets.",
                                           "v": "Raw, with a \\d."}


def test_the_models_carry_their_descriptions() -> None:
    assert GameFile.model_fields["languages"].description.startswith("Languages of the rulebook")
