"""`hermes-dev lint` with the flags Ruff users type: each one run through the CLI, as people do.

--output-format (and --format), -o/--output-file (and --output), --show-fixes, -q/--quiet,
-v/--verbose, --color with NO_COLOR, --no-cache, --cache-dir, --statistics, `# noqa: CODE`,
`--` before paths, and the gitlab and junit formats.
"""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema
import pytest

from hermes_dev.cli.fastpath import parse
from tests.lint.support import make_root

REPO = Path(__file__).resolve().parents[2]
PING = """\
import json
from tools.registry import registry

def ping(args, **kw):
    if args.get("fail"):
        raise ValueError("no, bad")
    return {"pong": True}

registry.register(name="ping", toolset="t", schema={}, handler=ping)
"""
ANSI = "\x1b["


def _run(
    *args: str, cwd: Path, env: dict[str, str] | None = None, cache: bool = False
) -> subprocess.CompletedProcess[str]:
    full = {**os.environ, "PYTHONPATH": str(REPO)}
    full.pop("NO_COLOR", None)
    if not cache:
        full["HERMES_DEV_NO_CACHE"] = "1"
    full.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "hermes_dev", "lint", *args],
        cwd=cwd,
        env=full,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.fixture()
def root(tmp_path: Path) -> Path:
    return make_root(tmp_path / "repo", {"tools/ping_tool.py": PING, "tools/ok_tool.py": "x = 1\n"})


def test_output_format_and_its_alias_format(root: Path) -> None:
    new = _run("--select", "HD1", "--output-format", "json", cwd=root)
    old = _run("--select", "HD1", "--format=json", cwd=root)
    assert new.returncode == old.returncode == 1
    assert new.stdout == old.stdout
    assert [item["code"] for item in json.loads(new.stdout)] == ["HD102", "HD101"]
    bad = _run("--output-format", "xml", cwd=root)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "'xml'" in bad.stderr


@pytest.mark.parametrize("flag", ["-o", "--output-file", "--output"])
def test_output_file_and_its_names(root: Path, flag: str) -> None:
    done = _run("--select", "HD1", flag, "report.txt", cwd=root)
    assert done.returncode == 1 and done.stdout == ""
    report = (root / "report.txt").read_text()
    assert report.startswith("tools/ping_tool.py:6:9: HD102 ")
    assert "Found 2 findings" in report
    assert ANSI not in report  # a file is never coloured on auto


def test_output_file_to_a_missing_folder_is_one_line_exit_2(root: Path) -> None:
    done = _run("--select", "HD1", "-o", "nowhere/report.txt", cwd=root)
    assert done.returncode == 2
    assert done.stderr.startswith("hermes-dev: error: --output-file nowhere/report.txt:")
    assert done.stderr.count("\n") == 1


def test_show_fixes_says_what_each_fix_does(root: Path) -> None:
    done = _run("--select", "HD1", "--show-fixes", cwd=root)
    lines = done.stdout.splitlines()
    assert (
        lines[1] == "    fix (unsafe: --unsafe-fixes): Return the message through `tool_error(...)`"
    )
    assert lines[3].startswith("    fix (safe): ")
    assert "json.dumps" in lines[3]


def test_show_fixes_with_fix_lists_what_was_fixed(root: Path) -> None:
    done = _run("--select", "HD1", "--fix", "--show-fixes", cwd=root)
    assert done.returncode == 1  # HD102 stays: its fix is unsafe
    lines = done.stdout.splitlines()
    at = lines.index("Fixed 1 finding:")
    assert lines[at + 1 : at + 3] == [
        "- tools/ping_tool.py:",
        "    1 × HD101 (handler-returns-non-json)",
    ]
    assert "Found 2 findings (1 fixed, 1 remaining" in done.stdout
    # Without --show-fixes the summary alone says it.
    (root / "tools/ping_tool.py").write_text(PING)
    plain = _run("--select", "HD1", "--fix", cwd=root)
    assert "Fixed 1 finding:" not in plain.stdout and "(1 fixed, 1 remaining" in plain.stdout
    # In another format the list goes to stderr, leaving the report as it is.
    (root / "tools/ping_tool.py").write_text(PING)
    as_json = _run("--select", "HD1", "--fix", "--show-fixes", "--output-format", "json", cwd=root)
    assert [i["code"] for i in json.loads(as_json.stdout)] == ["HD102"]
    assert as_json.stderr.startswith("Fixed 1 finding:\n- tools/ping_tool.py:\n")


