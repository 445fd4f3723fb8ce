"""`check --write-tests`: each finding as a pytest regression test in the host's own tests.

One file per tool with findings: `tests/tools/test_check_<tool>.py` in a checkout,
`tests/test_check_<tool>.py` in a plugin package. Each test makes the shrunk call the way
Hermes' dispatch does (the handler with `task_id`, `session_id` and `user_task`; an async one
awaited), on a thread with a time limit, and asserts the contract the finding broke: no
exception escapes, a JSON string comes back, a failure carries `"error"`, the result fits the
limit, and (HD505) no network connection, subprocess or write outside the test's temporary
folder happens (an audit hook, inert outside those tests). The file imports nothing from
hermes-dev: the host's CI runs it with plain pytest. A test fails today and passes once the
handler is fixed. A file there that hermes-dev did not write is never overwritten.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from hermes_dev.errors import UserError, printable, writable

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hermes_dev.check.result import CheckResult
    from hermes_dev.lint.finding import Finding

MARKER = "# hermes-dev: written by check --write-tests"

_HEAD = '''"""Regression tests for the tool {tool!r}, written by `hermes-dev check --write-tests`.

Each test makes one call that broke the handler contract when check ran it; it passes once the
handler keeps the contract. Replay one with the command in its docstring.
"""
{marker}

import asyncio
import json
import os
import sys
import threading

import pytest

TOOL = {tool!r}
PACKAGE_MODULES = {modules!r}
TIMEOUT = {timeout!r}
_GUARD = {{"on": False, "root": "", "fired": []}}


def _entry():
    from tools.registry import registry

    entry = registry.get_entry(TOOL)
    if entry is None:
        from tools.registry import discover_builtin_tools

        discover_builtin_tools()
        entry = registry.get_entry(TOOL)
    if entry is None:
        import importlib

        for name in PACKAGE_MODULES:
            importlib.import_module(name).register(_Context(registry))
        entry = registry.get_entry(TOOL)
    if entry is None:
        pytest.skip(f"{{TOOL}} is not registered here")
    return entry


class _Context:
    def __init__(self, registry):
        self._registry = registry

    def register_tool(self, name, toolset, schema, handler, **kw):
        self._registry.register(name=name, toolset=toolset, schema=schema, handler=handler, **kw)

    def __getattr__(self, attr):
        return lambda *a, **k: None


def _call(args, unset_env=()):
    entry = _entry()
    saved = {{name: os.environ.pop(name) for name in unset_env if name in os.environ}}
    box = {{}}

    def run():
        try:
            value = entry.handler(
                dict(args), task_id="test", session_id="test", user_task="regression test"
            )
            if getattr(entry, "is_async", False):
                value = asyncio.run(value)
            box["value"] = value
        except BaseException as exc:  # noqa: BLE001 -- shown by the test
            box["exc"] = exc

    try:
        thread = threading.Thread(target=run, daemon=True)
        thread.start()
        thread.join(TIMEOUT)
    finally:
        os.environ.update(saved)
    assert not thread.is_alive(), f"no answer within {{TIMEOUT}} s"
    if "exc" in box:
        raise box["exc"]
    return box["value"]


def _contract(value, limit=None):
    if isinstance(value, dict) and value.get("_multimodal") is True:
        return
    assert isinstance(value, str), f"returns a {{type(value).__name__}}, not a JSON string"
    parsed = json.loads(value)
    if isinstance(parsed, dict):
        status = str(parsed.get("status", "")).strip().lower()
        failed = (
            parsed.get("success") is False
            or parsed.get("ok") is False
            or status in ("error", "failed", "failure", "fail", "errored")
        )
        assert not failed or parsed.get("error"), 'a failure without an "error" key'
    if limit is not None:
        assert len(value) <= limit, f"{{len(value)}} characters, over the limit of {{limit}}"


def _hook(event, args):
    if not _GUARD["on"]:
        return
    blocked = None
    if event in ("socket.connect", "socket.getaddrinfo", "socket.sendto", "socket.sendmsg"):
        blocked = f"network: {{event}} {{args[1] if event != 'socket.getaddrinfo' else args[0]}}"
    elif event in ("subprocess.Popen", "os.system", "os.exec", "os.posix_spawn", "os.fork"):
        blocked = f"subprocess: {{event}}"
    elif event == "open" and isinstance(args[0], (str, bytes)) and isinstance(args[2], int):
        path = os.path.realpath(os.fsdecode(args[0]))
        writes = args[2] & (os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_TRUNC)
        if writes and not path.startswith(_GUARD["root"]) and path != os.devnull:
            blocked = f"write: {{path}}"
    if blocked is not None:
        _GUARD["fired"].append(blocked)
        raise PermissionError(f"blocked by the regression test: {{blocked}}")


def _guarded_call(tmp_path, monkeypatch, args, unset_env=()):
    if not getattr(sys, "_hermes_dev_check_hook", False):
        sys.addaudithook(_hook)
        sys._hermes_dev_check_hook = True
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("HERMES_HOME", str(tmp_path / ".hermes"))
    monkeypatch.chdir(tmp_path)
    _GUARD.update(on=True, root=os.path.realpath(tmp_path), fired=[])
    try:
        value = _call(args, unset_env)
    except PermissionError:
        value = None
    finally:
        _GUARD["on"] = False
    assert not _GUARD["fired"], "; ".join(_GUARD["fired"])
    return value
'''

_TEST = '''

def test_{name}(tmp_path, monkeypatch):
    """{code}: {what}

    {replay}
    """
    args = json.loads({args!r})
    {body}
'''


def test_file(result: CheckResult, tool: str) -> Path:
    folder = result.root / "tests"
    if (result.root / "toolsets.py").is_file():
        folder = folder / "tools"
    return folder / f"test_check_{tool}.py"


def render(result: CheckResult, tool: str, findings: list[Finding], timeout: float) -> str:
    from hermes_dev.check.run import find_host

    _, modules = find_host(str(result.root))
    parts = [_HEAD.format(tool=tool, marker=MARKER, modules=list(modules), timeout=timeout)]
    used: dict[str, int] = {}
    for f in findings:
        details = result.details.get(id(f), {})
        args = json.dumps(details.get("arguments", {}), sort_keys=True, ensure_ascii=False)
        raw_unset = details.get("unset_env")
        unset = (
            tuple(v for v in raw_unset if isinstance(v, str)) if isinstance(raw_unset, list) else ()
        )
        what = f.message.split("; replay:", 1)[0]
        slug = re.sub(r"[^a-z0-9]+", "_", what.lower()).strip("_")[:40] or "call"
        name = f"{f.code.lower()}_{slug}"
        used[name] = used.get(name, 0) + 1
        if used[name] > 1:
            name = f"{name}_{used[name]}"
        call = f"args, {unset!r}" if unset else "args"
        if f.code == "HD505":
            body = f"_guarded_call(tmp_path, monkeypatch, {call})"
        elif f.code == "HD506":
            limit = details.get("limit")
            body = f"_contract(_call({call}), limit={limit!r})"
        else:
            body = f"_contract(_call({call}))"
        parts.append(
            _TEST.format(
                name=name,
                code=f.code,
                what=_docstring_text(what),
                replay=_docstring_text(str(details.get("replay", ""))),
                args=args,
                body=body,
            )
        )
    return "".join(parts)


def _docstring_text(text: str) -> str:
    """`text` inside a docstring: a NUL, a control character, a lone surrogate or a line break
    other than \\n is written as its escape (raw, the file would not parse or not read back)."""
    text = text.replace("\\", "\\\\").replace('"""', "'''")
    return printable(text, keep="\n\t")


def write_tests(result: CheckResult, timeout: float = 10.0) -> list[Path]:
    """Write (or rewrite) one test file per tool with findings; the paths written."""
    by_tool: dict[str, list[Finding]] = {}
    for f in result.findings:
        if f.tool is not None and f.code.startswith("HD5"):
            by_tool.setdefault(f.tool, []).append(f)
    written: list[Path] = []
    for tool, findings in sorted(by_tool.items()):
        path = test_file(result, tool)
        if path.exists():
            try:
                current = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                current = ""
            if MARKER not in current:
                raise UserError(f"--write-tests: {path} exists and hermes-dev did not write it")
        text = render(result, tool, findings, timeout)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        try:
            tmp.write_text(writable(text), encoding="utf-8")
            os.replace(tmp, path)
        except OSError as exc:
            tmp.unlink(missing_ok=True)
            raise UserError(f"--write-tests: {path}: {exc.strerror or exc}") from None
        written.append(path)
    return written
