"""The child process of `hermes-dev check`: imports the host, registers its tools as Hermes does,
and calls the handlers the parent asks for, inside a sandbox of audit-hook guards.

Run by path with the host's interpreter (`python -I -B -X utf8 _child.py REQ_FD RESP_FD`), so it
imports nothing from hermes_dev and only the standard library: the host's interpreter need not
have hermes-dev installed. The parent writes one JSON object per line to REQ_FD; this process
answers one JSON object per line on RESP_FD, and writes each guard that fires to RESP_FD at once
(from inside the audit hook, so that code under test cannot take a report back).

The guards (`sys.addaudithook`) block and report: network connections, datagrams and name lookups,
subprocesses, `os.system`, `exec`, `fork`, `posix_spawn`, signals to other processes, writes,
renames and deletes outside the sandbox folder, raising resource limits, walking the garbage
collector's object lists (how code would find the hook's state), adding audit hooks, and, once
the host is imported, ctypes. An audit hook cannot be removed; its state lives only in its
closure; the phase switch (import, then calls) only goes forward. They are not a security
boundary: C code, ctypes loaded before the calls, and a determined handler get around them.
"""

# The child keeps serving whatever the code under test raises: broad excepts are its job.
# ruff: noqa: BLE001, S110

from __future__ import annotations

import json
import math
import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

PHASE_EVENT = "hermes_dev.check/phase"
PLACEHOLDER = "hermes-dev-check-placeholder"
TEXT_PREVIEW = 2000
MESSAGE_CAP = 2000
FRAMES_CAP = 60
SCHEMA_CAP = 200_000
REQUEST_CAP = 16 * 1024 * 1024
# What Hermes' dispatch passes every handler (model_tools.handle_function_call), as stand-ins.
HERMES_KWARGS = {
    "task_id": "hermes-dev-check-task",
    "session_id": "hermes-dev-check-session",
    "user_task": "Check that this tool keeps the handler contract.",
}
FAILED_PREFIX = "Tool execution failed:"
ERROR_STATUSES = ("error", "failed", "failure", "fail", "errored")


class SandboxBlocked(PermissionError):
    """What a blocked operation raises: an OSError, as a real refusal would be."""


def _send(fd: int, message: dict[str, Any]) -> None:
    data = (json.dumps(message, ensure_ascii=True, default=repr) + "\n").encode("ascii")
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


# -- the guards ------------------------------------------------------------------------------------


