"""Fixture Hermes hosts in temporary folders, and helpers to run hermes-dev against them."""

from __future__ import annotations

import contextlib
import difflib
import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# The reference host, as committed (it may hold tools that hermes-dev generated).
HOST_FILES = [
    "model_tools.py",
    "toolsets.py",
    "hermes_cli/__init__.py",
    "hermes_cli/config.py",
    *sorted(p.relative_to(REPO).as_posix() for p in (REPO / "tools").glob("*.py")),
    *sorted(p.relative_to(REPO).as_posix() for p in (REPO / "tests" / "tools").glob("*.py")),
    "hermes_cli/plugins.py",
    "hermes_cli/tools_config.py",
    *sorted(
        p.relative_to(REPO).as_posix()
        for p in (REPO / "plugins").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    ),
    *sorted(p.relative_to(REPO).as_posix() for p in (REPO / "tests" / "plugins").glob("*.py")),
    "tests/host/test_reference_host.py",
]

# How the generated tests are run inside a host: plain pytest with the root on sys.path.
PYTEST_INI = "[pytest]\npythonpath = .\naddopts = -p no:cacheprovider\n"


def make_host(dest: Path, *, big: bool = False) -> Path:
    """A copy of the reference host in `dest`; with `big`, toolsets.py and hermes_cli/config.py
    are replaced by ones shaped like Hermes Agent's: toolsets.py at its real size (900 lines),
    config.py with every shape at a third of its size (2,200 lines, 45 env entries; the full
    6,600 lines are edited in tests/edits/test_on_hermes_shapes.py, and every scaffold test on
    it took seconds)."""
    for rel in HOST_FILES:
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(REPO / rel, target)
    if big:
        from bench.hermes_shapes import make_config_source, make_toolsets_source

        (dest / "toolsets.py").write_text(make_toolsets_source(), encoding="utf-8")
        (dest / "hermes_cli" / "config.py").write_text(make_config_source(2200), encoding="utf-8")
    (dest / "pytest.ini").write_text(PYTEST_INI, encoding="utf-8")
    return dest


def snapshot(root: Path) -> dict[str, bytes]:
    """Every file under `root` (caches left out), by POSIX relative path."""
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts and ".pytest_cache" not in p.parts
    }


def run_cli(*args: str) -> tuple[int, str, str]:
    """Run hermes-dev in this process: (exit code, stdout, stderr)."""
    from hermes_dev.cli import run_click

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = run_click(list(args))
    return code, out.getvalue(), err.getvalue()


def run_host_pytest(root: Path, *paths: str) -> subprocess.CompletedProcess[str]:
    """Run pytest inside a host, in a fresh interpreter, as the host's developers would."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "PYTHON"))}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", *paths],
        cwd=root,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def run_in_host(root: Path, code: str) -> subprocess.CompletedProcess[str]:
    """Run Python `code` with the host's root as the current folder and first on sys.path."""
    return subprocess.run(
        [sys.executable, "-c", "import sys; sys.path.insert(0, '.')\n" + code],
        cwd=root,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def assert_only_insertions(old: str, new: str, name: str) -> None:
    """`new` is `old` plus whole inserted lines, and within changed lines only `name` and the
    punctuation around it (quotes, commas, spaces): nothing else of `old` moved or changed."""
    old_lines, new_lines = old.splitlines(keepends=True), new.splitlines(keepends=True)
    matcher = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op in ("equal", "insert"):
            continue
        # Each old line of the block must reappear, in order, as itself or extended by `name`;
        # the other new lines are insertions.
        pending = old_lines[i1:i2]
        for line in new_lines[j1:j2]:
            if pending and _extends(pending[0], line, name):
                pending.pop(0)
        assert not pending, (
            f"lines {i1 + 1}-{i2} of the original were changed, not kept:\n"
            + "".join(difflib.unified_diff(old_lines[i1:i2], new_lines[j1:j2]))
        )


def _extends(before: str, after: str, name: str) -> bool:
    """`after` is `before` with only `name`, quotes, commas and spaces inserted."""
    chars = difflib.SequenceMatcher(None, before, after, autojunk=False)
    added = ""
    for op, _a1, _a2, b1, b2 in chars.get_opcodes():
        if op not in ("equal", "insert"):
            return False
        if op == "insert":
            added += after[b1:b2]
    # The matcher may split `"weather"` at a quote: strip the name, then allow quotes.
    return re.fullmatch(r"""[\s,"']*""", added.replace(name, "")) is not None


def make_newest_host(dest: Path, small: bool = False) -> Path:
    """The reference host in the newest Hermes layout: every TOOLSETS entry a `_ts(...)` /
    `_bundle(...)` call, and OPTIONAL_ENV_VARS in hermes_cli/config_defaults.py (imported by
    config.py) with every entry a helper call, ~150 of them in sections by category. No
    tests/tools/ folder, so new-tool makes it. `small`: the same shapes in files a third as
    long (~190 lines of toolsets.py, ~50 env entries), for tests that edit them many times."""
    from bench.hermes_shapes import make_toolsets_source_ts
    from tests.fixtures.config_defaults import CONFIG_PY, make_config_defaults_source

    make_host(dest)
    shutil.rmtree(dest / "tests" / "tools")
    toolsets = make_toolsets_source_ts(160 if small else 480)
    (dest / "toolsets.py").write_text(toolsets, encoding="utf-8")
    (dest / "hermes_cli" / "config_defaults.py").write_text(
        make_config_defaults_source(small=small), encoding="utf-8"
    )
    (dest / "hermes_cli" / "config.py").write_text(CONFIG_PY, encoding="utf-8")
    return dest
