"""check's search time limit fires again when its first signal is swallowed (a signal that lands
in a weakref callback or a finaliser is, "Exception ignored"), so a slow search still ends."""

import time

import pytest

from hermes_dev.check.cases import _time_limit, _TooSlow


def test_the_limit_fires_again_after_a_swallowed_signal() -> None:
    swallowed = 0
    started = time.monotonic()
    with pytest.raises(_TooSlow), _time_limit(0.1):
        while time.monotonic() - started < 5:
            try:
                time.sleep(0.01)
            except _TooSlow:
                if swallowed:
                    raise
                swallowed += 1  # (as a weakref callback would)
    assert swallowed == 1
    assert time.monotonic() - started < 2


def test_no_signal_after_the_block() -> None:
    with _time_limit(0.05):
        pass
    time.sleep(0.7)  # (a timer left running would raise here)
