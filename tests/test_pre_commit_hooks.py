"""The pre-commit hooks (.pre-commit-hooks.yaml) as users paste them: the README's snippet is a
complete .pre-commit-config.yaml, and a commit that changes only a plugin manifest is checked
(run for real with `pre-commit try-repo`, where pre-commit and git are installed)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.scaffold.hosts import run_cli

REPO = Path(__file__).resolve().parents[1]
HOOKS = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))


def _readme_config() -> dict[str, object]:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```yaml\n(# \.pre-commit-config\.yaml\n.*?)```", text, flags=re.DOTALL)
    assert len(blocks) == 1, "the README shows one .pre-commit-config.yaml"
    config = yaml.safe_load(blocks[0])
    assert isinstance(config, dict)
    return config


def test_hooks_run_on_python_files_and_plugin_manifests() -> None:
    ids = [hook["id"] for hook in HOOKS]
    assert ids == ["hermes-dev-lint", "hermes-dev-lint-fix"]
    for hook in HOOKS:
        assert hook["language"] == "python" and hook["require_serial"] is True
        assert hook["types_or"] == ["python", "yaml"]
        pattern = re.compile(hook["files"])
        for path in ("tools/x_tool.py", "plugins/dice/plugin.yaml", "hermes_plugin_x/plugin.yml"):
            assert pattern.search(path), path
        for path in (".github/workflows/ci.yml", "notplugin.yaml", "README.md"):
            assert not pattern.search(path), path
    assert HOOKS[0]["entry"] == "hermes-dev lint"
    assert HOOKS[1]["entry"] == "hermes-dev lint --fix"


def test_readme_snippet_is_a_complete_config_of_this_repository_at_the_release_tag() -> None:
    config = _readme_config()
    [repo] = config["repos"]  # type: ignore[index]
    assert repo["repo"].startswith("https://github.com/") and repo["repo"].endswith("/hermes-dev")
    assert repo["rev"] == f"v{latest_release()}"
    assert {hook["id"] for hook in repo["hooks"]} <= {hook["id"] for hook in HOOKS}


needs_pre_commit = pytest.mark.skipif(
    shutil.which("git") is None
    or subprocess.run(
        [sys.executable, "-m", "pre_commit", "--version"], capture_output=True, check=False
    ).returncode
    != 0,
    reason="needs git and pre-commit (pip install pre-commit)",
)


@needs_pre_commit
def test_try_repo_blocks_a_manifest_only_commit_that_breaks_hd401(tmp_path: Path) -> None:
    """pre-commit installs this checkout as the hook repository (its working tree as it is)
    and runs the README's hook on a commit that changes only plugin.yaml."""
    pkg = tmp_path / "hermes-plugin-wx"
    code, _, err = run_cli("new-plugin", "wx", "--standalone", str(pkg), "--yes")
    assert code == 0, err
    env = {
        **os.environ,
        "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"),
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.invalid",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.invalid",
    }
    env.pop("PYTHONPATH", None)

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            args, cwd=pkg, env=env, capture_output=True, text=True, timeout=600, check=False
        )

    for args in (("init", "-q"), ("add", "-A"), ("commit", "-qm", "plugin")):
        assert run("git", *args).returncode == 0
    [hook] = _readme_config()["repos"][0]["hooks"]  # type: ignore[index]
    manifest = pkg / "hermes_plugin_wx" / "plugin.yaml"
    manifest.write_text(
        manifest.read_text(encoding="utf-8").replace("kind: standalone", "kind: 12"),
        encoding="utf-8",
    )
    assert run("git", "add", "hermes_plugin_wx/plugin.yaml").returncode == 0
    blocked = run(sys.executable, "-m", "pre_commit", "try-repo", str(REPO), hook["id"])
    assert blocked.returncode == 1, blocked.stdout + blocked.stderr
    assert "hermes_plugin_wx/plugin.yaml:5:7: HD401 plugin.yaml: kind 12 is not one of" in (
        blocked.stdout
    )
    # The same commit with a valid manifest passes (the hook ran: "Passed", not "Skipped").
    manifest.write_text(
        manifest.read_text(encoding="utf-8").replace("kind: 12", "kind: standalone"),
        encoding="utf-8",
    )
    (pkg / "hermes_plugin_wx" / "plugin.yaml").write_text(
        manifest.read_text(encoding="utf-8").replace('version: "0.1.0"', 'version: "0.1.1"'),
        encoding="utf-8",
    )
    assert run("git", "add", "hermes_plugin_wx/plugin.yaml").returncode == 0
    passed = run(sys.executable, "-m", "pre_commit", "try-repo", str(REPO), hook["id"])
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert re.search(r"hermes-dev lint\.+Passed", passed.stdout), passed.stdout


def latest_release() -> str:
    """The newest release CHANGELOG.md names (the snippets pin it)."""
    import re as _re
    from pathlib import Path as _Path

    text = (_Path(__file__).resolve().parents[1] / "CHANGELOG.md").read_text(encoding="utf-8")
    return _re.findall(r"^## \[(\d+\.\d+\.\d+)\]", text, flags=_re.MULTILINE)[0]
