"""## What it does
Reports a plugin's `__init__.py` (beside its `plugin.yaml`) that binds no top-level
`register`: no `def register(ctx)` at module level (also inside a module-level `if`/`try`), no
`register = ...`, and no `from ... import register`. A `def register()` that takes no argument is
reported too: Hermes calls it with the plugin context. For a package whose entry point names a
module below it (`wx = "hermes_wx.plugin"`), that module is the one checked: it is what Hermes
imports.

Only plugins whose `register(ctx)` Hermes calls are checked: those its general loader finds
(`plugins/<name>/`, `plugins/<category>/<name>/`, `plugins/platforms/` one level deeper, a
plugin package) of kind `standalone`, `backend` or `platform`. Not checked: model providers
(`plugins/model-providers/<name>/`, or `kind: model-provider`: they call
`register_provider(...)` at import), memory providers (`plugins/memory/<name>/`, `kind:
exclusive`) and context engines (`plugins/context_engine/<name>/`), which their own loaders
import and which may define a provider class instead. A manifest without `kind:` gets the kind
Hermes guesses from the start of `__init__.py` (`MemoryProvider` or `register_memory_provider`:
exclusive; `register_provider` with `ProviderProfile`: model-provider).

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
from hermes_dev.pyast.semantic.scopes import module_scope

TYPE_CHECKING = False  # typing is not imported at run time: a pre-commit run pays for it
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import ClassVar

    from hermes_dev.lint.context import LintContext
    from hermes_dev.lint.plugin_index import PluginFolder
    from hermes_dev.pyast.semantic.modules import ModuleInfo

_MANIFEST = "name: weather\n"
# A plugin package whose entry point names a module below the package.
_SUBMODULE_PACKAGE = {
    "pyproject.toml": (
        '[project]\nname = "hermes-plugin-gh"\nversion = "0.1.0"\n\n'
        '[project.entry-points."hermes_agent.plugins"]\n'
        'gh = "hermes_gh.plugin"\n'
    ),
    "src/hermes_gh/plugin.yaml": "name: gh\n",
    "src/hermes_gh/__init__.py": '"""GitHub tools for Hermes."""\n',
}
_PROVIDER = """\
from providers import register_provider
from providers.base import ProviderProfile

register_provider(ProviderProfile(name="acme", base_url="https://api.acme.test/v1"))
"""
_MEMORY = """\
from agent.memory_provider import MemoryProvider


class NotebookMemory(MemoryProvider):
    name = "notebook"
