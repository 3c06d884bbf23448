"""The located YAML reader: typing after YAML 1.2 core, positions, duplicates, merges."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
import yaml

from builder.load.yaml import _Composer, _FastComposer, _Resolver, load_yaml
from builder.diagnostics import ContentError
from tests.conftest import ROOT


def _load(tmp_path: Path, text: str):
    path = tmp_path / "x.yaml"
    path.write_text(text, encoding="utf-8")
    return load_yaml(path)


def test_hex_ids_and_norway_stay_text(tmp_path: Path) -> None:
    data = _load(tmp_path, "a: 0101\nb: 0809\nc: no\nd: +1\ne: 1-4\nf: 12\ng: 0.5\nh: 1942-05-26\ni: true\n")
    assert data == {"a": "0101", "b": "0809", "c": "no", "d": "+1", "e": "1-4", "f": 12, "g": 0.5,
                    "h": dt.date(1942, 5, 26), "i": True}


def test_positions_are_one_based(tmp_path: Path) -> None:
    data = _load(tmp_path, "top:\n  - {id: x, name: y}\n")
    item = data["top"][0]
    assert (item.source.at.line, item.source.at.column) == (2, 5)
    assert (item.source.value("name").line, item.source.value("name").column) == (2, 19)
    assert data.source.item("top", 0).line == 2


def test_duplicate_keys_are_errors(tmp_path: Path) -> None:
    with pytest.raises(ContentError) as caught:
        _load(tmp_path, "a: 1\nb: 2\na: 3\n")
    (problem,) = caught.value.diagnostics
    assert (problem.rule, problem.at.line, problem.at.column) == ("load/duplicate-key", 3, 1)
    assert "first at line 1" in problem.message


def test_merge_keys_fold_in_with_explicit_keys_winning(tmp_path: Path) -> None:
    data = _load(tmp_path, "base: &b {x: 1, y: 2}\nitem:\n  <<: *b\n  y: 3\n")
    assert data["item"] == {"x": 1, "y": 3}


def test_impossible_date_is_located(tmp_path: Path) -> None:
    with pytest.raises(ContentError) as caught:
        _load(tmp_path, "d: 1942-02-30\n")
    assert caught.value.diagnostics[0].rule == "load/bad-date"


def test_python_tags_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ContentError) as caught:
        _load(tmp_path, "a: !!python/name:os.system x\n")
    assert caught.value.diagnostics[0].rule == "load/unsupported-tag"


def _same_nodes(fast, slow, where: str) -> None:
    assert type(fast) is type(slow) and fast.tag == slow.tag, where
    for mark in ("start_mark", "end_mark"):
        a, b = getattr(fast, mark), getattr(slow, mark)
        assert (a.line, a.column) == (b.line, b.column), f"{where}: {mark}"
    if isinstance(fast, yaml.ScalarNode):
        assert fast.value == slow.value, where
    elif isinstance(fast, yaml.SequenceNode):
        assert len(fast.value) == len(slow.value), where
        for n, (a, b) in enumerate(zip(fast.value, slow.value)):
            _same_nodes(a, b, f"{where}[{n}]")
    else:
        assert len(fast.value) == len(slow.value), where
        for (ka, va), (kb, vb) in zip(fast.value, slow.value):
            _same_nodes(ka, kb, f"{where}.{ka.value}:key")
            _same_nodes(va, vb, f"{where}.{ka.value}")


def _yaml_files() -> list[Path]:
    roots = [ROOT / "content", ROOT / "tests" / "data", ROOT / "builder" / "templates"]
    return sorted(p for root in roots for p in root.rglob("*.yaml"))


def test_libyaml_and_the_python_parser_give_the_same_nodes_on_every_file() -> None:
    checked = 0
    for path in _yaml_files():
        text = path.read_text(encoding="utf-8")
        try:
            slow = _Composer(text).get_single_node()
        except yaml.YAMLError:
            continue
        _same_nodes(_FastComposer(text).get_single_node(), slow, str(path.relative_to(ROOT)))
        checked += 1
    assert checked > 100


@pytest.mark.parametrize("value", ["", "~", "null", "true", "False", "0", "12", "-3", "0101", "+1", "0.5", ".5",
                                   "1e3", "1.5e-3", "1942-05-26", "no", "<<", "1-4", "0x1F", "1_000"])
def test_our_resolver_matches_the_base_resolver(value: str) -> None:
    ours = _Resolver()
    expected = yaml.resolver.BaseResolver.resolve(ours, yaml.ScalarNode, value, (True, False))
    assert ours.resolve(yaml.ScalarNode, value, (True, False)) == expected
    assert ours.resolve(yaml.ScalarNode, value, (False, True)) == "tag:yaml.org,2002:str"