def install_guards(sandbox: str, resp_fd: int, own_file: str) -> None:
    """Add the audit hook. Everything it needs is bound here, in its closure: nothing reachable
    from module globals or other objects changes what it does."""
    import errno

    getframe = sys._getframe
    realpath = os.path.realpath
    join = os.path.join
    dirname = os.path.dirname
    basename = os.path.basename
    isabs = os.path.isabs
    fsdecode = os.fsdecode
    getcwd = os.getcwd
    readlink = os.readlink
    getpid = os.getpid
    blocked_cls = SandboxBlocked
    dumps = json.dumps
    write = os.write
    sandbox_root = realpath(sandbox)
    sandbox_prefix = sandbox_root.rstrip(os.sep) + os.sep
    devices = frozenset({"/dev/null", "/dev/zero", "/dev/stdout", "/dev/stderr"})
    write_flags = os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_TRUNC
    phase = [0]  # 0: importing the host, 1: calling handlers (only ever goes up)
    # Threads whose events are not checked: the one reporting (its own writes to the pipe).
    busy: set[int] = set()
    from _thread import get_ident

    network = {
        "socket.connect": "connect to",
        "socket.sendto": "send to",
        "socket.sendmsg": "send to",
        "socket.getaddrinfo": "look up",
        "socket.gethostbyname": "look up",
        "socket.gethostbyname_ex": "look up",
        "socket.gethostbyaddr": "look up",
        "socket.getnameinfo": "look up",
    }
    processes = {
        "subprocess.Popen": "run",
        "os.system": "run",
        "os.exec": "exec",
        "os.posix_spawn": "spawn",
        "os.spawn": "spawn",
        "os.fork": "fork",
        "os.forkpty": "fork",
        "pty.spawn": "spawn",
        "os.startfile": "run",
    }
    # event -> (positions of the paths it changes, position of its dir_fd or None,
    # whether the path's own name is what changes (no symlink following))
    path_events = {
        "os.rename": ((0, 1), (2, 3), True),
        "os.remove": ((0,), (1,), True),
        "os.rmdir": ((0,), (1,), True),
        "os.mkdir": ((0,), (2,), True),
        "os.link": ((1,), (3,), True),
        "os.symlink": ((1,), (2,), True),
        "os.truncate": ((0,), (), False),
        "os.chmod": ((0,), (2,), False),
        "os.chown": ((0,), (3,), False),
        "os.utime": ((0,), (3,), False),
        "os.chflags": ((0,), (), False),
        "os.lchflags": ((0,), (), True),
        "os.setxattr": ((0,), (), False),
        "os.removexattr": ((0,), (), False),
        "shutil.rmtree": ((0,), (1,), True),
    }

    def frames() -> list[Any]:
        """The stack from where the event was raised out to the handler's caller (the child's
        call wrapper, or its import of the host), outermost first, like a traceback."""
        out: list[Any] = []
        frame: Any = getframe(1)
        while frame is not None and frame.f_code.co_filename == own_file:
            frame = frame.f_back  # the hook's own frames
        while frame is not None and len(out) < FRAMES_CAP:
            code = frame.f_code
            if code.co_filename == own_file:
                break
            out.append(
                [code.co_filename, frame.f_lineno, getattr(code, "co_qualname", code.co_name)]
            )
            frame = frame.f_back
        out.reverse()
        return out

    def report(kind: str, event: str, detail: str) -> None:
        me = get_ident()
        busy.add(me)
        try:
            message = {
                "op": "guard",
                "kind": kind,
                "event": event,
                "detail": detail[:MESSAGE_CAP],
                "frames": frames(),
            }
            data = (dumps(message, ensure_ascii=True, default=repr) + "\n").encode("ascii")
            while data:
                data = data[write(resp_fd, data) :]
        except Exception:
            pass
        finally:
            busy.discard(me)

    def outside(path: object, dir_fd: object, own_name: bool) -> str | None:
        """The resolved path when it is outside the sandbox, else None."""
        if isinstance(path, int):
            return None  # an open descriptor: checked when it was opened
        try:
            text = fsdecode(path)  # type: ignore[arg-type]
        except Exception:
            return repr(path)
        if text in devices:
            return None
        if isabs(text):
            full = text
        elif isinstance(dir_fd, int) and dir_fd >= 0:
            try:
                full = join(readlink(f"/proc/self/fd/{dir_fd}"), text)
            except OSError:
                return text
        else:
            full = join(getcwd(), text)
        if own_name:
            resolved = join(realpath(dirname(full) or "/"), basename(full))
        else:
            resolved = realpath(full)
        if resolved == sandbox_root or resolved.startswith(sandbox_prefix) or resolved in devices:
            return None
        return resolved

    def block(kind: str, event: str, detail: str) -> None:
        report(kind, event, detail)
        raise blocked_cls(errno.EPERM, f"blocked by the hermes-dev check sandbox: {detail}")

    def shown(value: object) -> str:
        return fsdecode(value) if isinstance(value, bytes) else str(value)

    def address(value: object) -> str:
        if isinstance(value, tuple) and len(value) >= 2:
            return f"{shown(value[0])}:{value[1]}"
        return shown(value)

    def hook(event: str, args: tuple[Any, ...]) -> None:
        if busy and get_ident() in busy:
            return
        if event == "open":
            path, mode, flags = args[0], args[1], args[2]
            writes = (flags & write_flags) if isinstance(flags, int) else False
            if not writes and isinstance(mode, str):
                writes = any(c in mode for c in "wax+")
            if writes:
                where = outside(path, None, False)
                if where is not None:
                    block("write", event, f"open {where} for writing")
            return
        if event in path_events:
            positions, fd_positions, own_name = path_events[event]
            dir_fds = [args[i] if i < len(args) else None for i in fd_positions]
            for n, i in enumerate(positions):
                dir_fd = dir_fds[n] if n < len(dir_fds) else (dir_fds[0] if dir_fds else None)
                where = outside(args[i], dir_fd, own_name)
                if where is not None:
                    verb = event.split(".", 1)[1]
                    block("write", event, f"{verb} {where}")
            return
        if event in network:
            if event == "socket.getaddrinfo":
                target = f"{shown(args[0])}:{args[1]}" if args[1] is not None else shown(args[0])
            elif event in ("socket.connect", "socket.sendto", "socket.sendmsg"):
                target = address(args[1])
            else:
                target = address(args[0])
            block("network", event, f"{network[event]} {target}")
        if event in processes:
            command = (
                args[1]
                if event in ("subprocess.Popen", "os.exec", "os.posix_spawn")
                else args[0]
                if args
                else ""
            )
            if isinstance(command, (list, tuple)):
                command = " ".join(
                    fsdecode(a) if isinstance(a, (bytes, str)) else str(a) for a in command
                )
            elif isinstance(command, bytes):
                command = fsdecode(command)
            block("subprocess", event, f"{processes[event]} {command}".rstrip())
        if event in ("os.kill", "os.killpg", "signal.pthread_kill"):
            if event == "os.kill" and args and args[0] == getpid():
                return
            block(
                "subprocess",
                event,
                f"signal {args[1] if len(args) > 1 else ''} to process {args[0]}",
            )
        if event == "sqlite3.connect":
            database = args[0]
            text = fsdecode(database) if isinstance(database, (str, bytes, os.PathLike)) else ""
            if (
                text
                and text != ":memory:"
                and not text.startswith("file:")
                and outside(text, None, False)
            ):
                block("write", event, f"open the database {outside(text, None, False)}")
            return
        if event in ("gc.get_objects", "gc.get_referrers", "gc.get_referents"):
            block("introspection", event, f"{event}() (how code finds the guards' state)")
        if event in ("resource.setrlimit", "resource.prlimit"):
            block("limits", event, "change a resource limit")
        if event == "sys.addaudithook":
            report("audit", event, "add an audit hook")
            raise RuntimeError("audit hooks cannot be added under hermes-dev check")
        if event.startswith("ctypes.") and phase[0] >= 1:
            block("ctypes", event, f"use ctypes ({event})")
        if event == PHASE_EVENT and args and args[0] == "call":
            phase[0] = 1

    sys.addaudithook(hook)


