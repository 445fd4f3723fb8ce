"""The lint baseline: legacy findings stay recorded through edits; new ones are still reported."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hermes_dev.cli.fastpath import parse as fast_parse
from hermes_dev.errors import UserError
from hermes_dev.lint import baseline
from hermes_dev.lint.run import run_lint
from tests.lint.support import make_root

LEGACY = '''\
"""A legacy tool module: it breaks the handler contract in several ways."""

import json

from tools.registry import registry


def _double(x):
    return x * 2


def lookup(args, **kw):
    query = args.get("query")
    if not query:
        raise ValueError("query is required")  # legacy
    if args.get("raw"):
        return {"query": query}
    return json.dumps({"query": query, "n": _double(2)})


def other(args, **kw):
    if args.get("id") is None:
        return json.dumps({"error": "id is required"})
    return json.dumps({"id": args["id"]})


SCHEMA = {
    "name": "NAME",
    "description": "Look things up.",
    "parameters": {
        "type": "object",
        "properties": {"query": {"type": "string"}},
        "required": ["query", "lang"],
    },
}
OTHER_SCHEMA = {
    "name": "NAME_other",
    "description": "Other things.",
    "parameters": {"type": "object", "properties": {}},
}

registry.register(name="NAME", toolset="legacy", schema=SCHEMA, handler=lookup)
registry.register(name="NAME_other", toolset="legacy", schema=OTHER_SCHEMA, handler=other)
'''
TOOLS = ("alpha", "beta")
# Per module: HD102 (the raise), HD101 (the dict), HD205, HD203, and HD301 for both tools.
LEGACY_FINDINGS = 6


def _lint(root: Path, capsys: pytest.CaptureFixture[str], *paths: str, **options: object):
    """(exit code, stdout, stderr) of `hermes-dev lint` run in-process on `root`."""
    capsys.readouterr()
    code = run_lint([str(root / p) for p in paths], root=str(root), **options)  # type: ignore[arg-type]
    out, err = capsys.readouterr()
    return code, out, err


def _finding_lines(out: str) -> list[str]:
    return [line for line in out.splitlines() if re.match(r"^\S+:\d+:\d+: HD\d{3} ", line)]


@pytest.fixture()
def legacy(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A root with legacy violations, and its baseline written at the default place."""
    root = make_root(tmp_path, {f"tools/{n}_tool.py": LEGACY.replace("NAME", n) for n in TOOLS})
    code, out, _ = _lint(root, capsys)
    assert code == 1 and len(_finding_lines(out)) == LEGACY_FINDINGS * len(TOOLS)
    assert _lint(root, capsys, write_baseline="")[0] == 0
    assert (root / baseline.DEFAULT_FILE).is_file()
    return root


