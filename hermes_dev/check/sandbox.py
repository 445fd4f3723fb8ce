"""The sandboxed child process, seen from hermes-dev: start it, send calls, read what comes back.

`Child(settings)` starts `_child.py` with the host's interpreter (`python -I -B -X utf8`) in a
fresh temporary folder (cwd; `HOME`, `HERMES_HOME` and `TMPDIR` inside it) with an environment
cleared to what `--env` passes, and talks JSON lines over two pipes (the child's stdout and
stderr go to a log file, so a tool that prints cannot garble the protocol). `call()` waits at
most the per-call timeout; on a time-out it asks the child for a stack dump (SIGUSR1, which
`faulthandler` answers), kills it, and the next call starts a new one.

Everything the child sends is untrusted: each line is bounded (`MAX_LINE`, `MAX_READY_LINE`),
must be a JSON object of a known shape, and anything else counts as the child failing.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

from hermes_dev.errors import UserError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import Any, Self

CHILD_SCRIPT = Path(__file__).with_name("_child.py")
MAX_LINE = 1024 * 1024  # a call's answer or a guard report
MAX_READY_LINE = 32 * 1024 * 1024  # the tool list with every schema
MAX_GUARDS_PER_CALL = 200
LOG_TAIL = 64 * 1024
START_TIMEOUT = 60.0  # importing a real checkout takes seconds; a hang at import is an error
DUMP_WAIT = 0.5
DUMP_POLL = 0.02
# What one call may add to the child's resident memory before it is stopped (the address-space
# limit alone let a runaway call take 3 GB first), and how often that is looked at.
DEFAULT_CALL_MEMORY = 1024**3
MEMORY_POLL = 0.1


class Settings:
    """How the child runs: interpreter, root, environment, limits."""

    def __init__(
        self,
        root: Path,
        python: str,
        env: Mapping[str, str] | None = None,
        timeout: float = 5.0,
        cpu_seconds: int = 600,
        memory_bytes: int = 4 * 1024**3,
        call_memory_bytes: int = DEFAULT_CALL_MEMORY,
        file_size_bytes: int = 64 * 1024**2,
        open_files: int = 1024,
        env_placeholders: bool = True,
        package_modules: Sequence[str] = (),
    ) -> None:
        self.root = root
        self.python = python
        self.env = dict(env or {})
        self.timeout = timeout
        self.cpu_seconds = cpu_seconds
        self.memory_bytes = memory_bytes
        self.call_memory_bytes = call_memory_bytes
        self.file_size_bytes = file_size_bytes
        self.open_files = open_files
        self.env_placeholders = env_placeholders
        self.package_modules = tuple(package_modules)


class Guard:
    """A guard that fired: its kind (network, subprocess, write, ctypes, ...), the audit event,
    what was tried, and the stack (outermost first) without the child's own frames."""

    def __init__(self, kind: str, event: str, detail: str, frames: list[tuple[str, int, str]]):
        self.kind = kind
        self.event = event
        self.detail = detail
        self.frames = frames

    def __repr__(self) -> str:
        return f"Guard({self.kind}, {self.detail!r})"


class Outcome:
    """What one call did: `kind` is returned, raised, timeout, memory (stopped for growing past
    the limit; `detail` by how much), died or harness-error; `data` the child's answer
    (validated); `guards` what fired meanwhile; `frames` the stack of a stopped call."""

    def __init__(
        self,
        kind: str,
        data: dict[str, Any] | None = None,
        guards: list[Guard] | None = None,
        frames: list[tuple[str, int, str]] | None = None,
        detail: str = "",
        seconds: float = 0.0,
    ) -> None:
        self.kind = kind
        self.data = data or {}
        self.guards = guards or []
        self.frames = frames or []
        self.detail = detail
        self.seconds = seconds

    def __repr__(self) -> str:
        return f"Outcome({self.kind}, {self.data!r}, guards={self.guards!r})"


class ChildFailed(Exception):
    """The child could not start (the host does not import) or broke the protocol."""


class ToolInfo:
    """A registered tool as the child describes it."""

    def __init__(self, raw: dict[str, Any]) -> None:
        self.name = _text(raw.get("name"))
        self.toolset = _text(raw.get("toolset"))
        params = raw.get("parameters")
        self.parameters: dict[str, Any] = params if isinstance(params, dict) else {}
        self.is_async = raw.get("is_async") is True
        env = raw.get("requires_env")
        self.requires_env = tuple(
            e for e in (env if isinstance(env, list) else []) if isinstance(e, str)
        )[:50]
        limit = raw.get("limit")
        self.limit = limit if isinstance(limit, int) and not isinstance(limit, bool) else None
        self.handler = _frame(raw.get("handler"))

    def __repr__(self) -> str:
        return f"ToolInfo({self.name})"


