"""Run `hermes-dev lint` without importing click when the arguments allow it.

A pre-commit hook runs `hermes-dev lint file1.py file2.py ...` on every commit, so start-up time
counts. Plain arguments (paths and the options of `hermes_dev.lint.options`, as `--opt value` or
`--opt=value`) are parsed here; anything else (`--help`, an unknown option, a missing value, a bad
choice) returns None and the click command handles it with its proper message.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence


def parse(args: Sequence[str]) -> tuple[list[str], dict[str, object]] | None:
    """(paths, option values) for plain arguments, or None to leave them to click."""
    from hermes_dev.lint.options import LINT_OPTIONS, defaults

    by_flag = {opt.flag: opt for opt in LINT_OPTIONS}
    values = defaults()
    paths: list[str] = []
    i = 0
    only_paths = False
    while i < len(args):
        arg = args[i]
        i += 1
        if only_paths or not arg.startswith("-") or arg == "-":
            paths.append(arg)
            continue
        if arg == "--":
            only_paths = True
            continue
        flag, eq, inline = arg.partition("=")
        opt = by_flag.get(flag)
        if opt is None:
            return None
        if not opt.takes_value:
            if eq:
                return None
            values[opt.dest] = True
            continue
        if eq:
            value = inline
        elif opt.optional_value is not None and (
            i >= len(args) or (args[i].startswith("-") and len(args[i]) > 1)
        ):
            value = opt.optional_value  # as click: the next argument is an option, or none
        else:
            if i >= len(args):
                return None
            value = args[i]
            i += 1
        if opt.choices is not None and value not in opt.choices:
            return None
        if opt.multiple:
            current = values[opt.dest]
            assert isinstance(current, list)
            current.append(value)
        else:
            values[opt.dest] = value
    return paths, values


def run_fast(args: Sequence[str]) -> int | None:
    """The exit code of a lint run, or None to let the click CLI handle these arguments."""
    parsed = parse(args)
    if parsed is None:
        return None
    paths, values = parsed
    import gc

    # The process ends after the run. Without the cyclic GC for the whole of it (the imports
    # too), and with what the run made frozen at its end, neither a collection right after
    # `lint()` nor the one at interpreter exit walks the millions of ast nodes about to be
    # thrown away (~20% of a whole-tree run).
    gc.disable()
    from hermes_dev.errors import HermesDevError
    from hermes_dev.lint.run import run_lint

    try:
        return run_lint(
            paths,
            root=values["root"],  # type: ignore[arg-type]
            select=values["select"],  # type: ignore[arg-type]
            ignore=values["ignore"],  # type: ignore[arg-type]
            fmt=str(values["fmt"]),
            output=values["output"],  # type: ignore[arg-type]
            exit_zero=bool(values["exit_zero"]),
            statistics_=bool(values["statistics"]),
            fix=bool(values["fix"]),
            diff=bool(values["diff"]),
            unsafe_fixes=bool(values["unsafe_fixes"]),
            baseline=values["baseline"],  # type: ignore[arg-type]
            write_baseline=values["write_baseline"],  # type: ignore[arg-type]
            show_baselined=bool(values["show_baselined"]),
            no_baseline=bool(values["no_baseline"]),
            stdin_filename=values["stdin_filename"],  # type: ignore[arg-type]
        )
    except HermesDevError as exc:
        sys.stderr.write(f"hermes-dev: error: {exc}\n")
        return exc.exit_code
    except KeyboardInterrupt:
        sys.stderr.write("hermes-dev: interrupted\n")
        return 130
    except BrokenPipeError:
        return 0
    except Exception:  # noqa: BLE001 - a bug: the click path reports it
        # A bug: let the click path run again and report it with the traceback and the hint.
        return None
    finally:
        gc.freeze()
        gc.enable()
