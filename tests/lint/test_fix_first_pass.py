"""The lint `--fix` plans from runs only the rules with fixes (`lint(fixes=...)`), when that
gives their findings exactly: what it reports, and what it fixes, is what a full lint gives."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hermes_dev.lint import catalog
from hermes_dev.lint.engine import complete, lint
from tests.lint.support import make_root

REPO = Path(__file__).resolve().parents[2]

# An HD101 with a fix, and findings of rules without one (HD201: a schema that is not one;
# HD305: a name registered in two modules).
MODULE = """\
import json
from tools.registry import registry


def h(args, **kw):
    if args.get("x"):
        return {"a": 1}
    return json.dumps({})


registry.register(name="h", toolset="t", schema={"name": 3}, handler=h)
"""
FILES = {
    "tools/h_tool.py": MODULE,
    "tools/g_tool.py": MODULE.replace("def h(", "def g(").replace("handler=h", "handler=g"),
}


def _files(**changes: str) -> dict[str, str]:
    return {
        rel: (source.replace(*changes["replace"]) if changes else source)
        for rel, source in FILES.items()
    }


def _cli(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "HERMES_DEV_NO_CACHE": "1"}
    return subprocess.run(
        [sys.executable, "-m", "hermes_dev", "lint", "--format", "json", *args],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_table_of_fixes_is_the_rules_own() -> None:
    declared = {code: catalog.load_rule(code).fixable for code in catalog.all_codes()}
    assert catalog.FIXABLE == {code: kind for code, kind in declared.items() if kind}


@pytest.mark.parametrize("code", sorted(catalog.FIXABLE))
def test_a_rules_fixes_are_of_the_kind_it_declares(tmp_path: Path, code: str) -> None:
    """A rule declared "unsafe" never offers a safe fix (`--fix` alone would apply it, though
    its first pass skips the rule), and one declared "safe" never an unsafe one."""
    kind = catalog.FIXABLE[code]
    for i, case in enumerate(catalog.load_rule(code).INVALID):
        root = make_root(tmp_path / str(i), case.sources())
        for finding in lint([], root=str(root), select=[code]).findings:
            if finding.fix is None:
                continue
            if kind == "safe":
                assert finding.fix.safe, (code, i)
            elif kind == "unsafe":
                assert not finding.fix.safe, (code, i)


@pytest.mark.parametrize("unsafe", [False, True], ids=["safe", "unsafe"])
def test_the_first_pass_and_its_completion_are_a_full_lint(tmp_path: Path, unsafe: bool) -> None:
    root = make_root(tmp_path, FILES)
    full = lint([], root=str(root), use_cache=False)
    first = lint([], root=str(root), use_cache=False, fixes="unsafe" if unsafe else "safe")
    assert "HD201" in first.pending and "HD305" in first.pending
    assert ("HD102" in first.pending) is not unsafe  # HD102's fixes are unsafe ones
    assert {f.code for f in first.findings} == {"HD101", "HD301"}
    done = complete(first)
    assert done.pending == () and done.codes == full.codes
    assert done.findings == full.findings


def test_fix_with_nothing_to_fix_reports_every_rule(tmp_path: Path) -> None:
    root = make_root(tmp_path, _files(replace=('{"a": 1}', '"{}"')))
    plain = _cli(root, "--select", "HD1,HD2,HD305")  # (HD301 has a fix)
    fixed = _cli(root, "--select", "HD1,HD2,HD305", "--fix")
    assert fixed.returncode == plain.returncode == 1
    assert json.loads(fixed.stdout) == json.loads(plain.stdout)
    assert {f["code"] for f in json.loads(plain.stdout)} >= {"HD201", "HD305"}


def test_fix_reports_what_remains_of_every_rule(tmp_path: Path) -> None:
    root = make_root(tmp_path, FILES)
    fixed = _cli(root, "--fix")
    assert 'return json.dumps({"a": 1})' in (root / "tools/h_tool.py").read_text()
    assert json.loads(fixed.stdout) == json.loads(_cli(root).stdout)
    assert {f["code"] for f in json.loads(fixed.stdout)} >= {"HD201", "HD305"}


def test_a_suppression_in_a_file_makes_the_first_pass_run_every_rule(tmp_path: Path) -> None:
    """An unused `ignore[HD205]` is HD900's to fix, and only a run of HD205 tells it is
    unused: one `--fix` fixes it with the rest, and a second changes nothing."""
    root = make_root(
        tmp_path,
        _files(
            replace=(
                "    return json.dumps({})",
                "    return json.dumps({})  # hermes-dev: ignore[HD205]",
            )
        ),
    )
    _cli(root, "--fix")
    once = (root / "tools/h_tool.py").read_text()
    assert "hermes-dev: ignore" not in once
    assert 'return json.dumps({"a": 1})' in once
    _cli(root, "--fix")
    assert (root / "tools/h_tool.py").read_text() == once
