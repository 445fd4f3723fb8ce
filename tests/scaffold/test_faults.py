"""Fault injection: new-tool and remove-tool stopped after each write of their 4-write plan
(issue 7, items 5 and 6, and "Done when").

A hook right after each `os.replace` (or delete) raises an OSError, raises KeyboardInterrupt or
sends the process a signal. Whatever happens, the tree is afterwards byte for byte what it was,
no temporary file remains (beside the files, or in $TMPDIR), and the exit code says why.

Every run goes through the command line (lock, signal handlers, apply, roll-back, message); the
plan of each (host, command) is made once and re-rooted in each copy of the host, because the
libcst edits of the real-sized files are what a run costs, and they are not under test here.
"""

from __future__ import annotations

import errno
import os
import shutil
import signal
import tempfile

import pytest

from hermes_dev.writes import plan as _plan
from hermes_dev.writes.plan import Plan
from tests.scaffold.hosts import make_host, run_cli, snapshot

NEW = ["new-tool", "zap", "--env", "ZAP_API_KEY", "--param", "q:string", "--yes"]
REMOVE = ["remove-tool", "zap", "--yes"]
WRITES = 5  # the module, its test, toolsets.py, hermes_cli/tools_config.py, config.py

# fault -> (exit code, start of the message)
FAULTS = {
    "oserror": (2, "hermes-dev: error: cannot write {rel}: No space left on device;"),
    "keyboardinterrupt": (130, "hermes-dev: interrupted;"),
    "sigterm": (143, "hermes-dev: interrupted (SIGTERM);"),
    "sigint": (130, "hermes-dev: interrupted (SIGINT);"),
    "sighup": (129, "hermes-dev: interrupted (SIGHUP);"),
}


@pytest.fixture(scope="module")
def trees(tmp_path_factory):
    """Per host kind, the tree before new-tool and after it (made once, copied per test)."""
    made = {}
    for kind in ("reference", "big"):
        base = tmp_path_factory.mktemp(kind)
        before = make_host(base / "before", big=kind == "big")
        after = base / "after"
        shutil.copytree(before, after, symlinks=True)
        code, _out, err = run_cli(*NEW, "--root", str(after))
        assert code == 0, err
        made[kind] = (before, after)
    return made


@pytest.fixture
def guarded(monkeypatch, tmp_path):
    """Signals that reach the test instead of hermes-dev are recorded here (without this, a
    missing handler would end pytest itself); $TMPDIR is a fresh folder."""
    leaked = []
    old = {
        sig: signal.signal(sig, lambda signum, frame: leaked.append(signum))
        for sig in (signal.SIGTERM, signal.SIGHUP)
    }
    tmpdir = tmp_path / "tmpdir"
    tmpdir.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmpdir))
    yield leaked, tmpdir
    for sig, handler in old.items():
        signal.signal(sig, handler)


_PLANS: dict[tuple[str, str], object] = {}


def _plan_once(monkeypatch, kind, command):
    """Make the command's plan once per host kind and command; later runs get a copy of it
    rooted at their own host (whose files are the same bytes)."""
    from hermes_dev.cli import new_tool, remove_tool

    module, name = (
        (new_tool, "plan_new_tool") if command == "new" else (remove_tool, "plan_remove_tool")
    )
    real = getattr(module, name)

    def plan(project, *args, **kwargs):
        key = (kind, command)
        if key not in _PLANS:
            _PLANS[key] = real(project, *args, **kwargs)
        made = _PLANS[key]
        return Plan(project.root, made.changes, made.notes, made.prune_dirs)

    monkeypatch.setattr(module, name, plan)


def _fault_hook(fault, at, calls):
    def hook(relpath):
        calls.append(relpath)
        if len(calls) - 1 != at:
            return
        if fault == "oserror":
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        if fault == "keyboardinterrupt":
            raise KeyboardInterrupt
        os.kill(os.getpid(), getattr(signal, fault.upper()))

    return hook


def _temp_files(root):
    return [p for p in root.rglob("*") if p.name.endswith(".tmp")]


def _run_with_fault(trees, kind, command, fault, at, tmp_path, monkeypatch, guarded):
    leaked, tmpdir = guarded
    before_new, after_new = trees[kind]
    host = tmp_path / "host"
    shutil.copytree(before_new if command == "new" else after_new, host, symlinks=True)
    before = snapshot(host)
    calls = []
    _plan_once(monkeypatch, kind, command)
    monkeypatch.setattr(_plan, "after_write", _fault_hook(fault, at, calls))
    code, _out, err = run_cli(*(NEW if command == "new" else REMOVE), "--root", str(host))
    assert leaked == []
    assert len(calls) == at + 1, calls
    expected_code, message = FAULTS[fault]
    assert code == expected_code, err
    # (click ends a prompt's line before Ctrl-C's message: a blank line first.)
    assert err.lstrip("\n").startswith(message.format(rel=calls[-1])), err
    assert "nothing was changed" in err, err
    assert err.strip("\n").count("\n") == 0, err
    assert snapshot(host) == before
    assert _temp_files(host) == []
    assert os.listdir(tmpdir) == []


@pytest.mark.parametrize("at", range(WRITES))
@pytest.mark.parametrize("fault", ["oserror", "keyboardinterrupt", "sigterm"])
@pytest.mark.parametrize("command", ["new", "remove"])
@pytest.mark.parametrize("kind", ["reference", "big"])
def test_a_fault_after_any_write_leaves_the_tree_as_it_was(
    trees, kind, command, fault, at, tmp_path, monkeypatch, guarded
):
    _run_with_fault(trees, kind, command, fault, at, tmp_path, monkeypatch, guarded)


@pytest.mark.parametrize("at", [0, WRITES - 1])
@pytest.mark.parametrize("fault", ["sigint", "sighup"])
@pytest.mark.parametrize("command", ["new", "remove"])
def test_sigint_and_sighup_roll_back_too(trees, command, fault, at, tmp_path, monkeypatch, guarded):
    _run_with_fault(trees, "reference", command, fault, at, tmp_path, monkeypatch, guarded)


@pytest.mark.parametrize("command", ["new", "remove"])
@pytest.mark.parametrize("kind", ["reference", "big"])
def test_the_plans_have_four_writes(trees, kind, command, tmp_path, monkeypatch):
    before_new, after_new = trees[kind]
    host = tmp_path / "host"
    shutil.copytree(before_new if command == "new" else after_new, host, symlinks=True)
    calls = []
    monkeypatch.setattr(_plan, "after_write", calls.append)
    code, _out, err = run_cli(*(NEW if command == "new" else REMOVE), "--root", str(host))
    assert code == 0, err
    assert len(calls) == WRITES, calls
    assert snapshot(host) == snapshot(after_new if command == "new" else before_new)
    assert _temp_files(host) == []