@pytest.mark.parametrize("flag", ["-q", "--quiet"])
def test_quiet_prints_the_findings_and_nothing_else(root: Path, flag: str) -> None:
    loud = _run("--select", "HD1", cwd=root)
    quiet = _run("--select", "HD1", flag, cwd=root)
    assert quiet.returncode == loud.returncode == 1
    finding_lines = [line for line in loud.stdout.splitlines() if ": HD1" in line]
    assert quiet.stdout.splitlines() == finding_lines
    assert len(finding_lines) == 2
    clean = _run("--select", "HD1", flag, "tools/ok_tool.py", cwd=root)
    assert (clean.returncode, clean.stdout, clean.stderr) == (0, "", "")
    # Notes go too: a baseline's, and --diff's count.
    assert _run("--write-baseline", flag, cwd=root).stderr == ""
    (root / "tools/ping_tool.py").write_text("x = 1\n")
    gone = _run(flag, cwd=root)
    assert (gone.returncode, gone.stdout, gone.stderr) == (0, "", "")
    assert "baselined findings are gone" in _run(cwd=root).stderr
    # Errors still show.
    bad = _run(flag, "--root", "no/such/folder", cwd=root)
    assert bad.returncode == 2 and bad.stderr.startswith("hermes-dev: error:")


def test_statistics_prints_only_the_counts(root: Path) -> None:
    done = _run("--select", "HD1", "--statistics", cwd=root)
    assert done.returncode == 1
    assert [line.split() for line in done.stdout.splitlines()] == [
        ["1", "HD101", "[*]", "handler-returns-non-json"],
        ["1", "HD102", "handler-raises"],
    ]
    assert done.stderr == ""


def test_verbose_adds_the_analysis_counters(tmp_path: Path) -> None:
    opaque = PING.replace("schema={}", "schema=make_schema()")
    root = make_root(tmp_path / "repo", {"tools/ping_tool.py": opaque})
    plain = _run("--select", "HD2", "--statistics", cwd=root)
    assert "not static" not in plain.stdout + plain.stderr
    for flag in ("-v", "--verbose"):
        counted = _run("--select", "HD2", "--statistics", flag, cwd=root)
        assert counted.stdout.split() == ["1", "schemas", "skipped", "(not", "static)"]
        report = _run("--select", "HD2", flag, cwd=root)
        assert report.stdout.startswith("All checks passed")
        assert report.stderr.split() == ["1", "schemas", "skipped", "(not", "static)"]


def _on_a_terminal(root: Path, *args: str, env: dict[str, str]) -> str:
    """Run lint with stdout on a pseudo-terminal, as in an interactive shell."""
    main, replica = pty.openpty()
    full = {**os.environ, "PYTHONPATH": str(REPO), "HERMES_DEV_NO_CACHE": "1", "TERM": "xterm"}
    full.pop("NO_COLOR", None)
    full.update(env)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "hermes_dev", "lint", "--select", "HD1", *args],
            cwd=root,
            env=full,
            stdout=replica,
            stderr=subprocess.PIPE,
            timeout=120,
            check=False,
        )
        os.close(replica)
        replica = -1
        assert done.returncode == 1, done.stderr
        chunks = []
        while True:
            try:
                chunk = os.read(main, 65536)
            except OSError:  # EIO: the writer is gone and everything was read
                break
            if not chunk:
                break
            chunks.append(chunk)
        return b"".join(chunks).decode()
    finally:
        os.close(main)
        if replica != -1:
            os.close(replica)


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_color_auto_on_a_terminal_honours_no_color(root: Path) -> None:
    coloured = _on_a_terminal(root, env={})
    assert "\x1b[1;31mHD101\x1b[0m" in coloured and "\x1b[36m[*]\x1b[0m" in coloured
    assert "\x1b[1mtools/ping_tool.py\x1b[0m" in coloured
    assert ANSI not in _on_a_terminal(root, env={"NO_COLOR": "1"})
    assert ANSI in _on_a_terminal(root, env={"NO_COLOR": ""})  # empty: not set (no-color.org)
    assert ANSI not in _on_a_terminal(root, "--color", "never", env={})
    assert ANSI not in _on_a_terminal(root, "-o", "report.txt", env={})


