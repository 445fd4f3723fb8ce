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

    from hermes_dev.lint.engine import LintResult
    from hermes_dev.lint.fix import FixPlan

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
    fix: bool = False,
    diff: bool = False,
    unsafe_fixes: bool = False,
) -> int:
    """Run the linter and report; 0 clean, 1 findings (0 with `exit_zero`). UserError: exit 2.

    `fix` applies the findings' fixes (safe ones; unsafe ones too with `unsafe_fixes`), all
    files or none, and reports what remains; `diff` prints them as a unified diff instead and
    writes nothing: 1 when there is something to fix, else 0."""
    result = lint(paths, root=root, select=_codes(select), ignore=_codes(ignore))
    result.unsafe_fixes = unsafe_fixes
    if fix or diff:
        from hermes_dev.lint.fix import applicable

        if diff:
            return _diff(result, unsafe_fixes)
        if any(applicable(f, unsafe_fixes) for f in result.findings):
            fixed = _fix(result, unsafe_fixes)
            if fixed:
                # Report what remains, where it now is.
                result = lint(paths, root=root, select=_codes(select), ignore=_codes(ignore))
                result.unsafe_fixes = unsafe_fixes
                result.fixed = fixed
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


def _plan(result: LintResult, unsafe: bool) -> FixPlan:
    from hermes_dev.lint.fix import plan_fixes

    plan = plan_fixes(result.root, result.findings, unsafe=unsafe)
    if plan.notes:
        sys.stderr.write("".join(f"hermes-dev: {note}\n" for note in plan.notes))
    return plan


def _fix(result: LintResult, unsafe: bool) -> int:
    """Apply the fixes (all files or none); how many findings they fixed."""
    fixes = _plan(result, unsafe)
    if not fixes.plan.changes:
        return 0
    fixes.plan.check_writable()
    fixes.plan.apply()
    return len(fixes.fixed)


def _diff(result: LintResult, unsafe: bool) -> int:
    from hermes_dev.lint.fix import applicable

    if not any(applicable(f, unsafe) for f in result.findings):
        sys.stderr.write("No fixes available.\n")
        return EXIT_CLEAN
    fixes = _plan(result, unsafe)
    sys.stdout.write(fixes.plan.diff())
    sys.stdout.flush()
    n = len(fixes.fixed)
    sys.stderr.write(f"Would fix {n} finding{'s' if n != 1 else ''}.\n")
    return EXIT_FINDINGS if fixes.plan.changes else EXIT_CLEAN
