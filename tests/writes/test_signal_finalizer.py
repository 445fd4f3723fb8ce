"""A signal that lands in a finalizer is delivered again, where the run can clean up."""

from __future__ import annotations

import signal
import time

import pytest

from hermes_dev.errors import Interrupted
from hermes_dev.writes.signals import signals_raise


class _Raises:
    def __del__(self) -> None:
        # What the SIGHUP handler does when the signal arrives while this finalizer runs.
        raise Interrupted(signal.SIGHUP)


def test_an_interrupt_raised_in_a_finalizer_ends_the_block_and_prints_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    ran_on = False
    with pytest.raises(Interrupted) as caught, signals_raise():
        _Raises()  # dropped at once: its finalizer raises, which Python can only print
        ran_on = True
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            pass  # the signal, raised again a moment later, lands in the block
    assert caught.value.signum == signal.SIGHUP and ran_on
    assert "Exception ignored" not in capsys.readouterr().err


def test_outside_the_block_python_reports_as_before() -> None:
    hook = __import__("sys").unraisablehook
    with signals_raise():
        pass
    assert __import__("sys").unraisablehook is hook
