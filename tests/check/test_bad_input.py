"""Bad input: one clear line, exit 2 where it is a usage error, the other tools still checked."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.check.conftest import run_check

ODD_SCHEMA_TOOL = """\
import json
from tools.registry import registry

def odd(args, **kw):
    return json.dumps({"ok": True})

registry.register(name="odd", toolset="odd", schema={"name": "odd", "description": "d",
    "parameters": {"type": "object", "properties": {
        "code": {"$ref": "https://schemas.invalid/code.json", "description": "c"}}}},
    handler=odd)
"""


def test_unknown_tool_is_one_line_and_the_others_are_checked(host: Path) -> None:
    proc = run_check(host, "nope", "breaks", "--select", "HD502", "--timeout", "1")
    assert proc.returncode == 2
    assert proc.stderr.startswith(
        "hermes-dev: check: no tool named 'nope' is registered (checked: breaks)\n"
    )
    assert "HD502 returns a dict" in proc.stdout


def test_a_schema_hypothesis_cannot_handle(host: Path) -> None:
    (host / "tools" / "odd_tool.py").write_text(ODD_SCHEMA_TOOL, encoding="utf-8")
    proc = run_check(host, "odd", "breaks", "--select", "HD502", "--timeout", "1")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(
        "hermes-dev: check: odd: its schema cannot be turned into generated arguments ("
    )
    assert lines[0].endswith(
        "hypothesis-jsonschema does not fetch remote references"
        " (uri='https://schemas.invalid/code.json')); only the designed calls ran"
    )
    assert "[breaks]" in proc.stdout


def test_usage_errors(host: Path, tmp_path: Path) -> None:
    proc = run_check(host)
    assert (proc.returncode, proc.stderr) == (
        2,
        "hermes-dev: error: name the tools to check (e.g. `hermes-dev check weather`), or --all\n",
    )
    empty = tmp_path / "empty"
    empty.mkdir()
    proc = run_check(empty, "weather")
    assert proc.returncode == 2
    assert proc.stderr.startswith(f"hermes-dev: error: no Hermes root found at or above {empty}")
    proc = run_check(host, "weather", "--env", "NOEQUALS")
    assert proc.stderr == "hermes-dev: error: --env 'NOEQUALS': write NAME=VALUE\n"
    (host / "pyproject.toml").write_text(
        "[tool.hermes-dev.check]\ntimeout = -1\n", encoding="utf-8"
    )
    proc = run_check(host, "weather")
    assert proc.stderr == (
        "hermes-dev: error: pyproject.toml [tool.hermes-dev.check] timeout: -1 is not valid:"
        " must be a number of seconds from 0.1 to 3,600\n"
    )


def test_a_host_that_does_not_import(host: Path) -> None:
    (host / "tools" / "registry.py").write_text(
        "raise ImportError('broken registry')\n", encoding="utf-8"
    )
    proc = run_check(host, "weather")
    assert proc.returncode == 2
    assert proc.stderr == (
        f"hermes-dev: error: the host does not import with {sys.executable}: ImportError: broken"
        " registry (run check with the host's own interpreter: --python PATH)\n"
    )


def test_without_hypothesis_it_says_so_in_one_line(host: Path) -> None:
    code = (
        "import sys; sys.modules['hypothesis_jsonschema'] = None\n"
        "from hermes_dev.cli import main; main(['check', 'weather'])\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "PYTHON"))}
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=host, env=env, capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 2
    assert proc.stderr == (
        "hermes-dev: error: check needs hypothesis and hypothesis-jsonschema"
        " (hypothesis_jsonschema is not installed): pip install 'hermes-dev[check]'\n"
    )


def test_lint_never_imports_hypothesis(host: Path) -> None:
    code = (
        "import sys\nfrom hermes_dev.cli import main\n"
        "try:\n    main(['lint', 'tools/weather_tool.py'])\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules if m.startswith(('hypothesis', 'hermes_dev.check'))))\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "PYTHON"))}
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=host, env=env, capture_output=True, text=True, timeout=60
    )
    assert proc.stdout.splitlines()[-1] == "[]"


def test_the_child_output_is_untrusted() -> None:
    from hermes_dev.check.sandbox import ChildFailed, _parse, stack_from_dump

    for line in (b"not json", b"[1, 2]", b"\xff\xfe"):
        try:
            _parse(line)
        except ChildFailed:
            continue
        raise AssertionError(line)
    dump = (
        "Thread 0x1 (most recent call first):\n"
        '  File "/x/threading.py", line 320 in wait\n'
        "\n"
        "Current thread 0x2 (most recent call first):\n"
        '  File "/usr/lib/python3.11/time.py", line 1 in sleep\n'
        '  File "/root/tools/x_tool.py", line 9 in slow\n'
        '  File "/root/tools/x_tool.py", line 3 in handler\n'
        '  File "/child.py", line 700 in recording\n'
        '  File "/root/tools/registry.py", line 150 in dispatch\n'
        '  File "/child.py", line 800 in main\n'
    )
    assert stack_from_dump(dump, "/child.py") == [
        ("/root/tools/x_tool.py", 3, "handler"),
        ("/root/tools/x_tool.py", 9, "slow"),
        ("/usr/lib/python3.11/time.py", 1, "sleep"),
    ]
    async_dump = (
        "Current thread 0x2 (most recent call first):\n"
        '  File "/usr/lib/python3.11/selectors.py", line 468 in select\n'
        '  File "/root/model_tools.py", line 150 in _run_async\n'
        '  File "/root/tools/registry.py", line 403 in dispatch\n'
        '  File "/child.py", line 760 in call\n'
    )
    assert stack_from_dump(async_dump, "/child.py") == []


def test_numbers_out_of_range_are_one_line_never_a_traceback(host: Path) -> None:
    """`--timeout 1e308` overflowed the child's deadline (a traceback, exit 3); nan and inf got
    past the lower bound, and --max-examples had no upper one (a run of hours, silent)."""
    cases = {
        ("--timeout", "1e308"): "1e+308 is not valid",
        ("--timeout", "nan"): "nan is not valid",
        ("--timeout", "inf"): "inf is not valid",
        ("--timeout", "0.01"): "0.01 is not valid",
        ("--max-examples", "99999999999999999999"): "99999999999999999999 is not valid",
        ("--max-examples", "-1"): "-1 is not valid",
    }
    for (option, value), shown in cases.items():
        proc = run_check(host, "weather", option, value)
        assert proc.returncode == 2, (option, value, proc.stderr)
        what = (
            "a number of seconds from 0.1 to 3,600"
            if option == "--timeout"
            else "a whole number from 0 to 10,000"
        )
        assert proc.stderr == (
            f"hermes-dev: error: Invalid value for '{option}': {shown}: must be {what}"
            " (see 'hermes-dev check --help')\n"
        ), (option, value)
    # The API (the pytest plugin's --hermes-check-timeout) and the settings file say the same.
    from hermes_dev.check.run import check
    from hermes_dev.errors import UserError

    try:
        check(["weather"], root=str(host), timeout=float("inf"), use_lint=False)
    except UserError as exc:
        assert str(exc) == (
            "--timeout: inf is not valid: must be a number of seconds from 0.1 to 3,600"
        )
    else:
        raise AssertionError("no UserError")
    pyproject = host / "pyproject.toml"
    pyproject.write_text("[tool.hermes-dev.check]\ntimeout = inf\n", encoding="utf-8")
    proc = run_check(host, "weather")
    assert (proc.returncode, proc.stderr) == (
        2,
        "hermes-dev: error: pyproject.toml [tool.hermes-dev.check] timeout: inf is not valid:"
        " must be a number of seconds from 0.1 to 3,600\n",
    )


def test_only_unknown_tools_print_no_all_checks_passed(host: Path) -> None:
    proc = run_check(host, "nosuchtool")
    assert (proc.returncode, proc.stdout) == (2, "")
    assert proc.stderr == (
        "hermes-dev: check: no tool named 'nosuchtool' is registered (checked: none of them)\n"
    )


@pytest.mark.parametrize("value", ["0", "8", "1.5", "true", '"big"', "9999999"])
def test_memory_per_call_out_of_range_is_one_line(host: Path, value: str) -> None:
    (host / "pyproject.toml").write_text(
        f"[tool.hermes-dev.check]\nmemory-per-call = {value}\n", encoding="utf-8"
    )
    proc = run_check(host, "weather")
    assert (proc.returncode, proc.stderr) == (
        2,
        "hermes-dev: error: pyproject.toml [tool.hermes-dev.check] memory-per-call: must be a"
        " whole number of MB from 16 to 1,048,576\n",
    )


def test_a_package_whose_plugin_registers_nothing_is_not_all_checks_passed(
    tmp_path: Path,
) -> None:
    """Its entry point names a module that is not there: `--all` checked nothing, and said
    "All checks passed (0 tools checked)" with exit 0."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "pyproject.toml").write_text(
        '[project]\nname = "p"\nversion = "0.1"\n\n'
        '[project.entry-points."hermes_agent.plugins"]\npeek = "nowhere"\n',
        encoding="utf-8",
    )
    proc = run_check(pkg, "--all")
    assert (proc.returncode, proc.stdout) == (2, "")
    assert proc.stderr == (
        "hermes-dev: error: the host registers no tool: nothing to check; it said: plugin"
        " module nowhere failed: ModuleNotFoundError: No module named 'nowhere'\n"
    )


def test_a_checkout_whose_one_tool_module_fails_to_import_says_so(host: Path) -> None:
    """Hermes logs a tool module that fails to import and goes on: that warning is the reason
    given, not an unrelated note."""
    import shutil

    for module in (host / "tools").glob("*_tool.py"):
        module.unlink()
    shutil.rmtree(host / "plugins")
    (host / "tools" / "h_tool.py").write_text(
        "import does_not_exist\nfrom tools.registry import registry\n\n"
        'registry.register(name="h", toolset="t", schema={}, handler=lambda a, **k: "{}")\n',
        encoding="utf-8",
    )
    proc = run_check(host, "--all", "--no-lint")
    assert proc.returncode == 2
    assert proc.stderr.startswith(
        "hermes-dev: error: the host registers no tool: nothing to check; it said: Could not"
        " import tool module tools.h_tool: No module named 'does_not_exist'"
    ), proc.stderr
