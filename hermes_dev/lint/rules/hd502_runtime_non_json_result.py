"""## What it does
Reported by `hermes-dev check` (see HD501 for how it calls handlers): a handler returned something
other than a JSON string on some call: a dict, a list, `None`, a coroutine (an `async def`
registered without `is_async=True`), or a string that does not parse as JSON. The multimodal
envelope (`{"_multimodal": True, "content": [...]}`) is accepted, as Hermes accepts it. The
finding sits at the handler's definition, with the call's shrunk arguments and a replay command:
a dict returned on one enum value shrinks to that value.

## Why is this bad?
Hermes appends the handler's result to the conversation as the tool's answer. A dict is not a
string: depending on the version the turn fails, or the registry replaces the answer with
`Tool handler returned unsupported result type`. Plain text is passed on, but the model and
the tools around it (result storage, previews, the error detectors) expect JSON. HD101 finds the
returns it can see statically; `check` finds the branch that only some inputs reach.

## Example
```python
def convert(args, **kw):
    if args.get("units") == "imperial":
        return {"temp_f": 68}
    return json.dumps({"temp_c": 20})
```

## Use instead
```python
def convert(args, **kw):
    if args.get("units") == "imperial":
        return json.dumps({"temp_f": 68})
    return json.dumps({"temp_c": 20})
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

SCHEMA = {"name": "convert", "description": "Convert.", "parameters": {
    "type": "object",
    "properties": {"units": {"type": "string", "enum": ["metric", "imperial"],
                             "description": "Units"}},
    "required": []}}

"""


class RuntimeNonJsonResult(Rule):
    code = "HD502"
    name = "runtime-non-json-result"
    summary = "The handler returned something other than a JSON string when it ran"
    scope = "runtime"

    VALID = (
        Valid(
            _HEAD
            + """\
def convert(args, **kw):
    if args.get("units") == "imperial":
        return json.dumps({"temp_f": 68})
    return json.dumps({"temp_c": 20})

registry.register(name="convert", toolset="units", schema=SCHEMA, handler=convert)
""",
        ),
        Valid(
            _HEAD
            + """\
def convert(args, **kw):
    return {"_multimodal": True, "content": [{"type": "text", "text": "20 C"}]}

registry.register(name="convert", toolset="units", schema=SCHEMA, handler=convert)
""",
            note="the multimodal envelope is a dict Hermes accepts",
        ),
    )
    INVALID = (
        Invalid(
            _HEAD
            + """\
def convert(args, **kw):
    if args.get("units") == "imperial":
        return {"temp_f": 68}
    return json.dumps({"temp_c": 20})

registry.register(name="convert", toolset="units", schema=SCHEMA, handler=convert)
""",
            lines=(10,),
            note="a dict on one enum value only",
        ),
        Invalid(
            _HEAD
            + """\
def convert(args, **kw):
    return "20 degrees"

registry.register(name="convert", toolset="units", schema=SCHEMA, handler=convert)
""",
            lines=(10,),
            note="plain text",
        ),
    )

    def check(self, ctx: LintContext) -> Iterator[Finding]:
        return iter(())  # a runtime rule: `hermes-dev check` reports it
