"""`hermes-dev lint` as a function: lint, write the report, return the exit code."""

from __future__ import annotations

import sys

from hermes_dev.errors import UserError
from hermes_dev.lint.config import split_codes
from hermes_dev.lint.engine import lint
from hermes_dev.lint.report import render, statistics

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

EXIT_CLEAN = 0
EXIT_FINDINGS = 1


def _codes(values: Sequence[str] | None) -> list[str] | None:
    if not values:
        return None
    return [code for value in values for code in split_codes(value)]


def run_lint(
    paths: Sequence[str] = (),
    root: str | None = None,
    select: Sequence[str] | None = None,
    ignore: Sequence[str] | None = None,
    fmt: str = "text",
    output: str | None = None,
    exit_zero: bool = False,
    statistics_: bool = False,
) -> int:
    """Run the linter and report; 0 clean, 1 findings (0 with `exit_zero`). UserError: exit 2."""
    result = lint(paths, root=root, select=_codes(select), ignore=_codes(ignore))
    report = render(result, fmt, result.rules)
    stats = statistics(result, result.rules) if statistics_ else []
    if stats and fmt == "text":
        report += "".join(line + "\n" for line in stats)
        stats = []
    if output is not None:
        try:
            with open(output, "w", encoding="utf-8") as fh:
                fh.write(report)
        except OSError as exc:
            raise UserError(f"--output {output}: {exc.strerror or exc}") from None
    else:
        sys.stdout.write(report)
        sys.stdout.flush()
    if stats:
        sys.stderr.write("".join(line + "\n" for line in stats))
    if result.findings and not exit_zero:
        return EXIT_FINDINGS
    return EXIT_CLEAN
