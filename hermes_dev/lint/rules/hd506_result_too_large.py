"""## What it does
Reported by `hermes-dev check` (see HD501 for how it calls handlers): a handler returned a result
longer than Hermes' limit for the tool: the registration's `max_result_size_chars`, else the
registry's default (`registry.get_max_result_size(name)`: 100,000 characters in Hermes Agent
0.16). The finding sits at the handler's definition, with the call's shrunk arguments and a
replay command.

## Why is this bad?
Hermes does not hand a result over the limit to the model: it stores it in a file and gives the
model a preview and the path, and a turn's results share a budget. A tool whose ordinary answer
is over the limit costs a round trip (the model reads the file back) or loses the tail.

## Example
```python
def list_rows(args, **kw):
    return json.dumps({"rows": ROWS})            # every row, however many
```

## Use instead
```python
def list_rows(args, **kw):
    limit = min(int(args.get("limit") or 100), 500)
    offset = int(args.get("offset") or 0)
    return json.dumps({"rows": ROWS[offset:offset + limit], "total": len(ROWS)})
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

SCHEMA = {"name": "rows", "description": "List rows.", "parameters": {
    "type": "object", "properties": {}, "required": []}}

"""


class ResultTooLarge(Rule):
    code = "HD506"
    name = "result-too-large"
    summary = "The handler returned more than Hermes' limit for the tool"
    scope = "runtime"

    VALID = (
        Valid(
            _HEAD
            + """\
def rows(args, **kw):
    return json.dumps({"rows": list(range(100))})

registry.register(name="rows", toolset="rows", schema=SCHEMA, handler=rows,
                  max_result_size_chars=1000)
""",
        ),
    )
    INVALID = (
        Invalid(
            _HEAD
            + """\
def rows(args, **kw):
    return json.dumps({"rows": list(range(1000))})

registry.register(name="rows", toolset="rows", schema=SCHEMA, handler=rows,
                  max_result_size_chars=1000)
""",
            lines=(7,),
        ),
    )

    def check(self, ctx: LintContext) -> Iterator[Finding]:
        return iter(())  # a runtime rule: `hermes-dev check` reports it