def _text(value: object, cap: int = 500) -> str:
    return value[:cap] if isinstance(value, str) else ""


def _frame(value: object) -> tuple[str, int, str] | None:
    if (
        isinstance(value, list)
        and len(value) == 3
        and isinstance(value[0], str)
        and isinstance(value[1], int)
        and isinstance(value[2], str)
    ):
        return (value[0][:4096], value[1], value[2][:500])
    return None


def frames_of(value: object) -> list[tuple[str, int, str]]:
    if not isinstance(value, list):
        return []
    out = [f for f in map(_frame, value[:100]) if f is not None]
    return out


class Child:
    """One sandboxed child at a time; started on first use and after a time-out or a crash."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.tools: dict[str, ToolInfo] = {}
        self.notes: list[str] = []
        self.warned: list[str] = []  # what the host logged as its tools registered
        self.startup_guards: list[Guard] = []
        self.starts = 0
        self.calls = 0
        self._proc: subprocess.Popen[bytes] | None = None
        self._req: int | None = None
        self._resp: int | None = None
        self._buffer = b""
        self._private = Path(tempfile.mkdtemp(prefix="hermes-dev-check-log-"))
        self._sandbox: Path | None = None
        self._log: Path | None = None
        self._next_id = 0

    # -- life --------------------------------------------------------------------------------

    def start(self) -> None:
        if self._proc is not None:
            return
        s = self.settings
        self.starts += 1
        sandbox = Path(tempfile.mkdtemp(prefix="hermes-dev-check-")).resolve()
        home = sandbox / "home"
        hermes_home = home / ".hermes"
        tmp = sandbox / "tmp"
        work = sandbox / "work"
        for folder in (home, hermes_home, tmp, work):
            folder.mkdir(parents=True, exist_ok=True)
        self._sandbox = sandbox
        env = {"HOME": str(home), "HERMES_HOME": str(hermes_home), "TMPDIR": str(tmp)}
        env.update(s.env)
        self._log = self._private / f"child-{self.starts}.log"
        log = open(self._log, "wb")  # noqa: SIM115 -- handed to the child, closed below
        req_read, req_write = os.pipe()
        resp_read, resp_write = os.pipe()
        try:
            self._proc = subprocess.Popen(
                [
                    s.python,
                    "-I",
                    "-B",
                    "-X",
                    "utf8",
                    str(CHILD_SCRIPT),
                    str(req_read),
                    str(resp_write),
                ],
                cwd=work,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=log,
                pass_fds=(req_read, resp_write),
                start_new_session=True,
            )
        except OSError as exc:
            for fd in (req_read, req_write, resp_read, resp_write):
                os.close(fd)
            raise UserError(f"--python {s.python}: cannot run it ({exc.strerror or exc})") from None
        finally:
            log.close()
        os.close(req_read)
        os.close(resp_write)
        self._req, self._resp = req_write, resp_read
        self._buffer = b""
        placeholders: list[str] = []
        self._send(
            {
                "op": "start",
                "root": str(s.root),
                "sandbox": str(sandbox),
                "limits": {
                    "cpu": s.cpu_seconds,
                    "memory": s.memory_bytes,
                    "file_size": s.file_size_bytes,
                    "open_files": s.open_files,
                },
                "placeholders": placeholders,
                "placeholders_after_discovery": s.env_placeholders,
                "keep_unset": sorted(s.env) if not s.env_placeholders else [],
                "package_modules": list(s.package_modules),
            }
        )
        guards: list[Guard] = []
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            try:
                message = self._read(deadline, MAX_READY_LINE)
            except TimeoutError:
                self.stop()
                raise ChildFailed(
                    f"importing the host did not finish in {START_TIMEOUT:.0f} s"
                    " (a module that blocks or loops when it is imported?)"
                ) from None
            if message is None:
                tail = self.log_tail()
                self.stop()
                raise ChildFailed(_last_line(tail) or "the child process ended while starting")
            op = message.get("op")
            if op == "guard":
                guard = _guard(message)
                if guard is not None and len(guards) < MAX_GUARDS_PER_CALL:
                    guards.append(guard)
            elif op == "error":
                self.stop()
                raise ChildFailed(_text(message.get("message"), 2000) or "the host failed")
            elif op == "ready":
                raw_tools = message.get("tools")
                tools = raw_tools if isinstance(raw_tools, list) else []
                self.tools = {}
                for raw in tools[:5000]:
                    if isinstance(raw, dict):
                        info = ToolInfo(raw)
                        if info.name:
                            self.tools[info.name] = info
                notes = message.get("notes")
                self.notes = [_text(n) for n in notes[:50]] if isinstance(notes, list) else []
                warned = message.get("warned")
                self.warned = [_text(n) for n in warned[:5]] if isinstance(warned, list) else []
                if self.starts == 1:
                    self.startup_guards = guards
                return

    def stop(self) -> None:
        proc = self._proc
        self._proc = None
        if proc is not None and proc.poll() is None:
            try:
                if self._req is not None:
                    os.write(self._req, b'{"op": "stop"}\n')
            except OSError:
                pass
            try:
                proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                _kill(proc)
        for fd in (self._req, self._resp):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self._req = self._resp = None
        if self._sandbox is not None:
            shutil.rmtree(self._sandbox, ignore_errors=True)
            self._sandbox = None

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self._private, ignore_errors=True)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- calls -------------------------------------------------------------------------------

    def call(
        self, tool: str, args: object, unset_env: Sequence[str] = (), timeout: float | None = None
    ) -> Outcome:
        """Run one call of `tool`; never raises for what the handler does."""
        self.start()
        proc = self._proc
        assert proc is not None
        self.calls += 1
        self._next_id += 1
        limit = self.settings.timeout if timeout is None else timeout
        began = time.monotonic()
        log_size = self._log.stat().st_size if self._log is not None else 0
        try:
            self._send(
                {
                    "op": "call",
                    "id": self._next_id,
                    "tool": tool,
                    "args": args,
                    "unset_env": list(unset_env),
                }
            )
        except OSError:
            return self._died(proc, [], began)
        guards: list[Guard] = []
        deadline = began + limit
        at_start = resident_bytes(proc.pid)
        next_look = began + MEMORY_POLL
        while True:
            if time.monotonic() >= next_look:
                # (looked at between messages too: a call that sends them all the time, a
                # guard firing in its loop, grew past the limit unseen)
                next_look = time.monotonic() + MEMORY_POLL
                now = resident_bytes(proc.pid)
                grown = now - at_start if now is not None and at_start is not None else 0
                if grown > self.settings.call_memory_bytes:
                    frames = self._dump_and_kill(proc, log_size)
                    return Outcome(
                        "memory",
                        guards=guards,
                        frames=frames,
                        detail=f"{grown / 1024**2:,.0f} MB more than when the call began"
                        f" (the limit is {self.settings.call_memory_bytes / 1024**2:,.0f} MB)",
                        seconds=time.monotonic() - began,
                    )
            try:
                message = self._read(min(deadline, next_look), MAX_LINE)
            except ChildFailed as exc:
                self.stop()
                return Outcome("harness-error", detail=str(exc), guards=guards)
            except TimeoutError:
                if time.monotonic() < deadline:
                    continue
                frames = self._dump_and_kill(proc, log_size)
                return Outcome(
                    "timeout", guards=guards, frames=frames, seconds=time.monotonic() - began
                )
            if message is None:
                return self._died(proc, guards, began)
            op = message.get("op")
            if op == "guard":
                guard = _guard(message)
                if guard is not None and len(guards) < MAX_GUARDS_PER_CALL:
                    guards.append(guard)
            elif op == "result":
                if message.get("id") != self._next_id:
                    continue  # an answer to an earlier call, or a forgery: not this call's
                kind = message.get("outcome")
                if kind not in ("returned", "raised", "unknown-tool", "harness-error"):
                    kind = "harness-error"
                assert isinstance(kind, str)
                return Outcome(
                    kind,
                    data=message,
                    guards=guards,
                    detail=_text(message.get("message"), 2000),
                    seconds=time.monotonic() - began,
                )

    def _died(self, proc: subprocess.Popen[bytes], guards: list[Guard], began: float) -> Outcome:
        try:
            code = proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            _kill(proc)
            code = proc.returncode
        self.stop()
        if code is not None and code < 0:
            try:
                detail = f"killed by {signal.Signals(-code).name}"
            except ValueError:
                detail = f"killed by signal {-code}"
        else:
            detail = f"exited with status {code}"
        return Outcome("died", guards=guards, detail=detail, seconds=time.monotonic() - began)

    def _dump_and_kill(
        self, proc: subprocess.Popen[bytes], log_size: int
    ) -> list[tuple[str, int, str]]:
        """Ask the child for its stacks (faulthandler on SIGUSR1), kill it, and return the
        main thread's stack (the one running the child's call loop), outermost first."""
        try:
            proc.send_signal(signal.SIGUSR1)
            self._await_dump(log_size)
        except OSError:
            pass
        _kill(proc)
        text = ""
        if self._log is not None:
            try:
                with open(self._log, "rb") as fh:
                    fh.seek(log_size)
                    text = fh.read(LOG_TAIL).decode("utf-8", "replace")
            except OSError:
                text = ""
        self.stop()
        return stack_from_dump(text, str(CHILD_SCRIPT))

    def _await_dump(self, log_size: int) -> None:
        """Wait until the dump has stopped growing (faulthandler writes it at once, from its C
        signal handler), at most DUMP_WAIT: a fixed wait cost every time-out half a second."""
        if self._log is None:
            time.sleep(DUMP_WAIT)
            return
        deadline = time.monotonic() + DUMP_WAIT
        last = log_size
        while time.monotonic() < deadline:
            time.sleep(DUMP_POLL)
            try:
                size = self._log.stat().st_size
            except OSError:
                return
            if size > log_size and size == last:
                return
            last = size

    def log_tail(self) -> str:
        if self._log is None:
            return ""
        try:
            with open(self._log, "rb") as fh:
                fh.seek(max(0, self._log.stat().st_size - LOG_TAIL))
                return fh.read().decode("utf-8", "replace")
        except OSError:
            return ""

    # -- the pipes ---------------------------------------------------------------------------

    def _send(self, message: dict[str, Any]) -> None:
        assert self._req is not None
        # (ASCII escapes: a lone surrogate the schema spells reaches the handler as it is)
        data = (json.dumps(message) + "\n").encode("utf-8")
        view = memoryview(data)
        while view:
            written = os.write(self._req, view)
            view = view[written:]

    def _read(self, deadline: float, cap: int) -> dict[str, Any] | None:
        """The next message, None at end of file; TimeoutError past `deadline`; ChildFailed for
        a line over `cap` or one that is not a JSON object."""
        assert self._resp is not None
        while True:
            newline = self._buffer.find(b"\n")
            if newline != -1:
                line, self._buffer = self._buffer[:newline], self._buffer[newline + 1 :]
                return _parse(line)
            if len(self._buffer) > cap:
                raise ChildFailed("the child sent a message over the size limit")
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError
            ready, _, _ = select.select([self._resp], [], [], remaining)
            if not ready:
                continue
            chunk = os.read(self._resp, 1024 * 1024)
            if not chunk:
                return None
            self._buffer += chunk


def _parse(line: bytes) -> dict[str, Any]:
    try:
        message = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ChildFailed("the child sent a line that is not JSON") from None
    if not isinstance(message, dict):
        raise ChildFailed("the child sent a line that is not a JSON object")
    return message


def _guard(message: dict[str, Any]) -> Guard | None:
    kind, event, detail = (_text(message.get(k)) for k in ("kind", "event", "detail"))
    if not kind:
        return None
    return Guard(
        kind, event, _text(message.get("detail"), 2000) or detail, frames_of(message.get("frames"))
    )


def resident_bytes(pid: int) -> int | None:
    """The process's resident memory, from /proc (None where there is none: not Linux)."""
    try:
        with open(f"/proc/{pid}/statm", "rb") as fh:
            return int(fh.read().split()[1]) * _PAGE
    except (OSError, ValueError, IndexError):
        return None


