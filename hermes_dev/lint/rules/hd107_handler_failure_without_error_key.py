"""## What it does
Reports a `return` in a tool handler (or in the function a handler lambda or `functools.partial`
forwards to) that can give a JSON object reporting a failure without an `"error"` key. A JSON
object reports a failure when its own flags say so: `"success": False`, `"ok": False` (or `0`), or a
`"status"` (`"state"`, `"result"`, `"outcome"`) of `"error"`, `"failed"`, `"failure"`, `"fail"`,
`"fatal"`, `"unavailable"` or `"not_found"` (or a compound ending in one: `"tm_unreachable"`,
`"upload_failed"`; or an error code: `"ERR_TIMEOUT"`, a C library error name as `"EINVAL"`; or a number: an HTTP error status, 400-599, or a program's code 1-99 whose reason says what went wrong, `{"status": 3, "msg": "no data"}`) beside a key that says why (`message`, `reason`, a
failed command's `stderr` or `output`, an `http_status` or `exit_code`...; `"not_found"` also beside only
the id asked for, `{"status": "not_found", "ticket_id": ...}`); `"cancelled": False` or
`"valid": False` beside a reason (the input could not be used; from a def named for judging
its input, `validate_email`, `verify`, `check`, `valid: False` is its verdict, not a failure);
`"found": False` beside only what was asked for and why (`{"matter_id": m, "found": False,
"message": ...}`; with data beside it, `"bins": []`, it is an answer); `"failed": True` (or
`"failure"`) beside a reason and no key that names an item (Ansible's `fail_json`: `{"failed":
True, "msg": ...}`, also set item by item on a helper's `**kwargs`):
`json.dumps({"success": False, "message": ...})`, `tool_result(ok=False, reason=...)`; an
action's flag False (`"sent": False`) with only what it was for (`to`, `url`, `file`...) and why
beside it (and the choices the model could have made, `"available"`, `"options"`,
`"suggestions"`, `"alternatives"`, `"known"`, `"supported_units"`...); a list of skipped items beside `"success": False` is data, not a skip; a status saying a service turned the call away for now (`{"status": "rate_limited", "retry_after": 30}`; `throttled`, `too_many_requests`; not `timeout`, which a wait reports of a process still running) is a failure, a retry hint saying why as a message does. Keys are read whatever their case (`{"Status": "Error", "Message": ...}`), except `"error"`: only that key itself is what Hermes looks for, so a failure reported under `"Error"` (`{"Success": false, "Error": ...}`) is one, the capitalised key saying why as a message does; `"isValid"` and `"is_success"` are `"valid"` and `"success"`, a list of `"reasons"` says why, and a removal's reason written as an f-string is read from its words (`f"no workout with id {n}"`: what was named is not there). The flag may be a constant, a constant argument of the helper that builds the
object (`_reply(False, "no key")` with `def _reply(ok, text): return json.dumps({"success": ok,
...})`), a comparison that is False when what it tests fails (`"ok": len(errors) == 0`,
`"success": proc.returncode == 0`, also through a local bound to it), a variable a `False`
reaches (also an item unpacked from a helper's tuples: `ok, detail = _post(...)` where `_post`
returns `False, "network error"` on one path), or the value of a predicate that can say False (a def
every `return` of which is `True` or `False`: `saved = store.save(note)`, unless a test such
as `if not saved: return tool_error(...)` leaves only True). Followed: variables to the
assignments that reach the `return` (and the keys set on them later, `result["message"] =
...`), a dict spread into another
(`{"success": bool(res.get("ok")), **res}`; with the keys stored on it before that point only), a helper's result serialised unchanged
(`return json.dumps(check(...))` where `check` returns such a dict on some path; also one item
of the tuples a helper returns, `result, kept = op(args, targets)` where `op` returns
`{"status": "failed", ...}, None`, unless the handler leaves on a test of another item first,
`if kept is None: return tool_error(...)`), helpers that
serialise their argument (`def _json(obj): return json.dumps(obj)`; also one that hands text
back as it is, `if isinstance(obj, str): return obj`, or asks an object for its own JSON,
`return obj.to_json()`, when the call gives it a dict; one that wraps it in an envelope,
`json.dumps({"status": status, "data": data})`, reports the failure it is given as the answer,
unless the envelope's own status or flag says it succeeded) or their `**kwargs`
(`def reply(**data): return json.dumps(data)`, called `self.reply(success=False, ...)`), a
constant flag passed on
through several helpers' parameters, what a call puts in a helper's `**fields` (spread into its
report or added with `report.update(fields)`), result objects built with a failing flag
(`Result(success=False, ...)`: a dataclass, a `TypedDict` (its call is a dict), or a class whose `__init__` keeps its arguments as
`self.x`) and serialised by their own method (`result.to_dict()`, `to_json()`), by
`asdict(result)`, `vars(result)`, `result.__dict__`, a model's `model_dump()`, or by a helper
given the object that reads its fields (`{"ok": res.ok, ...}`), and calls into other modules
under the root as HD101 follows them (see `hermes-dev rule HD102`). The finding names
the object and the chain of calls to it, e.g. `` `meet_say` reports a failure without "error":
{"ok": False, "reason": ...} (plugins/meet/manager.py:58, via enqueue_say) ``; one `return` is
one finding, `--format json` gives every chain (`chains`), SARIF a code flow per chain.

A memory provider or context engine serves its tools through `get_tool_schemas()` and
`handle_tool_call(tool_name, args, **kwargs)`; each served tool is checked there as a handler,
with its name bound as a constant, so only its own branch counts (the method's end, which only
unknown names reach, does not).

Not reported (precision first): an object with an `"error"` key, or one that says it succeeded
(`"success": True`); a status report that is no failure: skipped, interrupted, a duplicate or
nothing to do (`"skipped": True`, `"status": "interrupted"`...), or a verdict the tool found
(`"findings"`, `"issues"`, `"violations"`, `"diagnostics"`); an action's flag whose reason says
nothing needed doing (`{"updated": False, "reason": "already up to date"}`), or a removal's
flag alone (`{"removed": False, "name": ...}`, `deleted`, `forgotten`: what should be gone is;
not when its reason says the input could not be used, `"'check' must be an id or name"`, or
that what the model named is not there, `"no such note"`); an empty list written out beside
a failing flag is no verdict (`{"ok": False, "reason": ..., "findings": []}` is a failure);
a reason that there is nothing to
act on ("no active meeting", "no session is running", "nothing to stop") given by a def or tool
whose name asks for a status or ends something (`status`, `health`, `stop`, `leave`, `cancel`,
`close`, `disconnect`...: the answer; asked of anything else it is a failure); the `"ok"` or
`"success"` flag of a def named for a state (`wiki_status`, `health`, `ping`: `{"ok": False,
"reason": ...}` when the service is down is the state it was asked for; not one that changes
the state, `put_state`, `set_status`: that is an action's outcome); a flag whose
value is not known (`{"success": ok}` where no `False` reaches `ok`, `Result(success=check())`);
a dict some other code may change before the `return` (`result.update(...)`, handed to a
function that is not known only to read it: a def of the root that only subscripts it, reads
it with `.get`, serialises it or hands it to such defs is known to) or that spreads a value
that cannot be known; a
handler that returns a dict instead of a JSON string (HD101's); calls that leave the root or
cannot be resolved, generators and functions behind a decorator that may change them (a
project decorator that hands the def back unchanged, or whose wrapper returns the def's result
as it is or serialises it, is seen through); a value whose failure an `if` turned away first
(after its last assignment, a test that is True of the failure's keys, a body that returns or
raises: `if result.get("ok") is False: return tool_error(...)`).

An error named as a Go or C habit shortens it (`err`, `errmsg`, `err_msg`) says why as a
message does, and beside `"ok": False` it makes a failure even when a list of problems found
comes with it (a list alone is a verdict on the input). A reason that a time is already past
or a place already taken (`"already in the past"`, `"already booked"`) is a failure; one that
nothing needed doing (`"already up to date"`) is not. A record's fields copied through a
filtering comprehension (`{k: v for k, v in asdict(self).items() if v is not None}`) keep what
the filter keeps.

## Why is this bad?
Hermes' contract is that a tool reports a failure as `{"error": "..."}`: that key is what the
agent loop's failure detection looks for (with a few text heuristics) to tag the call as failed,
count it for the guardrails that stop a model repeating a failing call, and add recovery hints.
A failure reported as `{"ok": false, "reason": "..."}` counts as a success there, and each tool
spelling failure its own way leaves the model to guess which field to read.

## Example
```python
def meet_say(args, **kw):
    if not args.get("text"):
        return json.dumps({"success": False, "message": "text is required"})
    return json.dumps({"success": True})
```

## Use instead
```python
def meet_say(args, **kw):
    if not args.get("text"):
        return tool_error("text is required", success=False)
    return json.dumps({"success": True})
```
"""

from __future__ import annotations

import ast

from hermes_dev.host.registrations import registrations_of
from hermes_dev.host.served import served_tools_of
from hermes_dev.lint.call_cache import cached_findings
from hermes_dev.lint.rule import Invalid, Rule, Valid
from hermes_dev.pyast.calls.driver import Code, returns_through, through_decorator, wrapped
from hermes_dev.pyast.calls.failures import Found, failure_text, status_report
from hermes_dev.pyast.calls.returns import reachable_returns
from hermes_dev.pyast.semantic.scopes import Undecorated
from hermes_dev.pyast.semantic.walker import walk_function

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from hermes_dev.lint.context import LintContext
    from hermes_dev.lint.rule import Finding
    from hermes_dev.pyast.semantic.modules import ModuleInfo
    from hermes_dev.pyast.semantic.scopes import Function

_HEAD = """\
import json
from tools.registry import registry, tool_error, tool_result

"""

# A backend package (an abstract class, one implementation) two HD107 cases share.
_CU_BACKEND = """\
from abc import ABC, abstractmethod
from dataclasses import dataclass, field


@dataclass
class ActionResult:
    ok: bool
    action: str
    message: str = ""
    meta: dict = field(default_factory=dict)


class Backend(ABC):
    @abstractmethod
    def click(self, x: int, y: int) -> ActionResult:
        ...
"""
_CU_REAL_BACKEND = """\
from tools.cu.backend import ActionResult, Backend


class RealBackend(Backend):
    def click(self, x, y):
        if x < 0:
            return ActionResult(ok=False, action="click", message="off screen")
        return ActionResult(ok=True, action="click")
"""


