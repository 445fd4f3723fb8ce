"""The `hermes-dev` command line: a click group over the package API.

Each command lives in `hermes_dev/cli/<name>.py` as a click command and is imported only
when it runs (or when help lists it), so a command pays only for the libraries it uses.
The top layer: may import any part of hermes_dev; nothing imports it.
"""

from __future__ import annotations

import importlib
import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs milliseconds at start-up, paid on every pre-commit run
    from collections.abc import Sequence
    from typing import Any, NoReturn

# Command name -> module under hermes_dev.cli that defines `command`.
COMMANDS = {
    "new-tool": "new_tool",
    "remove-tool": "remove_tool",
    "new-plugin": "new_plugin",
    "remove-plugin": "remove_plugin",
    "lint": "lint",
    "rule": "rule",
    "server": "server",
    "check": "check",
}

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_USAGE = 2
EXIT_BUG = 3
EXIT_INTERRUPTED = 130

BUG_HINT = "this is a bug in hermes-dev; please report it with the traceback above"


def _load_command(name: str) -> Any:
    module = importlib.import_module(f"hermes_dev.cli.{COMMANDS[name]}")
    return module.command


def build_cli() -> Any:
    import click

    from hermes_dev import __version__

    class LazyGroup(click.Group):
        def list_commands(self, ctx: click.Context) -> list[str]:
            return sorted(COMMANDS)

        def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
            if cmd_name not in COMMANDS:
                return None
            command: click.Command = _load_command(cmd_name)
            return command

    @click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
    @click.version_option(__version__, prog_name="hermes-dev")
    def cli() -> None:
        """Scaffold and lint tools for Hermes Agent.

        \b
        hermes-dev new-tool weather --env WEATHER_API_KEY --param location:string
        hermes-dev lint
        hermes-dev check weather
        hermes-dev rule HD101
        """

    return cli


def run_click(args: Sequence[str]) -> int:
    """Run the click CLI and map every failure to one line and an exit code."""
    import click

    from hermes_dev.errors import HermesDevError, Interrupted

    cli = build_cli()
    try:
        rv = cli.main(list(args), prog_name="hermes-dev", standalone_mode=False)
    except click.exceptions.Abort as exc:  # Ctrl-C or end of input (at a prompt, say)
        click.echo(_interrupted(exc.__cause__), err=True)
        return EXIT_INTERRUPTED
    except click.UsageError as exc:  # one line, like every other error
        where = exc.ctx.command_path if exc.ctx is not None else "hermes-dev"
        message = " ".join(exc.format_message().split())
        click.echo(f"hermes-dev: error: {message} (see '{where} --help')", err=True)
        return EXIT_USAGE
    except click.ClickException as exc:
        exc.show()
        return EXIT_USAGE if exc.exit_code == 2 else exc.exit_code
    except Interrupted as exc:  # SIGTERM, SIGHUP, or a signal while files were written
        click.echo(f"hermes-dev: {exc}", err=True)
        return exc.exit_code
    except HermesDevError as exc:
        click.echo(f"hermes-dev: error: {exc}", err=True)
        return exc.exit_code
    except KeyboardInterrupt as exc:
        click.echo(_interrupted(exc), err=True)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return EXIT_OK
    except OSError as exc:  # the environment (a full disk, a read-only folder), not a bug
        where = f" ({exc.filename})" if exc.filename else ""
        click.echo(f"hermes-dev: error: {exc.strerror or exc}{where}", err=True)
        return EXIT_USAGE
    except Exception as exc:  # noqa: BLE001 -- the last resort: a bug, shown with its traceback
        # A signal that lands while Python creates a class comes wrapped (RuntimeError: Error
        # calling __set_name__ ...): it is the interrupt, not a bug.
        signal_exc = _signal_cause(exc)
        if isinstance(signal_exc, Interrupted):
            click.echo(f"hermes-dev: {signal_exc}", err=True)
            return signal_exc.exit_code
        if isinstance(signal_exc, KeyboardInterrupt):
            click.echo(_interrupted(signal_exc), err=True)
            return EXIT_INTERRUPTED
        import traceback

        traceback.print_exc()
        click.echo(f"hermes-dev: unexpected error: {BUG_HINT}", err=True)
        return EXIT_BUG
    # Commands return their exit code; --help and --version return None.
    return rv if isinstance(rv, int) else EXIT_OK


def _signal_cause(exc: BaseException) -> BaseException | None:
    """The KeyboardInterrupt or Interrupted an exception was raised from, if any."""
    from hermes_dev.errors import Interrupted

    seen: set[int] = set()
    cause: BaseException | None = exc
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, (KeyboardInterrupt, Interrupted)):
            return cause
        seen.add(id(cause))
        cause = cause.__cause__ or cause.__context__
    return None


def _interrupted(exc: BaseException | None) -> str:
    """The line for Ctrl-C; a note on the exception says what a roll-back left, if one ran."""
    notes = [n.removeprefix("hermes-dev: ") for n in getattr(exc, "__notes__", [])]
    return "; ".join(["hermes-dev: interrupted", *notes])


def unsupported_platform() -> str | None:
    """The platform's name when hermes-dev does not run on it, else None. It needs POSIX
    (Linux, macOS): the root lock is flock(2), writes keep POSIX modes and owners, and signals
    roll a plan back."""
    if os.name == "posix":
        return None
    return sys.platform


def main(argv: Sequence[str] | None = None) -> NoReturn:
    other = unsupported_platform()
    if other is not None:
        sys.stderr.write(
            f"hermes-dev: error: hermes-dev runs on POSIX systems (Linux, macOS), not on {other}"
            " (on Windows, use WSL)\n"
        )
        sys.exit(EXIT_USAGE)
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        if args[:1] == ["lint"]:
            # A pre-commit hook runs `lint` on every commit: skip click's import when the
            # arguments are plain enough for the fast parser (it returns None otherwise).
            from hermes_dev.cli.fastpath import run_fast

            code = run_fast(args[1:])
            if code is not None:
                sys.exit(code)
        code = run_click(args)
    except KeyboardInterrupt:
        # Ctrl-C before run_click's own handling is in place (while click is imported).
        sys.stderr.write("hermes-dev: interrupted\n")
        code = EXIT_INTERRUPTED
    finally:
        if argv is None:  # the program itself, not a caller running it in its own process
            _ignore_ctrl_c()
    sys.exit(code)


def _ignore_ctrl_c() -> None:
    """The run is over and cleaned up: a Ctrl-C from here on would land in the interpreter's
    own shutdown (logging's atexit hook, say), which can only print a traceback."""
    import signal

    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread
        pass
