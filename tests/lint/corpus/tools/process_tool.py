"""Process tools: start and inspect background processes (helpers from a sibling module)."""

import json
import subprocess
import time

from tools import terminal_tool
from tools.registry import registry, tool_error
from tools.terminal_tool import _get_env_config, quote_command

_PROCESSES: dict = {}


def _parse_timeout(value) -> float:
    try:
        return float(value)
    except Exception as e:
        raise RuntimeError(f"timeout must be a number, got {value!r}") from e  # origin: except-reraise


def _cleanup(pid: int) -> None:
    _PROCESSES.pop(pid, None)


def _signal_name(sig: str) -> str:
    if sig not in ("TERM", "KILL", "INT"):
        raise KeyError(f"unknown signal {sig}")  # origin: constant-reaches,finally-only
    return "SIG" + sig


def process_start(args, **kw):
    config = _get_env_config()  # shape: sibling-import  # expect: HD102
    timeout = _parse_timeout(args.get("timeout", 60))  # shape: except-reraise  # expect: HD102
    command = quote_command(args.get("command", ""))  # shlex.split: unbalanced quotes  # expect: HD102
    try:
        proc = subprocess.Popen(command, shell=True, cwd=config["cwd"])
    except OSError as e:
        return tool_error(f"cannot start: {e}")
    _PROCESSES[proc.pid] = (proc, time.time() + timeout)
    return json.dumps({"pid": proc.pid, "backend": config["backend"]})


def process_kill(args, **kw):
    pid = int(args.get("pid", 0))  # expect: HD102
    name = _signal_name("HUP")  # shape: constant-reaches  # expect: HD102
    try:
        proc, _ = _PROCESSES[pid]
        _signal_name(args.get("signal", "TERM"))  # shape: finally-only  # expect: HD102
        proc.terminate()
    finally:
        _cleanup(pid)
    return json.dumps({"killed": pid, "signal": name})


def process_env(args, **kw):
    return json.dumps(terminal_tool._get_env_config())  # shape: sibling-module-attr  # expect: HD102


registry.register(name="process_start", toolset="terminal", schema={}, handler=process_start)
registry.register(name="process_kill", toolset="terminal", schema={}, handler=process_kill)
registry.register(name="process_env", toolset="terminal", schema={}, handler=process_env)
