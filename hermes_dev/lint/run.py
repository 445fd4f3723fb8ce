"""`hermes-dev lint` as a function: lint, write the report, return the exit code."""

from __future__ import annotations

import os
import sys

from hermes_dev.errors import UserError, writable
from hermes_dev.lint.config import split_codes
from hermes_dev.lint.engine import complete, lint
from hermes_dev.lint.report import counters, fixed_lines, render, statistics, statistics_json

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import TextIO

    from hermes_dev.lint.baseline import Applied, Baseline
    from hermes_dev.lint.engine import LintResult
    from hermes_dev.lint.fix import FixPlan
    from hermes_dev.lint.rule import Finding
    from hermes_dev.pyast.semantic.modules import Models

DEFAULT_BASELINE = ".hermes-dev-baseline.json"  # as hermes_dev.lint.baseline.DEFAULT_FILE
EXIT_CLEAN = 0
EXIT_FINDINGS = 1
EXIT_ERROR = 2


def _internal_errors(result: LintResult) -> bool:
    """Say on stderr each analysis that failed on a file (the rest of the run stands); True
    when there was one."""
    ctx = result.context
    errors = ctx.internal_errors if ctx is not None else []
    for line in dict.fromkeys(ctx.skipped_deep if ctx is not None else []):
        sys.stderr.write(writable(f"hermes-dev: {line}\n"))
    for line in dict.fromkeys(errors):
        sys.stderr.write(writable(f"hermes-dev: {line}: a bug in hermes-dev, please report it\n"))
    return bool(errors)


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
    baseline: str | None = None,
    write_baseline: str | None = None,
    show_baselined: bool = False,
    no_baseline: bool = False,
    show_fixes: bool = False,
    quiet: bool = False,
    verbose: bool = False,
    color: str = "auto",
    no_cache: bool = False,
    cache_dir: str | None = None,
    stdin_filename: str | None = None,
) -> int:
    """Run the linter and report; 0 clean, 1 findings (0 with `exit_zero`). UserError: exit 2.

    `fix` applies the findings' fixes (safe ones; unsafe ones too with `unsafe_fixes`), all
    files or none, and reports what remains; `diff` prints them as a unified diff instead and
    writes nothing: 1 when there is something to fix, else 0.

    `baseline`: report (and fix) only findings not in this baseline file (default: the
    config's, else `.hermes-dev-baseline.json` at the root when it exists; `no_baseline`: none).
    `write_baseline`: record the findings in this file instead ("": the --baseline file, else the
    config's, else the default at the root) and return 0. `show_baselined`: json and sarif also
    list the findings the baseline leaves out, marked.

    `statistics_`: the report is the count of findings per rule (text, or json) instead of the
    findings. `verbose`: also the analysis counters (on stderr, or after the counts).
    `show_fixes`: what each fix does, or what `fix` fixed. `quiet`: the findings and errors only.
    `color`: "auto" (on a terminal, unless NO_COLOR is set), "always" or "never" (text only).
    `no_cache`: read and write no cache; `cache_dir`: keep it there.

    `paths` of just "-", or none with `stdin_filename`: lint the text on stdin as the file
    `stdin_filename` (which need not exist; the rest of the root is read from disk). With
    `fix`, the fixed text goes to stdout and the report to stderr; `diff` prints its patch.
    """
    if output is not None:
        _check_output(output)
    use_cache = False if no_cache else None
    report = _Report(fmt, output, statistics_, show_fixes, quiet, verbose, color)
    if "-" in paths or (stdin_filename is not None and not paths):
        return _run_stdin(
            paths,
            stdin_filename,
            report,
            root=root,
            select=select,
            ignore=ignore,
            exit_zero=exit_zero,
            fix=fix,
            diff=diff,
            unsafe_fixes=unsafe_fixes,
            baseline=baseline,
            write_baseline=write_baseline,
            show_baselined=show_baselined,
            no_baseline=no_baseline,
            use_cache=use_cache,
            cache_dir=cache_dir,
        )
    if stdin_filename is not None:
        raise UserError(
            "--stdin-filename names the file whose text is on stdin: pass `-`, no paths"
        )

    def run() -> int:
        # With --fix the cache is written once, after the lint that follows the fixes; and this lint
        # runs only the rules that have fixes (the report comes from the lint after the fixes).
        deferred = fix and write_baseline is None
        result = lint(
            paths,
            root=root,
            select=_codes(select),
            ignore=_codes(ignore),
            save_cache=not deferred,
            fixes=("unsafe" if unsafe_fixes else "safe") if deferred and not diff else None,
            use_cache=use_cache,
            cache_dir=cache_dir,
        )
        result.unsafe_fixes = unsafe_fixes
        configured = result.config.baseline if result.config is not None else None
        if write_baseline is not None:
            return _write_baseline(result, write_baseline or baseline or configured, quiet)
        recorded = None if no_baseline else _load_baseline(result, baseline or configured)
        applied = _apply(result, recorded, show_baselined)
        if fix or diff:
            from hermes_dev.lint.fix import applicable

            try:
                if diff:
                    code = _diff(result, unsafe_fixes, quiet)
                    if statistics_:
                        # stdout is the patch: the counts go to stderr, after "Would fix ...".
                        lines = statistics(result, result.rules)
                        sys.stderr.write("".join(line + "\n" for line in lines))
                    return code
                fixed: list[Finding] = []
                if any(applicable(f, unsafe_fixes) for f in result.findings):
                    fixed, models = _fix(result, unsafe_fixes, quiet)
                    if fixed:
                        # Report what remains, where it now is.
                        result = lint(
                            paths,
                            root=root,
                            select=_codes(select),
                            ignore=_codes(ignore),
                            models=models,
                            cache=result.cache,
                            use_cache=use_cache,
                            cache_dir=cache_dir,
                        )
                        result.unsafe_fixes = unsafe_fixes
                        result.fixed = len(fixed)
                        result.fixed_findings = fixed
                        applied = _apply(result, recorded, show_baselined)
                if not fixed and result.pending:
                    # Nothing was written: the rules left out before planning run now.
                    result = complete(result)
                    result.unsafe_fixes = unsafe_fixes
                    applied = _apply(result, recorded, show_baselined)
            finally:
                if result.cache is not None:
                    result.cache.save()  # (a no-op when the second lint saved it)
        report.write(result, applied, sys.stdout)
        if _internal_errors(result):
            return EXIT_ERROR
        if result.findings and not exit_zero:
            return EXIT_FINDINGS
        return EXIT_CLEAN

    if (fix and not diff) or write_baseline is not None:
        # A writer: read, plan and write under the root's lock, as new-tool does.
        from hermes_dev.lint.engine import find_root
        from hermes_dev.writes.lock import root_lock

        with root_lock(find_root(paths, root)):
            return run()
    return run()


