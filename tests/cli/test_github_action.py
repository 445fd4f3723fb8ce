"""The GitHub Action (action.yml): it parses, its third-party actions are pinned, and its steps,
run as the runner runs them (bash -eo pipefail, inputs through env), install the right
hermes-dev, lint once, annotate new findings only, and let no input inject an option into lint
or make it write outside the workspace."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml

from hermes_dev.cli import github_action
from hermes_dev.errors import UserError
from tests.lint.support import make_root

REPO = Path(__file__).resolve().parents[2]
ACTION = REPO / "action.yml"
INPUTS = {"version", "paths", "baseline", "args", "sarif-file", "upload-sarif", "python-version"}
PINNED = re.compile(r"[\w.-]+/[\w./-]+@[0-9a-f]{40}")

LEGACY = """\
import json

from tools.registry import registry


def ping(args, **kw):
    return {"pong": True}


registry.register(name="NAME", toolset="t", schema={}, handler=ping)
"""
needs_bash = pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")


def _action() -> dict[str, object]:
    doc = yaml.safe_load(ACTION.read_text(encoding="utf-8"))
    assert isinstance(doc, dict)
    return doc


def _steps() -> list[dict[str, object]]:
    runs = _action()["runs"]
    assert isinstance(runs, dict) and runs["using"] == "composite"
    steps = runs["steps"]
    assert isinstance(steps, list)
    return steps


def _step(key: str, value: str) -> dict[str, object]:
    found = [s for s in _steps() if value in str(s.get(key, ""))]
    assert len(found) == 1, value
    return found[0]


def test_action_parses_with_the_documented_inputs() -> None:
    action = _action()
    inputs = action["inputs"]
    assert isinstance(inputs, dict) and set(inputs) == INPUTS
    assert all(isinstance(v, dict) and v.get("description") for v in inputs.values())
    assert inputs["version"]["default"] == ""  # the action's own source
    assert inputs["upload-sarif"]["default"] == "false"
    outputs = action["outputs"]
    assert isinstance(outputs, dict) and set(outputs) == {"sarif-file", "exit-code"}
    for step in _steps():
        assert "run" not in step or step["shell"] == "bash"
        # Inputs reach scripts through env only: never `${{ ... }}` inside a script.
        assert "${{" not in str(step.get("run", ""))


def test_third_party_actions_are_pinned_by_commit_with_the_tag_in_a_comment() -> None:
    text = ACTION.read_text(encoding="utf-8")
    uses = re.findall(r"uses: (\S+)(.*)", text)
    assert {u.split("@")[0] for u, _ in uses} == {
        "actions/setup-python",
        "actions/cache",
        "github/codeql-action/upload-sarif",
    }
    for action, comment in uses:
        assert PINNED.fullmatch(action), action
        assert re.fullmatch(r" # v\d+(\.\d+)*", comment), (action, comment)


def test_lint_runs_once_and_both_reports_come_from_it() -> None:
    runs = [str(s.get("run", "")) for s in _steps()]
    assert sum("hermes-dev lint" in r or "github_action lint" in r for r in runs) == 1
    lint, annotate = _step("run", "github_action lint"), _step("run", "github_action annotate")
    assert lint["id"] == "lint"
    assert annotate["env"] == {  # type: ignore[comparison-overlap]
        "HERMES_DEV_SARIF": "${{ steps.lint.outputs.sarif-file }}",
        "HERMES_DEV_EXIT_CODE": "${{ steps.lint.outputs.exit-code }}",
    }
    upload = _step("uses", "upload-sarif")
    order = [s.get("name") for s in _steps()]
    assert order.index(lint["name"]) < order.index(upload["name"]) < order.index(annotate["name"])
    assert upload["with"]["sarif_file"] == "${{ steps.lint.outputs.sarif-file }}"  # type: ignore[index]


# -- running the steps' scripts as the runner does ----------------------------------------------


def _bin(tmp_path: Path, record: Path | None = None) -> Path:
    """A PATH folder: `hermes-dev` and `python` run this checkout; `python -m pip ...` is only
    recorded (to `record`) when given."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    pip = (
        f'if [ "$1 $2" = "-m pip" ] && [ "$3" != "cache" ]; then printf "%s\\n" "$@" > "{record}";'
        " exit 0; fi\n"
        if record is not None
        else ""
    )
    (bin_dir / "python").write_text(f'#!/bin/sh\n{pip}exec "{sys.executable}" "$@"\n')
    (bin_dir / "hermes-dev").write_text(f'#!/bin/sh\nexec "{sys.executable}" -m hermes_dev "$@"\n')
    for shim in ("python", "hermes-dev"):
        (bin_dir / shim).chmod(0o755)
    return bin_dir


