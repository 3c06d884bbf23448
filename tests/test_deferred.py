"""Patterns a third-party module compiles at import are compiled on first use, and then work as the real ones."""
from __future__ import annotations

import re
import subprocess
import sys
import types

import pytest

from builder.deferred import Deferred, compiled_on_first_use


def _import_source(name: str, source: str) -> types.ModuleType:
    module = types.ModuleType(name)
    sys.modules[name] = module
    try:
        exec(compile(source, f"<{name}>", "exec"), module.__dict__)
    except BaseException:
        del sys.modules[name]
        raise
    return module


def test_only_the_named_modules_top_level_patterns_wait_until_used() -> None:
    real, other = re.compile, re.compile("[a-z]+")
    with compiled_on_first_use("sandtable_test_deferring"):
        module = _import_source("sandtable_test_deferring", "import re\n"
                                "WORD = re.compile(r'(\\w+)@(\\w+)', re.I)\n"
                                "SPLIT = re.compile(r'\\s+').split\n"
                                "class Reader:\n    BAD = re.compile('[^a-z]')\n")
        assert isinstance(re.compile("x"), re.Pattern)  # another caller meanwhile: compiled as ever
    try:
        assert re.compile is real and isinstance(other, re.Pattern)
        assert isinstance(module.WORD, Deferred) and isinstance(module.Reader.BAD, Deferred)
        assert module.WORD.match("Ann@Example").groups() == ("Ann", "Example")
        assert module.WORD.flags & re.I and module.WORD.pattern == r"(\w+)@(\w+)"
        assert module.Reader.BAD.search("abc1").start() == 3
        assert module.SPLIT("a  b") == ["a", "b"]  # a method taken at import: compiled then
    finally:
        del sys.modules["sandtable_test_deferring"]


def test_a_module_imported_already_is_left_as_it_is() -> None:
    with compiled_on_first_use("re"):
        assert isinstance(re.compile("z"), re.Pattern)


def test_an_error_in_the_import_puts_re_compile_back() -> None:
    real = re.compile
    with pytest.raises(ZeroDivisionError), compiled_on_first_use("sandtable_test_failing"):
        _import_source("sandtable_test_failing", "import re\nP = re.compile('a')\n1 / 0\n")
    assert re.compile is real


def test_reportlab_and_pyyaml_leave_their_unused_patterns_for_later() -> None:
    # in a fresh interpreter, as a build imports them: the URL pattern of reportlab's paragraphs and the
    # unprintable-text pattern of PyYAML's reader are not compiled, and compile right when used
    script = ("import builder.render.typeset, builder.load.yaml\n"
              "from reportlab.platypus import paragraph\n"
              "import yaml.reader\n"
              "from builder.deferred import Deferred\n"
              "assert isinstance(paragraph.uri_pat, Deferred), type(paragraph.uri_pat)\n"
              "assert isinstance(yaml.reader.Reader.NON_PRINTABLE, Deferred)\n"
              "assert paragraph._uri_split_pairs('https://example.com/a/b')\n"
              "assert paragraph._uri_split_pairs('not a link') is None\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_the_python_yaml_parser_still_refuses_unprintable_text() -> None:
    import yaml

    from builder.load.yaml import _Composer

    with pytest.raises(yaml.YAMLError, match="special characters are not allowed"):
        _Composer("a: b\x07c\n").get_single_node()