def _check_output(output: str) -> None:
    """`--output-file FILE` must be writable before anything else is written (fixes included)."""
    path = os.path.abspath(output)
    folder = os.path.dirname(path)
    if os.path.isdir(path):
        raise UserError(f"--output-file {output}: a folder, not a file")
    if not os.path.isdir(folder):
        raise UserError(f"--output-file {output}: there is no folder {folder}")
    if not os.access(path if os.path.exists(path) else folder, os.W_OK):
        raise UserError(f"--output-file {output}: not writable")


class _Report:
    """How the run reports: the format and the flags that shape it."""

    def __init__(
        self,
        fmt: str,
        output: str | None,
        statistics_: bool,
        show_fixes: bool,
        quiet: bool,
        verbose: bool,
        color: str,
    ) -> None:
        self.fmt = fmt
        self.output = output
        self.statistics = statistics_
        self.show_fixes = show_fixes
        self.quiet = quiet
        self.verbose = verbose
        self.color = color

    def write(self, result: LintResult, applied: Applied | None, stream: TextIO) -> None:
        """The report to `output` (a file) or `stream`; the notes to stderr."""
        fmt = self.fmt
        notes: list[str] = []  # informational lines for stderr (none with --quiet)
        if self.statistics:
            if fmt == "json":
                report = statistics_json(result, result.rules)
            else:
                report = "".join(line + "\n" for line in statistics(result, result.rules))
                if self.verbose:
                    report += "".join(line + "\n" for line in counters(result))
        else:
            paint = _color(self.color, self.output, stream)
            report = render(
                result,
                fmt,
                result.rules,
                color=paint,
                quiet=self.quiet,
                show_fixes=self.show_fixes,
            )
            hidden = len(applied.baselined) if applied is not None else 0
            if fmt == "text" and hidden and result.baseline is not None and not self.quiet:
                shown = os.path.relpath(result.baseline)
                shown = result.baseline if shown.startswith("..") else shown
                s = "s" if hidden != 1 else ""
                report += f"{hidden} baselined finding{s} not shown ({shown}).\n"
            if fmt != "text" and self.show_fixes and result.fixed_findings:
                notes.extend(fixed_lines(result, result.rules))
            if self.verbose:
                notes.extend(counters(result))
        if self.output is not None:
            _write_report(self.output, report)
        else:
            stream.write(writable(report))
            stream.flush()
        if applied is not None and applied.gone:
            from hermes_dev.lint.baseline import gone_message

            notes.append(gone_message(applied.gone))
        if notes and not self.quiet:
            sys.stderr.write(writable("".join(line + "\n" for line in notes)))


