"""## What it does
Checks every plugin's `plugin.yaml` (or `plugin.yml`): it must be YAML (read with PyYAML), a
mapping, and valid against the manifest schema that hermes-dev ships
(`hermes_dev/host/plugin_manifest.schema.json`, checked with jsonschema): a non-empty string
`name`; `kind` one of `standalone`, `backend`, `exclusive`, `platform`, `model-provider`;
`provides_tools` and `provides_hooks` lists of names; `requires_env` a list of variable names or
`{name: ..., description: ...}` mappings; `version` a string or number; `author` a string or a
`{name, email, url}` mapping. Keys the schema does not know are allowed (Hermes ignores them).

Plugins are those under a checkout's `plugins/` (and one category level deeper), or, in a plugin
package without a checkout, the package the `hermes_agent.plugins` entry point of its
`pyproject.toml` names (or the folder holding the `plugin.yaml`).

## Why is this bad?
Hermes' loader does not stop on a bad manifest: it logs a warning nobody reads and goes on. A
YAML error drops the plugin from `hermes plugins list`; an unknown `kind` silently becomes
`standalone`; a `requires_env` that is not a list is never asked for by `hermes plugins
install`; a missing `name` makes the folder name the plugin's name.

## Example
```yaml
name: weather
kind: tool            # not a kind Hermes knows
provides_tools: forecast
```

## Use instead
```yaml
name: weather
version: 0.1.0
kind: standalone
provides_tools:
  - forecast
requires_env:
  - WEATHER_API_KEY
```
"""

from __future__ import annotations

from hermes_dev.lint.rule import Finding, Invalid, Rule, Valid

TYPE_CHECKING = False  # typing is not imported at run time: a pre-commit run pays for it
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import ClassVar

    from hermes_dev.lint.context import LintContext
    from hermes_dev.lint.plugin_index import PluginFolder

_INIT = (
    "def _go(args, **kw):\n"
    "    return '{}'\n"
    "\n"
    "\n"
    "def register(ctx):\n"
    '    ctx.register_tool(name="go", toolset="demo", schema={"name": "go", "description": "Go.",'
    ' "parameters": {"type": "object", "properties": {}}}, handler=_go)\n'
)
_PYPROJECT = (
    '[project]\nname = "hermes-plugin-demo"\nversion = "0.1.0"\n\n'
    '[project.entry-points."hermes_agent.plugins"]\ndemo = "hermes_plugin_demo"\n'
)


class InvalidPluginManifest(Rule):
    code = "HD401"
    name = "invalid-plugin-manifest"
    summary = "A plugin.yaml is not a valid plugin manifest"
    scope = "project"

    VALID: ClassVar[tuple[Valid, ...]] = (
        Valid(
            {
                "plugins/demo/plugin.yaml": (
                    "# a comment\n"
                    "name: demo\n"
                    "version: 1.0\n"
                    "author: {name: Ada, email: ada@example.org}\n"
                    "kind: backend\n"
                    "provides_tools: [go]\n"
                    "requires_env:\n"
                    "  - DEMO_KEY\n"
                    "  - name: DEMO_REGION\n"
                    "    description: Region\n"
                    "manifest_version: 2\n"
                    "some_future_key: {any: thing}\n"
                ),
                "plugins/demo/__init__.py": _INIT,
            },
            note="every documented shape, and an unknown key",
        ),
        Valid(
            {
                "plugins/image_gen/openai/plugin.yaml": "name: openai\nkind: backend\n",
                "plugins/image_gen/openai/__init__.py": _INIT,
                "plugins/notes.yaml": "just: [a file\n",
            },
            note="a category folder; a YAML file that is no manifest is not read",
        ),
    )
    INVALID: ClassVar[tuple[Invalid, ...]] = (
        Invalid(
            {
                "plugins/demo/plugin.yaml": (
                    "name: demo\n"
                    "kind: tool\n"
                    "provides_tools: go\n"
                    "requires_env:\n"
                    "  - DEMO_KEY\n"
                    "  - {description: no name}\n"
                ),
                "plugins/demo/__init__.py": _INIT,
            },
            findings=(
                ("plugins/demo/plugin.yaml", 2),
                ("plugins/demo/plugin.yaml", 3),
                ("plugins/demo/plugin.yaml", 6),
            ),
            note="unknown kind, a string for a list, an env entry without a name",
        ),
        Invalid(
            {
                "plugins/demo/plugin.yaml": "version: 0.1.0\ndescription: no name\n",
                "plugins/demo/__init__.py": _INIT,
            },
            findings=(("plugins/demo/plugin.yaml", 1),),
            note="missing name",
        ),
        Invalid(
            {
                "plugins/demo/plugin.yaml": "name: demo\nprovides_tools: [go\n",
                "plugins/demo/__init__.py": _INIT,
            },
            findings=(("plugins/demo/plugin.yaml", 3),),
            note="malformed YAML: a finding, not a traceback",
        ),
        Invalid(
            {
                "pyproject.toml": _PYPROJECT,
                "hermes_plugin_demo/plugin.yaml": "- name: demo\n",
                "hermes_plugin_demo/__init__.py": _INIT,
            },
            findings=(("hermes_plugin_demo/plugin.yaml", 1),),
            note="a plugin package outside any checkout; a list, not a mapping",
        ),
    )

    def check(self, ctx: LintContext) -> Iterator[Finding]:
        from hermes_dev.lint.plugin_index import cached, plugin_folders

        for folder in plugin_folders(ctx):
            if folder.manifest_path is not None:
                yield from cached(ctx, self.code, folder, self._compute(folder))

    def _compute(self, folder: PluginFolder) -> Callable[[], Iterator[Finding]]:
        return lambda: self._folder(folder)

    def _folder(self, folder: PluginFolder) -> Iterator[Finding]:
        from hermes_dev.host.plugins import manifest_problems
        from hermes_dev.lint.plugin_index import manifest_finding

        manifest = folder.manifest
        assert manifest is not None
        for problem in manifest_problems(manifest):
            yield manifest_finding(
                self.code,
                f"{manifest.path.name}: {problem.message}",
                folder,
                problem.line,
                problem.column,
            )
