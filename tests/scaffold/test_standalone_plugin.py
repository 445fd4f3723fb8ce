"""`hermes-dev new-plugin --standalone DEST`: a pip-installable plugin package.

The tests marked `venv` install the generated package into a fresh virtual environment (made
with `--system-site-packages` and without pip, and seeing this environment's packages through
a .pth file, so it needs no network and no download: the package's build backend, pytest and
PyYAML come from here) and run it there: its own tests, the entry point, and a load through the
reference host's plugin loader. Together they take some seconds (one venv, one pip install).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import tomllib
from pathlib import Path

import pytest
import yaml

import hermes_dev

from hermes_dev.host.plugins import (
    ENTRY_POINT_GROUP,
    entry_points,
    manifest_problems,
    read_manifest,
)
from hermes_dev.scaffold._plugin_spec import HOOK_REPOSITORY, hook_rev
from tests.scaffold.hosts import make_host, run_cli, snapshot

REPO = Path(__file__).resolve().parents[2]

NAME = "forecast_kit"
COMMAND = (
    "new-plugin",
    NAME,
    "--tool",
    "forecast",
    "--tool",
    "alerts",
    "--env",
    "FORECAST_API_KEY",
    "--param",
    "city:string:City name",
    "--optional-param",
    "days:integer:How many days",
    "--author",
    "Ada",
    "--yes",
)
PACKAGE = f"hermes_plugin_{NAME}"
PACKAGE_FILES = [
    ".pre-commit-config.yaml",
    "README.md",
    f"{PACKAGE}/__init__.py",
    f"{PACKAGE}/plugin.yaml",
    f"{PACKAGE}/tools.py",
    "pyproject.toml",
    f"tests/test_{NAME}_plugin.py",
]


# The venv sees this environment's packages, hermes-dev's pytest11 entry point (`pytest
# --hermes-check`) among them; in an editable install its package is not importable from there
# (only its templates folder is), so the plugin is left out: it is not what these tests test.
NO_CHECK_PLUGIN = ("-p", "no:hermes-check")


def _clean_env(**extra: str) -> dict[str, str]:
    """This environment without PYTHONPATH & co: nothing of the repo (no Hermes) is importable."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "PYTHON"))}
    env.update(extra)
    return env


def _make_package(dest: Path, *extra: str) -> Path:
    code, _, err = run_cli(*COMMAND, *extra, "--standalone", str(dest))
    assert code == 0, err
    return dest


