"""--replay, --write-tests and the pytest plugin on the planted tool."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.check.conftest import run_check
from tests.scaffold.hosts import run_host_pytest


def test_replay_makes_one_call_and_reports_it(host: Path) -> None:
    proc = run_check(host, "breaks", "--replay", '{"symbol": "AAPL", "mode": "table"}')
    assert proc.returncode == 1
    assert proc.stdout.splitlines() == [
        "tools/breaks_tool.py:41:1: HD502 returns a dict, not a JSON string: {'symbol': 'AAPL',"
        " 'rows': []}; replay: hermes-dev check breaks --replay '{\"mode\": \"table\","
        " \"symbol\": \"AAPL\"}' [breaks]",
        "Found 1 finding in 1 file (1 tool checked, 1 call).",
    ]
    assert proc.stderr == (
        "hermes-dev: check: the handler returned a dict: \"{'symbol': 'AAPL', 'rows': []}\"\n"
    )


def test_replay_of_a_good_call_is_clean(host: Path) -> None:
    proc = run_check(host, "breaks", "--replay", '{"symbol": "AAPL"}')
    assert proc.returncode == 0
    assert proc.stdout == "All checks passed (1 tool checked, 1 call).\n"
    assert proc.stderr == (
        "hermes-dev: check: the handler returned a str: '{\"symbol\": \"AAPL\", \"count\": 1}'\n"
    )


def test_replay_usage_errors(host: Path) -> None:
    cases = {
        ("breaks", "--replay", "{nope"): "hermes-dev: error: --replay: not JSON (Expecting"
        " property name enclosed in double quotes: line 1 column 2 (char 1))\n",
        ("breaks", "--replay", "[1]"): "hermes-dev: error: --replay: the arguments must be a"
        " JSON object, e.g. '{\"city\": \"Oslo\"}'\n",
        ("breaks", "weather", "--replay", "{}"): "hermes-dev: error: --replay needs exactly one"
        " tool name (and no --all)\n",
        ("breaks", "--without-env"): "hermes-dev: error: --without-env goes with --replay\n",
    }
    for args, expected in cases.items():
        proc = run_check(host, *args)
        assert (proc.returncode, proc.stdout, proc.stderr) == (2, "", expected), args


def test_write_tests_writes_failing_regression_tests(host: Path) -> None:
    proc = run_check(host, "breaks", "--timeout", "1", "--write-tests")
    assert proc.returncode == 1
    written = host / "tests" / "tools" / "test_check_breaks.py"
    assert f"hermes-dev: check: wrote {written}\n" in proc.stderr
    text = written.read_text(encoding="utf-8")
    assert "import hermes_dev" not in text and "from hermes_dev" not in text
    result = run_host_pytest(host, "tests/tools/test_check_breaks.py")
    summary = result.stdout.strip().splitlines()[-1]
    assert summary.startswith("7 failed"), result.stdout
    for expected in (
        "KeyError: 'symbol'",
        "returns a dict, not a JSON string",
        'a failure without an "error" key',
        "no answer within 5.0 s",
        "network: socket.connect",
        "hermes-dev-check-planted.txt",
    ):
        assert expected in result.stdout, expected
    # Fixed, the tests pass.
    tool = host / "tools" / "breaks_tool.py"
    source = tool.read_text(encoding="utf-8")
    fixed = source.replace(
        "def breaks(args, **kw):\n",
        "def breaks(args, **kw):\n    return tool_error('disabled')\n",
    )
    tool.write_text(fixed, encoding="utf-8")
    result = run_host_pytest(host, "tests/tools/test_check_breaks.py")
    assert result.stdout.strip().splitlines()[-1].startswith("7 passed"), result.stdout


def test_write_tests_never_overwrites_a_hand_written_file(host: Path) -> None:
    target = host / "tests" / "tools" / "test_check_breaks.py"
    target.write_text("# mine\n", encoding="utf-8")
    proc = run_check(host, "breaks", "--timeout", "1", "--write-tests", "--select", "HD502")
    assert proc.returncode == 2
    assert proc.stderr.endswith(
        f"hermes-dev: error: --write-tests: {target} exists and hermes-dev did not write it\n"
    )
    assert target.read_text(encoding="utf-8") == "# mine\n"


def test_pytest_plugin_runs_the_calls_as_test_items(host: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "PYTHON"))}
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/host",
         "--hermes-check-timeout", "1", "--hermes-check", "breaks", "weather"],
        cwd=host, env=env, capture_output=True, text=True, timeout=300,
    )
    out = proc.stdout
    assert proc.returncode == 1, out
    assert "FAILED ::hermes-check::breaks" in out
    assert "hermes-check::weather" not in out.split("short test summary")[1]
    assert "tools/breaks_tool.py:42: HD501 `KeyError: 'symbol'` escapes the handler" in out
    assert out.strip().splitlines()[-1].startswith("1 failed, ")


def test_pytest_plugin_is_silent_without_the_option(host: Path) -> None:
    result = run_host_pytest(host, "tests/host")
    assert "hermes-check" not in result.stdout
    assert result.returncode == 0, result.stdout


def test_saved_failures_are_replayed_first(
    host: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HERMES_DEV_NO_CACHE", "")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    first = run_check(host, "breaks", "--select", "HD502", "--format", "json", "--timeout", "1")
    second = run_check(host, "breaks", "--select", "HD502", "--format", "json", "--timeout", "1")
    assert [i["call"] for i in json.loads(first.stdout)] == ['mode="table"']
    assert [i["call"] for i in json.loads(second.stdout)] == ["a call that failed before"]
    assert list((tmp_path / "cache" / "hermes-dev" / "check").iterdir())


def test_write_tests_escapes_control_characters_in_the_docstrings(host: Path) -> None:
    """An exception's message with a NUL, an ESC and a line separator: raw in a docstring, the
    written file would not parse."""
    (host / "tools" / "ctl_tool.py").write_text(
        "from tools.registry import registry\n\n"
        "def ctl(args, **kw):\n"
        "    raise ValueError('bad\\x00byte \\x1b[31mred\\u2028line')\n\n"
        'SCHEMA = {"name": "ctl", "description": "d", "parameters": {"type": "object",'
        ' "properties": {}}}\n'
        'registry.register(name="ctl", toolset="ctl", schema=SCHEMA, handler=ctl)\n',
        encoding="utf-8",
    )
    proc = run_check(host, "ctl", "--timeout", "2", "--write-tests", "--select", "HD501")
    assert proc.returncode == 1, proc.stderr
    written = host / "tests" / "tools" / "test_check_ctl.py"
    tree = ast.parse(written.read_bytes())
    defs = [f for f in tree.body if isinstance(f, ast.FunctionDef)]
    docs = [ast.get_docstring(f, clean=False) or "" for f in defs]
    assert any("bad\x00byte \x1b[31mred" in doc for doc in docs), docs
    result = run_host_pytest(host, "tests/tools/test_check_ctl.py")
    assert "ValueError: bad" in result.stdout, result.stdout


def test_check_leaves_no_hypothesis_folder_in_the_project(
    host: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """hypothesis's own caches go under hermes-dev's cache (here: off, so a temporary folder)."""
    monkeypatch.delenv("HYPOTHESIS_STORAGE_DIRECTORY")  # (the suite's shared one: see conftest)
    proc = run_check(host, "weather", "--max-examples", "3")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert not (host / ".hypothesis").exists()
