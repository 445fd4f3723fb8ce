"""The one lint cache: keyed by content and version, one switch, nothing kept between runs."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hermes_dev.lint import cache as cache_module
from hermes_dev.lint.cache import SummaryCache
from hermes_dev.lint.engine import lint
from tests.lint.support import make_root

BROKEN_TOOL = """\
from tools.registry import registry

SCHEMA = {"name": "weather", "description": "W.", "parameters": {"type": "object",
          "properties": {"n": {"type": "int"}}}}


def weather(args, **kw):
    return {"temp": 1}


registry.register(name="weather", toolset="weather", schema=SCHEMA, handler=weather)
"""


def test_same_stamp_new_content_is_a_miss(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    target = tmp_path / "f.py"
    target.write_text("x = 1\n")
    cache = SummaryCache(tmp_path)
    cache.put(target, "k", "one")
    cache.save()
    st = os.stat(target)
    target.write_text("x = 2\n")  # same size
    os.utime(target, ns=(st.st_atime_ns, st.st_mtime_ns))  # same mtime
    assert SummaryCache(tmp_path).get(target, "k") == (False, None)


def test_new_stamp_same_content_is_a_hit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    target = tmp_path / "f.py"
    target.write_text("x = 1\n")
    cache = SummaryCache(tmp_path)
    cache.put(target, "k", "one")
    cache.save()
    os.utime(target, ns=(1, 1))  # a checkout or a touch: the content is the same
    assert SummaryCache(tmp_path).get(target, "k") == (True, "one")


def test_an_older_version_is_never_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    target = tmp_path / "f.py"
    target.write_text("x = 1\n")
    cache = SummaryCache(tmp_path)
    cache.put(target, "k", "one")
    cache.save()
    monkeypatch.setattr("hermes_dev.lint.cache._format", ["2-0.0.1-0"])
    assert SummaryCache(tmp_path).get(target, "k") == (False, None)


def test_other_code_of_the_same_version_never_reads_it(tmp_path: Path) -> None:
    """An edited file of the package (an editable checkout, another build of the version)
    changes the stamp the cache files carry."""
    package = Path(cache_module.__file__).resolve().parents[1]
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); from hermes_dev.lint import cache; "
        "print(cache.cache_format())"
    )
    copy = tmp_path / "copy"
    shutil.copytree(package, copy / "hermes_dev", ignore=shutil.ignore_patterns("__pycache__"))

    def stamp() -> str:
        out = subprocess.run(
            [sys.executable, "-c", code, str(copy)], capture_output=True, text=True, check=True
        )
        return out.stdout.strip()

    before = stamp()
    assert before == stamp()  # the same files: the same stamp
    rule = copy / "hermes_dev" / "lint" / "rules" / "hd101_handler_returns_non_json.py"
    rule.write_text(rule.read_text() + "\n# an edit\n")
    after = stamp()
    assert after != before and after.split("-")[:2] == before.split("-")[:2]


@pytest.mark.parametrize("use_cache", [True, False])
def test_linting_twice_gives_the_same_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, use_cache: bool
) -> None:
    monkeypatch.delenv("HERMES_DEV_NO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    root = make_root(tmp_path / "host", {"tools/weather_tool.py": BROKEN_TOOL})

    def findings() -> list[tuple[str, int, int, str]]:
        result = lint([], root=str(root), use_cache=use_cache)
        return [(f.code, f.line, f.column, f.message) for f in result.findings]

    first = findings()
    assert {"HD101", "HD202"} <= {code for code, *_ in first}
    assert findings() == first
    assert findings() == first
    assert (tmp_path / "cache").exists() == use_cache