class HandlerFailureWithoutErrorKey(Rule):
    code = "HD107"
    name = "handler-failure-without-error-key"
    summary = 'A tool handler reports a failure in a JSON object without an "error" key'

    VALID = (
        Valid(
            _HEAD
            + """\
def notes_add(args, **kw):
    if not args.get("text"):
        return json.dumps({"success": False, "error": "text is required"})
    if args.get("dry_run"):
        return tool_error("dry run: nothing written", success=False)
    return json.dumps({"success": True, "message": "saved"})


def notes_sync(args, **kw):
    if args.get("interrupted"):
        return json.dumps({"success": False, "interrupted": True, "message": "stopped"})
    if args.get("same"):
        return json.dumps({"success": False, "skipped": True, "reason": "already synced"})
    if args.get("busy"):
        return json.dumps({"status": "interrupted", "message": "a newer sync started"})
    return tool_result(status="done", synced=3)


def notes_lint(args, **kw):
    findings = [line for line in args.get("text", "").splitlines() if len(line) > 80]
    return json.dumps({"ok": False, "findings": findings, "message": "lines too long"})


registry.register(name="notes_add", toolset="notes", schema={}, handler=notes_add)
registry.register(name="notes_sync", toolset="notes", schema={}, handler=notes_sync)
registry.register(name="notes_lint", toolset="notes", schema={}, handler=notes_lint)
""",
            note="an error key; skipped, interrupted and a verdict (lint findings) are status"
            " reports, not failures",
        ),
        Valid(
            {
                "tools/notes_store.py": """\
def lookup(key, ok):
    return {"success": ok, "key": key}


def save(key):
    result = {"success": False, "message": "not saved"}
    _annotate(result)
    return result


def _annotate(report):
    report["error"] = report.pop("message")
""",
                "tools/notes_tool.py": _HEAD
                + """\
from tools.notes_store import lookup, save


def notes_get(args, **kw):
    return json.dumps(lookup(args.get("key"), ok=bool(args)))


def notes_put(args, **kw):
    report = {"success": False, "message": "no key"}
    if args.get("key"):
        report = save(args["key"])
    report.update(error=report.get("message"))
    return json.dumps(report)


def notes_dump(args, **kw):
    extra = args.get("extra") or {}
    return json.dumps({"success": False, **extra})


registry.register(name="notes_get", toolset="notes", schema={}, handler=notes_get)
registry.register(name="notes_put", toolset="notes", schema={}, handler=notes_put)
registry.register(name="notes_dump", toolset="notes", schema={}, handler=notes_dump)
""",
            },
            note="traps: a flag whose value is not a constant, a dict changed by other code"
            " (update, a helper) and a spread that cannot be known are never judged",
        ),
        Valid(
            {
                "tools/session_manager.py": """\
import subprocess
from dataclasses import dataclass


@dataclass
class Run:
    success: bool
    command: str
    error: str = ""

    def to_dict(self):
        out = {"success": self.success, "command": self.command}
        if self.error:
            out["error"] = self.error
        return out


_ACTIVE = {}


def status():
    if not _ACTIVE:
        return {"ok": False, "reason": "no active session"}
    return {"ok": True, **_ACTIVE}


def stop():
    if not _ACTIVE:
        return {"success": False, "message": "No session is running."}
    _ACTIVE.clear()
    return {"success": True}


def run(command):
    if not command:
        return Run(False, command, error="command is required")
    done = subprocess.run(command, shell=False, capture_output=True)
    return Run(success=done.returncode == 0, command=command)
""",
                "tools/session_tool.py": _HEAD
                + """\
from tools import session_manager as sm


def session_status(args, **kw):
    return json.dumps(sm.status())


def handle_leave(args, **kw):
    return json.dumps(sm.stop())


def session_run(args, **kw):
    result = sm.run(args.get("command"))
    return json.dumps(result.to_dict())


registry.register(name="session_status", toolset="session", schema={},
                  handler=session_status)
registry.register(name="session_leave", toolset="session", schema={}, handler=handle_leave)
registry.register(name="session_run", toolset="session", schema={}, handler=session_run)
""",
            },
            note="traps: 'no active session' asked by a status tool and 'no session is"
            " running' by a tool that ends it are answers, not failures; an object whose"
            " failing way carries an error, and one whose flag is computed",
        ),
        Valid(
            {
                "plugin.yaml": "name: kiln\n",
                "__init__.py": """\
from . import tools


def register(ctx):
    ctx.register_tool(name="kiln_cool", toolset="kiln", schema={}, handler=tools.cool)
""",
                "tools.py": """\
import json


def cool(args, **kw):
    if not args.get("batch"):
        return json.dumps({"success": False, "error": "batch is required"})
    return json.dumps({"success": True})
""",
            },
            note="trap: a plugin whose folder is the root has a module named tools: its own,"
            " not the host's package",
        ),
        Valid(
            {
                "tools/hosts_store.py": """\
_HOSTS = {}


def forget(name):
    if name not in _HOSTS:
        return False
    del _HOSTS[name]
    return True


def known(name):
    return name in _HOSTS
""",
                "tools/hosts_tool.py": _HEAD
                + """\
from tools.hosts_store import forget, known


def hosts_drop(args, **kw):
    dropped = forget(args.get("name", ""))
    if not dropped:
        return tool_error("no such host")
    return json.dumps({"success": dropped, "message": "dropped"})


def hosts_check(args, **kw):
    present = known(args.get("name", ""))
    return json.dumps({"success": present, "message": "looked up"})


def _result(**fields):
    out = {"success": True}
    out.update(fields)
    return json.dumps(out)


def hosts_rename(args, **kw):
    if not args.get("to"):
        return _result(success=False, error="the new name is required")
    return _result(**args)


registry.register(name="hosts_drop", toolset="hosts", schema={}, handler=hosts_drop)
registry.register(name="hosts_check", toolset="hosts", schema={}, handler=hosts_check)
registry.register(name="hosts_rename", toolset="hosts", schema={}, handler=hosts_rename)
""",
            },
            note="traps: a predicate's False handled before the report (only True reaches it),"
            " a flag computed by a def that returns no constant, and a **fields helper given"
            " an error (or fields that cannot be known)",
        ),
        Valid(
            {
                "tools/review_tool.py": """\
import json

from tools.registry import registry


def _fill(envelope):
    envelope["error"] = "the review could not be made"


def build(payload):
    envelope = {"ok": False, "answers": {}}
    if not isinstance(payload, dict):
        _fill(envelope)
        return envelope
    envelope["ok"] = True
    return envelope


def review(args, **kw):
    return json.dumps(build(args.get("payload")))


def check(args, **kw):
    envelope = {"ok": False}
    _fill(envelope)
    return json.dumps(envelope)


def compare(args, **kw):
    return json.dumps({"ok": True, "same": args.get("a") == args.get("b")})


def report(args, **kw):
    errors = []
    return json.dumps({"ok": len(errors) == 0, "error": "; ".join(errors) or None})


registry.register(name="review", toolset="t", schema={}, handler=review)
registry.register(name="check", toolset="t", schema={}, handler=check)
registry.register(name="compare", toolset="t", schema={}, handler=compare)
registry.register(name="report", toolset="t", schema={}, handler=report)
""",
            },
            note='trap: a def that sets the dict\'s "error" before it is returned; a comparison under another key; a comparison flag beside an "error" key',
        ),
        Valid(
            {
                "tools/result_tool.py": """\
import json

from tools.registry import registry


def _result(data, error=None):
    out = {"success": error is None, "data": data}
    if error:
        out["error"] = error
    return out


def search(args, **kw):
    query = args.get("q")
    if not query:
        return json.dumps(_result(None, error="q is required"))
    return json.dumps(_result({"q": query}))


registry.register(name="search", toolset="t", schema={}, handler=search)
""",
            },
            note='trap: `"success": error is None` where the call leaves `error=None` is True; the call that passes an error also sets the "error" key',
        ),
        Valid(
            {
                "tools/slack_tool.py": """\
import json
from typing import TypedDict

from tools.registry import registry


class Delivery(TypedDict):
    ok: bool
    status: int
    error: str


def _post(url):
    if not url.startswith("https://"):
        return Delivery(ok=False, status=0, error="the URL must start with https://")
    return Delivery(ok=True, status=200)


def slack_post(args, **kw):
    return json.dumps(_post(args.get("url") or ""))


registry.register(name="slack_post", toolset="slack", schema={}, handler=slack_post)
""",
            },
            note="trap: the TypedDict's failure carries an error key",
        ),
        Valid(
            {
                "tools/wiki_tool.py": """\
import json
import os
import urllib.request

from tools.registry import registry


def wiki_status(args, **kw):
    if not os.environ.get("WIKI_URL"):
        return json.dumps({"configured": False, "hint": "set WIKI_URL"})
    try:
        with urllib.request.urlopen(os.environ["WIKI_URL"] + "/health", timeout=5) as resp:
            resp.read()
    except OSError as exc:
        return json.dumps({"configured": True, "ok": False, "reason": str(exc)})
    return json.dumps({"configured": True, "ok": True})


registry.register(
    name="wiki_status",
    toolset="wiki",
    schema={"name": "wiki_status", "description": "Is the wiki reachable?", "parameters": {"type": "object", "properties": {}}},
    handler=wiki_status,
)
""",
            },
            note="trap: a status check's ok: False is the state it was asked for (the wiki is down), not the tool failing",
        ),
        Valid(
            {
                "tools/kvd_tool.py": """\
import json
from tools.registry import registry


class ReplyMixin:
    def reply(self, **data):
        return json.dumps(data)


class Tool(ReplyMixin):
    def handle(self, args, **kw):
        return self.work(args)

    def work(self, args):
        if not args.get("key"):
            return self.reply(success=False, error="nothing stored")
        return self.reply(success=True)


def plain_reply(**data):
    return json.dumps(data)


def kv_delete2(args, **kw):
    if not args.get("key"):
        return plain_reply(success=False, error="nothing stored")
    return plain_reply(success=True)


registry.register(name="kv_delete", toolset="kv", schema={}, handler=Tool().handle)
registry.register(name="kv_delete2", toolset="kv", schema={}, handler=kv_delete2)
""",
            },
            note="trap: the same helpers given an error key",
        ),
        Valid(
            {
                "tools/cfg_tool.py": """\
import json

from tools.registry import registry


def reply(data=None, error=None, **extra):
    if error is not None:
        return json.dumps({"error": error, **extra})
    payload = {} if data is None else data
    if isinstance(payload, dict):
        payload = {**payload, **extra}
    return json.dumps(payload, default=str)


def check(args, **kw):
    name = args.get("file") or "config.json"
    try:
        with open(name, encoding="utf-8") as fh:
            json.load(fh)
    except (OSError, ValueError) as exc:
        return reply(error=f"cannot read {name}: {exc}", file=name)
    return reply({"status": "valid", "file": name})


def probe(args, **kw):
    results = []
    for host in args.get("hosts") or []:
        if host.endswith(".invalid"):
            results.append({"host": host, "success": False, "error": "cannot resolve"})
        else:
            results.append({"host": host, "success": True})
    if len(results) == 1:
        return json.dumps(results[0])
    return json.dumps({"results": results})


registry.register(name="check", toolset="t", schema={"name": "check", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=check)
registry.register(name="probe", toolset="t", schema={"name": "probe", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=probe)
""",
            },
            note="trap: reply(error=...) is the helper's own error report; the list's failing item has an 'error' key",
        ),
        Valid(
            {
                "tools/pack_tool.py": """\
import json
import zipfile
from pathlib import Path

from tools.registry import registry


def pack(args, **kw):
    added, skipped = [], []
    for name in args.get("paths") or []:
        p = Path(name)
        (added if p.is_file() else skipped).append(name)
    if not added:
        return json.dumps({"success": False, "skipped": True})
    with zipfile.ZipFile("out.zip", "w") as zf:
        for name in added:
            zf.write(name)
    return json.dumps({"success": True, "added": len(added), "skipped": skipped})


registry.register(name="pack", toolset="t", schema={"name": "pack", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=pack)
""",
            },
            note="trap: `skipped: True` says the work was skipped on purpose, not a failure",
        ),
        Valid(
            {
                "tools/feeds_tool.py": """\
import json

import requests

from tools.registry import registry

FEEDS = {"news": "http://feeds.local/news", "blog": "http://feeds.local/blog"}


def feeds_check(args, **kw):
    results = []
    for name, url in FEEDS.items():
        try:
            ok = requests.head(url, timeout=5).ok
        except requests.RequestException:
            ok = False
        results.append({"feed": name, "status": "available" if ok else "unavailable"})
    return json.dumps({"feeds": results})


def poller_start(args, **kw):
    if args.get("running"):
        return json.dumps({"started": False, "reason": "already running"})
    return json.dumps({"started": True})


SCHEMA = {"type": "object", "properties": {}}
for name, fn in (("feeds_check", feeds_check), ("poller_start", poller_start)):
    registry.register(name=name, toolset="feeds", schema={"name": name, "description": "Feeds.", "parameters": SCHEMA}, handler=fn)
""",
            },
            note="traps: a status word per item of a list, without a reason (data about each feed); an action not needed (`started: False` because it is already running)",
        ),
        Valid(
            {
                "tools/t_tool.py": """\
import functools
import json

from tools.registry import registry


def json_tool(fn):
    @functools.wraps(fn)
    def wrapper(args, **kwargs):
        try:
            result = fn(args or {}, **kwargs)
        except OSError as exc:
            return json.dumps({"error": f"storage problem: {exc}"})
        if isinstance(result, dict) and result.get("ok") is False:
            return json.dumps({"error": result.get("message") or "failed"})
        return json.dumps(result, ensure_ascii=False)
    return wrapper


@json_tool
def review(args, **kwargs):
    card = args.get("card")
    if not card:
        return {"error": "card is required"}
    if card not in ("a", "b"):
        return {"ok": False, "message": f"No card {card}"}
    return {"ok": True, "card": card}


SCHEMA = {"name": "review", "description": "d", "parameters": {"type": "object", "properties": {"card": {"type": "string", "description": "c"}}}}
registry.register(name="review", toolset="t", schema=SCHEMA, handler=review)
""",
                "tools/w_tool.py": """\
import json

from tools.registry import registry


def _review(args):
    card = args.get("card")
    if card not in ("a", "b"):
        return {"ok": False, "message": f"No card {card}"}
    return {"ok": True, "card": card}


def review3(args, **kwargs):
    result = _review(args)
    if result.get("ok") is False:
        return json.dumps({"error": result.get("message") or "failed"})
    return json.dumps(result)


SCHEMA = {"name": "review3", "description": "d", "parameters": {"type": "object", "properties": {"card": {"type": "string", "description": "c"}}}}
registry.register(name="review3", toolset="t", schema=SCHEMA, handler=review3)
""",
            },
            note='traps: a failure turned away before it is serialised, by a test of the key that tells it (`if result.get("ok") is False: return json.dumps({"error": ...})`), in a decorator\'s wrapper and in a handler',
        ),
        Valid(
            _HEAD
            + """\
def email_validate(args, **kw):
    address = str(args.get("address", ""))
    if "@" not in address:
        return json.dumps({"valid": False, "message": f"{address!r} has no @"})
    return json.dumps({"valid": True})


def job_get(args, **kw):
    return json.dumps({"id": 3, "name": "nightly", "cancelled": False})


def cache_get(args, **kw):
    return json.dumps({"found": False, "key": args.get("key")})


def job_find(args, **kw):
    return json.dumps({"status": "not_found", "id": 3, "error": "no job 3"})


registry.register(name="email_validate", toolset="mail", schema={}, handler=email_validate)
registry.register(name="job_get", toolset="jobs", schema={}, handler=job_get)
registry.register(name="cache_get", toolset="jobs", schema={}, handler=cache_get)
registry.register(name="job_find", toolset="jobs", schema={}, handler=job_find)
""",
            note="traps: a validator's verdict (valid False from a def named for validating), a"
            " job record whose cancelled flag is False with no reason, a cache miss without a"
            " reason, a not-found status with an error key",
        ),
        Valid(
            _HEAD
            + """\
import functools

WATCHED = ["https://a.example"]


def _remove(args, targets):
    url = args.get("url") or ""
    kept = [t for t in targets if t != url]
    if len(kept) == len(targets):
        return {"status": "failed", "reason": f"{url} is not being watched"}, None
    return {"removed": url, "watching": len(kept)}, kept


def _add(args, targets):
    url = args.get("url") or ""
    return {"added": url}, [*targets, url]


def _targets(op, args, **kw):
    result, new_targets = op(args, list(WATCHED))
    if new_targets is None:
        return tool_error(result["reason"])
    if new_targets is not None:
        WATCHED[:] = new_targets
    return json.dumps(result)


for _name, _op in (("monitor_add", _add), ("monitor_remove", _remove)):
    registry.register(name=_name, toolset="uptime", schema={}, handler=functools.partial(_targets, _op))
""",
            note="the unpacked failure turned into an error before the report",
        ),
        Valid(
            _HEAD
            + """\
def tail_log(args, **kw):
    lines = ["a", "b"]
    return json.dumps({"lines": lines, "truncated": False, "cached": False, "reason": "fresh read"})


registry.register(name="tail_log", toolset="t", schema={}, handler=tail_log)
""",
            note="trap: past participles that say what state a result is in (`truncated`, `cached`) are no failed action, a reason beside them or not",
        ),
        Valid(
            _HEAD
            + """\
import subprocess


def run_report(args, **kw):
    proc = subprocess.run(["uptime"], capture_output=True, text=True)
    if proc.returncode != 0:
        return tool_error(proc.stderr.strip() or "uptime failed")
    return json.dumps({"status": "done", "output": proc.stdout.strip()})


registry.register(name="run_report", toolset="t", schema={}, handler=run_report)
""",
            note="trap: a command's output beside a status that is no failure",
        ),
        Valid(
            _HEAD
            + """\
import dataclasses
import functools


@dataclasses.dataclass
class Reply:
    success: bool
    message: str

    @classmethod
    def failure(cls, message):
        return cls(False, message)

    def to_dict(self):
        return {"success": self.success, "message": self.message}


class Roster:
    def find(self, args):
        if not args.get("query"):
            return Reply.failure("no member matches")
        return Reply(True, "found")

    def count(self, args):
        return Reply(True, "12 members")


def _invoke(operation, args, **kw):
    reply = getattr(Roster(), operation)(args)
    return json.dumps(reply.to_dict())


@dataclasses.dataclass(frozen=True)
class Spec:
    name: str
    operation: str


SPECS = (Spec(name="roster_count", operation="count"),)

for spec in SPECS:
    registry.register(
        name=spec.name,
        toolset="t",
        schema={},
        handler=functools.partial(_invoke, spec.operation),
    )
""",
            note="trap: the row picks the method that never fails; the other one is not registered",
        ),
        Valid(
            _HEAD
            + """\
class Reply:
    def __init__(self, ok, payload=None, message=""):
        self.ok = ok
        self.payload = payload
        self.message = message

    @classmethod
    def done(cls, payload):
        return cls(True, payload=payload)

    @classmethod
    def refused(cls, message):
        return cls(False, message=message)

    def to_dict(self):
        if self.ok:
            return {"ok": True, "data": self.payload}
        return {"ok": False, "message": self.message}


def _count(args):
    return Reply.done({"count": len(str(args.get("text", "")))})


def count_chars(args, **kw):
    reply = _count(args)
    return json.dumps(reply.to_dict())


registry.register(name="count_chars", toolset="text", schema={}, handler=count_chars)
""",
            note="trap: a reply class kept by hand (`__init__` keeps its arguments) whose"
            " `to_dict` tests `self.ok`: every reply this tool makes is built with True, so the"
            " failure after the `if` is never returned",
        ),
        Valid(
            _HEAD
            + """\
def member(args, **kw):
    if args.get("id") == "gold":
        return json.dumps({"status": 1, "msg": "active member since 2019"})
    return json.dumps({"status": 200, "message": "member record"})


registry.register(name="member", toolset="club", schema={}, handler=member)
""",
            note="a numeric status is the program's own: 1 beside a reason that says nothing"
            " went wrong, or 200, is no failure",
        ),
        Valid(
            _HEAD
            + """\
JOBS = {7: {"state": "done"}, 8: {"state": "crashed", "why": "out of memory"}}


def job_status(args, **kw):
    job_id = args.get("job_id")
    job = JOBS.get(job_id) if isinstance(job_id, int) else None
    if job is None:
        return tool_error("no such job")
    if job["state"] == "crashed":
        return json.dumps({"job_id": job_id, "failed": True, "reason": job["why"]})
    return json.dumps({"job_id": job_id, "failed": False})


registry.register(name="job_status", toolset="t", schema={}, handler=job_status)
""",
            note="trap: `failed` beside the job it names describes that job; the tool answered",
        ),
        Valid(
            _HEAD
            + """\
BINS = {"MLK-1L": ["A1", "A2"]}


def bin_location(args, **kw):
    sku = str(args.get("sku") or "").strip().upper()
    bins = BINS.get(sku, [])
    if not bins:
        return json.dumps({"sku": sku, "found": False, "bins": [], "note": "No stock for this SKU"})
    return json.dumps({"sku": sku, "found": True, "bins": bins})


registry.register(name="bin_location", toolset="t", schema={}, handler=bin_location)
""",
            note='trap: `"found": False` answered with data (`"bins": []`) beside a note is a result',
        ),
        Valid(
            """\
import functools
import json

from tools.registry import registry


class StandardResponses:
    def failure(self, message):
        return json.dumps({"error": message})


class EnvelopeResponses:
    def failure(self, message):
        return json.dumps({"status": "error", "reason": message})


FLAVOURS = {"standard": StandardResponses, "envelope": EnvelopeResponses}


def responses(flavour="standard"):
    return FLAVOURS[flavour]()


class CheckHandlerFactory:
    def __init__(self, flavour="standard"):
        self._responses = responses(flavour)

    def create_handler(self):
        return self.handle

    def handle(self, args, **kw):
        member = args.get("member_id")
        if not isinstance(member, str) or not member.strip():
            return self._responses.failure("member_id must be text")
        return json.dumps({"member_id": member.strip(), "active": True})


def _invoke(factory_class, args, **kw):
    handler = factory_class().create_handler()
    return handler(args, **kw)


registry.register(
    name="x_check",
    toolset="x",
    schema={"name": "x_check", "description": "Check a member.", "parameters": {"type": "object", "properties": {"member_id": {"type": "string", "description": "Member."}}}},
    handler=functools.partial(_invoke, CheckHandlerFactory),
)
""",
            note="a handler factory made with no arguments (`factory_class().create_handler()` in "
            "a partial per tool): its `self._responses` is what its defaults choose (the "
            'standard responses, with an "error" key), and the bound method it hands back '
            "runs with that instance as `self`",
        ),
        Valid(
            """\
import json

from tools.registry import registry

EVENTS = [
    {"id": 1, "type": "error", "source": "inverter"},
    {"id": 2, "type": "info", "source": "meter"},
]


def event_log(args, **kw):
    wanted = args.get("type")
    if wanted is not None and not isinstance(wanted, str):
        return json.dumps({"error": "type must be text"})
    rows = [e for e in EVENTS if wanted is None or e["type"] == wanted]
    if len(rows) == 1:
        return json.dumps({"id": rows[0]["id"], "type": "error", "source": rows[0]["source"]})
    return json.dumps({"events": rows})


registry.register(
    name="event_log",
    toolset="energy",
    schema={
        "name": "event_log",
        "description": "Events of the installation.",
        "parameters": {
            "type": "object",
            "properties": {"type": {"type": "string", "description": "Only events of this type."}},
        },
    },
    handler=event_log,
)
""",
            note="{'id': ..., 'type': 'error', 'source': ...} with no reason beside it describes "
            "an event of the log (a tag alone may be data), not the tool's own failure.",
        ),
        Valid(
            """\
import json

from tools.registry import registry

JOBS = {"nightly": {"status": "timed_out", "finished_at": "2026-12-06T02:10:00Z"}}


def job_status(args, **kw):
    job_id = args.get("job_id")
    if not isinstance(job_id, str) or job_id not in JOBS:
        return json.dumps({"error": f"unknown job {job_id!r}"})
    job = JOBS[job_id]
    if job["status"] == "timed_out":
        return json.dumps({"job_id": job_id, "status": "timed_out", "finished_at": job["finished_at"]})
    return json.dumps({"job_id": job_id, "status": job["status"]})


registry.register(
    name="job_status",
    toolset="ci",
    schema={
        "name": "job_status",
        "description": "The last run of a CI job.",
        "parameters": {
            "type": "object",
            "properties": {"job_id": {"type": "string", "description": "Job name."}},
            "required": ["job_id"],
        },
    },
    handler=job_status,
)
""",
            note="trap: {'job_id': ..., 'status': 'timed_out', 'finished_at': ...} describes a job "
            "that timed out, nothing says the tool failed.",
        ),
        Valid(
            """\
import json

from tools.registry import registry

ALLOWED = {"Reserved": ("Paid", "Cancelled"), "Paid": ("Refunded",)}
ORDERS = {"BO-1002": "Reserved"}


def order_transition(args, **kw):
    order_id = args.get("order_id")
    target = args.get("target_status")
    current = ORDERS.get(order_id) if isinstance(order_id, str) else None
    if current is None:
        return json.dumps({"Success": False, "Data": None, "error": f"No order {order_id!r}"})
    if target not in ALLOWED.get(current, ()):
        return json.dumps({"Success": False, "Data": None, "error": f"Cannot move {order_id} from {current} to {target}"})
    ORDERS[order_id] = target
    return json.dumps({"Success": True, "Data": {"order_id": order_id, "status": target}, "Error": None})


registry.register(name="order_transition", toolset="x", schema={"name": "order_transition", "description": "d", "parameters": {"type": "object", "properties": {"order_id": {"type": "string", "description": "o"}, "target_status": {"type": "string", "description": "t"}}, "required": ["order_id", "target_status"]}}, handler=order_transition)
""",
            note="trap: the same reports with the key written 'error'.",
        ),
        Valid(
            """\
import json
from dataclasses import asdict, dataclass
from typing import Optional

from tools.registry import registry


@dataclass
class ActionResponse:
    success: bool
    message: Optional[str] = None
    data: Optional[dict] = None

    def to_json(self):
        payload = {key: value for key, value in asdict(self).items() if value}
        return json.dumps(payload)


def remove(args, **kw):
    device = args.get("device_id")
    if device != "lamp":
        return ActionResponse(success=False, message=f"No device {device}").to_json()
    return ActionResponse(success=True, data={"removed": device}).to_json()


registry.register(name="remove", toolset="t", schema={"name": "remove", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=remove)
""",
            note="trap: the record's to_json() keeps only the truthy fields, so success=False is "
            "dropped: what is left reports no failure (a message alone).",
        ),
        Valid(
            {
                "tools/compose_tool.py": """\
import json

from tools.registry import registry


def lint_compose(args, **kw):
    text = args.get("text")
    if not isinstance(text, str):
        return json.dumps({"error": "text must be a string"})
    findings = [line for line in text.splitlines() if ":latest" in line]
    return json.dumps({"valid": not findings, "reason": "images pinned to :latest", "findings": findings})


registry.register(name="compose_lint", toolset="lab", schema={"name": "compose_lint", "description": "Lint a compose file.", "parameters": {"type": "object", "properties": {"text": {"type": "string", "description": "The compose file."}}}}, handler=lint_compose)
""",
            },
            note="A linter's verdict: valid False beside the findings it made (a list the code "
            "builds), the reason naming what they are.",
        ),
        Valid(
            """\
import json
from tools.registry import registry


class Reply:
    def __init__(self, ok, text):
        self.ok = ok
        self.text = text

    def to_json(self):
        if self.ok:
            return json.dumps({"ok": True, "message": self.text})
        return json.dumps({"error": self.text})


def render(obj):
    if hasattr(obj, "to_json"):
        return obj.to_json()
    return json.dumps(obj)


def ping(args, **kw):
    reply = Reply(False, "host down")
    return render(reply)


registry.register(name="ping", toolset="net", schema={}, handler=ping)
""",
            note="the same helper given an object, not a dict: its own to_json says error",
        ),
        Valid(
            """\
import json

from tools.registry import registry


def envelope(data, status="ok"):
    return json.dumps({"status": status, "data": data})


def stock_check(args, **kw):
    sku = str(args.get("sku", ""))
    if not sku:
        return json.dumps({"error": "sku is required"})
    return envelope({"found": False, "sku": sku, "message": "not stocked here"})


registry.register(name="stock_check", toolset="shop", schema={}, handler=stock_check)
""",
            note="an envelope whose own status says it succeeded ('ok') answers with what it found",
        ),
    )
    INVALID = (
        Invalid(
            _HEAD
            + """\
def notes_find(args, **kw):
    if not args.get("query"):
        return json.dumps({"success": False, "message": "query is required"})
    if args.get("remote"):
        return tool_result(ok=False, reason="remote search is off")
    result = {"status": "failed"}
    result["detail"] = "index missing"
    return json.dumps(result)


registry.register(name="notes_find", toolset="notes", schema={}, handler=notes_find)
""",
            lines=(6, 8, 11),
        ),
        Invalid(
            {
                "tools/meeting_manager.py": """\
import json


def transcript():
    active = _read_active()
    if not active:
        return {"ok": False, "reason": "no active meeting"}
    return {"ok": True, **active}


def enqueue_say(text):
    if not text:
        return {"ok": False, "reason": "text is required"}
    return {"ok": True, "queued": text}


def _read_active():
    return json.loads(open("active.json").read() or "{}")
""",
                "tools/meeting_tool.py": _HEAD
                + """\
from tools import meeting_manager as mm


def _json(obj):
    return json.dumps(obj, ensure_ascii=False)


def _say_result(text):
    res = mm.enqueue_say(text)
    return json.dumps(res)


def meeting_say(args, **kw):
    return _say_result(args.get("text", ""))


def meeting_transcript(args, **kw):
    res = mm.transcript()
    return _json({"success": bool(res.get("ok")), **res})


registry.register(name="meeting_say", toolset="meet", schema={}, handler=meeting_say)
registry.register(name="meeting_transcript", toolset="meet", schema={},
                  handler=meeting_transcript)
""",
            },
            findings=(("tools/meeting_tool.py", 17), ("tools/meeting_tool.py", 22)),
            note="a helper's result serialised unchanged, through another module; a dict that"
            " spreads a helper's failure into a serialising helper's argument (no active"
            " meeting is a failure to read its transcript)",
        ),
        Invalid(
            {
                "plugins/notebook/plugin.yaml": "name: notebook\n",
                "plugins/notebook/__init__.py": """\
import json

from .store import remove


def register(ctx):
    def handle_remove(params, **kwargs):
        outcome = remove(params.get("id"))
        return json.dumps(outcome)

    ctx.register_tool(name="notebook_remove", toolset="notebook", schema={},
                      handler=handle_remove)
    ctx.register_tool(name="notebook_clear", toolset="notebook", schema={},
                      handler=lambda params, **kw: json.dumps(
                          {"status": "error", "message": "clearing is disabled"}))
""",
                "plugins/notebook/store.py": """\
_NOT_FOUND = {"success": False, "message": "no such note"}


def remove(note_id):
    if note_id is None:
        return _NOT_FOUND
    return {"success": True, "removed": note_id}
""",
            },
            findings=(("plugins/notebook/__init__.py", 9), ("plugins/notebook/__init__.py", 14)),
            note="a plugin: a handler nested in register(ctx) returning a sibling's module-level"
            " failure dict, and a lambda",
        ),
        Invalid(
            _HEAD
            + """\
def _reply(ok, text, **extra):
    return json.dumps({"success": ok, "message": text, **extra})


def _respond(ok, text):
    return json.dumps({"success": ok, "message": text})


def backup_run(args, **kw):
    if not args.get("target"):
        return _respond(False, "target is required")
    copied = False
    for path in args.get("paths", []):
        copied = True
    if not copied:
        return tool_error("nothing to copy")
    done = json.dumps({"success": copied, "message": "copied"})
    uploaded = args.get("upload")
    if args.get("offline"):
        uploaded = False
    if args.get("verbose"):
        return _reply(False, "verbose is not supported", hint="drop it")
    if args.get("quiet"):
        return _reply(False, "quiet is not supported", **args)
    return json.dumps({"success": uploaded, "message": "upload skipped"}) if args else done


registry.register(name="backup_run", toolset="backup", schema={}, handler=backup_run)
""",
            lines=(14, 25, 28),
            note="a helper given a constant False for its flag (and what the call puts in its"
            " **extra, not when it spreads what cannot be known); a flag variable a False"
            " reaches (not the one `if not copied: return` guards)",
        ),
        Invalid(
            {
                "plugin.yaml": "name: kiln\nversion: 0.1.0\n",
                "__init__.py": """\
from . import schemas, steps


def register(ctx):
    ctx.register_tool(name="kiln_fire", toolset="kiln", schema=schemas.FIRE,
                      handler=steps.fire)
""",
                "schemas.py": 'FIRE = {"name": "kiln_fire", "description": "Fire a batch."}\n',
                "steps.py": """\
import subprocess

from . import report


def _failure(step, exc):
    return report.as_json({"success": False, "step": step, "error": str(exc)})


def fire(args, **kw):
    step = "fire"
    try:
        done = subprocess.run(["kiln", args["batch"]], capture_output=True, text=True)
        if done.returncode != 0:
            return report.as_json({"success": False, "step": step, "exit_code": done.returncode})
        return report.as_json({"success": True, "step": step})
    except Exception as exc:
        return _failure(step, exc)
""",
                "report.py": """\
import json


def as_json(payload):
    return json.dumps(payload, ensure_ascii=False)
""",
            },
            findings=(("steps.py", 15),),
            note="a plugin whose folder is the root: `from . import steps` in its __init__.py"
            " and `from . import report` beside it are the plugin's own modules; a body in"
            " try/except Exception whose handler returns a report with an error",
        ),
        Invalid(
            {
                "tools/printer_jobs.py": """\
from dataclasses import dataclass


class Outcome:
    def __init__(self, ok, action, message=""):
        self.ok = ok
        self.action = action
        self.message = message

    @classmethod
    def failed(cls, action, message):
        return cls(False, action, message)


@dataclass
class Job:
    success: bool
    queue: str
    note: str = ""

    def to_dict(self):
        data = {"success": self.success, "queue": self.queue}
        if self.note:
            data["note"] = self.note
        return data


def cancel(job_id):
    if not job_id:
        return Outcome.failed("cancel", "job id is required")
    return Outcome(True, "cancel")


def queue_of(name):
    if name not in ("a4", "letter"):
        return Job(False, name, note="unknown paper size")
    return Job(True, name)
""",
                "tools/printer_tool.py": _HEAD
                + """\
from dataclasses import asdict

from tools.printer_jobs import cancel, queue_of


def _text_response(res):
    payload = {"ok": res.ok, "action": res.action}
    if res.message:
        payload["message"] = res.message
    return json.dumps(payload)


def _done(**fields):
    return json.dumps({"success": True, **fields})


def printer_cancel(args, **kw):
    return _text_response(cancel(args.get("job")))


def printer_queue(args, **kw):
    job = queue_of(args.get("paper", ""))
    return json.dumps(asdict(job))


def printer_load(args, **kw):
    job = queue_of(args.get("paper", ""))
    data = job.to_dict()
    if job.success:
        return _done(**data)
    return json.dumps(data)


registry.register(name="printer_cancel", toolset="printer", schema={}, handler=printer_cancel)
registry.register(name="printer_queue", toolset="printer", schema={}, handler=printer_queue)
registry.register(name="printer_load", toolset="printer", schema={}, handler=printer_load)
""",
            },
            findings=(
                ("tools/printer_tool.py", 21),
                ("tools/printer_tool.py", 26),
                ("tools/printer_tool.py", 34),
            ),
            note="report objects built with a failing flag: a class whose __init__ keeps its"
            " arguments (made by a classmethod) read by a helper given it, a dataclass"
            " serialised by asdict() and by its own to_dict() (handed to a helper as"
            " **data, a copy, on the other branch)",
        ),
        Invalid(
            {
                "tools/hosts_store.py": """\
_HOSTS = {}


def forget(name):
    if name not in _HOSTS:
        return False
    del _HOSTS[name]
    return True


def known(name):
    return name in _HOSTS
""",
                "tools/hosts_tool.py": _HEAD
                + """\
from tools.hosts_store import forget


def _reply(ok, text):
    return json.dumps({"success": ok, "message": text})


def _respond(flag, text):
    return _reply(flag, text)


def _ok(**data):
    return json.dumps({"success": True, **data})


def hosts_add(args, **kw):
    if not args.get("name"):
        return _respond(False, "name is required")
    return _respond(True, "added")


def hosts_forget(args, **kw):
    name = args.get("name", "")
    removed = forget(name)
    return _ok(success=removed, message=f"forgot {name}" if removed else f"no host {name}")


def _result(**fields):
    out = {"success": True}
    out.update(fields)
    return json.dumps(out)


def hosts_rename(args, **kw):
    if not args.get("to"):
        return _result(success=False, message="the new name is required")
    return _result(renamed=args["to"])


registry.register(name="hosts_add", toolset="hosts", schema={}, handler=hosts_add)
registry.register(name="hosts_forget", toolset="hosts", schema={}, handler=hosts_forget)
registry.register(name="hosts_rename", toolset="hosts", schema={}, handler=hosts_rename)
""",
            },
            findings=(
                ("tools/hosts_tool.py", 21),
                ("tools/hosts_tool.py", 28),
                ("tools/hosts_tool.py", 39),
            ),
            note="a constant flag passed on through two helpers' parameters; a flag from a"
            " predicate (every return True or False) that says False when there is nothing to"
            " remove, given to a **data helper that overrides its success; a helper that"
            " updates its report with its **fields",
        ),
        Invalid(
            {
                "plugins/memory/notebook/__init__.py": """\
# Notebook memory: a provider whose tools Hermes offers through get_tool_schemas().
import json

from .store import NoteStore

SAVE = {"name": "notebook_save", "description": "Save a note.", "parameters": {"type": "object", "properties": {"text": {"type": "string", "description": "The note."}}}}
DROP = {"name": "notebook_drop", "description": "Drop a note.", "parameters": {"type": "object", "properties": {"note_id": {"type": "integer", "description": "Which note."}}}}
EDIT = {"name": "notebook_edit", "description": "Edit a note.", "parameters": {"type": "object", "properties": {"note_id": {"type": "integer", "description": "Which note."}, "text": {"type": "string", "description": "The new text."}}}}
PURGE = {"name": "notebook_purge", "description": "Drop every note.", "parameters": {"type": "object", "properties": {"confirm": {"type": "boolean", "description": "Really."}}}}
LIST = {"name": "notebook_list", "description": "List notes.", "parameters": {"type": "object", "properties": {}}}


class NotebookProvider:
    def __init__(self):
        self._store = NoteStore()

    def get_tool_schemas(self):
        return [SAVE, DROP, EDIT, PURGE, LIST]

    def handle_tool_call(self, tool_name, args, **kwargs):
        if tool_name == "notebook_save":
            return json.dumps({"id": self._store.save(args.get("text", ""))})
        if tool_name == "notebook_drop":
            dropped = self._store.drop(int(args.get("note_id", 0)))
            return json.dumps({"removed": dropped})
        if tool_name == "notebook_edit":
            edited = self._store.edit(int(args.get("note_id", 0)), args.get("text", ""))
            return json.dumps({"updated": edited})
        if tool_name == "notebook_purge":
            return self._purge(args)
        if tool_name == "notebook_list":
            return "\\n".join(f"- {note}" for note in self._store.notes)
        return json.dumps({"error": f"unknown tool {tool_name}"})

    def _purge(self, args):
        if not self._store.notes:
            return json.dumps({"removed": False, "reason": "nothing to remove: already empty"})
        if not args.get("confirm"):
            return json.dumps({"needs_confirmation": True, "removed": False, "count": len(self._store.notes)})
        self._store.notes.clear()
        return json.dumps({"removed": True})


def register(ctx):
    ctx.register_memory_provider(NotebookProvider())
""",
                "plugins/memory/notebook/plugin.yaml": """\
name: notebook
version: "1.0"
description: Notebook memory.
""",
                "plugins/memory/notebook/store.py": """\
class NoteStore:
    def __init__(self):
        self.notes = []

    def save(self, text):
        self.notes.append(text)
        return len(self.notes)

    def drop(self, note_id):
        if 0 < note_id <= len(self.notes):
            del self.notes[note_id - 1]
            return True
        return False

    def edit(self, note_id, text):
        if 0 < note_id <= len(self.notes) and text:
            self.notes[note_id - 1] = text
            return True
        return False
""",
            },
            findings=(("plugins/memory/notebook/__init__.py", 28),),
            note='a memory provider\'s tools, served through get_tool_schemas() and handle_tool_call(tool_name, args): each tool is followed on its own branch, the name bound as a constant. notebook_edit serialises a predicate\'s False under an action\'s key ({"updated": False}). Traps: notebook_drop\'s {"removed": False} (what should be gone is), notebook_purge\'s {"needs_confirmation": True, "removed": False} is a question, not a failure, and one whose reason says nothing needed doing ("already empty") is none either; notebook_save and the unknown-tool branch stay silent',
        ),
        Invalid(
            {
                "tools/__init__.py": """\
""",
                "tools/cu/__init__.py": """\
""",
                "tools/cu/backend.py": _CU_BACKEND,
                "tools/cu/real_backend.py": _CU_REAL_BACKEND,
                "tools/cu/tool.py": """\
import json
import threading
from typing import Optional

from tools.cu.backend import ActionResult, Backend
from tools.registry import registry

_backend: Optional[Backend] = None
_lock = threading.Lock()


def _get_backend() -> Backend:
    global _backend
    with _lock:
        if _backend is None:
            from tools.cu.real_backend import RealBackend
            _backend = RealBackend()
        return _backend


def _text_response(res: ActionResult) -> str:
    payload = {"ok": res.ok, "action": res.action}
    if res.message:
        payload["message"] = res.message
    return json.dumps(payload)


def handle(args, **kw):
    b = _get_backend()
    res = b.click(int(args.get("x", 0)), 0)
    return _text_response(res)


registry.register(name="cu_click", toolset="cu", schema={"name": "cu_click", "description": "d", "parameters": {"type": "object", "properties": {"x": {"type": "integer", "description": "x"}}}}, handler=handle)
""",
            },
            findings=(("tools/cu/tool.py", 31),),
            note="a result object a method returns, through an instance that a lazily created global holds (`b = _get_backend(); res = b.click(...)`), serialised by a helper that reads its fields: the chain reaches the same answer whichever call is followed first (a name resolved deep in a chain, cut short there, is resolved again from higher up). Trap: click's successful ActionResult(ok=True) is no finding",
        ),
        Invalid(
            {
                "tools/__init__.py": """\
""",
                "tools/cu/__init__.py": """\
""",
                "tools/cu/backend.py": _CU_BACKEND,
                "tools/cu/real_backend.py": _CU_REAL_BACKEND,
                "tools/cu/tool.py": """\
import json
import threading
from typing import Optional

from tools.cu.backend import ActionResult, Backend
from tools.registry import registry

_backend: Optional[Backend] = None
_lock = threading.Lock()


def _get_backend() -> Backend:
    global _backend
    with _lock:
        if _backend is None:
            from tools.cu.real_backend import RealBackend
            _backend = RealBackend()
        return _backend


def _text_response(res: ActionResult) -> str:
    payload = {"ok": res.ok, "action": res.action}
    if res.message:
        payload["message"] = res.message
    return json.dumps(payload)


def _dispatch(backend: Backend, args):
    res = backend.click(int(args.get("x", 0)), 0)
    return _text_response(res)


def handle(args, **kw):
    return _dispatch(_get_backend(), args)


registry.register(name="cu_click", toolset="cu", schema={"name": "cu_click", "description": "d", "parameters": {"type": "object", "properties": {"x": {"type": "integer", "description": "x"}}}}, handler=handle)
""",
            },
            findings=(("tools/cu/tool.py", 34),),
            note="a call of an abstract method (`backend.click(...)` where the parameter is annotated with the abstract `Backend`) reaches what the subclasses under the root put in its place: RealBackend.click's ActionResult(ok=False, ...) is serialised by a helper that reads its fields. Trap: its ActionResult(ok=True) is no finding",
        ),
        Invalid(
            {
                "tools/multi_tool.py": """\
import functools
import json

from tools.registry import registry


def _dispatch(name, args):
    if name == "multi_text":
        return "plain text for " + str(args.get("q"))
    if name == "multi_fail":
        return json.dumps({"success": False, "message": "nope"})
    return json.dumps({"name": name})


def _run(name, args, **kw):
    if name == "part_text":
        return f"Result: {args.get('q')}"
    return json.dumps({"ok": True})


S = {"name": "x", "description": "d", "parameters": {"type": "object", "properties": {}}}
for tool in ("multi_text", "multi_fail", "multi_ok"):
    registry.register(name=tool, toolset="m", schema={**S, "name": tool}, handler=lambda args, _n=tool, **kw: _dispatch(_n, args))
registry.register(name="part_text", toolset="m", schema={**S, "name": "part_text"}, handler=functools.partial(_run, "part_text"))
registry.register(name="part_ok", toolset="m", schema={**S, "name": "part_ok"}, handler=functools.partial(_run, "part_ok"))
""",
            },
            findings=(("tools/multi_tool.py", 11),),
            note="one dispatcher shared by several tools, each registered with its name bound (a loop's lambda with `_n=tool`): only multi_fail's branch reports a failure without \"error\"; multi_text and multi_ok are not named in the finding",
        ),
        Invalid(
            {
                "tools/review_tool.py": """\
import json
import subprocess

from tools.registry import registry


def _summary(envelope):
    return {"ok": envelope["ok"], "size": len(envelope.get("answers", {}))}


def _log(envelope, notes):
    notes.append(_summary(envelope))


def build(payload):
    envelope = {"ok": False, "answers": {}}
    if not isinstance(payload, dict) or payload.get("failure"):
        return envelope
    envelope["ok"] = True
    envelope["answers"] = payload
    return envelope


def review(args, **kw):
    envelope = build(args.get("payload"))
    _log(envelope, [])
    return json.dumps(envelope)


def sync(args, **kw):
    errors = []
    for name in args.get("names") or []:
        if not name:
            errors.append({"name": name, "why": "empty"})
    return json.dumps({"ok": len(errors) == 0, "errors": errors})


def run(args, **kw):
    proc = subprocess.run(["true"], capture_output=True, text=True)
    done = proc.returncode == 0
    return json.dumps({"success": done, "stdout": proc.stdout})


registry.register(name="review", toolset="t", schema={}, handler=review)
registry.register(name="sync", toolset="t", schema={}, handler=sync)
registry.register(name="run", toolset="t", schema={}, handler=run)
""",
            },
            findings=(
                ("tools/review_tool.py", 27),
                ("tools/review_tool.py", 35),
                ("tools/review_tool.py", 41),
            ),
            note="a success flag that is a comparison (`len(errors) == 0`, a local bound to `proc.returncode == 0`) is False when it fails; a dict returned before it is handed on, or handed only to defs that read it, is the dict built",
        ),
        Invalid(
            {
                "plugins/relay/__init__.py": """\
from . import tools
from .runtime import Runtime

_RUNTIME = Runtime()

SCHEMA = {"description": "Relay a message", "parameters": {"type": "object", "properties": {}}}


def register(ctx):
    tools.bind(_RUNTIME)
    ctx.register_tool(name="relay_send", toolset="relay", schema=SCHEMA, handler=tools.relay_send)
    ctx.register_tool(name="relay_status", toolset="relay", schema=SCHEMA, handler=tools.relay_status)
    ctx.register_tool(name="relay_forget", toolset="relay", schema=SCHEMA, handler=tools.relay_forget)
""",
                "plugins/relay/plugin.yaml": """\
name: relay
version: 0.1.0
description: Relay messages through a broker
provides_tools: [relay_send, relay_status, relay_forget]
""",
                "plugins/relay/runtime.py": """\
class BrokerError(Exception):
    pass


class Runtime:
    def __init__(self):
        self.last_error = None
        self.names = []

    def send(self, text):
        return {"ok": True, "sent": text}

    def status(self):
        return {"ok": self.last_error is None, "last_error": self.last_error}

    def forget(self, names):
        errors = []
        for name in names:
            try:
                self.names.remove(name)
            except ValueError as exc:
                errors.append({"name": name, "why": str(exc)})
        return {"ok": len(errors) == 0, "errors": errors}
""",
                "plugins/relay/tools.py": """\
import json

from .runtime import Runtime

_RUNTIME: Runtime | None = None

try:
    from tools.registry import tool_error, tool_result
except ImportError:  # a stand-in for the plugin's own tests, outside Hermes
    def tool_error(message):
        return json.dumps({"error": message})

    def tool_result(data=None, **fields):
        return json.dumps(data if data is not None else fields)


def bind(runtime):
    global _RUNTIME
    _RUNTIME = runtime


def _need():
    if _RUNTIME is None:
        raise RuntimeError("the relay runtime is not set up")
    return _RUNTIME


def relay_send(args, **kw):
    runtime = _need()
    try:
        return tool_result(runtime.send(args.get("text") or ""))
    except Exception as exc:
        return tool_error(f"send failed: {exc}")


def relay_status(args, **kw):
    return tool_result(_need().status())


def relay_forget(args, **kw):
    return tool_result(_need().forget(args.get("names") or []))
""",
            },
            findings=(("plugins/relay/tools.py", 41),),
            note='a plugin runtime a setter keeps (`tools.bind(_RUNTIME)` in the package\'s register(ctx)) is followed: `forget` reports `"ok": len(errors) == 0`; `status` describes a state; the `tools.registry` import is the one in force (its stand-in is for tests outside Hermes)',
        ),
        Invalid(
            {
                "tools/guard_tool.py": """\
import functools
import json

from tools.registry import registry, tool_error


def guard(fn):
    @functools.wraps(fn)
    def wrapper(args, **kw):
        try:
            return fn(args or {}, **kw)
        except Exception as exc:
            return tool_error(f"{fn.__name__} failed: {exc}")

    return wrapper


@guard
def connect(args, **kw):
    if not args.get("host"):
        return json.dumps({"success": False, "message": "host is required"})
    return json.dumps({"success": True})


registry.register(name="connect", toolset="t", schema={}, handler=connect)
""",
            },
            findings=(("tools/guard_tool.py", 21),),
            note="a def behind a project decorator whose wrapper returns the def's result as it is: its failure report is the handler's",
        ),
        Invalid(
            {
                "tools/bind_tool.py": """\
import json

from tools.registry import registry


def _invalid(reason, *, error=None):
    report = {"ok": False, "events": [{"action": "invalid", "reason": reason}]}
    if error:
        report["error"] = error
    return report


def _check(source):
    if source != "kanban":
        return _invalid("unsupported_source")
    return {"ok": True, "events": []}


def dry_run(args, **kw):
    try:
        report = _check(args.get("source") or "")
    except OSError:
        report = _invalid("read_failed", error="read_failed")
    return json.dumps(report)


registry.register(name="dry_run", toolset="t", schema={}, handler=dry_run)
""",
            },
            findings=(("tools/bind_tool.py", 24),),
            note='a helper sets "error" only under `if error:`; a call that leaves `error=None` gets the report without it (the call that passes an error gets it)',
        ),
        Invalid(
            {
                "tools/slack_tool.py": """\
import json
from typing import TypedDict

from tools.registry import registry


class Delivery(TypedDict):
    ok: bool
    status: int


def _post(url):
    if not url.startswith("https://"):
        return Delivery(ok=False, status=0)
    return Delivery(ok=True, status=200)


def slack_post(args, **kw):
    return json.dumps(_post(args.get("url") or ""))


registry.register(name="slack_post", toolset="slack", schema={}, handler=slack_post)
""",
            },
            findings=(("tools/slack_tool.py", 19),),
            note="a TypedDict's call is a dict: Delivery(ok=False, ...) is a failure without an error key",
        ),
        Invalid(
            {
                "tools/wiki_tool.py": """\
import json
import os
import urllib.request

from tools.registry import registry


def wiki_sync(args, **kw):
    if not os.environ.get("WIKI_URL"):
        return json.dumps({"configured": False, "hint": "set WIKI_URL"})
    try:
        with urllib.request.urlopen(os.environ["WIKI_URL"] + "/health", timeout=5) as resp:
            resp.read()
    except OSError as exc:
        return json.dumps({"configured": True, "ok": False, "reason": str(exc)})
    return json.dumps({"configured": True, "ok": True})


registry.register(
    name="wiki_sync",
    toolset="wiki",
    schema={"name": "wiki_sync", "description": "Sync the wiki.", "parameters": {"type": "object", "properties": {}}},
    handler=wiki_sync,
)
""",
            },
            findings=(("tools/wiki_tool.py", 15),),
            note="a sync that cannot reach the wiki answers ok: False with a reason, no error key",
        ),
        Invalid(
            {
                "tools/run_tool.py": """\
import json
import shlex
from dataclasses import asdict, dataclass, field

from tools.registry import registry

ALLOWED = ("ls", "df", "uptime")


@dataclass
class RunResult:
    command: str
    status: str
    exit_code: int | None = None
    notes: list = field(default_factory=list)

    def to_json(self):
        return json.dumps(asdict(self))


def run_allowed(args, **kw):
    line = args.get("command")
    if not isinstance(line, str) or not line.strip():
        return json.dumps({"error": "command is required"})
    argv = shlex.split(line)
    if argv[0] not in ALLOWED:
        return RunResult(command=line, status="failed", notes=[f"{argv[0]} is not allowed"]).to_json()
    return RunResult(command=line, status="exited", exit_code=0).to_json()


registry.register(
    name="run_allowed",
    toolset="run",
    schema={"name": "run_allowed", "description": "Run an allowed command.", "parameters": {"type": "object", "properties": {"command": {"type": "string", "description": "The command."}}, "required": ["command"]}},
    handler=run_allowed,
)
""",
            },
            findings=(("tools/run_tool.py", 27),),
            note="a dataclass result with status failed and notes that say why, serialised by its own to_json(): a failure without an error key",
        ),
        Invalid(
            {
                "tools/kvd_tool.py": """\
import json
from tools.registry import registry


class ReplyMixin:
    def reply(self, **data):
        return json.dumps(data)


class Tool(ReplyMixin):
    def handle(self, args, **kw):
        return self.work(args)

    def work(self, args):
        if not args.get("key"):
            return self.reply(success=False, message="nothing stored")
        return self.reply(success=True)


def plain_reply(**data):
    return json.dumps(data)


def kv_delete2(args, **kw):
    if not args.get("key"):
        return plain_reply(success=False, message="nothing stored")
    return plain_reply(success=True)


registry.register(name="kv_delete", toolset="kv", schema={}, handler=Tool().handle)
registry.register(name="kv_delete2", toolset="kv", schema={}, handler=kv_delete2)
""",
            },
            findings=(
                ("tools/kvd_tool.py", 12),
                ("tools/kvd_tool.py", 26),
            ),
            note="a helper that serialises its **kwargs (`def reply(**data): return json.dumps(data)`), a mixin's method or a function, called with success=False and a message",
        ),
        Invalid(
            {
                "tools/deco_tool.py": """\
import functools
import json

from tools.registry import registry

TOOLS = []


def tool(name):
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(args, **kw):
            try:
                result = fn(args or {}, **kw)
            except OSError as exc:
                return json.dumps({"error": str(exc)})
            return result if isinstance(result, str) else json.dumps(result)

        TOOLS.append({"name": name, "handler": wrapper})
        return wrapper

    return deco


@tool("move")
def move(args, **kw):
    if not args.get("src"):
        return {"status": "failed", "detail": "src is required"}
    return {"status": "moved"}


@tool("peek")
def peek(args, **kw):
    return {"status": "ok", "size": 3}


for spec in TOOLS:
    registry.register(name=spec["name"], toolset="t", schema={"name": spec["name"], "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=spec["handler"])
""",
            },
            findings=(("tools/deco_tool.py", 17),),
            note="a registering decorator whose wrapper serialises what the def returns (`result if isinstance(result, str) else json.dumps(result)`): move's failure has no 'error'",
        ),
        Invalid(
            {
                "tools/cfg_tool.py": """\
import json

from tools.registry import registry


def reply(data=None, error=None, **extra):
    if error is not None:
        return json.dumps({"error": error, **extra})
    payload = {} if data is None else data
    if isinstance(payload, dict):
        payload = {**payload, **extra}
    return json.dumps(payload, default=str)


def check(args, **kw):
    name = args.get("file") or "config.json"
    try:
        with open(name, encoding="utf-8") as fh:
            json.load(fh)
    except (OSError, ValueError) as exc:
        return reply({"status": "failed", "file": name, "reason": str(exc)})
    return reply({"status": "valid", "file": name})


def probe(args, **kw):
    results = []
    for host in args.get("hosts") or []:
        if host.endswith(".invalid"):
            results.append({"host": host, "success": False, "message": "cannot resolve"})
        else:
            results.append({"host": host, "success": True})
    if len(results) == 1:
        return json.dumps(results[0])
    return json.dumps({"results": results})


registry.register(name="check", toolset="t", schema={"name": "check", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=check)
registry.register(name="probe", toolset="t", schema={"name": "probe", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=probe)
""",
            },
            findings=(
                ("tools/cfg_tool.py", 21),
                ("tools/cfg_tool.py", 33),
            ),
            note="the author's reply(data=None, error=None, **extra) serialises the payload it is given (normalised: `{} if data is None else data`, `{**payload, **extra}`); the one report of a list built by appends, returned as results[0]",
        ),
        Invalid(
            {
                "tools/pack_tool.py": """\
import json
import zipfile
from pathlib import Path

from tools.registry import registry


def pack(args, **kw):
    added, skipped = [], []
    for name in args.get("paths") or []:
        p = Path(name)
        (added if p.is_file() else skipped).append(name)
    if not added:
        return json.dumps({"success": False, "added": 0, "skipped": skipped})
    with zipfile.ZipFile("out.zip", "w") as zf:
        for name in added:
            zf.write(name)
    return json.dumps({"success": True, "added": len(added), "skipped": skipped})


registry.register(name="pack", toolset="t", schema={"name": "pack", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=pack)
""",
            },
            findings=(("tools/pack_tool.py", 14),),
            note="`success: False` with the list of what was passed over beside it (`skipped: skipped`): a failure, the list is data",
        ),
        Invalid(
            {
                "tools/rows_tool.py": """\
import json

from tools.registry import registry


def add(args, **kw):
    return json.dumps({"sum": args.get("a", 0) + args.get("b", 0)})


def neg(args, **kw):
    return json.dumps({"status": "error", "message": "not supported"})


SPECS = [
    dict(name="add", handler=add),
    dict(name="neg", handler=neg),
]

for spec in SPECS:
    registry.register(name=spec["name"], toolset="t", schema={"name": spec["name"], "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=spec["handler"])
""",
            },
            findings=(("tools/rows_tool.py", 11),),
            note="rows written as `dict(name=..., handler=...)` calls: each registration's name and handler are its row's",
        ),
        Invalid(
            {
                "tools/diffstat_tool.py": """\
import json
import subprocess

from tools.registry import registry


def diff_stat(args, **kw):
    ref = args.get("ref") or "HEAD"
    proc = subprocess.run(["git", "diff", "--stat", ref], capture_output=True, text=True)
    if proc.returncode != 0:
        return json.dumps({"status": "failed", "ref": ref, "stderr": proc.stderr.strip()})
    return json.dumps({"status": "ok", "stat": proc.stdout})


registry.register(name="diff_stat", toolset="t", schema={"name": "diff_stat", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=diff_stat)
""",
            },
            findings=(("tools/diffstat_tool.py", 11),),
            note="a status that says failed, with the command's stderr beside it: the tool's own failure, reported without an error key",
        ),
        Invalid(
            {
                "tools/mailsend_tool.py": """\
import json
import smtplib

from tools.registry import registry


def respond(**data):
    return json.dumps(data)


def mail_send(args, **kw):
    to = args.get("to") or []
    try:
        with smtplib.SMTP("localhost", 25, timeout=5) as smtp:
            smtp.sendmail("me@example.org", to, args.get("body") or "")
    except (smtplib.SMTPException, OSError) as exc:
        return respond(sent=False, to=to, reason=str(exc))
    return respond(sent=True, to=to)


registry.register(name="mail_send", toolset="t", schema={"name": "mail_send", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=mail_send)
""",
            },
            findings=(("tools/mailsend_tool.py", 17),),
            note="an action's flag False with what it was for (`to`) and why: a failure, through a helper that serialises its keywords",
        ),
        Invalid(
            {
                "plugins/ops/plugin.yaml": """\
name: ops
version: 0.1.0
description: d
provides_tools:
  - prune
  - grep
""",
                "plugins/ops/__init__.py": """\
from . import ops  # noqa: F401  (importing registers the tools)
from .kit import TOOLS


def register(ctx):
    for name, spec in TOOLS.items():
        ctx.register_tool(name=spec.name, toolset="ops", schema={"name": spec.name, "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=spec.handler, requires_env=spec.requires_env)
""",
                "plugins/ops/kit.py": """\
import functools
import json
from dataclasses import dataclass, field
from typing import Callable

TOOLS = {}


@dataclass
class Spec:
    name: str
    handler: Callable
    requires_env: list = field(default_factory=list)


def tool(name):
    def deco(fn):
        @functools.wraps(fn)
        def handler(args, **kw):
            return json.dumps(fn(args or {}))

        TOOLS[name] = Spec(name=name, handler=handler)
        return handler

    return deco


def add_instance(obj):
    TOOLS[obj.name] = Spec(name=obj.name, handler=obj)
    return obj
""",
                "plugins/ops/ops.py": """\
import re

from .kit import add_instance, tool


@tool("prune")
def prune(args):
    keep = args.get("keep", 5)
    if not isinstance(keep, int) or keep < 1:
        return {"status": "error", "message": "keep must be a positive integer"}
    return {"status": "ok", "kept": keep}


class Grep:
    name = "grep"

    def __call__(self, args, **kw):
        return {"hits": bool(re.search(args.get("pattern") or "", args.get("text") or ""))}


add_instance(Grep())
""",
            },
            findings=(("plugins/ops/kit.py", 20),),
            note="a table filled by a registering decorator (`TOOLS[name] = Spec(...)` inside it) and by a helper called at the top of a module (`add_instance(Grep())`): one row per tool, the record's fields read per row (a dataclass field defaulting to an empty list is no requires_env)",
        ),
        Invalid(
            {
                "tools/notify_tool.py": """\
import json
import urllib.error
import urllib.request

from tools.registry import registry


def _post(url, payload):
    data = json.dumps(payload).encode("utf-8")
    try:
        with urllib.request.urlopen(urllib.request.Request(url, data=data), timeout=10) as resp:
            return 200 <= resp.status < 300, resp.read(200).decode("utf-8", "replace")
    except (urllib.error.URLError, OSError) as exc:
        return False, f"network error: {exc}"


def notify_team(args, **kw):
    ok, detail = _post("https://chat.example.invalid/hook", {"text": str(args.get("text") or "")})
    return json.dumps({"delivered": ok, "detail": detail})


def notify_ops(args, **kw):
    # trap: a failed post turned away with an error first
    ok, detail = _post("https://ops.example.invalid/hook", {"text": str(args.get("text") or "")})
    if not ok:
        return json.dumps({"error": f"post failed: {detail}"})
    return json.dumps({"delivered": ok, "detail": detail})


SCHEMA = {"type": "object", "properties": {"text": {"type": "string", "description": "The message."}}}
for name, handler in (("notify_team", notify_team), ("notify_ops", notify_ops)):
    registry.register(name=name, toolset="notify", schema={"name": name, "description": "Notify.", "parameters": SCHEMA}, handler=handler)
""",
            },
            findings=(("tools/notify_tool.py", 19),),
            note="a flag unpacked from a helper's tuples (`ok, detail = _post(...)`), False where the post failed, reported as `delivered` without an error; trap: the failure turned away with an error first",
        ),
        Invalid(
            {
                "tools/bookings_tool.py": """\
import json

from tools.registry import registry

ROOMS = {"small": 4, "large": 12}


def booking_request(args, **kw):
    room = str(args.get("room") or "")
    people = args.get("people") or 1
    if room not in ROOMS:
        return json.dumps({"error": f"unknown room {room!r}"})
    if people > ROOMS[room]:
        return json.dumps({"status": "rejected", "reason": f"{room} holds {ROOMS[room]} people"})
    return json.dumps({"status": "booked", "room": room})


def booking_history(args, **kw):
    # trap: a status word alone describes a past booking, with nothing saying why
    return json.dumps({"bookings": [{"room": "small", "status": "rejected"}]})


SCHEMA = {"type": "object", "properties": {"room": {"type": "string", "description": "A room."}, "people": {"type": "integer", "description": "How many."}}}
for name, handler in (("booking_request", booking_request), ("booking_history", booking_history)):
    registry.register(name=name, toolset="bookings", schema={"name": name, "description": "Bookings.", "parameters": SCHEMA}, handler=handler)
""",
            },
            findings=(("tools/bookings_tool.py", 14),),
            note="a status `rejected` beside a reason: the tool turned the request away without an error; trap: a past booking's status in data, with nothing saying why",
        ),
        Invalid(
            {
                "tools/lamp_tool.py": """\
import json

import requests

from tools.registry import registry

BASE = "http://lamp.local/api"


class Lamp:
    def __init__(self, base):
        self.base = base

    def put_state(self, lamp_id, on):
        try:
            resp = requests.put(f"{self.base}/{lamp_id}", json={"on": bool(on)}, timeout=5)
        except requests.RequestException as exc:
            return {"ok": False, "reason": f"lamp unreachable: {exc}"}
        return {"ok": resp.ok, "status": resp.status_code}


def lamp_set(args, **kw):
    result = Lamp(BASE).put_state(str(args.get("lamp", "")), args.get("on"))
    result["lamp"] = args.get("lamp")
    return json.dumps(result)


def lamp_history(args, **kw):
    try:
        resp = requests.get(f"{BASE}/history", timeout=5)
        resp.raise_for_status()
    except requests.HTTPError as exc:
        return json.dumps({"status": "failed", "http_status": exc.response.status_code})
    except requests.RequestException as exc:
        return json.dumps({"status": "unavailable", "detail": f"lamp hub unreachable: {exc}"})
    return json.dumps({"status": "ok", "events": resp.json()})


def quiz_grade(args, **kw):
    answers = {"q1": "b", "q2": "d"}
    question = str(args.get("question", ""))
    if question not in answers:
        return json.dumps({"graded": False, "reason": f"unknown question id {question}"})
    return json.dumps({"graded": True, "correct": args.get("answer") == answers[question]})


SCHEMA = {"type": "object", "properties": {}}
for name, fn in (("lamp_set", lamp_set), ("lamp_history", lamp_history), ("quiz_grade", quiz_grade)):
    registry.register(name=name, toolset="home", schema={"name": name, "description": "Home.", "parameters": SCHEMA}, handler=fn)
""",
            },
            findings=(
                ("tools/lamp_tool.py", 25),
                ("tools/lamp_tool.py", 33),
                ("tools/lamp_tool.py", 35),
                ("tools/lamp_tool.py", 43),
            ),
            note="a def named for a state that changes it (`put_state`) reports its outcome as any action does; a failed status beside an HTTP status code or a `detail`, `unavailable` included; an action flag (`graded`) False beside its reason",
        ),
        Invalid(
            {
                "tools/t_tool.py": """\
import functools
import json

from tools.registry import registry


def json_tool(fn):
    @functools.wraps(fn)
    def wrapper(args, **kwargs):
        try:
            result = fn(args or {}, **kwargs)
        except OSError as exc:
            return json.dumps({"error": f"storage problem: {exc}"})
        return json.dumps(result, ensure_ascii=False)
    return wrapper


@json_tool
def review(args, **kwargs):
    card = args.get("card")
    if not card:
        return {"error": "card is required"}
    if card not in ("a", "b"):
        return {"ok": False, "message": f"No card {card}"}
    return {"ok": True, "card": card}


SCHEMA = {"name": "review", "description": "d", "parameters": {"type": "object", "properties": {"card": {"type": "string", "description": "c"}}}}
registry.register(name="review", toolset="t", schema=SCHEMA, handler=review)
""",
            },
            findings=(("tools/t_tool.py", 24),),
            note="a def behind a project decorator whose wrapper serialises what it returns (`return json.dumps(fn(args))`): the def's failure is the handler's, reported at the def's own return",
        ),
        Invalid(
            {
                "tools/cards_tool.py": """\
import json

from tools.registry import registry


def review(args, **kwargs):
    card = args.get("card")
    result = {"ok": True, "card": card}
    if card not in ("a", "b"):
        result = {"ok": False, "message": f"No card {card}"}
    if result.get("ok") is True:
        return json.dumps({"card": card})
    return json.dumps(result)


def flip(args, **kwargs):
    card = args.get("card")
    result = {"ok": True, "card": card}
    if result["ok"] is False:
        return json.dumps({"error": "not flipped"})
    if card not in ("a", "b"):
        result = {"ok": False, "message": f"No card {card}"}
    return json.dumps(result)


S = {"name": "x", "description": "d", "parameters": {"type": "object", "properties": {}}}
for name, fn in (("review", review), ("flip", flip)):
    registry.register(name=name, toolset="t", schema=dict(S, name=name), handler=fn)
""",
            },
            findings=(
                ("tools/cards_tool.py", 13),
                ("tools/cards_tool.py", 23),
            ),
            note='an if that does not turn the failure away: its test, asked of the failure\'s keys, is False (`result.get("ok") is True` lets `ok: False` through), or it runs before the value becomes the failure',
        ),
        Invalid(
            _HEAD
            + """\
def token_decode(args, **kw):
    parts = str(args.get("token", "")).split(".")
    if len(parts) != 3:
        return json.dumps({"valid": False, "message": f"expected 3 parts, got {len(parts)}"})
    return json.dumps({"header": parts[0]})


def meeting_book(args, **kw):
    if args.get("action") == "cancel":
        mid = args.get("id")
        return json.dumps({"cancelled": False, "reason": f"no meeting with id {mid}"})
    return json.dumps({"booked": True})


def ticket_get(args, **kw):
    return json.dumps({"status": "not_found", "ticket_id": args.get("id")})


registry.register(name="token_decode", toolset="sec", schema={}, handler=token_decode)
registry.register(name="meeting_book", toolset="cal", schema={}, handler=meeting_book)
registry.register(name="ticket_get", toolset="desk", schema={}, handler=ticket_get)
""",
            lines=(7, 14, 19),
            note="valid False from a def that decodes (not one that validates), cancelled False"
            " with a reason (no meeting by that id), a not-found status beside the id asked for",
        ),
        Invalid(
            {
                "plugins/board/plugin.yaml": "name: board\nversion: '1'\ndescription: d\nprovides_tools: [board_move, board_add, board_move2]\n",
                "plugins/board/__init__.py": """\
import functools
import json


def with_board(fn, args, **kwargs):
    board = {"cards": {}}
    return fn(board, args)


def logged(fn, args, **kwargs):
    print("tool call", args)
    return fn({"cards": {}}, args)


def move_card(board, args):
    card = board["cards"].get(args.get("id"))
    if card is None:
        return json.dumps({"moved": False, "reason": "no such card"})
    return json.dumps({"moved": True})


def add_card(board, args):
    return json.dumps({"added": True})


TOOLS = [
    {"name": "board_move", "fn": move_card},
    {"name": "board_add", "fn": add_card},
]


def register(ctx):
    for spec in TOOLS:
        ctx.register_tool(
            name=spec["name"],
            toolset="board",
            schema={"name": spec["name"], "description": "d", "parameters": {"type": "object"}},
            handler=functools.partial(with_board, spec["fn"]),
        )
    ctx.register_tool(
        name="board_move2",
        toolset="board",
        schema={"name": "board_move2", "description": "d", "parameters": {"type": "object"}},
        handler=lambda args, _s=TOOLS[0], **kw: logged(_s["fn"], args),
    )
""",
            },
            findings=(("plugins/board/__init__.py", 7), ("plugins/board/__init__.py", 12)),
            note="a table's function handed to a shared wrapper by a partial of the row's field"
            ' (`partial(with_board, spec["fn"])`) and by a lambda\'s default (`_s=TOOLS[0]`):'
            " each row's function is followed; `add_card` is silent",
        ),
        Invalid(
            _HEAD
            + """\
class Playlists:
    def __init__(self, names):
        self.names = names
        self.actions = {"remove": self.remove, "show": self.show}

    def remove(self, args):
        name = args.get("name") or ""
        if name not in self.names:
            return {"ok": False, "message": f"{name} is not in the playlist"}
        self.names.remove(name)
        return {"ok": True, "removed": name}

    def show(self, args):
        return {"names": self.names}

    def run(self, args):
        fn = self.actions.get(args.get("action"))
        if fn is None:
            return {"error": "unknown action"}
        return fn(args)


def playlists(args, **kw):
    return json.dumps(Playlists([]).run(args))

registry.register(name="playlists", toolset="t", schema={}, handler=playlists)
""",
            lines=(27,),
            note="a failure made by a method reached through a table of bound methods",
        ),
        Invalid(
            _HEAD
            + """\
SCENES = {"movie": {"lamp": 20}, "morning": {"lamp": 100}}
ACTIVE = {"scene": "morning"}


def scene_apply(args, **kw):
    name = args.get("scene") or ""
    if name not in SCENES:
        return json.dumps({"applied": False, "reason": f"no scene named {name!r}", "available": sorted(SCENES)})
    if ACTIVE["scene"] == name:
        return json.dumps({"applied": False, "reason": "already active", "available": sorted(SCENES)})
    ACTIVE["scene"] = name
    return json.dumps({"applied": True, "scene": name})


registry.register(name="scene_apply", toolset="home", schema={}, handler=scene_apply)
""",
            lines=(11,),
            note="an action flag False with a reason and the choices the model could have made; "
            "the same with a reason that says nothing was needed is no failure",
        ),
        Invalid(
            _HEAD
            + """\
import functools

WATCHED = ["https://a.example"]


def _remove(args, targets):
    url = args.get("url") or ""
    kept = [t for t in targets if t != url]
    if len(kept) == len(targets):
        return {"status": "failed", "reason": f"{url} is not being watched"}, None
    return {"removed": url, "watching": len(kept)}, kept


def _add(args, targets):
    url = args.get("url") or ""
    return {"added": url}, [*targets, url]


def _targets(op, args, **kw):
    result, new_targets = op(args, list(WATCHED))
    if new_targets is not None:
        WATCHED[:] = new_targets
    return json.dumps(result)


for _name, _op in (("monitor_add", _add), ("monitor_remove", _remove)):
    registry.register(name=_name, toolset="uptime", schema={}, handler=functools.partial(_targets, _op))
""",
            lines=(26,),
            note="a failure report as the first item of a helper's tuple, unpacked by the "
            "handler a partial binds per row",
        ),
        Invalid(
            _HEAD
            + """\
import csv


def reorder(args, **kw):
    rows = [{"sku": "A1", "qty": 2}]
    result = {"count": len(rows), "parts": rows}
    if args.get("export"):
        try:
            with open("reorder.csv", "w", newline="") as fh:
                csv.writer(fh).writerows([[r["sku"], r["qty"]] for r in rows])
        except OSError as exc:
            return json.dumps({"status": "failed", "detail": f"could not write: {exc}", **result})
        result["exported_to"] = "reorder.csv"
    result["status"] = "ok"
    return json.dumps(result)


registry.register(name="reorder", toolset="t", schema={}, handler=reorder)
""",
            lines=(15,),
            note="a dict spread into a failure report holds the keys stored on it before that point: `result['status'] = 'ok'`, stored after the `return`, does not override the failing status",
        ),
        Invalid(
            _HEAD
            + """\
from pathlib import Path


def stock_update(args, **kw):
    feed = str(args.get("feed", ""))
    try:
        stock = json.loads(Path("stock.json").read_text())
    except (OSError, ValueError) as exc:
        return tool_error(f"stock file unreadable: {exc}")
    if feed not in stock:
        return json.dumps({"updated": False, "reason": f"unknown feed {feed!r}", "known": sorted(stock)})
    stock[feed] += float(args.get("delta_kg", 0))
    return json.dumps({"feed": feed, "updated": True})


registry.register(name="stock_update", toolset="t", schema={}, handler=stock_update)
""",
            lines=(14,),
            note="an action's flag False with why, and what the model could have named instead (`known`, `known_feeds`, like `available`): a failure",
        ),
        Invalid(
            _HEAD
            + """\
import urllib.error
import urllib.request


def tm_lookup(args, **kw):
    segment = str(args.get("segment", ""))
    try:
        with urllib.request.urlopen("http://tm.local/lookup?q=" + segment, timeout=5) as resp:
            matches = json.loads(resp.read())
    except (urllib.error.URLError, ValueError) as exc:
        return json.dumps({"matches": [], "status": "tm_unreachable", "detail": str(exc)})
    return json.dumps({"matches": matches, "status": "ok"})


registry.register(name="tm_lookup", toolset="t", schema={}, handler=tm_lookup)
""",
            lines=(14,),
            note="a status that ends in a failure word (`tm_unreachable`, `upload_failed`) beside a detail: a failure",
        ),
        Invalid(
            _HEAD
            + """\
TAKEN = {"09:00", "09:30"}


def book(args, **kw):
    start = str(args.get("start") or "")
    if start in TAKEN:
        free = sorted({"10:00", "10:30"} - TAKEN)
        return json.dumps({"booked": False, "reason": f"{start} is taken", "alternatives": free})
    return json.dumps({"booked": True, "start": start})


def redeem(args, **kw):
    stamps = int(args.get("stamps") or 0)
    if stamps < 9:
        return json.dumps({"redeemed": False, "message": "not enough stamps yet"})
    return json.dumps({"redeemed": True})


registry.register(name="book", toolset="t", schema={}, handler=book)
registry.register(name="redeem", toolset="t", schema={}, handler=redeem)
""",
            lines=(11, 18),
            note="an action's flag False with why, and the choices the model could take instead (`alternatives`); a redemption that did not happen",
        ),
        Invalid(
            _HEAD
            + """\
def _prorata(paid, months_left):
    return {"paid": paid, "months_unused": months_left, "refund": round(paid * months_left / 12, 2)}


def refund(args, **kw):
    result = _prorata(float(args.get("paid") or 0), int(args.get("months_left") or 0))
    if result["months_unused"] == 0:
        result["status"] = "failed"
        result["reason"] = "no whole months left in the season"
    return json.dumps(result)


registry.register(name="refund", toolset="t", schema={}, handler=refund)
""",
            lines=(13,),
            note="a helper's dict (its keys known on every return) made a failure report by the keys stored on it after (`result['status'] = 'failed'`, a reason)",
        ),
        Invalid(
            _HEAD
            + """\
def loan_extend(args, **kw):
    if int(args.get("times") or 0) >= 2:
        return json.dumps({"extended": False, "reason": "extension limit reached"})
    return json.dumps({"extended": True})


registry.register(name="loan_extend", toolset="t", schema={}, handler=loan_extend)
""",
            lines=(6,),
            note="the past participle of the tool's own action (`extended`, a word no list names) False beside its reason",
        ),
        Invalid(
            _HEAD
            + """\
CHECKS = {"web": {"url": "https://example.org"}}


def remove_check(args, **kw):
    key = args.get("check")
    if not isinstance(key, str) or not key:
        return json.dumps({"removed": False, "reason": "'check' must be an id or name"})
    if CHECKS.pop(key, None) is None:
        return json.dumps({"removed": False, "reason": "no such check"})
    return json.dumps({"removed": True, "check": key})


registry.register(name="remove_check", toolset="t", schema={}, handler=remove_check)
""",
            lines=(10, 12),
            note="`removed: False` beside a reason that says the input could not be used (`must be`) or that what it names is not there (`no such check`): a failure",
        ),
        Invalid(
            _HEAD
            + """\
import subprocess


def grep_export(args, **kw):
    term = args.get("term")
    if not isinstance(term, str) or not term:
        return tool_error("term is required")
    proc = subprocess.run(["grep", "-i", "-F", "--", term, "export.csv"], capture_output=True, text=True)
    if proc.returncode > 1:
        return json.dumps({"status": "error", "output": proc.stderr.strip()})
    return json.dumps({"status": "ok", "rows": proc.stdout.splitlines()})


registry.register(name="grep_export", toolset="t", schema={}, handler=grep_export)
""",
            lines=(13,),
            note="a status of error beside what the failed command printed: a failure without an error key",
        ),
        Invalid(
            _HEAD
            + """\
import dataclasses
import functools


@dataclasses.dataclass
class Reply:
    success: bool
    message: str

    @classmethod
    def failure(cls, message):
        return cls(False, message)

    def to_dict(self):
        return {"success": self.success, "message": self.message}


class Roster:
    def find(self, args):
        if not args.get("query"):
            return Reply.failure("no member matches")
        return Reply(True, "found")

    def count(self, args):
        return Reply(True, "12 members")


def _invoke(operation, args, **kw):
    reply = getattr(Roster(), operation)(args)
    return json.dumps(reply.to_dict())


@dataclasses.dataclass(frozen=True)
class Spec:
    name: str
    operation: str


SPECS = (Spec(name="roster_find", operation="find"),)

for spec in SPECS:
    registry.register(
        name=spec.name,
        toolset="t",
        schema={},
        handler=functools.partial(_invoke, spec.operation),
    )
""",
            lines=(33,),
            note="a row's field a partial binds picks the method that runs (`getattr(obj, operation)`), and that one answers a failure without an error key",
        ),
        Invalid(
            _HEAD
            + """\
from dataclasses import asdict, is_dataclass
from functools import partial


def _reply(status, message):
    return json.dumps({"status": status, "message": message})


def ledger_add(args, **kw):
    sample = args.get("sample_id")
    if not isinstance(sample, str) or not sample:
        return _reply("err", "sample_id is required")
    owner = args.get("owner")
    if not isinstance(owner, str):
        return _reply("err", "owner must be text")
    return _reply("ok", f"added {sample}")


def compare(args):
    items = args.get("items") or []
    if not items:
        return {"ok": False, "reason": "nothing to compare"}
    return {"count": len(items)}


def _invoke(fn, args, **kw):
    try:
        result = fn(args)
    except ValueError as exc:
        return tool_error(str(exc))
    payload = asdict(result) if is_dataclass(result) else result
    return json.dumps(payload)


registry.register(name="ledger_add", toolset="t", schema={}, handler=ledger_add)
registry.register(name="compare", toolset="t", schema={}, handler=partial(_invoke, compare))
""",
            lines=(15, 35),
            note='a status word "err" beside a message is a failure; returns that hand on one failure made elsewhere are one finding; a result asked whether it is a dataclass and copied is still the dict the def returned',
        ),
        Invalid(
            _HEAD
            + """\
TEMPLATES = {"welcome": "Hi {name}, welcome aboard."}


def canned_reply(args, **kw):
    name = args.get("template")
    if name not in TEMPLATES:
        return json.dumps({"status": "ERR_UNKNOWN_TEMPLATE", "message": f"no template {name!r}"})
    return json.dumps({"status": "OK", "text": TEMPLATES[name]})


registry.register(name="canned_reply", toolset="support", schema={}, handler=canned_reply)
""",
            lines=(10,),
            note='an error code as the status (`"ERR_UNKNOWN_TEMPLATE"`) reports a failure',
        ),
        Invalid(
            _HEAD
            + """\
DOSES = {"meloxicam": 0.1, "carprofen": 4.4}


def dose_volume(args, **kw):
    drug = args.get("drug")
    if drug not in DOSES:
        return json.dumps({"rc": -2, "status": "ENOENT", "detail": f"no drug {drug!r}"})
    return json.dumps({"rc": 0, "status": "OK", "mg_per_kg": DOSES[drug]})


registry.register(name="dose_volume", toolset="vet", schema={}, handler=dose_volume)
""",
            lines=(10,),
            note='a C library error name as the status (`"ENOENT"`) reports a failure',
        ),
        Invalid(
            _HEAD
            + """\
def place_hold(args, **kw):
    record = args.get("record_id") or ""
    if not record:
        return json.dumps({"error": "record_id is required"})
    if record.startswith("x-"):
        return json.dumps({"ok": 0, "reason": "item already on hold for this patron"})
    return json.dumps({"ok": 1, "hold": record})


registry.register(name="place_hold", toolset="library", schema={}, handler=place_hold)
""",
            lines=(9,),
            findings=(),
            note='a flag written as a number: `"ok": 0` says the hold was not placed',
        ),
        Invalid(
            _HEAD
            + """\
def wind_stats(args, **kw):
    samples = [float(s) for s in args.get("samples") or [] if isinstance(s, (int, float))]
    if len(samples) < 2:
        return json.dumps({"status": 3, "msg": "not enough samples in log"})
    return json.dumps({"status": 0, "mean": sum(samples) / len(samples)})


registry.register(name="wind_stats", toolset="race", schema={}, handler=wind_stats)
""",
            lines=(7,),
            findings=(),
            note="a program's non-zero status code beside a reason that says what went wrong",
        ),
        Invalid(
            _HEAD
            + """\
import os

import requests


def exit_json(**result):
    result.setdefault("changed", False)
    return json.dumps(result)


def fail_json(msg, **result):
    result["failed"] = True
    result["msg"] = msg
    return json.dumps(result)


def stock_lookup(args, **kw):
    base = os.environ.get("INVENTORY_URL")
    if not base:
        return fail_json("INVENTORY_URL must be set")
    sku = args.get("sku")
    if not isinstance(sku, str) or not sku.strip():
        return json.dumps({"failed": True, "msg": "sku is required"})
    try:
        resp = requests.get(f"{base}/stock", params={"sku": sku.strip()}, timeout=10)
        resp.raise_for_status()
        on_hand = int(resp.json().get("on_hand", 0))
    except (requests.RequestException, ValueError) as exc:
        return fail_json(f"inventory service failed: {exc}")
    return exit_json(sku=sku.strip(), on_hand=on_hand)


registry.register(name="stock_lookup", toolset="t", schema={}, handler=stock_lookup)
""",
            lines=(23, 26),
            note='Ansible-style reports: `{"failed": True, "msg": ...}`, also set item by item on'
            " a helper's `**kwargs`",
        ),
        Invalid(
            _HEAD
            + """\
import sqlite3


def matter_deadlines(args, **kw):
    matter_id = str(args.get("matter_id") or "").strip()
    con = sqlite3.connect(":memory:")
    con.execute("CREATE TABLE matters (id TEXT, title TEXT)")
    row = con.execute("SELECT title FROM matters WHERE id = ?", (matter_id,)).fetchone()
    if row is None:
        return json.dumps(
            {"matter_id": matter_id, "found": False, "message": f"no matter {matter_id!r} on the docket"}
        )
    return json.dumps({"matter_id": matter_id, "found": True, "title": row[0]})


registry.register(name="matter_deadlines", toolset="t", schema={}, handler=matter_deadlines)
""",
            lines=(13,),
            note='`{"found": False, "message": ...}` beside only what was asked for: it is not'
            " there, a failure",
        ),
        Invalid(
            """\
import json

from tools.registry import registry

CONST_DEFAULT_VAT = 20.0


def invoice_total(args, **kw):
    strCustomer = args.get("customer_name", "")
    arrItems = args.get("items", [])
    if not isinstance(strCustomer, str) or strCustomer.strip() == "":
        return json.dumps({"Status": "Error", "Message": "Customer name is blank"})
    if not isinstance(arrItems, list) or len(arrItems) == 0:
        return json.dumps({"Status": "Error", "Message": "No line items on invoice"})
    dblNet = 0.0
    for item in arrItems:
        if not isinstance(item, dict):
            continue
        try:
            dblNet = dblNet + float(item.get("qty", 0)) * float(item.get("unit_price", 0))
        except (TypeError, ValueError):
            return json.dumps({"error": "qty and unit_price must be numbers"})
    return json.dumps({"Status": "OK", "Customer": strCustomer, "Net": round(dblNet, 2)})


registry.register(
    name="x_invoice_total",
    toolset="x",
    schema={"name": "x_invoice_total", "description": "Invoice total.", "parameters": {"type": "object", "properties": {"customer_name": {"type": "string", "description": "Customer."}, "items": {"type": "array", "description": "Lines.", "items": {"type": "object"}}}}},
    handler=invoice_total,
)
""",
            lines=(
                12,
                14,
            ),
            note='keys written with capitals, as a Visual Basic habit has them (`{"Status": '
            '"Error", "Message": ...}`): read whatever their case; only `"error"` itself is '
            "what Hermes looks for",
        ),
        Invalid(
            """\
import functools
import json

from tools.registry import registry


class StandardResponses:
    def failure(self, message):
        return json.dumps({"error": message})


class EnvelopeResponses:
    def failure(self, message):
        return json.dumps({"status": "error", "reason": message})


FLAVOURS = {"standard": StandardResponses, "envelope": EnvelopeResponses}


def responses(flavour="standard"):
    return FLAVOURS[flavour]()


class CheckHandlerFactory:
    def __init__(self, flavour="envelope"):
        self._responses = responses(flavour)

    def create_handler(self):
        return self.handle

    def handle(self, args, **kw):
        member = args.get("member_id")
        if not isinstance(member, str) or not member.strip():
            return self._responses.failure("member_id must be text")
        return json.dumps({"member_id": member.strip(), "active": True})


def _invoke(factory_class, args, **kw):
    handler = factory_class().create_handler()
    return handler(args, **kw)


registry.register(
    name="x_check",
    toolset="x",
    schema={"name": "x_check", "description": "Check a member.", "parameters": {"type": "object", "properties": {"member_id": {"type": "string", "description": "Member."}}}},
    handler=functools.partial(_invoke, CheckHandlerFactory),
)
""",
            lines=(40,),
            note="the same factory whose default flavour is the envelope: its failure has no "
            '"error" key',
        ),
        Invalid(
            """\
import json

from tools.registry import registry


def _ok(value):
    return {"kind": "ok", "value": value}


def _err(code, message):
    return {"kind": "err", "code": code, "message": message}


def compare(args):
    kwh = args.get("monthly_kwh")
    if isinstance(kwh, bool) or not isinstance(kwh, (int, float)) or not 0 < kwh < 1e6:
        return _err("invalid_argument", "monthly_kwh must be a number between 0 and 1e6")
    return _ok({"flat": round(kwh * 0.3, 2), "night": round(kwh * 0.25, 2)})


def tariff_compare(args, **kw):
    return json.dumps(compare(args))


registry.register(
    name="tariff_compare",
    toolset="energy",
    schema={
        "name": "tariff_compare",
        "description": "Compare two tariffs.",
        "parameters": {
            "type": "object",
            "properties": {"monthly_kwh": {"type": "number", "description": "Use per month."}},
            "required": ["monthly_kwh"],
        },
    },
    handler=tariff_compare,
)
""",
            lines=(22,),
            note="A tagged union's tag says the failure: {'kind': 'err', 'code': ..., 'message': "
            "...} (as {'type': 'error', ...} would), a failure word with a reason beside it, "
            "and no 'error' key.",
        ),
        Invalid(
            """\
import json

import requests

from tools.registry import registry

API = "https://forecast.example/v1/daily"


def forecast(args, **kw):
    city = args.get("city")
    if not isinstance(city, str) or not city.strip():
        return json.dumps({"error": "city is required"})
    try:
        resp = requests.get(API, params={"q": city}, timeout=10)
    except requests.RequestException as exc:
        return json.dumps({"error": f"forecast service unreachable: {exc}"})
    if resp.status_code == 429:
        return json.dumps({"status": "rate_limited", "retry_after": resp.headers.get("Retry-After", "30")})
    try:
        data = resp.json()
    except ValueError:
        return json.dumps({"error": "the forecast service answered something that is not JSON"})
    return json.dumps({"city": city, "days": data.get("days", []) if isinstance(data, dict) else []})


registry.register(
    name="forecast",
    toolset="weather",
    schema={
        "name": "forecast",
        "description": "Daily forecast for a city.",
        "parameters": {
            "type": "object",
            "properties": {"city": {"type": "string", "description": "City name."}},
            "required": ["city"],
        },
    },
    handler=forecast,
)
""",
            lines=(19,),
            note="{'status': 'rate_limited', 'retry_after': ...} on HTTP 429: a service that "
            "turned the call away for now is a failure, and a retry hint says why as a "
            "message does.",
        ),
        Invalid(
            """\
import json

from tools.registry import registry

ALLOWED = {"Reserved": ("Paid", "Cancelled"), "Paid": ("Refunded",)}
ORDERS = {"BO-1002": "Reserved"}


def order_transition(args, **kw):
    order_id = args.get("order_id")
    target = args.get("target_status")
    current = ORDERS.get(order_id) if isinstance(order_id, str) else None
    if current is None:
        return json.dumps({"Success": False, "Data": None, "Error": f"No order {order_id!r}"})
    if target not in ALLOWED.get(current, ()):
        return json.dumps({"Success": False, "Data": None, "Error": f"Cannot move {order_id} from {current} to {target}"})
    ORDERS[order_id] = target
    return json.dumps({"Success": True, "Data": {"order_id": order_id, "status": target}, "Error": None})


registry.register(name="order_transition", toolset="x", schema={"name": "order_transition", "description": "d", "parameters": {"type": "object", "properties": {"order_id": {"type": "string", "description": "o"}, "target_status": {"type": "string", "description": "t"}}, "required": ["order_id", "target_status"]}}, handler=order_transition)
""",
            lines=(14, 16),
            note="{'Success': False, 'Data': None, 'Error': ...}: Hermes reads the key 'error' "
            "only, so a capitalised 'Error' is another key; it says why as a message does, "
            "and the false flag is the failure.",
        ),
        Invalid(
            """\
import json
from dataclasses import asdict, dataclass
from typing import Optional

from tools.registry import registry


@dataclass
class ActionResponse:
    success: bool
    message: Optional[str] = None
    data: Optional[dict] = None

    def to_json(self):
        payload = {key: value for key, value in asdict(self).items() if value is not None}
        return json.dumps(payload)


def remove(args, **kw):
    device = args.get("device_id")
    if device != "lamp":
        return ActionResponse(success=False, message=f"No device {device}").to_json()
    return ActionResponse(success=True, data={"removed": device}).to_json()


registry.register(name="remove", toolset="t", schema={"name": "remove", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=remove)
""",
            lines=(22,),
            note="a record's to_json() dumps its fields less those that are None: success=False "
            "and the message are kept, a failure without an error key.",
        ),
        Invalid(
            """\
import json
from datetime import datetime, timezone

from tools.registry import registry


def reminder_create(args, **kwargs):
    text = args.get("text", "")
    when = args.get("when")
    if not text or not when:
        return json.dumps({"error": "Both 'text' and 'when' are required"})
    try:
        local_dt = datetime.strptime(when, "%Y-%m-%d %H:%M").replace(tzinfo=timezone.utc)
    except (TypeError, ValueError):
        return json.dumps({"error": "Invalid date"})
    if local_dt < datetime.now(timezone.utc):
        return json.dumps({"created": False, "reason": "That time is already in the past"})
    return json.dumps({"created": True, "text": text})


def reminder_snooze(args, **kwargs):
    minutes = args.get("minutes")
    if minutes == 0:
        return json.dumps({"updated": False, "reason": "Reminder is already at that time"})
    return json.dumps({"updated": True})


registry.register(name="reminder_snooze", toolset="t", schema={"name": "reminder_snooze", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=reminder_snooze)
registry.register(name="reminder_create", toolset="t", schema={"name": "reminder_create", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=reminder_create)
""",
            lines=(17,),
            note="an action flag False whose reason says the time given is already in the past: "
            "the reminder could not be made, a failure; already at that time (snooze) says "
            "nothing needed doing",
        ),
        Invalid(
            """\
import json

from tools.registry import registry


def env_parse(args, **kwargs):
    content = args.get("content")
    if not isinstance(content, str):
        return json.dumps({"error": "content must be text"})
    problems = [f"line {i}: not KEY=VALUE" for i, line in enumerate(content.splitlines(), 1) if "=" not in line]
    if args.get("strict") and problems:
        return json.dumps({"ok": False, "err": problems[0], "problems": problems})
    return json.dumps({"ok": True, "problems": problems})


def env_lint(args, **kwargs):
    content = args.get("content")
    if not isinstance(content, str):
        return json.dumps({"error": "content must be text"})
    problems = [f"line {i}: not KEY=VALUE" for i, line in enumerate(content.splitlines(), 1) if "=" not in line]
    return json.dumps({"valid": not problems, "problems": problems})


registry.register(name="env_parse", toolset="t", schema={"name": "env_parse", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=env_parse)
registry.register(name="env_lint", toolset="t", schema={"name": "env_lint", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=env_lint)
""",
            lines=(12,),
            note="ok False with the error under err, as a Go habit shortens it, beside the "
            "problems found: the tool failed (strict mode), though a list of problems alone "
            "is a verdict on the input (env_lint)",
        ),
        Invalid(
            {
                "tools/cancel_tool.py": """\
from tools.registry import registry
from tools.views import ToolView


class CancelOrder(ToolView):
    method = "post"

    def post(self, data):
        if data.get("shipped"):
            return self.respond({"success": False, "message": "already shipped"})
        return self.respond({"success": True})


registry.register(
    name="cancel_order",
    toolset="shop",
    schema={"name": "cancel_order", "description": "Cancel an order.", "parameters": {"type": "object", "properties": {"shipped": {"type": "boolean", "description": "Shipped already."}}}},
    handler=CancelOrder.as_handler(),
)
""",
                "tools/views.py": """\
import json


class ToolView:
    method = "get"
    validator = None

    @classmethod
    def as_handler(cls, **initkwargs):
        def handler(args, **kwargs):
            view = cls(**initkwargs)
            return view.dispatch(args, **kwargs)

        return handler

    def dispatch(self, args, **kwargs):
        action = getattr(self, self.method)
        if self.validator is not None:
            checked = self.validator(args)
            if "error" in checked:
                return json.dumps(checked)
            return action(checked)
        return action(args)

    def respond(self, data):
        return json.dumps(data)
""",
            },
            findings=(("tools/views.py", 12),),
            note="A class-based view: the handler factory runs the method a subclass names in a "
            "class attribute (getattr(self, self.method)); that method's failure without an "
            "error key is the handler's.",
        ),
        Invalid(
            {
                "tools/compose_tool.py": """\
import json

from tools.registry import registry


def lint_compose(args, **kw):
    text = args.get("text")
    if not isinstance(text, str) or "services:" not in text:
        return json.dumps({"ok": False, "reason": "no services: block found", "findings": []})
    findings = [line for line in text.splitlines() if ":latest" in line]
    return json.dumps({"ok": True, "findings": findings})


registry.register(name="compose_lint", toolset="lab", schema={"name": "compose_lint", "description": "Lint a compose file.", "parameters": {"type": "object", "properties": {"text": {"type": "string", "description": "The compose file."}}}}, handler=lint_compose)
""",
            },
            findings=(("tools/compose_tool.py", 9),),
            note="A linter that cannot start reports ok False with a reason and an empty findings "
            "list written out: no verdict was found, the tool failed.",
        ),
        Invalid(
            """\
import json
from tools.registry import registry


class Tool:
    def run(self, args):
        return self._run(**args)


class MarkDone(Tool):
    def _run(self, item_id=None):
        if item_id is None:
            return {"success": False, "message": "item_id is required"}
        return {"success": True, "item": item_id}


def _as_text(result):
    if isinstance(result, str):
        return result
    return json.dumps(result)


def _handler_for(tool):
    def handler(args, **kw):
        return _as_text(tool.run(args))

    return handler


registry.register(name="mark_done", toolset="todo", schema={}, handler=_handler_for(MarkDone()))
""",
            lines=(25,),
            note="a helper that hands text back as it is and serialises anything else (an adapter "
            "of LangChain-style tool objects): the object the tool's run method returns is "
            "judged",
        ),
        Invalid(
            """\
import json
from tools.registry import registry


def render(obj, **opts):
    if hasattr(obj, "to_json"):
        return obj.to_json(**opts)
    return json.dumps(obj, **opts)


def failure(message, **extra):
    return render(dict(ok=False, message=message, **extra))


def set_goal(args, **kw):
    metric = args.get("metric")
    if metric not in ("steps", "minutes"):
        return failure(f"unknown metric {metric}", allowed=["steps", "minutes"])
    return render({"ok": True, "metric": metric})


registry.register(name="set_goal", toolset="goals", schema={}, handler=set_goal)
""",
            lines=(18,),
            note="a helper whose other branch asks an object for its own JSON (obj.to_json()) "
            "serialises a dict it is given: the dict(ok=False, ...) a failure helper builds, "
            "with its **extra",
        ),
        Invalid(
            """\
import json
from tools.registry import registry


def rubric_create(args, **kw):
    weights = [c.get("weight", 0) for c in args.get("criteria") or []]
    if abs(sum(weights) - 1.0) > 1e-6:
        return json.dumps({"isValid": False, "errors": [f"weights sum to {sum(weights)}"]})
    return json.dumps({"isValid": True, "criteria": len(weights)})


def macro_split(args, **kw):
    calories = args.get("calories") or 0
    if calories < 800:
        return json.dumps({"valid": False, "reasons": ["calories below 800/day"]})
    return json.dumps({"valid": True, "calories": calories})


def validate_rubric(args, **kw):
    weights = [c.get("weight", 0) for c in args.get("criteria") or []]
    return json.dumps({"isValid": abs(sum(weights) - 1.0) < 1e-6 or False, "errors": []})


registry.register(name="rubric_create", toolset="quiz", schema={}, handler=rubric_create)
registry.register(name="macro_split", toolset="fit", schema={}, handler=macro_split)
registry.register(name="validate_rubric", toolset="quiz", schema={}, handler=validate_rubric)
""",
            lines=(
                8,
                15,
            ),
            note="isValid (a flag as Java or JavaScript names it) and a list of reasons say why as "
            "a message does; validate_rubric's isValid False is its verdict",
        ),
        Invalid(
            """\
import json
from tools.registry import registry

WORKOUTS = {}


def delete_workout(args, **kw):
    wid = args.get("id")
    if wid not in WORKOUTS:
        return json.dumps({"deleted": False, "id": wid, "reason": f"no workout with id {wid}"})
    del WORKOUTS[wid]
    return json.dumps({"deleted": True, "id": wid})


def forget_tag(args, **kw):
    tag = str(args.get("tag", ""))
    if tag not in WORKOUTS:
        return json.dumps({"removed": False, "name": tag, "reason": f"{tag} is already gone"})
    del WORKOUTS[tag]
    return json.dumps({"removed": True, "name": tag})


registry.register(name="delete_workout", toolset="fit", schema={}, handler=delete_workout)
registry.register(name="forget_tag", toolset="fit", schema={}, handler=forget_tag)
""",
            lines=(10,),
            note="a removal's reason written as an f-string is read from its words: no workout "
            "with that id is a failure (the model named what is not there), already gone is "
            "not",
        ),
        Invalid(
            """\
import json

from tools.registry import registry

ORDERS = {"1001": {"status": "paid"}}
TRANSITIONS = {"paid": ["shipped"], "shipped": ["delivered"]}


class Controller:
    def respond(self, data=None, status=200):
        return json.dumps({"status": status, "data": data})

    def fail(self, message, status=400):
        return json.dumps({"error": message, "status": status})


class OrderController(Controller):
    def update_status(self, args, **kw):
        order = ORDERS.get(str(args.get("order_id")))
        if order is None:
            return self.fail("Order not found", 404)
        new = args.get("status")
        if new not in TRANSITIONS.get(order["status"], []):
            return self.respond({"updated": False, "message": f"Cannot move to {new}"}, 409)
        order["status"] = new
        return self.respond({"updated": True, "status": new})

    def show(self, args, **kw):
        order = ORDERS.get(str(args.get("order_id")))
        if order is None:
            return self.fail("Order not found", 404)
        return self.respond({"order": order})


_orders = OrderController()
registry.register(name="order_update_status", toolset="shop", schema={}, handler=_orders.update_status)
registry.register(name="order_show", toolset="shop", schema={}, handler=_orders.show)
""",
            lines=(24,),
            note="a helper that wraps its answer in an envelope (json.dumps({'status': status, "
            "'data': data})) given a failure report as the answer: the envelope says nothing "
            "of its own, so the answer's failure is reported",
        ),
    )

    def check(self, ctx: LintContext) -> Iterator[Finding]:
        for module in ctx.modules:
            yield from cached_findings(ctx, module, self.code, self._compute(ctx, module))

    def _compute(self, ctx: LintContext, module: ModuleInfo) -> Callable[[], Iterator[Finding]]:
        return lambda: self.module_findings(ctx, module)

    def module_findings(self, ctx: LintContext, module: ModuleInfo) -> Iterator[Finding]:
        for reg in registrations_of(module):
            handler = reg.handler
            if handler is None:
                continue
            tool = reg.label()
            for func in handler.code():
                if (
                    wrapped(func.node, func.scope)
                    and not isinstance(func, Undecorated)
                    and not returns_through(func.node, func.scope)
                ):
                    # a decorator may change what it returns: what its wrapper returns,
                    # with the def bound to what it calls (`return json.dumps(fn(args))`)
                    through = through_decorator(func)
                    if through is not None and not isinstance(through.node, ast.Lambda):
                        code = Code(through)
                        wrapper_returns: list[tuple[ast.AST, ast.expr]] = [
                            (r, r.value) for r in reachable_returns(code) if r.value is not None
                        ]
                        yield from self._findings(
                            ctx, through, code, wrapper_returns, tool, reg.name or "", inner=func
                        )
                    continue
                node = func.node
                code = handler.code_for(func)
                if isinstance(node, ast.Lambda):
                    if handler.target is not None:
                        continue  # the function it forwards to is checked instead
                    places: list[tuple[ast.AST, ast.expr]] = [(node.body, node.body)]
                elif code.scope.env_key():
                    # (constants a lambda or partial binds rule out other tools' branches)
                    places = [(r, r.value) for r in reachable_returns(code) if r.value is not None]
                else:
                    places = [
                        (sub, sub.value)
                        for sub in walk_function(node)
                        if isinstance(sub, ast.Return) and sub.value is not None
                    ]
                yield from self._findings(ctx, func, code, places, tool, reg.name or "")
        for served in served_tools_of(module):
            func = served.function
            if wrapped(func.node, func.scope):
                continue
            code = Code(func, served.env())
            places = [(r, r.value) for r in reachable_returns(code) if r.value is not None]
            yield from self._findings(ctx, func, code, places, served.name, served.name)

    def _findings(
        self,
        ctx: LintContext,
        func: Function,
        code: Code,
        places: list[tuple[ast.AST, ast.expr]],
        tool: str,
        name: str,
        inner: Function | None = None,
    ) -> Iterator[Finding]:
        """`inner`: the decorated def whose wrapper `func` is; a failure it returns is
        reported at its own `return` (where the fix goes), not at the wrapper's."""
        # (returns whose failure is made in one place elsewhere, `return respond(err)` after
        # each check: one finding, at the first, where the fix is one change there)
        groups: dict[object, list[tuple[ast.AST, list[Found], ast.Return | None]]] = {}
        for place, value in places:
            ways = _ways(value, code, (func.name, name))
            if not ways:
                continue
            own = _own_return(inner, ways[0]) if inner is not None else None
            made = ways[0].chain[-1] if ways[0].chain and own is None else id(place)
            groups.setdefault(made, []).append((place, ways, own))
        for group in groups.values():
            place, ways, own = group[0]
            at, said, module = place, func.name, func.module
            if own is not None and inner is not None:
                at, said, module = own, inner.name, inner.module
            chains = [c for p, w, _ in group for c in _chains(code, p, w)]
            yield ctx.finding(
                self.code,
                _message(said, ways, own is None, len(group) - 1),
                module,
                at,
                tool,
                chains=list(dict.fromkeys(chains)),
            )


