"""## What it does
Reads `OPTIONAL_ENV_VARS` in the root's `hermes_cli/config.py` statically and reports, at the
string, every name in an entry's `"tools"` list (or the `tools=[...]` of an entry written as a
helper call, `_tool("...", "...", tools=[...])`) that no module under `tools/` or `plugins/`
registers (names in `known-tools` of `[tool.hermes-dev]` are allowed, and so are the tools a
memory provider or context engine serves through `get_tool_schemas()`, as HD302 reads them). Reported when the file
that holds the literal is among the files linted, or on a whole-root run. That file is
`hermes_cli/config.py`, or in newer Hermes the module it imports the table from
(`hermes_cli/config_defaults.py`). The names one entry lists on one line are one finding (its
fix takes them all out).

## Why is this bad?
The setup wizard shows which tools a key unlocks. A stale name there points people at a tool
that does not exist: usually a tool renamed or removed in one place only.

## Example
```python
"WEATHER_API_KEY": {
    "description": "Weather API key",
    "prompt": "Weather API key",
    "category": "tool",
    "tools": ["get_weather"],   # the tool is registered as "weather"
},
```

## Use instead
```python
    "tools": ["weather"],
```

## Fix safety
The fix removes the name from every entry's `"tools"`, with the edit `remove-tool` makes; every
entry stays, with what is left of its list (setup still asks for the variable). It is unsafe: the
name may be a tool registered at run time (then it belongs in `known-tools`), or a typo of the
name that should be there.
"""

from __future__ import annotations

from hermes_dev.lint.rule import Finding, Fix, Invalid, Rule, Valid

TYPE_CHECKING = False  # typing is not imported at run time: a pre-commit run pays for it
if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence
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


def _config(tools: str) -> str:
    return (
        "import os\n"
        "\n"
        "OPTIONAL_ENV_VARS = {\n"
        "    # ── Tools ──\n"
        '    "WEATHER_API_KEY": {\n'
        '        "description": ("Weather "\n'
        '                        "API key"),\n'
        '        "prompt": "Weather API key",\n'
        '        "url": None,\n'
        '        "password": True,\n'
        '        "category": "tool",\n'
        f'        "tools": {tools},\n'
        "    },\n"
        "}\n"
    )


_MEMORY_PROVIDER = """\
\"\"\"Notebook memory: a provider whose tools Hermes offers through get_tool_schemas().\"\"\"

import json

from agent.memory_provider import MemoryProvider

RECALL_SCHEMA = {
    "name": "notebook_recall",
    "description": "Recall notes.",
    "parameters": {
        "type": "object",
        "properties": {"query": {"type": "string", "description": "What to recall."}},
    },
}
SAVE_SCHEMA = {
    "name": "notebook_save",
    "description": "Save a note.",
    "parameters": {"type": "object", "properties": {}},
}
ALL_SCHEMAS = [RECALL_SCHEMA, SAVE_SCHEMA]


class NotebookMemory(MemoryProvider):
    name = "notebook"

    def get_tool_schemas(self):
        if self._context_only:
            return []
        return list(ALL_SCHEMAS)

    def handle_tool_call(self, tool_name, args, **kwargs):
        return json.dumps({"tool": tool_name})


def register(ctx):
    ctx.register_memory_provider(NotebookMemory())
"""


_HELPER_CONFIG = (
    "_OMIT = object()\n"
    "\n"
    "\n"
    "def _category(category, password, advanced):\n"
    "    def make(description, prompt, url=_OMIT, *, tools=_OMIT, password=password):\n"
    '        d = {"description": description, "prompt": prompt, "category": category}\n'
    '        d.update((k, v) for k, v in (("url", url), ("tools", tools)) if v is not _OMIT)\n'
    "        return d\n"
    "    return make\n"
    "\n"
    "\n"
    '_tool = _category("tool", password=True, advanced=False)\n'
    "\n"
    "OPTIONAL_ENV_VARS = {\n"
    '    "WEATHER_API_KEY": _tool("Weather API key", "Weather API key", None,\n'
    '        tools=["weather"]),\n'
    '    "FORECAST_API_KEY": _tool("Forecast key", "Forecast key", tools=["forecast"]),\n'
    "}\n"
)