def test_standalone_package_has_every_part(tmp_path):
    pkg = _make_package(tmp_path / "pkg")
    assert sorted(snapshot(pkg)) == PACKAGE_FILES
    pyproject = tomllib.loads((pkg / "pyproject.toml").read_text(encoding="utf-8"))
    assert pyproject["project"]["name"] == "hermes-plugin-forecast-kit"
    assert pyproject["project"]["optional-dependencies"]["test"]
    assert entry_points(pkg / "pyproject.toml") == {NAME: PACKAGE}
    manifest = read_manifest(pkg / PACKAGE / "plugin.yaml")
    assert manifest_problems(manifest) == []
    assert (manifest.name, manifest.provides_tools) == (NAME, ("forecast", "alerts"))
    assert manifest.mapping["author"] == "Ada"
    hook = yaml.safe_load((pkg / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    # This repository's hook, at the rev of the hermes-dev that made the package.
    assert hook == {
        "repos": [
            {
                "repo": HOOK_REPOSITORY,
                "rev": hook_rev(hermes_dev.__version__),
                "hooks": [{"id": "hermes-dev-lint"}],
            }
        ]
    }
    readme = (pkg / "README.md").read_text(encoding="utf-8")
    assert f"plugins:\n  enabled:\n    - {NAME}\n" in readme and "FORECAST_API_KEY" in readme
    assert f"`hermes plugins enable {NAME}` does not work" in readme


def test_standalone_tests_pass_without_hermes_or_install(tmp_path):
    pkg = _make_package(tmp_path / "pkg", "--async")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
        cwd=pkg,
        env=_clean_env(),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    # Everything but the one test that needs Hermes' registry ran; an editable install puts the
    # repo root (the reference host's `tools/`) on the path, and then that one runs too.
    probe = subprocess.run(
        [sys.executable, "-c", "import tools.registry"],
        cwd=pkg,
        env=_clean_env(),
        capture_output=True,
        check=False,
    )
    assert " passed" in done.stdout
    assert ("skipped" not in done.stdout) if probe.returncode == 0 else ("1 skipped" in done.stdout)


def test_standalone_refuses_a_folder_with_files(tmp_path):
    dest = tmp_path / "taken"
    dest.mkdir()
    (dest / "notes.txt").write_text("mine\n", encoding="utf-8")
    code, _, err = run_cli(*COMMAND, "--standalone", str(dest))
    assert code == 2
    assert "is not empty (it holds notes.txt)" in err
    assert sorted(p.name for p in dest.iterdir()) == ["notes.txt"]
    code, _, err = run_cli(*COMMAND, "--standalone", str(dest), "--force")
    assert code == 0, err
    assert (dest / "notes.txt").read_text(encoding="utf-8") == "mine\n"


def test_standalone_dry_run_writes_nothing(tmp_path):
    code, out, err = run_cli(*COMMAND, "--standalone", str(tmp_path / "pkg"), "--dry-run")
    assert code == 0, err
    assert f"+++ b/{PACKAGE}/plugin.yaml" in out
    assert not (tmp_path / "pkg").exists()


# -- in a fresh virtual environment -------------------------------------------------------------


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(package folder, venv python): the generated package pip-installed into a fresh venv."""
    base = tmp_path_factory.mktemp("standalone")
    pkg = _make_package(base / "pkg")
    venv = base / "venv"
    subprocess.run(
        [sys.executable, "-m", "venv", "--without-pip", "--system-site-packages", str(venv)],
        check=True,
        timeout=300,
    )
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
        env=_clean_env(),
    ).stdout.strip()
    # When this interpreter is itself a venv, its packages (pytest, PyYAML, the build backend)
    # are not the base's "system" ones: show them to the new venv too.
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    Path(site, "hermes_dev_test_parent.pth").write_text("\n".join(sorted(ours)) + "\n")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            str(pkg),
        ],
        capture_output=True,
        text=True,
        env=_clean_env(),
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return pkg, python


@pytest.mark.venv
def test_fresh_venv_runs_the_package_tests(installed):
    pkg, python = installed
    done = subprocess.run(
        [str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider", *NO_CHECK_PLUGIN],
        cwd=pkg,
        env=_clean_env(),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 skipped" in done.stdout  # no Hermes in there


@pytest.mark.venv
def test_pip_install_exposes_the_entry_point(installed, tmp_path):
    _, python = installed
    script = (
        "import importlib.metadata as m, json, pathlib\n"
        f"eps = [e for e in m.entry_points(group={ENTRY_POINT_GROUP!r})]\n"
        "module = eps[0].load()\n"
        "print(json.dumps({'eps': [[e.name, e.value] for e in eps], 'file': module.__file__,\n"
        "  'manifest': pathlib.Path(module.__file__).with_name('plugin.yaml').is_file()}))\n"
    )
    done = subprocess.run(
        [str(python), "-c", script],
        cwd=tmp_path,
        env=_clean_env(),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["eps"] == [[NAME, PACKAGE]]
    assert "site-packages" in seen["file"]  # the installed copy, not the source folder
    assert seen["manifest"] is True  # plugin.yaml shipped beside __init__.py


@pytest.mark.venv
def test_reference_host_loads_and_dispatches_the_installed_plugin(installed, tmp_path):
    """Entry point -> module -> register(ctx) through the reference host's loader, then a
    dispatch through its registry: a JSON string."""
    _, python = installed
    host = make_host(tmp_path / "host")
    script = (
        "import json\n"
        "from hermes_cli.plugins import load_entry_point_plugins\n"
        "from tools.registry import registry\n"
        f"loaded = load_entry_point_plugins([{NAME!r}])\n"
        "result = registry.dispatch('forecast', {'city': 'Oslo', 'days': 2})\n"
        "print(json.dumps({'tools': loaded[" + repr(NAME) + "].tools_registered,\n"
        "  'toolset': registry.get_entry('forecast').toolset, 'result': result}))\n"
    )
    done = subprocess.run(
        [str(python), "-c", script],
        cwd=host,
        env=_clean_env(FORECAST_API_KEY="k"),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["tools"] == ["forecast", "alerts"]
    assert seen["toolset"] == NAME
    assert isinstance(seen["result"], str)
    assert json.loads(seen["result"]) == {"city": "Oslo", "days": 2}


@pytest.mark.venv
def test_package_tests_run_their_hermes_test_beside_the_reference_host(installed, tmp_path):
    pkg, python = installed
    host = make_host(tmp_path / "host")
    done = subprocess.run(
        [str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider", *NO_CHECK_PLUGIN, str(pkg / "tests")],
        cwd=host,
        env=_clean_env(),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "skipped" not in done.stdout  # the registry test ran against the host's registry


@pytest.mark.parametrize(
    ("version", "rev"),
    [
        ("0.1.0", "v0.1.0"),
        ("1.2.3rc1", "v1.2.3rc1"),
        # A build between releases: the release it follows (an abbreviated commit, which this
        # gave before, is no rev pre-commit can fetch).
        ("0.1.1.dev3+g1a2b3c4d", "v0.1.0"),
        ("0.2.4.dev3+g1a2b3c4d.d20261204", "v0.2.3"),
        # Before the first release (no tag yet, or a copy without git metadata): the first.
        ("0.0.1.dev405+g1476190be", "v0.1.0"),
        ("0.0.0", "v0.1.0"),
        ("0+unknown", "v0.1.0"),
    ],
)
def test_hook_rev_is_the_tag_or_the_commit_of_this_hermes_dev(version: str, rev: str) -> None:
    assert hook_rev(version) == rev


def test_the_hook_repository_is_named_once() -> None:
    """pyproject.toml's Repository URL, the template's default and new-plugin's agree, and the
    hook the generated config names is one this repository declares."""
    urls = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["urls"]
    questions = yaml.safe_load((REPO / "templates/plugin/copier.yml").read_text(encoding="utf-8"))
    assert urls["Repository"] == HOOK_REPOSITORY == questions["hermes_dev_repo"]["default"]
    hooks = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert "hermes-dev-lint" in {hook["id"] for hook in hooks}
