"""## What it does
Reported by `hermes-dev check` (see HD501 for how it calls handlers): a handler reported a failure
in a JSON object without an `"error"` key: `"success": false`, `"ok": false`, or a `"status"`
of `error`, `failed` or `failure`, and no (or an empty) `"error"`. The finding sits at the
handler's definition, with the call's shrunk arguments and a replay command.

## Why is this bad?
`"error"` is how Hermes tools say that a call failed: the registry's own errors, `tool_error()`,
the agent's error detection, the result observers and the hooks that count failures all look
for it. `{"success": false, "message": "no such city"}` reads as a successful call to all of
them, and the model may take the message for data.

## Example
```python
def lookup(args, **kw):
    city = args.get("city")
    if city not in CITIES:
        return json.dumps({"success": False, "message": f"no such city: {city}"})
    return json.dumps({"success": True, "city": CITIES[city]})
```

## Use instead
```python
def lookup(args, **kw):
    city = args.get("city")
    if city not in CITIES:
        return tool_error(f"no such city: {city}", success=False)
    return json.dumps({"success": True, "city": CITIES[city]})
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

SCHEMA = {"name": "lookup", "description": "Look a city up.", "parameters": {
    "type": "object",
    "properties": {"city": {"type": "string", "description": "A city"}},
    "required": ["city"]}}

"""


class FailureWithoutErrorKey(Rule):
    code = "HD503"
    name = "failure-without-error-key"
    summary = "The handler reported a failure without an error key"
    scope = "runtime"

    VALID = (
        Valid(
            _HEAD
            + """\
def lookup(args, **kw):
    if args.get("city") != "Oslo":
        return tool_error("no such city", success=False)
    return json.dumps({"success": True, "city": "Oslo"})

registry.register(name="lookup", toolset="cities", schema=SCHEMA, handler=lookup)
""",
        ),
    )
    INVALID = (
        Invalid(
            _HEAD
            + """\
def lookup(args, **kw):
    if args.get("city") != "Oslo":
        return json.dumps({"success": False, "message": "no such city"})
    return json.dumps({"success": True, "city": "Oslo"})

registry.register(name="lookup", toolset="cities", schema=SCHEMA, handler=lookup)
""",
            lines=(9,),
        ),
        Invalid(
            _HEAD
            + """\
def lookup(args, **kw):
    return json.dumps({"status": "failed", "error": None})

registry.register(name="lookup", toolset="cities", schema=SCHEMA, handler=lookup)
""",
            lines=(9,),
            note="an empty error counts as none",
        ),
    )

    def check(self, ctx: LintContext) -> Iterator[Finding]:
        return iter(())  # a runtime rule: `hermes-dev check` reports it
