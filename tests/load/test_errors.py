"""Every kind of wrong value gets a message saying what is wrong and a hint saying how to write it."""
from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from builder.load.errors import diagnostics_from
from builder.load.yaml import load_yaml
from builder.model.game import GameFile

GAME = """\
id: g
title: {title}
languages: [en]
sides: {sides}
print:
  bleed_mm: {bleed}
"""


def _diagnostics(tmp_path: Path, **values: str) -> list:
    text = GAME.format(**{"title": "A game", "sides": "[{id: a, name: A}]", "bleed": "3", **values})
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    tree = load_yaml(path)
    with pytest.raises(ValidationError) as raised:
        GameFile.model_validate(tree)
    return diagnostics_from(raised.value, GameFile, tree, tree.source.at)


@pytest.mark.parametrize(("values", "message", "hint"), [
    ({"title": "[a, b]"}, "expected text, found a list", 'goes in quotes: "5"'),
    ({"sides": "a side"}, 'expected a list, found the text "a side"', "each starting with `- `"),
    ({"sides": "[]"}, "needs at least 1 item(s), found 0", "give at least 1"),
    ({"bleed": "lots"}, 'expected a number, found the text "lots"', "such as 2.5"),
])
def test_a_wrong_value_is_told_with_how_to_write_it(tmp_path: Path, values: dict, message: str, hint: str) -> None:
    found = _diagnostics(tmp_path, **values)
    assert len(found) == 1, found
    assert found[0].rule == "load/invalid-value"
    assert found[0].message == message
    assert hint in found[0].hint
