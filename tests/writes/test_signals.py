"""`writes.signals`: handlers only in the main thread, put back after, ignored signals kept."""

from __future__ import annotations

import os
import signal
import threading

import pytest

from hermes_dev.errors import Interrupted
from hermes_dev.writes.signals import signals_deferred, signals_raise


def test_a_signal_is_recorded_and_the_old_handler_comes_back() -> None:
    before = signal.getsignal(signal.SIGTERM)
    with signals_deferred() as received:
        assert received() is None
        os.kill(os.getpid(), signal.SIGTERM)
        assert received() == signal.SIGTERM
    assert signal.getsignal(signal.SIGTERM) is before


def test_signals_raise_raises_interrupted() -> None:
    with pytest.raises(Interrupted), signals_raise():
        os.kill(os.getpid(), signal.SIGTERM)


def test_an_ignored_signal_stays_ignored() -> None:
    previous = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:
        with signals_deferred():
            assert signal.getsignal(signal.SIGHUP) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGHUP, previous)


def test_outside_the_main_thread_nothing_is_set() -> None:
    before = signal.getsignal(signal.SIGTERM)
    seen: list[object] = []

    def run() -> None:
        try:
            with signals_deferred() as received:
                seen.append(signal.getsignal(signal.SIGTERM))
                seen.append(received())
        except BaseException as exc:  # noqa: BLE001 - the test reports it
            seen.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    assert seen == [before, None]
    assert signal.getsignal(signal.SIGTERM) is before