def _color(choice: str, output: str | None, stream: TextIO) -> bool:
    """Whether the text report is coloured: `always`, `never`, or on `auto` when it goes to a
    terminal and NO_COLOR is unset or empty (no-color.org: a flag given outranks NO_COLOR)."""
    if choice == "always":
        return True
    if choice == "never" or output is not None or os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("TERM") == "dumb":
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _write_report(output: str, report: str) -> None:
    try:
        with open(output, "w", encoding="utf-8") as fh:
            fh.write(writable(report))
    except OSError as exc:
        raise UserError(f"--output-file {output}: {exc.strerror or exc}") from None


def _load_baseline(result: LintResult, path: str | None) -> Baseline | None:
    """The baseline at `path`, else the default file at the root when there is one."""
    if path is None:
        # The file `--write-baseline` writes by default is used where it is: adopting hermes-dev
        # on a checkout is write the baseline, commit it, add the hook (no setting to add).
        default = os.path.join(result.root, DEFAULT_BASELINE)
        if not os.path.isfile(default):
            return None
        path = default
    from hermes_dev.lint.baseline import load

    return load(path)


def _apply(result: LintResult, recorded: Baseline | None, show: bool) -> Applied | None:
    """Leave the baselined findings out of `result.findings` (json/sarif list them with `show`)."""
    if recorded is None:
        return None
    from hermes_dev.lint.baseline import apply

    applied = apply(result, recorded)
    result.findings = applied.new
    result.baseline = recorded.path
    if show:
        result.baselined = applied.baselined
    return applied


def _write_baseline(result: LintResult, target: str | None, quiet: bool = False) -> int:
    """Record the run's findings in `target` (None: the default file at the root); exit 0."""
    from hermes_dev.lint import baseline as baseline_file

    path = target if target else os.path.join(result.root, DEFAULT_BASELINE)
    previous = baseline_file.previous(path)
    entries = baseline_file.write(path, result, previous)
    n = len(result.findings)
    if quiet:
        return EXIT_CLEAN
    sys.stderr.write(
        f"hermes-dev: recorded {n} finding{'s' if n != 1 else ''} in {path}"
        f" ({entries} entr{'ies' if entries != 1 else 'y'}); commit it, and lint reports"
        " only new findings\n"
    )
    return EXIT_CLEAN


def _plan(result: LintResult, unsafe: bool, quiet: bool) -> FixPlan:
    from hermes_dev.lint.fix import plan_fixes

    parsed = result.models.parsed if result.models is not None else None
    plan = plan_fixes(result.root, result.findings, unsafe=unsafe, parsed=parsed)
    if plan.notes and not quiet:
        sys.stderr.write("".join(f"hermes-dev: {note}\n" for note in plan.notes))
    return plan


def _fix(result: LintResult, unsafe: bool, quiet: bool) -> tuple[list[Finding], Models | None]:
    """Apply the fixes (all files or none): the findings they fixed, and the run's parsed
    modules with the written files' new trees, for the lint that follows."""
    fixes = _plan(result, unsafe, quiet)
    if not fixes.plan.changes:
        return [], None
    fixes.plan.check_writable()
    fixes.plan.apply()
    models = result.models
    if models is not None:
        root = result.root
        changes = fixes.plan.changes
        from hermes_dev.pyast.semantic.import_graph import ImportGraph

        graph = ImportGraph(str(root))
        models = models.carried_over({str(root / c.relpath) for c in changes}, graph.closure)
        for change in changes:
            tree = fixes.trees.get(change.relpath)
            if tree is not None and change.new is not None:
                models.seed(root / change.relpath, change.new.decode("utf-8-sig"), tree)
    return list(fixes.fixed), models


def _diff(result: LintResult, unsafe: bool, quiet: bool) -> int:
    from hermes_dev.lint.fix import applicable

    if not any(applicable(f, unsafe) for f in result.findings):
        if not quiet:
            sys.stderr.write("No fixes available.\n")
        return EXIT_CLEAN
    fixes = _plan(result, unsafe, quiet)
    sys.stdout.write(fixes.plan.diff())
    sys.stdout.flush()
    n = len(fixes.fixed)
    if not quiet:
        sys.stderr.write(f"Would fix {n} finding{'s' if n != 1 else ''}.\n")
    return EXIT_FINDINGS if fixes.plan.changes else EXIT_CLEAN


