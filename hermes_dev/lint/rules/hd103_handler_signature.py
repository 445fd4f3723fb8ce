"""## What it does
Reports a registered handler that cannot be called as `handler(args, **kw)`: it takes no
positional argument, needs more than one, has a required keyword-only parameter, or does not
accept arbitrary keyword arguments (`**kw`). A `functools.partial` is checked with its bound
arguments taken into account. Functions behind a decorator that may change the signature are
skipped (a project decorator that hands the def back unchanged is seen through).

## Why is this bad?
The registry calls every handler as `handler(args, task_id=..., ...)`: the tool's arguments as one
dict, then keyword arguments that differ between call sites and Hermes versions. A handler that
cannot take that call fails with a `TypeError` every time, which the registry turns into a
generic error: the tool never works.

## Example
```python
def lookup(query: str) -> str:
    return json.dumps({"query": query})

registry.register(name="lookup", toolset="t", schema=SCHEMA, handler=lookup)
```

## Use instead
```python
registry.register(
    name="lookup", toolset="t", schema=SCHEMA,
    handler=lambda args, **kw: lookup(args.get("query", "")),
)
```
"""

from __future__ import annotations

import ast

from hermes_dev.lint.rule import Invalid, Rule, Valid
from hermes_dev.pyast.calls.driver import wrapped

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

    from hermes_dev.host.registrations import Handler
    from hermes_dev.lint.context import LintContext
    from hermes_dev.lint.rule import Finding
    from hermes_dev.pyast.semantic.modules import ModuleInfo

_HEAD = """\
import functools
import json
from tools.registry import registry, tool_error

"""


def signature_problem(handler: Handler) -> str | None:
    """Why `handler(args, **kw)` would fail, or None when it can be called that way."""
    node = handler.func.node
    if wrapped(handler.func.node, handler.func.scope):
        return None
    a = node.args
    positional = [*a.posonlyargs, *a.args]
    n_defaults = len(a.defaults)
    required = positional[: len(positional) - n_defaults]
    bound_kw = handler.bound_keywords if handler.kind == "partial" else frozenset()
    skip = handler.bound_positional if handler.kind == "partial" else 0
    if handler.func.bound:
        skip += 1  # `obj.method`, `Cls.classmethod`: self or cls is given
    if skip > len(positional) and a.vararg is None:
        return f"the partial binds {skip} positional arguments, `{handler.func.name}` takes {len(positional)}"
    remaining = positional[skip:]
    required_left = [p for p in required[skip:] if p.arg not in bound_kw]
    if not remaining and a.vararg is None:
        return "it takes no positional argument for `args`"
    if len(required_left) > 1:
        names = ", ".join(p.arg for p in required_left[1:])
        return f"it also requires {names}"
    missing_kwonly = [
        p.arg
        for p, default in zip(a.kwonlyargs, a.kw_defaults)
        if default is None and p.arg not in bound_kw
    ]
    if missing_kwonly:
        return f"it requires the keyword argument {', '.join(missing_kwonly)}"
    if a.kwarg is None:
        return "it does not accept **kwargs (the registry passes task_id and others)"
    return None