def apply_limits(limits: dict[str, Any]) -> None:
    import resource
    import signal

    def cap(which: int, value: object) -> None:
        if isinstance(value, int) and value > 0:
            try:
                resource.setrlimit(which, (value, value))
            except (ValueError, OSError):
                pass

    cap(resource.RLIMIT_CPU, limits.get("cpu"))
    cap(resource.RLIMIT_AS, limits.get("memory"))
    cap(resource.RLIMIT_FSIZE, limits.get("file_size"))
    cap(resource.RLIMIT_NOFILE, limits.get("open_files"))
    try:
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    except (ValueError, OSError):
        pass
    # A write past RLIMIT_FSIZE fails with EFBIG instead of killing the process.
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)


# -- the host's registry ---------------------------------------------------------------------------


class _Entry:
    """A registration when the host has no registry of its own (a plugin package alone)."""

    def __init__(  # Hermes' register() keywords
        self,
        name: str,
        toolset: str,
        schema: Any,
        handler: Any,
        check_fn: Any = None,
        requires_env: Any = None,
        is_async: bool = False,
        description: str = "",
        emoji: str = "",
        max_result_size_chars: Any = None,
        **extra: Any,
    ) -> None:
        self.name = name
        self.toolset = toolset
        self.schema = schema
        self.handler = handler
        self.check_fn = check_fn
        self.requires_env = list(requires_env or [])
        self.is_async = is_async
        self.max_result_size_chars = max_result_size_chars


class _OwnRegistry:
    """Hermes' registry as far as `check` needs it: register, get_entry, dispatch (handler(args,
    **kw), async handlers run on a persistent loop, every exception turned into an error)."""

    def __init__(self) -> None:
        self._tools: dict[str, Any] = {}
        self._loop: Any = None

    def register(self, name: str, toolset: str, schema: Any, handler: Any, **kw: Any) -> None:
        self._tools[name] = _Entry(name, toolset, schema, handler, **kw)

    def get_entry(self, name: str) -> Any:
        return self._tools.get(name)

    def get_all_tool_names(self) -> list[str]:
        return sorted(self._tools)

    def dispatch(self, name: str, args: Any, **kwargs: Any) -> Any:
        entry = self._tools.get(name)
        if entry is None:
            return json.dumps({"error": f"Unknown tool: {name}"})
        try:
            if entry.is_async:
                import asyncio

                if self._loop is None or self._loop.is_closed():
                    self._loop = asyncio.new_event_loop()
                return self._loop.run_until_complete(entry.handler(args, **kwargs))
            return entry.handler(args, **kwargs)
        except Exception as e:
            return json.dumps({"error": f"{FAILED_PREFIX} {type(e).__name__}: {e}"})


