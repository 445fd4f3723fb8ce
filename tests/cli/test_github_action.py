"""The GitHub Action (action.yml): it parses, its steps call hermes-dev with the documented
flags, and its lint steps, run as the runner runs them, annotate new findings only."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from hermes_dev.lint.options import LINT_OPTIONS
from tests.lint.support import make_root

REPO = Path(__file__).resolve().parents[2]
ACTION = REPO / "action.yml"
INPUTS = {"version", "paths", "baseline", "args", "sarif-file", "upload-sarif", "python-version"}

LEGACY = """\
import json

from tools.registry import registry


def ping(args, **kw):
    return {"pong": True}


registry.register(name="NAME", toolset="t", schema={}, handler=ping)
"""


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


def _lint_step(fmt: str) -> dict[str, object]:
    found = [s for s in _steps() if f"--format {fmt}" in str(s.get("run", ""))]
    assert len(found) == 1, fmt
    return found[0]


def test_action_parses_with_the_documented_inputs() -> None:
    action = _action()
    inputs = action["inputs"]
    assert isinstance(inputs, dict) and set(inputs) == INPUTS
    assert all(isinstance(v, dict) and v.get("description") for v in inputs.values())
    assert inputs["version"]["default"] == ""  # the action's own source
    assert inputs["upload-sarif"]["default"] == "false"
    outputs = action["outputs"]
    assert isinstance(outputs, dict) and "sarif-file" in outputs
    for step in _steps():
        assert "run" not in step or step["shell"] == "bash"
        # Inputs reach scripts through env only: never `${{ ... }}` inside a script.
        assert "${{" not in str(step.get("run", ""))


def test_install_step_takes_version_or_the_actions_own_source() -> None:
    [install] = [s for s in _steps() if "pip install" in str(s.get("run", ""))]
    env = install["env"]
    assert isinstance(env, dict)
    assert env["HERMES_DEV_VERSION"] == "${{ inputs.version }}"
    assert env["HERMES_DEV_SOURCE"] == "${{ github.action_path }}"
    script = str(install["run"])
    assert '"hermes-dev==$HERMES_DEV_VERSION"' in script and '"$HERMES_DEV_SOURCE"' in script


def test_lint_steps_call_hermes_dev_with_the_documented_flags() -> None:
    flags = {opt.flag for opt in LINT_OPTIONS}
    for fmt, expected in (
        ("sarif", {"--baseline", "--format", "--output", "--exit-zero"}),
        ("github", {"--baseline", "--format"}),
    ):
        step = _lint_step(fmt)
        calls = [line for line in str(step["run"]).splitlines() if "hermes-dev lint" in line]
        assert len(calls) == 1
        used = set(re.findall(r"--[a-z-]+", str(step["run"])))
        assert used == expected
        assert used <= flags  # every flag the action passes is one `lint` has
        env = step["env"]
        assert isinstance(env, dict)
        assert env["HERMES_DEV_PATHS"] == "${{ inputs.paths }}"
        assert env["HERMES_DEV_BASELINE"] == "${{ inputs.baseline }}"
        assert env["HERMES_DEV_ARGS"] == "${{ inputs.args }}"
    # SARIF is written (and uploaded) before the annotations step gives the verdict.
    order = [str(s.get("name")) for s in _steps()]
    upload = next(i for i, s in enumerate(_steps()) if "upload-sarif" in str(s.get("uses", "")))
    assert order.index(str(_lint_step("sarif")["name"])) < upload
    assert upload < order.index(str(_lint_step("github")["name"]))


def _run_step(
    step: dict[str, object], inputs: dict[str, str], cwd: Path, bin_dir: Path, output: Path
) -> subprocess.CompletedProcess[str]:
    """Run a step's script as the runner does: bash -eo pipefail, inputs through env."""
    env = {**os.environ, "HERMES_DEV_NO_CACHE": "1", "GITHUB_OUTPUT": str(output)}
    env["PATH"] = f"{bin_dir}{os.pathsep}{env['PATH']}"
    env["PYTHONPATH"] = str(REPO)
    env["GITHUB_WORKSPACE"] = str(cwd)
    action_inputs = _action()["inputs"]
    assert isinstance(action_inputs, dict)
    values = {name: str(spec.get("default", "")) for name, spec in action_inputs.items()}
    values.update(inputs)
    step_env = step["env"]
    assert isinstance(step_env, dict)
    for name, expr in step_env.items():
        match = re.fullmatch(r"\$\{\{ inputs\.([a-z-]+) \}\}", str(expr))
        assert match, expr
        env[name] = values[match.group(1)]
    return subprocess.run(
        ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", str(step["run"])],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_lint_steps_annotate_only_new_findings(tmp_path: Path) -> None:
    root = make_root(tmp_path / "repo", {"tools/old_tool.py": LEGACY.replace("NAME", "old")})
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    shim = bin_dir / "hermes-dev"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m hermes_dev "$@"\n')
    shim.chmod(0o755)
    env = {**os.environ, "PYTHONPATH": str(REPO), "HERMES_DEV_NO_CACHE": "1"}
    (root / "ci").mkdir()
    subprocess.run(
        [sys.executable, "-m", "hermes_dev", "lint", "--write-baseline", "ci/baseline.json"],
        cwd=root,
        env=env,
        check=True,
        capture_output=True,
        timeout=300,
    )
    (root / "tools/new_tool.py").write_text(LEGACY.replace("NAME", "new"))
    inputs = {"baseline": "ci/baseline.json", "paths": "tools", "args": "--select HD1"}
    output = tmp_path / "github_output"

    sarif = _run_step(_lint_step("sarif"), inputs, root, bin_dir, output)
    assert sarif.returncode == 0, sarif.stderr
    assert output.read_text() == "sarif-file=hermes-dev.sarif\n"
    results = json.loads((root / "hermes-dev.sarif").read_text())["runs"][0]["results"]
    assert [
        (r["ruleId"], r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"])
        for r in results
    ] == [("HD101", "tools/new_tool.py")]
    assert results[0]["baselineState"] == "new"

    annotations = _run_step(_lint_step("github"), inputs, root, bin_dir, output)
    assert annotations.returncode == 1, annotations.stderr
    lines = annotations.stdout.splitlines()
    assert len(lines) == 1 and lines[0].startswith("::error file=tools/new_tool.py,line=7,")

    # Without the new tool: nothing to annotate, the step passes.
    (root / "tools/new_tool.py").unlink()
    clean = _run_step(_lint_step("github"), inputs, root, bin_dir, output)
    assert (clean.returncode, clean.stdout) == (0, ""), clean.stderr
    # A usage error fails the SARIF step (exit 2), not silently.
    bad = _run_step(_lint_step("sarif"), {**inputs, "baseline": "nope.json"}, root, bin_dir, output)
    assert bad.returncode == 2 and "nope.json" in bad.stderr


def _readme_workflows() -> list[dict[str, object]]:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```yaml\n(.*?)```", text, flags=re.DOTALL)
    docs = [yaml.safe_load(block) for block in blocks if "jobs:" in block]
    return [d for d in docs if isinstance(d, dict)]


def test_readme_workflow_uses_the_action_with_its_inputs() -> None:
    [workflow] = _readme_workflows()
    inputs = set(_action()["inputs"])  # type: ignore[call-overload]
    steps = workflow["jobs"]["lint"]["steps"]  # type: ignore[index]
    [uses] = [s for s in steps if "hermes-dev@" in str(s.get("uses", ""))]
    assert set(uses.get("with", {})) <= inputs
    assert any("hermes-dev lint --diff" in str(s.get("run", "")) for s in steps)


def test_repository_workflow_runs_its_own_action() -> None:
    workflow = yaml.safe_load((REPO / ".github/workflows/hermes-dev.yml").read_text())
    steps = workflow["jobs"]["lint"]["steps"]
    [own] = [s for s in steps if s.get("uses") == "./"]
    assert set(own.get("with", {})) <= set(_action()["inputs"])  # type: ignore[call-overload]
