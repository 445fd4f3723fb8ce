"""The root lock: one holder at a time, released on every exit path (issue 7, item 3)."""

import multiprocessing
import os
import signal

import pytest

from hermes_dev.errors import UserError
from hermes_dev.scaffold import root_lock
from tests.scaffold.hosts import run_cli


def _hold(root, ready, release):
    with root_lock(root):
        ready.set()
        release.wait(60)


@pytest.fixture
def holder(tmp_path):
    """Another process holding the lock of `tmp_path` until the test ends (or kills it)."""
    ctx = multiprocessing.get_context("fork")
    ready, release = ctx.Event(), ctx.Event()
    proc = ctx.Process(target=_hold, args=(tmp_path, ready, release))
    proc.start()
    assert ready.wait(60)
    yield proc
    if proc.is_alive():  # a killed waiter would make Event.set() wait for it forever
        release.set()
    proc.join(60)


def test_a_held_lock_makes_another_run_wait_then_give_up(tmp_path, holder):
    with (
        pytest.raises(UserError, match="another hermes-dev run is changing"),
        root_lock(tmp_path, timeout=0.2),
    ):
        pass
    with (
        pytest.raises(UserError, match="holds the lock"),
        root_lock(tmp_path, shared=True, timeout=0.2),
    ):
        pass


def test_the_lock_is_released_when_its_holder_is_killed(tmp_path, holder):
    os.kill(holder.pid, signal.SIGKILL)
    holder.join(60)
    with root_lock(tmp_path, timeout=5):
        pass


def test_the_lock_is_released_when_the_block_raises(tmp_path):
    with pytest.raises(RuntimeError), root_lock(tmp_path):
        raise RuntimeError
    with root_lock(tmp_path, timeout=0):
        pass


def test_readers_share_the_lock(tmp_path):
    with root_lock(tmp_path, shared=True), root_lock(tmp_path, shared=True, timeout=0):
        pass


def test_new_tool_takes_the_lock_of_its_root(tmp_path, holder, monkeypatch):
    from hermes_dev.writes import lock as _lock
    from tests.scaffold.hosts import make_host, snapshot

    # The holder locks tmp_path: make it the host's root.
    host = make_host(tmp_path)
    before = snapshot(host)
    monkeypatch.setattr(_lock, "LOCK_TIMEOUT_S", 0.2)
    for command in (["new-tool", "zap"], ["remove-tool", "weather", "--force"]):
        code, _out, err = run_cli(*command, "--root", str(host), "--yes")
        assert code == 2, err
        assert err.startswith("hermes-dev: error: another hermes-dev run is changing"), err
    assert snapshot(host) == before