def _run_stdin(
    paths: Sequence[str],
    stdin_filename: str | None,
    report: _Report,
    *,
    root: str | None,
    select: Sequence[str] | None,
    ignore: Sequence[str] | None,
    exit_zero: bool,
    fix: bool,
    diff: bool,
    unsafe_fixes: bool,
    baseline: str | None,
    write_baseline: str | None,
    show_baselined: bool,
    no_baseline: bool,
    use_cache: bool | None,
    cache_dir: str | None,
) -> int:
    """`lint -`: the text on stdin, linted as the file `stdin_filename`."""
    if any(p != "-" for p in paths) or len(paths) > 1:
        raise UserError("`-` (the text on stdin) is one file: give no other paths with it")
    if stdin_filename is None:
        raise UserError(
            "`lint -` needs --stdin-filename PATH: the file the text on stdin is for (its"
            " root and folder decide which rules apply)"
        )
    if write_baseline is not None:
        raise UserError("--write-baseline records files, not stdin: run it without `-`")
    if os.path.isdir(stdin_filename):
        raise UserError(f"--stdin-filename {stdin_filename}: is a folder, not a file")
    path = os.path.abspath(stdin_filename)
    raw, bom, text, is_utf8 = _read_stdin()

    def run(source: str) -> LintResult:
        return lint(
            [path],
            root=root,
            select=_codes(select),
            ignore=_codes(ignore),
            unsaved={path: source},
            use_cache=use_cache,
            cache_dir=cache_dir,
        )

    result = run(text)
    result.unsafe_fixes = unsafe_fixes
    configured = result.config.baseline if result.config is not None else None
    recorded = None if no_baseline else _load_baseline(result, baseline or configured)
    applied = _apply(result, recorded, show_baselined)
    if not (fix or diff):
        report.write(result, applied, sys.stdout)
        if _internal_errors(result):
            return EXIT_ERROR
        return EXIT_FINDINGS if result.findings and not exit_zero else EXIT_CLEAN
    from hermes_dev.lint.fix import applicable, plan_fixes

    # Only the text on stdin is fixed (a fix of toolsets.py or the env table is left out).
    here = [
        f
        for f in result.findings
        if applicable(f, unsafe_fixes) and f.fix is not None and str(f.fix.path) == path
    ]
    if here and not is_utf8:
        # A fix writes UTF-8: it would change every byte it did not mean to (as on disk).
        sys.stderr.write(
            f"hermes-dev: {stdin_filename}: the text on stdin is not UTF-8; not fixed\n"
        )
        here = []
    change = None
    fixed = 0
    if here:
        parsed = result.models.parsed if result.models is not None else None
        plan = plan_fixes(
            result.root, here, unsafe=unsafe_fixes, parsed=parsed, unsaved={path: text}
        )
        if plan.notes:
            sys.stderr.write("".join(f"hermes-dev: {note}\n" for note in plan.notes))
        change = next(iter(plan.plan.changes), None)
        fixed = len(plan.fixed) if change is not None else 0
    if diff:
        if not here:
            sys.stderr.write("No fixes available.\n")
            return EXIT_CLEAN
        if change is not None:
            from hermes_dev.writes.plan import Plan

            sys.stdout.write(Plan(result.root, (change,)).diff())
            sys.stdout.flush()
        sys.stderr.write(f"Would fix {fixed} finding{'s' if fixed != 1 else ''}.\n")
        return EXIT_FINDINGS if change is not None else EXIT_CLEAN
    new_text = text
    if change is None or change.new is None:
        sys.stdout.buffer.write(raw)  # as it came
    else:
        new_text = change.new.decode("utf-8")
        sys.stdout.buffer.write(bom + change.new)
    sys.stdout.flush()
    if fixed:
        result = run(new_text)
        result.unsafe_fixes = unsafe_fixes
        result.fixed = fixed
        applied = _apply(result, recorded, show_baselined)
    # stdout holds the fixed text: the report goes to stderr (or --output).
    report.write(result, applied, sys.stderr)
    return EXIT_FINDINGS if result.findings and not exit_zero else EXIT_CLEAN


def _read_stdin() -> tuple[bytes, bytes, str, bool]:
    """(the bytes on stdin, their UTF-8 byte-order mark or b"", the text after it, whether it
    was UTF-8); no stdin reads as empty."""
    stream = sys.stdin.buffer if sys.stdin is not None else None
    raw = stream.read() if stream is not None else b""
    bom = b"\xef\xbb\xbf" if raw.startswith(b"\xef\xbb\xbf") else b""
    data = raw[len(bom) :]
    try:
        return raw, bom, data.decode("utf-8"), True
    except UnicodeDecodeError:
        return raw, bom, data.decode("latin-1"), False  # as a file is read (Models.read)