class _RecordingContext:
    """The `ctx` a plugin's register(ctx) gets when the host's own loader cannot be imported."""

    def __init__(self, registry: Any, name: str) -> None:
        self._registry = registry
        self.name = name

    def register_tool(self, name: str, toolset: str, schema: Any, handler: Any, **kw: Any) -> None:
        self._registry.register(name=name, toolset=toolset, schema=schema, handler=handler, **kw)

    def __getattr__(
        self, attr: str
    ) -> Any:  # register_hook, register_command...: recorded as no-ops
        if attr.startswith("register_"):
            return lambda *a, **k: None
        raise AttributeError(attr)


def _plugin_keys(root: str) -> list[Any]:
    """The plugin keys of the checkout's plugins/ (one category level too) and installed entry
    points: every one is enabled, so that each plugin tool is registered."""
    keys = []
    folder = os.path.join(root, "plugins")
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        names = []
    for name in names:
        path = os.path.join(folder, name)
        if not os.path.isdir(path) or name.startswith(("_", ".")):
            continue
        if any(os.path.isfile(os.path.join(path, m)) for m in ("plugin.yaml", "plugin.yml")):
            keys.append(name)
            continue
        try:
            subs = sorted(os.listdir(path))
        except OSError:
            continue
        for sub in subs:
            if any(
                os.path.isfile(os.path.join(path, sub, m)) for m in ("plugin.yaml", "plugin.yml")
            ):
                keys.append(f"{name}/{sub}")
    try:
        import importlib.metadata

        for ep in importlib.metadata.entry_points(group="hermes_agent.plugins"):
            keys.append(ep.name)
    except Exception:
        pass
    return keys


def _load_plugins_with_host_loader(root: str, notes: list[Any]) -> bool:
    """Plugins through the host's `hermes_cli.plugins`; False when it cannot be imported."""
    try:
        import hermes_cli.plugins as loader
    except Exception as exc:
        notes.append(f"hermes_cli.plugins cannot be imported ({type(exc).__name__}: {exc})")
        return False
    discover = getattr(loader, "discover_plugins", None)
    if discover is None:
        return False
    keys = _plugin_keys(root)
    import inspect

    params: Any
    try:
        params = inspect.signature(discover).parameters
    except (TypeError, ValueError):
        params = {}
    try:
        if "enabled" in params:
            discover(enabled=keys)
        else:
            # Hermes reads plugins.enabled from $HERMES_HOME/config.yaml (the sandbox's).
            home = os.environ.get("HERMES_HOME") or os.path.expanduser("~/.hermes")
            os.makedirs(home, exist_ok=True)
            lines = ["plugins:", "  enabled:"] + [f"    - {json.dumps(k)}" for k in keys]
            if not keys:
                lines[-1] = "  enabled: []"
            with open(os.path.join(home, "config.yaml"), "w", encoding="utf-8") as fh:
                fh.write("\n".join(lines) + "\n")
            discover()
    except Exception as exc:
        notes.append(f"plugin discovery failed: {type(exc).__name__}: {exc}")
    return True


def _load_package_plugins(root: str, registry: Any, notes: list[Any], modules: list[Any]) -> None:
    """A plugin package without Hermes: each named module's register(ctx), with a recording ctx."""
    import importlib

    for module_name in modules:
        try:
            module = importlib.import_module(module_name)
            register = getattr(module, "register", None)
            if register is None:
                notes.append(f"plugin module {module_name} has no register(ctx)")
                continue
            register(_RecordingContext(registry, module_name))
        except Exception as exc:
            notes.append(f"plugin module {module_name} failed: {type(exc).__name__}: {exc}")


def _top_level_in(folder: str, module: str) -> bool:
    top = module.split(".")[0]
    return os.path.isdir(os.path.join(folder, top)) or os.path.isfile(
        os.path.join(folder, top + ".py")
    )