def _own_return(inner: Function, found: Found) -> ast.Return | None:
    """The `return` of `inner` that the failure's chain ends at, if it ends in `inner`."""
    if not found.chain:
        return None
    rel, line, _ = found.chain[-1]
    if rel != inner.module.rel:
        return None
    for sub in walk_function(inner.node):
        if isinstance(sub, ast.Return) and sub.lineno <= line <= (sub.end_lineno or sub.lineno):
            return sub
    return None


def _alternatives(value: ast.expr) -> list[ast.expr]:
    """Each branch of `a if c else b`, else the value itself."""
    if isinstance(value, ast.IfExp):
        return _alternatives(value.body) + _alternatives(value.orelse)
    return [value]


def _ways(value: ast.expr, code: Code, names: tuple[str, ...]) -> list[Found]:
    """Every way one returned value is a failure without `"error"`: one per branch (not a
    status report of a handler or tool `names` says asks for a state or ends one)."""
    ways = []
    for alternative in _alternatives(value):
        found = failure_text(alternative, code)
        if found is not None and not status_report(
            found, (*names, *(step[2] for step in found.chain))
        ):
            ways.append(found)
    return ways


def _message(name: str, ways: list[Found], says_where: bool = True, returns: int = 0) -> str:
    """`says_where`: name where the failure is made (False: the finding is there); `returns`:
    how many other returns hand on the same failure."""
    first = ways[0]
    where = ""
    if first.chain and says_where:
        rel, line, _ = first.chain[-1]
        steps = [step[2] for step in first.chain]
        where = f"{rel}:{line}, via {' -> '.join(steps)}"
    others = len(ways) - 1
    more = f"{others} more path{'s' if others != 1 else ''}" if others else ""
    also = f"{returns} more return{'s' if returns != 1 else ''}" if returns else ""
    detail = "; ".join(part for part in (where, more, also) if part)
    return (
        f'`{name}` reports a failure without "error": {first.reason}'
        + (f" ({detail})" if detail else "")
        + '; use tool_error(...) or add an "error" key'
    )


def _chains(code: Code, node: ast.AST, ways: list[Found]) -> list[tuple[tuple[str, int, str], ...]]:
    here = (code.module.rel, getattr(node, "lineno", 1), code.label)
    return list(dict.fromkeys((here, *found.chain) for found in ways))
