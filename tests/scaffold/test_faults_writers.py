"""Fault injection and races for the newer writers (issue 20, "Done when"): new-plugin and
remove-plugin, `lint --fix` and `lint --write-baseline`, as test_faults.py and
test_concurrency.py cover new-tool.

Faults: right after each write of a run's plan, an OSError, a KeyboardInterrupt or a signal;
afterwards the tree is byte for byte what it was, no temporary file is left (beside the files or
in $TMPDIR), one line says why, and the exit code too. Races: two writers at once, released
together, both succeed and neither loses an edit.
"""

from __future__ import annotations

import errno
import multiprocessing
import os
import shutil
import signal
import tempfile
from pathlib import Path

import pytest

from hermes_dev.writes import plan as _plan
from tests.scaffold.hosts import make_host, run_cli, snapshot

NEW_PLUGIN = ["new-plugin", "zap_pack", "--tool", "zap", "--tool", "zip", "--toolset", "weather"]
FIXABLE = """\
import json
from tools.registry import registry


def fixme(args, **kw):
    if args.get("raw"):
        return {"raw": True}
    return json.dumps({"ok": True})


SCHEMA = {
    "name": "fixme",
    "description": "Fix me.",
    "parameters": {"type": "object", "properties": {}},
}
registry.register(name="fixme", toolset="fixme", schema=SCHEMA, handler=fixme)
"""

# route -> (the command, how many writes its plan makes)
ROUTES = {
    "new-plugin": ([*NEW_PLUGIN, "--yes"], 5),
    "remove-plugin": (["remove-plugin", "zap_pack", "--yes"], 5),
    # tools/fixme_tool.py (HD101), toolsets.py (HD301's new entry: an unsafe fix)
    "lint --fix": (["lint", "--fix", "--unsafe-fixes"], 2),
    "lint --write-baseline": (["lint", "--write-baseline"], 1),
}
FAULTS = {
    "oserror": (2, "hermes-dev: error: "),
    "keyboardinterrupt": (130, "hermes-dev: interrupted;"),
    "sigterm": (143, "hermes-dev: interrupted (SIGTERM);"),
    "sighup": (129, "hermes-dev: interrupted (SIGHUP);"),
}


@pytest.fixture(scope="module")
def start_trees(tmp_path_factory):
    """The tree each route starts from, made once."""
    base = tmp_path_factory.mktemp("start")
    plain = make_host(base / "plain")
    (plain / "tools" / "fixme_tool.py").write_text(FIXABLE, encoding="utf-8")
    with_plugin = base / "with_plugin"
    shutil.copytree(plain, with_plugin, symlinks=True)
    code, _out, err = run_cli(*NEW_PLUGIN, "--yes", "--root", str(with_plugin))
    assert code == 0, err
    return {"plain": plain, "with_plugin": with_plugin}


@pytest.fixture
def guarded(monkeypatch, tmp_path):
    """Signals that reach the test instead of hermes-dev are recorded (not fatal); a fresh
    $TMPDIR; no lint cache (its folder is not the tree under test)."""
    leaked: list[int] = []
    old = {
        sig: signal.signal(sig, lambda signum, frame: leaked.append(signum))
        for sig in (signal.SIGTERM, signal.SIGHUP)
    }
    tmpdir = tmp_path / "tmpdir"
    tmpdir.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmpdir))
    monkeypatch.setenv("HERMES_DEV_NO_CACHE", "1")
    monkeypatch.setenv("HERMES_DEV_RENDER_IN_PROCESS", "1")
    yield leaked, tmpdir
    for sig, handler in old.items():
        signal.signal(sig, handler)


def _host_for(route: str, start_trees, tmp_path: Path) -> Path:
    host = tmp_path / "host"
    source = start_trees["with_plugin" if route == "remove-plugin" else "plain"]
    shutil.copytree(source, host, symlinks=True)
    return host


def _args(route: str, host: Path) -> list[str]:
    args = ROUTES[route][0]
    return [*args, "--root", str(host)]


def _fault_hook(fault: str, at: int, calls: list[str]):
    def hook(relpath: str) -> None:
        calls.append(relpath)
        if len(calls) - 1 != at:
            return
        if fault == "oserror":
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        if fault == "keyboardinterrupt":
            raise KeyboardInterrupt
        os.kill(os.getpid(), getattr(signal, fault.upper()))

    return hook


def _temporaries(root: Path) -> list[str]:
    return [p.name for p in root.rglob("*") if p.name.endswith(".tmp")]


