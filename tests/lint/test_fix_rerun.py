"""The lint `--fix` runs after writing reuses the first run's parsed modules (and, where no
fixed file is reachable, their analyses): what it reports must be what a fresh lint reports."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hermes_dev.pyast.semantic.modules import Models
from tests.lint.support import make_root

REPO = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent

# b's handler is fixed; a's finding comes through a call into b, c's from its own body.
CROSS_MODULE = {
    "tools/b_tool.py": """\
import json
from tools.registry import registry


def b_handler(args, **kw):
    return {"b": 1}


registry.register(name="b", toolset="t", schema={}, handler=b_handler)
""",
    "tools/a_tool.py": """\
from tools.b_tool import b_handler
from tools.registry import registry


def a_handler(args, **kw):
    return b_handler(args)


registry.register(name="a", toolset="t", schema={}, handler=a_handler)
""",
    "tools/c_tool.py": """\
import json
from tools.registry import registry


def c_handler(args, **kw):
    if args.get("x"):
        raise ValueError
    return {"c": 1}


registry.register(name="c", toolset="t", schema={}, handler=c_handler)
""",
}


def _lint(cwd: Path, cache: Path | None, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    if cache is None:
        env["HERMES_DEV_NO_CACHE"] = "1"
    else:
        env.pop("HERMES_DEV_NO_CACHE", None)
        env["XDG_CACHE_HOME"] = str(cache)
    return subprocess.run(
        [sys.executable, "-m", "hermes_dev", "lint", "--no-baseline", "--format", "json", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def _assert_report_is_fresh(root: Path, cache: Path | None) -> None:
    fixed = _lint(root, cache, "--fix", "--unsafe-fixes")
    assert fixed.returncode in (0, 1), fixed.stderr
    fresh = _lint(root, cache)
    assert json.loads(fixed.stdout) == json.loads(fresh.stdout)


@pytest.mark.parametrize("cached", [False, True], ids=["no-cache", "cache"])
def test_report_after_fix_is_a_fresh_lint_across_modules(tmp_path: Path, cached: bool) -> None:
    root = make_root(tmp_path / "root", CROSS_MODULE)
    cache = tmp_path / "cache" if cached else None
    if cache is not None:
        _lint(root, cache)  # warm: the first --fix run reads its entries
    before = json.loads(_lint(root, cache, "--select", "HD1").stdout)
    assert [(f["code"], f["path"]) for f in before] == [
        ("HD101", "tools/a_tool.py"),
        ("HD101", "tools/b_tool.py"),
        ("HD102", "tools/c_tool.py"),
        ("HD101", "tools/c_tool.py"),
    ]
    fixed = _lint(root, cache, "--select", "HD1", "--fix", "--unsafe-fixes")
    report = json.loads(fixed.stdout)
    # a's finding went with b's fix; c's bare raise has no fix and stays, where it now is.
    assert [(f["code"], f["path"], f["line"]) for f in report] == [("HD102", "tools/c_tool.py", 7)]
    assert 'return json.dumps({"b": 1})' in (root / "tools/b_tool.py").read_text()
    assert report == json.loads(_lint(root, cache, "--select", "HD1").stdout)


@pytest.mark.parametrize("host", ["lint/corpus", "fixtures/broken_host"])
def test_report_after_fix_is_a_fresh_lint_on_the_fixture_hosts(tmp_path: Path, host: str) -> None:
    root = tmp_path / "root"
    shutil.copytree(REPO / "tests" / host, root, ignore=shutil.ignore_patterns("__pycache__"))
    _assert_report_is_fresh(root, tmp_path / "cache")


def _models(root: Path) -> Models:
    models = Models(root)
    for rel in CROSS_MODULE:
        module = models.get(root / rel)
        assert module is not None
        module.state.registrations = []  # stands for any analysis result
    return models


def test_carried_over_keeps_trees_and_drops_the_changed_files(tmp_path: Path) -> None:
    root = make_root(tmp_path, CROSS_MODULE)
    old = _models(root)
    trees = {rel: old.get(root / rel).tree for rel in CROSS_MODULE}  # type: ignore[union-attr]
    changed = str(root / "tools/b_tool.py")
    graph_reaches = {"tools/a_tool.py": ["tools/a_tool.py", "tools/b_tool.py"]}
    new = old.carried_over({changed}, lambda rel: graph_reaches.get(rel, [rel]))
    a, c = new.get(root / "tools/a_tool.py"), new.get(root / "tools/c_tool.py")
    assert a is not None and c is not None
    assert a.tree is trees["tools/a_tool.py"] and c.tree is trees["tools/c_tool.py"]
    assert a.models is new and c.models is new
    assert a.state.registrations is None  # it reaches the changed file: its analyses start over
    assert c.state.registrations == []
    b = new.get(root / "tools/b_tool.py")
    assert b is not None and b.tree is not trees["tools/b_tool.py"]  # parsed again


def test_carried_over_without_reaches_keeps_no_analysis(tmp_path: Path) -> None:
    root = make_root(tmp_path, CROSS_MODULE)
    new = _models(root).carried_over(set())
    module = new.get(root / "tools/c_tool.py")
    assert module is not None and module.state.registrations is None


def test_parsed_answers_only_for_the_same_text(tmp_path: Path) -> None:
    root = make_root(tmp_path, CROSS_MODULE)
    models = _models(root)
    path = root / "tools/c_tool.py"
    module = models.get(path)
    assert module is not None
    assert models.parsed(path, module.source) is module.tree
    assert models.parsed(path, module.source + "\n") is None
    assert models.parsed(root / "tools/other.py", "") is None
