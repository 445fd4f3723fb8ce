"""The package's layers and its lack of import cycles, as pyproject.toml's contracts state them."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def _lint_imports() -> list[str]:
    found = shutil.which("lint-imports")
    if found is not None:
        return [found]
    pytest.importorskip("importlinter")
    run = "from importlinter.cli import lint_imports_command; lint_imports_command()"
    return [sys.executable, "-c", run]


def test_import_contracts_are_kept() -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.run(
        [*_lint_imports(), "--no-cache"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "0 broken" in proc.stdout


def test_bench_stands_alone() -> None:
    """bench/ builds its own trees and hosts: it imports nothing from tests/."""
    import ast

    for script in sorted((REPO / "bench").glob("*.py")):
        tree = ast.parse(script.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            assert not any(n == "tests" or n.startswith("tests.") for n in names), script.name
