"""`hermes-dev lint -` with `--stdin-filename`: an editor's unsaved text, linted as that file."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.lint.support import make_root

CLEAN = """\
import json

from tools.registry import registry


SCHEMA = {"name": "ping", "description": "Ping.", "parameters": {"type": "object"}}


def ping(args, **kw):
    return json.dumps({"pong": True})


registry.register(name="ping", toolset="ping", schema=SCHEMA, handler=ping)
"""
BROKEN = CLEAN.replace('json.dumps({"pong": True})', '{"pong": True}')
TOOLSETS = '_HERMES_CORE_TOOLS = []\n\nTOOLSETS = {"ping": {"tools": ["ping"], "includes": []}}\n'


def _run(
    *args: str, stdin: bytes, cwd: Path, cache: Path | None = None, click: bool = False
) -> subprocess.CompletedProcess[bytes]:
    env = dict(os.environ)
    if cache is None:
        env["HERMES_DEV_NO_CACHE"] = "1"
    else:
        env.pop("HERMES_DEV_NO_CACHE", None)
        env["XDG_CACHE_HOME"] = str(cache)
    # `click`: the click command, not the fast path that `main()` takes for plain arguments.
    entry = (
        [
            "-c",
            "import sys; from hermes_dev.cli import run_click; sys.exit(run_click(sys.argv[1:]))",
        ]
        if click
        else ["-m", "hermes_dev"]
    )
    return subprocess.run(
        [sys.executable, *entry, "lint", *args],
        input=stdin,
        capture_output=True,
        cwd=cwd,
        env=env,
        timeout=120,
        check=False,
    )


@pytest.fixture()
def root(tmp_path: Path) -> Path:
    return make_root(tmp_path / "root", {"tools/ping_tool.py": CLEAN, "toolsets.py": TOOLSETS})


@pytest.mark.parametrize("click", [False, True])
def test_the_text_on_stdin_is_linted_in_place_of_the_file(root: Path, click: bool) -> None:
    done = _run(
        "-", "--stdin-filename", "tools/ping_tool.py", stdin=BROKEN.encode(), cwd=root, click=click
    )
    assert done.returncode == 1, done.stderr
    out = done.stdout.decode()
    assert out.startswith("tools/ping_tool.py:10:5: HD101 [*] `ping` returns a dict"), out
    assert "Found 1 finding in 1 file (1 file checked)." in out
    # The other way round: a broken file on disk, clean text on stdin.
    (root / "tools" / "ping_tool.py").write_text(BROKEN)
    done = _run("--stdin-filename=tools/ping_tool.py", "-", stdin=CLEAN.encode(), cwd=root)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.decode() == "All checks passed (1 file checked).\n"


def test_stdin_filename_alone_reads_stdin_as_ruff_does(root: Path) -> None:
    done = _run("--stdin-filename", "tools/ping_tool.py", stdin=BROKEN.encode(), cwd=root)
    assert done.returncode == 1
    assert b"tools/ping_tool.py:10:5: HD101" in done.stdout


def test_a_new_file_and_the_project_rules_see_the_rest_of_the_root(root: Path) -> None:
    """The file does not exist yet; toolsets.py and the other modules come from disk."""
    text = CLEAN.replace('name="ping", toolset="ping"', 'name="ping", toolset="extra"')
    text += '\nregistry.register(name="pong", toolset="pong", schema={}, handler=ping)\n'
    done = _run(
        "-", "--stdin-filename", "tools/new_tool.py", "--select", "HD301,HD305",
        stdin=text.encode(), cwd=root,
    )  # fmt: skip
    out = done.stdout.decode()
    assert done.returncode == 1, done.stderr
    assert not (root / "tools" / "new_tool.py").exists()
    lines = out.splitlines()
    assert lines[0].startswith(
        "tools/new_tool.py:13:19: HD305 tool 'ping' is also registered in tools/ping_tool.py:13"
    )
    assert "tools/ping_tool.py" in lines[0]
    # (no [*]: its fix, a new TOOLSETS entry, is unsafe)
    assert lines[1].startswith("tools/new_tool.py:15:19: HD301 tool 'pong' is in no toolset")
    assert len(lines) == 4, out  # and the summary lines


def test_fix_writes_the_fixed_text_to_stdout_and_nothing_to_disk(root: Path) -> None:
    # CRLF line ends and a byte-order mark come back as they were.
    source = b"\xef\xbb\xbf" + BROKEN.replace("\n", "\r\n").encode()
    before = (root / "tools" / "ping_tool.py").read_bytes()
    done = _run("-", "--stdin-filename", "tools/ping_tool.py", "--fix", stdin=source, cwd=root)
    assert done.returncode == 0, done.stderr
    assert done.stdout == b"\xef\xbb\xbf" + CLEAN.replace("\n", "\r\n").encode()
    assert done.stderr.decode() == "Found 1 finding (1 fixed, 0 remaining; 1 file checked).\n"
    assert (root / "tools" / "ping_tool.py").read_bytes() == before


def test_fix_of_text_that_is_not_utf8_gives_it_back_byte_for_byte(root: Path) -> None:
    """A fix writes UTF-8; a Latin-1 comment would come back changed, so nothing is fixed."""
    source = ("# caf\xe9\n" + BROKEN).encode("latin-1")
    done = _run("-", "--stdin-filename", "tools/ping_tool.py", "--fix", stdin=source, cwd=root)
    assert done.stdout == source
    assert done.returncode == 1
    err = done.stderr.decode()
    assert "tools/ping_tool.py: the text on stdin is not UTF-8; not fixed" in err
    assert "HD101" in err


def test_fix_with_nothing_to_fix_echoes_the_text_and_reports_on_stderr(root: Path) -> None:
    text = BROKEN.replace("schema=SCHEMA", 'schema=SCHEMA, requires_env=["PING_KEY"]')
    done = _run(
        "-", "--stdin-filename", "tools/ping_tool.py", "--fix", "--select", "HD306",
        stdin=text.encode(), cwd=root,
    )  # fmt: skip
    assert done.returncode == 1
    assert done.stdout == text.encode()
    assert b"tools/ping_tool.py:13:63: HD306" in done.stderr


def test_diff_prints_the_patch_of_the_text(root: Path) -> None:
    done = _run(
        "-", "--stdin-filename", "tools/ping_tool.py", "--diff", stdin=BROKEN.encode(), cwd=root
    )
    assert done.returncode == 1
    assert done.stdout.decode() == (
        "--- a/tools/ping_tool.py\n"
        "+++ b/tools/ping_tool.py\n"
        "@@ -7,7 +7,7 @@\n"
        " \n"
        " \n"
        " def ping(args, **kw):\n"
        '-    return {"pong": True}\n'
        '+    return json.dumps({"pong": True})\n'
        " \n"
        " \n"
        ' registry.register(name="ping", toolset="ping", schema=SCHEMA, handler=ping)\n'
    )
    assert done.stderr.decode() == "Would fix 1 finding.\n"
    clean = _run(
        "-", "--stdin-filename", "tools/ping_tool.py", "--diff", stdin=CLEAN.encode(), cwd=root
    )
    assert (clean.returncode, clean.stdout, clean.stderr) == (0, b"", b"No fixes available.\n")


def test_a_syntax_error_is_hd000_at_the_named_file(root: Path) -> None:
    done = _run(
        "-",
        "--stdin-filename",
        "tools/ping_tool.py",
        stdin=b"registry.register(\ndef broken(:\n",
        cwd=root,
    )
    assert done.returncode == 1
    assert done.stdout.decode().startswith("tools/ping_tool.py:2:1: HD000"), done.stdout


def test_the_cache_never_answers_for_nor_keeps_the_text_on_stdin(
    root: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    path = "tools/ping_tool.py"
    assert _run(path, stdin=b"", cwd=root, cache=cache).returncode == 0  # the cache holds it
    stdin = _run("-", "--stdin-filename", path, stdin=BROKEN.encode(), cwd=root, cache=cache)
    assert stdin.returncode == 1 and b"HD101" in stdin.stdout
    again = _run(path, stdin=b"", cwd=root, cache=cache)  # the disk file: still clean
    assert again.returncode == 0, again.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("-",), "`lint -` needs --stdin-filename PATH"),
        (("-", "tools/ping_tool.py", "--stdin-filename", "x.py"), "`-` (the text on stdin) is one"),
        (("tools/ping_tool.py", "--stdin-filename", "x.py"), "--stdin-filename names the file"),
        (("-", "--stdin-filename", "tools"), "--stdin-filename tools: is a folder"),
        (("-", "--stdin-filename", "x.py", "--write-baseline"), "--write-baseline records files"),
    ],
)
def test_usage_errors_are_one_line_and_exit_2(
    root: Path, args: tuple[str, ...], message: str
) -> None:
    for click in (False, True):
        done = _run(*args, stdin=BROKEN.encode(), cwd=root, click=click)
        err = done.stderr.decode()
        assert done.returncode == 2, err
        assert err.startswith("hermes-dev: error: " + message), err
        assert err.count("\n") == 1 and done.stdout == b""
