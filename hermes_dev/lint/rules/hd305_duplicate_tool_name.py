"""## What it does
Compares the tool names registered by every module under `tools/` and `plugins/` (read through
the per-file summary cache, so a pre-commit run on one file still sees the whole root) and
reports a registration whose name another module registers too. Registrations that surely run
count: those at module level (or in a module-level loop) and those in a plugin's `register(ctx)`;
one inside another function may be a fallback that never runs. A registration with
`override=True` (a plugin replacing a built-in on purpose) is exempt.

## Why is this bad?
The registry keeps one tool per name: the second registration is rejected (a different toolset)
or silently replaces the first (the same toolset), depending on import order. Either way one of
the two tools is gone, and which one can change from one start-up to the next.

## Example
```python
# tools/web_tools.py
registry.register(name="search", toolset="web", ...)
# tools/file_tools.py
registry.register(name="search", toolset="file", ...)
```

## Use instead
```python
registry.register(name="web_search", toolset="web", ...)
registry.register(name="search_files", toolset="file", ...)
```
"""

from __future__ import annotations

from pathlib import Path

from hermes_dev.lint.rule import Finding, Invalid, Rule, Valid

TYPE_CHECKING = False  # typing is not imported at run time: a pre-commit run pays for it
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import ClassVar

    from hermes_dev.host.registered_tools import RegisteredTool
    from hermes_dev.lint.context import LintContext


def _tool(name: str, extra: str = "") -> str:
    return (
        "from tools.registry import registry\n"
        "\n"
        "\n"
        "def _handler(args, **kw):\n"
        "    return '{}'\n"
        "\n"
        "\n"
        f'registry.register(name="{name}", toolset="t", schema={{}}, handler=_handler{extra})\n'
    )


class DuplicateToolName(Rule):
    code = "HD305"
    name = "duplicate-tool-name"
    summary = "Two modules register a tool under the same name"
    scope = "project"

    VALID: ClassVar[tuple[Valid, ...]] = (
        Valid({"tools/a_tool.py": _tool("alpha"), "tools/b_tool.py": _tool("beta")}),
        Valid(
            {
                "tools/web_tools.py": _tool("web_extract"),
                "plugins/better_web/__init__.py": (
                    "def register(ctx):\n"
                    '    ctx.register_tool(name="web_extract", toolset="better_web", schema={},\n'
                    "                      handler=print, override=True)\n"
                ),
            },
            note="override=True replaces a built-in on purpose",
        ),
        Valid(
            {
                "tools/web_tools.py": _tool("web_search"),
                "tools/fallback_search.py": (
                    "from tools.registry import registry\n"
                    "\n"
                    "\n"
                    "def install_fallback():\n"
                    '    registry.register(name="web_search", toolset="web", schema={},\n'
                    "                      handler=print)\n"
                ),
            },
            note="a registration inside a function may never run",
        ),
        Valid(
            {
                "tools/__init__.py": """\
""",
                "tools/kit/__init__.py": """\
from .core import entries  # noqa: F401
""",
                "tools/kit/core.py": """\
class Registry:
    def __init__(self):
        self._items = {}

    def add(self, name, item):
        if name in self._items:
            raise RuntimeError(f"duplicate: {name}")
        self._items[name] = item
        return item

    def __iter__(self):
        return iter(self._items.values())


class Entry:
    def __init__(self, name, cls, description):
        self.name = name
        self.cls = cls
        self.description = description

    def handler(self):
        entry = self

        def run(args, **kw):
            return entry.cls().run(args)

        return run

    def as_registration(self):
        schema = {"name": self.name, "description": self.description, "parameters": {"type": "object", "properties": {}}}
        return dict(name=self.name, toolset="kit", schema=schema, handler=self.handler())


class Entries(Registry):
    def tool(self, name, description):
        def decorate(cls):
            self.add(name, Entry(name, cls, description))
            return cls

        return decorate

    def for_module(self, module):
        return [e for e in self if e.cls.__module__ == module]


entries = Entries()
""",
                "tools/ping_tool.py": """\
import json

from tools.kit import entries
from tools.registry import registry


@entries.tool("ping_echo", "Echo.")
class Echo:
    def run(self, args):
        return json.dumps({"echo": args["text"]})


@entries.tool("ping_ok", "Fine.")
class Fine:
    def run(self, args):
        return json.dumps({"ok": True})


for _entry in entries.for_module(__name__):
    registry.register(**_entry.as_registration())
""",
                "tools/pong_tool.py": """\
import json

from tools.kit import entries
from tools.registry import registry


@entries.tool("pong_size", "Size.")
class Size:
    def run(self, args):
        return {"size": len(str(args.get("text", "")))}


for _entry in entries.for_module(__name__):
    registry.register(**_entry.as_registration())
""",
                "tools/registry.py": """\
class Registry:
    def register(self, name, toolset, schema, handler, check_fn=None, requires_env=None, is_async=False, description="", emoji=""):
        pass


registry = Registry()
""",
            },
            note="each module registers only its own entries of a shared registry instance "
            "(entries.for_module(__name__) keeps the rows whose class's __module__ is that "
            "module's name): no name is registered twice.",
        ),
    )
    INVALID: ClassVar[tuple[Invalid, ...]] = (
        Invalid(
            {"tools/web_tools.py": _tool("search"), "tools/file_tools.py": _tool("search")},
            findings=(("tools/file_tools.py", 8), ("tools/web_tools.py", 8)),
        ),
    )

    def check(self, ctx: LintContext) -> Iterator[Finding]:
        from hermes_dev.lint.project_index import project_index, span_finding

        index = project_index(ctx)
        mine = [
            (module, tool)
            for module in ctx.modules
            for tool in index.module_summary(module).tools
            if _counts(tool)
        ]
        if not mine:
            return
        where: dict[str, list[tuple[str, int]]] = {}
        for path, summary in index.all_summaries().items():
            for tool in summary.tools:
                if tool.name is not None and _counts(tool):
                    where.setdefault(tool.name, []).append((path, tool.span.line))
        for module, tool in mine:
            assert tool.name is not None
            here = str(module.path)
            others = sorted({(p, line) for p, line in where.get(tool.name, ()) if p != here})
            if not others:
                continue
            other_path, other_line = others[0]
            rel = ctx.models.relative(Path(other_path))
            yield span_finding(
                self.code,
                f"tool {tool.name!r} is also registered in {rel}:{other_line}: the registry"
                " keeps only one of them",
                module.path,
                tool.span,
                tool.name,
            )


def _counts(tool: RegisteredTool) -> bool:
    """Registrations that surely run: at import (module level) or in a plugin's `register`.
    One inside some other function may never run (a fallback), so it is not counted."""
    if tool.name is None or tool.override:
        return False
    return tool.kind == "plugin" or tool.discovered
