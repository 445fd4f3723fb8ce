"""The release: the version comes from the git tag (and is cheap to import), a copy without git
still builds, and pyproject.toml, CHANGELOG.md and the workflows say what an index needs."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))


def test_version_import_reads_no_package_metadata() -> None:
    """`hermes_dev.__version__` is the file the build wrote: lint's start-up never pays for
    importlib.metadata, and the version is the one pip recorded."""
    code = (
        "import sys, hermes_dev\n"
        "print(hermes_dev.__version__)\n"
        "print('importlib.metadata' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    version, loaded = done.stdout.split()
    assert loaded == "False"
    from importlib.metadata import version as installed

    assert version == installed("hermes-dev")


def test_pyproject_has_what_an_index_shows() -> None:
    project = PYPROJECT["project"]
    assert "version" not in project and project["dynamic"] == ["version"]
    assert PYPROJECT["tool"]["hatch"]["version"] == {
        "source": "code",
        "path": "release_version.py",
    }
    assert "hatch-vcs" in " ".join(PYPROJECT["build-system"]["requires"])
    assert project["license"] == "MIT" and (REPO / "LICENSE").is_file()
    assert project["authors"]
    assert {"Homepage", "Repository", "Issues", "Changelog"} <= set(project["urls"])
    classifiers = project["classifiers"]
    for minor in (11, 12, 13):
        assert f"Programming Language :: Python :: 3.{minor}" in classifiers
    assert "Operating System :: POSIX :: Linux" in classifiers


def test_changelog_keeps_a_changelog() -> None:
    text = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    heads = re.findall(r"^## \[([^\]]+)\](.*)$", text, flags=re.MULTILINE)
    assert heads[0] == ("Unreleased", "")
    assert re.fullmatch(r"\d+\.\d+\.\d+", heads[1][0])
    assert re.fullmatch(r" - \d{4}-\d{2}-\d{2}", heads[1][1])
    assert heads[-1][0] == "0.1.0"  # the first release
    for name, _ in heads:  # every version heading has its link at the bottom
        assert re.search(rf"^\[{re.escape(name)}\]: \S+$", text, flags=re.MULTILINE), name
    assert "### Added" in text


def _pinned(uses: str) -> bool:
    return uses.startswith("./") or bool(re.fullmatch(r"[\w.-]+/[\w./-]+@[0-9a-f]{40}", uses))


@pytest.mark.parametrize("name", ["release.yml", "hermes-dev.yml"])
def test_workflows_pin_third_party_actions_by_commit(name: str) -> None:
    text = (REPO / ".github/workflows" / name).read_text(encoding="utf-8")
    uses = re.findall(r"uses: (\S+)(.*)", text)
    assert uses
    for action, comment in uses:
        assert _pinned(action), action
        if not action.startswith("./"):
            assert re.fullmatch(r" # v\d+(\.\d+)*", comment), (action, comment)


def test_release_workflow_builds_checks_and_publishes_with_trusted_publishing() -> None:
    workflow = yaml.safe_load((REPO / ".github/workflows/release.yml").read_text(encoding="utf-8"))
    assert workflow[True]["push"]["tags"] == ["v[0-9]*"]  # YAML 1.1 reads `on` as True
    build, publish = workflow["jobs"]["build"], workflow["jobs"]["publish"]
    script = "\n".join(str(step.get("run", "")) for step in build["steps"])
    assert "python -m build" in script and "twine check --strict dist/*" in script
    assert build["steps"][0]["with"]["fetch-depth"] == 0  # hatch-vcs needs the tags
    assert publish["needs"] == "build"
    assert publish["permissions"] == {"id-token": "write"}
    assert "password" not in str(publish)  # no token: trusted publishing
    assert any("gh-action-pypi-publish" in str(s.get("uses")) for s in publish["steps"])


def _files(repo: Path) -> list[str]:
    done = subprocess.run(
        ["git", "ls-files", "-z"], cwd=repo, capture_output=True, timeout=60, check=True
    )
    return [name for name in done.stdout.decode().split("\0") if name]


def _build(source: Path, out: Path, *args: str) -> None:
    subprocess.run(
        [sys.executable, "-m", "hatchling", "build", *args, "-d", str(out)],
        cwd=source,
        capture_output=True,
        timeout=300,
        check=True,
        env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"},
    )


def _wheel_version(out: Path) -> str:
    [wheel] = out.glob("*.whl")
    with zipfile.ZipFile(wheel) as zf:
        [metadata] = [n for n in zf.namelist() if n.endswith(".dist-info/METADATA")]
        text = zf.read(metadata).decode()
        [version_py] = [n for n in zf.namelist() if n == "hermes_dev/_version.py"]
        written = zf.read(version_py).decode()
    version = re.search(r"^Version: (.+)$", text, flags=re.MULTILINE)
    assert version is not None
    assert f"__version__ = {version.group(1)!r}" in written
    return version.group(1)


_NEEDS_BUILD = pytest.mark.skipif(
    shutil.which("git") is None
    or importlib.util.find_spec("hatchling") is None
    or importlib.util.find_spec("hatch_vcs") is None
    or not (REPO / ".git").exists(),
    reason="needs git, hatchling and hatch-vcs, and a git checkout of hermes-dev",
)


@_NEEDS_BUILD
def test_tag_sdist_and_plain_copy_each_build_with_a_version(tmp_path: Path) -> None:
    """A tag v9.8.7 makes 9.8.7; its sdist (no git inside) rebuilds as 9.8.7; a plain copy of
    the files builds with the fallback version instead of failing."""
    names = _files(REPO)
    tagged = tmp_path / "tagged"
    plain = tmp_path / "plain"
    for dest in (tagged, plain):
        for name in names:
            source = REPO / name
            if source.is_file():
                target = dest / name
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, target)
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid"]
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "release"], ["tag", "v9.8.7"]):
        subprocess.run([*git, *args], cwd=tagged, capture_output=True, timeout=60, check=True)

    _build(tagged, tmp_path / "dist")
    assert _wheel_version(tmp_path / "dist") == "9.8.7"
    [sdist] = (tmp_path / "dist").glob("*.tar.gz")
    assert sdist.name == "hermes_dev-9.8.7.tar.gz"
    with tarfile.open(sdist) as tf:
        tf.extractall(tmp_path / "unpacked", filter="data")
    _build(tmp_path / "unpacked" / "hermes_dev-9.8.7", tmp_path / "from-sdist", "-t", "wheel")
    assert _wheel_version(tmp_path / "from-sdist") == "9.8.7"

    _build(plain, tmp_path / "plain-dist", "-t", "wheel")
    assert _wheel_version(tmp_path / "plain-dist") == "0.0.0"


@_NEEDS_BUILD
def test_history_without_tags_takes_the_version_changelog_dates(tmp_path: Path) -> None:
    """A clone that lost its tags: the commit that adds a dated CHANGELOG heading is that
    release, and each commit after it counts as a build towards the next patch release."""
    copy = tmp_path / "copy"
    for name in _files(REPO):
        source = REPO / name
        if source.is_file():
            target = copy / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    changelog = copy / "CHANGELOG.md"
    text = changelog.read_text(encoding="utf-8")
    undated = re.sub(r"^## \[\d+\.\d+\.\d+\] - .*$", "## [0.0.9] - 2020-01-01", text, flags=re.M)
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid"]

    def commit(message: str) -> None:
        for args in (["add", "-A"], ["commit", "-qm", message]):
            subprocess.run([*git, *args], cwd=copy, capture_output=True, timeout=60, check=True)

    changelog.write_text(undated, encoding="utf-8")
    subprocess.run([*git, "init", "-q"], cwd=copy, capture_output=True, timeout=60, check=True)
    commit("before")
    changelog.write_text(
        undated.replace("## [Unreleased]\n", "## [Unreleased]\n\n## [4.5.6] - 2030-01-02\n", 1),
        encoding="utf-8",
    )
    commit("Release 4.5.6")
    _build(copy, tmp_path / "at-release", "-t", "wheel")
    assert _wheel_version(tmp_path / "at-release") == "4.5.6"

    (copy / "NOTE.txt").write_text("after\n", encoding="utf-8")
    commit("one")
    (copy / "NOTE.txt").write_text("after again\n", encoding="utf-8")
    commit("two")
    short = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=copy, capture_output=True, text=True, check=True
    ).stdout.strip()
    _build(copy, tmp_path / "after", "-t", "wheel")
    assert _wheel_version(tmp_path / "after") == f"4.5.7.dev2+g{short}"


def test_ci_runs_the_readmes_test_command() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    [first_block] = re.findall(r"```bash\n(.*?)```", readme, flags=re.DOTALL)[:1]
    [test_command] = [line for line in first_block.splitlines() if "pytest" in line]
    assert test_command == "pip install '.[test]' && python -m pytest -n auto"
    ci = (REPO / ".ci/run").read_text(encoding="utf-8")
    assert test_command in ci.splitlines()
    extra = PYPROJECT["project"]["optional-dependencies"]["test"]
    assert any(dep.startswith("pytest-xdist") for dep in extra)
