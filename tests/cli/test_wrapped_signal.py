"""A signal that Python wraps on its way out (a Ctrl-C while a class is being created surfaces as
`RuntimeError: Error calling __set_name__ ...` raised from the KeyboardInterrupt) is an
interrupt: one line and the interrupt's exit code, never a traceback and a bug report."""

from __future__ import annotations

import signal

import pytest

import hermes_dev.cli as cli
from hermes_dev.errors import Interrupted


def _raising(exc: BaseException):  # type: ignore[no-untyped-def]
    class Boom:
        def main(self, *args: object, **kwargs: object) -> None:
            raise exc

    return lambda: Boom()


def _wrapped(inner: BaseException) -> RuntimeError:
    try:
        try:
            raise inner
        except BaseException as caught:
            raise RuntimeError("Error calling __set_name__ on '_Lazy' instance") from caught
    except RuntimeError as outer:
        return outer


def test_a_wrapped_ctrl_c_is_an_interrupt(monkeypatch: pytest.MonkeyPatch, capsys) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(cli, "build_cli", _raising(_wrapped(KeyboardInterrupt())))
    assert cli.run_click(["lint"]) == 130
    err = capsys.readouterr().err
    assert err == "hermes-dev: interrupted\n"


def test_a_wrapped_sigterm_keeps_its_exit_code(monkeypatch: pytest.MonkeyPatch, capsys) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(cli, "build_cli", _raising(_wrapped(Interrupted(signal.SIGTERM))))
    assert cli.run_click(["lint"]) == 128 + signal.SIGTERM
    assert "Traceback" not in capsys.readouterr().err


def test_a_plain_runtime_error_is_still_a_bug(monkeypatch: pytest.MonkeyPatch, capsys) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(cli, "build_cli", _raising(RuntimeError("boom")))
    assert cli.run_click(["lint"]) == cli.EXIT_BUG
    assert "Traceback" in capsys.readouterr().err


def test_ctrl_c_before_click_is_ready_is_one_line(monkeypatch: pytest.MonkeyPatch, capsys) -> None:  # type: ignore[no-untyped-def]
    # (a SIGINT that lands while `import click` runs, before run_click's handlers)
    def interrupted(args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "run_click", interrupted)
    with pytest.raises(SystemExit) as exited:
        cli.main(["new-tool", "x"])
    assert exited.value.code == 130
    assert capsys.readouterr().err == "hermes-dev: interrupted\n"


@pytest.mark.parametrize("args", [["--version"], ["lint", "--select", "HD101", "nothing.py"]])
def test_ctrl_c_during_the_interpreters_shutdown_prints_nothing(tmp_path, args) -> None:  # type: ignore[no-untyped-def]
    # The run is over; a Ctrl-C that lands in an atexit hook (logging's, in a real run) would
    # print "Exception ignored in atexit callback" and a traceback.
    import subprocess
    import sys

    program = (
        "import atexit, os, signal, sys\n"
        "atexit.register(lambda: os.kill(os.getpid(), signal.SIGINT))\n"
        f"sys.argv = ['hermes-dev', *{args!r}]\n"
        "from hermes_dev.cli import main\n"
        "main()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], cwd=tmp_path, capture_output=True, text=True, check=False
    )
    assert "Traceback" not in done.stderr, done.stderr
    assert "KeyboardInterrupt" not in done.stderr
    assert done.returncode in (0, 1, 2)