class HandlerSignature(Rule):
    code = "HD103"
    name = "handler-signature"
    summary = "A tool handler cannot be called as handler(args, **kw)"

    VALID = (
        Valid(
            _HEAD
            + """\
def plain(args, **kw):
    return json.dumps(args)

def with_table(table, args, *, strict=False, **kwargs):
    return json.dumps(table)

registry.register(name="plain", toolset="t", schema={}, handler=plain)
registry.register(name="lam", toolset="t", schema={}, handler=lambda args, **kw: plain(args))
registry.register(name="part", toolset="t", schema={},
    handler=functools.partial(with_table, {"a": 1}))
""",
        ),
        Valid(
            _HEAD
            + """\
def cached(fn):
    def inner(*args, **kwargs):
        return fn(args[0])
    return inner

@cached
def decorated(query):
    return json.dumps({"q": query})

registry.register(name="decorated", toolset="t", schema={}, handler=decorated)
""",
            note="a decorator that returns a wrapper may change the signature: skipped (one that"
            " hands the def back unchanged is seen through)",
        ),
        Valid(
            _HEAD
            + """\
class Notes:
    @classmethod
    def call(cls, args, **kw):
        return json.dumps({"notes": []})

    def run(self, args, **kw):
        return json.dumps({"ran": True})

_NOTES = Notes()

registry.register(name="notes", toolset="t", schema={}, handler=Notes.call)
registry.register(name="run", toolset="t", schema={}, handler=_NOTES.run)
""",
            note="a classmethod taken from its class and a method of an instance are bound: "
            "cls and self are not the handler's args",
        ),
        Valid(
            {
                "plugins/qf/__init__.py": """\
from .container import Provider
from .handlers import QuizHandlers


def register(ctx):
    provider = Provider()
    handlers = provider.get_required(QuizHandlers)
    for descriptor in handlers.get_tools():
        ctx.register_tool(
            name=descriptor.meta["name"],
            toolset="qf",
            schema={"name": descriptor.meta["name"], "description": descriptor.meta["description"], "parameters": {"type": "object", "properties": {}}},
            handler=descriptor.handler,
        )
""",
                "plugins/qf/container.py": """\
from typing import Type, TypeVar

T = TypeVar("T")


class Provider:
    def __init__(self):
        self._made = {}

    def get_required(self, kind: Type[T]) -> T:
        if kind not in self._made:
            self._made[kind] = kind()
        return self._made[kind]
""",
                "plugins/qf/handlers.py": """\
import inspect
import json
from dataclasses import dataclass
from typing import Callable

META = "__qf_tool__"
TOPICS = {"math": 12, "art": 3}


def tool(name, description):
    def decorator(method):
        setattr(method, META, {"name": name, "description": description})
        return method
    return decorator


def mean(source, selector):
    values = [selector(x) for x in source]
    if not values:
        raise ValueError("Sequence contains no elements")
    return sum(values) / len(values)


@dataclass
class Descriptor:
    meta: dict
    handler: Callable


class QuizHandlers:
    def is_available(self):
        return True

    def get_tools(self):
        found = []
        for _, member in inspect.getmembers(self, predicate=inspect.ismethod):
            meta = getattr(member, META, None)
            if meta is None:
                continue
            found.append(Descriptor(meta, member))
        return found

    @tool("quiz_topic", "Questions in a topic.")
    def topic(self, args, **kw):
        return json.dumps({"count": TOPICS[args.get("topic", "")]})

    @tool("quiz_mean", "Mean score.")
    def mean_score(self, args, **kw):
        raw = args.get("scores")
        if not isinstance(raw, list):
            return json.dumps({"error": "scores must be a list"})
        scores = [s for s in raw if isinstance(s, (int, float))]
        if not scores:
            return json.dumps({"error": "no scores"})
        return json.dumps({"mean": mean(scores, lambda s: s)})
""",
                "plugins/qf/plugin.yaml": """\
name: qf
version: "1"
description: d
provides_tools: [quiz_topic, quiz_mean]
""",
            },
            note="the methods getmembers lists that no @tool(...) marked (getattr gives the "
            "default None, and the loop goes on to the next) are not registered: is_available "
            "and get_tools are no handlers.",
        ),
    )
    INVALID = (
        Invalid(
            _HEAD
            + """\
def lookup(query):
    return json.dumps({"query": query})

registry.register(name="lookup", toolset="t", schema={}, handler=lookup)
registry.register(name="noargs", toolset="t", schema={}, handler=lambda: tool_error("x"))
""",
            lines=(5, 9),
        ),
        Invalid(
            _HEAD
            + """\
def search(args, limit, **kw):
    return json.dumps(args)

def keyed(args, *, token, **kw):
    return json.dumps(args)

registry.register(name="search", toolset="t", schema={}, handler=search)
registry.register(name="keyed", toolset="t", schema={}, handler=keyed)
""",
            lines=(5, 8),
        ),
    )

    def check(self, ctx: LintContext) -> Iterator[Finding]:
        from hermes_dev.lint.call_cache import per_module

        return per_module(ctx, self.code, lambda m: self._module(ctx, m))

    def _module(self, ctx: LintContext, module: ModuleInfo) -> Iterator[Finding]:
        from hermes_dev.host.registrations import registrations_of

        for reg in registrations_of(module):
            handler = reg.handler
            if handler is None:
                continue
            problem = signature_problem(handler)
            if problem is None:
                continue
            func = handler.func
            what = "handler lambda" if func.name == "<lambda>" else f"handler `{func.name}`"
            message = f"{what} cannot be called as handler(args, **kw): {problem}"
            yield ctx.finding(self.code, message, func.module, _def_line(func.node), reg.label())


def _def_line(node: ast.AST) -> ast.AST:
    """The `def` line of a function (not its first decorator), or the lambda itself."""
    return node
