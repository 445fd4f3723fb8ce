"""A `pyproject.toml` of any shape is one line and exit 2 when it is wrong, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.lint.support import make_root

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("pyproject", "message"),
    [
        ('tool = "x"\n# hermes-dev\n', "pyproject.toml: `tool` must be a table"),
        ("tool = ['hermes-dev']\n", "pyproject.toml: `tool` must be a table"),
        ("[tool]\nhermes-dev = 3\n", "pyproject.toml [tool.hermes-dev]: must be a table"),
        (
            "[tool.hermes-dev]\nper-file-ignores = []\n",
            "pyproject.toml [tool.hermes-dev] per-file-ignores: must be a table",
        ),
    ],
)
def test_config_of_a_wrong_shape_is_one_line_and_exit_2(
    tmp_path: Path, pyproject: str, message: str
) -> None:
    root = make_root(tmp_path, {"tools/ok_tool.py": "x = 1\n"})
    (root / "pyproject.toml").write_text(pyproject, encoding="utf-8")
    env = {**os.environ, "HERMES_DEV_NO_CACHE": "1", "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        [sys.executable, "-m", "hermes_dev", "lint"],
        capture_output=True,
        text=True,
        cwd=root,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith("hermes-dev: error: "), done.stderr
    assert message in done.stderr, done.stderr
