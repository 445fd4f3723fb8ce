"""`hermes-dev check` as a function: check, apply the baseline, write tests, print the report,
return the exit code (0 clean, 1 findings, 2 usage: a tool named that nothing registers too)."""

from __future__ import annotations

import os
import sys

from hermes_dev.errors import UserError, writable

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

    from hermes_dev.check.result import CheckResult

EXIT_CLEAN = 0
EXIT_FINDINGS = 1
EXIT_USAGE = 2
DEFAULT_BASELINE = ".hermes-dev-baseline.json"


def parse_env(values: Sequence[str]) -> dict[str, str]:
    env: dict[str, str] = {}
    for value in values:
        name, sep, text = value.partition("=")
        if not sep or not name or not name.replace("_", "a").isalnum():
            raise UserError(f"--env {value!r}: write NAME=VALUE")
        env[name] = text
    return env


def run_check(
    names: Sequence[str] = (),
    *,
    all_tools: bool = False,
    root: str | None = None,
    python: str | None = None,
    env: Sequence[str] = (),
    env_placeholders: bool = True,
    timeout: float | None = None,
    max_examples: int | None = None,
    seed: int = 0,
    replay: str | None = None,
    without_env: bool = False,
    write_tests: bool = False,
    fmt: str = "text",
    output: str | None = None,
    select: Sequence[str] | None = None,
    ignore: Sequence[str] | None = None,
    use_lint: bool = True,
    baseline: str | None = None,
    write_baseline: str | None = None,
    no_baseline: bool = False,
    exit_zero: bool = False,
    statistics_: bool = False,
) -> int:
    from hermes_dev.check.run import check
    from hermes_dev.lint.config import split_codes
    from hermes_dev.lint.report import render, statistics

    if without_env and replay is None:
        raise UserError("--without-env goes with --replay")
    _hypothesis_storage()

    def progress(line: str) -> None:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()

    result = check(
        names,
        all_tools=all_tools,
        root=root,
        python=python,
        env=parse_env(env),
        env_placeholders=env_placeholders,
        timeout=timeout,
        max_examples=max_examples,
        seed=seed,
        replay=replay,
        without_env=without_env,
        select=[c for v in select or () for c in split_codes(v)] or None,
        ignore=[c for v in ignore or () for c in split_codes(v)] or None,
        use_lint=use_lint,
        progress=progress if sys.stderr.isatty() else None,
    )
    for name in result.unknown:
        known = ", ".join(sorted(result.checked_tools or ())) or "none of them"
        sys.stderr.write(
            f"hermes-dev: check: no tool named {name!r} is registered (checked: {known})\n"
        )
    for note in result.notes:
        sys.stderr.write(f"hermes-dev: check: {note}\n")
    if replay is not None and result.outcome is not None:
        sys.stderr.write(f"hermes-dev: check: {describe_outcome(result)}\n")
    if write_baseline is not None:
        return _write_baseline(result, write_baseline or baseline)
    hidden = 0
    if not no_baseline:
        hidden = _apply_baseline(result, baseline)
    if write_tests and result.findings:
        from hermes_dev.check.write_tests import write_tests as write

        for path in write(result, max(result.timeout * 2, 5.0)):
            sys.stderr.write(f"hermes-dev: check: wrote {path}\n")
    report = render(result, fmt, result.rules or _rules(result))
    if fmt == "text" and result.unknown and not result.checked_tools and not result.findings:
        report = ""  # no tool ran: "All checks passed" beside exit 2 would say otherwise
    if fmt == "text" and hidden:
        report += f"{hidden} baselined finding{'s' if hidden != 1 else ''} not shown.\n"
    if statistics_ and fmt == "text":
        report += "".join(line + "\n" for line in statistics(result, _rules(result)))
    if output is not None:
        try:
            with open(output, "w", encoding="utf-8") as fh:
                fh.write(writable(report))
        except OSError as exc:
            raise UserError(f"--output {output}: {exc.strerror or exc}") from None
    else:
        sys.stdout.write(writable(report))
        sys.stdout.flush()
    if result.unknown:
        return EXIT_USAGE
    return EXIT_FINDINGS if result.findings and not exit_zero else EXIT_CLEAN


def _rules(result: CheckResult) -> dict[str, type]:
    from hermes_dev.lint import catalog

    codes = {*result.codes, *(f.code for f in result.findings)}
    result.rules = {code: catalog.load_rule(code) for code in sorted(codes)}
    return result.rules


def describe_outcome(result: CheckResult) -> str:
    """What the replayed call did, for people."""
    outcome = result.outcome
    assert outcome is not None
    if outcome.kind == "returned":
        value = outcome.data.get("value")
        preview = value.get("preview") if isinstance(value, dict) else None
        kind = value.get("type", "?") if isinstance(value, dict) else "?"
        return (
            f"the handler returned a {str(kind).removeprefix('builtins.')}: {str(preview)[:300]!r}"
        )
    if outcome.kind == "raised":
        exc = outcome.data.get("exception")
        exc = exc if isinstance(exc, dict) else {}
        return f"the handler raised {exc.get('type')}: {str(exc.get('message'))[:300]}"
    if outcome.kind == "timeout":
        return f"the handler gave no answer within the time limit ({outcome.seconds:.1f} s)"
    return f"the call ended: {outcome.kind} {outcome.detail}".rstrip()


def _baseline_path(result: CheckResult, path: str | None) -> str | None:
    if path is not None:
        return path
    configured = result.config.baseline if result.config is not None else None
    if configured is not None:
        return configured
    default = os.path.join(result.root, DEFAULT_BASELINE)
    return default if os.path.isfile(default) else None


def _apply_baseline(result: CheckResult, path: str | None) -> int:
    from hermes_dev.lint.baseline import apply, gone_message, load

    where = _baseline_path(result, path)
    if where is None:
        return 0
    applied = apply(result, load(where))
    result.findings = applied.new
    result.baseline = where
    if applied.gone:
        sys.stderr.write(gone_message(applied.gone) + "\n")
    return len(applied.baselined)


def _write_baseline(result: CheckResult, target: str | None) -> int:
    from hermes_dev.lint import baseline as baseline_file

    path = target or _baseline_path(result, None) or os.path.join(result.root, DEFAULT_BASELINE)
    previous = baseline_file.previous(path)
    entries = baseline_file.write(path, result, previous)
    n = len(result.findings)
    sys.stderr.write(
        f"hermes-dev: check: recorded {n} finding{'s' if n != 1 else ''} in {path}"
        f" ({entries} entr{'ies' if entries != 1 else 'y'})\n"
    )
    return EXIT_CLEAN


def _hypothesis_storage() -> None:
    """hypothesis keeps caches (its unicode tables) under `.hypothesis/` in the current folder:
    put them under hermes-dev's cache instead, or, with the cache off, in a temporary folder
    removed at exit. A HYPOTHESIS_STORAGE_DIRECTORY the user set is theirs. (Only `check` on
    the command line: the pytest plugin runs in the user's own hypothesis session.)"""
    if os.environ.get("HYPOTHESIS_STORAGE_DIRECTORY"):
        return
    from hermes_dev.lint.cache import cache_dir, disabled_by_env

    if disabled_by_env():
        import atexit
        import shutil
        import tempfile

        where = tempfile.mkdtemp(prefix="hermes-dev-hypothesis-")
        atexit.register(shutil.rmtree, where, True)
    else:
        where = os.path.join(cache_dir(), "check", "hypothesis")
    os.environ["HYPOTHESIS_STORAGE_DIRECTORY"] = where
