"""Fixture hosts for check: a copy of the reference host plus tools with deliberate breaks."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.scaffold.hosts import make_host

FIXTURES = Path(__file__).parent / "fixtures"


def add_fixture(root: Path, name: str) -> Path:
    target = root / "tools" / name
    shutil.copyfile(FIXTURES / name, target)
    return target


@pytest.fixture(scope="session")
def _hypothesis_tables(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One HYPOTHESIS_STORAGE_DIRECTORY for the test process: hypothesis keeps its unicode
    tables there (no examples: check passes database=None and keeps its own under the cache).
    With the cache off, each `check` would build them again in a temporary folder (~1.5 s)."""
    return tmp_path_factory.mktemp("hypothesis")


@pytest.fixture(autouse=True)
def _private_cache(
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    _hypothesis_tables: Path,
) -> None:
    """check's example database and lint's cache go to a folder of the test's own."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))
    monkeypatch.setenv("HERMES_DEV_NO_CACHE", "1")
    monkeypatch.setenv("HYPOTHESIS_STORAGE_DIRECTORY", str(_hypothesis_tables))


@pytest.fixture
def host(tmp_path: Path) -> Path:
    root = make_host(tmp_path / "host")
    add_fixture(root, "breaks_tool.py")
    return root


def run_check(root: Path, *args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """`hermes-dev check ARGS` in `root`, as a user runs it."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "PYTHON"))}
    return subprocess.run(
        [sys.executable, "-m", "hermes_dev", "check", *args],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
