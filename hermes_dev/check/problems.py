"""What one call's outcome shows: the problems (HD501-HD506) in it, each with a key that tells
the same problem apart from others (so that shrinking keeps to one problem) and where it sits.

A problem sits at the outermost frame under the root (the handler's line that lets it out, as
lint's HD102 does), with the frames under the root as its chain; problems of the return value
sit at the handler's definition.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

    from hermes_dev.check.sandbox import Guard, Outcome, ToolInfo

Frame = tuple[str, int, str]
MESSAGE_CHARS = 160
VENDORED = (os.sep + "site-packages" + os.sep, os.sep + "dist-packages" + os.sep)


class Problem:
    """One problem of one call: `code`, `key` (equal keys: the same problem), `what` (the
    message without the call), `frames` (under the root, outermost first), `at` (where it
    sits; None: the handler's definition)."""

    __slots__ = ("at", "code", "frames", "key", "what")

    def __init__(
        self, code: str, key: tuple[object, ...], what: str, frames: list[Frame], at: Frame | None
    ) -> None:
        self.code = code
        self.key = key
        self.what = what
        self.frames = frames
        self.at = at

    def __repr__(self) -> str:
        return f"Problem({self.code}, {self.what!r})"


class Scope:
    """Which frames are the project's: files under the root, outside installed packages."""

    def __init__(self, root: Path, child_script: str) -> None:
        self.root = str(root).rstrip(os.sep) + os.sep
        self.child_script = child_script

    def frames(self, frames: list[Frame]) -> list[Frame]:
        return [
            f
            for f in frames
            if f[0].startswith(self.root) and f[0] != self.child_script and not _vendored(f[0])
        ]


def _vendored(path: str) -> bool:
    return any(part in path for part in VENDORED)


def _one_line(text: str, chars: int = MESSAGE_CHARS) -> str:
    text = " ".join(text.split())
    return text if len(text) <= chars else text[: chars - 3] + "..."


def _placed(code: str, key: tuple[object, ...], what: str, frames: list[Frame]) -> Problem:
    """A problem at its outermost project frame; keyed by its innermost (where it starts)."""
    origin = (frames[-1][0], frames[-1][1]) if frames else None
    return Problem(code, (*key, origin), what, frames, frames[0] if frames else None)


def problems_of(outcome: Outcome, tool: ToolInfo, scope: Scope, timeout: float) -> list[Problem]:
    found: list[Problem] = []
    blocked_escape = False
    for guard in outcome.guards:
        found.append(_guard_problem(guard, scope))
    data = outcome.data
    if outcome.kind == "timeout":
        frames = scope.frames(outcome.frames)
        found.append(
            _placed("HD504", ("timeout",), f"gives no answer within {timeout:g} s", frames)
        )
    elif outcome.kind == "memory":
        frames = scope.frames(outcome.frames)
        what = f"was stopped for its memory: {outcome.detail}"
        found.append(_placed("HD504", ("memory",), what, frames))
    elif outcome.kind == "died":
        found.append(
            Problem(
                "HD504",
                ("died",),
                f"the process ended during the call ({outcome.detail})",
                [],
                None,
            )
        )
    elif outcome.kind == "raised":
        exc = data.get("exception")
        exc = exc if isinstance(exc, dict) else {}
        blocked_escape = exc.get("blocked") is True and bool(outcome.guards)
        if not blocked_escape:  # a refusal of the sandbox escaping: HD505 says it
            found.append(_exception_problem(exc, data.get("outside_handler") is True, scope))
    elif outcome.kind == "returned":
        value = data.get("value")
        found.extend(_value_problems(value if isinstance(value, dict) else {}, tool))
        failed = data.get("dispatch_failed")
        if isinstance(failed, str) and failed:
            what = f"the registry's dispatch fails around the handler: {_one_line(failed)}"
            found.append(Problem("HD501", ("dispatch",), what, [], None))
    return found


def _exception_problem(exc: dict[str, Any], outside: bool, scope: Scope) -> Problem:
    from hermes_dev.check.sandbox import frames_of

    name = str(exc.get("type") or "Exception")[:200]
    module = str(exc.get("module") or "")
    message = str(exc.get("message") or "")
    shown = f"{name}: {_one_line(message)}" if message else name
    where = "the registry's dispatch, past its safety net" if outside else "the handler"
    frames = scope.frames(frames_of(exc.get("frames")))
    return _placed("HD501", (module, name), f"`{shown}` escapes {where}", frames)


def _guard_problem(guard: Guard, scope: Scope) -> Problem:
    frames = scope.frames(guard.frames)
    what = f"tries to {_one_line(guard.detail)} (blocked by the sandbox)"
    return _placed("HD505", (guard.kind, guard.event), what, frames)


def _value_problems(value: dict[str, Any], tool: ToolInfo) -> list[Problem]:
    if value.get("multimodal") is True:
        return []
    kind = str(value.get("type") or "")
    preview = str(value.get("preview") or "")
    if kind != "builtins.str":
        short = kind.removeprefix("builtins.")
        if short == "NoneType":
            what = "returns None, not a JSON string"
        elif short == "coroutine":
            what = "returns a coroutine, not a JSON string (async, but registered without is_async=True?)"
        else:
            what = f"returns a {short}, not a JSON string: {_one_line(preview, 80)}"
        return [Problem("HD502", (short,), what, [], None)]
    out: list[Problem] = []
    if value.get("json") is False:
        what = f"returns text that is not JSON: {_one_line(preview, 80)!r}"
        out.append(Problem("HD502", ("text",), what, [], None))
    markers = value.get("failure_markers")
    if isinstance(markers, list) and markers and value.get("has_error") is not True:
        marked = tuple(m for m in markers if isinstance(m, str))
        what = f'reports a failure without an "error" key: {_one_line(preview, 100)}'
        out.append(Problem("HD503", marked, what, [], None))
    length = value.get("length")
    if isinstance(length, int) and tool.limit is not None and length > tool.limit:
        what = f"returns {length:,} characters, over Hermes' limit of {tool.limit:,} for the tool"
        out.append(Problem("HD506", (), what, [], None))
    return out
