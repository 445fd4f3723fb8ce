"""## What it does
Reported by `hermes-dev check` (see HD501 for how it calls handlers): a guard of the sandbox
fired while the handler ran. The child process runs with audit hooks (`sys.addaudithook`) that
block and report network connections and name lookups, subprocesses (`subprocess`,
`os.system`, `exec`, `fork`, `posix_spawn`), writes, renames and deletes outside the sandbox
folder (the call's working folder, `HOME`, `HERMES_HOME` and `TMPDIR`), ctypes, and attempts to
switch the guards off (raising resource limits, adding audit hooks, searching the garbage
collector's object lists). The blocked operation raises `PermissionError`, as a refusal would.
The message says what the handler tried (the address, the command, the path); the finding sits
at the handler's line that led to it, with the frames under the root as the chain. A guard that
fires while the host is imported is reported too, at the module's line.

## Why is this bad?
A tool that reaches the network or the file system outside its working folder when only its
schema's arguments were given does something a reviewer should know about: often the right
thing (a web tool fetches), sometimes not (a write to the user's real home folder, a subprocess
a test run should never start). Run `check` with `--env` to give the keys a real call needs, or
suppress the finding (`# hermes-dev: ignore[HD505]`) where reaching out is the tool's job.

The guards are not a security boundary: they stop the obvious ways, and code that means to get
around them can.

## Example
```python
def save_note(args, **kw):
    path = os.path.join(pwd.getpwuid(os.getuid()).pw_dir, "notes.txt")   # the real home
    with open(path, "a") as fh:
        fh.write(args.get("text", ""))
    return json.dumps({"saved": path})
```

## Use instead
```python
def save_note(args, **kw):
    path = get_hermes_home() / "notes.txt"     # HERMES_HOME: where Hermes keeps its files
    with open(path, "a") as fh:
        fh.write(args.get("text", ""))
    return json.dumps({"saved": str(path)})
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
import os
import subprocess
from tools.registry import registry, tool_error

SCHEMA = {"name": "note", "description": "Save a note.", "parameters": {
    "type": "object",
    "properties": {"text": {"type": "string", "description": "The note"}},
    "required": []}}

"""


class SandboxGuardFired(Rule):
    code = "HD505"
    name = "sandbox-guard-fired"
    summary = "The handler tried something the check sandbox blocks"
    scope = "runtime"

    VALID = (
        Valid(
            _HEAD
            + """\
def note(args, **kw):
    path = os.path.join(os.environ["HERMES_HOME"], "notes.txt")
    with open(path, "a", encoding="utf-8") as fh:
        fh.write(str(args.get("text", "")))
    return json.dumps({"saved": True})

registry.register(name="note", toolset="notes", schema=SCHEMA, handler=note)
""",
            note="writes under HERMES_HOME stay in the sandbox",
        ),
    )
    INVALID = (
        Invalid(
            _HEAD
            + """\
def note(args, **kw):
    try:
        subprocess.run(["logger", "note saved"], check=False)
    except OSError as exc:
        return tool_error(str(exc))
    return json.dumps({"saved": True})

registry.register(name="note", toolset="notes", schema=SCHEMA, handler=note)
""",
            lines=(13,),
            note="a subprocess, even when the handler catches the refusal",
        ),
    )

    def check(self, ctx: LintContext) -> Iterator[Finding]:
        return iter(())  # a runtime rule: `hermes-dev check` reports it