"""


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
                "plugins/chat/plugin.yaml": "name: chat\n",
                "plugins/chat/__init__.py": (
                    "import contextlib\n"
                    "\n"
                    "with contextlib.suppress(ImportError):\n"
                    "    from .impl.adapter import register\n"
                ),
                "plugins/chat/impl/__init__.py": "",
                "plugins/chat/impl/adapter.py": "def register(ctx):\n    pass\n",
            },
            note="re-exported inside `with contextlib.suppress(ImportError):` at module level",
        ),
        Valid(
            {
                "plugins/weather/plugin.yaml": _MANIFEST,
                "plugins/weather/setup.py": "def setup(ctx):\n    pass\n",
                "plugins/notes/__init__.py": "X = 1\n",
            },
            note="no __init__.py beside the manifest, and no manifest beside the __init__.py",
        ),
        Valid(
            {
                "plugins/model-providers/acme/plugin.yaml": (
                    "name: acme-provider\nkind: model-provider\nversion: 1.0.0\n"
                ),
                "plugins/model-providers/acme/__init__.py": _PROVIDER,
                "plugins/model-providers/bare/__init__.py": _PROVIDER.replace("acme", "bare"),
                "plugins/llm/acme/plugin.yaml": "name: acme-provider\nversion: 1.0.0\n",
                "plugins/llm/acme/__init__.py": _PROVIDER,
                "plugins/memory/notebook/plugin.yaml": "name: notebook\nversion: 0.1.0\n",
                "plugins/memory/notebook/__init__.py": _MEMORY,
                "plugins/context_engine/digest/plugin.yaml": "name: digest\n",
                "plugins/context_engine/digest/__init__.py": (
                    "from agent.context_engine import ContextEngine\n\n\n"
                    "class DigestEngine(ContextEngine):\n    name = 'digest'\n"
                ),
                "plugins/notebook2/plugin.yaml": "name: notebook2\n",
                "plugins/notebook2/__init__.py": _MEMORY,
            },
            note="model providers register at import (their own folder, `kind: model-provider`, or"
            " a manifest without a kind whose __init__.py calls register_provider with a"
            " ProviderProfile); memory providers and context engines are loaded by their own"
            " discovery, which takes a provider class too",
        ),
        Valid(
            {
                **_SUBMODULE_PACKAGE,
                "src/hermes_gh/plugin.py": "def register(ctx):\n    pass\n",
            },
            note="an entry point naming a module below the package: Hermes calls that module's"
            " register(ctx), and the package's __init__.py needs none",
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
        Invalid(
            {
                "plugins/image_gen/acme/plugin.yaml": "name: acme\nkind: backend\n",
                "plugins/image_gen/acme/__init__.py": _PROVIDER.replace("acme", "image"),
                "plugins/platforms/chat/relay/plugin.yaml": "name: relay\nkind: platform\n",
                "plugins/platforms/chat/relay/__init__.py": "def setup(ctx):\n    pass\n",
                "plugins/llm/acme/plugin.yaml": "name: acme\nkind: standalone\n",
                "plugins/llm/acme/__init__.py": _PROVIDER,
            },
            findings=(
                ("plugins/image_gen/acme/__init__.py", 1),
                ("plugins/llm/acme/__init__.py", 1),
                ("plugins/platforms/chat/relay/__init__.py", 1),
            ),
            note="a category's backend, a platform one level deeper under plugins/platforms/, and"
            " a provider-looking module whose manifest says `kind: standalone` (Hermes only"
            " guesses the kind when the manifest has none)",
        ),
        Invalid(
            {
                **_SUBMODULE_PACKAGE,
                "src/hermes_gh/plugin.py": "def setup(ctx):\n    pass\n",
            },
            findings=(("src/hermes_gh/plugin.py", 1),),
            note="the entry point's module is the one that needs register(ctx)",
        ),
    )

    def check(self, ctx: LintContext) -> Iterator[Finding]:
        from hermes_dev.lint.plugin_index import cached, plugin_folders

        for folder in plugin_folders(ctx):
            if folder.manifest_path is not None and folder.init_path.is_file():
                yield from cached(ctx, self.code, folder, self._compute(ctx, folder))

    def _compute(self, ctx: LintContext, folder: PluginFolder) -> Callable[[], Iterator[Finding]]:
        return lambda: self._folder(ctx, folder)

    def _folder(self, ctx: LintContext, folder: PluginFolder) -> Iterator[Finding]:
        path = folder.init_path
        if not folder.plugin.needs_register:
            return  # a model provider, a memory provider, a context engine
        if not folder.reports(path):
            return
        module = ctx.models.get(path)
        if module is None or module.tree is None:
            return  # unreadable or HD000
        problem, node = _register_problem(module)
        if problem is not None:
            yield ctx.finding(self.code, problem, module, node)


def _register_problem(module: ModuleInfo) -> tuple[str | None, ast.AST]:
    """Why the module has no usable top-level `register`, and where to say so (the module's
    bindings as the one binding index has them: in `if`, `try` and `with` blocks too)."""
    tree = module.tree
    assert tree is not None
    found: ast.AST | None = None
    for binding in module_scope(module).index.get("register"):
        if binding.kind in ("def", "assign", "annotated", "import"):
            found = binding.node
    first: ast.AST = tree.body[0] if tree.body else tree
    if found is None:
        message = (
            f"the plugin's {module.path.name} has no top-level register(ctx): Hermes loads the"
            " plugin but registers nothing"
        )
        return message, first
    if isinstance(found, ast.FunctionDef | ast.AsyncFunctionDef):
        args = found.args
        if not (args.posonlyargs or args.args or args.vararg):
            return "register() takes no argument: Hermes calls it as register(ctx)", found
    return None, found
