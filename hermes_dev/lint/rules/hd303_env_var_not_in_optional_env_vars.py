"""## What it does
For each `requires_env=[...]` of a registration, checks that every variable is a key of
`OPTIONAL_ENV_VARS` in the root's `hermes_cli/config.py` (read statically, including entries
added at module level). Newer Hermes keeps the literal in `hermes_cli/config_defaults.py` and
`config.py` imports it (`from hermes_cli.config_defaults import ..., OPTIONAL_ENV_VARS`): that
one import is followed. The table is parsed only when a linted module has `requires_env`, and
its summary is cached. Skipped when `OPTIONAL_ENV_VARS` cannot be read statically; when it is not
found at all, `--statistics` says so.

Plugin tools (`ctx.register_tool(...)`) are exempt: a plugin declares its variables in its
`plugin.yaml` (`requires_env`), which `hermes plugins install` asks for; it cannot add them to
`OPTIONAL_ENV_VARS`.

## Why is this bad?
`hermes setup` asks only for the variables `OPTIONAL_ENV_VARS` lists. A key the tool requires
but the wizard does not know is never asked for, so the tool stays unavailable and nobody is
told why.

## Example
```python
registry.register(name="weather", ..., check_fn=_has_key, requires_env=["WEATHER_API_KEY"])
# hermes_cli/config.py: OPTIONAL_ENV_VARS has no "WEATHER_API_KEY"
```

## Use instead
```python
OPTIONAL_ENV_VARS = {
    "WEATHER_API_KEY": {
        "description": "Weather API key",
        "prompt": "Weather API key",
        "url": None,
        "password": True,
        "category": "tool",
        "tools": ["weather"],
    },
}
```

## Fix safety
The fix adds the variable to the `OPTIONAL_ENV_VARS` literal with the entry `new-tool --env`
writes (description, prompt, `"url": None`, the tool, `"password": True`, `"category": "tool"`),
in the file's style. It is safe: setup asks for one more key; reword the description at will. A
variable of a registration whose tool name is not static has no fix.
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
    "registry.register(\n"
    '    name="weather", toolset="weather", schema={}, handler=_handler, check_fn=bool,\n'
    '    requires_env=["WEATHER_API_KEY",\n'
    '                  "WEATHER_REGION"],\n'
    ")\n"
)
_CONFIG = (
    "OPTIONAL_ENV_VARS = {\n"
    "    # ── Tools ──\n"
    '    "WEATHER_API_KEY": {\n'
    '        "description": "Weather API key",\n'
    '        "prompt": "Weather API key",\n'
    '        "url": None,\n'
    '        "password": True,\n'
    '        "category": "tool",\n'
    '        "tools": ["weather"],\n'
    "    },\n"
    "}\n"
)
# Newer Hermes: the literal lives in hermes_cli/config_defaults.py and config.py imports it.
_CONFIG_IMPORTING = (
    '"""Config management."""\n'
    "\n"
    "from hermes_cli.config_defaults import (  # noqa: E402,F401\n"
    "    DEFAULT_CONFIG,\n"
    "    OPTIONAL_ENV_VARS,\n"
    ")\n"
)


class EnvVarNotInOptionalEnvVars(Rule):
    code = "HD303"
    name = "env-var-not-in-optional-env-vars"
    summary = "A requires_env variable is not listed in OPTIONAL_ENV_VARS"
    scope = "project"
    fixable = "safe"

    VALID: ClassVar[tuple[Valid, ...]] = (
        Valid(
            {
                "tools/weather_tool.py": _TOOL,
                "hermes_cli/config.py": _CONFIG
                + '\nOPTIONAL_ENV_VARS["WEATHER_REGION"] = {"description": "Region",'
                ' "prompt": "Region", "category": "tool"}\n',
            },
            note="an entry added at module level counts",
        ),
        Valid(
            {"tools/weather_tool.py": _TOOL},
            note="no hermes_cli/config.py: skipped",
        ),
        Valid(
            {
                "plugins/spacey/plugin.yaml": (
                    "name: spacey\nversion: 0.1.0\nrequires_env:\n  - SPACEY_KEY\n"
                ),
                "plugins/spacey/__init__.py": (
                    "import os\n"
                    "\n"
                    "\n"
                    "def _available():\n"
                    '    return bool(os.getenv("SPACEY_KEY"))\n'
                    "\n"
                    "\n"
                    "def _where(args, **kw):\n"
                    "    return '{}'\n"
                    "\n"
                    "\n"
                    "TOOL_DEFINITIONS = (\n"
                    '    {"name": "spacey_where", "toolset": "spacey", "schema": {},'
                    ' "handler": _where},\n'
                    ")\n"
                    "\n"
                    "\n"
                    "def register(ctx):\n"
                    "    for definition in TOOL_DEFINITIONS:\n"
                    "        ctx.register_tool(**definition, check_fn=_available,"
                    ' requires_env=["SPACEY_KEY"])\n'
                    '    ctx.register_tool(name="spacey_go", toolset="spacey", schema={},'
                    " handler=_where,\n"
                    '                      check_fn=_available, requires_env=["SPACEY_KEY"])\n'
                ),
                "hermes_cli/config.py": _CONFIG,
            },
            note="a plugin declares its variables in plugin.yaml",
        ),
        Valid(
            {
                "tools/weather_tool.py": _TOOL,
                "hermes_cli/config_defaults.py": "DEFAULT_CONFIG = {}\n" + _CONFIG,
                "hermes_cli/config.py": _CONFIG_IMPORTING
                + '\nOPTIONAL_ENV_VARS["WEATHER_REGION"] = {"description": "Region",'
                ' "prompt": "Region", "category": "tool"}\n',
            },
            note="the table imported from hermes_cli/config_defaults.py, one entry added",
        ),
    )
    INVALID: ClassVar[tuple[Invalid, ...]] = (
        Invalid(
            {"tools/weather_tool.py": _TOOL, "hermes_cli/config.py": _CONFIG},
            findings=(("tools/weather_tool.py", 11),),
            fixed={
                "hermes_cli/config.py": (
                    "OPTIONAL_ENV_VARS = {\n"
                    "    # ── Tools ──\n"
                    '    "WEATHER_API_KEY": {\n'
                    '        "description": "Weather API key",\n'
                    '        "prompt": "Weather API key",\n'
                    '        "url": None,\n'
                    '        "password": True,\n'
                    '        "category": "tool",\n'
                    '        "tools": ["weather"],\n'
                    "    },\n"
                    '    "WEATHER_REGION": {\n'
                    '        "description": "Weather region for the weather tool",\n'
                    '        "prompt": "Weather region",\n'
                    '        "url": None,\n'
                    '        "tools": ["weather"],\n'
                    '        "password": True,\n'
                    '        "category": "tool",\n'
                    "    },\n"
                    "}\n"
                ),
            },
        ),
        Invalid(
            {
                "tools/weather_tool.py": _TOOL,
                "hermes_cli/config_defaults.py": "DEFAULT_CONFIG = {}\n" + _CONFIG,
                "hermes_cli/config.py": _CONFIG_IMPORTING,
            },
            findings=(("tools/weather_tool.py", 11),),
            note="the table imported from hermes_cli/config_defaults.py",
            fixed={
                "hermes_cli/config_defaults.py": (
                    "DEFAULT_CONFIG = {}\n"
                    "OPTIONAL_ENV_VARS = {\n"
                    "    # ── Tools ──\n"
                    '    "WEATHER_API_KEY": {\n'
                    '        "description": "Weather API key",\n'
                    '        "prompt": "Weather API key",\n'
                    '        "url": None,\n'
                    '        "password": True,\n'
                    '        "category": "tool",\n'
                    '        "tools": ["weather"],\n'
                    "    },\n"
                    '    "WEATHER_REGION": {\n'
                    '        "description": "Weather region for the weather tool",\n'
                    '        "prompt": "Weather region",\n'
                    '        "url": None,\n'
                    '        "tools": ["weather"],\n'
                    '        "password": True,\n'
                    '        "category": "tool",\n'
                    "    },\n"
                    "}\n"
                ),
            },
        ),
    )

    def check(self, ctx: LintContext) -> Iterator[Finding]:
        from hermes_dev.lint.project_index import project_index, span_finding

        index = project_index(ctx)
        wanted = [
            (module, tool)
            for module in ctx.modules
            for tool in index.module_summary(module).tools
            if tool.requires_env and tool.kind != "plugin"
        ]
        if not wanted:
            return  # do not parse hermes_cli/config.py for nothing
        config = index.config()
        if config is None:
            index.note_env_table_missing()  # said under --statistics, not silently skipped
            return
        index.note_env_skipped(config)
        if not config.complete:
            return
        table = index.env_table_path()
        where = ctx.models.relative(table or ctx.root)
        for module, tool in wanted:
            for var, span in tool.requires_env or ():
                if var in config.env_vars:
                    continue
                finding = span_finding(
                    self.code,
                    f"{var} is required by {_tool_phrase(tool.name)} but not listed in"
                    f" OPTIONAL_ENV_VARS ({where}): setup never asks for it",
                    module.path,
                    span,
                    tool.name,
                )
                if table is not None and tool.name is not None:
                    fix = Fix(
                        "add_env_var",
                        table,
                        (var, tool.name),
                        True,
                        f"Add {var} to OPTIONAL_ENV_VARS",
                    )
                    finding = finding.with_fix(fix)
                yield finding


def _tool_phrase(name: str | None) -> str:
    return f"tool {name!r}" if name is not None else "a tool registered here"