@pytest.mark.parametrize("route", sorted(ROUTES))
def test_each_route_makes_the_writes_counted_here(
    route, start_trees, tmp_path, guarded, monkeypatch
):
    host = _host_for(route, start_trees, tmp_path)
    calls: list[str] = []
    monkeypatch.setattr(_plan, "after_write", calls.append)
    code, _out, err = run_cli(*_args(route, host))
    assert code in (0, 1), err  # (lint reports what remains: 1 with findings)
    assert len(calls) == ROUTES[route][1], calls
    assert _temporaries(host) == []


@pytest.mark.parametrize("fault", sorted(FAULTS))
@pytest.mark.parametrize(
    ("route", "at"),
    [(route, at) for route, (_, writes) in sorted(ROUTES.items()) for at in range(writes)],
)
def test_a_fault_after_any_write_leaves_the_tree_as_it_was(
    route, at, fault, start_trees, tmp_path, guarded, monkeypatch
):
    leaked, tmpdir = guarded
    host = _host_for(route, start_trees, tmp_path)
    before = snapshot(host)
    calls: list[str] = []
    monkeypatch.setattr(_plan, "after_write", _fault_hook(fault, at, calls))
    code, _out, err = run_cli(*_args(route, host))
    assert leaked == []
    assert len(calls) == at + 1, calls
    expected_code, start = FAULTS[fault]
    assert code == expected_code, err
    assert err.lstrip("\n").startswith(start), err
    assert "nothing was changed" in err, err
    assert err.strip("\n").count("\n") == 0, err
    assert snapshot(host) == before
    assert _temporaries(host) == []
    assert os.listdir(tmpdir) == []


# -- two writers at once --------------------------------------------------------------------------

PAIRS = {
    "two new-plugin runs into one toolset": (
        ["new-plugin", "alpha_pack", "--tool", "alpha", "--toolset", "weather", "--yes"],
        ["new-plugin", "beta_pack", "--tool", "beta", "--toolset", "weather", "--yes"],
    ),
    "new-plugin beside lint --fix": (
        ["new-plugin", "alpha_pack", "--tool", "alpha", "--toolset", "weather", "--yes"],
        ["lint", "--fix", "--unsafe-fixes"],
    ),
    "remove-plugin beside new-tool": (
        ["remove-plugin", "zap_pack", "--yes"],
        ["new-tool", "beta", "--toolset", "text", "--core", "--yes"],
    ),
    "two --write-baseline runs": (["lint", "--write-baseline"], ["lint", "--write-baseline"]),
}


def _run_one(args: list[str], barrier, results, index: int) -> None:
    os.environ["HERMES_DEV_NO_CACHE"] = "1"
    barrier.wait()
    results.put((index, run_cli(*args)))


@pytest.mark.parametrize("attempt", range(3))
@pytest.mark.parametrize("pair", sorted(PAIRS))
def test_two_writers_at_once_lose_no_edit(pair, attempt, start_trees, tmp_path):
    route = "remove-plugin" if pair.startswith("remove-plugin") else "new-plugin"
    host = _host_for(route, start_trees, tmp_path)
    ctx = multiprocessing.get_context("fork")
    barrier = ctx.Barrier(2, timeout=60)
    results = ctx.Queue()
    procs = [
        ctx.Process(target=_run_one, args=([*args, "--root", str(host)], barrier, results, i))
        for i, args in enumerate(PAIRS[pair])
    ]
    for proc in procs:
        proc.start()
    outcome = dict(results.get(timeout=180) for _ in procs)
    for proc in procs:
        proc.join(60)
    for index in (0, 1):
        code, _out, err = outcome[index]
        assert code in (0, 1), (PAIRS[pair][index], err)  # (lint: 1 reports what remains)
    toolsets = (host / "toolsets.py").read_text(encoding="utf-8")
    plugins = host / "plugins"
    if pair == "two new-plugin runs into one toolset":
        assert '"alpha"' in toolsets and '"beta"' in toolsets
        assert (plugins / "alpha_pack").is_dir() and (plugins / "beta_pack").is_dir()
    elif pair == "new-plugin beside lint --fix":
        assert '"alpha"' in toolsets and '"fixme"' in toolsets
        fixed = (host / "tools" / "fixme_tool.py").read_text(encoding="utf-8")
        assert 'return json.dumps({"raw": True})' in fixed
    elif pair == "remove-plugin beside new-tool":
        assert not (plugins / "zap_pack").exists()
        assert '"zap"' not in toolsets and '"beta"' in toolsets
    else:
        assert (host / ".hermes-dev-baseline.json").is_file()
        assert run_cli("lint", "--root", str(host))[0] == 0
    assert _temporaries(host) == []
