"""`hermes-dev lint --fix / --diff / --unsafe-fixes` as people run it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hermes_dev.errors import UserError
from tests.lint.support import make_root

REPO = Path(__file__).resolve().parents[2]
PING = """\
import json
from tools.registry import registry

def ping(args, **kw):
    if args.get("fail"):
        raise ValueError("no, 100%: bad")
    return {"pong": True}

registry.register(name="ping", toolset="t", schema={}, handler=ping)
"""
PING_SAFE_FIXED = PING.replace('return {"pong": True}', 'return json.dumps({"pong": True})')
PING_ALL_FIXED = PING_SAFE_FIXED.replace(
    'raise ValueError("no, 100%: bad")', 'return tool_error("no, 100%: bad")'
).replace("import registry\n", "import registry, tool_error\n")
CLEAN_BUT_RAISES = """\
import json
from tools.registry import registry

def pong(args, **kw):
    if args.get("fail"):
        raise ValueError
    return json.dumps({"pong": True})

registry.register(name="pong", toolset="t", schema={}, handler=pong)
"""


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HERMES_DEV_NO_CACHE": "1", "PYTHONPATH": str(REPO)}
    return subprocess.run(
        [sys.executable, "-m", "hermes_dev", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.fixture()
def root(tmp_path: Path) -> Path:
    return make_root(tmp_path, {"tools/ping_tool.py": PING})


def test_fix_applies_safe_fixes_and_reports_what_remains(root: Path) -> None:
    proc = _run("lint", "--select", "HD1", "--fix", cwd=root)
    assert (root / "tools/ping_tool.py").read_text() == PING_SAFE_FIXED
    assert proc.returncode == 1
    assert proc.stdout.splitlines() == [
        "tools/ping_tool.py:6:9: HD102 `raise ValueError` escapes `ping`: the model gets a"
        " generic error; return tool_error(...) instead [ping]",
        "Found 2 findings (1 fixed, 1 remaining; 2 files checked).",
        "No fixes available (1 hidden fix can be enabled with the `--unsafe-fixes` option).",
    ]


def test_unsafe_fixes_fix_the_rest(root: Path) -> None:
    proc = _run("lint", "--select", "HD1", "--fix", "--unsafe-fixes", cwd=root)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert (root / "tools/ping_tool.py").read_text() == PING_ALL_FIXED
    assert proc.stdout == "Found 2 findings (2 fixed, 0 remaining; 2 files checked).\n"
    again = _run("lint", "--select", "HD1", "--fix", "--unsafe-fixes", cwd=root)
    assert again.returncode == 0
    assert again.stdout == "All checks passed (2 files checked).\n"
    assert (root / "tools/ping_tool.py").read_text() == PING_ALL_FIXED


def test_diff_prints_the_fixes_and_writes_nothing(root: Path) -> None:
    proc = _run("lint", "--select", "HD1", "--diff", cwd=root)
    assert proc.returncode == 1
    assert proc.stdout == (
        "--- a/tools/ping_tool.py\n"
        "+++ b/tools/ping_tool.py\n"
        "@@ -4,6 +4,6 @@\n"
        " def ping(args, **kw):\n"
        '     if args.get("fail"):\n'
        '         raise ValueError("no, 100%: bad")\n'
        '-    return {"pong": True}\n'
        '+    return json.dumps({"pong": True})\n'
        " \n"
        ' registry.register(name="ping", toolset="t", schema={}, handler=ping)\n'
    )
    assert proc.stderr == "Would fix 1 finding.\n"
    assert (root / "tools/ping_tool.py").read_text() == PING
    unsafe = _run("lint", "--select", "HD1", "--diff", "--unsafe-fixes", cwd=root)
    assert '+        return tool_error("no, 100%: bad")\n' in unsafe.stdout
    assert (root / "tools/ping_tool.py").read_text() == PING


def test_diff_exits_0_when_nothing_is_fixable(tmp_path: Path) -> None:
    root = make_root(tmp_path, {"tools/pong_tool.py": CLEAN_BUT_RAISES})
    proc = _run("lint", "--select", "HD1", "--diff", cwd=root)
    assert proc.returncode == 0
    assert proc.stdout == ""
    assert proc.stderr == "No fixes available.\n"


def test_libcst_is_imported_only_when_there_is_something_to_fix(tmp_path: Path) -> None:
    root = make_root(tmp_path, {"tools/pong_tool.py": CLEAN_BUT_RAISES})
    code = (
        "import sys\n"
        "from hermes_dev.cli.fastpath import run_fast\n"
        "rc = run_fast(['--fix', '--select', 'HD1', 'tools/pong_tool.py'])\n"
        "heavy = [m for m in ('libcst', 'click', 'copier') if m in sys.modules]\n"
        "assert not heavy, heavy\n"
        "assert rc == 1, rc\n"
    )
    env = {**os.environ, "HERMES_DEV_NO_CACHE": "1", "PYTHONPATH": str(REPO)}
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr
    assert "HD102" in proc.stdout  # found, and has no fix


def test_statistics_mark_fixable_codes(root: Path) -> None:
    proc = _run("lint", "--select", "HD1", "--statistics", cwd=root)
    assert [line.split() for line in proc.stdout.splitlines()[-2:]] == [
        ["1", "HD101", "[*]", "handler-returns-non-json"],
        ["1", "HD102", "handler-raises"],
    ]
    unsafe = _run("lint", "--select", "HD1", "--statistics", "--unsafe-fixes", cwd=root)
    assert unsafe.stdout.splitlines()[-1].split() == ["1", "HD102", "[*]", "handler-raises"]


def test_statistics_with_diff_go_to_stderr_after_the_patch(root: Path) -> None:
    proc = _run("lint", "--select", "HD1", "--diff", "--statistics", cwd=root)
    assert proc.returncode == 1
    assert proc.stdout.startswith("--- a/tools/ping_tool.py\n")
    assert "HD10" not in proc.stdout  # the patch stays a patch
    assert [line.split() for line in proc.stderr.splitlines()] == [
        ["Would", "fix", "1", "finding."],
        ["1", "HD101", "[*]", "handler-returns-non-json"],
        ["1", "HD102", "handler-raises"],
    ]


def test_json_says_how_to_fix(root: Path) -> None:
    items = json.loads(_run("lint", "--select", "HD1", "--format", "json", cwd=root).stdout)
    assert [(i["code"], i["fix"]) for i in items] == [
        (
            "HD102",
            {"applicability": "unsafe", "message": "Return the message through `tool_error(...)`"},
        ),
        ("HD101", {"applicability": "safe", "message": "Wrap the value in `json.dumps(...)`"}),
    ]


def test_rule_command_says_whether_a_fix_exists() -> None:
    out = _run("rule", "HD303", cwd=REPO).stdout
    assert "Fix is sometimes available (safe; see Fix safety)." in out
    assert "## Fix safety" in out
    assert "Fix is" not in _run("rule", "HD305", cwd=REPO).stdout
    doc = json.loads(_run("rule", "HD102", "--format", "json", cwd=REPO).stdout)
    assert doc["fix"] == "unsafe"
    listing = _run("rule", "--all", cwd=REPO).stdout.splitlines()
    assert listing[1].startswith("HD101 [*] handler-returns-non-json")
    assert listing[0].startswith("HD000     syntax-error")


def test_fix_writes_every_file_or_none(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import hermes_dev.writes.plan as plan_module
    from hermes_dev.lint.run import run_lint

    config = (
        "OPTIONAL_ENV_VARS = {\n"
        '    "OTHER_KEY": {"description": "Other", "prompt": "Other", "category": "tool"},\n'
        "}\n"
    )
    tool = PING.replace("handler=ping)", 'handler=ping, check_fn=bool, requires_env=["PING_KEY"])')
    root = make_root(tmp_path, {"tools/ping_tool.py": tool, "hermes_cli/config.py": config})
    calls: list[str] = []

    def replace_once(src: str, dst: str) -> None:
        calls.append(dst)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        os.replace(src, dst)

    monkeypatch.setattr(plan_module, "replace_file", replace_once)
    monkeypatch.chdir(root)
    with pytest.raises(UserError, match="nothing was changed"):
        run_lint([], select=["HD1", "HD303"], fix=True)
    assert len(calls) == 3  # two writes, then the first file put back
    assert (root / "tools/ping_tool.py").read_text() == tool
    assert (root / "hermes_cli/config.py").read_text() == config
