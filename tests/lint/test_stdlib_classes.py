"""The standard library's exception classes, found by name for `except` clauses: imported from
the interpreter's own stdlib only (never a project's module of the same name)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from hermes_dev.pyast.analyze import stdlib_classes
from hermes_dev.pyast.analyze.exceptions import MISSES, _type_catches, builtin_type, stdlib_type
from hermes_dev.pyast.analyze.stdlib_classes import stdlib_exception


def test_classes_are_found_by_their_dotted_names() -> None:
    assert stdlib_exception("sqlite3.Error") is sqlite3.Error
    assert stdlib_exception("json.JSONDecodeError") is json.JSONDecodeError
    assert stdlib_exception("json.decoder.JSONDecodeError") is json.JSONDecodeError
    assert stdlib_exception("subprocess.CalledProcessError") is subprocess.CalledProcessError
    assert stdlib_exception("xml.etree.ElementTree.ParseError") is ET.ParseError


@pytest.mark.parametrize(
    "name", ["json.dumps", "sqlite3", "sqlite3.nothing", "requests.HTTPError", "this.s", "x.y"]
)
def test_what_is_no_stdlib_exception_class_is_none(name: str) -> None:
    assert stdlib_exception(name) is None
    assert "this" not in sys.modules or name != "this.s"


def test_the_real_mro_decides_what_an_except_catches() -> None:
    decode = stdlib_type(json.JSONDecodeError)
    assert {"ValueError", "Exception", "json.decoder.JSONDecodeError"} <= decode.ancestors
    assert _type_catches(builtin_type(ValueError), decode) == "catches"
    assert _type_catches(decode, builtin_type(ValueError)) == MISSES
    called = stdlib_type(subprocess.CalledProcessError)
    assert _type_catches(stdlib_type(subprocess.SubprocessError), called) == "catches"
    assert _type_catches(stdlib_type(sqlite3.Error), called) == MISSES
    assert stdlib_type(TimeoutError).key == "TimeoutError"  # (a builtin keeps its bare name)


def test_a_project_module_with_a_stdlib_name_is_never_imported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if "mailbox" in sys.modules:
        pytest.skip("mailbox is imported already")
    marker = tmp_path / "imported"
    (tmp_path / "mailbox.py").write_text(
        f"open({str(marker)!r}, 'w').close()\nclass Error(Exception):\n    pass\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(stdlib_classes, "_FOUND", {})
    assert stdlib_exception("mailbox.Error") is None
    assert not marker.exists() and "mailbox" not in sys.modules
