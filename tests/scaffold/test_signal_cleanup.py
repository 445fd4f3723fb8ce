"""SIGTERM, SIGINT or SIGHUP at any moment of new-tool and new-plugin (issue 20, item 7): no
temporary folder is left (hermes-dev's `hermes-dev-render-*`, copier's own `copier._vcs.*`), no
child process outlives the run, and the checkout is as it was or wholly written.

Each run is a real process with its own $TMPDIR, signalled after a delay drawn from a fixed seed
over the whole length of a run (start-up, render, edits, writes)."""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.scaffold.hosts import make_host, snapshot

COMMANDS = {
    "new-tool": ["new-tool", "zap", "--env", "ZAP_API_KEY", "--param", "q:string", "--yes"],
    "new-plugin": ["new-plugin", "zap_pack", "--tool", "zap", "--toolset", "weather", "--yes"],
}
SIGNALS = ["SIGTERM", "SIGINT", "SIGHUP"]
RUNS = 3  # per command and signal


def _hermes_dev() -> list[str]:
    script = shutil.which("hermes-dev", path=os.path.dirname(sys.executable))
    return [script] if script else [sys.executable, "-c", "from hermes_dev.cli import main; main()"]


def _processes_mentioning(text: str) -> list[str]:
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")
        except OSError:
            continue
        if text.encode() in cmdline and int(pid) != os.getpid():
            found.append(cmdline.decode("utf-8", "replace"))
    return found


@pytest.fixture(scope="module")
def durations(tmp_path_factory):
    """How long an undisturbed run of each command takes here."""
    took = {}
    for name, args in COMMANDS.items():
        host = make_host(tmp_path_factory.mktemp(name) / "host")
        start = time.monotonic()
        done = subprocess.run(
            [*_hermes_dev(), *args, "--root", str(host)], capture_output=True, check=False
        )
        took[name] = time.monotonic() - start
        assert done.returncode == 0, done.stderr
        took[name, "after"] = snapshot(host)
    return took


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc to find child processes")
@pytest.mark.parametrize("sig", SIGNALS)
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_signal_at_any_moment_leaves_no_temporary_folder_or_process(
    tmp_path, durations, command, sig
):
    rng = random.Random(f"{command}-{sig}")
    for run in range(RUNS):
        host = make_host(tmp_path / f"host{run}")
        tmpdir = tmp_path / f"tmp{run}"
        tmpdir.mkdir()
        before = snapshot(host)
        env = {**os.environ, "TMPDIR": str(tmpdir)}
        env.pop("HERMES_DEV_RENDER_IN_PROCESS", None)
        proc = subprocess.Popen(
            [*_hermes_dev(), *COMMANDS[command], "--root", str(host)],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        time.sleep(rng.uniform(0.05, durations[command]))
        proc.send_signal(getattr(signal, sig))
        _out, err = proc.communicate(timeout=120)
        message = err.decode("utf-8", "replace")
        time.sleep(0.1)  # (a killed child is reaped by init, not at once)
        assert "Traceback" not in message, message
        assert sorted(os.listdir(tmpdir)) == [], (run, message)
        assert _processes_mentioning(str(tmpdir)) == [], (run, message)
        # All or nothing (a signal after the last write, as the run ends, may still end it).
        after = snapshot(host)
        if proc.returncode == 0:
            assert after == durations[command, "after"], run
        else:
            assert after in (before, durations[command, "after"]), (run, proc.returncode, message)
