"""## What it does
Reports a tool that a module under `tools/` registers into a toolset that Hermes offers on no
platform with a fresh config and that the `hermes tools` picker does not list: the toolset is
not in `CONFIGURABLE_TOOLSETS` (`hermes_cli/tools_config.py`), no picker toolset resolves to
the tool, no platform's default toolset (`hermes-cli`, `hermes-telegram`, ... with their
`includes`) holds it, and no plugin registers into the toolset (plugin toolsets are on by
default). A toolset whose name is written as a string in other code under the root (not the
tool modules, `toolsets.py`, the picker or tests) is left alone: that code may turn it on (a
gateway's own toolset resolver).

Toolsets are resolved as `toolsets.resolve_toolset` does: an entry's tools, the tools registered
into it when `toolsets.py` merges the registry, and its `includes`, recursively. The rule stays
quiet when anything it needs cannot be read statically (a computed picker or toolset, no
`hermes_cli/tools_config.py` at all, as in older checkouts), and leaves a tool that is in no
toolset to HD301.

## Why is this bad?
With no saved `platform_toolsets`, `_get_platform_tools(config, platform)` enables a picker
toolset only when all its tools are in the platform's default toolset, and recovers a toolset
outside the picker only when its tools are all in that default toolset. A tool in a new toolset
that is neither is registered, passes its tests, is dispatched fine by `registry.dispatch`, and
is never offered to the model; `hermes tools` cannot turn it on either, since it lists only the
picker's toolsets. Only a hand-edited `platform_toolsets` naming the toolset reaches it.

## Example
```python
# tools/stock_quote_tool.py
registry.register(name="stock_quote", toolset="stock_quote", schema=SCHEMA, handler=...)

# toolsets.py
TOOLSETS = {
    "stock_quote": {"description": "Stock quotes", "tools": ["stock_quote"], "includes": []},
    "hermes-cli": {"description": "CLI", "tools": _HERMES_CORE_TOOLS, "includes": []},
}
```

## Use instead
```python
# hermes_cli/tools_config.py: listed in `hermes tools`
CONFIGURABLE_TOOLSETS = [
    ...,
    ("stock_quote", "📈 Stock Quote", "Stock quotes"),
]

# toolsets.py: in the CLI's default toolset, so it is on by default there
    "hermes-cli": {"description": "CLI", "tools": _HERMES_CORE_TOOLS, "includes": ["stock_quote"]},
```
`hermes-dev new-tool` writes both; add the tool to `_HERMES_CORE_TOOLS` instead (`--core`) to
offer it on every platform, or add the key to `_DEFAULT_OFF_TOOLSETS` (`--opt-in`) to list it
switched off.
"""

from __future__ import annotations

from hermes_dev.lint.rule import Finding, Invalid, Rule, Valid

TYPE_CHECKING = False  # typing is not imported at run time: a pre-commit run pays for it
if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path
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
    'registry.register(name="stock_quote", toolset="stock_quote", schema={}, handler=_handler)\n'
)
_PICKER = (
    "CONFIGURABLE_TOOLSETS = [\n"
    '    ("web",  "🔍 Web Search",  "web_search"),\n'
    "]\n"
    '_DEFAULT_OFF_TOOLSETS = {"moa"}\n'
)
_PICKER_LISTS_IT = _PICKER.replace(
    "]\n", '    ("stock_quote", "📈 Stock Quote", "Stock quotes"),\n]\n'
)


def _toolsets(cli_includes: str = "[]", core: str = '"web_search"', extra: str = "") -> str:
    return (
        f"_HERMES_CORE_TOOLS = [{core}]\n"
        "TOOLSETS = {\n"
        '    "web": {"description": "Web", "tools": ["web_search"], "includes": []},\n'
        '    "stock_quote": {"description": "Quotes", "tools": ["stock_quote"], "includes": []},\n'
        f"{extra}"
        '    "hermes-cli": {"description": "CLI", "tools": _HERMES_CORE_TOOLS,'
        f' "includes": {cli_includes}}},\n'
        "}\n"
    )


