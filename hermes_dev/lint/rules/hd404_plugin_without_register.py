"""## What it does
Reports a plugin's `__init__.py` (beside its `plugin.yaml`) that binds no top-level
`register`: no `def register(ctx)` at module level (also inside a module-level `if`/`try`), no
`register = ...`, and no `from ... import register`. A `def register()` that takes no argument is
reported too: Hermes calls it with the plugin context.

## Why is this bad?
Hermes imports the plugin, looks up `register` on the module and calls `register(ctx)`. Without
it the loader records "no register() function" and the plugin's tools never exist; nothing fails
loudly, the tools are just missing.

## Example
```python
# plugins/weather/__init__.py
def setup(ctx):
    ctx.register_tool(name="forecast", ...)
```

## Use instead
```python
def register(ctx):
    ctx.register_tool(name="forecast", ...)
```
"""

from __future__ import annotations

import ast

from hermes_dev.lint.rule import Finding, Invalid, Rule, Valid

TYPE_CHECKING = False  # typing is not imported at run time: a pre-commit run pays for it
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import ClassVar

    from hermes_dev.lint.context import LintContext

_MANIFEST = "name: weather\n"


class PluginWithoutRegister(Rule):
    code = "HD404"
    name = "plugin-without-register"
    summary = "A plugin's __init__.py has no top-level register(ctx)"
    scope = "project"

    VALID: ClassVar[tuple[Valid, ...]] = (
        Valid(
            {
                "plugins/weather/plugin.yaml": _MANIFEST,
                "plugins/weather/__init__.py": "def register(ctx):\n    pass\n",
            },
        ),
        Valid(
            {
                "plugins/weather/plugin.yaml": _MANIFEST,
                "plugins/weather/__init__.py": "from .setup import register\n",
                "plugins/weather/setup.py": "def register(ctx):\n    pass\n",
                "plugins/sun/plugin.yaml": "name: sun\n",
                "plugins/sun/__init__.py": (
                    "try:\n"
                    "    import fast\n"
                    "except ImportError:\n"
                    "    fast = None\n"
                    "\n"
                    "\n"
                    "def _register(ctx, *more):\n"
                    "    pass\n"
                    "\n"
                    "\n"
                    "register = _register\n"
                ),
            },
            note="imported, or assigned",
        ),
        Valid(
            {
                "plugins/weather/plugin.yaml": _MANIFEST,
                "plugins/weather/setup.py": "def setup(ctx):\n    pass\n",
                "plugins/notes/__init__.py": "X = 1\n",
            },
            note="no __init__.py beside the manifest, and no manifest beside the __init__.py",
        ),
    )
    INVALID: ClassVar[tuple[Invalid, ...]] = (
        Invalid(
            {
                "plugins/weather/plugin.yaml": _MANIFEST,
                "plugins/weather/__init__.py": (
                    '"""Weather."""\n\n\ndef setup(ctx):\n    ctx.register_tool(name="w")\n'
                ),
            },
            findings=(("plugins/weather/__init__.py", 1),),
        ),
        Invalid(
            {
                "plugins/weather/plugin.yaml": _MANIFEST,
                "plugins/weather/__init__.py": "def register():\n    pass\n",
            },
            findings=(("plugins/weather/__init__.py", 1),),
            note="register() cannot take the context",
        ),
    )

    def check(self, ctx: LintContext) -> Iterator[Finding]:
        from hermes_dev.lint.plugin_index import plugin_folders

        for folder in plugin_folders(ctx):
            path = folder.init_path
            if folder.manifest_path is None or not path.is_file():
                continue
            if not folder.reports(path):
                continue
            module = ctx.models.get(path)
            if module is None or module.tree is None:
                continue  # unreadable or HD000
            problem, node = _register_problem(module.tree)
            if problem is not None:
                yield ctx.finding(self.code, problem, module, node)


def _register_problem(tree: ast.Module) -> tuple[str | None, ast.AST]:
    """Why the module has no usable top-level `register`, and where to say so."""
    found: ast.AST | None = None
    for stmt in _top_level(tree.body):
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef) and stmt.name == "register":
            found = stmt
        elif isinstance(stmt, ast.Assign | ast.AnnAssign):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            if any(isinstance(t, ast.Name) and t.id == "register" for t in targets):
                found = stmt
        elif isinstance(stmt, ast.ImportFrom | ast.Import) and any(
            (a.asname or a.name) == "register" for a in stmt.names
        ):
            found = stmt
    first: ast.AST = tree.body[0] if tree.body else tree
    if found is None:
        message = (
            "the plugin's __init__.py has no top-level register(ctx): Hermes loads the plugin"
            " but registers nothing"
        )
        return message, first
    if isinstance(found, ast.FunctionDef | ast.AsyncFunctionDef):
        args = found.args
        if not (args.posonlyargs or args.args or args.vararg):
            return "register() takes no argument: Hermes calls it as register(ctx)", found
    return None, found


def _top_level(body: list[ast.stmt]) -> list[ast.stmt]:
    out: list[ast.stmt] = []
    for stmt in body:
        out.append(stmt)
        if isinstance(stmt, ast.If):
            out.extend(_top_level(stmt.body + stmt.orelse))
        elif isinstance(stmt, ast.Try):
            out.extend(_top_level(stmt.body + stmt.orelse + stmt.finalbody))
            for handler in stmt.handlers:
                out.extend(_top_level(handler.body))
    return out
