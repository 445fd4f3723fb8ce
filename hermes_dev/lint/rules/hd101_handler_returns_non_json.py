"""## What it does
Reports a `return` in a tool handler (or in the function a handler lambda or `functools.partial`
forwards to) whose value is surely not a JSON string: a dict, list, tuple, set, number, bool or
`None` literal, a bare `return`, falling off the end of the function, `orjson.dumps(...)` (bytes),
a plain or f-string that is not JSON such as `f"Error: {e}"`, a JSON string with text concatenated
to it, or a call of a function every return of which is one of those. Values the linter cannot
know are never reported, and neither is the multimodal envelope
`{"_multimodal": True, "content": [...]}`, which Hermes' dispatch passes through on purpose.

## Why is this bad?
Hermes hands the handler's return value to the model as the tool result, and the contract is a
JSON string. The registry replaces anything else with a generic "unsupported result type" error,
so the model never sees the data; prose like `"Error: timeout"` reaches the model unstructured
where every other tool gives `{"error": ...}`.

## Example
```python
def weather_tool(location: str) -> str:
    if not location:
        return {"error": "location is required"}
    return json.dumps({"location": location, "temp": 22})
```

## Use instead
```python
def weather_tool(location: str) -> str:
    if not location:
        return tool_error("location is required")
    return json.dumps({"location": location, "temp": 22})
```

## Fix safety
A `return` in the handler's own body of a dict or list literal, or of a name bound only to dict
or list literals, is wrapped in `json.dumps(...)` (`import json` is added when missing). The fix
is safe: the model receives the same data, now as the JSON string the contract asks for. It is
unsafe when other code in the module names the function too: those callers get a string now.

A `return` of an error message as plain text (`"Error: ..."`, `f"Failed to {x}"`) becomes
`return tool_error(...)` with the same text (`tool_error` imported the way the module imports
the registry). This fix is unsafe: the result changes from prose to `{"error": ...}`, which a
caller or test comparing the text notices. Other returns (None, falling off the end, bytes,
values from helpers) have no fix.
"""

from __future__ import annotations

import ast

from hermes_dev.lint.rule import Fix, Invalid, Rule, Valid
from hermes_dev.pyast.jsonness import NOT_JSON, Scope, infer, return_verdicts

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

    from hermes_dev.lint.engine import LintContext
    from hermes_dev.lint.rule import Finding
    from hermes_dev.pyast.model import Func

_HEAD = """\
import json
from tools.registry import registry, tool_error, tool_result

"""


