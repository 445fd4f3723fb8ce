"""lint's writers (`--fix`, `--write-baseline`, `--output`) write only what they should, where
they should, under the root's lock (issue 20, items 3, 4, 6 and 19)."""

from __future__ import annotations

import multiprocessing
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from hermes_dev.errors import UserError
from hermes_dev.lint.run import run_lint
from hermes_dev.writes import lock
from tests.lint.support import make_root

TOOL = """\
import json
from tools.registry import registry


def NAME(args, **kw):
    return json.dumps({"ok": True})


SCHEMA = {
    "name": "NAME",
    "description": "The NAME tool.",
    "parameters": {"type": "object", "properties": {}},
}

registry.register(name="NAME", toolset="NAME", schema=SCHEMA, handler=NAME)
"""
RAISES = TOOL.replace('    return json.dumps({"ok": True})', '    raise ValueError("bad")')


def _tool(name: str, source: str = TOOL) -> dict[str, str]:
    return {f"tools/{name}_tool.py": source.replace("NAME", name)}


@pytest.fixture(autouse=True)
def _no_cache(monkeypatch):
    monkeypatch.setenv("HERMES_DEV_NO_CACHE", "1")


def _files(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts
    }


# -- item 3: --write-baseline writes only a new file or a baseline -------------------------------


@pytest.mark.parametrize(
    ("rel", "text"),
    [
        (
            "README.md",
            "# Tools\n\nRun `hermes-dev lint --write-baseline` (.hermes-dev-baseline.json).\n",
        ),
        ("pyproject.toml", '[project]\nname = "x"\n# baseline: hermes-dev-baseline\n'),
        (".github/workflows/ci.yml", "name: ci\non: [push]\n"),
        ("notes.json", '{"mine": true}\n'),
    ],
)
def test_write_baseline_refuses_a_file_that_is_no_baseline(tmp_path, rel, text):
    root = make_root(tmp_path, _tool("alpha", RAISES))
    target = root / rel
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    with pytest.raises(UserError, match="is not a hermes-dev baseline; not overwriting it"):
        run_lint(root=str(root), write_baseline=str(target))
    assert target.read_text(encoding="utf-8") == text


def test_write_baseline_rewrites_a_baseline_of_another_version(tmp_path, capsys):
    root = make_root(tmp_path, _tool("alpha", RAISES))
    target = root / "b.json"
    target.write_text('{"format": "hermes-dev-baseline", "version": 99, "findings": []}\n')
    assert run_lint(root=str(root), write_baseline=str(target)) == 0
    assert '"version": 1' in target.read_text(encoding="utf-8")


# -- item 4: temporary files -----------------------------------------------------------------------


def test_write_baseline_never_follows_a_symlink_at_a_temporary_name(tmp_path, capsys):
    root = make_root(tmp_path / "root", _tool("alpha", RAISES))
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n", encoding="utf-8")
    # The name the writer used to pick: .<name>.<pid>.tmp beside the baseline.
    (root / f".b.json.{os.getpid()}.tmp").symlink_to(victim)
    assert run_lint(root=str(root), write_baseline=str(root / "b.json")) == 0
    assert victim.read_text(encoding="utf-8") == "precious\n"
    assert '"format": "hermes-dev-baseline"' in (root / "b.json").read_text(encoding="utf-8")


def _chattr(flag: str, path: Path) -> bool:
    if shutil.which("chattr") is None:
        return False
    done = subprocess.run(["chattr", flag, str(path)], capture_output=True, check=False)
    return done.returncode == 0


@pytest.fixture
def append_only(tmp_path):
    """Folders made append-only (chattr +a) by the test; made normal again afterwards."""
    made: list[Path] = []

    def make(folder: Path) -> Path:
        if not _chattr("+a", folder):
            pytest.skip("chattr +a is not available here")
        made.append(folder)
        return folder

    yield make
    for folder in made:
        _chattr("-a", folder)


def _temporaries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*") if p.name.endswith(".tmp"))


