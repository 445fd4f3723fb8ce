"""## What it does
Reported by `hermes-dev check` (see HD501 for how it calls handlers): a handler gave no answer
within the time limit (`--timeout`, 5 seconds by default), grew the process's memory by more
than the limit of a call (1,024 MB by default; `memory-per-call` in
`[tool.hermes-dev.check]`), or the process ended during the call (a crash in C code,
`os._exit`, a resource limit). The child process is killed and started again for the
remaining calls. On a time-out or a memory stop the finding sits at the handler's line that was
running (read from a stack dump taken before the kill), with the other frames under the root
as the chain; an async handler waits off the stack (its thread is in the event loop), so its
finding sits at the handler's definition, as does a process that ended.

## Why is this bad?
Hermes waits for the handler: the agent's turn, and in the gateway the user's chat, hangs with
it. A handler that waits on the network, a lock or a child process needs its own time-out and
an `{"error": ...}` when it expires.

## Example
```python
def fetch(args, **kw):
    response = requests.get(args["url"])      # no timeout: may wait forever
    return json.dumps({"status": response.status_code})
```

## Use instead
```python
def fetch(args, **kw):
    try:
        response = requests.get(args["url"], timeout=10)
    except requests.RequestException as exc:
        return tool_error(f"could not fetch {args['url']}: {exc}")
    return json.dumps({"status": response.status_code})
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
import time
from tools.registry import registry, tool_error

SCHEMA = {"name": "wait", "description": "Wait.", "parameters": {
    "type": "object",
    "properties": {"seconds": {"type": "integer", "minimum": 0, "maximum": 100,
                               "description": "How long"}},
    "required": []}}

"""


class HandlerDoesNotAnswer(Rule):
    code = "HD504"
    name = "handler-does-not-answer"
    summary = "The handler gave no answer within the time limit"
    scope = "runtime"

    VALID = (
        Valid(
            _HEAD
            + """\
def wait(args, **kw):
    return json.dumps({"waited": 0})

registry.register(name="wait", toolset="waits", schema=SCHEMA, handler=wait)
""",
        ),
    )
    INVALID = (
        Invalid(
            _HEAD
            + """\
def wait(args, **kw):
    seconds = args.get("seconds", 0)
    if seconds == 100:
        time.sleep(3600)
    return json.dumps({"waited": 0})

registry.register(name="wait", toolset="waits", schema=SCHEMA, handler=wait)
""",
            lines=(14,),
            note="only the boundary value hangs",
        ),
    )

    def check(self, ctx: LintContext) -> Iterator[Finding]:
        return iter(())  # a runtime rule: `hermes-dev check` reports it
