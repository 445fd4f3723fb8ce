"""## What it does
Reads the root's `toolsets.py` statically and reports a tool that a module under `tools/`
registers but that neither `_HERMES_CORE_TOOLS` nor any `TOOLSETS` entry's `"tools"` lists.
Names bound to lists (`"tools": _HERMES_CORE_TOOLS`, `_HA_TOOLS + [...]`), small helpers such as
`_ts(description, tools)` and list comprehensions over those lists are followed; an entry that
cannot be read statically counts every string it mentions as listed, so the rule stays quiet
rather than guess. Plugin tools (`ctx.register_tool`) are exempt: the plugin system makes their
toolsets at run time. Skipped when the root has no `toolsets.py`.

Newer `toolsets.py` files merge the registry: `get_toolset(name)` adds the tools registered into
`name` (`registry.get_tool_names_for_toolset`). A tool registered into a toolset that `TOOLSETS`
defines is then in it. When `toolsets.py` also resolves toolsets that exist only in the registry
(it reads `registry.get_registered_toolset_names()`, as `_get_plugin_toolset_names()` does),
every registered tool is in a toolset, its own, and the rule reports nothing.

## Why is this bad?
Hermes offers the model only the tools of the enabled toolsets. A tool in no toolset is
imported, registered, and never offered: it silently does not exist. The seed checklist's second
step (add the name to `toolsets.py`) is the one most often forgotten.

## Example
```python
# tools/weather_tool.py
registry.register(name="weather", toolset="weather", schema=WEATHER_SCHEMA, handler=...)

# toolsets.py
_HERMES_CORE_TOOLS = ["web_search", "terminal"]
```

## Use instead
```python
# toolsets.py
_HERMES_CORE_TOOLS = ["web_search", "terminal", "weather"]
```

## Fix safety
The fix adds the tool to the `TOOLSETS` entry it registers into (`toolset="weather"`), with the
edit `new-tool` makes (the file's quotes, indentation, trailing commas and comments stay). Where
that entry exists, it is safe: the tool is offered wherever its toolset is. Where it does not,
the fix adds a new entry of that name and nothing else, so it is unsafe (`--unsafe-fixes`): a
new toolset is offered on no platform until it has a row in the `hermes tools` picker
(`CONFIGURABLE_TOOLSETS` in `hermes_cli/tools_config.py`) or a platform's default toolset
includes it (`hermes-cli`'s `"includes"`), which the fix does not write (add them by hand, as
new-tool would); HD307 then reports the tool. An entry whose tools are not a
list literal (`"tools": _HERMES_CORE_TOOLS`) is left to edit by hand, and so is a tool whose
toolset is not a plain string.
"""

from __future__ import annotations

from hermes_dev.lint.rule import Finding, Fix, Invalid, Rule, Valid

TYPE_CHECKING = False  # typing is not imported at run time: a pre-commit run pays for it
if TYPE_CHECKING:
    from collections.abc import Iterator
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
    'registry.register(name="weather", toolset="weather", schema={}, handler=_handler)\n'
)


