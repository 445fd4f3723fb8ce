"""Files the scaffold edits that go past the parser, or do not parse (issue 20, items 11 and 13):
one line naming the file (and line), exit 2, never a traceback, nothing touched."""

from __future__ import annotations

import pytest

from tests.scaffold.hosts import make_host, run_cli, snapshot

DEEP = "\n\nDEEP = " + "-" * 5000 + "1\n"
COMMANDS = {
    "new-tool": ("new-tool", "zap", "--env", "ZAP_API_KEY"),
    "remove-tool": ("remove-tool", "weather"),
    "new-plugin": ("new-plugin", "zap_pack"),
    "new-plugin --toolset": ("new-plugin", "zap_pack", "--toolset", "weather"),
}


def _run(tmp_path, rel, snippet, command):
    host = make_host(tmp_path / "host")
    path = host / rel
    path.write_text(path.read_text(encoding="utf-8") + snippet, encoding="utf-8")
    before = snapshot(host)
    code, _out, err = run_cli(*COMMANDS[command], "--root", str(host), "--yes")
    assert snapshot(host) == before
    return code, err


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("rel", ["toolsets.py", "hermes_cli/config.py"])
def test_an_expression_too_deep_for_the_parser_is_one_line(tmp_path, rel, command):
    if rel == "hermes_cli/config.py" and command.startswith("new-plugin"):
        pytest.skip("new-plugin never reads the config module")
    code, err = _run(tmp_path, rel, DEEP, command)
    assert code == 2, err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith(f"hermes-dev: error: {rel}"), err
    assert "too deeply" in err, err


BROKEN = {
    # An f-string broken in every Python: not "a newer Python's syntax".
    "f-string": ('\n\n_LABEL = f"{1"\n', "hermes-dev: error: toolsets.py: line {line}"),
    "syntax error": (
        "\n\ndef _helper(:\n    return 1\n",
        "hermes-dev: error: toolsets.py: line {line}",
    ),
    "null byte": (
        "\n\n_EXTRA = 1\x00\n",
        "hermes-dev: error: toolsets.py: line {line} holds a null",
    ),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_broken_toolsets_py_is_blamed_on_its_line(tmp_path, case, command):
    snippet, expected = BROKEN[case]
    line = (make_host(tmp_path / "probe") / "toolsets.py").read_text().count("\n") + 3
    code, err = _run(tmp_path, "toolsets.py", snippet, command)
    assert code == 2, err
    assert err.startswith(expected.format(line=line)), err
    assert err.count("\n") == 1 and "this Python" not in err, err


@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
@pytest.mark.parametrize("command", ["new-tool", "remove-tool"])
def test_a_config_module_that_is_no_file_is_one_line_never_a_hang(tmp_path, kind, command):
    import os
    import signal

    host = make_host(tmp_path / "host")
    config = host / "hermes_cli" / "config.py"
    config.write_text(
        "from hermes_cli.config_defaults import OPTIONAL_ENV_VARS\n", encoding="utf-8"
    )
    target = host / "hermes_cli" / "config_defaults.py"
    if kind == "fifo":
        os.mkfifo(target)
    else:
        target.symlink_to("/dev/zero")

    def timeout(signum, frame):
        raise TimeoutError("hung on the config module")

    old = signal.signal(signal.SIGALRM, timeout)
    signal.alarm(20)
    try:
        code, _out, err = run_cli(*COMMANDS[command], "--root", str(host), "--yes")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    # new-tool must read the literal it edits; remove-tool with nothing to edit there goes on.
    assert code == (2 if command == "new-tool" else 0), err
    assert err.count("\n") == (1 if command == "new-tool" else 0), err
    assert "Traceback" not in err, err


# Past what libcst's native parser takes on the C stack, it killed the process (exit 139) before
# any message, and the render's temporary folder stayed behind. Each run is a real process.
PAST_LIBCST = {
    "brackets": "\n\nDEEP = " + "[" * 3000 + "]" * 3000 + "\n",
    "and-chain": "\n\nLONG = " + "1 and " * 20000 + "1\n",
    "dotted import": "\n\nimport a" + ".a" * 20000 + "\n",
}
ONE_LINE = {
    "brackets": "too many nested parentheses",
    "and-chain": "20,001 `and`/`or` operands",
    "dotted import": "20,001 parts of a dotted name",
}


@pytest.mark.parametrize("case", sorted(PAST_LIBCST))
@pytest.mark.parametrize(
    ("rel", "command"),
    [
        ("toolsets.py", ("new-tool", "zap")),
        ("hermes_cli/config.py", ("new-tool", "zap", "--env", "ZAP_API_KEY")),
        ("toolsets.py", ("remove-tool", "weather")),
        ("toolsets.py", ("new-plugin", "zap_pack", "--toolset", "weather")),
    ],
    ids=["new-tool", "new-tool --env", "remove-tool", "new-plugin --toolset"],
)
def test_a_file_past_libcsts_parser_is_one_line_and_leaves_no_temporary_folder(
    tmp_path, case, rel, command
):
    import os
    import shutil
    import subprocess
    import sys

    host = make_host(tmp_path / "host")
    path = host / rel
    path.write_text(path.read_text(encoding="utf-8") + PAST_LIBCST[case], encoding="utf-8")
    before = snapshot(host)
    tmpdir = tmp_path / "tmp"
    tmpdir.mkdir()
    script = shutil.which("hermes-dev", path=os.path.dirname(sys.executable))
    argv = [script] if script else [sys.executable, "-m", "hermes_dev"]
    done = subprocess.run(
        [*argv, *command, "--root", str(host), "--yes"],
        env={**os.environ, "TMPDIR": str(tmpdir)},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2, (done.returncode, done.stderr[-300:])
    assert done.stderr.startswith(f"hermes-dev: error: {rel}"), done.stderr
    assert done.stderr.count("\n") == 1 and ONE_LINE[case] in done.stderr, done.stderr
    assert snapshot(host) == before
    assert list(tmpdir.iterdir()) == []


@pytest.mark.parametrize(
    "command",
    [
        ("new-tool", "kk"),
        ("new-tool", "kk", "--dry-run"),
        ("new-plugin", "pp", "--dry-run"),
        ("new-plugin", "pp"),
        ("remove-tool", "weather"),
    ],
    ids=" ".join,
)
def test_fifos_where_modules_and_markers_are_read_never_hang(tmp_path, command):
    """A FIFO named tools/*_tool.py (or a plugin's __init__.py) blocked the scans for names,
    registrations, markers and plugin kinds in a plain open(): new-tool and new-plugin hung."""
    import os

    host = make_host(tmp_path / "host")
    os.mkfifo(host / "tools" / "fifo_tool.py")
    (host / "plugins" / "fifo_pack").mkdir()
    (host / "plugins" / "fifo_pack" / "plugin.yaml").write_text(
        "name: fifo_pack\nversion: 0.1.0\n", encoding="utf-8"
    )
    os.mkfifo(host / "plugins" / "fifo_pack" / "__init__.py")

    import shutil
    import subprocess
    import sys

    script = shutil.which("hermes-dev", path=os.path.dirname(sys.executable))
    argv = [script] if script else [sys.executable, "-m", "hermes_dev"]
    # A real process: a hang is a time-out here, not a stuck test run.
    done = subprocess.run(
        [*argv, *command, "--root", str(host), "--yes"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stderr.count("Traceback")) == (0, 0), done.stderr