def _assert_all_baselined(root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _lint(root, capsys)
    assert _finding_lines(out) == []
    assert code == 0
    assert "gone" not in err  # every entry still matches a finding
    assert f"{LEGACY_FINDINGS * len(TOOLS)} baselined findings not shown" in out


def _edit(path: Path, change) -> None:  # type: ignore[no-untyped-def]
    before = path.read_text(encoding="utf-8")
    after = change(before)
    assert after != before
    path.write_text(after, encoding="utf-8")


# -- findings survive edits --------------------------------------------------------------------


def test_baselined_findings_survive_50_lines_inserted_at_the_top(
    legacy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    padding = "".join(f"_PADDING_{i} = {i}  # inserted\n" for i in range(50))
    for name in TOOLS:
        _edit(legacy / f"tools/{name}_tool.py", lambda s: padding + s)
    _assert_all_baselined(legacy, capsys)


def test_baselined_findings_survive_reindenting_a_block(
    legacy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def reindent(source: str) -> str:
        # lookup's body from 4 to 8 spaces (and its nested blocks with it)
        head, rest = source.split("def lookup(args, **kw):\n")
        body, tail = rest.split("\n\n\n", 1)
        body = "\n".join("    " + line if line else line for line in body.split("\n"))
        return head + "def lookup(args, **kw):\n" + body + "\n\n\n" + tail

    for name in TOOLS:
        _edit(legacy / f"tools/{name}_tool.py", reindent)
    assert "            raise ValueError" in (legacy / "tools/alpha_tool.py").read_text()
    _assert_all_baselined(legacy, capsys)


def test_baselined_findings_survive_reformatting(
    legacy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def reformat(source: str) -> str:
        source = source.replace(
            'raise ValueError("query is required")  # legacy',
            "raise ValueError(\n            'query is required',\n        )",
        )
        source = source.replace(
            'return {"query": query}', "return {\n            'query': query\n        }"
        )
        return source.replace(
            '"required": ["query", "lang"]', '"required": [\n  "query",\n  "lang"]'
        )

    for name in TOOLS:
        _edit(legacy / f"tools/{name}_tool.py", reformat)
    _assert_all_baselined(legacy, capsys)


def test_baselined_findings_survive_moving_a_handler_below_another_function(
    legacy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def move(source: str) -> str:
        start = source.index("def lookup(")
        end = source.index("def other(")
        handler = source[start:end]
        source = source[:start] + source[end:]
        at = source.index("SCHEMA = {")
        return source[:at] + handler + source[at:]

    for name in TOOLS:
        _edit(legacy / f"tools/{name}_tool.py", move)
    text = (legacy / "tools/alpha_tool.py").read_text()
    assert text.index("def other(") < text.index("def lookup(")
    _assert_all_baselined(legacy, capsys)


# -- what is new, what is gone ---------------------------------------------------------------------


def test_a_copy_into_another_tool_is_reported(
    legacy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The baselined raise of `alpha` copied into `alpha_other`'s handler, in the same file
    # and above the original: the copy is what is new, not the original.
    def copy(source: str) -> str:
        start, end = source.index("def lookup("), source.index("def other(")
        end_other = source.index("SCHEMA = {")
        other = source[end:end_other].replace(
            '    if args.get("id") is None:\n',
            '    if args.get("id") is None:\n        raise ValueError("query is required")\n',
        )
        return source[:start] + other + source[start:end] + source[end_other:]

    _edit(legacy / "tools/alpha_tool.py", copy)
    code, out, err = _lint(legacy, capsys)
    assert code == 1
    assert _finding_lines(out) == [
        (
            "tools/alpha_tool.py:14:9: HD102 `raise ValueError` escapes `other`: the model gets a"
            " generic error; return tool_error(...) instead [alpha_other]"
        )
    ]
    assert "gone" not in err


def test_a_copy_into_another_file_is_reported(
    legacy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A whole legacy module copied as a new tool: all of its findings are new, none of the
    # originals' entries is used up by them.
    (legacy / "tools/gamma_tool.py").write_text(LEGACY.replace("NAME", "gamma"), encoding="utf-8")
    code, out, err = _lint(legacy, capsys)
    assert code == 1
    found = _finding_lines(out)
    assert len(found) == LEGACY_FINDINGS
    assert all(line.startswith("tools/gamma_tool.py:") for line in found)
    assert "gone" not in err


def test_a_second_identical_violation_in_the_same_handler_is_reported(
    legacy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _edit(
        legacy / "tools/beta_tool.py",
        lambda s: s.replace(
            '    if args.get("raw"):\n',
            '    if args.get("raw") == 2:\n        return {"query": query}\n'
            '    if args.get("raw"):\n',
        ),
    )
    code, out, _ = _lint(legacy, capsys)
    assert code == 1
    found = _finding_lines(out)
    assert len(found) == 1 and " HD101 " in found[0] and found[0].startswith("tools/beta_tool.py")


def test_a_fixed_finding_is_counted_as_gone(
    legacy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _edit(
        legacy / "tools/alpha_tool.py",
        lambda s: s.replace('return {"query": query}', 'return json.dumps({"query": query})'),
    )
    code, out, err = _lint(legacy, capsys)
    assert (code, _finding_lines(out)) == (0, [])
    assert err == "1 baselined finding is gone: run --write-baseline to drop them\n"
    # Rewriting drops the entry: the baseline only shrinks.
    before = json.loads((legacy / baseline.DEFAULT_FILE).read_text())["findings"]
    assert _lint(legacy, capsys, write_baseline="")[0] == 0
    after = json.loads((legacy / baseline.DEFAULT_FILE).read_text())["findings"]
    assert len(after) == len(before) - 1
    assert next(e for e in before if e not in after)["code"] == "HD101"
    assert "gone" not in _lint(legacy, capsys)[2]


MANY_WAYS = {
    "tools/sync_tool.py": """\
import json
from tools.registry import registry


def _pull(remote):
    if not remote:
        raise ValueError("remote is required")
    if remote.startswith("ssh:"):
        raise PermissionError("no ssh key")
    return remote


def sync(args, **kw):
    return json.dumps({"pulled": _pull(args.get("remote"))})


registry.register(name="sync", toolset="t", schema={}, handler=sync)
""",
}


def test_one_place_is_one_entry_and_older_entries_of_it_still_match(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = make_root(tmp_path, MANY_WAYS)
    assert _lint(root, capsys, select=["HD102"], write_baseline="")[0] == 0
    path = root / baseline.DEFAULT_FILE
    doc = json.loads(path.read_text())
    (entry,) = doc["findings"]  # the call that can raise two exceptions: one finding, one entry
    assert (entry["code"], entry["occurrence"]) == ("HD102", 0)
    # A baseline from before findings were merged holds an entry per exception at the place:
    # the first still matches the one finding, the other is reported gone.
    doc["findings"].append({**entry, "occurrence": 1})
    path.write_text(json.dumps(doc))
    code, out, err = _lint(root, capsys, select=["HD102"])
    assert (code, _finding_lines(out)) == (0, [])
    assert err == "1 baselined finding is gone: run --write-baseline to drop them\n"


def test_gone_counts_only_what_the_run_could_see(
    legacy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # One file linted (as pre-commit does): the other file's entries are not gone; nor are
    # the entries of rules that did not run.
    code, out, err = _lint(legacy, capsys, "tools/alpha_tool.py")
    assert (code, _finding_lines(out), err) == (0, [], "")
    assert _lint(legacy, capsys, select=["HD1"])[2] == ""
    (legacy / "tools/beta_tool.py").unlink()
    assert _lint(legacy, capsys, "tools/alpha_tool.py")[2] == ""
    err = _lint(legacy, capsys)[2]
    assert (
        err == f"{LEGACY_FINDINGS} baselined findings are gone: run --write-baseline to drop them\n"
    )


def test_writing_for_some_files_keeps_the_other_files_entries(
    legacy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _edit(
        legacy / "tools/alpha_tool.py",
        lambda s: s.replace('return {"query": query}', 'return json.dumps({"query": query})'),
    )
    assert _lint(legacy, capsys, "tools/alpha_tool.py", write_baseline="")[0] == 0
    entries = json.loads((legacy / baseline.DEFAULT_FILE).read_text())["findings"]
    assert sum(e["path"] == "tools/beta_tool.py" for e in entries) == LEGACY_FINDINGS
    assert sum(e["path"] == "tools/alpha_tool.py" for e in entries) == LEGACY_FINDINGS - 1


# -- the file ----------------------------------------------------------------------------------------


def test_baseline_file_is_sorted_stable_and_keyed_by_content(
    legacy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = legacy / baseline.DEFAULT_FILE
    text = path.read_text()
    doc = json.loads(text)
    assert doc["format"] == "hermes-dev-baseline" and doc["version"] == 1
    entries = doc["findings"]
    assert len(entries) == LEGACY_FINDINGS * len(TOOLS)
    keys = [tuple(e[f] for f in ("code", "path", "tool", "hash", "occurrence")) for e in entries]
    assert keys == sorted(keys)
    assert all(set(e) == {"code", "path", "tool", "hash", "occurrence"} for e in entries)
    assert '"line"' not in text
    # Written again after lines moved: byte for byte the same file.
    _edit(legacy / "tools/alpha_tool.py", lambda s: "\n\n# moved\n" + s)
    assert _lint(legacy, capsys, write_baseline="")[0] == 0
    assert path.read_text() == text


def test_flag_and_config_name_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = make_root(tmp_path, {"tools/alpha_tool.py": LEGACY.replace("NAME", "alpha")})
    with pytest.raises(UserError, match="--write-baseline .*b.json"):
        _lint(root, capsys, write_baseline=str(root / "ci" / "b.json"))  # no such folder
    (root / "ci").mkdir()
    assert _lint(root, capsys, write_baseline=str(root / "ci" / "b.json"))[0] == 0
    assert not (root / baseline.DEFAULT_FILE).exists()
    assert _lint(root, capsys)[0] == 1  # no default file, no setting: everything is reported
    assert _lint(root, capsys, baseline=str(root / "ci" / "b.json"))[0] == 0
    (root / "pyproject.toml").write_text('[tool.hermes-dev]\nbaseline = "ci/b.json"\n')
    assert _lint(root, capsys)[0] == 0
    # --write-baseline alone writes the configured file.
    _edit(
        root / "tools/alpha_tool.py", lambda s: s.replace("raise ValueError", "return tool_error")
    )
    assert _lint(root, capsys, write_baseline="")[0] == 0
    assert len(json.loads((root / "ci" / "b.json").read_text())["findings"]) == LEGACY_FINDINGS - 1


def test_json_and_sarif_mark_baselined_findings(
    legacy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (legacy / "tools/gamma_tool.py").write_text(LEGACY.replace("NAME", "gamma"), encoding="utf-8")
    code, out, _ = _lint(legacy, capsys, fmt="json")
    assert code == 1
    items = json.loads(out)
    assert len(items) == LEGACY_FINDINGS and all("baselined" not in i for i in items)
    code, out, _ = _lint(legacy, capsys, fmt="json", show_baselined=True)
    assert code == 1  # baselined findings are listed, not counted
    items = json.loads(out)
    assert len(items) == LEGACY_FINDINGS * 3
    assert sorted({(i["path"], i["baselined"]) for i in items}) == [
        ("tools/alpha_tool.py", True),
        ("tools/beta_tool.py", True),
        ("tools/gamma_tool.py", False),
    ]
    code, out, _ = _lint(legacy, capsys, fmt="sarif", show_baselined=True)
    results = json.loads(out)["runs"][0]["results"]
    states = [
        (r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], r["baselineState"])
        for r in results
    ]
    assert len(states) == LEGACY_FINDINGS * 3
    assert {s for p, s in states if "gamma" in p} == {"new"}
    assert {s for p, s in states if "gamma" not in p} == {"unchanged"}
    code, out, _ = _lint(legacy, capsys, fmt="sarif")
    results = json.loads(out)["runs"][0]["results"]
    assert [r["baselineState"] for r in results] == ["new"] * LEGACY_FINDINGS


# -- untrusted input -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "not JSON"),
        ("{", "not JSON"),
        ("[]", "not a hermes-dev baseline"),
        ('{"format": "hermes-dev-baseline", "version": 2, "findings": []}', "version 2"),
        ('{"format": "hermes-dev-baseline", "version": true, "findings": []}', "version True"),
        ('{"format": "hermes-dev-baseline", "version": 1}', '"findings" must be a list'),
        ('{"format": "hermes-dev-baseline", "version": 1, "findings": [1]}', "entry 0"),
        (
            (
                '{"format": "hermes-dev-baseline", "version": 1, "findings": [{"code": "HD101",'
                ' "path": "a", "tool": "", "hash": "x", "occurrence": -1}]}'
            ),
            "entry 0: occurrence",
        ),
        ("<<<<<<< HEAD\n{}\n=======\n", "not JSON"),
    ],
)
def test_a_malformed_baseline_is_one_line_and_exit_2(legacy: Path, text: str, why: str) -> None:
    (legacy / baseline.DEFAULT_FILE).write_text(text)
    proc = _cli(legacy, "lint")
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
    assert proc.stderr.startswith("hermes-dev: error: baseline ") and why in proc.stderr


def test_a_missing_baseline_file_is_exit_2(legacy: Path) -> None:
    proc = _cli(legacy, "lint", "--baseline", "nope.json")
    assert proc.returncode == 2 and "nope.json: no such file" in proc.stderr


@given(st.binary(max_size=300))
@settings(max_examples=120, deadline=None)
def test_loader_never_crashes_on_bytes(data: bytes) -> None:
    try:
        baseline.parse(data, "b.json")
    except UserError as exc:
        assert "\n" not in str(exc)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=20,
)
ENTRY = st.fixed_dictionaries(
    {
        "code": st.text(max_size=6) | JSON_VALUES,
        "path": st.text(max_size=6) | JSON_VALUES,
        "tool": st.text(max_size=6) | JSON_VALUES,
        "hash": st.text(max_size=6) | JSON_VALUES,
        "occurrence": st.integers() | JSON_VALUES,
    },
    optional={"extra": JSON_VALUES},
)


@given(
    st.fixed_dictionaries(
        {},
        optional={
            "format": st.just("hermes-dev-baseline") | JSON_VALUES,
            "version": st.just(1) | JSON_VALUES,
            "findings": st.lists(ENTRY | JSON_VALUES, max_size=4) | JSON_VALUES,
        },
    )
    | JSON_VALUES
)
@settings(max_examples=100, deadline=None)
def test_loader_never_crashes_on_json(doc: object) -> None:
    data = json.dumps(doc).encode()
    try:
        loaded = baseline.parse(data, "b.json")
    except UserError as exc:
        assert "\n" not in str(exc)
        return
    # What loads is exactly what a baseline holds.
    assert isinstance(doc, dict) and doc["version"] == 1
    for code, path, tool, digest, occurrence in loaded.keys:
        assert all(isinstance(v, str) for v in (code, path, tool, digest))
        assert type(occurrence) is int and occurrence >= 0


def test_write_baseline_never_overwrites_another_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = make_root(tmp_path, {"tools/alpha_tool.py": LEGACY.replace("NAME", "alpha")})
    notes = root / "notes.json"
    notes.write_text('{"mine": true}\n')
    with pytest.raises(UserError, match="not a hermes-dev baseline; not overwriting it"):
        _lint(root, capsys, write_baseline=str(notes))
    assert notes.read_text() == '{"mine": true}\n'
    source = (root / "tools/alpha_tool.py").read_text()
    with pytest.raises(UserError, match="not a baseline file name"):
        _lint(root, capsys, write_baseline=str(root / "tools/alpha_tool.py"))
    assert (root / "tools/alpha_tool.py").read_text() == source
    # A damaged baseline (a merge conflict) is rewritten whole.
    damaged = root / baseline.DEFAULT_FILE
    damaged.write_text('<<<<<<< HEAD\n{"format": "hermes-dev-baseline"\n')
    assert _lint(root, capsys, write_baseline="")[0] == 0
    assert baseline.load(str(damaged)).keys


# -- the command line --------------------------------------------------------------------------


def _cli(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HERMES_DEV_NO_CACHE": "1"}
    repo = str(Path(__file__).resolve().parents[2])
    env["PYTHONPATH"] = repo + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run(
        [sys.executable, "-m", "hermes_dev", *args],
        capture_output=True,
        text=True,
        cwd=root,
        env=env,
        timeout=300,
        check=False,
    )


CLICK_CASES = (
    (["--write-baseline"], [], None, "", False),
    (["--write-baseline", "b.json"], [], None, "b.json", False),
    (["--write-baseline=b.json", "tools"], ["tools"], None, "b.json", False),
    (["tools", "--write-baseline", "--show-baselined"], ["tools"], None, "", True),
    (["--write-baseline", "--", "tools"], ["tools"], None, "", False),
    (["--baseline", "b.json", "x.py"], ["x.py"], "b.json", None, False),
)


@pytest.mark.parametrize(("args", "paths", "base", "write", "show"), CLICK_CASES)
def test_fast_path_parses_the_baseline_flags_as_click_does(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
    paths: list[str],
    base: str | None,
    write: str | None,
    show: bool,
) -> None:
    from hermes_dev.cli.lint import command

    parsed = fast_parse(args)
    assert parsed is not None
    fast_paths, values = parsed
    assert (fast_paths, values["baseline"], values["write_baseline"]) == (paths, base, write)
    assert values["show_baselined"] is show
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tools").mkdir()
    (tmp_path / "x.py").write_text("")
    params = command.make_context("lint", list(args)).params  # parsed, not run
    assert (list(params["paths"]), params["baseline"], params["write_baseline"]) == (
        paths,
        base,
        write,
    )
    assert params["show_baselined"] is show


def test_pre_commit_run_with_a_baseline_does_not_import_click(legacy: Path) -> None:
    code = (
        "import sys\n"
        "from hermes_dev.cli.fastpath import run_fast\n"
        "rc = run_fast(['tools/alpha_tool.py'])\n"
        "assert 'click' not in sys.modules, 'click imported'\n"
        "assert rc == 0, rc\n"
        "rc = run_fast(['--baseline', '.hermes-dev-baseline.json', '--show-baselined',"
        " '--format', 'json', 'tools/alpha_tool.py'])\n"
        "assert 'click' not in sys.modules, 'click imported'\n"
        "assert rc == 0, rc\n"
    )
    env = {**os.environ, "HERMES_DEV_NO_CACHE": "1"}
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[2])
    proc = subprocess.run(
        [sys.executable, "-c", code],
        cwd=legacy,
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert '"baselined": true' in proc.stdout


def test_cli_adoption_in_three_commands(tmp_path: Path) -> None:
    root = make_root(tmp_path, {f"tools/{n}_tool.py": LEGACY.replace("NAME", n) for n in TOOLS})
    assert _cli(root, "lint").returncode == 1
    wrote = _cli(root, "lint", "--write-baseline")
    assert wrote.returncode == 0 and wrote.stdout == ""
    assert f"recorded {LEGACY_FINDINGS * len(TOOLS)} findings" in wrote.stderr
    clean = _cli(root, "lint")
    assert clean.returncode == 0, clean.stdout
    # click's path (an option the fast path leaves to it) agrees.
    slow = _cli(root, "lint", "--", "tools")
    assert slow.returncode == 0, slow.stdout


# -- a host of many modules ----------------------------------------------------------------------


def test_many_modules_write_lint_then_one_new_violation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from bench.hermes_tree import build

    # The benchmark's tree at about a quarter of its real size (every module shape twice, 16
    # tool modules and 8 helpers: ~18,500 lines); bench/lint.py runs the full 78,000, and
    # tests/lint/test_bench_tree.py lints it whole.
    assert build(tmp_path, modules=16, helpers=8)["lines"] >= 18_000
    tools = tmp_path / "tools"
    dict_error = 'return {"error": "query is required"}'
    # Legacy violations: handlers returning a dict, env vars setup does not know.
    for index in range(8):
        _edit(
            tools / f"svc{index:03d}_tool.py",
            lambda s: s.replace('return tool_error("query is required")', dict_error),
        )
    for index in (10, 12):
        _edit(
            tools / f"svc{index:03d}_tool.py",
            lambda s, i=index: s.replace(f'["SVC{i:03d}_API_KEY"]', f'["SVC{i:03d}_TOKEN"]'),
        )
    code, out, _ = _lint(tmp_path, capsys)
    legacy = _finding_lines(out)
    assert code == 1 and len(legacy) >= 5
    assert {line.split()[1] for line in legacy} >= {"HD101", "HD303"}

    assert _lint(tmp_path, capsys, write_baseline="")[0] == 0
    code, out, err = _lint(tmp_path, capsys)
    assert (code, _finding_lines(out), err) == (0, [], "")

    # Everything moves down 50 lines: still nothing new.
    padding = "".join(f"# padding {i}\n" for i in range(50))
    for path in tools.rglob("*.py"):
        path.write_text(padding + path.read_text(encoding="utf-8"), encoding="utf-8")
    code, out, err = _lint(tmp_path, capsys)
    assert (code, _finding_lines(out), err) == (0, [], "")

    # One new violation, identical in text to the legacy ones, in a handler that had none.
    new_module = tools / "svc009_tool.py"
    _edit(new_module, lambda s: s.replace('return tool_error("query is required")', dict_error))
    line = new_module.read_text().split("\n").index("        " + dict_error) + 1
    code, out, err = _lint(tmp_path, capsys)
    assert code == 1
    assert _finding_lines(out) == [
        (
            f"tools/svc009_tool.py:{line}:9: HD101 [*] `svc009_lookup` returns a dict, not a JSON"
            " string; use json.dumps(...), tool_result(...) or tool_error(...) [svc009_lookup]"
        )
    ]
    assert err == ""


# -- with --fix and --diff -------------------------------------------------------------------------


def test_fix_and_diff_leave_baselined_findings_alone(
    legacy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The legacy dict returns have a safe fix, but they are recorded: --diff in CI stays green.
    code, out, err = _lint(legacy, capsys, diff=True)
    assert (code, out) == (0, "") and "No fixes available" in err
    (legacy / "tools/gamma_tool.py").write_text(LEGACY.replace("NAME", "gamma"), encoding="utf-8")
    code, out, _ = _lint(legacy, capsys, diff=True)
    assert code == 1
    # gamma's fixes only: its dict return (its new toolset entry is an unsafe fix)
    assert re.findall(r"^\+\+\+ (\S+)", out, flags=re.MULTILINE) == ["b/tools/gamma_tool.py"]
    # --no-baseline: every finding, and every fix (with HD301's new entries, unsafe ones).
    code, out, _ = _lint(legacy, capsys, diff=True, no_baseline=True, unsafe_fixes=True)
    assert code == 1
    assert sorted(re.findall(r"^\+\+\+ (\S+)", out, flags=re.MULTILINE)) == [
        *(f"b/tools/{name}_tool.py" for name in ("alpha", "beta", "gamma")),
        "b/toolsets.py",
    ]
    alpha = (legacy / "tools/alpha_tool.py").read_text()
    code, out, _ = _lint(legacy, capsys, fix=True, unsafe_fixes=True)
    assert (legacy / "tools/alpha_tool.py").read_text() == alpha  # baselined: not touched
    assert 'return json.dumps({"query": query})' in (legacy / "tools/gamma_tool.py").read_text()
    assert " HD101 " not in out and " HD301 " not in out
    code, out, _ = _lint(legacy, capsys, no_baseline=True)
    assert [line.split(":")[0] for line in _finding_lines(out) if " HD101 " in line] == [
        "tools/alpha_tool.py",
        "tools/beta_tool.py",
    ]
