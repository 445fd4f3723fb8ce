"""Static and dynamic together: lint's handler findings beside check's.

Runs `hermes_dev.lint.engine.lint` on the root's handler rules (HD1) and reads only its public
result (findings with their tools and chains). An HD102 finding on a checked tool whose exception
an HD501 finding of that tool reproduces (the same exception class, raised through the line
HD102 points at or the origin of its chain) joins check's findings marked confirmed; check's
findings on a tool lint reports nothing on are what static analysis missed.
"""

from __future__ import annotations

import re

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hermes_dev.check.result import CheckResult
    from hermes_dev.lint.finding import Finding


def join_with_lint(result: CheckResult) -> None:
    from hermes_dev.errors import UserError
    from hermes_dev.lint.engine import lint

    tools = result.checked_tools or frozenset()
    if not tools:
        return
    try:
        static = lint((), root=str(result.root), select=["HD1"])
    except UserError as exc:
        result.notes.append(f"lint could not run, so nothing is joined with it ({exc})")
        return
    result.linted = True
    on_tools = [f for f in static.findings if any(name in tools for name in f.tools)]
    flagged = {name for f in on_tools for name in f.tools}
    result.missed = [f for f in result.findings if f.tool is not None and f.tool not in flagged]
    for static_finding in on_tools:
        if static_finding.code != "HD102":
            continue
        for runtime in result.findings:
            if (
                runtime.code == "HD501"
                and runtime.tool in static_finding.tools
                and reproduces(runtime, static_finding)
            ):
                shown = static_finding.with_fix(None)  # check applies no fixes: lint --fix does
                result.confirmed[id(shown)] = (
                    f"HD501 {_exception_of(runtime)} at {result.relative(runtime.path)}:"
                    f"{runtime.line}"
                )
                result.findings.append(shown)
                break


def _exception_of(finding: Finding) -> str:
    match = re.match(r"`([A-Za-z_][\w.]*)", finding.message)
    return match.group(1) if match else "an exception"


def reproduces(runtime: Finding, static: Finding) -> bool:
    """Whether an HD501 finding shows the exception an HD102 finding predicts: the class's
    name is in the static message, and the runtime traceback passes through the line HD102
    reports or the origin of its chain."""
    name = _exception_of(runtime).rsplit(".", 1)[-1]
    if not re.search(rf"\b{re.escape(name)}\b", static.message):
        return False
    places = {(path, line) for path, line, _ in runtime.chain}
    places.add((runtime.path, runtime.line))
    if (static.path, static.line) in places:
        return True
    return bool(static.chain) and (static.chain[-1][0], static.chain[-1][1]) in places
