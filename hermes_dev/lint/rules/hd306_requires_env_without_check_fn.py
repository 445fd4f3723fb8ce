"""## What it does
Reports a `registry.register(...)` / `ctx.register_tool(...)` call that passes a non-empty
`requires_env` but no `check_fn` (or `check_fn=None`).

## Why is this bad?
`requires_env` only documents the variables; Hermes decides whether to offer a tool by calling
its `check_fn`. Without one, the tool is offered even when its API key is missing, and every
call fails at run time instead of the tool being left out.

## Example
```python
registry.register(
    name="weather", toolset="weather", schema=WEATHER_SCHEMA, handler=...,
    requires_env=["WEATHER_API_KEY"],
)
```

## Use instead
```python
def check_weather_requirements() -> bool:
    return bool(os.getenv("WEATHER_API_KEY"))


registry.register(
    name="weather", toolset="weather", schema=WEATHER_SCHEMA, handler=...,
    check_fn=check_weather_requirements,
    requires_env=["WEATHER_API_KEY"],
)
```
"""

from __future__ import annotations

from hermes_dev.lint.rule import Finding, Invalid, Rule, Valid

TYPE_CHECKING = False  # typing is not imported at run time: a pre-commit run pays for it
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import ClassVar

    from hermes_dev.lint.context import LintContext

_HEAD = (
    "import os\n"
    "\n"
    "from tools.registry import registry\n"
    "\n"
    "\n"
    "def _handler(args, **kw):\n"
    "    return '{}'\n"
    "\n"
    "\n"
    "def _available():\n"
    '    return bool(os.getenv("WEATHER_API_KEY"))\n'
    "\n"
    "\n"
)


class RequiresEnvWithoutCheckFn(Rule):
    code = "HD306"
    name = "requires-env-without-check-fn"
    summary = "A registration has requires_env but no check_fn"

    VALID: ClassVar[tuple[Valid, ...]] = (
        Valid(
            _HEAD + 'registry.register(name="weather", toolset="weather", schema={},'
            " handler=_handler,\n"
            + '                  check_fn=_available, requires_env=["WEATHER_API_KEY"])\n'
        ),
        Valid(
            _HEAD + 'registry.register(name="weather", toolset="weather", schema={},'
            " handler=_handler,\n" + "                  requires_env=[])\n",
            note="an empty list requires nothing",
        ),
        Valid(
            {
                "plugins/ads/plugin.yaml": "name: ads\nprovides_tools: [cpm_revenue, sponsor_schedule]\n",
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
            note="trap: `requires_env=spec.get('requires_env', [])` of rows whose other keys a `**extra` gives: it may be the empty default",
        ),
    )
    INVALID: ClassVar[tuple[Invalid, ...]] = (
        Invalid(
            _HEAD + 'registry.register(name="weather", toolset="weather", schema={},'
            " handler=_handler,\n"
            + '                  check_fn=None, requires_env=["WEATHER_API_KEY"])\n',
            lines=(15,),
        ),
    )

    def check(self, ctx: LintContext) -> Iterator[Finding]:
        from hermes_dev.lint.project_index import project_index, span_finding

        index = project_index(ctx)
        for module in ctx.modules:
            for tool in index.module_summary(module).tools:
                if not tool.has_requires_env or tool.has_check_fn:
                    continue
                yield span_finding(
                    self.code,
                    f"{_tool_phrase(tool.name)} has requires_env but no check_fn: it is offered"
                    " even when the variables are missing",
                    module.path,
                    tool.env_span or tool.call_span,
                    tool.name,
                )


def _tool_phrase(name: str | None) -> str:
    return f"tool {name!r}" if name is not None else "a tool registered here"
