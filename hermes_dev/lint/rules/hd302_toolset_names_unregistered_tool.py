"""## What it does
Reads the root's `toolsets.py` statically and reports, at the string in `toolsets.py`, every
tool name that `_HERMES_CORE_TOOLS` or a `TOOLSETS` entry's `"tools"` lists but that no module
under `tools/` or `plugins/` registers. Names registered from a loop over a table count, and so
do the strings of a table that cannot be read statically, and the tools a memory provider or a
context engine (`plugins/memory/<name>/`, `plugins/context_engine/<name>/`) serves through its
`get_tool_schemas()`: the `"name"` of each schema its returns reach, and strings the method
builds aliases from. The names one line lists are one finding (its fix takes them all out).
Tools that only exist at run time
(MCP servers, for instance) can be allowed in `pyproject.toml`:

```toml
[tool.hermes-dev]
known-tools = ["mcp_github_search"]
```

Reported when `toolsets.py` is among the files linted, or on a whole-root run. Skipped when the
root has no `toolsets.py`.

## Why is this bad?
A toolset that names a missing tool is usually a tool renamed or removed in one place only.
The name stays in the toolset, silently resolves to nothing, and the tool the author meant to
offer is gone.

## Example
```python
# tools/weather_tool.py registers "weather"
_HERMES_CORE_TOOLS = ["web_search", "wether"]
```

## Use instead
```python
_HERMES_CORE_TOOLS = ["web_search", "weather"]
```

## Fix safety
The fix removes the name from `_HERMES_CORE_TOOLS` and every `TOOLSETS` entry, with the edit
`remove-tool` makes (an entry left empty stays). It is unsafe: the name may be a tool registered
at run time (then it belongs in `known-tools`), or a typo of the name that should be there.
A name in another module-level list (`_HERMES_WEBHOOK_SAFE_TOOLS`, ...) has no fix.
"""

from __future__ import annotations

from hermes_dev.host.registered_tools import matches_maybe
from hermes_dev.lint.rule import Finding, Fix, Invalid, Rule, Valid

TYPE_CHECKING = False  # typing is not imported at run time: a pre-commit run pays for it
if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence
    from pathlib import Path
    from typing import ClassVar

    from hermes_dev.lint.context import LintContext

_TOOL = (
    "from tools.registry import registry\n"
    "\n"
    "\n"
    "def _handler(args, **kw):\n"
    "    return '{}'\n"
    "\n"
    "\n"
    "_TABLE = [\n"
    '    ("weather", "Weather."),\n'
    '    ("forecast", "Forecast."),\n'
    "]\n"
    "for _name, _description in _TABLE:\n"
    "    registry.register(name=_name, toolset='weather', schema={}, handler=_handler)\n"
)


_CONTEXT_ENGINE = """\
import json

from agent.context_engine import ContextEngine

EXPAND_SCHEMA = {
    "name": "digest_expand",
    "description": "Expand a digest.",
    "parameters": {
        "type": "object",
        "properties": {"pattern": {"type": "string", "description": "What to expand."}},
    },
}


class DigestEngine(ContextEngine):
    name = "digest"

    def get_tool_schemas(self):
        schemas = []
        schemas.append(EXPAND_SCHEMA)
        alias = dict(EXPAND_SCHEMA, name="digest-grep")
        return schemas + [alias]

    def handle_tool_call(self, name, args, **kwargs):
        return json.dumps({"tool": name})
"""