class HandlerReturnsNonJson(Rule):
    code = "HD101"
    name = "handler-returns-non-json"
    summary = "A tool handler returns a value that is not a JSON string"
    fixable = "safe or unsafe"

    VALID = (
        Valid(
            _HEAD
            + """\
def weather(location, units="metric"):
    if not location:
        return tool_error("location is required")
    try:
        data = {"location": location, "units": units}
    except Exception as e:
        return json.dumps({"error": str(e)})
    return tool_result(data)

registry.register(name="weather", toolset="w", schema={},
    handler=lambda args, **kw: weather(args.get("location", ""), task_id=kw.get("task_id")))
""",
            note="lambda forwarding to a function whose returns are all JSON",
        ),
        Valid(
            _HEAD
            + """\
def _error(msg):
    return tool_error(msg)

def lookup(args, **kw):
    result = json.dumps({"ok": True}) if args else _error("empty")
    if not args:
        out = _error("no args")
    else:
        out = json.dumps(args)
    return result if kw else out

registry.register(name="lookup", toolset="t", schema={}, handler=lookup)
""",
            note="helpers, conditionals and variables that are all JSON",
        ),
        Valid(
            _HEAD
            + """\
def passthrough(args, **kw):
    value = compute(args)
    return value

registry.register(name="passthrough", toolset="t", schema={}, handler=passthrough)
""",
            note="an unknown value is not reported",
        ),
        Valid(
            _HEAD
            + """\
def forever(args, **kw):
    while True:
        if args.get("x"):
            return json.dumps(args)

registry.register(name="forever", toolset="t", schema={}, handler=forever)
""",
            note="`while True` without break never falls off the end",
        ),
        Valid(
            _HEAD
            + """\
def _envelope(text, image):
    return {"_multimodal": True, "content": [{"type": "text", "text": text}, image]}

def screenshot(args, **kw):
    if not args.get("inline"):
        result = {"_multimodal": True, "content": [{"type": "text", "text": "ok"}]}
        return result
    return _envelope("shot", {"type": "image_url", "image_url": {"url": "data:"}})

registry.register(name="screenshot", toolset="t", schema={}, handler=screenshot)
""",
            note="the multimodal envelope is an accepted result",
        ),
    )
    INVALID = (
        Invalid(
            _HEAD
            + """\
def weather(location):
    if not location:
        return {"error": "location is required"}
    return json.dumps({"location": location})

registry.register(name="weather", toolset="w", schema={},
    handler=lambda args, **kw: weather(args.get("location", "")))
""",
            lines=(6,),
            fixed=_HEAD
            + """\
def weather(location):
    if not location:
        return json.dumps({"error": "location is required"})
    return json.dumps({"location": location})

registry.register(name="weather", toolset="w", schema={},
    handler=lambda args, **kw: weather(args.get("location", "")))
""",
        ),
        Invalid(
            _HEAD
            + """\
def fetch(args, **kw):
    try:
        return json.dumps({"data": args["q"]})
    except KeyError as e:
        return f"Error: {e}"

registry.register(name="fetch", toolset="t", schema={}, handler=fetch)
""",
            lines=(8,),
            fixed=_HEAD
            + """\
def fetch(args, **kw):
    try:
        return json.dumps({"data": args["q"]})
    except KeyError as e:
        return tool_error(f"Error: {e}")

registry.register(name="fetch", toolset="t", schema={}, handler=fetch)
""",
        ),
        Invalid(
            _HEAD
            + """\
def count(args, **kw):
    if args.get("text"):
        return json.dumps({"n": len(args["text"])})

def label(args, **kw):
    return "result: " + json.dumps(args)

def empty(args, **kw):
    return

registry.register(name="count", toolset="t", schema={}, handler=count)
registry.register(name="label", toolset="t", schema={}, handler=label)
registry.register(name="empty", toolset="t", schema={}, handler=empty)
""",
            lines=(5, 9, 12),
            note="falling off the end, text concatenated to JSON, a bare return",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import orjson

def _payload(x):
    return {"x": x}

def dump(args, **kw):
    if args:
        return orjson.dumps(args)
    return _payload(1)

registry.register(name="dump", toolset="t", schema={}, handler=dump)
""",
            lines=(11, 12),
            note="bytes, and a helper that returns a dict",
            fixed={},
        ),
        Invalid(
            """\
\"\"\"Notes.\"\"\"

from tools.registry import registry


def notes(args, **kw):
    if not args.get("title"):
        return "Error: title is required"
    result = {"title": args["title"]}
    result["tags"] = [
        "note",  # always
    ]
    return result


registry.register(name="notes", toolset="t", schema={}, handler=notes)
""",
            lines=(8, 13),
            note="the fixes add `import json` and `tool_error` to the registry import",
            fixed="""\
\"\"\"Notes.\"\"\"

import json
from tools.registry import registry, tool_error


def notes(args, **kw):
    if not args.get("title"):
        return tool_error("Error: title is required")
    result = {"title": args["title"]}
    result["tags"] = [
        "note",  # always
    ]
    return json.dumps(result)


registry.register(name="notes", toolset="t", schema={}, handler=notes)
""",
        ),
        Invalid(
            """\
import json
from tools.registry import registry


def listing(args, **kw):
    return [{"id": 1}]


def summary(args, **kw):
    return json.dumps({"n": len(json.loads(listing(args)))})


registry.register(name="listing", toolset="t", schema={}, handler=listing)
""",
            lines=(6,),
            note="other code calls the handler: the json.dumps fix is unsafe here",
            fixed="""\
import json
from tools.registry import registry


def listing(args, **kw):
    return json.dumps([{"id": 1}])


def summary(args, **kw):
    return json.dumps({"n": len(json.loads(listing(args)))})


registry.register(name="listing", toolset="t", schema={}, handler=listing)
""",
        ),
    )

    def check(self, ctx: LintContext) -> Iterator[Finding]:
        for reg in ctx.registrations():
            handler = reg.handler
            if handler is None:
                continue
            tool = reg.label()
            for func in handler.code():
                if func.wrapped:
                    continue  # a decorator may turn what it returns into JSON
                node = func.node
                if isinstance(node, ast.Lambda):
                    if handler.target is not None:
                        continue  # the function it forwards to is checked instead
                    verdict = infer(node.body, Scope(func.module, func))
                    if verdict.kind == NOT_JSON:
                        message = f"handler lambda returns {_what(verdict.reason)}"
                        yield ctx.finding(self.code, message, func.module, node.body, tool)
                    continue
                for exit in return_verdicts(func):
                    verdict = exit.verdict
                    if verdict.kind != NOT_JSON:
                        continue
                    if exit.falls_off:
                        message = (
                            f"`{func.name}` can end without a return (the handler returns None);"
                            " return tool_result(...) or tool_error(...)"
                        )
                    else:
                        message = (
                            f"`{func.name}` returns {_what(verdict.reason)};"
                            " use json.dumps(...), tool_result(...) or tool_error(...)"
                        )
                    finding = ctx.finding(self.code, message, func.module, exit.node, tool)
                    if not exit.falls_off and isinstance(exit.node, ast.Return):
                        finding = finding.with_fix(_fix(func, exit.node))
                    yield finding


# The first words of a returned string that make it an error message (HD101's tool_error fix).
_ERROR_WORDS = ("error", "failed", "failure", "fail:", "cannot", "could not", "unable to")


def _fix(func: Func, node: ast.Return) -> Fix | None:
    """How to fix a `return` in the handler's own body, when there is a sure way."""
    value = node.value
    span = (node.lineno, node.col_offset, node.end_lineno, node.end_col_offset)
    if isinstance(value, (ast.Dict, ast.List)) or (
        isinstance(value, ast.Name) and _bound_to_literals(func, value.id)
    ):
        # Other code calling the function would get a string instead of the dict.
        safe = not _called_elsewhere(func)
        return Fix(
            "wrap_in_json_dumps", func.module.path, span, safe, "Wrap the value in `json.dumps(...)`"
        )
    if _is_error_text(value):
        return Fix(
            "wrap_in_tool_error",
            func.module.path,
            span,
            False,
            "Return the message through `tool_error(...)`",
        )
    return None


def _bound_to_literals(func: Func, name: str) -> bool:
    """True when every binding of local `name` is a dict or list literal."""
    values = Scope(func.module, func).local_values(name)
    return bool(values) and all(isinstance(v, (ast.Dict, ast.List)) for v in values or ())


def _called_elsewhere(func: Func) -> bool:
    """True when the module names the function more often than its registrations do."""
    module = func.module
    if module.tree is None:
        return True
    names = sum(1 for n in ast.walk(module.tree) if isinstance(n, ast.Name) and n.id == func.name)
    registrations = sum(
        1 for reg in module.registrations if reg.handler is not None and func in reg.handler.code()
    )
    return names > registrations


def _is_error_text(value: ast.expr | None) -> bool:
    """A string literal or f-string whose text starts like an error message."""
    if isinstance(value, ast.Constant) and isinstance(value.value, str):
        text = value.value
    elif isinstance(value, ast.JoinedStr) and value.values:
        first = value.values[0]
        if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
            return False
        text = first.value
    else:
        return False
    return text.strip().lower().startswith(_ERROR_WORDS)


def _what(reason: str) -> str:
    return reason if "JSON" in reason else f"{reason}, not a JSON string"
