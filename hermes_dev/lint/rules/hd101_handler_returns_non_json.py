"""## What it does
Reports a `return` in a tool handler (or in the function a handler lambda or `functools.partial`
forwards to) whose value is surely not a JSON string: a dict, list, tuple, set, number, bool or
`None` literal, a bare `return`, falling off the end of the function (also past a `match` on
the model's arguments none of whose cases takes every dict: `case {"date": str(d)}:` lets a
call without "date" through), `orjson.dumps(...)` (bytes),
a dict made by `dataclasses.asdict(...)`, `vars(...)`, `obj.__dict__`, a `TypedDict`'s call or a pydantic model's
`model_dump()` (its `model_dump_json()` is JSON), an instance of a project class none of whose
bases can be `str` (`return Err("not_found", msg)` with its `.to_json()` forgotten; a class
with a `__new__`, a metaclass or a decorator that may put something else in its place is not
known), the `.json()` of a requests, httpx or aiohttp
response (the parsed body), a
plain or f-string that is not JSON such as `f"Error: {e}"` (also one whose own text holds what JSON
never has outside a string and no quote to open one, `f"{amount} {unit} = {grams:.0f} g"`; one
that opens and closes an array or object in its own text, `f"[{a}, {b}]"`, builds JSON and is
not reported), a JSON string with text concatenated or
appended to it (`result_json += "[Hint: ...]"`), text the handler builds itself (`"\\n".join(lines)`
of text lines, also with a newline after them or its first line padded with `.ljust()`, `str()` of a dict, list, None or exception, `.read_text()` of a file the code names
as text (`notes.md`), the `stdout` of a command written out in the code that prints text (also
run through the project's wrapper of `subprocess.run`, or built in a local list; `docker logs`,
`kubectl logs` too), two such texts joined (`proc.stdout + proc.stderr`) or either of them (`proc.stdout or
proc.stderr`), text that ends as no
JSON text ends (`f"{secs:.2f} seconds"`, `"Saved " + name + "."`; a `%`-conversion at either
end of a template is no prose), a template (an f-string, `%` or `.format()`) whose own text
between its fields is prose no JSON holds and opens no string (`"%s: %d files, %s" % ...`),
a file's or a program's path (`shutil.which(...)`,
`os.path.abspath(...)`, `str()` of a `Path`), the lines of a difflib diff joined, lines joined
whose first line starts or ends as no JSON does (`lines = [str(root)]` ... `"\n".join(lines)`:
a JSON text holds no line break inside a string) or is a template whose own text between its
fields is prose (`"%s for %.3f MHz:" % (kind, f)`, as an f-string's), pieces joined with another separator whose
first piece starts, or whose every possible last piece ends, as no JSON does (a sentence filled
from a `.format()` template, also any value of a table of templates), a value the code gives
items (`cached["cached"] = True`: a dict or a list, unless its module builds the multimodal
envelope); a command
asked for JSON, an API client such as `gh` or `curl`, a shell or interpreter, or a command the code
does not show may print JSON and is not reported), or the result of a call one of whose
reachable returns is one of those. A name returned after an `if`/`elif`/`else` chain each arm
of which binds it last (`if fmt == "plain": result = text` ... `else: result = json.dumps(...)`)
returns, down an arm constants do not rule out, what that arm binds. A finding through a call sits at the handler's `return` and
names the return it comes from and the chain of calls to it, e.g. `` `navigate` returns
`page_result()`, which can return a dict (tools/browser_helpers.py:5) ``. One `return` is one
finding: when several of its values are not JSON (each branch of `a() if c else b()`), the
message names them all with the first chain, and `--format json` gives every chain (`chains`),
SARIF a code flow per chain. Values the linter cannot know are never reported, and neither is
the multimodal envelope `{"_multimodal": True, "content": [...]}`, which Hermes' dispatch passes
through on purpose.

A memory provider or context engine serves its tools through `get_tool_schemas()` and
`handle_tool_call(tool_name, args, **kwargs)`; each served tool is checked there as a handler,
with its name bound as a constant, so only its own branch counts (the method's end, which only
unknown names reach, does not).

## What is followed
`return helper(...)` is followed as HD102 follows calls (see `hermes-dev rule HD102`): into
functions, methods of objects whose class is known, classes' methods and other modules under
the root, also through an immediately invoked lambda; constant arguments rule out the helper's
branches they decide (`return data` under `if raw:` when the call leaves `raw=False`). Not
followed: calls that leave the root or cannot be resolved, a value stored in a variable first
(except `s = json.dumps(...)` then `s += "..."`), generators and functions behind a decorator
that may change them. Seen through: a project decorator that hands the def back unchanged (a
registering `@tool(...)`), and one whose wrapper returns the def's result as it is (`try:
return fn(*args, **kw) except Exception: return tool_error(...)`, or `result = fn(...)` ...
`return result` not under a test of `result`, beside returns of `json.dumps(...)`: a timing
decorator that adds to JSON objects; the def's own returns are then the handler's), and one
that hands text on as it is (`if isinstance(result, str): return result`) and serialises the
rest: the def's text that is not JSON is reported, its dicts are not. A helper that returns a
parameter as it is (`def _to_json(result): if isinstance(result, str): return result; return
json.dumps(result)`) is judged at each call by what the call gives it (only text counts where it
keeps only a `str`): `_to_json(tool.run(args))` of a tool object whose run returns a URL is.
`str(report)` of the project's object whose `__str__` (or `__repr__`) gives text that is not
JSON on every path is reported. A `return None` under `if result is None:` is reported only
where the call that made `result` is known to give None (`find(key)` returning None for a key
it does not hold), not where no known call does (a handler looked up in a table). A method
that returns an attribute of its object as it is (`if isinstance(self.value, str): return
self.value`) is judged by what the caller stored there once (`outcome.value = ...` then
`outcome.render()`).

## Why is this bad?
Hermes hands the handler's return value to the model as the tool result, and the contract is a
JSON string. The registry replaces anything else with a generic "unsupported result type" error,
so the model never sees the data; prose like `"Error: timeout"` reaches the model unstructured
where every other tool gives `{"error": ...}`. (Raising instead is HD102's: `registry.dispatch`
turns an escaping exception into `{"error": "Tool execution failed: <Type>: <message>"}` and logs
a crash, so the model gets a type and a raw message instead of the tool's own explanation.)

## Example
```python
def weather_tool(location: str) -> str:
    if not location:
        return {"error": "location is required"}
    return json.dumps({"location": location, "temp": 22})
```

## Use instead
```python
def weather_tool(location: str) -> str:
    if not location:
        return tool_error("location is required")
    return json.dumps({"location": location, "temp": 22})
```

## Fix safety
A `return` in the handler's own body of a dict or list literal, or of a name bound only to dict
or list literals, is wrapped in `json.dumps(...)` (`import json` is added when missing). The fix
is safe: the model receives the same data, now as the JSON string the contract asks for. It is
unsafe when other code names the function: its own module beyond the registration, or any other
`.py` file under the root (an `agent/` module or a test that imports and calls the handler, or
`module.handler`); those callers get a string now. The root is searched for the name as a word
and only the files that hold it are parsed (comments and strings do not count); a root of more
than 20,000 `.py` files is not searched, and the fix stays unsafe.

A `return` of an error message as plain text (`"Error: ..."`, `f"Failed to {x}"`) becomes
`return tool_error(...)` with the same text (`tool_error` imported the way the module imports
the registry). This fix is unsafe: the result changes from prose to `{"error": ...}`, which a
caller or test comparing the text notices. Other returns (None, falling off the end, bytes,
values from helpers) have no fix.
"""

from __future__ import annotations

import ast
import re
from collections import Counter

from hermes_dev.host.registrations import registrations_of
from hermes_dev.host.served import served_tools_of
from hermes_dev.lint.call_cache import cached_findings
from hermes_dev.lint.rule import Fix, Invalid, Rule, Valid
from hermes_dev.pyast.analyze.jsonness import (
    JSON,
    NOT_JSON,
    UNKNOWN,
    Verdict,
    exits,
    infer,
    narrowed_branch,
    none_reason,
    not_text_reason,
)
from hermes_dev.pyast.calls.driver import Code, passes_text_through, returns_through, wrapped
from hermes_dev.pyast.calls.escapes import model_text
from hermes_dev.pyast.calls.returns import (
    NonJson,
    call_oracle,
    reachable_returns,
    value_non_json,
)
from hermes_dev.pyast.semantic.scopes import Undecorated
from hermes_dev.pyast.semantic.walker import is_none

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from pathlib import Path

    from hermes_dev.lint.context import LintContext
    from hermes_dev.lint.rule import Finding
    from hermes_dev.pyast.semantic.modules import ModuleInfo
    from hermes_dev.pyast.semantic.scopes import Function

_HEAD = """\
import json
from tools.registry import registry, tool_error, tool_result

"""


# A project decorator whose wrapper returns the def's result as it is (two cases share it).
_GUARD = """\
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


"""