class ToolNeverOffered(Rule):
    code = "HD307"
    name = "tool-never-offered"
    summary = "A registered tool is offered on no platform and not listed in `hermes tools`"
    scope = "project"

    VALID: ClassVar[tuple[Valid, ...]] = (
        Valid(
            {
                "tools/stock_quote_tool.py": _TOOL,
                "toolsets.py": _toolsets('["stock_quote"]'),
                "hermes_cli/tools_config.py": _PICKER_LISTS_IT,
            },
            note="what new-tool writes: in the picker, and hermes-cli includes the toolset",
        ),
        Valid(
            {
                "tools/stock_quote_tool.py": _TOOL,
                "toolsets.py": _toolsets(),
                "hermes_cli/tools_config.py": _PICKER_LISTS_IT.replace(
                    '{"moa"}', '{"moa", "stock_quote"}'
                ),
            },
            note="an opt-in toolset: off by default, but `hermes tools` turns it on",
        ),
        Valid(
            {
                "tools/stock_quote_tool.py": _TOOL,
                "toolsets.py": _toolsets(core='"web_search", "stock_quote"'),
                "hermes_cli/tools_config.py": _PICKER,
            },
            note="a core tool: in every platform's default toolset (recovered there)",
        ),
        Valid(
            {
                "tools/stock_quote_tool.py": _TOOL,
                "toolsets.py": _toolsets(
                    extra='    "finance": {"description": "F", "tools": [], "includes":'
                    ' ["stock_quote"]},\n'
                ),
                "hermes_cli/tools_config.py": _PICKER.replace(
                    "]\n", '    ("finance", "💹 Finance", "quotes"),\n]\n'
                ),
            },
            note="a picker toolset that includes its toolset",
        ),
        Valid(
            {
                "tools/stock_quote_tool.py": _TOOL,
                "toolsets.py": _toolsets(),
                "plugins/quotes/__init__.py": (
                    "def register(ctx):\n"
                    '    ctx.register_tool(name="quote_news", toolset="stock_quote", schema={},'
                    " handler=print)\n"
                ),
            },
            note="no hermes_cli/tools_config.py (an older checkout): nothing to say",
        ),
        Valid(
            {
                "tools/stock_quote_tool.py": _TOOL,
                "toolsets.py": _toolsets(),
                "hermes_cli/tools_config.py": _PICKER,
                "plugins/quotes/__init__.py": (
                    "def register(ctx):\n"
                    '    ctx.register_tool(name="quote_news", toolset="stock_quote", schema={},'
                    " handler=print)\n"
                ),
            },
            note="a plugin registers into the toolset: plugin toolsets are on by default",
        ),
        Valid(
            {
                "tools/stock_quote_tool.py": _TOOL,
                "toolsets.py": _toolsets(),
                "hermes_cli/tools_config.py": "CONFIGURABLE_TOOLSETS = load_rows()\n",
            },
            note="a picker that cannot be read statically",
        ),
        Valid(
            {
                "tools/stock_quote_tool.py": _TOOL,
                "toolsets.py": _toolsets('["stock_quote"]'),
                "hermes_cli/tools_config.py": _PICKER,
            },
            note="not in the picker, but hermes-cli includes it: recovered on the CLI",
        ),
        Valid(
            {
                "tools/stock_quote_tool.py": _TOOL,
                "toolsets.py": _toolsets(),
                "hermes_cli/tools_config.py": _PICKER,
                "gateway/desktop.py": (
                    "def resolve_toolsets(enabled):\n"
                    '    return sorted(set(enabled) | {"stock_quote"})\n'
                ),
            },
            note="a gateway's own resolver adds the toolset by name: code the rule does not model",
        ),
    )
    INVALID: ClassVar[tuple[Invalid, ...]] = (
        Invalid(
            {
                "tools/stock_quote_tool.py": _TOOL,
                "toolsets.py": _toolsets(),
                "hermes_cli/tools_config.py": _PICKER,
            },
            findings=(("tools/stock_quote_tool.py", 8),),
            note="a toolset of its own, in no platform's default and not in the picker",
        ),
        Invalid(
            {
                "tools/stock_quote_tool.py": _TOOL,
                "toolsets.py": _toolsets(
                    extra='    "finance": {"description": "F", "tools": [], "includes":'
                    ' ["stock_quote"]},\n'
                ),
                "hermes_cli/tools_config.py": _PICKER,
            },
            findings=(("tools/stock_quote_tool.py", 8),),
            note="included only by a toolset that is neither in the picker nor a platform's",
        ),
        Invalid(
            {
                "tools/stock_quote_tool.py": _TOOL,
                "toolsets.py": _toolsets(),
                "hermes_cli/tools_config.py": _PICKER,
                "tests/tools/test_stock_quote.py": (
                    'def test_toolset():\n    assert "stock_quote"\n'
                ),
            },
            findings=(("tools/stock_quote_tool.py", 8),),
            note="its name written only in a test: nothing turns it on",
        ),
    )

    def check(self, ctx: LintContext) -> Iterator[Finding]:
        from hermes_dev.host.tools_config import Offering
        from hermes_dev.lint.project_index import project_index, span_finding

        if ctx.project.toolsets_path is None:
            return
        index = project_index(ctx)
        tools_dir = ctx.root / "tools"
        candidates = [
            (module, tool)
            for module in ctx.modules
            if module.path.is_relative_to(tools_dir)
            for tool in index.module_summary(module).tools
            if tool.kind == "registry"
            and tool.discovered
            and tool.name is not None
            and tool.toolset is not None
        ]
        if not candidates:
            return
        toolsets = index.toolsets()
        config = index.tools_config()
        if toolsets is None or config is None:
            return
        registered: dict[str, set[str]] = {}
        plugin_toolsets: set[str] = set()
        for summary in index.all_summaries().values():
            for other in summary.tools:
                if other.kind == "plugin":
                    if other.toolset is None:
                        return  # a plugin toolset whose name is not static: any may be one
                    plugin_toolsets.add(other.toolset)
                elif other.toolset is not None and other.name is not None:
                    registered.setdefault(other.toolset, set()).add(other.name)
        offering = Offering(toolsets, config, registered)
        unreached = []
        for module, tool in candidates:
            assert tool.name is not None and tool.toolset is not None
            if _in_no_toolset(tool.name, tool.toolset, toolsets):
                continue  # HD301's finding
            if tool.toolset in plugin_toolsets or offering.reached(tool.name, tool.toolset):
                continue
            unreached.append((module, tool))
        quoted = _quoted_elsewhere(ctx.root, {t.toolset for _, t in unreached if t.toolset})
        for module, tool in unreached:
            assert tool.name is not None and tool.toolset is not None
            if quoted is None or tool.toolset in quoted:
                continue  # code of its own may turn it on (a gateway's toolset resolver)
            yield span_finding(
                self.code,
                f"tool {tool.name!r} is never offered to the model: no platform's default"
                f" toolset holds it and `hermes tools` does not list toolset {tool.toolset!r};"
                " add the toolset to CONFIGURABLE_TOOLSETS in hermes_cli/tools_config.py and to"
                " hermes-cli's includes (or the tool to _HERMES_CORE_TOOLS)",
                module.path,
                tool.span,
                tool.name,
            )


