"""## What it does
Reports a `# hermes-dev: ignore[...]` comment, or an HD code in a `# noqa: ...` comment, that
suppresses nothing on its line, or one that names an unknown rule code. A `# noqa` is read as
Ruff reads it (`# noqa: HD101, E501`); only its HD codes count here: a bare `# noqa` and the
other linters' codes are theirs, neither honoured nor reported.

## Why is this bad?
A stale suppression hides the next real finding on that line and tells readers a problem exists
where none does. It usually stays behind after the code it excused was fixed or moved.

## Example
```python
def ping(args, **kw):
    return json.dumps({"ok": True})  # hermes-dev: ignore[HD101]
```

## Use instead
```python
def ping(args, **kw):
    return json.dumps({"ok": True})
```

## Fix safety
The fix removes the suppression comment, or only the codes in it that suppress nothing
(`ignore[HD101, HD102]` -> `ignore[HD102]`, `# noqa: E501, HD101` -> `# noqa: E501`); a line
left blank goes too, and another tool's comment sharing the line stays. It is safe: a comment
changes nothing the code does.
"""

from __future__ import annotations

from hermes_dev.lint.rule import Invalid, Rule, Valid

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

    from hermes_dev.lint.context import LintContext
    from hermes_dev.lint.rule import Finding


class UnusedSuppression(Rule):
    """The engine reports HD900 after filtering findings; this class carries docs and cases."""

    code = "HD900"
    name = "unused-suppression"
    summary = "A suppression comment suppresses nothing"
    fixable = "safe"

    VALID = (
        Valid(
            """\
from tools.registry import registry

def ping(args, **kw):
    return {"ok": True}  # hermes-dev: ignore[HD101]

registry.register(name="ping", toolset="t", schema={}, handler=ping)
"""
        ),
        Valid(
            """\
import json
from tools.registry import registry

def ping(args, **kw):
    if args:
        return {"ok": True}  # noqa: HD101
    return json.dumps({"ok": True})  # noqa
    # noqa: E501 -- another linter's, neither honoured nor reported here

registry.register(name="ping", toolset="t", schema={}, handler=ping)
"""
        ),
    )
    INVALID = (
        Invalid(
            """\
import json
from tools.registry import registry

def ping(args, **kw):
    return json.dumps({"ok": True})  # hermes-dev: ignore[HD101]

registry.register(name="ping", toolset="t", schema={}, handler=ping)
""",
            lines=(5,),
            fixed="""\
import json
from tools.registry import registry

def ping(args, **kw):
    return json.dumps({"ok": True})

registry.register(name="ping", toolset="t", schema={}, handler=ping)
""",
        ),
        Invalid(
            """\
import json
from tools.registry import registry

def ping(args, **kw):
    return json.dumps({"ok": True})  # hermes-dev: ignore

registry.register(name="ping", toolset="t", schema={}, handler=ping)
""",
            lines=(5,),
            fixed="""\
import json
from tools.registry import registry

def ping(args, **kw):
    return json.dumps({"ok": True})

registry.register(name="ping", toolset="t", schema={}, handler=ping)
""",
        ),
        Invalid(
            """\
import json
from tools.registry import registry

def ping(args, **kw):
    # hermes-dev: ignore[HD101]
    if not args:
        return {"ok": False}  # hermes-dev: ignore[HD101, HD102, HD999]
    return json.dumps({"ok": True})  # hermes-dev: ignore[HD102] -- legacy

registry.register(name="ping", toolset="t", schema={}, handler=ping)
""",
            lines=(5, 7, 7, 8),
            note="unused codes of a used comment; a comment on a line of its own; a reason",
            fixed="""\
import json
from tools.registry import registry

def ping(args, **kw):
    if not args:
        return {"ok": False}  # hermes-dev: ignore[HD101]
    return json.dumps({"ok": True})

registry.register(name="ping", toolset="t", schema={}, handler=ping)
""",
        ),
        Invalid(
            """\
import json
from tools.registry import registry

def ping(args, **kw):
    if args:
        return json.dumps({"ok": False})  # noqa: HD101
    return json.dumps({"ok": True})  # NOQA: E501, HD101, HD102 -- legacy

registry.register(name="ping", toolset="t", schema={}, handler=ping)  # noqa: E501  # hermes-dev: ignore[HD205]
""",
            lines=(6, 7, 7, 9),
            note="`# noqa` as Ruff writes it: its HD codes only; another tool's comment stays",
            fixed="""\
import json
from tools.registry import registry

def ping(args, **kw):
    if args:
        return json.dumps({"ok": False})
    return json.dumps({"ok": True})  # NOQA: E501 -- legacy

registry.register(name="ping", toolset="t", schema={}, handler=ping)  # noqa: E501
""",
        ),
    )

    def check(self, ctx: LintContext) -> Iterator[Finding]:
        return iter(())