def _warnings_kept() -> Any:
    """A logging handler keeping the messages of the first warnings (and errors) logged."""
    import logging

    class Warnings(logging.Handler):
        def __init__(self) -> None:
            super().__init__(logging.WARNING)
            self.seen: list[str] = []

        def emit(self, record: logging.LogRecord) -> None:
            if len(self.seen) < 5:
                try:
                    self.seen.append(str(record.getMessage())[:500])
                except Exception:
                    pass

    return Warnings()


def discover(root: str, package_modules: list[Any], notes: list[Any]) -> Any:
    """Register the host's tools as Hermes does (`discover_builtin_tools()`, then the plugins
    through `hermes_cli.plugins`, then `model_tools` as Hermes imports it at start-up); the
    registry. A plugin package without Hermes gets a registry of its own."""
    import importlib

    try:
        import tools.registry as host_registry
    except Exception as exc:
        if not package_modules:
            raise
        # A plugin package without Hermes installed is the usual case; anything else is news.
        if not (isinstance(exc, ModuleNotFoundError) and exc.name == "tools"):
            notes.append(
                f"no Hermes registry ({type(exc).__name__}: {exc}): plugins registered alone"
            )
        own = _OwnRegistry()
        _load_package_plugins(root, own, notes, package_modules)
        return own
    registry = host_registry.registry
    in_checkout = os.path.isfile(os.path.join(root, "toolsets.py"))
    discover_builtin = getattr(host_registry, "discover_builtin_tools", None)
    if in_checkout and discover_builtin is not None:
        discover_builtin()
    if package_modules and not in_checkout:
        _load_package_plugins(root, registry, notes, package_modules)
    else:
        _load_plugins_with_host_loader(root, notes)
    if in_checkout and os.path.isfile(os.path.join(root, "model_tools.py")):
        try:
            importlib.import_module("model_tools")  # what Hermes imports at start-up
        except Exception as exc:
            notes.append(f"model_tools failed: {type(exc).__name__}: {exc}")
    return registry


def _entries(registry: Any) -> list[Any]:
    names = registry.get_all_tool_names() if hasattr(registry, "get_all_tool_names") else []
    out = []
    for name in names:
        entry = (
            registry.get_entry(name)
            if hasattr(registry, "get_entry")
            else registry._tools.get(name)
        )
        if entry is not None:
            out.append(entry)
    return out


def _location(fn: Any) -> list[Any] | None:
    import functools
    import inspect

    for _ in range(10):
        if isinstance(fn, functools.partial):
            fn = fn.func
            continue
        wrapped = getattr(fn, "__wrapped__", None)
        if wrapped is not None and callable(wrapped):
            fn = wrapped
            continue
        break
    code = getattr(fn, "__code__", None)
    if code is None:
        call = getattr(type(fn), "__call__", None)  # noqa: B004 -- the method's code, not callability
        code = getattr(call, "__code__", None)
    if code is None:
        try:
            return [inspect.getsourcefile(fn), 1, getattr(fn, "__qualname__", repr(fn))]
        except TypeError:
            return None
    return [code.co_filename, code.co_firstlineno, getattr(code, "co_qualname", code.co_name)]


def _json_safe(value: Any, cap: int) -> Any:
    try:
        text = json.dumps(value, default=repr)
    except (TypeError, ValueError, RecursionError):
        return None
    if len(text) > cap:
        return None
    return json.loads(text)


def _limit(registry: Any, entry: Any) -> int | None:
    value = None
    getter = getattr(registry, "get_max_result_size", None)
    if getter is not None:
        try:
            value = getter(entry.name)
        except Exception:
            value = None
    if value is None:
        value = getattr(entry, "max_result_size_chars", None)
    if isinstance(value, (int, float)) and not isinstance(value, bool) and not math.isnan(value):
        if value == float("inf"):
            return None
        return int(value)
    return None


def describe(registry: Any) -> list[Any]:
    out = []
    for entry in _entries(registry):
        schema = getattr(entry, "schema", None)
        params = schema.get("parameters") if isinstance(schema, dict) else None
        requires_env = [
            e for e in (getattr(entry, "requires_env", None) or []) if isinstance(e, str)
        ]
        out.append(
            {
                "name": str(entry.name),
                "toolset": str(getattr(entry, "toolset", "")),
                "parameters": _json_safe(params, SCHEMA_CAP) if params is not None else {},
                "is_async": bool(getattr(entry, "is_async", False)),
                "requires_env": requires_env,
                "limit": _limit(registry, entry),
                "handler": _location(entry.handler),
            }
        )
    return out


