"""Rendering runs no code from the current folder: the checkout hermes-dev runs in may hold a
`json.py`, a `yaml.py`, a `copier.py` or a `hermes_dev/` of its own (issue 7, item 1)."""

import os
import subprocess
import sys

import pytest

from hermes_dev.scaffold._render import PendingRender, render
from hermes_dev.scaffold._spec import make_spec
from tests.scaffold.hosts import REPO, make_host, snapshot

# Each planted module records that it ran, by creating a file named after itself.
SHADOWS = [
    "json.py",
    "yaml.py",
    "copier.py",
    "jinja2.py",
    "hermes_dev/__init__.py",
    "hermes_dev/scaffold/__init__.py",
    "hermes_dev/scaffold/_render.py",
    "hermes_dev/scaffold/_render_child.py",
]


def _plant(folder, markers):
    for rel in SHADOWS:
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        marker = markers / rel.replace("/", "_")
        path.write_text(f"open({str(marker)!r}, 'w').close()\n")
    # A template of the checkout's own, where a shadowing hermes_dev would look for one.
    (folder / "hermes_dev" / "templates" / "tool").mkdir(parents=True)
    (folder / "hermes_dev" / "templates" / "tool" / "copier.yml").write_text("_subdirectory: t\n")


@pytest.fixture
def planted(tmp_path):
    host = make_host(tmp_path / "host")
    markers = tmp_path / "markers"
    markers.mkdir()
    _plant(host, markers)
    return host, markers


def test_the_render_child_does_not_import_from_the_current_folder(planted, monkeypatch):
    host, markers = planted
    spec = make_spec("fc", params=("city:string",))
    expected = render(spec)  # in this process, before the current folder is the checkout
    monkeypatch.chdir(host)
    monkeypatch.delenv("HERMES_DEV_RENDER_IN_PROCESS", raising=False)
    with PendingRender(spec, in_child=True) as pending:
        files = pending.result()
        assert pending._child is not None and pending._child.returncode == 0  # no fallback
    assert sorted(os.listdir(markers)) == []
    assert files == expected


def test_new_tool_runs_no_module_of_the_checkout(planted):
    host, markers = planted
    before = snapshot(host)
    # As the installed `hermes-dev` script runs: the current folder is not on the parent's path.
    env = {k: v for k, v in os.environ.items() if k != "HERMES_DEV_RENDER_IN_PROCESS"}
    result = subprocess.run(
        [
            sys.executable,
            "-I",
            "-c",
            f"import sys; sys.path.insert(0, {str(REPO)!r})\nfrom hermes_dev.cli import main; main()",
            "new-tool",
            "fc",
            "--param",
            "city:string",
            "--yes",
            "--dry-run",
        ],
        cwd=host,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert sorted(os.listdir(markers)) == []
    assert "+++ b/tools/fc_tool.py" in result.stdout
    assert "registry.register(" in result.stdout
    assert snapshot(host) == before
