"""Run `hermes-dev lint` without importing click when the arguments allow it."""

from __future__ import annotations

from collections.abc import Sequence


def run_fast(args: Sequence[str]) -> int | None:
    """The exit code of a lint run, or None to let the click CLI handle these arguments."""
    return None
