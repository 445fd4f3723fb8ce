"""## What it does
Compares a plugin's `provides_tools` in `plugin.yaml` with the tool names its code registers
(`ctx.register_tool(name="...")`, or `registry.register(...)`, in the plugin's modules; names
read statically, a loop over a literal table row by row), both ways: a declared tool that nothing registers is reported
at its line of the manifest, a registered tool the manifest does not declare at its
`register_tool` call. A plugin whose manifest has no `provides_tools` is not checked, and the
first direction is skipped when some name is computed at run time. A manifest inside a folder
that has its own (a package's old `plugin.yaml` under the root's) is not checked: Hermes never
reads it. Of the declared tools
nothing registers, the first 20 are reported one by one, then one finding counts the rest.

## Why is this bad?
Hermes reads `provides_tools` without importing the plugin: `hermes plugins list` and the web
dashboard show it, and a deferred platform plugin registers exactly those tools in sessions that
never load its adapter. A tool missing from the list is invisible there (or never registered); a
listed tool that does not exist is promised to the user and never delivered.

## Example
```yaml
name: weather
provides_tools:
  - forecast
  - radar        # nothing registers it
```
```python
def register(ctx):
    ctx.register_tool(name="forecast", ...)
    ctx.register_tool(name="alerts", ...)   # not in provides_tools
```

## Use instead
```yaml
name: weather
provides_tools:
  - forecast
  - alerts
```
"""

from __future__ import annotations

from hermes_dev.host.plugins import MAX_MANIFEST_PROBLEMS, shown
from hermes_dev.lint.rule import Finding, Invalid, Rule, Valid

TYPE_CHECKING = False  # typing is not imported at run time: a pre-commit run pays for it
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import ClassVar

    from hermes_dev.lint.context import LintContext
    from hermes_dev.lint.plugin_index import PluginFolder

_SCHEMA = '{"name": "x", "description": "X.", "parameters": {"type": "object", "properties": {}}}'
_TOOLS = f"def handle(args, **kw):\n    return '{{}}'\n\n\nSCHEMA = {_SCHEMA}\n"
_TWO = (
    "from .tools import SCHEMA, handle\n"
    "\n"
    "\n"
    "def register(ctx):\n"
    '    ctx.register_tool(name="forecast", toolset="weather", schema=SCHEMA, handler=handle)\n'
    '    ctx.register_tool(name="alerts", toolset="weather", schema=SCHEMA, handler=handle)\n'
)


