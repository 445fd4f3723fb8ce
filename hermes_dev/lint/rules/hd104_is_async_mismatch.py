"""## What it does
Reports an `is_async` flag that does not match the handler: an `async def` handler (or a lambda
that returns the coroutine of an `async def`) registered without `is_async=True`, or a handler
registered with `is_async=True` that plainly returns no awaitable (a function whose returns are
all strings or literals). A lambda or plain function that returns a coroutine, registered with
`is_async=True`, is correct. In a registration loop each row's own flag is judged
(`is_async=_is_async` of `for _name, _handler, _is_async in _TOOLS`).

## Why is this bad?
With `is_async=True` the registry runs the handler's result to completion on its event loop;
without it the result is used as is. An async handler without the flag returns a coroutine
object where a JSON string is expected (and the coroutine never runs); a sync handler with the
flag hands a string to the event loop, which fails.

## Example
```python
async def fetch_page(url: str) -> str:
    ...

registry.register(
    name="fetch_page", toolset="web", schema=SCHEMA,
    handler=lambda args, **kw: fetch_page(args.get("url", "")),
)
```

## Use instead
```python
registry.register(
    name="fetch_page", toolset="web", schema=SCHEMA,
    handler=lambda args, **kw: fetch_page(args.get("url", "")),
    is_async=True,
)
```
"""

from __future__ import annotations

import ast

from hermes_dev.lint.rule import Invalid, Rule, Valid
from hermes_dev.pyast.analyze.jsonness import UNKNOWN, exits, infer
from hermes_dev.pyast.calls.driver import Code, wrapped
from hermes_dev.pyast.semantic.resolve import resolve
from hermes_dev.pyast.semantic.scopes import Const, Function

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

    from hermes_dev.host.registrations import Registration
    from hermes_dev.lint.context import LintContext
    from hermes_dev.lint.rule import Finding
    from hermes_dev.pyast.semantic.modules import ModuleInfo

_HEAD = """\
import json
from tools.registry import registry, tool_error

"""


def async_flag(reg: Registration) -> bool | None:
    """The `is_async` argument: True/False when static (absent is False), None when unknown."""
    expr = reg.arg("is_async")
    if expr is None:
        return False
    if isinstance(expr, ast.Constant) and isinstance(expr.value, bool):
        return expr.value
    # (`is_async=_is_async` of `for _name, _handler, _is_async in _TOOLS`: this row's flag)
    held = reg.value("is_async")
    only = held.single() if held is not None and held.complete else None
    if isinstance(only, Const) and isinstance(only.value, bool):
        return only.value
    return None


def plainly_sync(func: Function) -> bool:
    """A sync def whose every exit is a string or a literal: it never returns an awaitable."""
    if func.is_async or isinstance(func.node, ast.Lambda):
        return False
    ways = exits(func.node, Code(func).scope)
    if not ways or any(e.verdict.kind == UNKNOWN for e in ways):
        return False
    # `return coro_fn(...)` is JSON after awaiting, but the handler returns a coroutine.
    return not any(
        isinstance(e.node, ast.Return)
        and e.node.value is not None
        and _calls_async(e.node.value, func)
        for e in ways
    )


def _calls_async(expr: ast.expr, func: Function) -> bool:
    """Whether `expr` may evaluate to the coroutine of an `async def` called without await."""
    awaited = {id(n.value) for n in ast.walk(expr) if isinstance(n, ast.Await)}
    for node in ast.walk(expr):
        if (
            isinstance(node, ast.Call)
            and id(node) not in awaited
            and isinstance(node.func, ast.Name)
        ):
            called = resolve(node.func, Code(func).scope).single()
            if not isinstance(called, Function) or called.is_async:
                return True
    return False


class IsAsyncMismatch(Rule):
    code = "HD104"
    name = "is-async-mismatch"
    summary = "A handler's is_async flag does not match what it returns"

    VALID = (
        Valid(
            _HEAD
            + """\
async def fetch(url):
    return json.dumps({"url": url})

def start(url):
    return fetch(url)

registry.register(name="fetch", toolset="t", schema={}, handler=lambda args, **kw: fetch(args["url"]),
    is_async=True)
registry.register(name="afetch", toolset="t", schema={}, handler=fetch, is_async=True)
registry.register(name="start", toolset="t", schema={}, handler=lambda args, **kw: start(args["url"]),
    is_async=True)
registry.register(name="sync", toolset="t", schema={}, handler=lambda args, **kw: tool_error("x"))
""",
        ),
    )
    INVALID = (
        Invalid(
            _HEAD
            + """\
async def fetch(args, **kw):
    return json.dumps(args)

def ping(args, **kw):
    return json.dumps({"pong": True})

registry.register(name="fetch", toolset="t", schema={}, handler=fetch)
registry.register(name="fetch2", toolset="t", schema={}, handler=lambda args, **kw: fetch(args))
registry.register(name="ping", toolset="t", schema={}, handler=ping, is_async=True)
""",
            lines=(10, 11, 12),
        ),
        Invalid(
            _HEAD
            + """\
async def streak(args, **kw):
    return json.dumps({"days": 3})

async def history(args, **kw):
    return json.dumps({"days": []})

def stop(args, **kw):
    return json.dumps({"stopped": True})

_TOOLS = [
    ("streak", streak, True),
    ("history", history, False),
    ("stop", stop, False),
]

for _name, _handler, _is_async in _TOOLS:
    registry.register(name=_name, toolset="t", schema={}, handler=_handler, is_async=_is_async)
""",
            lines=(20,),
            note="a registration loop takes each row's flag: the row of `history` says False for "
            "an async def, the other rows agree with their handlers",
        ),
    )

    def check(self, ctx: LintContext) -> Iterator[Finding]:
        from hermes_dev.lint.call_cache import per_module

        return per_module(ctx, self.code, lambda m: self._module(ctx, m))

    def _module(self, ctx: LintContext, module: ModuleInfo) -> Iterator[Finding]:
        from hermes_dev.host.registrations import registrations_of

        for reg in registrations_of(module):
            handler = reg.handler
            flag = async_flag(reg)
            if (
                handler is None
                or flag is None
                or any(wrapped(f.node, f.scope) for f in handler.code())
            ):
                continue
            tool = reg.label()
            func = handler.func
            target = handler.target
            returns_coroutine = handler.is_async or (
                isinstance(func.node, ast.Lambda)
                and target is not None
                and target.is_async
                and not handler.via_runner
            )
            if returns_coroutine and not flag:
                where = reg.arg("handler") or reg.call
                name = func.name if target is None else target.name
                message = (
                    f"handler runs `async def {name}` but is registered without is_async=True:"
                    " the registry would return an unawaited coroutine"
                )
                yield ctx.finding(self.code, message, reg.module, where, tool)
            elif flag and not returns_coroutine and self._plainly_sync(handler.kind, func, target):
                where = reg.keywords.get("is_async") or reg.call
                message = (
                    "is_async=True but the handler returns a plain value, not an awaitable;"
                    " drop is_async=True"
                )
                yield ctx.finding(self.code, message, reg.module, where, tool)

    @staticmethod
    def _plainly_sync(kind: str, func: Function, target: Function | None) -> bool:
        if isinstance(func.node, ast.Lambda):
            if target is not None:
                return plainly_sync(target)
            return infer(func.node.body, Code(func).scope).kind != UNKNOWN
        return plainly_sync(func)
