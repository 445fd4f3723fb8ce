"""hermes-dev runs on POSIX systems (Linux, macOS); anywhere else it says so in one line and
exits 2, before doing anything."""

from __future__ import annotations

import os
import sys

import pytest

import hermes_dev.cli as cli


def test_this_platform_is_supported() -> None:
    assert os.name == "posix" and cli.unsupported_platform() is None


def test_the_check_reads_the_platform(monkeypatch: pytest.MonkeyPatch) -> None:
    with monkeypatch.context() as patched:
        patched.setattr(os, "name", "nt")
        patched.setattr(sys, "platform", "win32")
        found = cli.unsupported_platform()
    assert found == "win32"


@pytest.mark.parametrize("args", [["lint"], ["new-tool", "ping", "--yes"], ["--help"], []])
def test_elsewhere_one_line_and_exit_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path, args
) -> None:
    monkeypatch.setattr(cli, "unsupported_platform", lambda: "win32")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exited:
        cli.main(args)
    assert exited.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        "hermes-dev: error: hermes-dev runs on POSIX systems (Linux, macOS), not on win32"
        " (on Windows, use WSL)\n"
    )
    assert list(tmp_path.iterdir()) == []  # nothing was done
