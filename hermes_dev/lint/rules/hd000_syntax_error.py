"""## What it does
Reports a file that Python cannot parse (a syntax error, a null byte, a bad encoding): every
file lint checks, whether or not it registers a tool (the files given, and on a whole-root run
every `.py` under `tools/` and `plugins/`). A module lint only reads to follow calls into is not
reported on.

When the error may come from syntax newer than the Python running hermes-dev (`except A, B:`
of 3.14, the f-strings of 3.12, `type X = ...`), or the checkout's `pyproject.toml` requires a
newer Python, the message names both versions: run hermes-dev under the checkout's Python.

## Why is this bad?
Hermes imports every tool module at start-up; a module that does not parse fails to import, so
none of its tools are offered, and no other check can look inside it. Linting goes on with the
other files.

## Example
```python
def weather_tool(args, **kw)
    return json.dumps({"temp": 22})
```

## Use instead
```python
def weather_tool(args, **kw):
    return json.dumps({"temp": 22})
```
"""

from __future__ import annotations

import sys

from hermes_dev.lint.rule import Invalid, Rule, Valid
from hermes_dev.pyast.semantic.locations import NodeSpan
from hermes_dev.pyast.semantic.syntax import newer_python, required_python_at

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

    from hermes_dev.lint.context import LintContext
    from hermes_dev.lint.rule import Finding
    from hermes_dev.pyast.semantic.modules import ModuleInfo


class SyntaxErrorRule(Rule):
    code = "HD000"
    name = "syntax-error"
    summary = "The file does not parse"

    VALID = (
        Valid(
            """\
from tools.registry import registry, tool_error

registry.register(name="ok", toolset="t", schema={}, handler=lambda args, **kw: tool_error("x"))
"""
        ),
        Valid(
            {
                "tools/scripts/report.py": 'def line(row):\n    return f"{row["name"]}: {row["n"]}"\n',
            },
            note="a helper that registers nothing, found by walking the tree, in a newer Python's"
            " syntax (PEP 701 quotes): this Python cannot judge it, so no finding (named on the"
            " command line, it gets one)",
        ),
    )
    INVALID = (
        Invalid(
            """\
from tools.registry import registry

def handler(args, **kw)
    return "{}"

registry.register(name="broken", toolset="t", schema={}, handler=handler)
""",
            lines=(3,),
        ),
    )

    def check(self, ctx: LintContext) -> Iterator[Finding]:
        from itertools import chain

        from hermes_dev.lint.call_cache import per_module

        # (the message may name the checkout's Python, from its pyproject.toml)
        cached = per_module(ctx, self.code, lambda m: self._module(ctx, m), ("pyproject.toml",))
        return chain(cached, self.unparsed(ctx))

    def unparsed(self, ctx: LintContext) -> Iterator[Finding]:
        """The files reported on that register nothing (`ctx.unparsed`) are not modules of the
        run: each directly. (The engine fills `ctx.unparsed` after the other rules ran.)"""
        for module in list(ctx.unparsed):
            yield from self._module(ctx, module)

    def _module(self, ctx: LintContext, module: ModuleInfo) -> Iterator[Finding]:
        error = module.error
        if error is not None:
            line = error.lineno or 1
            column = max(error.offset or 1, 1)
            message = f"file does not parse: {error.msg or error}"
            text = module.lines[line - 1] if 0 < line <= len(module.lines) else ""
            newer = newer_python(str(error.msg or ""), text) or required_python_at(ctx.root)
            if newer is not None:
                running = "{}.{}".format(*sys.version_info[:2])
                message = (
                    f"file does not parse with Python {running} (the one running hermes-dev):"
                    f" {error.msg or error}; it may be Python {newer} syntax, so run hermes-dev"
                    " under the checkout's Python"
                )
            yield ctx.finding(self.code, message, module, NodeSpan(line, column - 1, line, column))