class ToolInNoToolset(Rule):
    code = "HD301"
    name = "tool-in-no-toolset"
    summary = "A registered tool is listed in no toolset"
    scope = "project"
    fixable = "safe or unsafe"

    VALID: ClassVar[tuple[Valid, ...]] = (
        Valid(
            {
                "tools/weather_tool.py": _TOOL,
                "toolsets.py": (
                    "_HERMES_CORE_TOOLS = [\n"
                    "    # Web\n"
                    '    "web_search",\n'
                    '    "weather",\n'
                    "]\n"
                    "TOOLSETS = {\n"
                    '    "cli": {"description": "All", "tools": _HERMES_CORE_TOOLS,'
                    ' "includes": []},\n'
                    "}\n"
                ),
            },
            note="listed in _HERMES_CORE_TOOLS",
        ),
        Valid(
            {
                "tools/weather_tool.py": _TOOL,
                "toolsets.py": (
                    "_EXTRA = ['weather']\n"
                    "_HERMES_CORE_TOOLS = []\n"
                    "\n"
                    "\n"
                    "def _ts(description, tools=(), includes=()):\n"
                    '    return {"description": description, "tools": list(tools),'
                    ' "includes": list(includes)}\n'
                    "\n"
                    "\n"
                    "TOOLSETS = {\n"
                    '    "web": _ts("Web tools", _HERMES_CORE_TOOLS + _EXTRA),\n'
                    "}\n"
                ),
            },
            note="a helper and a name bound to a list",
        ),
        Valid(
            {
                "plugins/weather/__init__.py": (
                    "def register(ctx):\n"
                    '    ctx.register_tool(name="weather", toolset="weather", schema={},'
                    " handler=print)\n"
                ),
                "toolsets.py": "_HERMES_CORE_TOOLS = []\nTOOLSETS = {}\n",
            },
            note="plugin tools get their toolsets at run time",
        ),
        Valid(
            {
                "tools/weather_tool.py": _TOOL,
                "toolsets.py": (
                    "from typing import Set\n"
                    "\n"
                    '_HERMES_CORE_TOOLS = ["web_search"]\n'
                    "TOOLSETS = {\n"
                    '    "web": {"description": "Web", "tools": ["web_search"], "includes": []},\n'
                    "}\n"
                    "\n"
                    "\n"
                    "def _registry():\n"
                    "    from tools.registry import registry\n"
                    "    return registry\n"
                    "\n"
                    "\n"
                    "def _registry_only_toolsets() -> Set[str]:\n"
                    "    names = _registry().get_registered_toolset_names()\n"
                    "    return {n for n in names if n not in TOOLSETS}\n"
                    "\n"
                    "\n"
                    "def get_toolset(name):\n"
                    "    if name in TOOLSETS:\n"
                    "        return TOOLSETS[name]\n"
                    "    if name in _registry_only_toolsets():\n"
                    "        tools = _registry().get_tool_names_for_toolset(name)\n"
                    '        return {"description": name, "tools": tools, "includes": []}\n'
                    "    return None\n"
                ),
            },
            note="toolsets.py resolves toolsets that exist only in the registry ('weather')",
        ),
        Valid(
            {
                "tools/ping_tool.py": """\
import json

from tools.registry import registry


def ping(args, **kw):
    return json.dumps({"pong": True})


registry.register(name="ping", toolset="t", schema={"name": "ping", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=ping)
""",
                "toolsets.py": """\
TOOLSETS = {
    "net": ["ping"],
}
""",
            },
            note="trap: a fork's own toolsets.py whose entries are lists of tool names",
        ),
        Valid(
            {
                "tools/codecs_tool.py": (
                    "from tools.registry import registry\n"
                    "\n"
                    '_CODECS = [{"name": "utf-8", "fn": str}, {"name": "latin-1", "fn": repr}]\n'
                    "\n"
                    "for opts in _CODECS:\n"
                    "    registry.register(**opts)\n"
                ),
                "toolsets.py": ('_HERMES_CORE_TOOLS = ["web_search"]\nTOOLSETS = {}\n'),
            },
            note="trap: `registry.register(**row)` whose rows give a name but no handler or schema is another registry's call, not a tool's",
        ),
    )
    INVALID: ClassVar[tuple[Invalid, ...]] = (
        Invalid(
            {
                "tools/weather_tool.py": _TOOL,
                "toolsets.py": (
                    '_HERMES_CORE_TOOLS = ["web_search"]\n'
                    "TOOLSETS = {\n"
                    '    "web": {\n'
                    '        "description": ("Web "\n'
                    '                        "tools"),\n'
                    '        "tools": ["web_search"],\n'
                    '        "includes": []\n'
                    "    },\n"
                    "}\n"
                ),
            },
            findings=(("tools/weather_tool.py", 8),),
            fixed={
                "toolsets.py": (
                    '_HERMES_CORE_TOOLS = ["web_search"]\n'
                    "TOOLSETS = {\n"
                    '    "web": {\n'
                    '        "description": ("Web "\n'
                    '                        "tools"),\n'
                    '        "tools": ["web_search"],\n'
                    '        "includes": []\n'
                    "    },\n"
                    '    "weather": {\n'
                    '        "description": "The weather tool",\n'
                    '        "tools": ["weather"],\n'
                    '        "includes": []\n'
                    "    },\n"
                    "}\n"
                ),
            },
        ),
        Invalid(
            {
                "tools/maps_tool.py": (
                    "from tools.registry import registry\n"
                    "\n"
                    "def _run(args, **kw):\n"
                    "    return '{}'\n"
                    "\n"
                    '_TOOLS = [("maps_route", "Route."), ("maps_geocode", "Geocode.")]\n'
                    "for _name, _description in _TOOLS:\n"
                    '    registry.register(name=_name, toolset="maps", handler=_run,\n'
                    '                      schema={"name": _name, "description": _description,\n'
                    '                              "parameters": {"type": "object", "properties": {}}})\n'
                ),
                "toolsets.py": '_HERMES_CORE_TOOLS = []\nTOOLSETS = {\n    "maps": {"description": "Maps", "tools": [], "includes": []},\n}\n',
            },
            # one call, two tools: each its own finding (and fix), so one --fix adds both
            findings=(("tools/maps_tool.py", 8), ("tools/maps_tool.py", 8)),
            note="every tool of a loop over a table, reported and fixed in one run",
            fixed={
                "toolsets.py": (
                    "_HERMES_CORE_TOOLS = []\n"
                    "TOOLSETS = {\n"
                    '    "maps": {"description": "Maps", "tools": ["maps_route", "maps_geocode"],'
                    ' "includes": []},\n'
                    "}\n"
                ),
            },
        ),
        Invalid(
            {
                "tools/homelab_tool.py": """\
import json

from tools.registry import registry


def uptime(args, **kw):
    return json.dumps({"sla": args.get("sla")})


BASE = {"toolset": "homelab", "check_fn": lambda: True, "is_async": False}

TOOLS = [
    {"name": "uptime_budget", "handler": uptime, "schema": {"name": "uptime_budget", "description": "Downtime budget.", "parameters": {"type": "object", "properties": {}}}},
]

for spec in TOOLS:
    registry.register(**(BASE | spec | {"description": spec["schema"]["description"]}))
""",
            },
            findings=(("tools/homelab_tool.py", 13),),
            fixed={
                "toolsets.py": """\
_HERMES_CORE_TOOLS = []

TOOLSETS = {"homelab": {"description": "The uptime_budget tool", "tools": ["uptime_budget"], "includes": []}}
""",
            },
            note="Rows registered with registry.register(**(BASE | spec | {...})): the merged "
            "dicts name the tool.",
        ),
        Invalid(
            {
                "tools/discounts_tool.py": """\
import json
import re

from tools.registry import registry


def snake_case(name):
    # showAll -> show_all
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


class DiscountController:
    def indexAction(self, args, **kw):
        return json.dumps({"codes": ["WELCOME10"]})

    def showAllAction(self, args, **kw):
        return json.dumps({"codes": ["WELCOME10"], "expired": []})


_controller = DiscountController()
for method in dir(_controller):
    if not method.endswith("Action"):
        continue
    tool = "discount_" + snake_case(method[: -len("Action")])
    registry.register(
        name=tool,
        toolset="discounts",
        schema={"name": tool, "description": "Discount codes.", "parameters": {"type": "object", "properties": {}}},
        handler=getattr(_controller, method),
    )
""",
                "toolsets.py": """\
_HERMES_CORE_TOOLS = []

TOOLSETS = {
    "discounts": {"description": "Discount codes", "tools": ["discount_index"], "includes": []},
}
""",
            },
            findings=(("tools/discounts_tool.py", 26),),
            fixed={
                "toolsets.py": """\
_HERMES_CORE_TOOLS = []

TOOLSETS = {
    "discounts": {"description": "Discount codes", "tools": ["discount_index", "discount_show_all"], "includes": []},
}
""",
            },
            note="tool names made from a controller's method names (dir() of the controller, each "
            "name ending in Action cut and turned to snake case by a helper's re.sub): each "
            "registered name is known, so the one no toolset lists is reported",
        ),
    )

    def check(self, ctx: LintContext) -> Iterator[Finding]:
        from hermes_dev.lint.project_index import project_index, span_finding

        if ctx.project.toolsets_path is None:
            return
        tools_dir = ctx.root / "tools"
        candidates = [
            (module, tool)
            for module in ctx.modules
            if module.path.is_relative_to(tools_dir)
            for tool in project_index(ctx).module_summary(module).tools
            if tool.kind == "registry" and tool.discovered and tool.name is not None
        ]
        if not candidates:
            return
        toolsets = project_index(ctx).toolsets()
        if toolsets is None or toolsets.registry_toolsets:
            return  # registry_toolsets: toolsets.py offers the toolsets only the registry knows
        for module, tool in candidates:
            if tool.name in toolsets.maybe_listed:
                continue
            if toolsets.merges_registry and tool.toolset in toolsets.toolset_names:
                continue  # newer toolsets.py adds tools registered into a toolset it defines
            finding = span_finding(
                self.code,
                f"tool {tool.name!r} is in no toolset: add it to _HERMES_CORE_TOOLS or a"
                " TOOLSETS entry in toolsets.py",
                module.path,
                tool.span,
                tool.name,
            )
            if tool.toolset is not None:
                # A new entry alone is offered nowhere (no picker row, no include): unsafe.
                known = tool.toolset in toolsets.toolset_names
                fix = Fix(
                    "add_to_toolset",
                    ctx.project.toolsets_path,
                    (tool.name, tool.toolset),
                    known,
                    f"Add {tool.name!r} to toolset {tool.toolset!r}"
                    if known
                    else f"Add a TOOLSETS entry {tool.toolset!r} for {tool.name!r} (offered on no"
                    " platform until the picker or a platform's default toolset has it)",
                )
                finding = finding.with_fix(fix)
            yield finding