_MAX_FILES = 20000
_READ_LIMIT = 2_000_000
_NOT_CODE = frozenset({"tests", "test", "tools"})


def _quoted_elsewhere(root: Path, names: set[str]) -> set[str] | None:
    """The toolset names written as a string in a module under the root other than the tool
    modules (`tools/`), `toolsets.py`, `hermes_cli/tools_config.py` and tests: code that may
    enable them in ways the rule does not model (`enabled | {"project"}` in a gateway). One
    walk for all; None when the root has too many modules to read (any may be named)."""
    import os
    import re
    from pathlib import Path

    from hermes_dev.reading import SKIP_DIRS, read_bounded

    if not names:
        return set()
    pattern = re.compile(
        rb"""["']("""
        + b"|".join(re.escape(n.encode("utf-8", "backslashreplace")) for n in sorted(names))
        + rb""")["']"""
    )
    skip = {root / "toolsets.py", root / "hermes_cli" / "tools_config.py"}
    found: set[str] = set()
    seen = 0
    for current, dirs, files in os.walk(root):
        top = Path(current) == root
        dirs[:] = sorted(
            d
            for d in dirs
            if not d.startswith(".")
            and d not in SKIP_DIRS
            and not (d in _NOT_CODE and top)
            and d not in ("tests", "test")
        )
        for name in sorted(files):
            if not name.endswith(".py") or name.startswith("test_"):
                continue
            path = Path(current, name)
            if path in skip:
                continue
            seen += 1
            if seen > _MAX_FILES:
                return None
            try:
                data = read_bounded(path, _READ_LIMIT)
            except OSError:
                continue
            found.update(m.decode() for m in pattern.findall(data))
            if found >= names:
                return found
    return found


def _in_no_toolset(tool: str, toolset: str, toolsets: object) -> bool:
    """HD301 reports this tool (listed nowhere, not merged from the registry)."""
    from hermes_dev.host.toolsets import ToolsetsSummary

    assert isinstance(toolsets, ToolsetsSummary)
    if toolsets.registry_toolsets or tool in toolsets.maybe_listed:
        return False
    return not (toolsets.merges_registry and toolset in toolsets.toolset_names)