def test_no_temporary_file_is_left_in_an_append_only_folder_by_the_baseline(tmp_path, append_only):
    root = make_root(tmp_path, _tool("alpha", RAISES))
    append_only(root)
    with pytest.raises(UserError, match="append-only"):
        run_lint(root=str(root), write_baseline="")
    assert _temporaries(root) == []


def test_no_temporary_file_is_left_in_an_append_only_folder_by_fix(tmp_path, append_only):
    root = make_root(tmp_path, _tool("alpha"))  # HD301: the fix adds it to toolsets.py
    before = _files(root)
    append_only(root)
    with pytest.raises(UserError, match="append-only"):
        run_lint(root=str(root), fix=True, unsafe_fixes=True)  # (a new entry: unsafe)
    assert _temporaries(root) == []
    assert _files(root) == before


def test_no_temporary_file_is_left_in_an_append_only_cache(tmp_path, monkeypatch, append_only):
    root = make_root(tmp_path / "root", _tool("alpha"))
    cache = tmp_path / "cache" / "hermes-dev"
    cache.mkdir(parents=True)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("HERMES_DEV_NO_CACHE")
    append_only(cache)
    assert run_lint(root=str(root)) == 1
    assert _temporaries(cache) == []


# -- item 19: outputs are checked before anything is written ---------------------------------------


@pytest.mark.parametrize("output", ["nodir/report.txt", "adir"])
def test_fix_with_an_unwritable_output_fixes_nothing(tmp_path, output):
    root = make_root(tmp_path, _tool("alpha"))
    (root / "adir").mkdir()
    before = _files(root)
    with pytest.raises(UserError, match=f"--output-file {root / output}"):
        run_lint(root=str(root), fix=True, output=str(root / output))
    assert _files(root) == before


# -- item 6: the writers take the root's lock -------------------------------------------------------


@pytest.mark.parametrize("how", ["fix", "write_baseline"])
def test_lint_writers_wait_for_the_root_lock(tmp_path, monkeypatch, how):
    root = make_root(tmp_path, _tool("alpha", RAISES) | _tool("beta"))
    before = _files(root)
    monkeypatch.setattr(lock, "LOCK_TIMEOUT_S", 0.2)
    kwargs = {"fix": True, "unsafe_fixes": True} if how == "fix" else {"write_baseline": ""}
    with lock.root_lock(root), pytest.raises(UserError, match="another hermes-dev run"):
        run_lint(root=str(root), **kwargs)
    assert _files(root) == before


def test_a_diff_needs_no_lock(tmp_path, monkeypatch, capsys):
    root = make_root(tmp_path, _tool("alpha"))
    monkeypatch.setattr(lock, "LOCK_TIMEOUT_S", 0.2)
    with lock.root_lock(root):
        assert run_lint(root=str(root), diff=True, unsafe_fixes=True) == 1


def _fix_one(root: str, name: str, barrier, results) -> None:
    import contextlib
    import io

    barrier.wait()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        try:
            fixed = run_lint(
                [f"{root}/tools/{name}_tool.py"], root=root, fix=True, unsafe_fixes=True
            )  # (HD301's new entry is an unsafe fix)
            results.put((name, fixed))
        except UserError as exc:
            results.put((name, str(exc)))


@pytest.mark.parametrize("attempt", range(6))
def test_two_fix_runs_at_once_lose_no_edit(tmp_path, attempt):
    """Both runs add their tool to toolsets.py (HD301): one waits for the other."""
    root = make_root(tmp_path, _tool("alpha") | _tool("beta"))
    ctx = multiprocessing.get_context("fork")
    barrier = ctx.Barrier(2, timeout=60)
    results = ctx.Queue()
    procs = [
        ctx.Process(target=_fix_one, args=(str(root), name, barrier, results))
        for name in ("alpha", "beta")
    ]
    for proc in procs:
        proc.start()
    for proc in procs:
        proc.join(120)
    outcome = dict(results.get(timeout=10) for _ in procs)
    assert outcome == {"alpha": 0, "beta": 0}
    toolsets = (root / "toolsets.py").read_text(encoding="utf-8")
    assert '"alpha"' in toolsets and '"beta"' in toolsets
    assert run_lint(root=str(root)) == 0
