"""## What it does
Reports a `registry.register(...)` call that runs at import time but is not a statement of the
module body or of a module-level `for` loop (it sits inside an `if`, `try` or `with`, or inside a
function the module calls), or that calls the registry through another name (`_registry`), in a
module under `tools/` that has no call where discovery looks. Registrations inside functions that the module never calls (tools registered at run time)
are not reported.

## Why is this bad?
Hermes imports a tool module at start-up only when its module body, or a module-level `for` loop,
contains a `registry.register(...)` call expression: it reads the source, it does not run it. A
module whose only registrations sit deeper is never imported, so its tools silently never exist.

## Example
```python
if os.getenv("WEATHER_API_KEY"):
    registry.register(name="weather", toolset="weather", schema=SCHEMA, handler=handle)
```

## Use instead
```python
registry.register(
    name="weather", toolset="weather", schema=SCHEMA, handler=handle,
    check_fn=lambda: bool(os.getenv("WEATHER_API_KEY")),
)
```
"""

from __future__ import annotations

import ast

from hermes_dev.lint.rule import Invalid, Rule, Valid

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

    from hermes_dev.lint.engine import LintContext
    from hermes_dev.lint.model import ModuleInfo
    from hermes_dev.lint.rule import Finding

_HEAD = """\
import os
from tools.registry import registry, tool_error

def handle(args, **kw):
    return tool_error("not yet")

"""


def _called_at_module_level(module: ModuleInfo, name: str) -> bool:
    """Whether the module body (or a module-level if/try/with/for) calls `name()`."""
    assert module.tree is not None
    stack: list[ast.stmt] = list(module.tree.body)
    while stack:
        stmt = stack.pop()
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for node in ast.walk(stmt) if not hasattr(stmt, "body") else _heads(stmt):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == name
            ):
                return True
        for field in ("body", "orelse", "finalbody", "handlers"):
            sub = getattr(stmt, field, None)
            if isinstance(sub, list):
                for item in sub:
                    if isinstance(item, ast.ExceptHandler):
                        stack.extend(item.body)
                    elif isinstance(item, ast.stmt):
                        stack.append(item)
    return False


def _heads(stmt: ast.stmt) -> list[ast.AST]:
    """The expressions of a compound statement's header (test, iter, with items)."""
    nodes: list[ast.AST] = []
    for field in ("test", "iter", "items"):
        value = getattr(stmt, field, None)
        if isinstance(value, ast.AST):
            nodes.extend(ast.walk(value))
        elif isinstance(value, list):
            for item in value:
                nodes.extend(ast.walk(item))
    return nodes


class RegisterNotAtModuleLevel(Rule):
    code = "HD105"
    name = "register-not-at-module-level"
    summary = "registry.register(...) is not where Hermes' discovery looks"

    VALID = (
        Valid(
            _HEAD
            + """\
registry.register(name="a", toolset="t", schema={}, handler=handle)

if os.getenv("EXTRA"):
    registry.register(name="b", toolset="t", schema={}, handler=handle)
""",
            note="the module is discovered through its first call, so the second one runs too",
        ),
        Valid(
            _HEAD
            + """\
def register_server_tools(names):
    for name in names:
        registry.register(name=name, toolset="mcp", schema={}, handler=handle)
""",
            note="registration at run time from a function the module never calls",
        ),
    )
    INVALID = (
        Invalid(
            """\
from tools.registry import registry as _registry, tool_error

def handle(args, **kw):
    return tool_error("not yet")

_registry.register(name="weather", toolset="t", schema={}, handler=handle)
""",
            lines=(6,),
            note="the receiver must be spelled `registry` for discovery to see the call",
        ),
        Invalid(
            _HEAD
            + """\
if os.getenv("WEATHER_API_KEY"):
    registry.register(name="weather", toolset="t", schema={}, handler=handle)
""",
            lines=(8,),
        ),
        Invalid(
            _HEAD
            + """\
def _register():
    registry.register(name="weather", toolset="t", schema={}, handler=handle)

try:
    _register()
except ImportError:
    pass
""",
            lines=(8,),
        ),
    )

    def check(self, ctx: LintContext) -> Iterator[Finding]:
        for module in ctx.modules:
            if module.tree is None or not module.rel.startswith("tools/"):
                continue
            regs = [r for r in module.registrations if r.kind == "registry"]
            if not regs or any(r.discoverable for r in regs):
                continue
            seen: set[int] = set()
            for reg in regs:
                if id(reg.call) in seen:
                    continue
                seen.add(id(reg.call))
                func = reg.function
                if reg.place == "function":
                    if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        continue
                    if func not in module.tree.body or not _called_at_module_level(
                        module, func.name
                    ):
                        continue
                    where = f"inside `{func.name}()`"
                elif reg.place in ("module", "loop"):
                    message = (
                        "discovery only sees a call spelled `registry.register(...)`; this module"
                        " has none, so Hermes never imports it"
                    )
                    yield ctx.finding(self.code, message, module, reg.call, reg.label())
                    continue
                else:
                    where = "inside a block"
                message = (
                    f"registry.register(...) {where} is not a module-level statement, and the"
                    " module has none: Hermes' discovery never imports it"
                )
                yield ctx.finding(self.code, message, module, reg.call, reg.label())
