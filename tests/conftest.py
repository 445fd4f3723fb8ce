"""Suite-wide guards."""

from __future__ import annotations

import signal
from collections.abc import Iterator

import pytest

_WATCHED = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


@pytest.fixture(autouse=True)
def _signal_handlers_restored() -> Iterator[None]:
    """A command run in-process must leave the signal handlers as it found them: a handler left
    behind would swallow the next test's Ctrl-C (and a user's, in a long-lived caller)."""
    before = {sig: signal.getsignal(sig) for sig in _WATCHED}
    yield
    after = {sig: signal.getsignal(sig) for sig in _WATCHED}
    changed = [sig.name for sig in _WATCHED if after[sig] is not before[sig]]
    for sig in _WATCHED:
        signal.signal(sig, before[sig])  # type: ignore[arg-type]
    assert not changed, f"signal handlers left changed: {changed}"


@pytest.fixture(autouse=True)
def _strict_analyses(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug in an analysis fails the test: lint would otherwise keep going without it (one
    stderr line, exit 2), which is right for users and would hide it here."""
    monkeypatch.setenv("HERMES_DEV_STRICT", "1")