class EnvVarNamesUnregisteredTool(Rule):
    code = "HD304"
    name = "env-var-names-unregistered-tool"
    summary = "An OPTIONAL_ENV_VARS entry names a tool that nothing registers"
    scope = "project"
    fixable = "unsafe"

    VALID: ClassVar[tuple[Valid, ...]] = (
        Valid({"tools/weather_tool.py": _TOOL, "hermes_cli/config.py": _config('["weather"]')}),
        Valid(
            {
                "tools/weather_tool.py": _TOOL,
                "plugins/memory/notebook/__init__.py": _MEMORY_PROVIDER,
                "hermes_cli/config.py": _config('["weather", "notebook_recall"]'),
            },
            note="a memory provider (plugins/memory/<name>/, no manifest needed) serves"
            " notebook_recall through get_tool_schemas()",
        ),
    )
    INVALID: ClassVar[tuple[Invalid, ...]] = (
        Invalid(
            {
                "tools/weather_tool.py": _TOOL,
                "hermes_cli/config.py": _config('["weather", "get_weather"]'),
            },
            findings=(("hermes_cli/config.py", 12),),
            fixed={
                "hermes_cli/config.py": (
                    "import os\n"
                    "\n"
                    "OPTIONAL_ENV_VARS = {\n"
                    "    # ── Tools ──\n"
                    '    "WEATHER_API_KEY": {\n'
                    '        "description": ("Weather "\n'
                    '                        "API key"),\n'
                    '        "prompt": "Weather API key",\n'
                    '        "url": None,\n'
                    '        "password": True,\n'
                    '        "category": "tool",\n'
                    '        "tools": ["weather"],\n'
                    "    },\n"
                    "}\n"
                ),
            },
        ),
        Invalid(
            {
                "tools/weather_tool.py": _TOOL,
                "hermes_cli/config.py": _config('["get_weather", "weather", "weather_map"]'),
            },
            findings=(("hermes_cli/config.py", 12),),
            note="two names on one line that nothing registers are one finding (one place), and"
            " its fix takes out both",
            fixed={
                "hermes_cli/config.py": _config('["weather"]'),
            },
        ),
        Invalid(
            {
                "tools/weather_tool.py": _TOOL,
                "hermes_cli/config_defaults.py": _config('["weather", "get_weather"]'),
                "hermes_cli/config.py": (
                    "import os\n"
                    "\n"
                    "from hermes_cli.config_defaults import DEFAULT_CONFIG, OPTIONAL_ENV_VARS"
                    "  # noqa: E402,F401\n"
                ),
            },
            findings=(("hermes_cli/config_defaults.py", 12),),
            note="newer Hermes: config.py imports the table; reported where the literal is",
            fixed={
                "hermes_cli/config_defaults.py": (
                    "import os\n"
                    "\n"
                    "OPTIONAL_ENV_VARS = {\n"
                    "    # ── Tools ──\n"
                    '    "WEATHER_API_KEY": {\n'
                    '        "description": ("Weather "\n'
                    '                        "API key"),\n'
                    '        "prompt": "Weather API key",\n'
                    '        "url": None,\n'
                    '        "password": True,\n'
                    '        "category": "tool",\n'
                    '        "tools": ["weather"],\n'
                    "    },\n"
                    "}\n"
                ),
            },
        ),
        Invalid(
            {
                "tools/weather_tool.py": _TOOL,
                "plugins/memory/notebook/__init__.py": _MEMORY_PROVIDER,
                "hermes_cli/config.py": _config('["weather", "query"]'),
            },
            findings=(("hermes_cli/config.py", 12),),
            note="a property name in a served schema is no tool name",
            fixed={
                "hermes_cli/config.py": _config('["weather"]'),
            },
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

        if ctx.project.config_path is None:
            return
        index = project_index(ctx)
        path = index.env_table_path()  # hermes_cli/config.py, or the module it imports it from
        if path is None:
            if reports_on(ctx, ctx.project.config_path):
                index.note_env_table_missing()
            return
        if not reports_on(ctx, path):
            return
        config = index.config()
        if config is None:
            return
        index.note_env_skipped(config)
        if not config.tool_refs:
            return
        registered, maybe = index.registered_names()
        allowed = registered | maybe | set(ctx.project.known_tools)
        # One finding per line: the unregistered names one entry lists on a line together.
        lines: dict[tuple[str, int], list[tuple[str, Sequence[int]]]] = {}
        for tool, var, span in config.tool_refs:
            if tool not in allowed:
                lines.setdefault((var, span[0]), []).append((tool, span))
        for (var, _), refs in lines.items():
            tools = tuple(dict.fromkeys(tool for tool, _ in refs))
            first, last = refs[0][1], refs[-1][1]
            named = names_text(tools)
            fix = Fix(
                "remove_from_env_vars", path, tools, False, f"Remove {named} from OPTIONAL_ENV_VARS"
            )
            which = f"tool {named}" if len(tools) == 1 else f"tools {named}"
            yield span_finding(
                self.code,
                f"OPTIONAL_ENV_VARS[{var!r}] names {which}, which nothing under tools/"
                " or plugins/ registers",
                path,
                Span(first[0], first[1], last[2], last[3]),
                tools[0],
            ).with_fix(fix)