def _run_step(
    step: dict[str, object],
    inputs: dict[str, str],
    cwd: Path,
    bin_dir: Path,
    output: Path,
    context: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """Run a step's script as the runner does: bash -eo pipefail, inputs through env."""
    env = {**os.environ, "GITHUB_OUTPUT": str(output), "RUNNER_OS": "Linux"}
    env["PATH"] = f"{bin_dir}{os.pathsep}{env['PATH']}"
    env["PYTHONPATH"] = str(REPO)
    env["GITHUB_WORKSPACE"] = str(cwd)
    action_inputs = _action()["inputs"]
    assert isinstance(action_inputs, dict)
    values = {name: str(spec.get("default", "")) for name, spec in action_inputs.items()}
    values.update(inputs)
    known = {f"inputs.{k}": v for k, v in values.items()}
    known.update({"github.action_path": str(REPO), "github.action_repository": ""})
    known.update(context or {})
    step_env = step.get("env", {})
    assert isinstance(step_env, dict)
    for name, expr in step_env.items():
        match = re.fullmatch(r"\$\{\{ ([a-z_.-]+) \}\}", str(expr))
        assert match, expr
        env[name] = known[match.group(1)]
    return subprocess.run(
        ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", str(step["run"])],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def _outputs(path: Path) -> dict[str, str]:
    """$GITHUB_OUTPUT as the runner reads it; every entry must use the delimiter syntax."""
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    found: dict[str, str] = {}
    lines = text.split("\n")
    i = 0
    while i < len(lines) and lines[i]:
        header = re.fullmatch(r"([a-z-]+)<<(ghadelimiter_[0-9a-f]{32})", lines[i])
        assert header, f"not the multi-line syntax: {lines[i]!r}"
        end = lines.index(header.group(2), i + 1)
        found[header.group(1)] = "\n".join(lines[i + 1 : end])
        i = end + 1
    return found


@needs_bash
def test_pip_cache_is_keyed_on_the_actions_own_pyproject(tmp_path: Path) -> None:
    step = _step("id", "pip")
    out = tmp_path / "out"
    done = _run_step(step, {}, tmp_path, _bin(tmp_path), out)
    assert done.returncode == 0, done.stderr
    found = _outputs(out)
    digest = hashlib.sha256((REPO / "pyproject.toml").read_bytes()).hexdigest()
    assert digest in found["key"] and found["key"].startswith("hermes-dev-pip-Linux-py3.")
    assert found["dir"]
    # Another version input: another key (what pip downloads differs).
    again = tmp_path / "again"
    _run_step(step, {"version": "v9.9.9"}, tmp_path, _bin(tmp_path), again)
    assert _outputs(again)["key"] != found["key"] and digest in _outputs(again)["key"]
    cache = _step("uses", "actions/cache@")
    assert cache["with"] == {  # type: ignore[comparison-overlap]
        "path": "${{ steps.pip.outputs.dir }}",
        "key": "${{ steps.pip.outputs.key }}",
    }


@needs_bash
@pytest.mark.parametrize(
    ("version", "repository", "spec"),
    [
        ("", "", str(REPO)),
        ("v0.2.0", "someone/hermes-dev", "git+https://github.com/someone/hermes-dev@v0.2.0"),
        ("0.2.0", "someone/hermes-dev", "git+https://github.com/someone/hermes-dev@v0.2.0"),
        ("3f2a9c1", "someone/hermes-dev", "git+https://github.com/someone/hermes-dev@3f2a9c1"),
        ("git+https://example.invalid/x/y@v1", "", "git+https://example.invalid/x/y@v1"),
        # No repository in the context (some runners leave it empty in composite steps):
        # the Repository URL the action's own pyproject.toml names.
        ("v0.2.0", "", "git+{url}@v0.2.0"),
    ],
)
def test_install_takes_the_actions_own_source_or_a_git_ref(
    tmp_path: Path, version: str, repository: str, spec: str
) -> None:
    url = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["urls"]["Repository"]
    record = tmp_path / "pip-args"
    step = _step("run", "pip install")
    context = {"github.action_repository": repository}
    done = _run_step(
        step, {"version": version}, tmp_path, _bin(tmp_path, record), tmp_path / "o", context
    )
    assert done.returncode == 0, done.stderr
    args = record.read_text().splitlines()
    assert args[:3] == ["-m", "pip", "install"]
    assert args[-1] == spec.format(url=url)
    assert "hermes-dev, version" in done.stdout  # then it says which one it installed


@needs_bash
@pytest.mark.parametrize("version", ["--index-url=https://example.invalid", "a b", "v1;rm -rf /"])
def test_install_refuses_a_version_that_is_no_ref(tmp_path: Path, version: str) -> None:
    record = tmp_path / "pip-args"
    done = _run_step(
        _step("run", "pip install"),
        {"version": version},
        tmp_path,
        _bin(tmp_path, record),
        tmp_path / "o",
    )
    assert done.returncode == 2
    assert done.stdout.startswith("::error title=hermes-dev::version:")
    assert not record.exists()  # pip never ran


def _legacy_root(tmp_path: Path, bin_dir: Path) -> Path:
    root = make_root(tmp_path / "repo", {"tools/old_tool.py": LEGACY.replace("NAME", "old")})
    (root / "ci").mkdir()
    env = {**os.environ, "PYTHONPATH": str(REPO), "HERMES_DEV_NO_CACHE": "1"}
    subprocess.run(
        [sys.executable, "-m", "hermes_dev", "lint", "--write-baseline", "ci/baseline.json"],
        cwd=root,
        env=env,
        check=True,
        capture_output=True,
        timeout=300,
    )
    (root / "tools/new_tool.py").write_text(LEGACY.replace("NAME", "new"))
    return root


def _lint_then_annotate(
    inputs: dict[str, str], root: Path, bin_dir: Path, output: Path
) -> tuple[subprocess.CompletedProcess[str], subprocess.CompletedProcess[str] | None]:
    lint = _run_step(_step("id", "lint"), inputs, root, bin_dir, output)
    if lint.returncode != 0:
        return lint, None
    found = _outputs(output)
    context = {f"steps.lint.outputs.{k}": v for k, v in found.items()}
    annotate = _run_step(
        _step("run", "github_action annotate"), inputs, root, bin_dir, output, context
    )
    return lint, annotate


@needs_bash
def test_lint_once_then_annotate_only_new_findings(tmp_path: Path) -> None:
    bin_dir = _bin(tmp_path)
    root = _legacy_root(tmp_path, bin_dir)
    inputs = {"baseline": "ci/baseline.json", "paths": "tools", "args": "--select HD1"}
    output = tmp_path / "github_output"

    lint = _run_step(_step("id", "lint"), inputs, root, bin_dir, output)
    assert lint.returncode == 0, lint.stderr  # findings are judged by the last step
    assert _outputs(output) == {"sarif-file": "hermes-dev.sarif", "exit-code": "1"}
    results = json.loads((root / "hermes-dev.sarif").read_text())["runs"][0]["results"]
    assert [
        (r["ruleId"], r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"])
        for r in results
    ] == [("HD101", "tools/new_tool.py")]
    assert results[0]["baselineState"] == "new"

    # The annotations come from that report, not from a second lint: with the new tool gone,
    # the report still names it.
    (root / "tools/new_tool.py").unlink()
    context = {f"steps.lint.outputs.{k}": v for k, v in _outputs(output).items()}
    annotate = _step("run", "github_action annotate")
    annotations = _run_step(annotate, inputs, root, bin_dir, output, context)
    assert annotations.returncode == 1, annotations.stderr
    lines = annotations.stdout.splitlines()
    assert len(lines) == 1 and lines[0].startswith("::error file=tools/new_tool.py,line=7,")
    assert ",title=HD101::" in lines[0]

    # Clean: nothing to annotate, the verdict passes.
    clean_out = tmp_path / "clean_output"
    lint, clean = _lint_then_annotate(inputs, root, bin_dir, clean_out)
    assert clean is not None and (clean.returncode, clean.stdout) == (0, ""), lint.stderr
    # A usage error fails the lint step (exit 2), not silently, and records nothing.
    bad_out = tmp_path / "bad_output"
    bad, _ = _lint_then_annotate({**inputs, "baseline": "nope.json"}, root, bin_dir, bad_out)
    assert bad.returncode == 2 and "nope.json" in bad.stderr
    assert _outputs(bad_out) == {}


@needs_bash
def test_baselined_results_are_not_annotated(tmp_path: Path) -> None:
    bin_dir = _bin(tmp_path)
    root = _legacy_root(tmp_path, bin_dir)
    inputs = {"baseline": "ci/baseline.json", "args": "--select HD1 --show-baselined"}
    lint, annotate = _lint_then_annotate(inputs, root, bin_dir, tmp_path / "out")
    assert annotate is not None, lint.stderr
    states = [
        r["baselineState"]
        for r in json.loads((root / "hermes-dev.sarif").read_text())["runs"][0]["results"]
    ]
    assert sorted(states) == ["new", "unchanged"]
    assert [line.split(",")[0] for line in annotate.stdout.splitlines()] == [
        "::error file=tools/new_tool.py"
    ]


@needs_bash
@pytest.mark.parametrize(
    "paths",
    [
        "--fix tools",
        "--exit-zero",
        "--output=../outside.txt tools",
        "-o ../outside.txt",
        "--write-baseline tools",
        "tools --fix",
    ],
)
def test_paths_cannot_inject_options(tmp_path: Path, paths: str) -> None:
    """Issue 20, item 12: each of these once reached lint as an option."""
    bin_dir = _bin(tmp_path)
    root = _legacy_root(tmp_path, bin_dir)
    before = {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}
    lint, annotate = _lint_then_annotate({"paths": paths}, root, bin_dir, tmp_path / "out")
    assert lint.returncode == 2, lint.stdout + lint.stderr
    assert "does not exist" in lint.stderr and lint.stderr.count("\n") == 1
    assert annotate is None
    assert {p: p.read_bytes() for p in root.rglob("*") if p.is_file()} == before
    assert not (tmp_path / "outside.txt").exists()


@needs_bash
@pytest.mark.parametrize(
    ("args", "message"),
    [
        ("--fix", "--fix is not allowed here"),
        ("--diff", "--diff is not allowed here"),
        ("-o ../outside.txt", "-o is not allowed here"),
        ("--output-file=../outside.txt", "--output-file is not allowed here"),
        ("--output ../outside.txt", "--output is not allowed here"),
        ("--write-baseline", "--write-baseline is not allowed here"),
        ("--cache-dir ../cache", "--cache-dir is not allowed here"),
        ("--output-format text", "--output-format is not allowed here"),
        ("--statistics", "--statistics is not allowed here"),
        ("--select HD1 tools", "'tools' is not an option"),
        ("--select", "--select needs a value"),
        ("--root 'unterminated", "args: No closing quotation"),
    ],
)
def test_args_are_options_that_read(tmp_path: Path, args: str, message: str) -> None:
    bin_dir = _bin(tmp_path)
    root = _legacy_root(tmp_path, bin_dir)
    before = {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}
    lint, _ = _lint_then_annotate({"args": args}, root, bin_dir, tmp_path / "out")
    assert lint.returncode == 2
    assert lint.stderr.startswith("hermes-dev: error: args: ") and message in lint.stderr
    assert lint.stderr.count("\n") == 1
    assert {p: p.read_bytes() for p in root.rglob("*") if p.is_file()} == before
    assert not (tmp_path / "outside.txt").exists() and not (tmp_path / "cache").exists()


def test_args_are_split_as_a_shell_splits_words() -> None:
    assert github_action.split_args("--select HD1,HD3 --root 'vendor/hermes agent' -v") == [
        "--select",
        "HD1,HD3",
        "--root",
        "vendor/hermes agent",
        "-v",
    ]
    with pytest.raises(UserError, match=r"'\$HOME' is not an option"):
        github_action.split_args("--select=HD1 $HOME")  # nothing is expanded
    with pytest.raises(UserError, match=r"'\*' is not an option"):
        github_action.split_args("--exit-zero *")  # nor globbed
    assert github_action.split_paths("tools  plugins/x\t*.py") == ["tools", "plugins/x", "*.py"]


@needs_bash
@pytest.mark.parametrize(
    "sarif", ["../outside.sarif", "{tmp}/outside.sarif", "link/x.sarif", "nodir/x.sarif"]
)
def test_the_sarif_report_is_written_inside_the_workspace(tmp_path: Path, sarif: str) -> None:
    bin_dir = _bin(tmp_path)
    root = _legacy_root(tmp_path, bin_dir)
    (tmp_path / "elsewhere").mkdir()
    (root / "link").symlink_to(tmp_path / "elsewhere")
    inputs = {"sarif-file": sarif.format(tmp=tmp_path)}
    lint, _ = _lint_then_annotate(inputs, root, bin_dir, tmp_path / "out")
    assert lint.returncode == 2 and lint.stderr.startswith("hermes-dev: error: sarif-file ")
    assert not list(tmp_path.glob("*.sarif")) and not list((tmp_path / "elsewhere").iterdir())
    assert _outputs(tmp_path / "out") == {}


@needs_bash
def test_an_output_with_a_newline_is_refused_or_delimited(tmp_path: Path) -> None:
    bin_dir = _bin(tmp_path)
    root = _legacy_root(tmp_path, bin_dir)
    lint, _ = _lint_then_annotate(
        {"sarif-file": "x.sarif\nexit-code=0"}, root, bin_dir, tmp_path / "o"
    )
    assert lint.returncode == 2 and "one line" in lint.stderr
    # A value holding the delimiter syntax's own shapes is still one output.
    out = tmp_path / "direct"
    os.environ["GITHUB_OUTPUT"] = str(out)
    try:
        github_action.set_output("sarif-file", "a\nexit-code<<EOF\n0\nEOF")
    finally:
        del os.environ["GITHUB_OUTPUT"]
    assert _outputs(out) == {"sarif-file": "a\nexit-code<<EOF\n0\nEOF"}


def test_annotations_escape_and_skip_what_is_not_new() -> None:
    def result(state: str | None, message: str) -> dict[str, object]:
        region = {"startLine": 3, "startColumn": 1, "endLine": 3, "endColumn": 9}
        res: dict[str, object] = {
            "ruleId": "HD101",
            "message": {"text": message},
            "locations": [
                {"physicalLocation": {"artifactLocation": {"uri": "a,b:c.py"}, "region": region}}
            ],
        }
        if state:
            res["baselineState"] = state
        return res

    log = {
        "runs": [
            {
                "results": [
                    result("new", "50%\nthen ::error::x"),
                    result("unchanged", "old"),
                    result(None, "plain"),
                    {"ruleId": "HD1"},  # not what hermes-dev writes: skipped
                ]
            }
        ]
    }
    assert github_action.workflow_annotations(log) == [
        "::error file=a%2Cb%3Ac.py,line=3,col=1,endLine=3,endColumn=9,title=HD101::"
        "50%25%0Athen ::error::x",
        "::error file=a%2Cb%3Ac.py,line=3,col=1,endLine=3,endColumn=9,title=HD101::plain",
    ]
    assert (
        github_action.workflow_annotations({"runs": "x"})
        == []
        == github_action.workflow_annotations([])
    )


def _readme() -> str:
    return (REPO / "README.md").read_text(encoding="utf-8")


def _readme_workflows() -> list[dict[str, object]]:
    blocks = re.findall(r"```yaml\n(.*?)```", _readme(), flags=re.DOTALL)
    docs = [yaml.safe_load(block) for block in blocks if "jobs:" in block]
    return [d for d in docs if isinstance(d, dict)]


def test_readme_workflow_uses_the_action_with_its_inputs() -> None:
    [workflow] = _readme_workflows()
    inputs = set(_action()["inputs"])  # type: ignore[call-overload]
    job = workflow["jobs"]["lint"]  # type: ignore[index]
    assert job["permissions"] == {
        "contents": "read",
        "security-events": "write",
        "actions": "read",
    }
    steps = job["steps"]
    [uses] = [s for s in steps if "hermes-dev@" in str(s.get("uses", ""))]
    assert uses["uses"].endswith(f"/hermes-dev@v{latest_release()}")
    assert set(uses.get("with", {})) <= inputs
    assert any("hermes-dev lint --diff" in str(s.get("run", "")) for s in steps)
    for step in steps:
        if "uses" in step and "hermes-dev@" not in step["uses"]:
            assert PINNED.fullmatch(step["uses"]), step["uses"]


def test_repository_workflow_runs_its_own_action_and_the_tests_on_3_11_to_3_13() -> None:
    workflow = yaml.safe_load((REPO / ".github/workflows/hermes-dev.yml").read_text())
    steps = workflow["jobs"]["lint"]["steps"]
    [own] = [s for s in steps if s.get("uses") == "./"]
    assert set(own.get("with", {})) <= set(_action()["inputs"])  # type: ignore[call-overload]
    test = workflow["jobs"]["test"]
    assert test["strategy"]["matrix"]["python-version"] == ["3.11", "3.12", "3.13"]
    assert any(s.get("run") == "bash .ci/run" for s in test["steps"])


def latest_release() -> str:
    """The newest release CHANGELOG.md names (the snippets pin it)."""
    import re as _re
    from pathlib import Path as _Path

    text = (_Path(__file__).resolve().parents[2] / "CHANGELOG.md").read_text(encoding="utf-8")
    return _re.findall(r"^## \[(\d+\.\d+\.\d+)\]", text, flags=_re.MULTILINE)[0]