class HandlerReturnsNonJson(Rule):
    code = "HD101"
    name = "handler-returns-non-json"
    summary = "A tool handler returns a value that is not a JSON string"
    fixable = "safe or unsafe"

    VALID = (
        Valid(
            _HEAD
            + """\
def weather(location, units="metric"):
    if not location:
        return tool_error("location is required")
    try:
        data = {"location": location, "units": units}
    except Exception as e:
        return json.dumps({"error": str(e)})
    return tool_result(data)

registry.register(name="weather", toolset="w", schema={},
    handler=lambda args, **kw: weather(args.get("location", ""), task_id=kw.get("task_id")))
""",
            note="lambda forwarding to a function whose returns are all JSON",
        ),
        Valid(
            _HEAD
            + """\
def _error(msg):
    return tool_error(msg)

def lookup(args, **kw):
    result = json.dumps({"ok": True}) if args else _error("empty")
    if not args:
        out = _error("no args")
    else:
        out = json.dumps(args)
    return result if kw else out

registry.register(name="lookup", toolset="t", schema={}, handler=lookup)
""",
            note="helpers, conditionals and variables that are all JSON",
        ),
        Valid(
            _HEAD
            + """\
def passthrough(args, **kw):
    value = compute(args)
    return value

registry.register(name="passthrough", toolset="t", schema={}, handler=passthrough)
""",
            note="an unknown value is not reported",
        ),
        Valid(
            _HEAD
            + """\
def forever(args, **kw):
    while True:
        if args.get("x"):
            return json.dumps(args)

registry.register(name="forever", toolset="t", schema={}, handler=forever)
""",
            note="`while True` without break never falls off the end",
        ),
        Valid(
            _HEAD
            + """\
def _envelope(text, image):
    return {"_multimodal": True, "content": [{"type": "text", "text": text}, image]}

def screenshot(args, **kw):
    if not args.get("inline"):
        result = {"_multimodal": True, "content": [{"type": "text", "text": "ok"}]}
        return result
    return _envelope("shot", {"type": "image_url", "image_url": {"url": "data:"}})

registry.register(name="screenshot", toolset="t", schema={}, handler=screenshot)
""",
            note="the multimodal envelope is an accepted result",
        ),
        Valid(
            {
                "tools/render.py": """\
import json

class Renderer:
    def render(self, data, raw=False):
        if raw:
            return data
        return json.dumps(data)

    def page(self, data):
        return self.render(data)

def fmt(data, *, as_text=False):
    if as_text:
        return f"data: {data}"
    return json.dumps(data)

def walk(data, depth=0):
    if depth > 3:
        return json.dumps(data)
    return walk(data, depth + 1)
""",
                "tools/render_tool.py": _HEAD
                + """\
from tools.render import Renderer, fmt, walk

_RENDERER = Renderer()

def show(args, **kw):
    if args.get("page"):
        return _RENDERER.page(args)
    if args.get("walk"):
        return walk(args)
    if args.get("fmt"):
        return fmt(args, as_text=False)
    return _RENDERER.render(args)

def passthrough(args, **kw):
    return args.get("callback")(args)

registry.register(name="show", toolset="t", schema={}, handler=show)
registry.register(name="passthrough", toolset="t", schema={}, handler=passthrough)
""",
            },
            note="helpers and methods in a sibling module whose reachable returns are JSON: the"
            " non-JSON branch is ruled out by a constant argument or a default; recursion;"
            " a call that cannot be resolved",
        ),
        Valid(
            {
                "plugins/notify/__init__.py": """\
import json


def handle_send(params, **kwargs):
    return {"module-level": "never registered"}


def register(ctx):
    def handle_send(params, **kwargs):
        return json.dumps({"success": True})

    ctx.register_tool(name="notify_send", toolset="notify", schema={}, handler=handle_send)
    for name in ("notify_a", "notify_b"):
        handle_send = _make(name)
        ctx.register_tool(name=name, toolset="notify", schema={}, handler=handle_send)


def _make(name):
    return lambda params, **kwargs: {"unknown": name}
""",
            },
            note="a name bound in register(ctx) is its own: the nested def, not the module's"
            " function of that name; a local variable is not known (the module's is not it)",
        ),
        Valid(
            {
                "tools/report_tool.py": """\
import json

import yaml

from tools.registry import registry


def as_json_line(args, **kw):
    return json.dumps({"items": args.get("items") or []}) + "\\n"


def parsed(args, **kw):
    data = yaml.safe_load(args.get("text") or "{}")
    return json.dumps({"data": data})


def encoded(args, codec, **kw):
    return codec.encode(args)


def joined(args, **kw):
    parts = [json.dumps(item) for item in args.get("items") or []]
    return "[" + ",".join(parts) + "]"


registry.register(name="as_json_line", toolset="t", schema={}, handler=as_json_line)
registry.register(name="parsed", toolset="t", schema={}, handler=parsed)
registry.register(name="joined", toolset="t", schema={}, handler=joined)
""",
            },
            note='trap: json.dumps(...) + "\\n" is JSON (whitespace around it parses), yaml.safe_load reads, `.encode()` of an unknown object, JSON strings joined into an array\'s brackets',
        ),
        Valid(
            {
                "tools/guard_tool.py": _GUARD
                + """\
def as_json(fn):
    def wrapper(args, **kw):
        result = fn(args, **kw)
        return json.dumps({"result": result})

    return wrapper


@guard
def connect(args, **kw):
    if not args.get("host"):
        return tool_error("host is required")
    return json.dumps({"connected": True})


@as_json
def lookup(args, **kw):
    return {"value": 1}


registry.register(name="connect", toolset="t", schema={}, handler=connect)
registry.register(name="lookup", toolset="t", schema={}, handler=lookup)
""",
            },
            note="trap: a decorator whose wrapper serialises what the def returns; a guarded def whose returns are JSON",
        ),
        Valid(
            {
                "tools/pages_tool.py": """\
import json
from dataclasses import asdict, dataclass

from pydantic import BaseModel

from tools.registry import registry


class Summary(BaseModel):
    id: str


@dataclass
class Page:
    id: str

    def model_dump(self):
        return json.dumps(asdict(self))


def summary(args, **kw):
    return Summary(id=str(args.get("id"))).model_dump_json()


def page(args, **kw):
    return Page(id=str(args.get("id"))).model_dump()


registry.register(name="summary", toolset="pages", schema={}, handler=summary)
registry.register(name="page", toolset="pages", schema={}, handler=page)
""",
            },
            note="trap: a pydantic model's model_dump_json() is a JSON string; a project method named model_dump is followed, not taken for pydantic's",
        ),
        Valid(
            {
                "tools/weather_tool.py": """\
import json

import requests

from tools.registry import registry, tool_error


class Reply:
    def json(self):
        return json.dumps({"ok": True})


def forecast(args, **kw):
    try:
        resp = requests.get("https://weather.example.invalid/forecast", timeout=10)
        resp.raise_for_status()
    except requests.RequestException as exc:
        return tool_error(str(exc))
    return json.dumps(resp.json())


def ping(args, **kw):
    return Reply().json()


registry.register(name="forecast", toolset="weather", schema={}, handler=forecast)
registry.register(name="ping", toolset="weather", schema={}, handler=ping)
""",
            },
            note="trap: a response's body serialised with json.dumps; a project class's own json() method is followed",
        ),
        Valid(
            {
                "tools/gh_tool.py": """\
import subprocess

from tools.registry import registry, tool_error


def _run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=60)


def _git(*argv):
    return subprocess.run(["git", *argv], capture_output=True, text=True)


def pr_list(args, **kw):
    cmd = ["gh", "pr", "list"]
    try:
        proc = _run(cmd + ["--limit", "5"])
    except (OSError, subprocess.SubprocessError) as exc:
        return tool_error(str(exc))
    return proc.stdout


def git_json(args, **kw):
    proc = _git("log", "--format=%(json)")
    return proc.stdout


def status(args, **kw):
    cmd = ["git", "status"]
    cmd += ["--json"]
    return _run(cmd).stdout


registry.register(name="pr_list", toolset="gh", schema={}, handler=pr_list)
registry.register(name="git_json", toolset="gh", schema={}, handler=git_json)
registry.register(name="status", toolset="gh", schema={}, handler=status)
""",
            },
            note="trap: a wrapper running a program whose output may be JSON (gh), or asked for JSON by the caller's arguments or an added option",
        ),
        Valid(
            {
                "tools/ops_tool.py": """\
import subprocess

from tools.registry import registry


def inspect(args, **kw):
    proc = subprocess.run(["docker", "inspect", "web"], capture_output=True, text=True)
    return proc.stdout


registry.register(name="inspect", toolset="ops", schema={}, handler=inspect)
""",
            },
            note="trap: `docker inspect` prints JSON",
        ),
        Valid(
            {
                "plugins/gh/plugin.yaml": """\
name: gh
""",
                "plugins/gh/__init__.py": """\
import json


def latest_release(args, **kw):
    return json.dumps({"tag": "v1.0"})


def create_issue(args, **kw):
    return json.dumps({"created": True})


SPECS = [("gh_latest_release", latest_release, None), ("gh_create_issue", create_issue, ["GH_TOKEN"])]


def register(ctx):
    for name, handler, env in SPECS:
        kwargs = dict(
            name=name,
            toolset="gh",
            handler=handler,
            schema={"name": name, "description": "D.", "parameters": {"type": "object", "properties": {}}},
        )
        ctx.register_tool(**kwargs)
""",
            },
            note="trap: the same registration with handlers that return JSON strings",
        ),
        Valid(
            {
                "tools/td_tool.py": """\
import json
from typing import TypedDict

from tools.registry import registry


class Reply(TypedDict):
    ok: bool


def ping(args, **kw):
    return json.dumps(Reply(ok=True))


registry.register(name="ping", toolset="p", schema={}, handler=ping)
""",
            },
            note="trap: the TypedDict serialised",
        ),
        Valid(
            {
                "tools/kube_cli.py": """\
import os
import subprocess

KUBECTL = os.environ.get("KUBECTL_BIN", "kubectl")


def kube(*argv, timeout=30):
    cmd = [KUBECTL, *argv]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
""",
                "tools/pod_logs_tool.py": """\
import json
import subprocess

from tools.kube_cli import kube
from tools.registry import registry


def pod_logs(args, **kw):
    pod = args.get("pod")
    if not isinstance(pod, str) or not pod:
        return json.dumps({"error": "pod is required"})
    try:
        proc = kube("get", "pod", pod, "-o", "json")
    except (OSError, subprocess.SubprocessError) as exc:
        return json.dumps({"error": str(exc)})
    if proc.returncode != 0:
        return json.dumps({"error": proc.stderr.strip()})
    return proc.stdout


registry.register(
    name="pod_logs",
    toolset="kube",
    schema={"name": "pod_logs", "description": "A pod's last log lines.", "parameters": {"type": "object", "properties": {"pod": {"type": "string", "description": "The pod."}}, "required": ["pod"]}},
    handler=pod_logs,
)
""",
            },
            note="trap: the same wrapper asked for JSON (`kubectl get -o json`)",
        ),
        Valid(
            {
                "tools/timing.py": """\
import functools
import json


def timed(fn):
    @functools.wraps(fn)
    def wrapper(args, **kw):
        result = fn(args, **kw)
        if isinstance(result, str):
            return result
        return json.dumps(result)

    return wrapper
""",
                "tools/wav_tool.py": """\
import json
import wave

from tools.registry import registry
from tools.timing import timed


@timed
def wav_length(args, **kw):
    path = args.get("path")
    if not isinstance(path, str) or not path:
        return json.dumps({"error": "path is required"})
    try:
        with wave.open(path, "rb") as w:
            frames, rate = w.getnframes(), w.getframerate()
    except (OSError, wave.Error, EOFError) as exc:
        return {"error": f"Not a readable WAV file: {exc}"}
    return json.dumps({"seconds": round(frames / rate, 3) if rate else None})


registry.register(
    name="wav_length",
    toolset="audio",
    schema={"name": "wav_length", "description": "A WAV file's length.", "parameters": {"type": "object", "properties": {"path": {"type": "string", "description": "The file."}}, "required": ["path"]}},
    handler=wav_length,
)
""",
            },
            note="trap: a decorator that serialises what is not text (`return result` only under its test of the result): the def's dict reaches the model as JSON",
        ),
        Valid(
            {
                "tools/peek_tool.py": """\
import json
from pathlib import Path

from tools.registry import registry


def peek(args, **kw):
    raw = args.get("path")
    if not isinstance(raw, str) or not raw:
        return json.dumps({"error": "path is required"})
    path = Path(raw)
    if not path.is_file():
        return json.dumps({"error": f"no such file: {raw}"})
    head = path.read_bytes()[:512]
    try:
        return json.dumps({"text": head.decode("utf-8")})
    except UnicodeDecodeError:
        return json.dumps({"hex": head.hex()})


registry.register(
    name="peek",
    toolset="files",
    schema={"name": "peek", "description": "A file's head.", "parameters": {"type": "object", "properties": {"path": {"type": "string", "description": "The file."}}, "required": ["path"]}},
    handler=peek,
)
""",
            },
            note="trap: the bytes decoded or hexed inside json.dumps",
        ),
        Valid(
            {
                "tools/auto_tool.py": """\
import json

from tools.registry import registry


class Tool:
    name = ""
    all = []

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        if cls.name:
            Tool.all.append(cls())

    def run(self, args):
        raise NotImplementedError

    def __call__(self, args, **kw):
        result = self.run(args)
        if isinstance(result, str):
            return result
        return json.dumps(result)


class Base(Tool):
    pass


class Echo(Tool):
    name = "echo"

    def run(self, args):
        return {"text": args.get("text", "")}


class Count(Tool):
    name = "count"

    def run(self, args):
        return {"n": int(args.get("n", "0"))}


for tool in Tool.all:
    registry.register(name=tool.name, toolset="t", schema={"name": tool.name, "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=tool)
""",
            },
            note="trap: `if isinstance(result, str): return result` returns no dict run() gives; the others are serialised (Base, without a name, is no tool)",
        ),
        Valid(
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
            note="trap: the wrapper serialises every dict the decorated defs return",
        ),
        Valid(
            {
                "tools/fmt_tool.py": """\
import json

from tools.registry import registry


def report(args, **kw):
    body = json.dumps({"ok": True})
    return f"{body}\\n"


def count(args, **kw):
    n = len(args.get("items") or [])
    return f"{n}"


def ratio(args, **kw):
    return "%d" % (args.get("n") or 0)


registry.register(name="report", toolset="t", schema={"name": "report", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=report)
registry.register(name="count", toolset="t", schema={"name": "count", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=count)
registry.register(name="ratio", toolset="t", schema={"name": "ratio", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=ratio)
""",
            },
            note="trap: a JSON text with a newline after it, a number written as text (JSON), `%d` of a number",
        ),
        Valid(
            {
                "tools/rows_tool.py": """\
import json

from tools.registry import registry


def rows(args, **kw):
    lines = [json.dumps({"n": 1})]
    for n in range(2, 4):
        lines.append(json.dumps({"n": n}))
    return json.dumps({"jsonl": "\\n".join(lines)})


registry.register(name="rows", toolset="t", schema={"name": "rows", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=rows)
""",
            },
            note="trap: lines joined, then wrapped in a JSON object",
        ),
        Valid(
            {
                "tools/a_tool.py": """\
import json

from tools.registry import registry

WORDS = ["True", "False"]


def shout(args, **kw):
    reply = json.dumps({"said": args.get("text")})
    return reply[:1].upper() + reply[1:]


def quiet(args, **kw):
    word = WORDS[0] if args.get("yes") else WORDS[1]
    return word.lower()


def listed(args, **kw):
    rows = [json.dumps({"n": 1})]
    return ", ".join(rows)


S = {"name": "shout", "description": "d", "parameters": {"type": "object", "properties": {}}}
for name, fn in (("shout", shout), ("quiet", quiet), ("listed", listed)):
    registry.register(name=name, toolset="t", schema=dict(S, name=name), handler=fn)
""",
            },
            note="traps: JSON capitalised (`{` stays JSON's start), `.lower()` of \"True\" (JSON's `true`), one JSON row joined",
        ),
        Valid(
            {
                "tools/text_tool.py": """\
import json

from tools.registry import registry, tool_error


def relay(args, **kw):
    payload = args.get("payload", "")
    try:
        json.loads(payload)
    except ValueError:
        return tool_error("payload is not JSON")
    return payload


def tidy(args, **kw):
    return json.dumps({"text": args.get("text", "").strip()})


S = {"name": "x", "description": "d", "parameters": {"type": "object", "properties": {}}}
for name, fn in (("relay", relay), ("tidy", tidy)):
    registry.register(name=name, toolset="t", schema=dict(S, name=name), handler=fn)
""",
            },
            note="traps: text the handler parses as JSON before it hands it back, and the model's text inside json.dumps",
        ),
        Valid(
            {
                "tools/card_tool.py": """\
from tools.registry import registry


def card(args, **kw):
    name = str(args.get("name") or "").replace('"', "'")
    count = int(args.get("count") or 0)
    return f'{{\\n  "name": "{name}",\\n  "count": {count}\\n}}'


S = {"name": "card", "description": "d", "parameters": {"type": "object", "properties": {}}}
registry.register(name="card", toolset="t", schema=S, handler=card)
""",
            },
            note='trap: JSON written by hand across lines (`{\\n  "name": ...,\\n}`): beside each line break only white space, structure and quotes',
        ),
        Valid(
            _HEAD
            + """\
def pair(args, **kw):
    a = json.dumps(args.get("a"))
    b = json.dumps(args.get("b"))
    return f"[{a}, {b}]"


def named(args, **kw):
    return f'{{"name": {json.dumps(args.get("name"))}, "ok": true}}'

registry.register(name="pair", toolset="u", schema={}, handler=pair)
registry.register(name="named", toolset="u", schema={}, handler=named)
""",
            note="f-strings that build JSON: structure, numbers and literals outside strings only",
        ),
        Valid(
            _HEAD
            + """\
import functools


def json_tool(fn):
    @functools.wraps(fn)
    def wrapper(args, **kwargs):
        try:
            result = fn(args, **kwargs)
        except OSError as exc:
            return json.dumps({"error": f"storage problem: {exc}"})
        if isinstance(result, str):
            return result
        return json.dumps(result, ensure_ascii=False)
    return wrapper


@json_tool
def duration(args, **kw):
    name = args.get("name", "")
    if not name:
        return {"error": "name is required"}
    songs = len(name.split(","))
    return {"songs": songs, "report": f"{name}: {songs} songs"}


registry.register(name="duration", toolset="t", schema={}, handler=duration)
""",
            note="trap: a decorator that serialises what is not text; the def returns dicts only",
        ),
        Valid(
            _HEAD
            + """\
from pathlib import Path

CACHE = Path.home() / ".cache" / "forecast.json"


def _read_cache():
    try:
        return json.loads(CACHE.read_text())
    except (OSError, ValueError):
        return None


def forecast(args, **kw):
    cached = _read_cache()
    if cached is not None:
        cached["cached"] = True
        cached = json.dumps(cached)
        return cached
    parts = [json.dumps({"hours": 12}), "extra"]
    return json.dumps({"forecast": " ".join(parts[1:])})


registry.register(name="forecast", toolset="t", schema={}, handler=forecast)
""",
            note="traps: a dict given items, then serialised under the same name; text joined inside a JSON object",
        ),
        Valid(
            _HEAD
            + """\
def fingerprint(args, **kw):
    path = str(args.get("path", ""))
    return '{"path": "%s", "files": %d}' % (path.replace('"', ""), len(path))


def pair(args, **kw):
    return "%s%s" % (json.dumps({"a": 1})[:-1], ', "b": 2}')


def pair_format(args, **kw):
    return "{}{}".format(json.dumps([1])[:-1], ", 2]")


registry.register(name="fingerprint", toolset="t", schema={}, handler=fingerprint)
registry.register(name="pair", toolset="t", schema={}, handler=pair)
registry.register(name="pair_format", toolset="t", schema={}, handler=pair_format)
""",
            note="trap: a `%` or `str.format` template that writes JSON itself (its own quotes), or only joins its fields",
        ),
        Valid(
            _HEAD
            + """\
def export(args, **kw):
    rows = [{"n": 1}, {"n": 2}]
    return json.dumps({"rows": rows}).rjust(80) + "\\n"


registry.register(name="export", toolset="t", schema={}, handler=export)
""",
            note="trap: whitespace around a JSON text (padding, a newline after it) is still JSON",
        ),
        Valid(
            _HEAD
            + """\
def histogram(args, **kw):
    rows = args.get("rows") or []
    lines = [f"{args.get('open', '')}{args.get('first', '')}"]
    for row in rows:
        lines.append(row)
    return "\\n".join(lines)


registry.register(name="histogram", toolset="t", schema={}, handler=histogram)
""",
            note="trap: lines joined whose first line has no text of its own between its fields, and whose other lines are not known: they may be one JSON text",
        ),
        Valid(
            _HEAD
            + """\
def _render(rows, verbose):
    lines = [json.dumps({"rows": len(rows)})]
    for name, count in rows.items():
        lines.append(json.dumps({"name": name, "count": count}))
    if verbose:
        lines.append(f"{len(rows)} rows, largest {max(rows.values(), default=0)}")
    return "\\n".join(lines)


def tally(args, **kw):
    return _render({"a": 1}, False)


registry.register(name="tally", toolset="t", schema={}, handler=tally)
""",
            note="trap: the line of prose is appended only under a test, so it is not always the last: JSON lines otherwise, not reported",
        ),
        Valid(
            _HEAD
            + """\
import subprocess


def recent_commits(args, **kw):
    out = subprocess.run(["git", "log", "-n", "10", "--format=%H"], capture_output=True, text=True)
    if out.returncode:
        return tool_error(out.stderr.strip() or "git log failed")
    return json.dumps({"commits": out.stdout.split()}) or tool_error("no output")


registry.register(name="recent_commits", toolset="t", schema={}, handler=recent_commits)
""",
            note="trap: `a or b` of JSON strings is one; a falsy constant before the last is never the value",
        ),
        Valid(
            _HEAD
            + """\
from dataclasses import dataclass
from typing import Any, Union


@dataclass(frozen=True)
class Ok:
    value: Any


@dataclass(frozen=True)
class Err:
    code: str
    message: str


Result = Union[Ok, Err]


def render(result: "Result") -> str:
    if isinstance(result, Ok):
        return json.dumps({"ok": True, "value": result.value})
    elif isinstance(result, Err):
        return json.dumps({"ok": False, "error": result.message, "code": result.code})


def slots(args, **kw):
    day = args.get("day")
    if not isinstance(day, str):
        return render(Err("invalid", "day must be a date"))
    return render(Ok({"day": day, "slots": []}))


registry.register(name="slots", toolset="t", schema={}, handler=slots)
""",
            note="trap: a def that ends in an isinstance chain over the classes its parameter's annotation names (a sealed result) never falls off its end",
        ),
        Valid(
            _HEAD
            + """\
def pairs(args, **kw):
    names = args.get("names")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        return tool_error("names must be a list of text")
    rows = ['{"name": %s, "length": %d}' % (json.dumps(n), len(n)) for n in names]
    return "[" + ",\\n".join(rows) + "]"


registry.register(name="pairs", toolset="t", schema={}, handler=pairs)
""",
            note="trap: JSON written by `%` templates whose own text holds quotes (a string a"
            " field fills): it may be JSON, nothing is said",
        ),
        Valid(
            _HEAD
            + """\
def swap_shift(args, **kw):
    match args:
        case {"date": str(day), "from": str(giver), "to": str(taker)}:
            return json.dumps({"date": day, "from": giver, "to": taker})
        case {**rest}:
            return tool_error(f"date, from and to are needed, got {sorted(rest)}")


def lookup(args, **kw):
    match args.get("kind"):
        case "plot":
            return json.dumps({"kind": "plot"})
        case other:
            return tool_error(f"unknown kind {other!r}")


registry.register(name="swap_shift", toolset="rota", schema={}, handler=swap_shift)
registry.register(name="lookup", toolset="rota", schema={}, handler=lookup)
""",
            note="trap: a last case that takes every dict (`{**rest}`) or every value (a"
            " capture): nothing falls through",
        ),
        Valid(
            _HEAD
            + """\
ROWS = {"M1": {"name": "Ana"}}


def _find(mid):
    row = ROWS.get(mid)
    return json.dumps(row) if row else None


def _lookup(mid):
    member = _find(mid)
    if member is None:
        raise LookupError(f"no member {mid}")
    return member


def lookup(args, **kw):
    try:
        return _lookup(str(args.get("member_id", "")))
    except LookupError as exc:
        return tool_error(str(exc))


registry.register(name="lookup", toolset="gym", schema={}, handler=lookup)
""",
            note="`if member is None: raise ...` before `return member`: None is not returned",
        ),
        Valid(
            _HEAD
            + """\
def layout(title, lines):
    return "\\n".join([title, "-" * 20, *lines])


def render(args, **kw):
    lines = [str(l) for l in args.get("lines") or []]
    fmt = args.get("format", "json")
    if fmt == "plain":
        body = layout("REPORT", lines)
    else:
        body = {"lines": lines}
    body = json.dumps({"format": fmt, "body": body})
    return body


registry.register(name="render", toolset="t", schema={}, handler=render)
""",
            note="trap: the arm's text is bound again (wrapped in JSON) before it is returned",
        ),
        Valid(
            _HEAD
            + """\
class JsonText(str):
    def __new__(cls, payload):
        return super().__new__(cls, json.dumps(payload))


class Reply:
    def __new__(cls, payload):
        return json.dumps(payload)


def echo(args, **kw):
    if args.get("plain"):
        return Reply({"echo": str(args.get("text", ""))})
    return JsonText({"echo": str(args.get("text", ""))})


registry.register(name="echo", toolset="t", schema={}, handler=echo)
""",
            note="trap: a `str` subclass's instance is text, and a class whose `__new__` makes"
            " something else may give a string",
        ),
        Valid(
            """\
import functools
import json
from dataclasses import dataclass
from typing import Any, Callable

from tools.registry import registry


class ToolFailure(Exception):
    pass


@dataclass
class Spec:
    name: str
    schema: dict
    handler: Callable[..., Any]


TABLE: list[Spec] = []


def tool(name: str, params: dict):
    def decorate(func):
        spec = Spec(name=name, schema={"name": name, "description": name, "parameters": {"type": "object", "properties": params}}, handler=func)

        @functools.wraps(func)
        def handler(args: dict, **kw: Any) -> str:
            try:
                result = func(**{k: args.get(k) for k in params})
            except ToolFailure as exc:
                return json.dumps({"error": str(exc)})
            return json.dumps({"result": result}, default=str)

        spec.handler = handler
        TABLE.append(spec)
        return func

    return decorate


@tool("x_level", {"xp": {"type": "integer", "description": "Experience points."}})
def level(xp: Any) -> dict:
    if not isinstance(xp, int) or xp < 0:
        raise ToolFailure("xp must be a non-negative integer")
    return {"level": xp // 1000}


for spec in TABLE:
    registry.register(name=spec.name, toolset="x", schema=spec.schema, handler=spec.handler)
""",
            note="a decorator that builds a record of the def, then sets its `handler` to the "
            "wrapper it made (`spec.handler = handler`): the registered handler is the "
            "wrapper, which catches the failures and returns JSON",
        ),
        Valid(
            """\
import json
import subprocess

from tools.registry import registry


def git_log(args, **kw):
    fmt = args.get("format") or "json"
    p = subprocess.run(["kubectl", "get", "pods", "-o", "json"], capture_output=True, text=True, timeout=20)
    out = p.stdout.strip()
    if fmt == "text":
        return out or "{}"
    return json.dumps({"lines": out.splitlines()})


registry.register(name="git_log", toolset="x", schema={"name": "git_log", "description": "d", "parameters": {"type": "object", "properties": {"format": {"type": "string", "enum": ["json", "text"], "description": "f"}}}}, handler=git_log)
""",
            note="trap: the stripped output of a command asked for JSON (-o json), or {}.",
        ),
        Valid(
            """\
import json

from tools.registry import registry


def tool(name):
    def decorator(func):
        registry.register(name=name, toolset="notes", schema={"name": name, "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=lambda args, **kw: json.dumps(func(args)))
        return func

    return decorator


@tool("notes_count")
def notes_count(args):
    return {"count": len(args)}


registry.register(name="notes_ping", toolset="notes", schema={"name": "notes_ping", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=lambda args, **kw: json.dumps({}))
""",
            note="The decorator registers a lambda that serialises what the decorated def "
            "returns: the dict becomes JSON.",
        ),
        Valid(
            {
                "tools/export_tool.py": """\
import io
import json

from tools.registry import registry


def export(args, **kw):
    buffer = io.StringIO()
    buffer.write(json.dumps({"rows": []}))
    return buffer.getvalue()


registry.register(name="export_rows", toolset="books", schema={"name": "export_rows", "description": "Export rows.", "parameters": {"type": "object", "properties": {}}}, handler=export)
""",
            },
            note="A text buffer whose first write is a JSON string: not known to be anything else.",
        ),
        Valid(
            {
                "tools/distance_tool.py": """\
import json
from dataclasses import asdict, dataclass

from tools.registry import registry


@dataclass
class Leg:
    origin: str
    dest: str


def _leg(origin: str = "", dest: str = "") -> Leg:
    return Leg(origin, dest)


def _to_json(result):
    return json.dumps(asdict(result))


def distance(args, **kw):
    try:
        result = _leg(**args)
    except TypeError as exc:
        return json.dumps({"error": str(exc)})
    if isinstance(result, str):
        return result
    return _to_json(result)


registry.register(name="leg", toolset="trip", schema={"name": "leg", "description": "A leg.", "parameters": {"type": "object", "properties": {"origin": {"type": "string", "description": "From."}, "dest": {"type": "string", "description": "To."}}}}, handler=distance)
""",
            },
            note="A helper that returns a dataclass instance, its result handed back only when it "
            "is a str (already serialised) and serialised otherwise: no instance reaches the "
            "return.",
        ),
        Valid(
            {
                "tools/notes_tool.py": """\
import json

from tools.registry import registry


def read_note(args, **kw):
    title = str(args.get("title", ""))
    kind = "long" if len(title) > 20 else "short"
    match kind:
        case "long":
            return json.dumps({"title": title[:20], "cut": True})
        case "short":
            return json.dumps({"title": title})


registry.register(name="read_note", toolset="notes", schema={"name": "read_note", "description": "Read a note.", "parameters": {"type": "object", "properties": {"title": {"type": "string", "description": "Title."}}}}, handler=read_note)
""",
            },
            note="A match of constants on a local the code itself computes from a test ('long' if "
            "... else 'short'): every value it can hold has its case.",
        ),
        Valid(
            """\
import json
from tools.registry import registry

PARTS = ('{"a"', ": 1}")


def joined(args, **kw):
    # (the first piece starts as a JSON object does: the joined text is JSON)
    return " ".join(p for p in PARTS)


def dump(args, **kw):
    return json.dumps({"regs": " ".join("%s=%d" % (k, v) for k, v in (("A", 1), ("B", 2)))})


registry.register(name="joined", toolset="gpio", schema={}, handler=joined)
registry.register(name="dump", toolset="gpio", schema={}, handler=dump)
""",
            note="traps: pieces that each are no JSON text but whose first starts as a JSON object "
            "does may join into one; a joined text inside json.dumps",
        ),
        Valid(
            """\
import json
from tools.registry import registry


class View:
    view_is_async = False

    def run(self, args):
        return {"ok": True}

    @classmethod
    def as_handler(cls):
        if cls.view_is_async:
            async def handler(args, **kw):
                return cls().run(args)
        else:
            def handler(args, **kw):
                return json.dumps(cls().run(args))
        return handler


class Ping(View):
    pass


for name, view in [("ping", Ping)]:
    registry.register(name=name, toolset="views", schema={}, handler=view.as_handler())
""",
            note="trap: the branch cls.view_is_async rules out is the one returning the dict",
        ),
        Valid(
            """\
import json
from tools.registry import registry


class View:
    method = "POST"

    def get(self):
        return {"items": []}

    def post(self):
        return json.dumps({"created": True})

    def dispatch(self):
        return getattr(self, self.method.lower())()


def handler(args, **kw):
    return View().dispatch()


registry.register(name="items", toolset="views", schema={}, handler=handler)
""",
            note="trap: method = 'POST' lowered picks post, which returns JSON; get (returning a "
            "dict) is never called",
        ),
    )
    INVALID = (
        Invalid(
            _HEAD
            + """\
def weather(location):
    if not location:
        return {"error": "location is required"}
    return json.dumps({"location": location})

registry.register(name="weather", toolset="w", schema={},
    handler=lambda args, **kw: weather(args.get("location", "")))
""",
            lines=(6,),
            fixed=_HEAD
            + """\
def weather(location):
    if not location:
        return json.dumps({"error": "location is required"})
    return json.dumps({"location": location})

registry.register(name="weather", toolset="w", schema={},
    handler=lambda args, **kw: weather(args.get("location", "")))
""",
        ),
        Invalid(
            _HEAD
            + """\
def fetch(args, **kw):
    try:
        return json.dumps({"data": args["q"]})
    except KeyError as e:
        return f"Error: {e}"

registry.register(name="fetch", toolset="t", schema={}, handler=fetch)
""",
            lines=(8,),
            fixed=_HEAD
            + """\
def fetch(args, **kw):
    try:
        return json.dumps({"data": args["q"]})
    except KeyError as e:
        return tool_error(f"Error: {e}")

registry.register(name="fetch", toolset="t", schema={}, handler=fetch)
""",
        ),
        Invalid(
            _HEAD
            + """\
def count(args, **kw):
    if args.get("text"):
        return json.dumps({"n": len(args["text"])})

def label(args, **kw):
    return "result: " + json.dumps(args)

def empty(args, **kw):
    return

registry.register(name="count", toolset="t", schema={}, handler=count)
registry.register(name="label", toolset="t", schema={}, handler=label)
registry.register(name="empty", toolset="t", schema={}, handler=empty)
""",
            lines=(5, 9, 12),
            note="falling off the end, text concatenated to JSON, a bare return",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import orjson

def _payload(x):
    return {"x": x}

def dump(args, **kw):
    if args:
        return orjson.dumps(args)
    return _payload(1)

registry.register(name="dump", toolset="t", schema={}, handler=dump)
""",
            lines=(11, 12),
            note="bytes, and a helper that returns a dict",
            fixed={},
        ),
        Invalid(
            """\
\"\"\"Notes.\"\"\"

from tools.registry import registry


def notes(args, **kw):
    if not args.get("title"):
        return "Error: title is required"
    result = {"title": args["title"]}
    result["tags"] = [
        "note",  # always
    ]
    return result


registry.register(name="notes", toolset="t", schema={}, handler=notes)
""",
            lines=(8, 13),
            note="the fixes add `import json` and `tool_error` to the registry import",
            fixed="""\
\"\"\"Notes.\"\"\"

import json
from tools.registry import registry, tool_error


def notes(args, **kw):
    if not args.get("title"):
        return tool_error("Error: title is required")
    result = {"title": args["title"]}
    result["tags"] = [
        "note",  # always
    ]
    return json.dumps(result)


registry.register(name="notes", toolset="t", schema={}, handler=notes)
""",
        ),
        Invalid(
            """\
import json
from tools.registry import registry


def listing(args, **kw):
    return [{"id": 1}]


def summary(args, **kw):
    return json.dumps({"n": len(json.loads(listing(args)))})


registry.register(name="listing", toolset="t", schema={}, handler=listing)
""",
            lines=(6,),
            note="other code calls the handler: the json.dumps fix is unsafe here",
            fixed="""\
import json
from tools.registry import registry


def listing(args, **kw):
    return json.dumps([{"id": 1}])


def summary(args, **kw):
    return json.dumps({"n": len(json.loads(listing(args)))})


registry.register(name="listing", toolset="t", schema={}, handler=listing)
""",
        ),
        Invalid(
            _HEAD
            + """\
def describe(args, **kw):
    result_json = json.dumps({"caption": args.get("image")})
    if args.get("hint"):
        result_json += f"\\n\\n[Hint: call describe again with detail=high]"
    return result_json

registry.register(name="describe", toolset="t", schema={}, handler=describe)
""",
            lines=(8,),
            note="JSON with prose appended (`+=`) is not a JSON string",
            fixed={},
        ),
        Invalid(
            {
                "tools/browser_helpers.py": """\
import json

def page_result(page, ok=True):
    if not ok:
        return {"error": "navigation failed"}
    return json.dumps({"title": page})

class Session:
    def snapshot(self, page):
        if not page:
            return None
        return page_result(page, ok=bool(page))

def open_session() -> Session:
    return Session()
""",
                "tools/browser_tool.py": _HEAD
                + """\
from tools.browser_helpers import open_session, page_result

def navigate(args, **kw):
    return page_result(args.get("url"), ok=args.get("ok"))

def snapshot(args, **kw):
    session = open_session()
    return session.snapshot(args.get("page"))

registry.register(name="navigate", toolset="t", schema={}, handler=navigate)
registry.register(name="snapshot", toolset="t", schema={}, handler=snapshot)
""",
            },
            findings=(("tools/browser_tool.py", 7), ("tools/browser_tool.py", 11)),
            note="a def handler returns a helper's result where one of the helper's returns is"
            " a dict (a sibling module's function; a method of a class known from a return"
            " annotation)",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
def _resolve(model):
    return model or "default"

def run(action, model):
    if action == "describe":
        return {"action": action, "model": model}
    return json.dumps({"action": action})

registry.register(name="vision", toolset="t", schema={},
    handler=lambda args, **kw: (lambda _m=_resolve(args.get("model")): run(
        action=args.get("action"), model=_m))())
""",
            lines=(13,),
            note="an immediately invoked inner lambda whose body returns a dict from `run`",
            fixed={},
        ),
        Invalid(
            {
                "plugins/notify/__init__.py": """\
import json


def register(ctx):
    schema = {"name": "notify_send", "description": "Send a notification.",
              "parameters": {"type": "object", "properties": {}}}

    def handle_send(params, **kwargs):
        if not params.get("message"):
            return {"success": False, "error": "message is required"}
        return json.dumps({"success": True})

    ctx.register_tool(name="notify_send", toolset="notify", schema=schema, handler=handle_send)
""",
            },
            findings=(("plugins/notify/__init__.py", 10),),
            note="a handler nested in the plugin's register(ctx), registered by its name",
            fixed={
                "plugins/notify/__init__.py": """\
import json


def register(ctx):
    schema = {"name": "notify_send", "description": "Send a notification.",
              "parameters": {"type": "object", "properties": {}}}

    def handle_send(params, **kwargs):
        if not params.get("message"):
            return json.dumps({"success": False, "error": "message is required"})
        return json.dumps({"success": True})

    ctx.register_tool(name="notify_send", toolset="notify", schema=schema, handler=handle_send)
"""
            },
        ),
        Invalid(
            {
                "plugins/gh/__init__.py": """\
from plugins.gh.tools import _HANDLERS, _TOOLS
from . import team as _team


def register(ctx):
    for name, schema in _TOOLS:
        ctx.register_tool(name=name, toolset="gh", schema=schema, handler=_HANDLERS[name])
    for name, schema, handler in _team.TOOLS:
        ctx.register_tool(name=name, toolset="gh", schema=schema, handler=handler)
""",
                "plugins/gh/tools.py": """\
import json


def _handle_list(args, **kw):
    return json.dumps({"issues": []})


def _handle_get(args, **kw):
    if not args.get("number"):
        return {"error": "number is required"}
    return json.dumps({"number": args["number"]})


_TOOLS = [
    ("gh_list", {"name": "gh_list"}),
    ("gh_get", {"name": "gh_get"}),
]
_HANDLERS = {"gh_list": _handle_list, "gh_get": _handle_get}
""",
                "plugins/gh/team.py": """\
import json

_STATUS = {"name": "gh_team_status", "description": "Team status."}


def _handle_status(args, **kw):
    return {"members": []}


TOOLS = [(_STATUS["name"], _STATUS, _handle_status)]
""",
            },
            findings=(
                ("plugins/gh/team.py", 7),
                ("plugins/gh/tools.py", 10),
            ),
            note="upstream plugin shapes: the handler looked up in a sibling's dict by the row's name (`_HANDLERS[name]`), and a loop over a sibling module's table (`_team.TOOLS`) whose names and handlers are that module's",
            fixed={
                "plugins/gh/team.py": """\
import json

_STATUS = {"name": "gh_team_status", "description": "Team status."}


def _handle_status(args, **kw):
    return json.dumps({"members": []})


TOOLS = [(_STATUS["name"], _STATUS, _handle_status)]
""",
                "plugins/gh/tools.py": """\
import json


def _handle_list(args, **kw):
    return json.dumps({"issues": []})


def _handle_get(args, **kw):
    if not args.get("number"):
        return json.dumps({"error": "number is required"})
    return json.dumps({"number": args["number"]})


_TOOLS = [
    ("gh_list", {"name": "gh_list"}),
    ("gh_get", {"name": "gh_get"}),
]
_HANDLERS = {"gh_list": _handle_list, "gh_get": _handle_get}
""",
            },
        ),
        Invalid(
            {
                "plugins/gigs/__init__.py": """\
from . import handlers, schemas
from .pipeline import register_pipeline_tools


def register(ctx):
    tool_pairs = [
        (schemas.ACTIVE, handlers.active_gigs),
        (schemas.DETAILS, handlers.gig_details),
    ]
    for schema, handler in tool_pairs:
        ctx.register_tool(name=schema["name"], toolset="gigs", schema=schema, handler=handler)
    register_pipeline_tools(ctx)
""",
                "plugins/gigs/schemas.py": """\
ACTIVE = {"name": "gigs_active", "description": "Active gigs."}
DETAILS = {"name": "gigs_details", "description": "One gig."}
""",
                "plugins/gigs/handlers.py": """\
import json


def active_gigs(args, **kw):
    return json.dumps({"gigs": []})


def gig_details(args, **kw):
    return {"gig": args.get("id")}
""",
                "plugins/gigs/pipeline.py": """\
import json


def _handle_runs(args, **kw):
    return [{"run": 1}]


PIPELINE = [({"name": "gigs_runs", "description": "Runs."}, _handle_runs)]


def register_pipeline_tools(ctx):
    for schema, handler in PIPELINE:
        ctx.register_tool(name=schema["name"], toolset="gigs", schema=schema, handler=handler)
""",
            },
            findings=(
                ("plugins/gigs/handlers.py", 9),
                ("plugins/gigs/pipeline.py", 5),
            ),
            note="upstream plugin shapes: a table built in register(ctx) itself, and a loop in a helper register(ctx) calls (`register_pipeline_tools(ctx)`)",
            fixed={
                "plugins/gigs/handlers.py": """\
import json


def active_gigs(args, **kw):
    return json.dumps({"gigs": []})


def gig_details(args, **kw):
    return json.dumps({"gig": args.get("id")})
""",
                "plugins/gigs/pipeline.py": """\
import json


def _handle_runs(args, **kw):
    return json.dumps([{"run": 1}])


PIPELINE = [({"name": "gigs_runs", "description": "Runs."}, _handle_runs)]


def register_pipeline_tools(ctx):
    for schema, handler in PIPELINE:
        ctx.register_tool(name=schema["name"], toolset="gigs", schema=schema, handler=handler)
""",
            },
        ),
        Invalid(
            {
                "tools/report_helpers.py": """\
import json


def summary(rows):
    if not rows:
        return None
    return json.dumps({"rows": rows})


def details(rows, raw=False):
    if raw:
        return rows
    return {"rows": rows, "count": len(rows)}
""",
                "tools/report_tool.py": _HEAD
                + """\
from tools.report_helpers import details, summary


def report(args, **kw):
    rows = args.get("rows", [])
    return summary(rows) if args.get("short") else details(rows)


def brief(args, **kw):
    return tool_result(rows=1) if args.get("ok") else summary(args.get("rows"))


registry.register(name="report", toolset="t", schema={}, handler=report)
registry.register(name="brief", toolset="t", schema={}, handler=brief)
""",
            },
            findings=(("tools/report_tool.py", 9), ("tools/report_tool.py", 13)),
            note="one finding per return: each branch of `a() if c else b()` that is not JSON is"
            " named in it, with a chain each (json `chains`)",
            fixed={},
        ),
        Invalid(
            {
                "tools/notes_tool.py": _HEAD
                + """\
def list_notes(args, **kw):
    return [{"id": 1, "title": "first"}]


registry.register(name="list_notes", toolset="t", schema={}, handler=list_notes)
""",
                "agent/context.py": """\
from tools.notes_tool import list_notes


def notes_for_prompt():
    return ", ".join(note["title"] for note in list_notes({}))
""",
            },
            findings=(("tools/notes_tool.py", 5),),
            note="a module elsewhere under the root imports and calls the handler: the fix is"
            " unsafe (that caller gets a string)",
            fixed={
                "tools/notes_tool.py": _HEAD
                + """\
def list_notes(args, **kw):
    return json.dumps([{"id": 1, "title": "first"}])


registry.register(name="list_notes", toolset="t", schema={}, handler=list_notes)
"""
            },
        ),
        Invalid(
            {
                "plugins/p8/__init__.py": """\
import json
import subprocess
from pathlib import Path


def _info():
    return {"a": 1}


def t_str(args, **kw):
    data = _info()
    return str(data)


def t_join(args, **kw):
    lines = []
    for k in ("a", "b"):
        lines.append(f"{k}: {args.get(k)}")
    return "\\n".join(lines)


def t_proc(args, **kw):
    proc = subprocess.run(["uname", "-a"], capture_output=True, text=True)
    return proc.stdout


def t_read(args, **kw):
    path = Path(args.get("path", "notes.txt"))
    return path.read_text()


def t_fvar(args, **kw):
    h = args.get("host", "")
    out = "up"
    header = f"host: {h}"
    return f"{header}\\n{out}"


def t_ok_join(args, **kw):
    parts = [json.dumps({"a": 1})]
    return ",".join(parts)


def t_ok_var(args, **kw):
    if args.get("x"):
        text = json.dumps({"x": 1})
    else:
        text = args.get("raw")
    return text


def t_ok_pods(args, **kw):
    cmd = ["kubectl", "get", "pods", "-o", "json"]
    return subprocess.run(cmd, capture_output=True, text=True).stdout


def t_ok_api(args, **kw):
    return subprocess.run(["gh", "api", "user"], capture_output=True, text=True).stdout


def t_ok_cmd(args, **kw):
    return subprocess.check_output(args["argv"], text=True)


def _load(path):
    return Path(path).read_text()


def t_ok_state(args, **kw):
    return _load(Path.home() / ".p8" / "state.json")


def t_ok_file(args, **kw):
    return Path(args["file"]).read_text()


def register(ctx):
    for fn in (t_str, t_join, t_proc, t_read, t_fvar, t_ok_join, t_ok_var, t_ok_pods, t_ok_api, t_ok_cmd, t_ok_state, t_ok_file):
        ctx.register_tool(name=fn.__name__, toolset="p8", schema={"name": fn.__name__, "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=fn)
""",
                "plugins/p8/plugin.yaml": """\
name: p8
version: "1.0"
description: p8
provides_tools: [t_str, t_join, t_proc, t_read, t_fvar, t_ok_join, t_ok_var, t_ok_pods, t_ok_api, t_ok_cmd, t_ok_state, t_ok_file]
""",
            },
            findings=(
                ("plugins/p8/__init__.py", 12),
                ("plugins/p8/__init__.py", 19),
                ("plugins/p8/__init__.py", 24),
                ("plugins/p8/__init__.py", 29),
                ("plugins/p8/__init__.py", 36),
            ),
            note="text a handler builds itself: str() of a helper's dict (a Python repr), lines joined with newlines, a command's stdout, a file's text, prose in an f-string of variables; the tools are registered in a loop over the functions with name=fn.__name__. Traps: a join of JSON strings, a variable that is JSON on one branch and the model's own text on the other, and the output of commands that may print JSON (a command list in a variable asking for `-o json`, an API client such as `gh api`, a command the model gives) and files the code does not name as text (a state file a helper reads, a file the model names) stay silent",
            fixed={},
        ),
        Invalid(
            {
                "plugins/p4/__init__.py": """\
import json

from .api import book, cancel
from .client import Lookup

BOOK_SCHEMA = {"name": "book", "description": "Book.", "parameters": {"type": "object", "properties": {}}}
CANCEL_SCHEMA = {"name": "cancel", "description": "Cancel.", "parameters": {"type": "object", "properties": {}}}
LOOKUP_SCHEMA = {"name": "lookup", "description": "Look.", "parameters": {"type": "object", "properties": {}}}


def _register(ctx, name, fn, schema):
    ctx.register_tool(name=name, toolset="p4", schema=schema, handler=lambda args, **kw: str(fn(**args)))


def _register_cls(ctx, name, cls, schema):
    ctx.register_tool(name=name, toolset="p4", schema=schema, handler=lambda args, **kw: cls().run(args))


def register(ctx):
    _register(ctx, "book", book, BOOK_SCHEMA)
    _register(ctx, "cancel", cancel, CANCEL_SCHEMA)
    _register_cls(ctx, "lookup", Lookup, LOOKUP_SCHEMA)
""",
                "plugins/p4/api.py": """\
import json


def book(when=None):
    return {"booked": when}


def cancel(ref=None):
    return json.dumps({"cancelled": ref})
""",
                "plugins/p4/client.py": """\
class Lookup:
    def run(self, args):
        if not args.get("q"):
            raise ValueError("q required")
        return "found"
""",
                "plugins/p4/plugin.yaml": """\
name: p4
version: "1.0"
description: p4
provides_tools: [book, cancel, lookup]
""",
            },
            findings=(
                ("plugins/p4/__init__.py", 12),
                ("plugins/p4/client.py", 5),
            ),
            note="higher-order helpers: `_register(ctx, name, fn, schema)` whose handler lambda returns `str(fn(**args))`, and `_register_cls(ctx, name, cls, schema)` whose lambda runs `cls().run(args)`: each call site binds the function or class, so `book` (a dict; str() gives its repr) and `Lookup.run` (prose) are reported. Trap: `cancel` returns a JSON string, and str() of it stays silent",
            fixed={},
        ),
        Invalid(
            {
                "plugins/p1/__init__.py": """\
def register(ctx):
    try:
        from .tools import TOOLS
    except ImportError:
        TOOLS = ()
    for name, schema, handler in TOOLS:
        ctx.register_tool(name=name, toolset="p1", schema=schema, handler=handler)
""",
                "plugins/p1/plugin.yaml": """\
name: p1
version: "1.0"
description: p1
provides_tools:
  - p1_ping
  - p1_get
""",
                "plugins/p1/tools.py": """\
import json


def ping(args, **kw):
    return {"pong": True}


def get(args, **kw):
    return json.dumps({"v": args["k"]})


TOOLS = [
    ("p1_ping", {"name": "p1_ping", "description": "Ping.", "parameters": {"type": "object", "properties": {}}}, ping),
    ("p1_get", {"name": "p1_get", "description": "Get.", "parameters": {"type": "object", "properties": {}}}, get),
]
""",
            },
            findings=(("plugins/p1/tools.py", 5),),
            note="rows bound inside register(ctx) by a function-local `from .tools import TOOLS` in `try:`, with `TOOLS = ()` under `except ImportError:`: the empty fallback does not hide the imported table's rows",
            fixed={
                "plugins/p1/tools.py": """\
import json


def ping(args, **kw):
    return json.dumps({"pong": True})


def get(args, **kw):
    return json.dumps({"v": args["k"]})


TOOLS = [
    ("p1_ping", {"name": "p1_ping", "description": "Ping.", "parameters": {"type": "object", "properties": {}}}, ping),
    ("p1_get", {"name": "p1_get", "description": "Get.", "parameters": {"type": "object", "properties": {}}}, get),
]
""",
            },
        ),
        Invalid(
            {
                "plugins/p2/__init__.py": """\
import os
import threading

_LOCK = threading.Lock()


def _install(ctx):
    from .table import EXTRA
    with _LOCK:
        try:
            for spec in EXTRA:
                ctx.register_tool(name=spec["name"], toolset="p2", schema=spec["schema"], handler=spec["fn"])
        except Exception:
            pass


def register(ctx):
    from .table import MAIN
    if os.environ.get("P2_OFF") != "1":
        for name, fn in MAIN.items():
            ctx.register_tool(name=name, toolset="p2", schema={"name": name, "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=fn)
    _install(ctx)
""",
                "plugins/p2/plugin.yaml": """\
name: p2
version: "1.0"
description: p2
provides_tools: [p2_a, p2_b, p2_c]
""",
                "plugins/p2/table.py": """\
import json


def a(args, **kw):
    return json.dumps({"a": 1})


def b(args, **kw):
    return None


def c(args, **kw):
    raise RuntimeError("boom")


MAIN = {"p2_a": a, "p2_b": b}
EXTRA = [{"name": "p2_c", "schema": {"name": "p2_c", "description": "d", "parameters": {"type": "object", "properties": {}}}, "fn": c}]
""",
            },
            findings=(("plugins/p2/table.py", 9),),
            note="loops over tables imported inside register(ctx) and inside a helper it calls, nested in if / with / try",
            fixed={},
        ),
        Invalid(
            {
                "plugins/p3/__init__.py": """\
try:
    from .tools import query, SCHEMA
except ImportError:
    from tools import query, SCHEMA


def register(ctx):
    ctx.register_tool(name="p3_q", toolset="p3", schema=SCHEMA, handler=query)
""",
                "plugins/p3/plugin.yaml": """\
name: p3
version: "1.0"
description: p3
provides_tools: [p3_q]
""",
                "plugins/p3/tools.py": """\
SCHEMA = {"name": "p3_q", "description": "Q.", "parameters": {"type": "object", "properties": {}}}


def query(args, **kw):
    return f"result: {args.get('q')}"
""",
            },
            findings=(("plugins/p3/tools.py", 5),),
            note="`try: from .tools import ...` / `except ImportError: from tools import ...` in a plugin: the relative import is the one in force, never the host's own `tools` package",
            fixed={},
        ),
        Invalid(
            {
                "plugins/p5/__init__.py": """\
import json

_MGR = None


def _get():
    global _MGR
    if _MGR is None:
        from .manager import Manager
        _MGR = Manager()
    return _MGR


def _run(args, **kw):
    return _get().run(args.get("cmd", ""))


def _stat(args, **kw):
    mgr = _get()
    return json.dumps(mgr.stat())


SCHEMA = {"name": "p5_run", "description": "Run.", "parameters": {"type": "object", "properties": {}}}
STAT = {"name": "p5_stat", "description": "Stat.", "parameters": {"type": "object", "properties": {}}}


def register(ctx):
    ctx.register_tool(name="p5_run", toolset="p5", schema=SCHEMA, handler=_run)
    ctx.register_tool(name="p5_stat", toolset="p5", schema=STAT, handler=_stat)
""",
                "plugins/p5/manager.py": """\
class Manager:
    def run(self, cmd):
        if not cmd:
            raise ValueError("cmd is required")
        return {"ran": cmd}

    def stat(self):
        return {"ok": True}
""",
                "plugins/p5/plugin.yaml": """\
name: p5
version: "1.0"
description: p5
provides_tools: [p5_run, p5_stat]
""",
            },
            findings=(("plugins/p5/__init__.py", 15),),
            note="a lazily created module global (`_MGR = None`; `_get()` sets it to `Manager()` on first use): `_get()` is a Manager, and `_get().run(...)` is followed; `_stat` dumps what `stat()` returns and stays silent",
            fixed={},
        ),
        Invalid(
            {
                "plugins/memory/notebook/__init__.py": """\
# Notebook memory: a provider whose tools Hermes offers through get_tool_schemas().
import json

from .store import NoteStore

SAVE = {"name": "notebook_save", "description": "Save a note.", "parameters": {"type": "object", "properties": {"text": {"type": "string", "description": "The note."}}}}
DROP = {"name": "notebook_drop", "description": "Drop a note.", "parameters": {"type": "object", "properties": {"note_id": {"type": "integer", "description": "Which note."}}}}
PURGE = {"name": "notebook_purge", "description": "Drop every note.", "parameters": {"type": "object", "properties": {"confirm": {"type": "boolean", "description": "Really."}}}}
LIST = {"name": "notebook_list", "description": "List notes.", "parameters": {"type": "object", "properties": {}}}


class NotebookProvider:
    def __init__(self):
        self._store = NoteStore()

    def get_tool_schemas(self):
        return [SAVE, DROP, PURGE, LIST]

    def handle_tool_call(self, tool_name, args, **kwargs):
        if tool_name == "notebook_save":
            return json.dumps({"id": self._store.save(args.get("text", ""))})
        if tool_name == "notebook_drop":
            dropped = self._store.drop(int(args.get("note_id", 0)))
            return json.dumps({"removed": dropped})
        if tool_name == "notebook_purge":
            return self._purge(args)
        if tool_name == "notebook_list":
            return "\\n".join(f"- {note}" for note in self._store.notes)
        return json.dumps({"error": f"unknown tool {tool_name}"})

    def _purge(self, args):
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
""",
            },
            findings=(("plugins/memory/notebook/__init__.py", 28),),
            note="a memory provider's tools, served through get_tool_schemas() and handle_tool_call(tool_name, args): notebook_list returns list lines joined with newlines (`- note`), which no JSON starts as. Traps: the other tools' branches return JSON; the method's end, which only unknown names reach, is not a finding",
            fixed={},
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
            findings=(
                ("tools/multi_tool.py", 9),
                ("tools/multi_tool.py", 17),
            ),
            note="one dispatcher shared by several tools, each registered with its name bound: a loop's lambda with the late-binding default (`lambda args, _n=tool, **kw: _dispatch(_n, args)`) and functools.partial(_run, name). Each tool is judged on its own branch: multi_text and part_text return text. Traps: multi_ok and part_ok reach only JSON, and multi_fail's branch is HD107's",
            fixed={},
        ),
        Invalid(
            {
                "plugins/deco2/__init__.py": """\
from . import tools  # noqa: F401  (registers the tools)
from .registry import TOOLS


def register(ctx):
    for fn in TOOLS:
        ctx.register_tool(name=fn.__name__, toolset="deco2", schema={"name": fn.__name__, "description": fn.__doc__ or "d", "parameters": {"type": "object", "properties": {}}}, handler=fn)
""",
                "plugins/deco2/plugin.yaml": """\
name: deco2
version: "1.0"
description: deco2
provides_tools: [d2_text, d2_ok]
""",
                "plugins/deco2/registry.py": """\
TOOLS = []


def hermes_tool(fn):
    TOOLS.append(fn)
    return fn
""",
                "plugins/deco2/tools.py": """\
import json

from .registry import hermes_tool


@hermes_tool
def d2_text(args, **kw):
    return f"Got {args.get('q')}"


@hermes_tool
def d2_ok(args, **kw):
    return json.dumps({"ok": True})
""",
            },
            findings=(("plugins/deco2/tools.py", 8),),
            note="a table a registering decorator fills (`@hermes_tool` on defs in a sibling module; `def hermes_tool(fn): TOOLS.append(fn); return fn`), registered in a loop with name=fn.__name__: each decorated def is a row, and the decorator, which hands the def back, hides nothing. Trap: d2_ok returns JSON",
            fixed={},
        ),
        Invalid(
            {
                "plugins/pc/__init__.py": """\
import json


def _dict_text(args, **kw):
    return "text"


def _dict_ok(args, **kw):
    return json.dumps({})


SCHEMA = {"description": "d", "parameters": {"type": "object", "properties": {}}}
TOOLS = {
    "pc_dict_text": {"schema": SCHEMA, "handler": _dict_text},
    "pc_dict_ok": {"schema": SCHEMA, "handler": _dict_ok},
}


class Plugin:
    def __init__(self):
        self.count = 0

    def _text(self, args, **kw):
        self.count += 1
        return f"called {self.count} times"

    async def _ok(self, args, **kw):
        return json.dumps({"count": self.count})

    def register(self, ctx):
        ctx.register_tool(name="pc_text", toolset="pc", schema={**SCHEMA, "name": "pc_text"}, handler=self._text)
        ctx.register_tool(name="pc_ok", toolset="pc", schema={**SCHEMA, "name": "pc_ok"}, handler=self._ok, is_async=True)
        for name, spec in TOOLS.items():
            ctx.register_tool(name=name, toolset="pc", schema={**spec["schema"], "name": name}, handler=spec["handler"])


_PLUGIN = Plugin()


def register(ctx):
    _PLUGIN.register(ctx)
""",
                "plugins/pc/plugin.yaml": """\
name: pc
version: "1.0"
description: pc
provides_tools: [pc_text, pc_ok, pc_dict_text, pc_dict_ok]
""",
            },
            findings=(
                ("plugins/pc/__init__.py", 5),
                ("plugins/pc/__init__.py", 25),
            ),
            note="a plugin class whose method registers the tools (`_PLUGIN.register(ctx)` from `register(ctx)`): `handler=self._text` is the class's own method, and a dict of specs gives each row's handler. Traps: the async self._ok and _dict_ok return JSON",
            fixed={},
        ),
        Invalid(
            {
                "plugins/kw/__init__.py": """\
import json


def kw_text(args, **kw):
    return "just text"


def kw_ok(args, **kw):
    return json.dumps({"ok": 1})


def _schema(name):
    return {"name": name, "description": "d", "parameters": {"type": "object", "properties": {}}}


TOOL_SPECS = [
    {"name": "kw_text", "toolset": "kw", "schema": _schema("kw_text"), "handler": kw_text},
    {"name": "kw_ok", "toolset": "kw", "schema": _schema("kw_ok"), "handler": kw_ok},
]


def register(ctx):
    for spec in TOOL_SPECS:
        ctx.register_tool(**spec)
""",
                "plugins/kw/plugin.yaml": """\
name: kw
version: "1.0"
description: kw
provides_tools: [kw_text, kw_ok]
""",
            },
            findings=(("plugins/kw/__init__.py", 5),),
            note="`ctx.register_tool(**spec)` over a list of dict displays: each row's items are the call's keywords (name, schema, handler). Trap: kw_ok returns JSON",
            fixed={},
        ),
        Invalid(
            {
                "plugins/th/__init__.py": """\
import asyncio
import json


def _sync_dict(args):
    return {"value": args.get("x")}


def _sync_ok(args):
    return json.dumps({"value": args.get("x")})


async def th_dict(args, **kw):
    return await asyncio.to_thread(_sync_dict, args)


async def th_ok(args, **kw):
    return await asyncio.to_thread(_sync_ok, args)


async def th_exec(args, **kw):
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(None, _sync_dict, args)


S = {"description": "d", "parameters": {"type": "object", "properties": {}}}


def register(ctx):
    for fn in (th_dict, th_ok, th_exec):
        ctx.register_tool(name=fn.__name__, toolset="th", schema={**S, "name": fn.__name__}, handler=fn, is_async=True)
""",
                "plugins/th/plugin.yaml": """\
name: th
version: "1.0"
description: th
provides_tools: [th_dict, th_ok, th_exec]
""",
            },
            findings=(
                ("plugins/th/__init__.py", 14),
                ("plugins/th/__init__.py", 23),
            ),
            note="an async handler that hands a sync function to a thread (`await asyncio.to_thread(fn, args)`, `await loop.run_in_executor(None, fn, args)`) returns what that function returns: a dict. Trap: th_ok's function returns JSON",
            fixed={},
        ),
        Invalid(
            {
                "tools/report_tool.py": """\
import json
import pprint

import yaml

from tools.registry import registry


def as_yaml(args, **kw):
    return yaml.safe_dump({"items": args.get("items") or []})


def as_pretty(args, **kw):
    return pprint.pformat({"items": args.get("items") or []})


def as_lines(args, **kw):
    lines = [f"- {item}" for item in args.get("items") or []]
    return "\\n".join(lines)


def as_bytes(args, **kw):
    text = json.dumps({"items": args.get("items") or []})
    return text.encode("utf-8")


registry.register(name="as_yaml", toolset="t", schema={}, handler=as_yaml)
registry.register(name="as_pretty", toolset="t", schema={}, handler=as_pretty)
registry.register(name="as_lines", toolset="t", schema={}, handler=as_lines)
registry.register(name="as_bytes", toolset="t", schema={}, handler=as_bytes)
""",
            },
            findings=(
                ("tools/report_tool.py", 10),
                ("tools/report_tool.py", 14),
                ("tools/report_tool.py", 19),
                ("tools/report_tool.py", 24),
            ),
            note="text in other formats: yaml.safe_dump, pprint.pformat, lines built by a comprehension bound to a local and joined, `.encode()` of a JSON string held in a local",
            fixed={},
        ),
        Invalid(
            {
                "tools/guard_tool.py": _GUARD
                + """\
def audited(label):
    def deco(fn):
        @functools.wraps(fn)
        async def wrapper(args, **kw):
            try:
                return await fn(args, **kw)
            except Exception as exc:
                return tool_error(f"{label}: {exc}")

        return wrapper

    return deco


@guard
def connect(args, **kw):
    if not args.get("host"):
        return tool_error("host is required")
    return {"connected": True}


@audited("send")
async def send(args, **kw):
    return f"sent {args.get('text')}"


registry.register(name="connect", toolset="t", schema={}, handler=connect)
registry.register(name="send", toolset="t", schema={}, handler=send, is_async=True)
""",
            },
            findings=(
                ("tools/guard_tool.py", 36),
                ("tools/guard_tool.py", 41),
            ),
            note="a def behind a project decorator whose wrapper returns the def's result as it is (in a `try`, also from a decorator factory and awaited): its own returns are the handler's",
            fixed={
                "tools/guard_tool.py": _GUARD
                + """\
def audited(label):
    def deco(fn):
        @functools.wraps(fn)
        async def wrapper(args, **kw):
            try:
                return await fn(args, **kw)
            except Exception as exc:
                return tool_error(f"{label}: {exc}")

        return wrapper

    return deco


@guard
def connect(args, **kw):
    if not args.get("host"):
        return tool_error("host is required")
    return json.dumps({"connected": True})


@audited("send")
async def send(args, **kw):
    return f"sent {args.get('text')}"


registry.register(name="connect", toolset="t", schema={}, handler=connect)
registry.register(name="send", toolset="t", schema={}, handler=send, is_async=True)
""",
            },
        ),
        Invalid(
            {
                "tools/loop_tool.py": """\
import json

from tools.registry import registry


def alpha(args, **kw):
    return {"a": 1}


def beta(args, **kw):
    return json.dumps({"b": 1})


NAMES = ["alpha", "beta"]
HANDLERS = [alpha, beta]

for name, fn in zip(NAMES, HANDLERS):
    registry.register(name=name, toolset="t", schema={}, handler=fn)

for i, fn in enumerate([alpha, beta]):
    registry.register(name=f"e{i}", toolset="t", schema={}, handler=fn)
""",
            },
            findings=(("tools/loop_tool.py", 7),),
            note="registrations in `for name, fn in zip(NAMES, HANDLERS)` and `for i, fn in enumerate([...])`: each row's handler is followed (one finding names both tools)",
            fixed={
                "tools/loop_tool.py": """\
import json

from tools.registry import registry


def alpha(args, **kw):
    return json.dumps({"a": 1})


def beta(args, **kw):
    return json.dumps({"b": 1})


NAMES = ["alpha", "beta"]
HANDLERS = [alpha, beta]

for name, fn in zip(NAMES, HANDLERS):
    registry.register(name=name, toolset="t", schema={}, handler=fn)

for i, fn in enumerate([alpha, beta]):
    registry.register(name=f"e{i}", toolset="t", schema={}, handler=fn)
""",
            },
        ),
        Invalid(
            {
                "tools/pages_tool.py": """\
from dataclasses import asdict, dataclass

from tools.registry import registry, tool_error


@dataclass
class Page:
    id: str
    title: str

    def to_dict(self):
        return asdict(self)


def get_page(args, **kw):
    page_id = args.get("page_id")
    if not page_id:
        return tool_error("page_id is required")
    return Page(id=page_id, title="Hello").to_dict()


registry.register(name="get_page", toolset="pages", schema={}, handler=get_page)
""",
            },
            findings=(("tools/pages_tool.py", 19),),
            note="dataclasses.asdict() is a dict, also behind the class's own to_dict()",
            fixed={},
        ),
        Invalid(
            {
                "tools/weather_tool.py": """\
import aiohttp
import requests

from tools.registry import registry, tool_error


async def _fetch(url):
    async with aiohttp.ClientSession() as session:
        async with session.get(url) as resp:
            return await resp.json()


async def alerts(args, **kw):
    try:
        return await _fetch("https://weather.example.invalid/alerts")
    except aiohttp.ClientError as exc:
        return tool_error(str(exc))


def forecast(args, **kw):
    try:
        resp = requests.get("https://weather.example.invalid/forecast", timeout=10)
    except requests.RequestException as exc:
        return tool_error(str(exc))
    return resp.json()


registry.register(name="alerts", toolset="weather", schema={}, handler=alerts, is_async=True)
registry.register(name="forecast", toolset="weather", schema={}, handler=forecast)
""",
            },
            findings=(
                ("tools/weather_tool.py", 15),
                ("tools/weather_tool.py", 25),
            ),
            note="a response's .json() is the parsed body (a dict or a list), not a JSON string, also behind a helper and aiohttp's `async with`",
            fixed={},
        ),
        Invalid(
            {
                "tools/git_tool.py": """\
import subprocess

from tools.registry import registry, tool_error


def _git(*argv):
    return subprocess.run(["git", *argv], capture_output=True, text=True, timeout=30)


def _run(cmd, timeout=60):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)


def git_log(args, **kw):
    try:
        proc = _git("log", "--oneline", "-n20")
    except (OSError, subprocess.SubprocessError) as exc:
        return tool_error(str(exc))
    return proc.stdout


def git_show(args, **kw):
    cmd = ["git", "show", "--stat"]
    if args.get("rev"):
        cmd += [str(args["rev"])]
    try:
        proc = _run(cmd + ["--"])
    except (OSError, subprocess.SubprocessError) as exc:
        return tool_error(str(exc))
    return proc.stdout


registry.register(name="git_log", toolset="git", schema={}, handler=git_log)
registry.register(name="git_show", toolset="git", schema={}, handler=git_show)
""",
            },
            findings=(
                ("tools/git_tool.py", 19),
                ("tools/git_tool.py", 30),
            ),
            note="a command's stdout through the project's wrapper of subprocess.run, with the command written there or passed by the caller, and a command list built in a local (`cmd += [...]`, `cmd + [...]`)",
            fixed={},
        ),
        Invalid(
            {
                "tools/ops_tool.py": """\
import subprocess

from tools.registry import registry, tool_error


def container_logs(args, **kw):
    proc = subprocess.run(["docker", "logs", "--tail", "50", "web"], capture_output=True, text=True)
    if proc.returncode != 0:
        return tool_error("docker logs failed")
    return proc.stdout


def git_log(args, **kw):
    proc = subprocess.run(["git", "log", "-5"], capture_output=True, text=True)
    return proc.stdout + proc.stderr


registry.register(name="container_logs", toolset="ops", schema={}, handler=container_logs)
registry.register(name="git_log", toolset="ops", schema={}, handler=git_log)
""",
            },
            findings=(
                ("tools/ops_tool.py", 10),
                ("tools/ops_tool.py", 15),
            ),
            note="`docker logs` prints text (other docker subcommands may print JSON), and two texts joined are text",
            fixed={},
        ),
        Invalid(
            {
                "plugins/gh/plugin.yaml": """\
name: gh
""",
                "plugins/gh/__init__.py": """\
import json


def latest_release(args, **kw):
    return {"tag": "v1.0"}


def create_issue(args, **kw):
    return json.dumps({"created": True})


SPECS = [("gh_latest_release", latest_release, None), ("gh_create_issue", create_issue, ["GH_TOKEN"])]


def register(ctx):
    for name, handler, env in SPECS:
        kwargs = dict(
            name=name,
            toolset="gh",
            handler=handler,
            schema={"name": name, "description": "D.", "parameters": {"type": "object", "properties": {}}},
        )
        ctx.register_tool(**kwargs)
""",
            },
            findings=(("plugins/gh/__init__.py", 5),),
            note="a registration whose keywords come from `kwargs = dict(name=..., handler=...)` handed on as `register_tool(**kwargs)`, row by row",
            fixed={
                "plugins/gh/__init__.py": """\
import json


def latest_release(args, **kw):
    return json.dumps({"tag": "v1.0"})


def create_issue(args, **kw):
    return json.dumps({"created": True})


SPECS = [("gh_latest_release", latest_release, None), ("gh_create_issue", create_issue, ["GH_TOKEN"])]


def register(ctx):
    for name, handler, env in SPECS:
        kwargs = dict(
            name=name,
            toolset="gh",
            handler=handler,
            schema={"name": name, "description": "D.", "parameters": {"type": "object", "properties": {}}},
        )
        ctx.register_tool(**kwargs)
""",
            },
        ),
        Invalid(
            {
                "tools/td_tool.py": """\
from typing import TypedDict

from tools.registry import registry


class Reply(TypedDict):
    ok: bool


def ping(args, **kw):
    return Reply(ok=True)


registry.register(name="ping", toolset="p", schema={}, handler=ping)
""",
            },
            findings=(("tools/td_tool.py", 11),),
            note="a TypedDict's call is a plain dict",
            fixed={},
        ),
        Invalid(
            {
                "tools/kube_cli.py": """\
import os
import subprocess

KUBECTL = os.environ.get("KUBECTL_BIN", "kubectl")


def kube(*argv, timeout=30):
    cmd = [KUBECTL, *argv]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
""",
                "tools/pod_logs_tool.py": """\
import json
import subprocess

from tools.kube_cli import kube
from tools.registry import registry


def pod_logs(args, **kw):
    pod = args.get("pod")
    if not isinstance(pod, str) or not pod:
        return json.dumps({"error": "pod is required"})
    try:
        proc = kube("logs", "--tail", "100", pod)
    except (OSError, subprocess.SubprocessError) as exc:
        return json.dumps({"error": str(exc)})
    if proc.returncode != 0:
        return json.dumps({"error": proc.stderr.strip()})
    return proc.stdout


registry.register(
    name="pod_logs",
    toolset="kube",
    schema={"name": "pod_logs", "description": "A pod's last log lines.", "parameters": {"type": "object", "properties": {"pod": {"type": "string", "description": "The pod."}}, "required": ["pod"]}},
    handler=pod_logs,
)
""",
            },
            findings=(("tools/pod_logs_tool.py", 18),),
            note="`kubectl logs` through a wrapper that spreads its `*argv` after a program named by the environment (with a default)",
            fixed={},
        ),
        Invalid(
            {
                "tools/timing.py": """\
import functools
import json
import time


def timed(fn):
    @functools.wraps(fn)
    def wrapper(args, **kw):
        start = time.perf_counter()
        result = fn(args, **kw)
        elapsed = round((time.perf_counter() - start) * 1000, 1)
        if isinstance(result, str) and result.startswith("{"):
            data = json.loads(result)
            if isinstance(data, dict):
                data["elapsed_ms"] = elapsed
                return json.dumps(data)
        return result

    return wrapper
""",
                "tools/wav_tool.py": """\
import json
import wave

from tools.registry import registry
from tools.timing import timed


@timed
def wav_length(args, **kw):
    path = args.get("path")
    if not isinstance(path, str) or not path:
        return json.dumps({"error": "path is required"})
    try:
        with wave.open(path, "rb") as w:
            frames, rate = w.getnframes(), w.getframerate()
    except (OSError, wave.Error, EOFError) as exc:
        return f"Not a readable WAV file: {exc}"
    return json.dumps({"seconds": round(frames / rate, 3) if rate else None})


registry.register(
    name="wav_length",
    toolset="audio",
    schema={"name": "wav_length", "description": "A WAV file's length.", "parameters": {"type": "object", "properties": {"path": {"type": "string", "description": "The file."}}, "required": ["path"]}},
    handler=wav_length,
)
""",
            },
            findings=(("tools/wav_tool.py", 17),),
            note="a timing decorator hands on the def's result unchanged unless it is a JSON object (`return result` after its test), so the def's prose error reaches the model",
            fixed={},
        ),
        Invalid(
            {
                "plugins/shapes/plugin.yaml": """\
name: shapes
version: 0.1.0
description: Shapes.
provides_tools:
  - shape_area
  - shape_label
""",
                "plugins/shapes/__init__.py": """\
from plugins.shapes.shapes import Area, Label

TOOLS = (Area, Label)


def register(ctx):
    for cls in TOOLS:
        tool = cls()
        ctx.register_tool(
            name=tool.name,
            toolset="shapes",
            schema={"name": tool.name, "description": "Shapes.", "parameters": {"type": "object", "properties": {}}},
            handler=tool,
        )
""",
                "plugins/shapes/base.py": """\
import json


class ToolError(Exception):
    pass


class Tool:
    name = ""

    def run(self, args):
        raise NotImplementedError

    def __call__(self, args, **kw):
        try:
            return json.dumps(self.run(args))
        except ToolError as exc:
            return json.dumps({"error": str(exc)})
""",
                "plugins/shapes/shapes.py": """\
from plugins.shapes.base import Tool, ToolError


class Area(Tool):
    name = "shape_area"

    def run(self, args):
        side = args.get("side")
        if not isinstance(side, (int, float)):
            raise ToolError("side must be a number")
        return {"area": side * side}


class Label(Tool):
    name = "shape_label"

    def __call__(self, args, **kw):
        return {"label": str(args.get("text", ""))[:40]}
""",
            },
            findings=(("plugins/shapes/shapes.py", 18),),
            note="an object registered as the handler (`handler=tool`, `tool = cls()` in a loop over classes): Hermes calls it, so its class's `__call__` runs; Label overrides it and returns a dict",
            fixed={
                "plugins/shapes/shapes.py": """\
import json
from plugins.shapes.base import Tool, ToolError


class Area(Tool):
    name = "shape_area"

    def run(self, args):
        side = args.get("side")
        if not isinstance(side, (int, float)):
            raise ToolError("side must be a number")
        return {"area": side * side}


class Label(Tool):
    name = "shape_label"

    def __call__(self, args, **kw):
        return json.dumps({"label": str(args.get("text", ""))[:40]})
""",
            },
        ),
        Invalid(
            {
                "tools/peek_tool.py": """\
import json
from pathlib import Path

from tools.registry import registry


def peek(args, **kw):
    raw = args.get("path")
    if not isinstance(raw, str) or not raw:
        return json.dumps({"error": "path is required"})
    path = Path(raw)
    if not path.is_file():
        return json.dumps({"error": f"no such file: {raw}"})
    head = path.read_bytes()[:512]
    try:
        return json.dumps({"text": head.decode("utf-8")})
    except UnicodeDecodeError:
        return head


registry.register(
    name="peek",
    toolset="files",
    schema={"name": "peek", "description": "A file's head.", "parameters": {"type": "object", "properties": {"path": {"type": "string", "description": "The file."}}, "required": ["path"]}},
    handler=peek,
)
""",
            },
            findings=(("tools/peek_tool.py", 18),),
            note="a binary file's head returned as it was read: bytes (read_bytes(), sliced)",
            fixed={},
        ),
        Invalid(
            {
                "tools/rows_tool.py": """\
import json

from tools.registry import registry


def rows(args, **kw):
    data = [{"n": i} for i in range(int(args.get("count") or 3))]
    return "\\n".join(json.dumps(row) for row in data)


registry.register(name="rows", toolset="t", schema={"name": "rows", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=rows)
""",
            },
            findings=(("tools/rows_tool.py", 8),),
            note="JSON texts joined one per line (JSON Lines): one JSON text only when there is one row",
            fixed={},
        ),
        Invalid(
            {
                "tools/misc_tool.py": """\
import difflib
import json
import os
import shutil

from tools.registry import registry, tool_error


def locate(args, **kw):
    found = shutil.which(args.get("program") or "")
    if found is None:
        return tool_error("not installed")
    if args.get("bare"):
        return found
    return json.dumps({"path": found})


def compare(args, **kw):
    old, new = args.get("old", ""), args.get("new", "")
    if old == new:
        return json.dumps({"identical": True})
    lines = difflib.unified_diff(old.splitlines(True), new.splitlines(True), "old", "new")
    return "".join(lines)


def uptime(args, **kw):
    with open("/proc/uptime", encoding="utf-8") as fh:
        seconds = float(fh.read().split()[0])
    return f"{seconds / 3600:.1f} hours"


def where(args, **kw):
    return os.path.abspath(args.get("path") or ".")


registry.register(name="locate", toolset="t", schema={"name": "locate", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=locate)
registry.register(name="compare", toolset="t", schema={"name": "compare", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=compare)
registry.register(name="uptime", toolset="t", schema={"name": "uptime", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=uptime)
registry.register(name="where", toolset="t", schema={"name": "where", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=where)
""",
            },
            findings=(
                ("tools/misc_tool.py", 14),
                ("tools/misc_tool.py", 23),
                ("tools/misc_tool.py", 29),
                ("tools/misc_tool.py", 33),
            ),
            note="text no JSON is: a program's path (shutil.which), a file's path (os.path.abspath), the lines of a difflib diff joined, an f-string that ends in prose (`... hours`)",
            fixed={},
        ),
        Invalid(
            {
                "plugins/kit/plugin.yaml": """\
name: kit
version: 0.1.0
description: d
provides_tools:
  - shout
  - whisper
""",
                "plugins/kit/__init__.py": """\
from .handlers import SPECS


def register(ctx):
    for spec in SPECS:
        ctx.register_tool(name=spec.name, toolset="kit", schema=spec.schema, handler=spec.handler)
""",
                "plugins/kit/handlers.py": """\
import json
from typing import Callable, NamedTuple


class Spec(NamedTuple):
    name: str
    schema: dict
    handler: Callable
    emoji: str = "*"


def shout(args, **kw):
    return json.dumps({"text": (args.get("text") or "").upper()})


def whisper(args, **kw):
    return (args.get("text") or "").lower() + "..."


SPECS = [
    Spec("shout", {"name": "shout", "description": "d", "parameters": {"type": "object", "properties": {}}}, shout),
    Spec(name="whisper", schema={"name": "whisper", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=whisper),
]
""",
            },
            findings=(("plugins/kit/handlers.py", 17),),
            note="a table of NamedTuple rows registered in a loop (`spec.name`, `spec.handler`): each row's own fields, given by position or keyword; `whisper` returns text ending in `...`",
            fixed={},
        ),
        Invalid(
            {
                "tools/listing_tool.py": """\
import json
from pathlib import Path

from tools.registry import registry, tool_error


def base(raw):
    return Path(raw).expanduser() if raw else Path.cwd()


def listing(args, **kw):
    root = base(args.get("root"))
    if not root.is_dir():
        return tool_error("not a folder")
    if args.get("format") == "text":
        lines = [str(root)]
        for child in sorted(root.iterdir()):
            lines.append("  " + child.name)
        return "\\n".join(lines)
    return json.dumps({"root": str(root), "entries": [c.name for c in root.iterdir()]})


def home(args, **kw):
    if args.get("plain"):
        return str(base(args.get("root")))
    return json.dumps({"home": str(base(args.get("root")))})


registry.register(name="listing", toolset="t", schema={"name": "listing", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=listing)
registry.register(name="home", toolset="t", schema={"name": "home", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=home)
""",
            },
            findings=(
                ("tools/listing_tool.py", 19),
                ("tools/listing_tool.py", 25),
            ),
            note="lines joined whose first line is a folder's path (a JSON text starts with none of it); str() of a Path",
            fixed={},
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
            findings=(("plugins/ops/ops.py", 18),),
            note="the same table: `Grep()` registered through `add_instance`, its `__call__` returns a dict",
            fixed={
                "plugins/ops/ops.py": """\
import json
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
        return json.dumps({"hits": bool(re.search(args.get("pattern") or "", args.get("text") or ""))})


add_instance(Grep())
""",
            },
        ),
        Invalid(
            {
                "tools/convert_tool.py": """\
import json

from tools.registry import registry

FACTORS = {"m": 1.0, "km": 1000.0, "mi": 1609.344}


def _month_days(month):
    for days in (31, 30, 29, 28):
        if days <= 31:
            return days
    raise ValueError("unreachable")


def convert_length(args, **kw):
    src = str(args.get("from") or "m")
    dst = str(args.get("to") or "m")
    if src not in FACTORS or dst not in FACTORS:
        return json.dumps({"error": f"units must be among {sorted(FACTORS)}"})
    value = args.get("value") or 0
    result = value * FACTORS[src] / FACTORS[dst]
    return f"{value:g} {src} = {result:.6g} {dst}"


def convert_days(args, **kw):
    # traps: a raise its message calls unreachable; a number alone is a JSON text
    days = _month_days(str(args.get("month") or "jan"))
    return f"{days:d}"


SCHEMA = {"type": "object", "properties": {"from": {"type": "string", "description": "A unit."}, "to": {"type": "string", "description": "A unit."}, "value": {"type": "number", "description": "A length."}, "month": {"type": "string", "description": "A month."}}}
for name, handler in (("convert_length", convert_length), ("convert_days", convert_days)):
    registry.register(name=name, toolset="convert", schema={"name": name, "description": "Convert.", "parameters": SCHEMA}, handler=handler)
""",
            },
            findings=(("tools/convert_tool.py", 22),),
            note="an f-string that starts with a formatted number (`{value:g}`) and goes on with text of its own: no JSON text is a number followed by more; traps: a number alone (`{days:d}`), a raise its message calls unreachable",
            fixed={},
        ),
        Invalid(
            {
                "tools/card_tool.py": """\
import json

from tools.registry import registry

RECIPES = {"pancakes": {"title": "Pancakes", "steps": ["Mix", "Fry"], "notes": "Serve warm."}}


def _render(recipe):
    out = [f"# {recipe['title']}", ""]
    for number, step in enumerate(recipe["steps"], 1):
        out.append(f"{number}. {step}")
    if recipe.get("notes"):
        out += ["", recipe["notes"]]
    return "\\n".join(out)


def recipe_card(args, **kw):
    recipe = RECIPES.get(str(args.get("name", "")).lower())
    if recipe is None:
        return json.dumps({"error": "no such recipe", "known": sorted(RECIPES)})
    return _render(recipe)


def zone_clock(args, **kw):
    lines = []
    for name in args.get("zones") or ["UTC"]:
        lines.append(f"{name}: unknown zone")
    return "\\n".join(lines)


SCHEMA = {"type": "object", "properties": {"name": {"type": "string", "description": "A recipe."}}}
for name, fn in (("recipe_card", recipe_card), ("zone_clock", zone_clock)):
    registry.register(name=name, toolset="cards", schema={"name": name, "description": "Cards.", "parameters": SCHEMA}, handler=fn)
""",
            },
            findings=(
                ("tools/card_tool.py", 21),
                ("tools/card_tool.py", 28),
            ),
            note="lines of text joined: a list that starts with a markdown title and grows by `+=` and `.append`, returned through a helper; lines that each end as no JSON text does (`: unknown zone` ends in a letter, yet not in true, false or null)",
            fixed={},
        ),
        Invalid(
            {
                "tools/a_tool.py": """\
import json

from tools.registry import registry

FIELDS = [("minute", 0, 59), ("hour", 0, 23), ("day", 1, 31)]


def _describe(name, value):
    if value is None:
        return None
    return "%s %s" % (name, value)


def explain(spec):
    pieces = []
    if spec.get("every"):
        pieces.append("every minute")
    for name, low, high in FIELDS[1:]:
        said = _describe(name, spec.get(name))
        if said:
            pieces.append(said if name != "day" else "on " + said)
    text = ", ".join(pieces).replace("  ", " ")
    return text[:1].upper() + text[1:]


def cron_explain(args, **kw):
    if args.get("format") == "text":
        return explain(args)
    return json.dumps({"ok": True})


def motto(args, **kw):
    pieces = ["keep going"]
    return ", ".join(pieces).capitalize()


S = {"name": "cron_explain", "description": "d", "parameters": {"type": "object", "properties": {}}}
registry.register(name="cron_explain", toolset="t", schema=S, handler=cron_explain)
registry.register(name="motto", toolset="t", schema=dict(S, name="motto"), handler=motto)
""",
            },
            findings=(
                ("tools/a_tool.py", 28),
                ("tools/a_tool.py", 34),
            ),
            note='text that starts as prose, through what keeps its start: `text[:1].upper() + text[1:]`, `.capitalize()`, `.replace("  ", " ")`, `", ".join(pieces)` of pieces that each start as prose (an if\'s two branches, a `%s` template of a field name from `FIELDS[1:]`, a helper\'s returns but None)',
            fixed={},
        ),
        Invalid(
            {
                "tools/text_tool.py": """\
import json
import re

from tools.registry import registry


def _squeeze(raw):
    return re.sub(r"\\s+", " ", raw).strip()


def tidy(args, **kw):
    text = _squeeze(str(args.get("text", "")))
    if args.get("format") == "json":
        return json.dumps({"text": text})
    return text


def shout(args, **kw):
    return args.get("text", "").upper()


S = {"name": "x", "description": "d", "parameters": {"type": "object", "properties": {}}}
for name, fn in (("tidy", tidy), ("shout", shout)):
    registry.register(name=name, toolset="t", schema=dict(S, name=name), handler=fn)
""",
            },
            findings=(
                ("tools/text_tool.py", 15),
                ("tools/text_tool.py", 19),
            ),
            note="the model's own text handed back, or text made from it (a helper's re.sub and strip, `.upper()`): for most of what the model sends (`hello`, an empty string) no JSON",
            fixed={},
        ),
        Invalid(
            {
                "tools/notes_tool.py": """\
import json
from datetime import date
from pathlib import Path

from tools.registry import registry, tool_error


def release_notes(args, **kw):
    path = Path("CHANGES.md")
    try:
        before = path.read_text(encoding="utf-8")
    except OSError as exc:
        return tool_error(str(exc))
    version = str(args.get("version") or "0.1.0")
    stamp = date.today().isoformat()
    text = f"{before}\\n## [{stamp}]\\n\\n{before}"
    if args.get("dry_run"):
        return text
    path.write_text(text, encoding="utf-8")
    return json.dumps({"version": version})


S = {"name": "release_notes", "description": "d", "parameters": {"type": "object", "properties": {}}}
registry.register(name="release_notes", toolset="t", schema=S, handler=release_notes)
""",
            },
            findings=(("tools/notes_tool.py", 18),),
            note="an f-string whose own text has a line break beside a character no JSON holds outside a string (`\\n## [...]`): a raw line break is never inside a JSON string, so the text is no JSON whatever the fields hold",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
def unit_convert(args, **kw):
    amount = args.get("amount", 1)
    unit = args.get("unit", "cup")
    grams = float(amount) * 240 if isinstance(amount, (int, float)) else 0.0
    return f"{amount} {unit} = {grams:.0f} g"

registry.register(name="unit_convert", toolset="u", schema={}, handler=unit_convert)
""",
            lines=(8,),
            note="an f-string whose own text holds what JSON never has outside a string",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from functools import partial


def leases(args, **kw):
    found = [l for l in ("a", "b") if l == args.get("query")]
    if not found:
        return {"leases": [], "note": "no matching leases"}
    return json.dumps({"leases": found})


async def probe(args, **kw):
    return json.dumps({"open": []})


def _call(fn, args, **kw):
    return fn(args or {}, **kw)


TOOLS = [
    dict(name="leases", fn=leases, is_async=False),
    dict(name="probe", fn=probe, is_async=True),
]

for t in TOOLS:
    handler = t["fn"] if t["is_async"] else partial(_call, t["fn"])
    registry.register(name=t["name"], toolset="t", schema={}, handler=handler, is_async=t["is_async"])
""",
            lines=(19,),
            note="a handler chosen per row by a conditional expression the row decides (`t['fn'] if t['is_async'] else partial(_call, t['fn'])`): each row's own handler is followed",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import functools


def json_tool(fn):
    @functools.wraps(fn)
    def wrapper(args, **kwargs):
        try:
            result = fn(args, **kwargs)
        except OSError as exc:
            return json.dumps({"error": f"storage problem: {exc}"})
        if isinstance(result, str):
            return result
        return json.dumps(result, ensure_ascii=False)
    return wrapper


@json_tool
def duration(args, **kw):
    name = args.get("name", "")
    if not name:
        return {"error": "name is required"}
    songs = len(name.split(","))
    report = f"{name}: {songs} songs"
    if songs > 20:
        report += " (a long set)"
    return report


registry.register(name="duration", toolset="t", schema={}, handler=duration)
""",
            lines=(29,),
            note="a decorator that hands text on as it is (`if isinstance(result, str): return result`) and serialises the rest: the def's prose report reaches the model, its dicts do not",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from pathlib import Path

CACHE = Path.home() / ".cache" / "forecast.json"


def _read_cache():
    try:
        return json.loads(CACHE.read_text())
    except (OSError, ValueError):
        return None


def forecast(args, **kw):
    cached = _read_cache()
    if cached is not None:
        cached["cached"] = True
        return cached
    return json.dumps({"hours": 12})


registry.register(name="forecast", toolset="t", schema={}, handler=forecast)
""",
            lines=(20,),
            note="a value the code gives items (`cached['cached'] = True`) is a dict or a list, never text: returned as it is, it is no JSON string",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
BANDS = {"exceeding": "{name} works well beyond the standard in {subject}.",
         "secure": "{name} is secure in {subject}."}


def _fill(template, name, subject):
    return template.format(name=name, subject=subject)


def comment(args, **kw):
    name = str(args.get("name", "")).strip()
    band = str(args.get("band", "secure"))
    if not name or band not in BANDS:
        return tool_error("name and a known band are required")
    parts = [_fill(BANDS[band], name, "maths"), "Keep it up."]
    return " ".join(parts)


registry.register(name="comment", toolset="t", schema={}, handler=comment)
""",
            lines=(18,),
            note="pieces joined with a space start as the first piece does: a sentence filled from a template (`.format()` keeps its start), no JSON",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
def disk_usage(args, **kw):
    rows = [("/", 252.0, 29.0), ("/home", 900.0, 410.5)]
    if args.get("format") == "text":
        lines = [f"{'Mounted on':<30} {'Size':>8} {'Used':>8}"]
        for mount, size, used in rows:
            lines.append(f"{mount:<30} {size:>8.1f} {used:>8.1f}")
        return "\\n".join(lines)
    return json.dumps({"filesystems": [list(r) for r in rows]})


registry.register(name="disk_usage", toolset="t", schema={}, handler=disk_usage)
""",
            lines=(10,),
            note="a header padded to a width (`{'Mounted on':<30}`) still starts as prose: spaces are all a width adds, and JSON skips them",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
def fingerprint(args, **kw):
    path = str(args.get("path", ""))
    n = len(path)
    return "%s: %d files, fingerprint %s" % (path, n, path[:4])


def summary(args, **kw):
    name = str(args.get("name", ""))
    return "{}: {} items in {}".format(name, len(name), name[:3])


registry.register(name="fingerprint", toolset="t", schema={}, handler=fingerprint)
registry.register(name="summary", toolset="t", schema={}, handler=summary)
""",
            lines=(7, 12),
            note="a `%` or `str.format` template with fields at both ends whose text between them is prose no JSON holds (`: ... files, ... bytes`)",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
def due(args, **kw):
    return {"due": "2025-01-01"}


def schedule(args, **kw):
    return json.dumps({"schedule": []})


_SPECS = [
    dict(name="due", handler=due, schema={"name": "due", "description": "Due.", "parameters": {"type": "object", "properties": {}}}),
    {"name": "schedule", "handler": schedule, "schema": {"name": "schedule", "description": "All.", "parameters": {"type": "object", "properties": {}}}},
]

for spec in _SPECS:
    registry.register(toolset="clinic", check_fn=None, requires_env=[], **spec)
""",
            lines=(5,),
            note="a registration loop whose call gives only `**spec` of each row (`dict(...)` calls and dict displays): each row's handler is followed",
            fixed={
                "tools/example_tool.py": _HEAD
                + """\
def due(args, **kw):
    return json.dumps({"due": "2025-01-01"})


def schedule(args, **kw):
    return json.dumps({"schedule": []})


_SPECS = [
    dict(name="due", handler=due, schema={"name": "due", "description": "Due.", "parameters": {"type": "object", "properties": {}}}),
    {"name": "schedule", "handler": schedule, "schema": {"name": "schedule", "description": "All.", "parameters": {"type": "object", "properties": {}}}},
]

for spec in _SPECS:
    registry.register(toolset="clinic", check_fn=None, requires_env=[], **spec)
"""
            },
        ),
        Invalid(
            _HEAD
            + """\
from datetime import date


def _render(number, lines):
    out = [f"INVOICE {number}".ljust(40) + date.today().isoformat(), "-" * 50]
    for line in lines:
        out.append(str(line))
    return "\\n".join(out) + "\\n"


def invoice_render(args, **kw):
    text = _render(args.get("number") or "draft", args.get("lines") or [])
    if args.get("format") == "json":
        return json.dumps({"text": text})
    return text


registry.register(name="invoice_render", toolset="t", schema={}, handler=invoice_render)
""",
            lines=(18,),
            note="lines of text joined, whose first starts as prose padded with `.ljust()`, with a newline after them: still no JSON",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from collections import Counter


def histogram(args, **kw):
    name = args.get("file") or "log"
    bucket = args.get("bucket") or "hour"
    counts = Counter(str(args.get("text") or "").split())
    if not counts:
        return json.dumps({"buckets": {}})
    lines = [f"{name} records per {bucket}" + (" (filtered)" if args.get("level") else "")]
    for key in sorted(counts):
        lines.append(f"{key}  {'#' * counts[key]} {counts[key]}")
    return "\\n".join(lines)


registry.register(name="histogram", toolset="t", schema={}, handler=histogram)
""",
            lines=(16,),
            note='lines joined whose first line holds prose between its fields (`f"{name} records per {bucket}"`): a JSON text has no line break inside a string, so that line is no JSON\'s and neither is the whole, whatever the lines after it',
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
def histogram(args, **kw):
    bins = [(50, 60, 1), (60, 70, 3)]
    lines = [f"{lo:>4}-{hi - 1:<4}| {'#' * n} {n}" for lo, hi, n in bins]
    lines.append(f"n={sum(n for _, _, n in bins)} bins={len(bins)}")
    return "\\n".join(lines)


registry.register(name="histogram", toolset="t", schema={}, handler=histogram)
""",
            lines=(8,),
            note="lines of a comprehension whose element holds prose between its fields (`| `), and only such lines appended: joined with line breaks, no JSON",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
def _render(rows, total):
    lines = ["      " + "".join(str(h).ljust(3) for h in range(6))]
    for day, cells in rows.items():
        lines.append(f"{day}  {cells}")
    lines.append(f"{total} commits, busiest {max(rows, default='-')}")
    return "\\n".join(lines)


def heatmap(args, **kw):
    return _render({"Mon": "..##"}, 4)


registry.register(name="heatmap", toolset="t", schema={}, handler=heatmap)
""",
            lines=(13,),
            note="lines joined with line breaks whose last, appended after the loop every time, is prose: no JSON text ends so",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import subprocess


def _git(argv, cwd):
    return subprocess.run(["git", *argv], cwd=cwd, capture_output=True, text=True, timeout=20)


def recent_commits(args, **kw):
    out = _git(["log", "--oneline", "-n", "10"], ".")
    return out.stdout or out.stderr


registry.register(name="recent_commits", toolset="t", schema={}, handler=recent_commits)
""",
            lines=(13,),
            note="`a or b` is one of its operands: a command's stdout or its stderr, text either way",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import httpx


class ChargeApi:
    def __init__(self):
        self._client = None

    def _http(self) -> httpx.AsyncClient:
        if self._client is None:
            self._client = httpx.AsyncClient(base_url="https://api.example.invalid", timeout=10)
        return self._client

    async def get(self, path: str) -> httpx.Response:
        return await self._http().get(path)


_API = ChargeApi()


async def schedules(args, **kw):
    response = await _API.get("/v1/schedules")
    if response.status_code != 200:
        return tool_error(f"the API answered {response.status_code}")
    return response.json()


registry.register(name="schedules", toolset="t", schema={}, handler=schedules, is_async=True)
""",
            lines=(27,),
            note="a method annotated to return an httpx.Response whose own returns are not all known (a client made lazily): the annotation says what it is, and `.json()` of it is parsed data",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
def marc_export(args, **kw):
    record = args.get("record")
    if not isinstance(record, str) or not record.strip():
        return tool_error("record is required")
    match args.get("format", "mrk"):
        case "mrk":
            return json.dumps({"mrk": record.strip()})
        case "json":
            return json.dumps({"fields": record.strip().splitlines()})


registry.register(name="marc_export", toolset="library", schema={}, handler=marc_export)
""",
            lines=(8,),
            note="a match of constants only on the model's value read right there takes no"
            " other value: any other falls through to the end, and the handler returns None",
            fixed={},
        ),
        Invalid(
            {
                "plugins/leaks/framework.py": """\
import json
from dataclasses import dataclass, field
from typing import Callable

FUNCTION_TOOLS = {}


@dataclass
class FunctionTool:
    name: str
    fn: Callable
    params: dict = field(default_factory=dict)

    def handle(self, args, **kw):
        try:
            return self.fn(**(args or {}))
        except Exception as exc:
            return json.dumps({"error": str(exc)})


def function_tool(name):
    def deco(fn):
        FUNCTION_TOOLS[name] = FunctionTool(name=name, fn=fn)
        return fn

    return deco
""",
                "plugins/leaks/__init__.py": """\
from .framework import FUNCTION_TOOLS, function_tool


@function_tool("leak_zone_list")
def list_zones(region=None):
    return {"zones": ["DMA-C01", "DMA-C02"], "region": region}


def register(ctx):
    for name, ft in sorted(FUNCTION_TOOLS.items()):
        ctx.register_tool(name=name, toolset="leaks", schema={"name": name}, handler=ft.handle)
""",
                "plugins/leaks/plugin.yaml": "name: leaks\nversion: 0.1.0\n"
                "provides_tools: [leak_zone_list]\n",
            },
            findings=(("plugins/leaks/framework.py", 16),),
            note="`handler=ft.handle` of a row's object made by a known call: the method runs"
            " with that object as `self`, so `self.fn` is the def the row was made for",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
C = 299.792458


def antenna(args, **kw):
    f = args.get("frequency_mhz")
    if not isinstance(f, (int, float)) or not 1 <= f <= 3000:
        return tool_error("frequency_mhz must be 1 to 3000")
    kind = str(args.get("kind") or "dipole")
    half = C / f / 2 * 0.95
    lines = ["%s for %.3f MHz:" % (kind, f)]
    for label, metres in (("total", half), ("each leg", half / 2)):
        lines.append("  %-12s %8.3f" % (label, metres))
    lines.append(str(args.get("note") or ""))
    if args.get("format") == "text":
        return "\\n".join(lines)
    return json.dumps({"kind": kind, "total_m": round(half, 3)})


registry.register(name="antenna", toolset="radio", schema={}, handler=antenna)
""",
            lines=(18,),
            fixed={},
            note="lines made by `%` templates with text of their own between the fields"
            " (`'%s for %.3f MHz:' % (kind, f)`), joined: text, not JSON",
        ),
        Invalid(
            _HEAD
            + """\
def swap_shift(args, **kw):
    match args:
        case {"date": str(day), "from": str(giver), "to": str(taker)}:
            return json.dumps({"date": day, "from": giver, "to": taker})
        case {"date": _, "from": _, "to": _}:
            return tool_error("date, from and to must be text")


registry.register(name="swap_shift", toolset="rota", schema={}, handler=swap_shift)
""",
            lines=(5,),
            fixed={},
            note="a `match` on the model's arguments with no case that takes every dict: a call"
            " that leaves a key out falls through, and the handler returns None",
        ),
        Invalid(
            _HEAD
            + """\
def standings(args, **kw):
    boats = [str(b) for b in args.get("boats") or []]
    if args.get("output") == "table":
        txt = "Pos  Sail      Points\\n"
        for k, boat in enumerate(boats):
            txt += "%-4d %-9s %d\\n" % (k + 1, boat, k + 1)
        return txt
    return json.dumps({"standings": boats})


registry.register(name="standings", toolset="race", schema={}, handler=standings)
""",
            lines=(10,),
            findings=(),
            fixed={},
            note="text that starts as prose, then appended to with `+=`: it still starts so",
        ),
        Invalid(
            _HEAD
            + """\
from datetime import datetime


def layout(store, lines, width):
    rows = [f"*** {store} ***".center(width), datetime.now().strftime("%Y-%m-%d %H:%M"), "-" * width]
    for sku, amount in lines:
        rows.append(f"{sku:<20}{amount:>10.2f}")
    Result = "\\n".join(rows) + "\\n"
    return Result


def render_receipt(args, **kw):
    lines = args.get("lines")
    if not isinstance(lines, list):
        return tool_error("lines must be a list")
    fmt = args.get("format", "json")
    text = layout("Hermes Mart", [(str(l), 1.0) for l in lines], 40)
    if fmt == "plain":
        Result = text
    elif fmt == "html":
        Result = json.dumps({"html": "<pre>" + text + "</pre>"})
    else:
        Result = json.dumps({"text": text})
    return Result


registry.register(name="render_receipt", toolset="t", schema={}, handler=render_receipt)
""",
            lines=(27,),
            fixed={},
            note="a result bound in each arm of an `if` chain, then returned: an arm that binds"
            ' text (`format == "plain"`) returns it',
        ),
        Invalid(
            _HEAD
            + """\
from dataclasses import dataclass, field
from typing import Any, Dict, Generic, TypeVar

T = TypeVar("T")


class Outcome(Generic[T]):
    def to_json(self) -> str:
        raise NotImplementedError


@dataclass(frozen=True)
class Ok(Outcome[T]):
    value: T

    def to_json(self) -> str:
        return json.dumps({"ok": True, "value": self.value})


@dataclass(frozen=True)
class Err(Outcome[Any]):
    code: str
    message: str
    details: Dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> str:
        return json.dumps({"error": self.message, "code": self.code})


PLAYLISTS = {1: ["a", "b"]}


def reorder(args, **kw):
    pid = args.get("playlist_id")
    if not isinstance(pid, int):
        return Err("invalid_argument", "playlist_id must be an integer").to_json()
    if pid not in PLAYLISTS:
        return Err("not_found", f"no playlist with id {pid}")
    return Ok(sorted(PLAYLISTS[pid])).to_json()


registry.register(name="reorder", toolset="t", schema={}, handler=reorder)
""",
            lines=(41,),
            fixed={},
            note="an instance of a project class no base of which is `str` (`Err(...)`, its"
            " `.to_json()` forgotten) is an object, not a JSON string",
        ),
        Invalid(
            """\
import functools
import json
from dataclasses import dataclass
from typing import Any, Callable

from tools.registry import registry


class ToolFailure(Exception):
    pass


@dataclass
class Spec:
    name: str
    schema: dict
    handler: Callable[..., Any]


TABLE: list[Spec] = []


def tool(name: str, params: dict):
    def decorate(func):
        spec = Spec(name=name, schema={"name": name, "description": name, "parameters": {"type": "object", "properties": params}}, handler=func)

        @functools.wraps(func)
        def handler(args: dict, **kw: Any) -> str:
            try:
                result = func(**{k: args.get(k) for k in params})
            except ToolFailure as exc:
                return json.dumps({"error": str(exc)})
            return {"result": result}

        spec.handler = handler
        TABLE.append(spec)
        return func

    return decorate


@tool("x_level", {"xp": {"type": "integer", "description": "Experience points."}})
def level(xp: Any) -> str:
    if not isinstance(xp, int) or xp < 0:
        raise ToolFailure("xp must be a non-negative integer")
    return json.dumps({"level": xp // 1000})


for spec in TABLE:
    registry.register(name=spec.name, toolset="x", schema=spec.schema, handler=spec.handler)
""",
            lines=(33,),
            fixed={
                "tools/example_tool.py": """\
import functools
import json
from dataclasses import dataclass
from typing import Any, Callable

from tools.registry import registry


class ToolFailure(Exception):
    pass


@dataclass
class Spec:
    name: str
    schema: dict
    handler: Callable[..., Any]


TABLE: list[Spec] = []


def tool(name: str, params: dict):
    def decorate(func):
        spec = Spec(name=name, schema={"name": name, "description": name, "parameters": {"type": "object", "properties": params}}, handler=func)

        @functools.wraps(func)
        def handler(args: dict, **kw: Any) -> str:
            try:
                result = func(**{k: args.get(k) for k in params})
            except ToolFailure as exc:
                return json.dumps({"error": str(exc)})
            return json.dumps({"result": result})

        spec.handler = handler
        TABLE.append(spec)
        return func

    return decorate


@tool("x_level", {"xp": {"type": "integer", "description": "Experience points."}})
def level(xp: Any) -> str:
    if not isinstance(xp, int) or xp < 0:
        raise ToolFailure("xp must be a non-negative integer")
    return json.dumps({"level": xp // 1000})


for spec in TABLE:
    registry.register(name=spec.name, toolset="x", schema=spec.schema, handler=spec.handler)
""",
            },
            note="the same decorator whose wrapper returns its dict as it is: the registered "
            "handler is the wrapper, found at its `return`",
        ),
        Invalid(
            """\
import json

from tools.registry import registry

FAILED = "FAILED"


def render_failed(run):
    return json.dumps({"error": run.get("fault") or "failed"})


class Machine:
    def __init__(self, start, actions, renderers):
        self.start = start
        self.actions = dict(actions)
        self.renderers = {FAILED: render_failed, **renderers}

    def run(self, run):
        state = self.start
        for _ in range(16):
            renderer = self.renderers.get(state)
            if renderer is not None:
                return renderer(run)
            try:
                state = self.actions[state](run)
            except Exception as exc:
                run["fault"] = str(exc)
                state = FAILED
        return self.renderers[FAILED](run)


def _lookup(run):
    return "FOUND" if run["code"] in ("a", "b") else "MISSING"


LOOKUP = Machine(
    start="LOOKUP",
    actions={"LOOKUP": _lookup},
    renderers={
        "FOUND": lambda run: json.dumps({"code": run["code"]}),
        "MISSING": lambda run: {"error": "unknown code"},
    },
)


def handle(args, **kw):
    return LOOKUP.run({"code": str(args.get("code", ""))})


registry.register(
    name="x_lookup",
    toolset="x",
    schema={"name": "x_lookup", "description": "Look a code up.", "parameters": {"type": "object", "properties": {"code": {"type": "string", "description": "A code."}}}},
    handler=handle,
)
""",
            lines=(47,),
            fixed={},
            note="a state machine made at module level with its renderers merged over defaults in "
            "`__init__` (`self.renderers = {FAILED: ..., **renderers}`): `LOOKUP.run()` calls "
            "what its construction gave, and one renderer returns a dict",
        ),
        Invalid(
            """\
import json

from tools.registry import registry


class FeeError(Exception):
    def __init__(self, message, code="FEE_FAILED"):
        super().__init__(message)
        self.message = message
        self.code = code

    def to_dict(self):
        return {"error": self.message, "error_code": self.code}


def _days(args):
    days = args.get("rental_days")
    if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= 90:
        raise FeeError("'rental_days' must be a whole number from 1 to 90", "INVALID_FIELD")
    return days


def mileage_charge(args, **kw):
    try:
        days = _days(args)
        return json.dumps({"allowance": 200 * days})
    except FeeError as exc:
        return exc.to_dict()


registry.register(
    name="mileage_charge",
    toolset="rental",
    schema={
        "name": "mileage_charge",
        "description": "Mileage allowance of a rental.",
        "parameters": {
            "type": "object",
            "properties": {"rental_days": {"type": "integer", "description": "Days rented."}},
            "required": ["rental_days"],
        },
    },
    handler=mileage_charge,
)
""",
            lines=(28,),
            fixed={},
            note="except FeeError as exc: return exc.to_dict(): the name an except binds holds an "
            "instance of the class it catches (or of a subclass), so its to_dict() is "
            "followed and returns a dict.",
        ),
        Invalid(
            """\
import json
import subprocess

from tools.registry import registry


def git_log(args, **kw):
    fmt = args.get("format") or "json"
    p = subprocess.run(["git", "log", "--pretty=format:%h|%s"], capture_output=True, text=True, timeout=20)
    out = p.stdout.strip()
    if fmt == "text":
        return out or "(no commits)"
    return json.dumps({"lines": out.splitlines()})


registry.register(name="git_log", toolset="x", schema={"name": "git_log", "description": "d", "parameters": {"type": "object", "properties": {"format": {"type": "string", "enum": ["json", "text"], "description": "f"}}}}, handler=git_log)
""",
            lines=(12,),
            fixed={},
            note="out = p.stdout.strip(); return out or '(no commits)': JSON allows white space "
            "around it, so a command's text output stripped is no more JSON than it was, and "
            "the fallback is prose.",
        ),
        Invalid(
            """\
import json

from tools.registry import registry


def tool(name, description):
    def decorator(func):
        registry.register(name=name, toolset="notes", schema={"name": name, "description": description, "parameters": {"type": "object", "properties": {}}}, handler=func)
        return func

    return decorator


def simple(func):
    registry.register(name=func.__name__, toolset="notes", schema={"name": func.__name__, "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=func)
    return func


@tool("notes_count", "How many notes there are.")
def notes_count(args, **kwargs):
    return f"{len(args)} notes"


@simple
def notes_last(args, **kwargs):
    return "no notes yet"


@tool("notes_ok", "Fine.")
def notes_ok(args, **kwargs):
    return json.dumps({"count": 0})


registry.register(name="notes_ping", toolset="notes", schema={"name": "notes_ping", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=lambda args, **kw: json.dumps({}))
""",
            lines=(21, 26),
            fixed={},
            note="A decorator registers each def it decorates, made by a factory (@tool(name, "
            "description)) or applied as it is (@simple): the handler is the decorated def, "
            "whatever name the decoration binds.",
        ),
        Invalid(
            {
                "plugins/home/__init__.py": """\
from . import lights


def _all_tools():
    yield lights.STATUS
    yield from lights.SWITCHES


def register(ctx):
    for tool in _all_tools():
        ctx.register_tool(name=tool.name, toolset="home", schema=tool.schema, handler=tool)
""",
                "plugins/home/lights.py": """\
import json


class Tool:
    name = ""
    schema = {}

    def __call__(self, args, **kw):
        return self.run(args)


class Status(Tool):
    name = "light_status"

    def run(self, args):
        return json.dumps({"on": True})


class Switch(Tool):
    def __init__(self, name):
        self.name = name

    def run(self, args):
        return f"switched {self.name}"


STATUS = Status()
SWITCHES = [Switch("light_on"), Switch("light_off")]
""",
            },
            findings=(("plugins/home/lights.py", 9),),
            fixed={},
            note="register(ctx) loops over a generator that yields one tool and yields from a "
            "list of others: each row is registered, and the instances' __call__ returns what "
            "the subclass's run() gives, text for the switches.",
        ),
        Invalid(
            {
                "plugins/lex/plugin.yaml": """\
name: lex
version: "1"
description: d
provides_tools: [ngrams, shout]
""",
                "plugins/lex/__init__.py": """\
from functools import reduce

from .registry import registered
from . import tools  # noqa: F401


def _install(ctx, spec):
    ctx.register_tool(name=spec.name, toolset="lex", schema=spec.schema, handler=spec.handler)
    return ctx


def register(ctx):
    reduce(_install, registered(), ctx)
""",
                "plugins/lex/registry.py": """\
import json
from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True)
class ToolSpec:
    name: str
    schema: dict
    handler: Callable[..., Any]


_TOOLS = {}


def _handler(fn, encode):
    def handle(args, **_kw):
        return encode(fn(args))

    return handle


def tool(name, description, encode=json.dumps):
    def decorate(fn):
        _TOOLS[name] = ToolSpec(name=name, schema={"name": name, "description": description, "parameters": {"type": "object", "properties": {}}}, handler=_handler(fn, encode))
        return fn

    return decorate


def registered():
    return tuple(_TOOLS.values())
""",
                "plugins/lex/tools.py": """\
from functools import partial

from . import registry

text_tool = partial(registry.tool, encode=str)


@text_tool("ngrams", "N-grams.")
def ngrams(args):
    n = int(args.get("n"))
    return {"n": n}


@text_tool("shout", "Shout.")
def shout(args):
    return {"text": "HEY"}
""",
            },
            findings=(("plugins/lex/registry.py", 18), ("plugins/lex/registry.py", 18)),
            fixed={},
            note="register(ctx) folds the specs a decorator stores into ctx with functools.reduce: "
            "each spec is one call of the helper; the decorator is a partial of the factory "
            "(text_tool = partial(registry.tool, encode=str)), so str is what encodes each result.",
        ),
        Invalid(
            {
                "plugins/kx/plugin.yaml": """\
name: kx
version: "1"
description: d
provides_tools: [kx_cidr, kx_ok]
""",
                "plugins/kx/__init__.py": """\
from . import net

MODULES = (net,)


def register(ctx):
    for m in MODULES:
        for n, (f, p, d) in m.T.items():
            ctx.register_tool(name=n, toolset="kx", schema={"name": n, "description": d, "parameters": p}, handler=f)
""",
                "plugins/kx/net.py": """\
import ipaddress
import json

S = {"type": "string"}


def cidr(a, **k):
    try:
        n = ipaddress.ip_network(a.get("cidr", ""), strict=False)
    except ValueError as e:
        return f"error: {e}"
    return json.dumps({"net": str(n)})


def ok(a, **k):
    return json.dumps({"ok": True})


L = [
    ("kx_cidr", cidr, {"cidr": S}, ["cidr"], "CIDR info."),
    ("kx_ok", ok, {}, [], "Fine."),
]

T = {n: (f, {"type": "object", "properties": p, "required": r}, d) for n, f, p, r, d in L}
""",
            },
            findings=(("plugins/kx/net.py", 11),),
            fixed={
                "plugins/kx/net.py": """\
import ipaddress
import json
from tools.registry import tool_error

S = {"type": "string"}


def cidr(a, **k):
    try:
        n = ipaddress.ip_network(a.get("cidr", ""), strict=False)
    except ValueError as e:
        return tool_error(f"error: {e}")
    return json.dumps({"net": str(n)})


def ok(a, **k):
    return json.dumps({"ok": True})


L = [
    ("kx_cidr", cidr, {"cidr": S}, ["cidr"], "CIDR info."),
    ("kx_ok", ok, {}, [], "Fine."),
]

T = {n: (f, {"type": "object", "properties": p, "required": r}, d) for n, f, p, r, d in L}
""",
            },
            note="a sibling module builds its table with a dict comprehension that unpacks each row "
            "({n: (f, schema, d) for n, f, p, r, d in L}): each entry is read where the row's names "
            "are bound, so register(ctx) registers cidr, which returns prose on a bad network.",
        ),
        Invalid(
            """\
import json
from tools.registry import registry


class Result:
    def __init__(self, value=None, error=None):
        self._value = value
        self._error = error

    @classmethod
    def failure(cls, error):
        return cls(error=error)

    def to_json(self):
        return json.dumps({"error": self._error} if self._error else self._value)


def match(args, **kw):
    f = args.get("filter")
    if not isinstance(f, str):
        return Result.failure("missing filter")
    return Result.failure("bad").to_json()


registry.register(name="match", toolset="t", schema={"name": "match", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=match)
""",
            lines=(21,),
            fixed={},
            note="return Result.failure(...) of a classmethod that returns cls(error=...): an "
            "instance of the class it is called on, where .to_json() was meant (the next return "
            "has it).",
        ),
        Invalid(
            {
                "tools/__init__.py": """\
""",
                "tools/kit/__init__.py": """\
from .core import entries  # noqa: F401
""",
                "tools/kit/core.py": """\
class Registry:
    def __init__(self):
        self._items = {}

    def add(self, name, item):
        if name in self._items:
            raise RuntimeError(f"duplicate: {name}")
        self._items[name] = item
        return item

    def __iter__(self):
        return iter(self._items.values())


class Entry:
    def __init__(self, name, cls, description, is_async):
        self.name = name
        self.is_async = is_async
        self.cls = cls
        self.description = description

    def handler(self):
        entry = self
        if entry.is_async:
            async def run(args, **kw):
                return await entry.cls().arun(args)
        else:
            def run(args, **kw):
                return entry.cls().run(args)
        return run

    def as_registration(self):
        schema = {"name": self.name, "description": self.description, "parameters": {"type": "object", "properties": {}}}
        return dict(name=self.name, toolset="kit", schema=schema, handler=self.handler(), is_async=self.is_async)


class Entries(Registry):
    def tool(self, name, description):
        def decorate(cls):
            is_async = isinstance(cls, type) and hasattr(cls, "arun")
            self.add(name, Entry(name, cls, description, is_async))
            return cls

        return decorate

    def for_module(self, module):
        return [e for e in self if e.cls.__module__ == module]


entries = Entries()
""",
                "tools/ping_tool.py": """\
import json

from tools.kit import entries
from tools.registry import registry


@entries.tool("ping_echo", "Echo.")
class Echo:
    def run(self, args):
        return json.dumps({"echo": args["text"]})


@entries.tool("ping_ok", "Fine.")
class Fine:
    def run(self, args):
        return json.dumps({"ok": True})


for _entry in entries.for_module(__name__):
    registry.register(**_entry.as_registration())
""",
                "tools/pong_tool.py": """\
import json

from tools.kit import entries
from tools.registry import registry


@entries.tool("pong_size", "Size.")
class Size:
    def run(self, args):
        return {"size": len(str(args.get("text", "")))}


for _entry in entries.for_module(__name__):
    registry.register(**_entry.as_registration())
""",
                "tools/registry.py": """\
class Registry:
    def register(self, name, toolset, schema, handler, check_fn=None, requires_env=None, is_async=False, description="", emoji=""):
        pass


registry = Registry()
""",
            },
            findings=(("tools/kit/core.py", 29),),
            fixed={},
            note="the entry's build method defines an async and a sync handler under if "
            "entry.is_async:, the flag made at decoration from hasattr(cls, 'arun'): for a "
            "class without arun only the sync one is returned, so pong_size's handler returns "
            "what Size().run returns, a dict.",
        ),
        Invalid(
            {
                "tools/fp.py": """\
from typing import Callable, NamedTuple


class Spec(NamedTuple):
    name: str
    description: str
    handler: Callable


def register_with(registry, toolset):
    # curried: register_with(registry, toolset)(spec)
    return lambda spec: registry.register(
        name=spec.name,
        toolset=toolset,
        schema={"name": spec.name, "description": spec.description, "parameters": {"type": "object", "properties": {}}},
        handler=spec.handler,
    )
""",
                "tools/frost_tool.py": """\
import json
from itertools import starmap

from tools.fp import Spec, register_with
from tools.registry import registry

ZONES = {"6b": {"last": "04-21"}}


def frost(args, **kw):
    return {"zone": args.get("zone")}


def zones(args, **kw):
    return json.dumps(sorted(ZONES))


SPECS = tuple(starmap(lambda name, desc, fn: Spec(name, desc, fn), (
    ("frost_dates", "Frost dates for a zone.", frost),
    ("frost_zones", "Known zones.", zones),
)))

tuple(map(register_with(registry, "garden"), SPECS))
""",
                "tools/water_tool.py": """\
import json

from tools.registry import registry


def need(args, **kw):
    return f"{args.get('litres', 0)} litres"


def skip(args, **kw):
    return json.dumps({"skip": bool(args.get("rain"))})


SPECS = [
    {"name": "water_need", "toolset": "garden", "handler": need, "schema": {"name": "water_need", "description": "Litres.", "parameters": {"type": "object", "properties": {}}}},
    {"name": "water_skip", "toolset": "garden", "handler": skip, "schema": {"name": "water_skip", "description": "Skip?", "parameters": {"type": "object", "properties": {}}}},
]

list(map(lambda kw: registry.register(**kw), SPECS))
""",
            },
            findings=(
                ("tools/frost_tool.py", 11),
                ("tools/water_tool.py", 7),
            ),
            fixed={
                "tools/frost_tool.py": """\
import json
from itertools import starmap

from tools.fp import Spec, register_with
from tools.registry import registry

ZONES = {"6b": {"last": "04-21"}}


def frost(args, **kw):
    return json.dumps({"zone": args.get("zone")})


def zones(args, **kw):
    return json.dumps(sorted(ZONES))


SPECS = tuple(starmap(lambda name, desc, fn: Spec(name, desc, fn), (
    ("frost_dates", "Frost dates for a zone.", frost),
    ("frost_zones", "Known zones.", zones),
)))

tuple(map(register_with(registry, "garden"), SPECS))
""",
            },
            note="tools registered by mapping over their specs: a curried helper's lambda "
            "(map(register_with(registry, 'garden'), SPECS), the specs made by starmap of a "
            "lambda) and a lambda written in the map (map(lambda kw: registry.register(**kw), "
            "SPECS)) are read once per row: frost returns a dict, need an f-string of prose.",
        ),
        Invalid(
            {
                "tools/export_tool.py": """\
import csv
import io
import json

from tools.registry import registry

ROWS = [{"date": "2024-01-02", "amount": 12.5}]


def export(args, **kw):
    if args.get("format") == "json":
        return json.dumps({"rows": ROWS})
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(["date", "amount"])
    for row in ROWS:
        writer.writerow([row["date"], row["amount"]])
    return buffer.getvalue()


def invoice(args, **kw):
    out = []
    out.append("INVOICE %s" % args.get("id", ""))
    out.append("-" * 40)
    for row in ROWS:
        out.append("%s  %s" % (row["date"], row["amount"]))
    return "\\n".join(out)


registry.register(name="export_rows", toolset="books", schema={"name": "export_rows", "description": "Export rows.", "parameters": {"type": "object", "properties": {"format": {"type": "string", "description": "csv or json"}}}}, handler=export)
registry.register(name="invoice_text", toolset="books", schema={"name": "invoice_text", "description": "Render an invoice.", "parameters": {"type": "object", "properties": {"id": {"type": "string", "description": "Invoice id."}}}}, handler=invoice)
""",
            },
            findings=(
                ("tools/export_tool.py", 18),
                ("tools/export_tool.py", 27),
            ),
            fixed={},
            note="CSV text a handler writes to a text buffer (a csv writer's header row first) and "
            "lines joined after a first line appended to an empty list: neither is JSON.",
        ),
        Invalid(
            {
                "tools/notes_tool.py": """\
import json

from tools.registry import registry

_FRONT_MATTER = "---"


def _render(title, body):
    head = [_FRONT_MATTER, f"title: {title}", _FRONT_MATTER, ""]
    return "\\n".join(head) + body


def read_note(args, **kw):
    title = str(args.get("title", ""))
    fmt = args.get("format", "json")
    match fmt:
        case "markdown":
            return _render(title, "")
        case "json":
            return json.dumps({"title": title})


registry.register(name="read_note", toolset="notes", schema={"name": "read_note", "description": "Read a note.", "parameters": {"type": "object", "properties": {"title": {"type": "string", "description": "Title."}, "format": {"type": "string", "enum": ["json", "markdown"], "description": "json or markdown"}}}}, handler=read_note)
""",
            },
            findings=(
                ("tools/notes_tool.py", 16),
                ("tools/notes_tool.py", 18),
            ),
            fixed={},
            note="A match of constants on a value read from the model's arguments into a local "
            "(fmt = args.get('format', 'json')), no case for anything else: another value "
            "falls through to None; the markdown case returns text whose first line is a "
            "module constant ('---').",
        ),
        Invalid(
            {
                "plugins/home/__init__.py": """\
from .core import REGISTRY
from . import lights  # noqa: F401  (its decorators fill REGISTRY)


def register(ctx):
    for tool in REGISTRY:
        ctx.register_tool(
            name=tool.name,
            toolset="home",
            schema={"name": tool.name, "description": tool.description, "parameters": {"type": "object", "properties": {}}},
            handler=tool.call,
            description=tool.description,
        )
""",
                "plugins/home/core.py": """\
import json


class Home:
    def __init__(self):
        self.lights = {"kitchen": False}


class HomeTool:
    name = ""
    description = ""

    def __init__(self, home):
        self.home = home

    def call(self, args, **kwargs):
        return json.dumps(self.run(args))

    def run(self, args):
        raise NotImplementedError


class ToolRegistry:
    def __init__(self, home):
        self._home = home
        self._tools = {}

    def tool(self, cls):
        inst = cls(self._home)
        self._tools[inst.name] = inst
        return cls

    def __iter__(self):
        return iter(self._tools.values())


REGISTRY = ToolRegistry(Home())
""",
                "plugins/home/lights.py": """\
from .core import REGISTRY, HomeTool


@REGISTRY.tool
class Lights(HomeTool):
    name = "home_lights"
    description = "Which lights are on."

    def run(self, args):
        return {"on": [room for room, on in self.home.lights.items() if on]}


@REGISTRY.tool
class Scene(HomeTool):
    name = "home_scene"
    description = "Turn every light on or off."

    def call(self, args, **kwargs):
        for room in self.home.lights:
            self.home.lights[room] = bool(args.get("on"))
        return {"ok": True, "rooms": len(self.home.lights)}
""",
                "plugins/home/plugin.yaml": """\
name: home
version: "0.1"
description: A simulated home
provides_tools:
  - home_lights
  - home_scene
""",
            },
            findings=(("plugins/home/lights.py", 21),),
            fixed={
                "plugins/home/lights.py": """\
import json
from .core import REGISTRY, HomeTool


@REGISTRY.tool
class Lights(HomeTool):
    name = "home_lights"
    description = "Which lights are on."

    def run(self, args):
        return {"on": [room for room, on in self.home.lights.items() if on]}


@REGISTRY.tool
class Scene(HomeTool):
    name = "home_scene"
    description = "Turn every light on or off."

    def call(self, args, **kwargs):
        for room in self.home.lights:
            self.home.lights[room] = bool(args.get("on"))
        return json.dumps({"ok": True, "rooms": len(self.home.lights)})
""",
            },
            note="tool classes an instance's method collects as a bare decorator (@REGISTRY.tool "
            "over each class), the plugin's register looping over the registry (its __iter__ "
            "gives the table the method fills): each class's call is a handler",
        ),
        Invalid(
            """\
import json
from tools.registry import registry

DOI_URL = "https://doi.org/"


class Tool:
    def run(self, args):
        return self._run(**args)


class DoiToUrl(Tool):
    name = "doi_to_url"

    def _run(self, doi=""):
        return DOI_URL + doi.strip()


class DoiInfo(Tool):
    name = "doi_info"

    def _run(self, doi=""):
        return {"doi": doi, "prefix": doi.split("/")[0]}


class DoiCheck(Tool):
    name = "doi_check"

    def _run(self, doi=""):
        return json.dumps({"doi": doi, "valid": doi.startswith("10.")})


def _to_json(result):
    if isinstance(result, str):
        return result
    return json.dumps(result)


def _handler_for(tool):
    def handler(args, **kw):
        return _to_json(tool.run(args))

    return handler


for tool in (DoiToUrl(), DoiInfo(), DoiCheck()):
    registry.register(name=tool.name, toolset="doi", schema={}, handler=_handler_for(tool))
""",
            lines=(41,),
            fixed={},
            note="a helper that hands text back as it is (if isinstance(result, str): return "
            "result) and serialises anything else is judged by what each call gives it: a "
            "tool object's URL text is not JSON; its dict (serialised) and its JSON text are",
        ),
        Invalid(
            """\
import json
from dataclasses import dataclass
from typing import Callable

from tools.registry import registry


def _wrapped(fn):
    def handler(args, **kw):
        try:
            out = fn(args, **kw)
        except (KeyError, ValueError, TypeError) as e:
            return json.dumps({"error": str(e)})
        return json.dumps(out)

    return handler


def packing_list(args, **kw):
    return {"items": ["socks"] * int(args.get("days", 1))}


def convert(args, **kw):
    return {"amount": args.get("amount"), "currency": "EUR"}


@dataclass
class Spec:
    name: str
    fn: Callable
    wrap: bool = False

    @property
    def handler(self):
        return _wrapped(self.fn) if self.wrap else self.fn


SPECS = [Spec("packing_list", packing_list, wrap=True), Spec("convert", convert)]

for spec in SPECS:
    registry.register(name=spec.name, toolset="travel", schema={}, handler=spec.handler)
""",
            lines=(24,),
            fixed={
                "tools/example_tool.py": """\
import json
from dataclasses import dataclass
from typing import Callable

from tools.registry import registry


def _wrapped(fn):
    def handler(args, **kw):
        try:
            out = fn(args, **kw)
        except (KeyError, ValueError, TypeError) as e:
            return json.dumps({"error": str(e)})
        return json.dumps(out)

    return handler


def packing_list(args, **kw):
    return {"items": ["socks"] * int(args.get("days", 1))}


def convert(args, **kw):
    return json.dumps({"amount": args.get("amount"), "currency": "EUR"})


@dataclass
class Spec:
    name: str
    fn: Callable
    wrap: bool = False

    @property
    def handler(self):
        return _wrapped(self.fn) if self.wrap else self.fn


SPECS = [Spec("packing_list", packing_list, wrap=True), Spec("convert", convert)]

for spec in SPECS:
    registry.register(name=spec.name, toolset="travel", schema={}, handler=spec.handler)
""",
            },
            note="a record's property gives the handler (self.fn, or a wrapper of it where the "
            "record was made with wrap=True): the test reads the field each row's record was "
            "made with, so only the unwrapped dict is reported",
        ),
        Invalid(
            {
                "plugins/kit/__init__.py": """\
from .http import Kernel
from .routes import define_routes


def register(ctx):
    for route in define_routes():
        ctx.register_tool(
            name=route.name,
            toolset="kit",
            schema={"name": route.name, "description": route.description, "parameters": {"type": "object", "properties": {}}},
            handler=Kernel.handler_for(route),
            is_async=route.is_async,
            description=route.description,
        )
""",
                "plugins/kit/container.py": """\
import inspect


class BindingError(Exception):
    pass


def make(abstract):
    if not inspect.isclass(abstract):
        raise BindingError(f"{abstract!r} is not a class")
    for name, param in inspect.signature(abstract).parameters.items():
        if param.default is inspect.Parameter.empty:
            raise BindingError(f"cannot resolve {name} of {abstract.__name__}")
    return abstract()
""",
                "plugins/kit/http.py": """\
import json


class Kernel:
    @classmethod
    def handler_for(cls, route):
        if route.is_async:

            async def async_handler(args, **kwargs):
                return await route.run(args)

            return async_handler

        def handler(args, **kwargs):
            return json.dumps(route.run(args))

        return handler
""",
                "plugins/kit/plugin.yaml": """\
name: kit
version: "0.1"
description: Text tools declared as routes
provides_tools:
  - shout
  - whisper
""",
                "plugins/kit/routes.py": """\
from .routing import Route


class TextController:
    def shout(self, args):
        return {"text": str(args.get("text", "")).upper()}

    async def whisper(self, args):
        return {"text": str(args.get("text", "")).lower()}


def define_routes():
    Route.tool("shout", [TextController, "shout"]).describe("Upper-case a text.")
    Route.tool("whisper", [TextController, "whisper"]).describe("Lower-case a text.").queued()
    return Route.all()
""",
                "plugins/kit/routing.py": """\
from .container import make


class ToolRoute:
    def __init__(self, name, action):
        self.name = name
        self.action = action
        self.description = ""
        self.is_async = False

    def describe(self, text):
        self.description = text
        return self

    def queued(self):
        self.is_async = True
        return self

    def run(self, args):
        controller_class, method = self.action
        controller = make(controller_class)
        return getattr(controller, method)(args)


class Route:
    _routes = []

    @staticmethod
    def tool(name, action):
        route = ToolRoute(name, action)
        Route._routes.append(route)
        return route

    @staticmethod
    def all():
        return list(Route._routes)
""",
            },
            findings=(("plugins/kit/http.py", 10),),
            fixed={},
            note="tool routes a static method collects inside a def (Route.tool(...) with a chain "
            "of setters: .describe(...).queued()), a classmethod making each route's handler: "
            "each row's name, and its is_async as its own chain sets it, so only the queued "
            "route's handler is the async one that returns the controller's dict",
        ),
        Invalid(
            """\
import json
from dataclasses import dataclass, fields
from typing import Callable

from tools.registry import registry


@dataclass(frozen=True)
class ToolSpec:
    name: str
    toolset: str
    schema: dict
    handler: Callable

    def as_kwargs(self):
        return {f.name: getattr(self, f.name) for f in fields(self)}

    class Builder:
        def __init__(self, name):
            self._name = name
            self._description = ""
            self._handler = None

        def description(self, text):
            self._description = text
            return self

        def handler(self, fn):
            self._handler = fn
            return self

        def build(self):
            schema = {
                "name": self._name,
                "description": self._description,
                "parameters": {"type": "object", "properties": {}},
            }
            return ToolSpec(name=self._name, toolset="fit", schema=schema, handler=self._handler)


def pace(args, **kw):
    return json.dumps({"pace": 5.0})


def one_rep_max(args, **kw):
    return {"estimate": 100}


def tool_specs():
    return [
        ToolSpec.Builder("pace").description("Running pace.").handler(pace).build(),
        ToolSpec.Builder("one_rep_max").description("A one-rep max.").handler(one_rep_max).build(),
    ]


for spec in tool_specs():
    registry.register(**spec.as_kwargs())
""",
            lines=(46,),
            fixed={
                "tools/example_tool.py": """\
import json
from dataclasses import dataclass, fields
from typing import Callable

from tools.registry import registry


@dataclass(frozen=True)
class ToolSpec:
    name: str
    toolset: str
    schema: dict
    handler: Callable

    def as_kwargs(self):
        return {f.name: getattr(self, f.name) for f in fields(self)}

    class Builder:
        def __init__(self, name):
            self._name = name
            self._description = ""
            self._handler = None

        def description(self, text):
            self._description = text
            return self

        def handler(self, fn):
            self._handler = fn
            return self

        def build(self):
            schema = {
                "name": self._name,
                "description": self._description,
                "parameters": {"type": "object", "properties": {}},
            }
            return ToolSpec(name=self._name, toolset="fit", schema=schema, handler=self._handler)


def pace(args, **kw):
    return json.dumps({"pace": 5.0})


def one_rep_max(args, **kw):
    return json.dumps({"estimate": 100})


def tool_specs():
    return [
        ToolSpec.Builder("pace").description("Running pace.").handler(pace).build(),
        ToolSpec.Builder("one_rep_max").description("A one-rep max.").handler(one_rep_max).build(),
    ]


for spec in tool_specs():
    registry.register(**spec.as_kwargs())
""",
            },
            note="tool specs made by a nested Builder's chain of setters in a list "
            "(ToolSpec.Builder(name).description(...).handler(fn).build()), registered with "
            "the record's fields as keywords ({f.name: getattr(self, f.name) for f in "
            "fields(self)}): each spec's own handler",
        ),
        Invalid(
            """\
import json

from tools.registry import registry


class Report:
    def __init__(self, lights_on, total):
        self.lights_on = lights_on
        self.total = total

    def __str__(self):
        parts = [f"{len(self.lights_on)} of {self.total} lights on"]
        if self.lights_on:
            parts.append("on: " + ", ".join(self.lights_on))
        return ". ".join(parts) + "."


class Snapshot:
    def __init__(self, lights_on):
        self.lights_on = lights_on

    def __str__(self):
        return json.dumps({"lights_on": self.lights_on})


LIGHTS = {"kitchen": True, "hall": False}


def home_status(args, **kw):
    on = [room for room, lit in LIGHTS.items() if lit]
    return str(Report(on, len(LIGHTS)))


def home_snapshot(args, **kw):
    return str(Snapshot([room for room, lit in LIGHTS.items() if lit]))


registry.register(name="home_status", toolset="home", schema={}, handler=home_status)
registry.register(name="home_snapshot", toolset="home", schema={}, handler=home_snapshot)
""",
            lines=(31,),
            fixed={},
            note="str() of the project's object whose __str__ writes prose (parts joined, a full "
            "stop after): not JSON; one whose __str__ is json.dumps(...) is",
        ),
        Invalid(
            """\
import json

from tools.registry import registry

NOTES = {"a": "first note"}
COMMANDS = {}


def find(key):
    if key not in NOTES:
        return None
    return {"key": key, "text": NOTES[key]}


def note_get(args, **kw):
    note = find(str(args.get("key", "")))
    if note is None:
        return None
    return json.dumps(note)


def dispatch(args, **kw):
    handler = COMMANDS.get(args.get("command"))
    if handler is None:
        return json.dumps({"error": "unknown command"})
    result = handler(args)
    if result is None:
        return None
    return json.dumps(result)


registry.register(name="note_get", toolset="notes", schema={}, handler=note_get)
registry.register(name="dispatch", toolset="notes", schema={}, handler=dispatch)
""",
            lines=(18,),
            fixed={},
            note="return None under 'if result is None' is reached only when the call gives None: "
            "reported where the call can (find returns None for a key it does not hold), not "
            "where no known call does (a handler looked up in an empty table)",
        ),
        Invalid(
            """\
import json
from dataclasses import dataclass

from tools.registry import registry


@dataclass
class AddNote:
    text: str


@dataclass
class ClearNotes:
    confirm: bool


NOTES = []


def add_note(cmd):
    NOTES.append(cmd.text)
    return json.dumps({"count": len(NOTES)})


def clear_notes(cmd):
    if not cmd.confirm:
        return {"cleared": False}
    NOTES.clear()
    return json.dumps({"cleared": True})


HANDLERS = {AddNote: add_note, ClearNotes: clear_notes}


def notes_add(args, **kw):
    cmd = AddNote(text=str(args.get("text", "")))
    return HANDLERS[type(cmd)](cmd)


def notes_clear(args, **kw):
    cmd = ClearNotes(confirm=bool(args.get("confirm")))
    return HANDLERS[type(cmd)](cmd)


registry.register(name="notes_add", toolset="notes", schema={}, handler=notes_add)
registry.register(name="notes_clear", toolset="notes", schema={}, handler=notes_clear)
""",
            lines=(42,),
            fixed={},
            note="a table keyed by classes looked up by the class of a record the handler made "
            "(HANDLERS[type(cmd)]): only that class's handler runs, so notes_add is not "
            "reported for what clear_notes returns",
        ),
        Invalid(
            """\
import json

from tools.registry import registry


class Outcome:
    def __init__(self):
        self.value = None

    def render(self):
        if isinstance(self.value, str):
            return self.value
        return json.dumps(self.value)


def shopping_list(args, **kw):
    outcome = Outcome()
    items = [str(i) for i in args.get("items") or []]
    outcome.value = "\\n".join(f"- [ ] {i}" for i in items)
    return outcome.render()


def pantry(args, **kw):
    outcome = Outcome()
    outcome.value = {"items": len(args.get("items") or [])}
    return outcome.render()


registry.register(name="shopping_list", toolset="kitchen", schema={}, handler=shopping_list)
registry.register(name="pantry", toolset="kitchen", schema={}, handler=pantry)
""",
            lines=(20,),
            fixed={},
            note="a method that returns what the object holds as it is when it is text (if "
            "isinstance(self.value, str): return self.value) is judged by what the caller "
            "stored there: the lines joined are reported, the dict (serialised) is not",
        ),
        Invalid(
            """\
import json
from tools.registry import registry

REGS = {"MODER": 1, "ODR": 2}


def dump(args, **kw):
    if args.get("raw"):
        return " ".join("%s=%08X" % (k, REGS[k]) for k in ("MODER", "ODR"))
    return json.dumps(REGS)


registry.register(name="dump", toolset="gpio", schema={}, handler=dump)
""",
            lines=(9,),
            fixed={},
            note="a generator's pieces joined with a space, each row's piece made with the row "
            "bound (k of a tuple of names): the text starts as 'MODER=...', no JSON text does",
        ),
        Invalid(
            """\
import json
from tools.registry import registry


class View:
    view_is_async = False

    def run(self, args):
        return {"ok": True}

    @classmethod
    def as_handler(cls):
        if cls.view_is_async:
            async def handler(args, **kw):
                return json.dumps(cls().run(args))
        else:
            def handler(args, **kw):
                return cls().run(args)
        return handler


class Ping(View):
    pass


for name, view in [("ping", Ping)]:
    registry.register(name=name, toolset="views", schema={}, handler=view.as_handler())
""",
            lines=(18,),
            fixed={},
            note="a class method called on a row's class (view.as_handler()): cls is that class, "
            "so 'if cls.view_is_async:' picks the sync def, which returns the dict",
        ),
        Invalid(
            """\
import json
from tools.registry import registry


class View:
    method = "get"

    def get(self):
        return {"items": []}

    def post(self):
        return json.dumps({"created": True})

    def dispatch(self):
        return getattr(self, self.method.lower())()


def handler(args, **kw):
    return View().dispatch()


registry.register(name="items", toolset="views", schema={}, handler=handler)
""",
            lines=(19,),
            fixed={},
            note="getattr(self, self.method.lower())(): a known text's lower() is known, so the "
            "method called is get, which returns a dict",
        ),
    )

    def check(self, ctx: LintContext) -> Iterator[Finding]:
        findings: list[Finding] = []
        for module in ctx.modules:
            findings.extend(cached_findings(ctx, module, self.code, self._compute(ctx, module)))
        # Whether other code calls a handler looks at the whole root, which the cached findings
        # do not depend on: decided here, on every run.
        yield from _unsafe_where_called(ctx, findings)

    def _compute(self, ctx: LintContext, module: ModuleInfo) -> Callable[[], Iterator[Finding]]:
        return lambda: self.module_findings(ctx, module)

    def module_findings(self, ctx: LintContext, module: ModuleInfo) -> Iterator[Finding]:
        for reg in registrations_of(module):
            handler = reg.handler
            if handler is None:
                continue
            tool = reg.label()
            for func in handler.code():
                text_only = False
                if (
                    wrapped(func.node, func.scope)
                    and not isinstance(func, Undecorated)
                    and not returns_through(func.node, func.scope)
                ):
                    if not passes_text_through(func.node, func.scope):
                        continue  # a decorator may turn what it returns into JSON
                    text_only = True  # (it serialises the rest, and hands text on as it is)
                node = func.node
                code = handler.code_for(func)
                if isinstance(node, ast.Lambda):
                    if handler.target is None:
                        yield from self._lambda_findings(ctx, func, code, tool)
                    continue  # else the function it forwards to is checked instead
                # (constants a lambda or partial binds rule out other tools' branches)
                returns = reachable_returns(code) if code.scope.env_key() else None
                yield from self._def_findings(
                    ctx,
                    func,
                    code,
                    tool,
                    returns,
                    text_only=text_only,
                    model_args=handler.args_parameter(func),
                )
        for served in served_tools_of(module):
            func = served.function
            if not wrapped(func.node, func.scope):
                code = Code(func, served.env())
                returns = reachable_returns(code)
                yield from self._def_findings(ctx, func, code, served.name, returns, True)

    def _lambda_findings(
        self, ctx: LintContext, func: Function, code: Code, tool: str
    ) -> Iterator[Finding]:
        node = func.node
        assert isinstance(node, ast.Lambda)
        ways = _ways(node.body, code)
        if ways:
            message = f"handler lambda {_through(ways)}"
            yield ctx.finding(
                self.code,
                message,
                func.module,
                node.body,
                tool,
                chains=_chains(code, node.body, ways),
            )
            return
        verdict = infer(node.body, code.scope, call_oracle())
        if verdict.kind == NOT_JSON:
            message = f"handler lambda returns {_what(verdict.reason)}"
            yield ctx.finding(self.code, message, func.module, node.body, tool)

    def _def_findings(
        self,
        ctx: LintContext,
        func: Function,
        code: Code,
        tool: str,
        returns: list[ast.Return] | None,
        served: bool = False,
        text_only: bool = False,
        model_args: str | None = None,
    ) -> Iterator[Finding]:
        """The findings of a def's ways out (`returns`: those to look at, all by default;
        `text_only`: only text that is not JSON, what its decorator hands on as it is)."""
        node = func.node
        assert not isinstance(node, ast.Lambda)
        for exit in exits(node, code.scope, call_oracle(), returns, model_args):
            if exit.falls_off and (served or text_only):
                continue  # (the end that only names of no served tool reach)
            verdict = exit.verdict
            value = exit.node.value if isinstance(exit.node, ast.Return) else None
            if value is not None and is_none(value) and verdict.kind == UNKNOWN:
                continue  # (`if result is None: return None` of a call not known to give None)
            if value is not None and not exit.falls_off and verdict.kind != JSON:
                ways = _ways(value, code) if not exit.narrowed and not text_only else []
                if ways:
                    message = f"`{func.name}` {_through(ways)}"
                    yield ctx.finding(
                        self.code,
                        message,
                        func.module,
                        exit.node,
                        tool,
                        chains=_chains(code, exit.node, ways),
                    )
                    continue
                found = value_non_json(value, code) if not exit.narrowed else None
                if found is not None and exit.not_none and none_reason(found.reason):
                    found = None  # (`if x is None: raise ...` before `return x`)
                if found is not None and verdict.kind != NOT_JSON:
                    verdict = Verdict(NOT_JSON, found.reason)
                if verdict.kind != NOT_JSON and not exit.narrowed and _the_model_s(func, value):
                    verdict = Verdict(NOT_JSON, "the model's own text (or text made from it)")
            if verdict.kind != NOT_JSON:
                continue
            if text_only:
                if _is_text_reason(verdict.reason):
                    message = (
                        f"`{func.name}` returns {_what(verdict.reason)}, which its decorator"
                        " hands on as it is; use json.dumps(...) or tool_error(...)"
                    )
                    yield ctx.finding(self.code, message, func.module, exit.node, tool)
                continue
            if exit.falls_off:
                message = (
                    f"`{func.name}` can end without a return (the handler returns None);"
                    " return tool_result(...) or tool_error(...)"
                )
            else:
                message = (
                    f"`{func.name}` returns {_what(verdict.reason)};"
                    " use json.dumps(...), tool_result(...) or tool_error(...)"
                )
            finding = ctx.finding(self.code, message, func.module, exit.node, tool)
            if not exit.falls_off and isinstance(exit.node, ast.Return):
                finding = finding.with_fix(_offered(_fix(func, exit.node), func.module.tree))
            yield finding


def _is_text_reason(reason: str) -> bool:
    """A verdict that the value is text (a string, lines joined, a file's text), not some
    other object a decorator would serialise."""
    return any(word in reason for word in ("string", "text", "lines"))


def _the_model_s(func: Function, value: ast.expr) -> bool:
    """The handler returns the text the model sent (or text made from it): for most of what
    the model can send (`hello`, an empty string) no JSON."""
    node = func.node
    if isinstance(node, ast.Lambda):
        return False
    params = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]
    if func.owner is not None and func.bound:
        params = params[1:]
    return bool(params) and model_text(Code(func), params[0], value)


# The first words of a returned string that make it an error message (HD101's tool_error fix).
_ERROR_WORDS = ("error", "failed", "failure", "fail:", "cannot", "could not", "unable to")


def _fix(func: Function, node: ast.Return) -> Fix | None:
    """How to fix a `return` in the handler's own body, when there is a sure way."""
    value = node.value
    span = (node.lineno, node.col_offset, node.end_lineno, node.end_col_offset)
    if isinstance(value, (ast.Dict, ast.List)) or (
        isinstance(value, ast.Name) and _bound_to_literals(func, value.id)
    ):
        # Other code calling the function would get a string instead of the dict.
        safe = not _called_elsewhere(func)
        return Fix(
            "wrap_in_json_dumps",
            func.module.path,
            span,
            safe,
            "Wrap the value in `json.dumps(...)`",
        )
    if _is_error_text(value):
        return Fix(
            "wrap_in_tool_error",
            func.module.path,
            span,
            False,
            "Return the message through `tool_error(...)`",
        )
    return None


def _bound_to_literals(func: Function, name: str) -> bool:
    """True when every binding of local `name` is a dict or list literal."""
    bindings = [b for b in Code(func).scope.index.get(name) if b.kind != "mutated"]
    return bool(bindings) and all(
        b.kind == "assign" and b.path == () and isinstance(b.value, (ast.Dict, ast.List))
        for b in bindings
    )


def _called_elsewhere(func: Function) -> bool:
    """True when the module names the function more often than its registrations do."""
    module = func.module
    if module.tree is None:
        return True
    registrations = sum(
        1
        for reg in registrations_of(module)
        if reg.handler is not None and func in reg.handler.code()
    )
    # Every Name node of it is also a whole word of the text, and so is its `def`: few words
    # settle it without walking the tree (the walk is most of a one-file `--fix`).
    # Counted once per module and name: each finding asks, and a handler with thousands of
    # returns searched the whole text thousands of times.
    word_counts = module.state.word_counts
    words = word_counts.get(func.name)
    if words is None:
        found = re.findall(rf"(?<!\w){re.escape(func.name)}(?!\w)", module.source)
        words = word_counts[func.name] = len(found)
    if words - 1 <= registrations:
        return False
    counts = module.state.name_counts
    if counts is None:  # once per module: a module with many handlers asked for each
        counts = module.state.name_counts = Counter(
            n.id for n in ast.walk(module.tree) if isinstance(n, ast.Name)
        )
    assert isinstance(counts, Counter)
    return counts[func.name] > registrations


def _unsafe_where_called(ctx: LintContext, findings: list[Finding]) -> list[Finding]:
    """The findings, with a safe `json.dumps` fix made unsafe where a `.py` file under the root
    other than the handler's own module names the handler (an import, a call, `mod.handler`):
    that caller would get a string instead of the dict."""
    from hermes_dev.lint.callers import named_by_others

    handlers: dict[int, tuple[str, Path]] = {}
    spans: dict[Path, list[tuple[int, int, str]]] = {}
    for i, f in enumerate(findings):
        fix = f.fix
        if fix is None or not fix.safe or fix.edit != "wrap_in_json_dumps":
            continue
        defs = spans.get(f.path)
        if defs is None:
            module = ctx.models.get(f.path)
            defs = spans[f.path] = _def_spans(module.tree if module is not None else None)
        name = _enclosing_def(defs, f.line)
        if name is not None:
            handlers[i] = (name, f.path)
    if not handlers:
        return findings
    wanted: dict[str, set[Path]] = {}
    for name, path in handlers.values():
        wanted.setdefault(name, set()).add(path)
    called = named_by_others(ctx.root, wanted)  # (each file under the root read once)
    out = list(findings)
    for i, key in handlers.items():
        if key in called:
            fix = findings[i].fix
            assert fix is not None
            unsafe = Fix(fix.edit, fix.path, fix.args, False, fix.title)
            out[i] = findings[i].with_fix(unsafe)
    return out


def _def_spans(tree: ast.Module | None) -> list[tuple[int, int, str]]:
    """(first line, last line, name) of every def of a module (walked once per module)."""
    return [
        (node.lineno, node.end_lineno or node.lineno, node.name)
        for node in (ast.walk(tree) if tree is not None else ())
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    ]


def _enclosing_def(defs: list[tuple[int, int, str]], line: int) -> str | None:
    """The name of the innermost def around `line` (the one that starts last)."""
    found: tuple[int, int, str] | None = None
    for first, last, name in defs:
        if first <= line <= last and (found is None or first >= found[0]):
            found = (first, last, name)
    return found[2] if found is not None else None


def _is_error_text(value: ast.expr | None) -> bool:
    """A string literal or f-string whose text starts like an error message."""
    if isinstance(value, ast.Constant) and isinstance(value.value, str):
        text = value.value
    elif isinstance(value, ast.JoinedStr) and value.values:
        first = value.values[0]
        if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
            return False
        text = first.value
    else:
        return False
    return text.strip().lower().startswith(_ERROR_WORDS)


def _what(reason: str) -> str:
    return reason if "JSON" in reason else f"{reason}, not a JSON string"


def _alternatives(value: ast.expr) -> list[ast.expr]:
    """The values a returned expression can be: each branch of `a if c else b`, else itself."""
    if isinstance(value, ast.IfExp):
        return _alternatives(value.body) + _alternatives(value.orelse)
    return [value]


def _ways(value: ast.expr, code: Code) -> list[tuple[ast.expr, NonJson]]:
    """Every way a returned value is surely not JSON through a call (a chain to the `return`
    that makes it), one per alternative of the value; empty when none is through a call."""
    ways = []
    narrowed = _narrowed(value)
    for alternative in _alternatives(value):
        found = value_non_json(alternative, code)
        if found is None or not found.chain:
            continue
        if id(alternative) in narrowed and not_text_reason(found.reason):
            continue  # (`x if isinstance(x, str) else ...`: not the dict `x` may hold)
        ways.append((alternative, found))
    return ways


def _narrowed(value: ast.expr) -> set[int]:
    """ids of the branches of a conditional a test has shown to be text (`narrowed_branch`)."""
    found: set[int] = set()
    while isinstance(value, ast.IfExp):
        branch = narrowed_branch(value)
        if branch is not None:
            found.add(id(branch))
        value = value.orelse
    return found


def _callee(value: ast.expr) -> str:
    """How the message names what is returned: `helper`, `obj.method`, shortened."""
    call = value.value if isinstance(value, ast.Await) else value
    while isinstance(call, ast.Call) and isinstance(call.func, ast.Lambda):
        call = call.func.body  # `(lambda _m=...: run(...))()` returns what run() returns
    text = ast.unparse(call.func) if isinstance(call, ast.Call) else ast.unparse(call)
    return text


def _short(text: str) -> str:
    return text[:37] + "..." if len(text) > 40 else text


def _through(ways: list[tuple[ast.expr, NonJson]]) -> str:
    """`returns `helper()`, which can return a dict (tools/x.py:12, via a -> b); use ...`: the
    first way in full, the others as a count (their chains are the finding's `chains`)."""
    callees = list(dict.fromkeys(_callee(value) for value, _ in ways))
    reasons = " or ".join(dict.fromkeys(found.reason for _, found in ways))
    named = " or ".join(f"`{_short(text)}()`" for text in callees)
    text, found = callees[0], ways[0][1]
    rel, line, _ = found.chain[-1]
    steps = [step[2] for step in found.chain]
    if steps and steps[0].split(".")[-1] == text.split(".")[-1]:
        steps = steps[1:]  # the callee itself
    via = f", via {' -> '.join(steps)}" if steps else ""
    others = len(ways) - 1
    more = f"; {others} more path{'s' if others != 1 else ''}" if others else ""
    return (
        f"returns {named}, which can return {_what(reasons)} ({rel}:{line}{via}{more});"
        " use json.dumps(...), tool_result(...) or tool_error(...)"
    )


def _chains(
    code: Code, node: ast.AST, ways: list[tuple[ast.expr, NonJson]]
) -> list[tuple[tuple[str, int, str], ...]]:
    here = (code.module.rel, getattr(node, "lineno", 1), code.label)
    return list(dict.fromkeys((here, *found.chain) for _, found in ways))


def _offered(fix: Fix | None, tree: ast.Module | None) -> Fix | None:
    """The fix when --fix would apply it (the fix package is imported only for a finding that
    has one: a one-file run with nothing to fix does not load it)."""
    if fix is None:
        return None
    from hermes_dev.lint.fix import offered

    return offered(fix, tree)
