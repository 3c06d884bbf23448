"""The scenario checks and the setup emitters take their positions from the placement plan, not from each other
(that the plan imports no check, emitter, renderer or loader is tests/test_layering.py's)."""
from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import ROOT

BUILDER = ROOT / "builder"


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    return found | {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}


def test_the_scenario_checks_and_setup_emitters_read_the_plan() -> None:
    for name in ("rules/scenarios.py", "rules/setups.py"):
        imports = _imports(BUILDER / name)
        assert not {i for i in imports if i.startswith("builder.emit")}, name
        assert any(i.startswith("builder.plan") for i in imports), name
    for name in ("emit/pdf_setup.py", "emit/vassal/plan.py", "render/typeset/setup_card.py"):
        assert "builder.plan.setups" in _imports(BUILDER / name), name
