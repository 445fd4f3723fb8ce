"""--write-tests: check's findings as a pytest regression test in the host's own tests."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

    from hermes_dev.check.result import CheckResult


def write_tests(result: CheckResult) -> list[Path]:
    return []