def test_color_always_and_never(root: Path) -> None:
    piped = _run("--select", "HD1", cwd=root)
    assert ANSI not in piped.stdout  # auto: not a terminal
    always = _run("--select", "HD1", "--color", "always", cwd=root, env={"NO_COLOR": "1"})
    assert "\x1b[1;31mHD102\x1b[0m" in always.stdout  # the flag outranks NO_COLOR
    # Colour changes nothing else.
    plain = always.stdout.replace("\x1b[0m", "")
    for start in ("\x1b[1;31m", "\x1b[1m", "\x1b[36m", "\x1b[32m"):
        plain = plain.replace(start, "")
    assert plain == piped.stdout
    never = _run("--select", "HD1", "--color=never", cwd=root)
    assert never.stdout == piped.stdout
    json_always = _run("--select", "HD1", "--color", "always", "--output-format", "json", cwd=root)
    assert ANSI not in json_always.stdout  # only the text report has colours


def _cache_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*.json")) if folder.exists() else []


def test_no_cache_and_cache_dir(root: Path, tmp_path: Path) -> None:
    xdg = tmp_path / "xdg"
    env = {"XDG_CACHE_HOME": str(xdg)}
    env_off = {**env, "HERMES_DEV_NO_CACHE": ""}
    _run("--select", "HD1", "--no-cache", cwd=root, env=env_off, cache=True)
    assert _cache_files(xdg) == []
    _run("--select", "HD1", cwd=root, env=env_off, cache=True)
    written = _cache_files(xdg / "hermes-dev")
    assert any(name.startswith("summaries-") for name in written)
    elsewhere = tmp_path / "elsewhere"
    again = _run(
        "--select", "HD1", "--cache-dir", str(elsewhere), cwd=root, env=env_off, cache=True
    )
    assert again.returncode == 1
    assert _cache_files(elsewhere) == [n for n in written if n.startswith("summaries-")]
    assert _cache_files(xdg / "hermes-dev") == written  # nothing more there
    # --no-cache wins over --cache-dir: nothing is read or written.
    other = tmp_path / "other"
    _run("--select", "HD1", "--no-cache", "--cache-dir", str(other), cwd=root, env=env_off)
    assert not other.exists()


def test_noqa_comments_from_the_command_line(root: Path) -> None:
    source = PING.replace('raise ValueError("no, bad")', "raise ValueError  # noqa: HD102")
    source = source.replace('return {"pong": True}', "return json.dumps({})  # noqa: E501,HD101")
    (root / "tools/ping_tool.py").write_text(source)
    done = _run("--select", "HD1,HD9", cwd=root)
    assert done.returncode == 1
    assert done.stdout.splitlines()[0] == (
        "tools/ping_tool.py:7:28: HD900 [*] suppression of HD101 suppresses nothing on this line"
    )
    fixed = _run("--select", "HD1,HD9", "--fix", cwd=root)
    assert fixed.returncode == 0, fixed.stdout
    assert "return json.dumps({})  # noqa: E501\n" in (root / "tools/ping_tool.py").read_text()