# -- one call --------------------------------------------------------------------------------------


def _frames(tb: Any) -> list[Any]:
    import traceback

    frames = list(traceback.extract_tb(tb))[-FRAMES_CAP:]
    return [[f.filename, f.lineno, f.name] for f in frames]


def _exception(exc: BaseException, frames: list[Any] | None = None) -> dict[str, Any]:
    try:
        message = str(exc)
    except Exception:
        message = "<str() failed>"
    cause: BaseException | None = exc
    blocked = False
    for _ in range(10):
        if cause is None:
            break
        if isinstance(cause, SandboxBlocked):
            blocked = True
            break
        cause = cause.__cause__ or cause.__context__
    cls = type(exc)
    return {
        "type": cls.__qualname__,
        "module": cls.__module__,
        "message": message[:MESSAGE_CAP],
        "frames": frames if frames is not None else _frames(exc.__traceback__),
        "blocked": blocked,
    }


def _analyse(value: Any) -> dict[str, Any]:
    """What the parent needs to know of a handler's return value."""
    out: dict[str, Any] = {"type": type(value).__module__ + "." + type(value).__qualname__}
    if (
        isinstance(value, dict)
        and value.get("_multimodal") is True
        and isinstance(value.get("content"), list)
    ):
        out["multimodal"] = True
        return out
    if not isinstance(value, str):
        try:
            out["preview"] = repr(value)[:TEXT_PREVIEW]
        except Exception:
            out["preview"] = "<repr() failed>"
        return out
    out["length"] = len(value)
    out["preview"] = value[:TEXT_PREVIEW]
    try:
        parsed = json.loads(value)
    except (ValueError, RecursionError):
        out["json"] = False
        return out
    out["json"] = True
    if isinstance(parsed, dict):
        error = parsed.get("error")
        out["has_error"] = error not in (None, "", False)
        markers = []
        if parsed.get("success") is False or parsed.get("success") == "false":
            markers.append("success")
        if parsed.get("ok") is False:
            markers.append("ok")
        status = parsed.get("status")
        if isinstance(status, str) and status.strip().lower() in ERROR_STATUSES:
            markers.append("status")
        out["failure_markers"] = markers
    return out


def call(registry: Any, request: dict[str, Any]) -> dict[str, Any]:
    import inspect

    name = request.get("tool")
    args = request.get("args")
    entry = registry.get_entry(name) if hasattr(registry, "get_entry") else None
    if entry is None:
        return {"op": "result", "outcome": "unknown-tool"}
    saved_env = {}
    for var in request.get("unset_env") or []:
        if isinstance(var, str) and var in os.environ:
            saved_env[var] = os.environ.pop(var)
    box: dict[str, Any] = {}
    original = entry.handler

    async def awaiting(awaitable: Any) -> Any:
        try:
            value = await awaitable
        except BaseException as exc:
            box["exc"] = exc
            box["frames"] = _frames(exc.__traceback__)  # before dispatch's frames join it
            raise
        box["value"] = value
        return value

    def recording(call_args: Any, **kwargs: Any) -> Any:
        try:
            value = original(call_args, **kwargs)
        except BaseException as exc:
            box["exc"] = exc
            box["frames"] = _frames(exc.__traceback__)  # before dispatch's frames join it
            raise
        if inspect.isawaitable(value) and getattr(entry, "is_async", False):
            return awaiting(value)
        box["value"] = value
        return value

    kwargs: dict[str, Any] = dict(HERMES_KWARGS)
    try:
        params = inspect.signature(original).parameters
        if "enabled_tools" in params:
            kwargs["enabled_tools"] = [name]
    except (TypeError, ValueError):
        pass
    entry.handler = recording
    dispatched = None
    escaped = None
    try:
        dispatched = registry.dispatch(name, args, **kwargs)
    except BaseException as exc:  # SystemExit, KeyboardInterrupt: past the safety net too
        escaped = exc
    finally:
        entry.handler = original
        os.environ.update(saved_env)
    out: dict[str, Any] = {"op": "result"}
    if "exc" in box:
        out["outcome"] = "raised"
        out["exception"] = _exception(box["exc"], box.get("frames"))
    elif "value" in box:
        value = box["value"]
        out["outcome"] = "returned"
        out["value"] = _analyse(value)
        if inspect.iscoroutine(value):
            value.close()
    elif escaped is not None:
        out["outcome"] = "raised"
        out["exception"] = _exception(escaped)
        out["outside_handler"] = True
    else:
        out["outcome"] = "returned"
        out["value"] = _analyse(dispatched)
    if isinstance(dispatched, str):
        out["dispatched"] = dispatched[:TEXT_PREVIEW]
        if "exc" not in box and escaped is None and FAILED_PREFIX in dispatched[:200]:
            # The registry's own path failed around a handler that returned (is_async wrong).
            out["dispatch_failed"] = dispatched[:MESSAGE_CAP]
    return out


