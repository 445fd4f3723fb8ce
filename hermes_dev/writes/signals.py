"""SIGINT, SIGTERM and SIGHUP while new-tool or remove-tool runs.

While a plan is being written they wait: `Plan.apply` finishes the file in hand, rolls the whole
plan back and then raises `Interrupted`. Elsewhere (reading, rendering) SIGTERM and SIGHUP raise
`Interrupted` at once, as Ctrl-C raises KeyboardInterrupt, so every `with` block cleans up: the
render's temporary folder is removed, its child process ended, the root's lock released.

Handlers can only be set in the main thread; elsewhere these do nothing. A signal that was
ignored when they start (SIGHUP under `nohup`) stays ignored.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType

from hermes_dev.errors import Interrupted

_Handler = Callable[[int, FrameType | None], None]


def _signals(names: tuple[str, ...]) -> list[signal.Signals]:
    return [getattr(signal, name) for name in names if hasattr(signal, name)]


@contextmanager
def _handlers(signals: list[signal.Signals], handler: _Handler) -> Iterator[None]:
    previous: dict[signal.Signals, object] = {}
    try:
        try:
            for sig in signals:
                if signal.getsignal(sig) is signal.SIG_IGN:
                    continue
                previous[sig] = signal.signal(sig, handler)
        except ValueError:
            # Not the main thread (signal.signal refuses there, before setting anything):
            # nothing to set. (Asking `threading` would import it, ~1 ms of a pre-commit run.)
            pass
        yield
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)  # type: ignore[arg-type]


@contextmanager
def signals_raise() -> Iterator[None]:
    """SIGTERM and SIGHUP raise Interrupted in the `with` block (SIGINT raises
    KeyboardInterrupt already).

    A signal that lands in a finalizer (a weakref callback, a `__del__`) raises there, where
    Python can only print the exception and go on: it is raised again a moment later instead
    (by a one-shot timer), where the run's `with` blocks clean up, and nothing is printed."""
    import sys

    again: list[BaseException] = []

    def handler(signum: int, frame: FrameType | None) -> None:
        raise Interrupted(signum)

    def raise_again(signum: int, frame: FrameType | None) -> None:
        if again:
            raise again.pop()

    previous_hook = sys.unraisablehook

    def unraisable(info: sys.UnraisableHookArgs) -> None:
        value = info.exc_value
        if isinstance(value, Interrupted | KeyboardInterrupt) and hasattr(signal, "setitimer"):
            again.append(Interrupted(value.signum) if isinstance(value, Interrupted) else value)
            signal.setitimer(signal.ITIMER_REAL, 0.001)
            return
        previous_hook(info)

    sys.unraisablehook = unraisable
    try:
        with (
            _handlers(_signals(("SIGTERM", "SIGHUP")), handler),
            _handlers(_signals(("SIGALRM",)), raise_again),
        ):
            yield
    finally:
        sys.unraisablehook = previous_hook
        if again and hasattr(signal, "setitimer"):
            signal.setitimer(signal.ITIMER_REAL, 0)


@contextmanager
def signals_deferred() -> Iterator[Callable[[], int | None]]:
    """SIGINT, SIGTERM and SIGHUP are recorded, not acted on, in the `with` block; the function
    it gives returns the first one received (None before any)."""
    received: list[int] = []

    def handler(signum: int, frame: FrameType | None) -> None:
        received.append(signum)

    with _handlers(_signals(("SIGINT", "SIGTERM", "SIGHUP")), handler):
        yield lambda: received[0] if received else None