class ProvidesToolsMismatch(Rule):
    code = "HD402"
    name = "provides-tools-mismatch"
    summary = "provides_tools in plugin.yaml differs from the tools register(ctx) registers"
    scope = "project"

    VALID: ClassVar[tuple[Valid, ...]] = (
        Valid(
            {
                "plugins/weather/plugin.yaml": (
                    "name: weather\nprovides_tools:\n  - alerts\n  - forecast\n"
                ),
                "plugins/weather/__init__.py": _TWO,
                "plugins/weather/tools.py": _TOOLS,
            },
            note="the same names, in any order",
        ),
        Valid(
            {
                "plugins/weather/plugin.yaml": "name: weather\nprovides_tools: [forecast, alerts]\n",
                "plugins/weather/__init__.py": (
                    "from .tools import SCHEMA, handle\n"
                    "\n"
                    '_TOOLS = (("forecast", SCHEMA), ("alerts", SCHEMA))\n'
                    "\n"
                    "\n"
                    "def register(ctx):\n"
                    "    for name, schema in _TOOLS:\n"
                    '        ctx.register_tool(name=name, toolset="weather", schema=schema,'
                    " handler=handle)\n"
                ),
                "plugins/weather/tools.py": _TOOLS,
            },
            note="names from a loop over a table, as bundled plugins write it",
        ),
        Valid(
            {
                "plugins/weather/plugin.yaml": "name: weather\n",
                "plugins/weather/__init__.py": _TWO,
                "plugins/weather/tools.py": _TOOLS,
            },
            note="no provides_tools: not checked",
        ),
        Valid(
            {
                "plugins/weather/plugin.yaml": "name: weather\nprovides_tools: [forecast, radar]\n",
                "plugins/weather/__init__.py": (
                    "from .tools import SCHEMA, handle\n"
                    "\n"
                    "\n"
                    "def register(ctx):\n"
                    "    for name in ctx.get_config('tools', []):\n"
                    '        ctx.register_tool(name=name, toolset="weather", schema=SCHEMA,'
                    " handler=handle)\n"
                    '    ctx.register_tool(name="forecast", toolset="weather", schema=SCHEMA,'
                    " handler=handle)\n"
                ),
                "plugins/weather/tools.py": _TOOLS,
            },
            note="a name computed at run time may be radar",
        ),
        Valid(
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
            note="provides_tools read against rows bound by a function-local import in `try:` with an empty `except ImportError:` fallback: both tools are registered",
        ),
        Valid(
            {
                "pyproject.toml": (
                    '[project]\nname = "hermes-plugin-weather"\nversion = "0.2.0"\n\n'
                    '[project.entry-points."hermes_agent.plugins"]\n'
                    'weather = "weather"\n'
                ),
                "plugin.yaml": "name: weather\nprovides_tools:\n  - forecast\n  - alerts\n",
                "__init__.py": "from .weather import register\n",
                "weather/plugin.yaml": "name: weather\nprovides_tools:\n  - forecast\n",
                "weather/__init__.py": _TWO,
                "weather/tools.py": _TOOLS,
            },
            note="an old manifest inside the package that the root's plugin.yaml encloses: Hermes reads only the root's (a directory install) or none (the entry point)",
        ),
    )
    INVALID: ClassVar[tuple[Invalid, ...]] = (
        Invalid(
            {
                "plugins/weather/plugin.yaml": (
                    "name: weather\nprovides_tools:\n  - forecast\n  - radar\n"
                ),
                "plugins/weather/__init__.py": _TWO,
                "plugins/weather/tools.py": _TOOLS,
            },
            findings=(
                ("plugins/weather/__init__.py", 6),
                ("plugins/weather/plugin.yaml", 4),
            ),
            note="both ways: alerts undeclared, radar unregistered",
        ),
        Invalid(
            {
                "pyproject.toml": (
                    '[project]\nname = "hermes-plugin-weather"\nversion = "0.1.0"\n\n'
                    '[project.entry-points."hermes_agent.plugins"]\n'
                    'weather = "hermes_plugin_weather"\n'
                ),
                "hermes_plugin_weather/plugin.yaml": "name: weather\nprovides_tools: []\n",
                "hermes_plugin_weather/__init__.py": _TWO,
                "hermes_plugin_weather/tools.py": _TOOLS,
            },
            findings=(
                ("hermes_plugin_weather/__init__.py", 5),
                ("hermes_plugin_weather/__init__.py", 6),
            ),
            note="a plugin package outside any checkout",
        ),
        Invalid(
            {
                "plugins/ads/plugin.yaml": "name: ads\nprovides_tools: [cpm_revenue]\n",
                "plugins/ads/__init__.py": (
                    "import json\n"
                    "\n"
                    "_TOOLS = []\n"
                    "\n"
                    "\n"
                    'def tool(name, schema, emoji="$", **extra):\n'
                    "    def deco(fn):\n"
                    "        _TOOLS.append(dict(name=name, schema=schema, handler=fn, emoji=emoji, **extra))\n"
                    "        return fn\n"
                    "    return deco\n"
                    "\n"
                    "\n"
                    '@tool("cpm_revenue", {"name": "cpm_revenue"}, requires_env=["ADS_KEY"])\n'
                    "def cpm_revenue(args, **kw):\n"
                    '    return json.dumps({"cpm": 1})\n'
                    "\n"
                    "\n"
                    '@tool("sponsor_schedule", {"name": "sponsor_schedule"})\n'
                    "def sponsor_schedule(args, **kw):\n"
                    '    return json.dumps({"slots": []})\n'
                    "\n"
                    "\n"
                    "def register(ctx):\n"
                    "    for spec in _TOOLS:\n"
                    "        ctx.register_tool(\n"
                    '            name=spec["name"], toolset="ads", schema=spec["schema"],\n'
                    '            handler=spec["handler"], requires_env=spec.get("requires_env", []),\n'
                    "        )\n"
                ),
            },
            findings=(("plugins/ads/__init__.py", 25),),
            note="rows a decorator factory builds with `dict(name=name, ..., **extra)`: the keys it writes out are the row's, whatever `extra` holds (a second `name` would be a TypeError): `sponsor_schedule` is registered and not declared",
        ),
        Invalid(
            {
                "plugins/desk/plugin.yaml": "name: desk\nprovides_tools: [labour_estimate]\n",
                "plugins/desk/__init__.py": (
                    "import json\n"
                    "\n"
                    "TOOLS = []\n"
                    "\n"
                    "\n"
                    "def tool(name, emoji, schema, **extra):\n"
                    "    def wrap(fn):\n"
                    '        TOOLS.append({"name": name, "emoji": emoji, "schema": {"name": name, **schema},\n'
                    '                      "handler": fn, **extra})\n'
                    "        return fn\n"
                    "    return wrap\n"
                    "\n"
                    "\n"
                    '@tool("labour_estimate", "T", {"description": "Estimate."})\n'
                    "def labour_estimate(args, **kw):\n"
                    '    return json.dumps({"hours": 1})\n'
                    "\n"
                    "\n"
                    '@tool("quote_send", "M", {"description": "Send."}, requires_env=["MAIL_KEY"])\n'
                    "def quote_send(args, **kw):\n"
                    '    return json.dumps({"sent": True})\n'
                    "\n"
                    "\n"
                    "def register(ctx):\n"
                    "    for t in TOOLS:\n"
                    '        ctx.register_tool(name=t["name"], toolset="desk", schema=t["schema"],\n'
                    '                          handler=t["handler"], requires_env=t.get("requires_env", []))\n'
                ),
            },
            findings=(("plugins/desk/__init__.py", 26),),
            note="rows a decorator factory builds as a dict display with `**extra` after its keys: `extra`, the factory's `**` parameter, cannot hold `name` (another of its parameters), so each row is named: `quote_send` is registered and not declared",
        ),
        Invalid(
            {
                "plugins/pt/__init__.py": """\
from . import papers
from .adapter import to_hermes


def register(ctx):
    for t in papers.TOOLS:
        ctx.register_tool(**to_hermes(t, "papers"))
""",
                "plugins/pt/adapter.py": """\
import json

from .base import BaseTool, StructuredTool


def _is_async(t):
    if isinstance(t, StructuredTool):
        return t.is_coroutine
    return type(t)._arun is not BaseTool._arun


def to_hermes(t, toolset):
    if _is_async(t):
        async def handler(args, **kwargs):
            return json.dumps(await t._arun(**args))
    else:
        def handler(args, **kwargs):
            return json.dumps(t.run(args))
    schema = {"name": t.name, "description": t.description, "parameters": {"type": "object", "properties": {}}}
    return {"name": t.name, "toolset": toolset, "schema": schema, "handler": handler}
""",
                "plugins/pt/base.py": """\
import inspect


class BaseTool:
    name = ""
    description = ""

    def run(self, args):
        return self._run(**args)

    def _run(self, **kwargs):
        raise NotImplementedError

    async def _arun(self, **kwargs):
        return self._run(**kwargs)


class StructuredTool(BaseTool):
    def __init__(self, func, name, description):
        self.func = func
        self.name = name
        self.description = description

    @property
    def is_coroutine(self):
        return inspect.iscoroutinefunction(self.func)

    def _run(self, **kwargs):
        return self.func(**kwargs)


def tool(*args, emoji=None):
    def make(func, name=None):
        return StructuredTool(func, name or func.__name__, (func.__doc__ or "").strip())

    if len(args) == 1 and callable(args[0]):
        return make(args[0])
    if len(args) == 1 and isinstance(args[0], str):
        return lambda func: make(func, args[0])
    return lambda func: make(func)
""",
                "plugins/pt/papers.py": """\
from .base import BaseTool, tool

STYLES = {"apa": "{a} ({y})", "mla": "{a}. {y}."}


@tool
def doi_url(doi):
    "The https address of a DOI."
    return {"url": "https://doi.org/" + doi.strip()}


@tool(emoji="x")
def cite_style(style="apa"):
    "The template of a citation style."
    return {"template": STYLES[style]}


class WordCount(BaseTool):
    name = "word_count"
    description = "Words in a text."

    def _run(self, text=""):
        return {"words": len(str(text).split())}


TOOLS = [doi_url, cite_style, WordCount()]
""",
                "plugins/pt/plugin.yaml": """\
name: pt
version: "1"
description: d
provides_tools: [doi_url, word_count]
""",
            },
            findings=(("plugins/pt/__init__.py", 7),),
            note="LangChain-style tools: a class tool and functions a @tool decorator turns into "
            "StructuredTool objects (bare @tool called with the def in *args, "
            "@tool(emoji=...) giving a decorator), each adapted by to_hermes, whose async or "
            "sync handler is the one its test picks for that object: every tool's name is "
            "read, and cite_style is not listed.",
        ),
        Invalid(
            {
                "plugins/led/__init__.py": """\
from . import bills, budgets
from .routing import App


def create_app():
    app = App()
    app.include_router(budgets.router)
    app.include_router(bills.router)
    return app


app = create_app()


def register(ctx):
    app.mount(ctx)
""",
                "plugins/led/bills.py": """\
from .routing import Router

router = Router(prefix="bill_")


@router.tool("due", "Bills due.")
async def due(days=7):
    return {"days": int(days)}
""",
                "plugins/led/budgets.py": """\
from .routing import Router

router = Router(prefix="budget_")


@router.tool("add", "Add a budget.")
def add(name="", limit=0):
    return {"name": name, "limit": float(limit)}
""",
                "plugins/led/plugin.yaml": """\
name: led
version: "1"
description: d
provides_tools: [budget_add]
""",
                "plugins/led/routing.py": """\
import inspect
import json
from dataclasses import dataclass


@dataclass
class Route:
    name: str
    endpoint: object
    description: str

    def __post_init__(self):
        self.is_async = inspect.iscoroutinefunction(self.endpoint)

    def make_handler(self):
        route = self
        if route.is_async:
            async def handler(args, **kw):
                return json.dumps(await route.endpoint(**args))
        else:
            def handler(args, **kw):
                return json.dumps(route.endpoint(**args))
        return handler


class Router:
    def __init__(self, prefix=""):
        self.prefix = prefix
        self.routes = []

    def tool(self, name, description=""):
        def decorator(func):
            self.routes.append(Route(name=f"{self.prefix}{name}", endpoint=func, description=description))
            return func
        return decorator


def _copy(route, prefix):
    return dict(name=f"{prefix}{route.name}", endpoint=route.endpoint, description=route.description)


class App:
    def __init__(self):
        self.routes = []

    def include_router(self, router, prefix=""):
        for route in router.routes:
            self.routes.append(Route(**_copy(route, prefix)))

    def mount(self, ctx):
        for route in self.routes:
            ctx.register_tool(
                name=route.name,
                toolset="ledger",
                schema={"name": route.name, "description": route.description, "parameters": {"type": "object", "properties": {}}},
                handler=route.make_handler(),
                is_async=route.is_async,
            )
""",
            },
            findings=(("plugins/led/routing.py", 52),),
            note="FastAPI-style routers: @router.tool(...) (a method of the router instance, "
            "self.prefix read) appends a dataclass route, the app copies each router's own "
            "routes with Route(**_copy(route, prefix)), __post_init__ sets is_async, and "
            "mount(ctx) registers each with the handler its make_handler picks: bill_due is "
            "registered and not listed.",
        ),
        Invalid(
            {
                "plugins/lab/__init__.py": """\
import operator
from functools import reduce

from . import dns, ports

DEFAULTS = {"toolset": "lab", "check_fn": lambda: True, "is_async": False}


def schema(spec):
    return {"name": spec["name"], "description": spec["description"], "parameters": {"type": "object", "properties": spec["props"]}}


def registration(spec):
    keep = ("name", "handler", "description", "emoji")
    return DEFAULTS | {k: spec[k] for k in keep if k in spec} | {"schema": schema(spec)}


ALL_TOOLS = reduce(operator.add, [dns.TOOLS, ports.TOOLS])


def register(ctx):
    for spec in ALL_TOOLS:
        ctx.register_tool(**registration(spec))
""",
                "plugins/lab/dns.py": """\
import json


def check(args, **kw):
    return json.dumps({"ok": True})


TOOLS = [{"name": "dns_check", "handler": check, "props": {}, "description": "Check a record."}]
""",
                "plugins/lab/plugin.yaml": """\
name: lab
version: 0.1.0
description: Home lab helpers.
provides_tools:
  - dns_check
""",
                "plugins/lab/ports.py": """\
import json


def plan(args, **kw):
    return json.dumps({"port": 8000})


TOOLS = [{"name": "port_plan", "handler": plan, "props": {}, "description": "Plan a port.", "emoji": "🔌"}]
""",
            },
            findings=(("plugins/lab/__init__.py", 23),),
            note="A plugin that joins its modules' tables with reduce(operator.add, [...]) and "
            "registers each row through a helper that merges defaults, the row's own keys (a "
            "dict comprehension that keeps the keys the row has) and a schema (DEFAULTS | "
            "{...} | {...}): port_plan is registered and not listed.",
        ),
        Invalid(
            {
                "plugins/fin/__init__.py": """\
from .core import ToolRegistry
from .tools import ConvertTool, LoanTool

TOOL_CLASSES = (ConvertTool, LoanTool)


def build_registry():
    registry = ToolRegistry()
    for tool_class in TOOL_CLASSES:
        registry.add(tool_class())
    return registry


def register(ctx):
    for tool in build_registry().get_all():
        ctx.register_tool(
            name=tool.get_name(),
            toolset="finance",
            schema=tool.get_schema(),
            handler=tool.handle,
        )
""",
                "plugins/fin/core.py": """\
import json


class Tool:
    NAME = ""

    def get_name(self):
        return self.NAME

    def get_schema(self):
        return {"name": self.NAME, "description": "A tool.", "parameters": {"type": "object", "properties": {}}}

    def handle(self, args, **kwargs):
        return json.dumps({"tool": self.NAME})


class ToolRegistry:
    def __init__(self):
        self._tools = {}

    def add(self, tool):
        self._tools[tool.get_name()] = tool

    def get_all(self):
        return list(self._tools.values())
""",
                "plugins/fin/plugin.yaml": """\
name: fin
version: 0.1.0
description: Finance tools.
provides_tools:
  - fx_convert
""",
                "plugins/fin/tools.py": """\
from .core import Tool


class ConvertTool(Tool):
    NAME = "fx_convert"


class LoanTool(Tool):
    NAME = "loan_payment"
""",
            },
            findings=(("plugins/fin/__init__.py", 16),),
            note="Tool instances a registry collects (registry.add(cls()) in a loop over the "
            "classes, self._tools[name] = tool) and hands back with get_all(): one "
            "registration per class, named by its NAME: loan_payment is registered and not "
            "listed.",
        ),
        Invalid(
            {
                "plugins/trip/__init__.py": """\
import json

from . import clock  # noqa: F401
from .tooling import REGISTRY


def _make_handler(tool):
    def handler(args, **kwargs):
        try:
            return json.dumps(tool.fn(**args))
        except TypeError as exc:
            return json.dumps({"error": str(exc)})

    return handler


def register(ctx):
    for tool in REGISTRY.values():
        ctx.register_tool(
            name=tool.name,
            toolset="trip",
            schema={"name": tool.name, "description": "A travel tool.", "parameters": {"type": "object", "properties": {}}},
            handler=_make_handler(tool),
            emoji=tool.emoji,
        )
""",
                "plugins/trip/clock.py": """\
from .tooling import function_tool


@function_tool(emoji="🕒")
def convert_time(time: str, to_tz: str) -> dict:
    return {"time": time, "tz": to_tz}


@function_tool(name="days_until", emoji="📅")
def countdown(date: str) -> dict:
    return {"date": date}
""",
                "plugins/trip/plugin.yaml": """\
name: trip
version: 0.1.0
description: Travel helpers.
provides_tools:
  - convert_time
""",
                "plugins/trip/tooling.py": """\
import inspect
from dataclasses import dataclass

REGISTRY = {}


@dataclass
class FunctionTool:
    name: str
    fn: object
    emoji: str


def function_tool(fn=None, *, name=None, emoji=""):
    def wrap(f):
        tool_name = name or f.__name__
        REGISTRY[tool_name] = FunctionTool(name=tool_name, fn=f, emoji=emoji)
        return f

    return wrap(fn) if fn is not None else wrap
""",
            },
            findings=(("plugins/trip/__init__.py", 19),),
            note="A decorator usable bare or with options (def function_tool(fn=None, *, "
            "name=None, emoji=''): ... return wrap(fn) if fn is not None else wrap), used as "
            "@function_tool(...): wrap is the decorator, each def it decorates a row of "
            "REGISTRY under its name: days_until is registered and not listed.",
        ),
    )

    def check(self, ctx: LintContext) -> Iterator[Finding]:
        from hermes_dev.lint.plugin_index import cached, plugin_folders

        for folder in plugin_folders(ctx):
            if folder.manifest_path is not None:
                yield from cached(ctx, self.code, folder, self._compute(ctx, folder))

    def _compute(self, ctx: LintContext, folder: PluginFolder) -> Callable[[], Iterator[Finding]]:
        return lambda: self._folder(ctx, folder)

    def _folder(self, ctx: LintContext, folder: PluginFolder) -> Iterator[Finding]:
        from hermes_dev.host.registrations import registrations_of
        from hermes_dev.lint.plugin_index import manifest_finding

        manifest = folder.manifest
        declared = manifest.provides_tools if manifest is not None else None
        if manifest is not None and declared is not None:
            # ctx.register_tool(...) calls, and registry.register(...) ones a plugin may make.
            registrations = [reg for module in folder.modules for reg in registrations_of(module)]
            names = {reg.name for reg in registrations}
            computed = None in names
            seen: set[str] = set()
            for reg in registrations:
                name = reg.name
                if name is None or name in declared or name in seen:
                    continue
                seen.add(name)
                if folder.reports(reg.module.path):
                    yield ctx.finding(
                        self.code,
                        f"tool {shown(name)} is registered but not listed in provides_tools of"
                        f" {manifest.path.name}",
                        reg.module,
                        reg.call,
                        name,
                    )
            if computed:
                return
            missing = [i for i, name in enumerate(declared) if name not in names]
            for index in missing[:MAX_MANIFEST_PROBLEMS]:
                name = declared[index]
                line, column = manifest.position(("provides_tools", index))
                yield manifest_finding(
                    self.code,
                    f"provides_tools lists {shown(name)} but register(ctx) registers no such tool",
                    folder,
                    line,
                    column,
                    name,
                )
            if len(missing) > MAX_MANIFEST_PROBLEMS:
                # (a list of thousands is one mistake: its first names, then a count)
                index = missing[MAX_MANIFEST_PROBLEMS]
                more = len(missing) - MAX_MANIFEST_PROBLEMS
                line, column = manifest.position(("provides_tools", index))
                yield manifest_finding(
                    self.code,
                    f"provides_tools lists {more:,} more names that register(ctx) does not register",
                    folder,
                    line,
                    column,
                    None,
                )