# -- the loop --------------------------------------------------------------------------------------


def main(argv: list[Any]) -> int:
    req_fd, resp_fd = int(argv[1]), int(argv[2])
    requests = os.fdopen(req_fd, "rb", buffering=1024 * 1024)
    own_file = os.path.abspath(__file__)

    def read() -> dict[str, Any] | None:
        line = requests.readline(REQUEST_CAP)
        if not line:
            return None
        message: Any = json.loads(line.decode("utf-8"))
        return message if isinstance(message, dict) else None

    start = read()
    if not isinstance(start, dict):
        return 2
    # Code under test that rewrites `__main__` gets a decoy: this module's functions keep
    # their own globals, and the guards keep everything in their closure.
    import types

    sys.modules["__main__"] = types.ModuleType("__main__")
    root = start["root"]
    sandbox = start["sandbox"]
    import faulthandler
    import signal

    faulthandler.register(signal.SIGUSR1, file=sys.stderr, all_threads=True, chain=False)
    apply_limits(start.get("limits") or {})
    install_guards(sandbox, resp_fd, own_file)
    for var in start.get("placeholders") or []:
        os.environ.setdefault(var, PLACEHOLDER)
    # An editable install of hermes-dev puts its own source folder, reference host included, on
    # sys.path: its `tools` package must never stand in for the host's.
    own_tree = os.path.dirname(os.path.dirname(os.path.dirname(own_file)))
    if os.path.basename(own_tree) not in ("site-packages", "dist-packages") and own_tree != root:
        sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != own_tree]
    sys.path.insert(0, root)
    package_modules = list(start.get("package_modules") or [])
    # A plugin package in the src layout imports from src/ (as its installed wheel would:
    # after the standard library, which a `src/csv.py` must not stand in for).
    src = os.path.join(root, "src")
    if any(_top_level_in(src, str(m)) for m in package_modules):
        sys.path.append(src)
    notes: list[Any] = []
    # What the host logs while its tools register (Hermes logs a tool module that fails to
    # import and goes on): the reason when nothing registers.
    import logging

    warned = _warnings_kept()
    logging.getLogger().addHandler(warned)
    try:
        registry = discover(root, package_modules, notes)
    except BaseException as exc:
        _send(
            resp_fd,
            {
                "op": "error",
                "message": f"{type(exc).__name__}: {exc}"[:MESSAGE_CAP],
                "exception": _exception(exc),
            },
        )
        return 1
    tools = describe(registry)
    if start.get("placeholders_after_discovery", True):
        for tool in tools:
            for var in tool["requires_env"]:
                if var not in (start.get("keep_unset") or []):
                    os.environ.setdefault(var, PLACEHOLDER)
    sys.audit(PHASE_EVENT, "call")
    logging.getLogger().removeHandler(warned)
    _send(resp_fd, {"op": "ready", "tools": tools, "notes": notes[:50], "warned": warned.seen})
    while True:
        request = read()
        if request is None or request.get("op") == "stop":
            return 0
        if request.get("op") == "call":
            try:
                result = call(registry, request)
            except BaseException as exc:  # our own failure: report it, keep serving
                result = {
                    "op": "result",
                    "outcome": "harness-error",
                    "message": f"{type(exc).__name__}: {exc}"[:MESSAGE_CAP],
                }
            result["id"] = request.get("id")
            _send(resp_fd, result)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
