"""## What it does
Reports a `raise` or `assert` in a tool handler (or in the function a handler lambda or
`functools.partial` forwards to) that no enclosing `try` catches: the `except` clauses around it
catch neither the raised class nor one of its bases (bare `except`, `Exception` and
`BaseException` catch everything the handler raises). A bare `raise` that re-raises in an
`except` block counts too, unless an outer `try` catches it. Raises whose class or handlers cannot
be resolved are not reported.

## Why is this bad?
A handler reports errors as `{"error": "..."}` so that the model can read what went wrong and
react. An exception that escapes reaches the registry's safety net instead, which replaces it with
a generic "Tool execution failed" message: the model loses the explanation, and an `assert` even
disappears under `python -O`.

## Example
```python
def read_note(args, **kw):
    path = args.get("path")
    if not path:
        raise ValueError("path is required")
    return json.dumps({"text": open(path).read()})
```

## Use instead
```python
def read_note(args, **kw):
    path = args.get("path")
    if not path:
        return tool_error("path is required")
    return json.dumps({"text": open(path).read()})
```

## Fix safety
A `raise SomeError(message)` in the handler's own body (not in a function it calls) becomes
`return tool_error(message)`, keeping the message (a string, an f-string, `str(e)`); `tool_error`
is imported the way the module imports the registry when it is missing. The fix is unsafe: code
that relied on the exception (a caller catching it, a test expecting it) sees a returned error
instead. Bare re-raises, `assert`s and raises without one message argument have no fix.
"""

from __future__ import annotations

import ast

from hermes_dev.lint.rule import Fix, Invalid, Rule, Valid
from hermes_dev.pyast.raises import escaping

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path

    from hermes_dev.lint.engine import LintContext
    from hermes_dev.lint.rule import Finding

_HEAD = """\
import json
from tools.registry import registry, tool_error

"""


