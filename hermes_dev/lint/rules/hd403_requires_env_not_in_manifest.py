"""## What it does
For each `ctx.register_tool(..., requires_env=[...])` in a plugin, checks that every variable is
listed under `requires_env` in the plugin's `plugin.yaml` (as a name, or as `{name: ...}`).
Variables are read statically (a list literal, or a module-level name holding one); a plugin
without a manifest is not checked.

HD303 (`OPTIONAL_ENV_VARS`) never applies to plugin tools, in a checkout or outside one: a
plugin declares its variables in its own manifest.

## Why is this bad?
`hermes plugins install` and the setup wizard ask for the variables the manifest lists, not for
those the code passes to `register_tool`. A variable the tool needs but the manifest leaves out
is never asked for, so the tool's `check_fn` keeps it hidden and nobody is told why.

## Example
```yaml
name: weather
provides_tools: [forecast]
```
```python
def register(ctx):
    ctx.register_tool(name="forecast", ..., check_fn=has_key, requires_env=["WEATHER_API_KEY"])
```

## Use instead
```yaml
name: weather
provides_tools: [forecast]
requires_env:
  - name: WEATHER_API_KEY
    description: API key of the weather service
```
"""

from __future__ import annotations

import ast

from hermes_dev.lint.rule import Finding, Invalid, Rule, Valid

TYPE_CHECKING = False  # typing is not imported at run time: a pre-commit run pays for it
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import ClassVar

    from hermes_dev.host.registrations import Registration
    from hermes_dev.lint.context import LintContext
    from hermes_dev.lint.plugin_index import PluginFolder
    from hermes_dev.pyast.semantic.modules import ModuleInfo

_INIT = (
    "def _go(args, **kw):\n"
    "    return '{}'\n"
    "\n"
    "\n"
    "def _ready():\n"
    "    return True\n"
    "\n"
    "\n"
    '_ENV = ["WEATHER_API_KEY", "WEATHER_REGION"]\n'
    "\n"
    "\n"
    "def register(ctx):\n"
    '    ctx.register_tool(name="forecast", toolset="weather", schema={}, handler=_go,\n'
    '                      check_fn=_ready, requires_env=["WEATHER_API_KEY"])\n'
    '    ctx.register_tool(name="alerts", toolset="weather", schema={}, handler=_go,\n'
    "                      check_fn=_ready, requires_env=_ENV)\n"
)


class RequiresEnvNotInManifest(Rule):
    code = "HD403"
    name = "requires-env-not-in-manifest"
    summary = "A plugin tool's requires_env variable is not in the manifest's requires_env"
    scope = "project"

    VALID: ClassVar[tuple[Valid, ...]] = (
        Valid(
            {
                "plugins/weather/plugin.yaml": (
                    "name: weather\n"
                    "requires_env:\n"
                    "  - WEATHER_API_KEY\n"
                    "  - name: WEATHER_REGION\n"
                    "    description: Region\n"
                ),
                "plugins/weather/__init__.py": _INIT,
                "hermes_cli/config.py": "OPTIONAL_ENV_VARS = {}\n",
            },
            note="names and mappings; OPTIONAL_ENV_VARS does not matter to plugins",
        ),
        Valid(
            {"plugins/weather/__init__.py": _INIT},
            note="no manifest: not checked",
        ),
    )
    INVALID: ClassVar[tuple[Invalid, ...]] = (
        Invalid(
            {
                "plugins/weather/plugin.yaml": "name: weather\nrequires_env: [WEATHER_API_KEY]\n",
                "plugins/weather/__init__.py": _INIT,
            },
            findings=(("plugins/weather/__init__.py", 16),),
            note="a variable from a module-level list, reported at the call's requires_env",
        ),
        Invalid(
            {
                "pyproject.toml": (
                    '[project]\nname = "hermes-plugin-weather"\nversion = "0.1.0"\n\n'
                    '[project.entry-points."hermes_agent.plugins"]\n'
                    'weather = "hermes_plugin_weather"\n'
                ),
                "hermes_plugin_weather/plugin.yaml": "name: weather\n",
                "hermes_plugin_weather/__init__.py": _INIT,
            },
            findings=(
                ("hermes_plugin_weather/__init__.py", 14),
                # both variables of the module-level list, each its own finding at the call's
                # requires_env (one used to hide the other: same place)
                ("hermes_plugin_weather/__init__.py", 16),
                ("hermes_plugin_weather/__init__.py", 16),
            ),
            note="a plugin package outside any checkout; no requires_env in the manifest",
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

        manifest = folder.manifest
        if manifest is not None and isinstance(manifest.data, dict):
            declared = manifest.requires_env or frozenset()
            for module in folder.modules:
                if not folder.reports(module.path):
                    continue
                for reg in registrations_of(module):
                    if reg.kind != "plugin":
                        continue
                    for var, node in _required(module, reg):
                        if var in declared:
                            continue
                        yield ctx.finding(
                            self.code,
                            f"{var} is required by {_tool_phrase(reg.name)} but not listed"
                            f" under requires_env in {manifest.path.name}: setup never asks"
                            " for it",
                            module,
                            node,
                            reg.name,
                        )


def _required(module: ModuleInfo, reg: Registration) -> list[tuple[str, ast.expr]]:
    """(variable, where to report it) for each static string of the row's requires_env: a
    literal element of the call where it is, one from a name or a row, at the argument."""
    from hermes_dev.pyast.analyze.evaluate import Evaluator
    from hermes_dev.pyast.analyze.values import NotStatic

    expr = reg.arg("requires_env")
    if expr is None or not reg.rows_known:
        return []
    try:
        values = Evaluator().evaluate(expr, reg.scope).value
    except NotStatic:
        return []
    if not isinstance(values, (list, tuple)):
        return []
    written = (
        expr.elts
        if isinstance(expr, (ast.List, ast.Tuple))
        and not any(isinstance(e, ast.Starred) for e in expr.elts)
        else None
    )
    found: list[tuple[str, ast.expr]] = []
    for i, value in enumerate(values):
        if isinstance(value, str):
            found.append((value, written[i] if written is not None else expr))
    return found


def _tool_phrase(name: str | None) -> str:
    return f"tool {name!r}" if name is not None else "a tool registered here"
