"""Suite-wide guards."""

from __future__ import annotations

import signal
from collections import OrderedDict
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


# What the memo below may hold: the characters of the texts whose trees it keeps (a libcst tree
# takes ~350 bytes a character: 1,000,000 is ~350 MB).
_PARSE_MEMO_CHARS = 1_000_000


@pytest.fixture(autouse=True, scope="session")
def _parse_each_text_once() -> Iterator[None]:
    """libcst parses a text once per test process: the edits parse every file they change, and
    the tests give them the same files again and again (each host a copy of the reference
    host, the full-size files of tests/edits/test_on_hermes_shapes.py). Its trees are immutable
    and every edit builds a new one, so a tree parsed before is the tree a parse would give."""
    import libcst

    real = libcst.parse_module
    memo: OrderedDict[str, libcst.Module] = OrderedDict()
    held = 0

    def parse_module(source: object, *args: object, **kwargs: object) -> libcst.Module:
        nonlocal held
        if args or kwargs or not isinstance(source, str):
            return real(source, *args, **kwargs)  # type: ignore[arg-type]
        tree = memo.get(source)
        if tree is not None:
            memo.move_to_end(source)
            return tree
        tree = real(source)
        if len(source) <= _PARSE_MEMO_CHARS // 4:
            memo[source] = tree
            held += len(source)
            while held > _PARSE_MEMO_CHARS:
                held -= len(memo.popitem(last=False)[0])
        return tree

    libcst.parse_module = parse_module  # type: ignore[assignment]
    try:
        yield
    finally:
        libcst.parse_module = real
