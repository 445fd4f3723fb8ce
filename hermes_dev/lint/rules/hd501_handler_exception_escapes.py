"""## What it does
Reported by `hermes-dev check`, which calls each handler (in a sandboxed child process, through
the registry's `dispatch` as Hermes does) with arguments built from the tool's own schema: valid
ones, each required property left out, each property of the wrong type, an unknown extra one, the
`requires_env` variables unset. It reports an exception that escapes the handler, caught just
before the registry's safety net turns it into an error string: its type and message, the
traceback's frames under the root as the chain, and the arguments of the call, shrunk to the
smallest that still raise it, with the command that replays them
(`hermes-dev check weather --replay '{}'`).

It sits at the handler's line the exception leaves through (the outermost frame under the root).
When `hermes-dev lint` reports HD102 for the same tool and exception, `check` marks that finding
confirmed.

## Why is this bad?
Hermes' `registry.dispatch` catches the exception and sends the model
`Tool execution failed: KeyError: 'symbol'`: a crash report instead of the tool's explanation and
next step. Models do leave out required arguments and send wrongly typed ones; a handler that reads
`args["symbol"]` or calls `.strip()` on a number fails on exactly those calls, which a static
reading cannot see.

## Example
```python
def quote(args, **kw):
    symbol = args["symbol"]              # KeyError when the model leaves it out
    return json.dumps({"price": PRICES[symbol.upper()]})
```

## Use instead
```python
def quote(args, **kw):
    symbol = args.get("symbol")
    if not isinstance(symbol, str) or not symbol:
        return tool_error("symbol is required, e.g. AAPL")
    price = PRICES.get(symbol.upper())
    if price is None:
        return tool_error(f"unknown symbol {symbol!r}")
    return json.dumps({"price": price})
```
"""

from __future__ import annotations

from hermes_dev.lint.rule import Invalid, Rule, Valid

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

    from hermes_dev.lint.context import LintContext
    from hermes_dev.lint.rule import Finding

_HEAD = """\
import json
from tools.registry import registry, tool_error

SCHEMA = {"name": "quote", "description": "Quote a symbol.", "parameters": {
    "type": "object",
    "properties": {"symbol": {"type": "string", "description": "A ticker, e.g. AAPL"}},
    "required": ["symbol"]}}

"""


class HandlerExceptionEscapes(Rule):
    code = "HD501"
    name = "handler-exception-escapes"
    summary = "An exception escapes the handler when it runs"
    scope = "runtime"

    VALID = (
        Valid(
            _HEAD
            + """\
def quote(args, **kw):
    symbol = args.get("symbol")
    if not isinstance(symbol, str):
        return tool_error("symbol must be a string")
    return json.dumps({"symbol": symbol.upper()})

registry.register(name="quote", toolset="quotes", schema=SCHEMA, handler=quote)
""",
        ),
    )
    INVALID = (
        Invalid(
            _HEAD
            + """\
def quote(args, **kw):
    symbol = args["symbol"]
    return json.dumps({"symbol": symbol})

registry.register(name="quote", toolset="quotes", schema=SCHEMA, handler=quote)
""",
            lines=(10,),
            note="a required argument left out: KeyError",
        ),
        Invalid(
            _HEAD
            + """\
def _upper(symbol):
    return symbol.upper()

def quote(args, **kw):
    return json.dumps({"symbol": _upper(args.get("symbol", ""))})

registry.register(name="quote", toolset="quotes", schema=SCHEMA, handler=quote)
""",
            lines=(13,),
            note="a wrongly typed argument: AttributeError in a helper, reported at the handler",
        ),
    )

    def check(self, ctx: LintContext) -> Iterator[Finding]:
        return iter(())  # a runtime rule: `hermes-dev check` reports it
