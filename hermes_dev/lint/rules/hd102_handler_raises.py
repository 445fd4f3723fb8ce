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
"""

from __future__ import annotations

from hermes_dev.pyast.raises import escaping
from hermes_dev.lint.rule import Invalid, Rule, Valid

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

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
                    yield ctx.finding(self.code, message, func.module, escape.node, reg.label())