class HandlerRaises(Rule):
    code = "HD102"
    name = "handler-raises"
    summary = "A tool handler lets an exception escape"
    fixable = "unsafe"

    VALID = (
        Valid(
            _HEAD
            + """\
class QuotaError(RuntimeError):
    pass

def search(query, task_id=None):
    try:
        if not query:
            raise ValueError("query is required")
        try:
            data = {"q": query}
        except KeyError:
            raise QuotaError("inner")
        if len(query) > 100:
            raise QuotaError("too long")
        return json.dumps(data)
    except (ValueError, RuntimeError) as e:
        return tool_error(str(e))

registry.register(name="search", toolset="t", schema={},
    handler=lambda args, **kw: search(args.get("query"), task_id=kw.get("task_id")))
""",
            note="raises caught by an outer try, including one from an inner except",
        ),
        Valid(
            _HEAD
            + """\
def run(args, **kw):
    def helper():
        raise RuntimeError("only inside the nested function")
    try:
        assert args, "args required"
        return json.dumps({"r": helper()})
    except Exception as e:
        return tool_error(e)

registry.register(name="run", toolset="t", schema={}, handler=run)
""",
        ),
        Valid(
            _HEAD
            + """\
from somewhere import ApiError

def call(args, **kw):
    try:
        if not args:
            raise ApiError("no arguments")
        return json.dumps(args)
    except ValueError as e:
        return tool_error(e)

registry.register(name="call", toolset="t", schema={}, handler=call)
""",
            note="ApiError's bases are unknown (it may be a ValueError): not reported",
        ),
    )
    INVALID = (
        Invalid(
            _HEAD
            + """\
def read_note(args, **kw):
    path = args.get("path")
    if not path:
        raise ValueError("path is required")
    assert isinstance(path, str)
    return json.dumps({"path": path})

registry.register(name="read_note", toolset="t", schema={}, handler=read_note)
""",
            lines=(7, 8),
            fixed=_HEAD
            + """\
def read_note(args, **kw):
    path = args.get("path")
    if not path:
        return tool_error("path is required")
    assert isinstance(path, str)
    return json.dumps({"path": path})

registry.register(name="read_note", toolset="t", schema={}, handler=read_note)
""",
        ),
        Invalid(
            _HEAD
            + """\
def fetch(url):
    try:
        return json.dumps({"url": url})
    except ValueError:
        raise KeyError(url)
    except Exception:
        raise

registry.register(name="fetch", toolset="t", schema={},
    handler=lambda args, **kw: fetch(args["url"]))
""",
            lines=(8, 10),
            note="raises in except blocks escape their own try",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import functools

def lookup(table, args, **kw):
    try:
        return json.dumps(table[args["k"]])
    except KeyError:
        raise SystemExit(1)

registry.register(name="lookup", toolset="t", schema={},
    handler=functools.partial(lookup, {}))
""",
            lines=(10,),
            note="SystemExit is not an Exception: an `except KeyError` does not catch it either",
            fixed={},
        ),
        Invalid(
            """\
import json

from tools.registry import (
    registry,
)


def fetch(args, **kw):
    try:
        data = json.loads(args["payload"])
    except ValueError as e:
        raise RuntimeError(f"bad payload: {e}") from e
    if not data:
        raise LookupError(str(data))
    return json.dumps(data)


registry.register(name="fetch", toolset="t", schema={}, handler=fetch)
""",
            lines=(12, 14),
            note="the message is kept; tool_error joins the parenthesised registry import",
            fixed="""\
import json

from tools.registry import (
    registry,
    tool_error,
)


def fetch(args, **kw):
    try:
        data = json.loads(args["payload"])
    except ValueError as e:
        return tool_error(f"bad payload: {e}")
    if not data:
        return tool_error(str(data))
    return json.dumps(data)


registry.register(name="fetch", toolset="t", schema={}, handler=fetch)
""",
        ),
    )

    def check(self, ctx: LintContext) -> Iterator[Finding]:
        for reg in ctx.registrations():
            handler = reg.handler
            if handler is None:
                continue
            for func in handler.code():
                if func.wrapped:
                    continue  # a decorator may catch what it raises
                for escape in escaping(func):
                    if escape.node.__class__.__name__ == "Assert":
                        what = "`assert` raises AssertionError out of"
                    elif escape.reraise:
                        what = f"re-raising {escape.raised.label} lets it out of"
                    else:
                        what = f"`raise {escape.raised.label}` escapes"
                    message = (
                        f"{what} `{func.name}`: the model gets a generic error;"
                        " return tool_error(...) instead"
                    )
                    finding = ctx.finding(
                        self.code, message, func.module, escape.node, reg.label()
                    )
                    if not escape.reraise:
                        finding = finding.with_fix(_fix(func.module.path, escape.node))
                    yield finding


def _fix(path: Path, node: ast.stmt) -> Fix | None:
    """`raise X(message)` -> `return tool_error(message)`, for a message that reads as one."""
    if not isinstance(node, ast.Raise) or not isinstance(node.exc, ast.Call):
        return None
    call = node.exc
    if len(call.args) != 1 or call.keywords or not _is_message(call.args[0]):
        return None
    span = (node.lineno, node.col_offset, node.end_lineno, node.end_col_offset)
    return Fix(
        "replace_raise_with_tool_error",
        path,
        span,
        False,
        "Return the message through `tool_error(...)`",
    )


def _is_message(expr: ast.expr) -> bool:
    """A string, an f-string, `str(x)`, or text built with `%`, `+` or `.format(...)`."""
    if isinstance(expr, ast.Constant):
        return isinstance(expr.value, str)
    if isinstance(expr, ast.JoinedStr):
        return True
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, (ast.Mod, ast.Add)):
        return _is_message(expr.left)
    if isinstance(expr, ast.Call):
        func = expr.func
        if isinstance(func, ast.Name):
            return func.id == "str" and len(expr.args) == 1 and not expr.keywords
        if isinstance(func, ast.Attribute) and func.attr == "format":
            return _is_message(func.value)
    return False