class ToolsetNamesUnregisteredTool(Rule):
    code = "HD302"
    name = "toolset-names-unregistered-tool"
    summary = "A toolset names a tool that nothing registers"
    scope = "project"
    fixable = "unsafe"

    VALID: ClassVar[tuple[Valid, ...]] = (
        Valid(
            {
                "tools/__init__.py": "",
                "tools/controller.py": """\
import json
import re


def snake_case(name):
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


class Controller:
    def respond(self, data):
        return json.dumps({"data": data})
""",
                "tools/orders_tool.py": """\
from tools.controller import Controller, snake_case
from tools.registry import registry


class OrderController(Controller):
    def show(self, request, **kwargs):
        return self.respond({"id": request.get("order_id")})

    def updateStatus(self, request, **kwargs):
        return self.respond({"ok": True})


SCHEMAS = {
    "show": {"description": "Look up one order.", "parameters": {"type": "object", "properties": {}}},
    "updateStatus": {"description": "Move an order on.", "parameters": {"type": "object", "properties": {}}},
}

controller = OrderController()
for action, schema in SCHEMAS.items():
    name = "order_" + snake_case(action)
    registry.register(name=name, toolset="orders", schema={"name": name, "description": schema["description"], "parameters": schema["parameters"]}, handler=getattr(controller, action))
""",
                "toolsets.py": """\
TOOLSETS = {"orders": {"description": "Orders", "tools": ["order_show", "order_update_status"], "includes": []}}
""",
            },
            note="names a registration computes from a constant start ('order_' + snake_case(action)): "
            "any name with that start may be one of them",
        ),
        Valid(
            {
                "tools/weather_tool.py": _TOOL,
                "plugins/notes/__init__.py": (
                    "def register(ctx):\n"
                    '    ctx.register_tool(name="note_add", toolset="notes", schema={},'
                    " handler=print)\n"
                ),
                "toolsets.py": (
                    '_HERMES_CORE_TOOLS = ["weather", "forecast"]\n'
                    "TOOLSETS = {\n"
                    '    "notes": {"description": "Notes", "tools": ["note_add"],'
                    ' "includes": []},\n'
                    '    "cli": {"description": "All", "tools": _HERMES_CORE_TOOLS,'
                    ' "includes": ["notes"]},\n'
                    "}\n"
                ),
            },
            note="names from a registration loop's table and from a plugin",
        ),
        Valid(
            {
                "tools/weather_tool.py": _TOOL,
                "toolsets.py": '_HERMES_CORE_TOOLS = ["weather", "mcp_github_search"]\n',
                "pyproject.toml": '[tool.hermes-dev]\nknown-tools = ["mcp_github_search"]\n',
            },
            note="known-tools allows tools registered at run time",
        ),
        Valid(
            {
                "tools/weather_tool.py": _TOOL,
                "plugins/context_engine/digest/__init__.py": _CONTEXT_ENGINE,
                "toolsets.py": (
                    '_HERMES_CORE_TOOLS = ["weather"]\n'
                    "TOOLSETS = {\n"
                    '    "context": {"description": "Context", "tools": ["digest_expand",'
                    ' "digest-grep"], "includes": []},\n'
                    "}\n"
                ),
            },
            note="a context engine serves its tools through get_tool_schemas() (a schema"
            " appended in the method, an alias it names in code)",
        ),
        Valid(
            {
                "tools/kit_tool.py": """\
import importlib

from tools.registry import registry

_MODULES = ["disk", "clock"]


def _always():
    return True


for _name in _MODULES:
    _mod = importlib.import_module(f"tools.kit.{_name}")
    registry.register(
        name=_mod.NAME,
        toolset="kit",
        schema=_mod.SCHEMA,
        handler=getattr(_mod, "handle"),
        check_fn=getattr(_mod, "available", _always),
    )
""",
                "tools/kit/__init__.py": """\
""",
                "tools/kit/disk.py": """\
import json
import shutil

NAME = "kit_disk"
SCHEMA = {"name": NAME, "description": "Free space.", "parameters": {"type": "object", "properties": {"path": {"type": "string", "description": "A folder."}}}}


def handle(args, **kw):
    total, used, free = shutil.disk_usage(".")
    return json.dumps({"low": free < int(args.get("min_free", "0"))})
""",
                "tools/kit/clock.py": """\
import json
import time

NAME = "kit_clock"
SCHEMA = {"name": NAME, "description": "The time.", "parameters": {"type": "object", "properties": {}}}


def available():
    return True


def handle(args, **kw):
    return json.dumps({"now": time.time()})
""",
                "toolsets.py": """\
TOOLSETS = {"kit": {"description": "Kit.", "tools": ["kit_disk", "kit_clock"], "includes": []}}
""",
            },
            note="trap: the tools a loop over importlib-loaded modules registers (names read from each module) are registered",
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
                "toolsets.py": """\
TOOLSETS = {"t": {"description": "T.", "tools": ["echo", "count"], "includes": []}}
""",
            },
            note="trap: the tools __init_subclass__ registers, one per named subclass, are registered",
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
                "toolsets.py": """\
TOOLSETS = {"t": {"description": "T.", "tools": ["move", "peek"], "includes": []}}
""",
            },
            note="trap: a decorator that hands back a wrapper still adds one row per decorated def",
        ),
    )
    INVALID: ClassVar[tuple[Invalid, ...]] = (
        Invalid(
            {
                "tools/weather_tool.py": _TOOL,
                "toolsets.py": (
                    "_HERMES_CORE_TOOLS = [\n"
                    "    # Weather\n"
                    '    "weather", "wether",\n'
                    "]\n"
                    "TOOLSETS = {\n"
                    '    "weather": {\n'
                    '        "description": "Weather",\n'
                    '        "tools": ["forecast", "radar", "tornado"],\n'
                    '        "includes": []\n'
                    "    },\n"
                    '    "cli": {"description": "All", "tools": _HERMES_CORE_TOOLS,'
                    ' "includes": []},\n'
                    "}\n"
                ),
            },
            findings=(("toolsets.py", 3), ("toolsets.py", 8)),
            note="two names on one line that nothing registers (radar, tornado) are one finding,"
            " and its fix takes out both",
            fixed={
                "toolsets.py": (
                    "_HERMES_CORE_TOOLS = [\n"
                    "    # Weather\n"
                    '    "weather",\n'
                    "]\n"
                    "TOOLSETS = {\n"
                    '    "weather": {\n'
                    '        "description": "Weather",\n'
                    '        "tools": ["forecast"],\n'
                    '        "includes": []\n'
                    "    },\n"
                    '    "cli": {"description": "All", "tools": _HERMES_CORE_TOOLS, "includes": []},\n'
                    "}\n"
                ),
            },
        ),
        Invalid(
            {
                "tools/weather_tool.py": _TOOL,
                "toolsets.py": (
                    "def _ts(description, tools, includes=()):\n"
                    '    return {"description": description, "tools": list(tools),'
                    ' "includes": list(includes)}\n'
                    "\n"
                    "_HERMES_CORE_TOOLS = []\n"
                    "TOOLSETS = {\n"
                    '    "memory": _ts("Persistent memory", ["memory"]),\n'
                    '    "weather": _ts("Weather", ["weather"]),\n'
                    "}\n"
                ),
            },
            findings=(("toolsets.py", 6),),
            note="an entry keyed like the stale tool is a toolset people name: it stays, empty",
            fixed={
                "toolsets.py": (
                    "def _ts(description, tools, includes=()):\n"
                    '    return {"description": description, "tools": list(tools),'
                    ' "includes": list(includes)}\n'
                    "\n"
                    "_HERMES_CORE_TOOLS = []\n"
                    "TOOLSETS = {\n"
                    '    "memory": _ts("Persistent memory", []),\n'
                    '    "weather": _ts("Weather", ["weather"]),\n'
                    "}\n"
                ),
            },
        ),
        Invalid(
            {
                "tools/weather_tool.py": _TOOL,
                "plugins/context_engine/digest/__init__.py": _CONTEXT_ENGINE,
                "plugins/digest_tools/plugin.yaml": "name: digest_tools\n",
                "plugins/digest_tools/__init__.py": _CONTEXT_ENGINE.replace("digest_", "other_"),
                "toolsets.py": ('_HERMES_CORE_TOOLS = ["weather", "pattern", "other_expand"]\n'),
            },
            findings=(("toolsets.py", 1),),
            note="a property of a served schema is no tool name; a standalone plugin's"
            " get_tool_schemas() is not how Hermes offers tools (both names: one finding)",
            fixed={"toolsets.py": '_HERMES_CORE_TOOLS = ["weather"]\n'},
        ),
    )

    def check(self, ctx: LintContext) -> Iterator[Finding]:
        from hermes_dev.lint.project_index import (
            names_text,
            project_index,
            reports_on,
            span_finding,
        )
        from hermes_dev.pyast.semantic.locations import Span

        path = ctx.project.toolsets_path
        if path is None or not reports_on(ctx, path):
            return
        index = project_index(ctx)
        toolsets = index.toolsets()
        if toolsets is None or not toolsets.listed:
            return
        registered, maybe = index.registered_names()
        allowed = registered | maybe | set(ctx.project.known_tools)
        editable: list[tuple[int, int]] | None = None  # (parsed only for a finding)
        # One finding per line: the unregistered names a list holds on one line together.
        lines: dict[int, list[tuple[str, Sequence[int]]]] = {}
        for name, span in toolsets.listed:
            if name not in allowed and not matches_maybe(name, maybe):
                # (`"order_" + snake(action)` registers names that start "order_")
                lines.setdefault(span[0], []).append((name, span))
        for line, refs in lines.items():
            if editable is None:
                editable = _editable_lines(ctx, path)
            names = tuple(dict.fromkeys(name for name, _ in refs))
            shown = names_text(names)
            # The fix edits TOOLSETS and _HERMES_CORE_TOOLS only: a name in another list
            # (_HERMES_WEBHOOK_SAFE_TOOLS, ...) is reported without one.
            fix = (
                Fix("remove_from_toolsets", path, names, False, f"Remove {shown} from the toolsets")
                if any(first <= line <= last for first, last in editable)
                else None
            )
            first, last = refs[0][1], refs[-1][1]
            if len(names) == 1:
                what = f"toolset lists {shown} but nothing under tools/ or plugins/ registers it"
            else:
                what = f"toolset lists {shown} but nothing under tools/ or plugins/ registers them"
            yield span_finding(
                self.code,
                what + " (a tool registered at run time goes in known-tools)",
                path,
                Span(first[0], first[1], last[2], last[3]),
                names[0],
            ).with_fix(fix)


def _editable_lines(ctx: LintContext, path: Path) -> list[tuple[int, int]]:
    """The line ranges of the module-level assignments to TOOLSETS and _HERMES_CORE_TOOLS in
    force (the last of each), which the remove fix edits."""
    from hermes_dev.host.toolsets import CORE, TABLE, ToolsetsFile

    module = ctx.models.get(path)
    tree = module.tree if module is not None else None
    if tree is None:
        return []
    written = ToolsetsFile(tree)
    found = (written.assignment(name) for name in (TABLE, CORE))
    return [assignment.lines for assignment in found if assignment is not None]
