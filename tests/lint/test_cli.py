"""`hermes-dev lint` and `hermes-dev rule` as a user runs them: exit codes, output, fast path."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hermes_dev.cli.fastpath import parse
from tests.lint.support import make_root

REPO = Path(__file__).resolve().parents[2]
BROKEN = """\
from tools.registry import registry

def ping(args, **kw):
    return {"pong": True}

registry.register(name="ping", toolset="t", schema={}, handler=ping)
"""


def _run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HERMES_DEV_NO_CACHE": "1"}
    return subprocess.run(
        [sys.executable, "-m", "hermes_dev", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=120,
        check=False,
    )


@pytest.fixture()
def root(tmp_path: Path) -> Path:
    return make_root(tmp_path, {"tools/ping_tool.py": BROKEN, "tools/ok_tool.py": "x = 1\n"})


def test_exit_codes(root: Path) -> None:
    found = _run("lint", "--select", "HD1", cwd=root)
    assert found.returncode == 1, found.stderr
    assert "tools/ping_tool.py:4:5: HD101" in found.stdout
    assert _run("lint", "--select", "HD1", "--exit-zero", cwd=root).returncode == 0
    assert _run("lint", "--select", "HD1", "tools/ok_tool.py", cwd=root).returncode == 0


@pytest.mark.parametrize(
    "args",
    [
        ("lint", "--select", "HD999"),
        ("lint", "--ignore=nope"),
        ("lint", "--format", "xml"),
        ("lint", "no/such/file.py"),
        ("lint", "--root", "no/such/folder"),
        ("lint", "--bogus"),
        ("rule", "HD999"),
        ("rule",),
    ],
)
def test_usage_errors_are_one_line_exit_2(root: Path, args: tuple[str, ...]) -> None:
    proc = _run(*args, cwd=root)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr
    assert proc.stdout == ""


def test_bad_config_is_exit_2(root: Path) -> None:
    (root / "pyproject.toml").write_text('[tool.hermes-dev]\nselect = ["HD77"]\n')
    proc = _run("lint", cwd=root)
    assert proc.returncode == 2
    assert proc.stderr.strip().count("\n") == 0 and "HD77" in proc.stderr


def test_files_as_pre_commit_passes_them(root: Path, tmp_path: Path) -> None:
    # pre-commit runs from the repository root with file names; the Hermes root is found from them.
    proc = _run("lint", "--select", "HD1", str(root / "tools/ping_tool.py"), cwd=tmp_path.parent)
    assert proc.returncode == 1
    assert proc.stdout.startswith("tools/ping_tool.py:4:5: HD101")


def test_output_file_and_formats(root: Path) -> None:
    out = root / "report.sarif"
    proc = _run("lint", "--select", "HD1", "--format", "sarif", "--output", str(out), cwd=root)
    assert proc.returncode == 1 and proc.stdout == ""
    assert json.loads(out.read_text())["runs"][0]["results"][0]["ruleId"] == "HD101"
    proc = _run("lint", "--select=HD1", "--format=json", "--statistics", cwd=root)
    # --statistics: the counts only, here as JSON (as Ruff writes them)
    assert json.loads(proc.stdout) == [
        {
            "code": "HD101",
            "name": "handler-returns-non-json",
            "count": 1,
            "fixable": True,
            "fixable_count": 1,
        }
    ]
    assert proc.stderr == ""


def test_statistics_text(root: Path) -> None:
    proc = _run("lint", "--select", "HD1", "--statistics", cwd=root)
    assert proc.stdout.splitlines()[-1].split() == ["1", "HD101", "[*]", "handler-returns-non-json"]


def test_fast_path_does_not_import_click(root: Path) -> None:
    code = (
        "import sys\n"
        "from hermes_dev.cli.fastpath import run_fast\n"
        "rc = run_fast(['--select', 'HD1', 'tools/ping_tool.py'])\n"
        "assert 'click' not in sys.modules, 'click imported'\n"
        "assert rc == 1, rc\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=False
    )
    assert proc.returncode == 0, proc.stderr
    assert "HD101" in proc.stdout


def test_fast_path_and_click_agree(root: Path) -> None:
    fast = _run("lint", "--select", "HD1", cwd=root)
    # `--` is not parsed by the fast path: click runs the same command.
    slow = _run("lint", "--select", "HD1", "--", "tools", cwd=root)
    assert parse(["--select", "HD1", "--", "tools"]) is not None  # paths after -- are fine
    assert parse(["--help"]) is None
    assert parse(["--format", "xml"]) is None
    assert parse(["--exit-zero=1"]) is None
    assert fast.returncode == slow.returncode == 1
    assert fast.stdout == slow.stdout


def test_click_command_path(root: Path) -> None:
    from hermes_dev.cli import run_click

    assert run_click(["lint", "--select", "HD1", str(root / "tools" / "ok_tool.py")]) == 0


def test_rule_command() -> None:
    proc = _run("rule", "HD101")
    assert proc.returncode == 0
    for section in ("## What it does", "## Why is this bad?", "## Example", "## Use instead"):
        assert section in proc.stdout
    doc = json.loads(_run("rule", "hd102", "--format", "json").stdout)
    assert doc["code"] == "HD102" and doc["sections"]["What it does"]
    listing = _run("rule", "--all").stdout
    assert "HD101" in listing and "HD105" in listing and "HD900" in listing


def test_pre_commit_hook_declaration() -> None:
    text = (REPO / ".pre-commit-hooks.yaml").read_text()
    for line in (
        "- id: hermes-dev-lint",
        "entry: hermes-dev lint",
        "language: python",
        "types_or: [python, yaml]",
        "require_serial: true",
    ):
        assert line in text


def test_repo_tools_pass() -> None:
    proc = _run("lint", cwd=REPO)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_registrations_outside_tools_are_not_tools(root: Path) -> None:
    # pre-commit passes test files too; a test registering a dummy handler is not a tool.
    (root / "tests").mkdir()
    (root / "tests" / "test_registry.py").write_text(BROKEN)
    proc = _run("lint", "--select", "HD1", "tests/test_registry.py", "tools/ok_tool.py", cwd=root)
    assert proc.returncode == 0, proc.stdout


def test_files_that_register_nothing_load_no_rule(root: Path) -> None:
    code = (
        "import sys\n"
        "from hermes_dev.cli.fastpath import run_fast\n"
        "rc = run_fast(['tools/ok_tool.py'])\n"
        "assert rc == 0, rc\n"
        "assert not [m for m in sys.modules if m.startswith('hermes_dev.lint.rules.')]\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=False
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "All checks passed (1 file checked).\n"