_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def _kill(proc: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except OSError:
        try:
            proc.kill()
        except OSError:
            pass
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        pass


def _last_line(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1][:500] if lines else ""


def stack_from_dump(text: str, child_script: str) -> list[tuple[str, int, str]]:
    """The stack of the thread that runs the child's call loop, from a faulthandler dump
    (`Thread 0x... (most recent call first):` blocks of `  File "P", line N in F`)."""
    blocks: list[list[tuple[str, int, str]]] = []
    current: list[tuple[str, int, str]] | None = None
    for line in text.splitlines():
        if line.startswith(("Thread 0x", "Current thread 0x")):
            current = []
            blocks.append(current)
            continue
        stripped = line.strip()
        if current is None or not stripped.startswith('File "'):
            continue
        try:
            path_end = stripped.index('", line ')
            path = stripped[len('File "') : path_end]
            rest = stripped[path_end + len('", line ') :]
            number, _, function = rest.partition(" in ")
            current.append((path, int(number), function.strip()))
        except ValueError:
            continue
    for block in blocks:
        # Most recent call first: the frames before the child's call wrapper (`recording`)
        # are the handler's and what it called. An async handler waits suspended, off the
        # stack (the thread is in the event loop): then no frame is the handler's.
        if any(path == child_script for path, _, _ in block):
            inner: list[tuple[str, int, str]] = []
            for frame in block:
                if frame[0] == child_script:
                    return list(reversed(inner)) if frame[2] == "recording" else []
                inner.append(frame)
    return []