def test_paths_after_double_dash_are_never_options(root: Path) -> None:
    assert parse(["--select", "HD1", "--", "--fix"]) == (
        ["--fix"],
        parse(["--select", "HD1"])[1],  # type: ignore[index]
    )
    before = (root / "tools/ping_tool.py").read_text()
    for extra in ([], ["--color", "never", "-q"], ["-qv"]):  # the fast path, then click
        done = _run("--select", "HD1", *extra, "--", "--fix", cwd=root)
        assert done.returncode == 2, done.stdout
        assert "--fix: no such file or folder" in done.stderr or "'--fix' does not exist" in (
            done.stderr
        )
        assert (root / "tools/ping_tool.py").read_text() == before
        ok = _run("--select", "HD1", *extra, "--", "tools", cwd=root)
        assert ok.returncode == 1 and "HD101" in ok.stdout


def test_short_options_take_the_fast_path_only_on_their_own() -> None:
    paths, values = parse(["-q", "-v", "-o", "r.txt", "tools"])  # type: ignore[misc]
    assert paths == ["tools"]
    assert (values["quiet"], values["verbose"], values["output"]) == (True, True, "r.txt")
    assert parse(["-qv"]) is None and parse(["-or.txt"]) is None and parse(["-o=r.txt"]) is None


# GitLab's Code Quality report, as its documentation describes an issue (the required fields).
GITLAB_ISSUE = {
    "type": "object",
    "required": ["description", "check_name", "fingerprint", "severity", "location"],
    "properties": {
        "description": {"type": "string", "minLength": 1},
        "check_name": {"type": "string", "minLength": 1},
        "fingerprint": {"type": "string", "minLength": 1},
        "severity": {"enum": ["info", "minor", "major", "critical", "blocker"]},
        "location": {
            "type": "object",
            "required": ["path", "lines"],
            "properties": {
                "path": {"type": "string"},
                "lines": {
                    "type": "object",
                    "required": ["begin"],
                    "properties": {"begin": {"type": "integer", "minimum": 1}},
                },
            },
        },
    },
}


def test_gitlab_code_quality(root: Path) -> None:
    done = _run(
        "--select",
        "HD1",
        "--output-format",
        "gitlab",
        cwd=root,
        env={"CI_PROJECT_DIR": str(root.parent)},
    )
    assert done.returncode == 1
    issues = json.loads(done.stdout)
    jsonschema.validate(issues, {"type": "array", "items": GITLAB_ISSUE})
    assert [(i["check_name"], i["location"]["path"], i["location"]["lines"]) for i in issues] == [
        ("HD102", "repo/tools/ping_tool.py", {"begin": 6, "end": 6}),
        ("HD101", "repo/tools/ping_tool.py", {"begin": 7, "end": 7}),
    ]
    assert len({i["fingerprint"] for i in issues}) == 2
    clean = _run("--output-format", "gitlab", "tools/ok_tool.py", cwd=root)
    assert (clean.returncode, json.loads(clean.stdout)) == (0, [])


def test_junit(root: Path) -> None:
    done = _run("--select", "HD1", "--output-format", "junit", "-o", "junit.xml", cwd=root)
    assert done.returncode == 1
    text = (root / "junit.xml").read_text(encoding="utf-8")
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>\n')
    suites = ET.fromstring(text)  # well-formed, control characters and all
    assert (suites.tag, suites.get("tests"), suites.get("failures")) == ("testsuites", "2", "2")
    [suite] = suites
    assert (suite.get("name"), suite.get("tests")) == ("tools/ping_tool.py", "2")
    cases = list(suite)
    assert [c.get("name") for c in cases] == [
        "HD102 (handler-raises) at line 6",
        "HD101 (handler-returns-non-json) at line 7",
    ]
    failure = cases[0].find("failure")
    assert failure is not None and failure.get("type") == "HD102"
    assert (failure.get("message") or "").startswith("`raise ValueError` escapes `ping`")
    clean = _run("--output-format", "junit", "tools/ok_tool.py", cwd=root)
    ok = ET.fromstring(clean.stdout)
    assert (ok.get("tests"), ok.get("failures")) == ("1", "0")
    assert ok[0][0].get("name") == "No findings"
