"""Failures a handler reports without an `"error"` key, following calls as `returns` does.

Hermes' contract is that a tool reports a failure as `{"error": ...}`. A failure report is a
JSON object whose own flags say it failed: `"success": False` or `"ok": False`, an action's
flag False with nothing beside it but what it was for and why (`{"removed": False}`,
`{"updated": False, "id": 7}`), or a
`"status"` (`"state"`, `"result"`, `"outcome"`, a tag: `"kind"`, `"type"`) of `"error"`, `"failed"`, `"failure"`, `"fail"`,
`"fatal"`, `"unavailable"`... beside a key that says why (`"message"`, `"reason"`, `"detail"`,
`"notes"`, `"error_code"`, `"http_status"`...:
a status word alone may describe data, `{"job": 7, "status": "failed"}`), or a flag that says
it failed (`"failed": True`, Ansible's `fail_json`) beside a key that says why and none that
names an item (`{"id": 7, "failed": True, ...}` may describe a job). It is not one when it
has an `"error"` key, when a flag says it succeeded (`"success": True`), when it says it skipped
or was interrupted or asks for a confirmation (`"skipped"`, `"interrupted"`, `"duplicate"`,
`"needs_confirmation"`... with a value other than False/None), or when it carries a verdict (`"findings"`, `"issues"`, `"violations"`...): the
tool ran and is reporting what it found. A flag counts when it is a constant, a parameter the
call gives a constant (or a value the caller knows, so a constant passes through several
helpers), a local a `False` reaches (also as the value of a predicate, a def every `return`
of which is `True` or `False`, where no test left only True), or a field of a result object
built with a constant
(`Way`s below); `{"success": ok}` is otherwise never judged. A reason that there is nothing to
act on ("no active meeting") from a def that asks for a status or ends something is an answer,
not a failure (`status_report`).

Result objects: an object built with a failing flag (`Result(success=False, ...)`: a
dataclass-like class takes its declared fields in order, a class with an `__init__` keeps
`self.x = <parameter or constant>`), followed to where it is serialised: its own method
(`to_dict()`, `to_json()`), `asdict(x)`, `vars(x)`, `x.__dict__`, a model's `model_dump()`, or a
function given it that reads its flag (`{"ok": res.ok, ...}`). The object's fields reach that
code as constants the call binds (`"self.success"` -> False, `"res.ok"` -> False).

Each follows calls through the call driver (`calls.driver`): a summary per def, what the call
binds and the constants this analysis needs of it (a flag a helper is given), memoised there.

API (`Step` is `(rel, line, function)`, as in `escapes`):

- `failure_dict(expr, scope)`: the per-expression test. For a dict display or `dict(...)` call
  whose keys are all constants (no `**spread`), a short description of it
  (`{"ok": False, "reason": ...}`) when it is a failure report without an `"error"` key, else
  None.
- `failure_value(expr, code)`: a `Found` when a dict-valued expression can be such a report:
  a display (also one that spreads `**other`, `other` followed: a failing dict, or a dict whose
  keys are known, or a helper's `**kwargs` as the call fills them), a local bound to one where
  it is read (the assignments that reach the use; the items stored on it later with `d[k] = v`
  or `d.update(...)`, on their own paths; never a dict handed to other code), a module-level
  constant no code changes, either branch of `a if c else b`, or a call one of whose reachable
  returns is one.
- `failure_text(expr, code)`: the same for a string-valued expression (what a handler returns):
  `json.dumps(X)` or `tool_result(X)` / `tool_result(**fields)` of such a value, a variable bound
  to such a string, or a call of a function one of whose reachable returns is one; a function
  that serialises one of its parameters (`def _json(obj): return json.dumps(obj)`) is judged by
  the argument the call passes.
- `failure_without_error(callee)` / `failure_return(callee)`: the first way a call returns such
  a string / dict (recursion gives None).
- `status_report(found, names)`: whether a report found says there is nothing to act on and
  comes through a def or tool (`names`) that asks for a status or ends something.

Which assignments reach a use is a small forward pass over the function's statements
(`_Reach`): branches join, a branch that returns or raises leaves nothing, loops and `try`
blocks join what may or may not have run, and `if not ok: return ...` keeps only the values of
`ok` that can be truthy after it.

`Found` has `reason` (the report, described), `chain` (the steps from the returned expression to
the line that builds the dict; empty when it is built right there) and `keys` (what the report
holds: key -> the constant value, or `UNKNOWN`). Precision first: a value that cannot be known
is never reported, and neither is anything a decorator, a generator or code outside the root
may change.
"""

from __future__ import annotations

import ast
import errno
import re

from hermes_dev.pyast.analyze.flow import terminates
from hermes_dev.pyast.analyze.jsonness import callee_origin
from hermes_dev.pyast.calls.driver import (
    Callee,
    Code,
    Transfer,
    callees,
    not_followed,
    summary,
    wrapped,
)
from hermes_dev.pyast.calls.returns import reachable_returns
from hermes_dev.pyast.semantic.resolve import (
    assigned_value,
    call_arguments,
    class_bases,
    class_method,
    is_builtin_name,
    is_typed_dict,
    resolve,
)
from hermes_dev.pyast.semantic.scopes import Class, Function, module_scope
from hermes_dev.pyast.semantic.walker import is_name, is_none, walk_function

Step = tuple[str, int, str]

FLAGS = ("success", "ok")
# A dict's methods that read it.
_DICT_READS = frozenset({"get", "keys", "values", "items", "copy"})
# Keys naming an action the tool was asked to do, whose False says it did not happen
# (`{"removed": False}`): a failure flag when the object has no other.
ACTION_FLAGS = frozenset(
    {
        "added",
        "answered",
        "applied",
        "approved",
        "archived",
        "assigned",
        "attached",
        "booked",
        "charged",
        "claimed",
        "committed",
        "completed",
        "confirmed",
        "converted",
        "copied",
        "created",
        "deleted",
        "delivered",
        "deployed",
        "downloaded",
        "enqueued",
        "executed",
        "exported",
        "forgotten",
        "forwarded",
        "generated",
        "graded",
        "imported",
        "indexed",
        "installed",
        "invited",
        "issued",
        "linked",
        "locked",
        "logged",
        "marked",
        "merged",
        "moved",
        "notified",
        "ordered",
        "paid",
        "paused",
        "played",
        "posted",
        "printed",
        "processed",
        "published",
        "purchased",
        "pushed",
        "queued",
        "rated",
        "rebooked",
        "recorded",
        "redeemed",
        "refunded",
        "registered",
        "removed",
        "renamed",
        "rendered",
        "replied",
        "rescheduled",
        "reserved",
        "restarted",
        "restored",
        "resumed",
        "saved",
        "scanned",
        "scheduled",
        "sent",
        "shared",
        "stored",
        "submitted",
        "subscribed",
        "synced",
        "tagged",
        "transferred",
        "translated",
        "unlocked",
        "updated",
        "uploaded",
        "written",
    }
)
# Of those, the ones whose False leaves the state asked for (nothing by that name to remove).
REMOVALS = frozenset({"deleted", "removed", "forgotten"})
# (`{"kind": "err", "message": ...}`, `{"type": "error", ...}`: a tagged union's tag)
STATUS_KEYS = ("status", "state", "result", "outcome", "kind", "type")
FAILURE_WORDS = frozenset(
    {"error", "err", "errored", "failed", "failure", "fail", "fatal", "rejected", "refused"}
    # (with a reason beside: `{"status": "unavailable", "detail": "service unreachable"}`)
    | {"unavailable", "unreachable", "not_found"}
    # (a service that turned the call away for now: `{"status": "rate_limited", "retry_after":
    # 30}`; not "timeout", which a wait reports of a process still running)
    | {"rate_limited", "throttled", "too_many_requests"}
)
NOT_FAILURE_KEYS = frozenset(
    {
        "skipped",
        "skip",
        "interrupted",
        "cancelled",
        "canceled",
        "duplicate",
        "deduplicated",
        "already_exists",
        "noop",
        "unchanged",
        "nothing_to_do",
        "needs_confirmation",
        "confirmation_required",
        "requires_confirmation",
        "dry_run",
    }
)
VERDICT_KEYS = frozenset({"findings", "issues", "violations", "diagnostics", "checks", "problems"})
MESSAGE_KEYS = frozenset(
    {
        "message",
        "msg",
        "reason",
        "reasons",
        "detail",
        "details",
        "description",
        "hint",
        "explanation",
    }
    | {"note", "notes"}
)
# Calls a report variable may be handed to without being changed (its serialisation, logs).
_READERS = frozenset(
    {
        "dumps",
        "tool_result",
        "len",
        "str",
        "repr",
        "bool",
        "print",
        "dict",
        "list",
        "deepcopy",
        "isinstance",
        "type",
        # (`asdict(res) if is_dataclass(res) else res`: asked what it is, copied)
        "is_dataclass",
        "asdict",
        "hasattr",
        "callable",
    }
)
_LOG_METHODS = frozenset({"debug", "info", "warning", "warn", "error", "exception", "critical"})
_DEF_TYPES = (ast.FunctionDef, ast.AsyncFunctionDef)
_MAX_DEPTH = 40
_MAX_SHOWN_KEYS = 1


class _Unknown:
    def __repr__(self) -> str:
        return "UNKNOWN"


UNKNOWN = _Unknown()


class Found:
    """A failure report without an `"error"` key: what it is and where it comes from."""

    __slots__ = ("chain", "keys", "reason")

    def __init__(self, reason: str, chain: tuple[Step, ...], keys: dict[str, object]) -> None:
        self.reason = reason
        self.chain = chain
        self.keys = keys

    def __repr__(self) -> str:
        return f"Found({self.reason!r}, {list(self.chain)})"


def _prefixed(found: Found | None, step: Step) -> Found | None:
    if found is None:
        return None
    return Found(found.reason, (step, *found.chain), found.keys)


# -- judging one dict ------------------------------------------------------------------------


def _constant(expr: ast.expr) -> object:
    """A constant value (`not <constant>` too), else UNKNOWN."""
    if isinstance(expr, ast.Constant):
        return expr.value
    if isinstance(expr, (ast.List, ast.Tuple)) and not expr.elts:
        return ()  # (an empty list written out: `"findings": []`)
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.Not):
        inner = _constant(expr.operand)
        return UNKNOWN if inner is UNKNOWN else not inner
    return UNKNOWN


def judge(keys: dict[str, object]) -> str | None:
    """The description of a report with these keys (constant values or UNKNOWN) when it is a
    failure without an `"error"` key, else None. Keys are read whatever their case (`{"Status":
    "Error", "Message": ...}`, as a Visual Basic habit writes them): only `"error"` itself is
    what Hermes looks for."""
    if "error" in keys:
        return None
    if all(key == key.lower() and key not in _IS_FLAGS for key in keys):
        return _judged(keys)
    lowered: dict[str, object] = {}
    written: dict[str, str] = {}
    for key, value in keys.items():
        low = key.lower()
        # (`"isValid": false`, `"is_success"`: a flag as a Java or JavaScript habit names it)
        low = _IS_FLAGS.get(low, low)
        lowered.setdefault(low, value)
        written.setdefault(low, key)
    if "error" in lowered:
        # (`{"Success": false, "Error": ...}`: Hermes reads the key `"error"` only; a
        # capitalised one is another key, which says why as a message does)
        lowered["error_"] = lowered.pop("error")
        written["error_"] = written.pop("error")
    found = _judged(lowered)
    if found is None:
        return None
    for low, key in written.items():
        found = found.replace(f'"{low}"', f'"{key}"')
    return found


_IS_FLAGS = {
    "isvalid": "valid",
    "is_valid": "valid",
    "issuccess": "success",
    "is_success": "success",
    "isok": "ok",
    "is_ok": "ok",
}


def _judged(keys: dict[str, object]) -> str | None:
    why = any(_says_why(key) for key in keys)
    if any(key in VERDICT_KEYS and (keys[key] != () or not why) for key in keys) and not (
        any(_as_flag(keys[key]) is False for key in FLAGS if key in keys)
        and any(_erring(key) for key in keys)
    ):
        # (`{"valid": False, "problems": [...]}` judges the input; `{"ok": False, "err": ...,
        # "problems": [...]}` says the tool itself failed; an empty list written out beside a
        # reason, `{"ok": False, "reason": ..., "findings": []}`, is no verdict found)
        return None
    for key in NOT_FAILURE_KEYS:
        if key in keys and keys[key] not in (False, None):
            if (
                key in ("skipped", "skip")
                and keys[key] is UNKNOWN
                and keys.get("success", keys.get("ok")) is False
            ):
                continue  # (`"skipped": skipped`, the items it passed over: data beside a failure)
            return None
    # (`"ok": 0`, `"success": 1`: a flag written as a number)
    flags = [(key, _as_flag(keys[key])) for key in FLAGS if key in keys]
    if any(value is True for _, value in flags):
        return None
    signal: str | None = None
    for key, value in flags:
        if value is False:
            signal = key
            break
    if signal is None and not flags:
        # `{"removed": False}` alone, or with what it was and why: nothing else to tell
        # (`{"removed": False, "needs_confirmation": True, ...}` is a question, not a failure).
        actions = [key for key in keys if key in ACTION_FLAGS or _needs_why(key)]
        if (
            actions
            and actions[0] in REMOVALS
            and not any(
                _says_why(key)
                and isinstance(value, str)
                and (_BAD_INPUT.search(value.lower()) or _NOT_THERE.search(value.lower()))
                for key, value in keys.items()
            )
        ):
            # (what should be gone is: `{"removed": False, "name": ...}` leaves it so; not when
            # the reason says what was asked could not be read, `"'check' must be an id"`, or
            # was not found, `"no such note"`: the model named something that is not there)
            actions = []
        if actions and _needs_why(actions[0]) and not any(_says_why(k) for k in keys):
            actions = []  # (`{"id": 3, "cancelled": False}` describes a job)
        if (
            len(actions) == 1
            and keys[actions[0]] is False
            and all(
                key in actions or _says_why(key) or _names_item(key) or _a_choice(key)
                for key in keys
            )
            and not any(
                _says_why(key)
                and isinstance(value, str)
                and not isinstance(value, _Template)
                and _NO_NEED.search(value.lower())
                for key, value in keys.items()
            )
        ):
            signal = actions[0]
    if (
        signal is None
        and keys.get("status") == "not_found"
        and all(key == "status" or _names_item(key) for key in keys)
    ):
        signal = "status"  # (`{"status": "not_found", "id": 7}`: what was asked for is not there)
    if signal is None and any(_says_why(key) for key in keys):
        # A status word alone may be data (`{"job": 7, "status": "failed"}` describes a job);
        # with a message beside it the object reports the tool's own failure.
        for key in STATUS_KEYS:
            value = keys.get(key)
            if isinstance(value, str) and _failure_word(value):
                signal = key
                break
            if type(value) is int and _failure_code(value, keys):
                signal = key
                break
    if signal is None and any(_says_why(key) for key in keys):
        # (`{"failed": True, "msg": ...}`: not `{"job_id": 7, "failed": True, ...}`)
        for key in _FAILED_FLAGS:
            if keys.get(key) is True and not any(_names_item(k) for k in keys):
                signal = key
                break
    if signal is None:
        return None
    return _describe(keys, signal)


# Flags whose True says the tool's own action failed.
_FAILED_FLAGS = ("failed", "failure")


# Flags that say an action failed only with a reason beside them: `{"cancelled": False,
# "reason": ...}` (cancelled True is an interruption), `{"valid": False, "message": ...}` (the
# input could not be used; asked of a def that validates it is the verdict, `status_report`),
# `{"matter_id": m, "found": False, "message": "no matter ..."}` (what was asked for is not
# there; `{"found": False, "bins": [], "note": ...}` answers with data).
_FLAGS_WITH_WHY = frozenset({"cancelled", "canceled", "valid", "found"})
# Other past participles of an action (`renewed`, `extended`): a failure flag only with a
# reason beside; not those that name a state an object is in.
_ACTED = re.compile(r"[a-z]{3,}(ed|en)")
_STATES = frozenset(
    {
        "allowed",
        "authenticated",
        "authorized",
        "blocked",
        "configured",
        "initialized",
        "initialised",
        "loaded",
        "mounted",
        "muted",
        "provisioned",
        "scanned",
        "selected",
        "trusted",
        "archived",
        "cached",
        "changed",
        "checked",
        "closed",
        "compressed",
        "connected",
        "deprecated",
        "disabled",
        "enabled",
        "encrypted",
        "expired",
        "filtered",
        "finished",
        "hidden",
        "limited",
        "logged",
        "matched",
        "modified",
        "needed",
        "opened",
        "paused",
        "pinned",
        "required",
        "shared",
        "signed",
        "started",
        "stopped",
        "supported",
        "truncated",
        "verified",
        "wanted",
        "broken",
        "chosen",
        "frozen",
        "given",
        "open",
        "seen",
        "taken",
        "token",
        "even",
        "often",
        "green",
        "screen",
        "kitchen",
        "garden",
    }
)


def _as_flag(value: object) -> object:
    return bool(value) if type(value) is int and value in (0, 1) else value


# A reason that says what went wrong (beside a numeric status: `{"status": 3, "msg": "no
# data"}`); a code's meaning is the program's own, so the words decide.
_WENT_WRONG = re.compile(
    r"\bno data\b|\bnot enough\b|\bunknown\b|\bcannot\b|\bcan't\b|\bfailed\b|\bnot found\b"
    r"|\bdoes not\b|\bdo not\b|\bmismatch|\bmust have\b|\bmissing\b"
)


def _failure_code(value: int, keys: dict[str, object]) -> bool:
    """A numeric status that reports a failure: an HTTP error (400-599), or a program's
    non-zero code (1-99) beside a reason that says what went wrong."""
    if 400 <= value <= 599:
        return True
    if not 1 <= value <= 99:
        return False
    return any(
        _says_why(key)
        and isinstance(text, str)
        and (_WENT_WRONG.search(text.lower()) or _BAD_INPUT.search(text.lower()))
        for key, text in keys.items()
    )


def _needs_why(key: str) -> bool:
    return key in _FLAGS_WITH_WHY or (
        key not in ACTION_FLAGS and key not in _STATES and _ACTED.fullmatch(key) is not None
    )


# A reason that says the input could not be used (`"'check' must be an id or name"`).
_BAD_INPUT = re.compile(r"\bmust (be|give|name)\b|\binvalid\b|\bis required\b|\bare required\b")
# A reason that says what was asked for is not there (`"no such note"`, `"no card with that
# id"`, `"not found"`).
_NOT_THERE = re.compile(
    r"^no such\b|\bnot found\b|^no \w+( \w+)? (with|named|called|matching)\b"
    r"|\b(does not|doesn't) exist\b|^unknown\b"
)
# A reason an action was not needed (`{"updated": False, "reason": "already up to date"}`).
# (not a time already gone nor a place already taken: `"that time is already in the past"`,
# `"the slot is already booked"` say why it could not be done)
_NO_NEED = re.compile(
    r"\balready\b(?! (in the past|past|passed|over|expired|taken|booked|full|reserved))"
    r"|\bup to date\b|\bno changes?\b|\bunchanged\b|\bnothing to\b"
)
# A reason that says there is nothing to act on: no meeting/session/job is active or running.
_NOTHING = re.compile(
    r"^(there is )?no (active|current|running|open|ongoing)\b"
    r"|^no \w+( \w+)? (is |was )?(active|running|open|in progress|started)\b"
    r"|\bnot (running|active|started|in progress)\b"
    r"|\bnothing (to|is|was) "
    r"|\balready (stopped|closed|ended|finished|left|gone|disconnected|cancell?ed|terminated)\b"
)
# What a def does when those words name it: it asks for a state, or ends one.
_STATUS_WORDS = frozenset(
    {
        "status",
        "health",
        "stop",
        "leave",
        "cancel",
        "close",
        "disconnect",
        "end",
        "quit",
        "exit",
        "kill",
        "terminate",
        "shutdown",
        "unsubscribe",
        "detach",
        "abort",
        "halt",
        "hangup",
        "logout",
    }
)


def status_report(found: Found, names: Iterable[str]) -> bool:
    """A report that there is nothing to act on (`{"ok": False, "reason": "no active
    meeting"}`) from a def that asks for a state or ends one (`status`, `stop`, `leave`...:
    one of `names`, the defs and the tool it comes through): the answer, not a failure. Asked
    of anything else ("no active meeting" when reading its transcript) it is a failure."""
    words = {word for name in names for word in _name_words(name)}
    valid = [k for k in found.keys if _IS_FLAGS.get(k.lower(), k.lower()) == "valid"]
    if (
        valid
        and found.keys[valid[0]] is False
        and words & _VERDICT_WORDS
        and judge({k: v for k, v in found.keys.items() if k not in valid}) is None
    ):
        return True  # (`validate_email` saying `"valid": False` gives its verdict)
    texts = [
        value.strip().lower()
        for key, value in found.keys.items()
        if _says_why(key) and isinstance(value, str) and not isinstance(value, _Template)
    ]
    if not any(_NOTHING.search(text) for text in texts):
        return False
    return bool(words & _STATUS_WORDS)


# What a def does when those words name it: it judges its input, so `"valid": False` answers.
_VERDICT_WORDS = frozenset(
    {"valid", "validate", "validator", "validation", "verify", "verifier", "check", "checker"}
    | {"lint", "linter", "test", "audit", "inspect", "is", "can"}
)


def _name_words(name: str) -> list[str]:
    """`handle_meetStatus` -> handle, meet, status (a method's label: its own name only)."""
    name = name.rsplit(".", 1)[-1]
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name)
    return [word for word in spaced.lower().split("_") if word]


def _says_why(key: str) -> bool:
    """A key that explains an outcome: `message`, `reason`, `detail`, `error_code`, a failed
    command's `stderr` or exit code, a request's HTTP status..."""
    return (
        key in MESSAGE_KEYS
        or key.startswith(("error", "retry_after"))
        or key in _CODE_KEYS
        or _erring(key)
    )


def _erring(key: str) -> bool:
    """A key that names an error as a Go or C habit shortens it (`err`, `errmsg`, `err_msg`)."""
    return key in ("err", "errmsg", "err_msg", "errmessage", "errstr")


# (the code a failed request or command ended with, or what it printed: it says why, as a
# message does)
_CODE_KEYS = frozenset(
    {"stderr", "stdout", "output", "http_status", "status_code", "http_code", "exit_code",
     "returncode", "exit_status"}
)  # fmt: skip


def _names_item(key: str) -> bool:
    """A key that names what an action was for: `id`, `fact_id`, `name`, `path`..."""
    return key in _ITEM_KEYS or key.endswith(("_id", "_name", "_path", "_slug", "_key"))


# (what an action was for: `{"sent": False, "to": [...], "reason": ...}`)
_ITEM_KEYS = frozenset(
    {"id", "name", "path", "key", "title", "to", "recipient", "recipients", "url", "file",
     "target", "dest", "destination", "email", "address", "slug", "sku", "uuid", "handle",
     "username"}
)  # fmt: skip


# (what the model could have asked for instead: `{"applied": False, "reason": "no scene named
# 'x'", "available": [...]}`)
_CHOICE_KEYS = frozenset(
    {"available", "choices", "options", "allowed", "valid_values", "suggestions", "did_you_mean",
     "known", "supported", "accepted", "expected", "alternatives"}
)  # fmt: skip


# (error codes that start with what they are: `"ERR_UNKNOWN_TEMPLATE"`, `"error_timeout"`)
_FAILURE_PREFIXES = ("err_", "error_", "failed_", "fail_")
# (`"EINVAL"`, `"ENOENT"`: the C library's error names, written as they are)
_ERRNO_NAMES = frozenset(errno.errorcode.values())


def _failure_status(value: str) -> bool:
    """A status that says it failed: a failure word (`"failed"`) or an error code
    (`"ERR_CONNECTION"`, `"EINVAL"`)."""
    word = _word(value)
    return word in FAILURE_WORDS or word.startswith(_FAILURE_PREFIXES) or value in _ERRNO_NAMES


def _failure_word(value: str) -> bool:
    """`"failed"`, a compound that ends in one (`"tm_unreachable"`, `"file_not_found"`), or an
    error code (`"ERR_CONNECTION"`, `"EINVAL"`)."""
    word = _word(value)
    return (
        word.startswith(_FAILURE_PREFIXES)
        or value in _ERRNO_NAMES
        or any(word == w or word.endswith("_" + w) for w in FAILURE_WORDS)
    )


def _a_choice(key: str) -> bool:
    """`available`, `known_feeds`, `supported_units`: what the model could have asked for."""
    return key in _CHOICE_KEYS or key.startswith(tuple(f"{k}_" for k in _CHOICE_KEYS))


def _word(text: str) -> str:
    return text.strip().lower().replace("-", "_").replace(" ", "_")


# Keys that say what went wrong, shown first when a report is described.
_TELLING = ("message", "msg", "reason", "detail", "details", "description", "status")


def _describe(keys: dict[str, object], signal: str) -> str:
    """`{"ok": False, "reason": ...}`: the key that says it failed, then the keys that say why."""
    rest = [key for key in keys if key != signal]
    telling = [key for key in rest if key in _TELLING]
    others = (telling + [key for key in rest if key not in _TELLING])[:_MAX_SHOWN_KEYS]
    parts = [f"{signal!r}: {keys[signal]!r}".replace("'", '"')]
    parts += [f'"{key}": ...' for key in others]
    if len(keys) - 1 > len(others):
        parts.append("...")
    return "{" + ", ".join(parts) + "}"


def _is_builtin_dict(func: ast.expr, scope: Scope) -> bool:
    return isinstance(func, ast.Name) and func.id == "dict" and is_builtin_name("dict", scope)


def _pairs(expr: ast.expr, scope: Scope) -> list[tuple[str | None, ast.expr]] | None:
    """A dict display's or `dict(...)` call's items in order: (key, value), key None for a
    `**spread`; None when it is neither, or a key is not a constant string."""
    if isinstance(expr, ast.Dict):
        out: list[tuple[str | None, ast.expr]] = []
        for key, value in zip(expr.keys, expr.values):
            if key is None:
                out.append((None, value))
            elif isinstance(key, ast.Constant) and isinstance(key.value, str):
                out.append((key.value, value))
            else:
                return None
        return out
    if (
        isinstance(expr, ast.Call)
        and len(expr.args) <= 1
        and (_is_builtin_dict(expr.func, scope) or is_typed_dict(expr.func, scope))
    ):
        # `dict(base, k=v)` is `{**base, "k": v}`; so is a TypedDict's `Delivery(ok=False)`
        spread: list[tuple[str | None, ast.expr]] = [(None, arg) for arg in expr.args]
        return spread + [(kw.arg, kw.value) for kw in expr.keywords]
    return None


def failure_dict(expr: ast.expr, scope: Scope) -> str | None:
    """The description of a dict display (or `dict(...)` call) without spreads when it is a
    failure report without an `"error"` key, else None."""
    pairs = _pairs(expr, scope)
    if pairs is None or any(key is None for key, _ in pairs):
        return None
    return judge({key: _constant(value) for key, value in pairs if key is not None})


# -- which assignments of a local reach a use ------------------------------------------------


def _reaching(
    use: ast.Name, code: Code, calls_truthy: bool = False
) -> list[ast.expr | None] | None:
    """The values of the assignments of local `use.id` that can reach `use` (None for a binding
    whose value is not known: a parameter, a loop target, `+=`...), each once; None when the
    name is not a local of the function. The statements are followed in order: an `if` joins
    what its branches leave (a branch that returns or raises leaves nothing), a loop and a
    `try` join what may or may not have run. `calls_truthy`: where a test says a call's value
    is truthy (`if not removed: return ...`), it is `True` after it."""
    if not code.scope.binds_locally(use.id):
        return None
    node = code.node
    if isinstance(node, ast.Lambda):
        return [None]
    a = node.args
    params = {p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg) if p}
    start: list[ast.expr | None] = [None] if use.id in params else []
    found = _Reach(use, calls_truthy=calls_truthy).at_use(node.body, start)
    unique: list[ast.expr | None] = []
    for value in found if found is not None else start:
        if not any(value is seen for seen in unique):
            unique.append(value)
    return unique


# What may be bound to the name at a point: a list of values (None: not known); None for a
# point control cannot reach.
_State = list[ast.expr | None]


# What a key of a local dict holds where nothing stored it since the dict was bound: the value
# the dict itself gave it (see `_Reach` with a key).
_FROM_DICT = ast.Constant(value=None)
# A call's value where a test said it is truthy (see `_Reach` with `calls_truthy`).
_TRUE = ast.Constant(value=True)
# An item a call's `**kwargs` holds whose value is not known (see `_kwargs_item`).
_UNKNOWN_ITEM = ast.Constant(value=None)


def _kwargs_item(expr: ast.expr, key: str | None, env: Env) -> ast.expr | None:
    """The value the `**kwargs` parameter `expr` holds for `key` as the call filled it (a
    constant, or `_UNKNOWN_ITEM`), or None when it is no such parameter or holds no `key`."""
    kwargs = dict(env).get(expr.id) if isinstance(expr, ast.Name) else None
    if not isinstance(kwargs, _Kwargs):
        return None
    for name, value in kwargs:
        if name == key:
            return _UNKNOWN_ITEM if value is UNKNOWN else ast.Constant(value=value)
    return None


def _is_call(value: ast.expr | None) -> bool:
    if isinstance(value, ast.Await):
        value = value.value
    return isinstance(value, ast.Call)


class _Reach:
    """Reaching assignments of one name at one use, in one function body; with `key`, of the
    item `name[key]` instead: a store `name[key] = v` binds it to `v`, binding the name to a
    dict binds it to `_FROM_DICT` (what that dict says)."""

    def __init__(
        self,
        use: ast.Name,
        key: str | None = None,
        dict_value: object = None,
        calls_truthy: bool = False,
        env: Env = (),
    ) -> None:
        self.use = use
        self.name = use.id
        self.key = key
        self.dict_value = dict_value  # what `_FROM_DICT` stands for (with a key)
        self.calls_truthy = calls_truthy
        self.env = env  # (for `name.update(kwargs)`: what the call put in `**kwargs`)
        # after(stmt, state) by the statement and the values in: nested loops and `try`s
        # would run the same blocks again and again.
        self._after: dict[tuple[int, tuple[int, ...]], _State | None] = {}

    def holds(self, node: ast.AST) -> bool:
        start = (getattr(node, "lineno", 0), getattr(node, "col_offset", 0))
        end = (getattr(node, "end_lineno", 0) or 0, getattr(node, "end_col_offset", 0) or 0)
        return start <= (self.use.lineno, self.use.col_offset) < end

    def at_use(self, stmts: list[ast.stmt], state: _State) -> _State | None:
        """The state at the use when one of `stmts` holds it, else None."""
        current: _State | None = state
        for stmt in stmts:
            if current is None:
                return None  # unreachable after a return or raise
            if self.holds(stmt):
                return self.inside(stmt, current)
            current = self.after(stmt, current)
        return None

    def run(self, stmts: list[ast.stmt], state: _State | None) -> _State | None:
        """The state after `stmts` (None when they cannot end normally)."""
        current = state
        for stmt in stmts:
            if current is None:
                return None
            current = self.after(stmt, current)
            if isinstance(stmt, (ast.Return, ast.Raise, ast.Continue, ast.Break)) or (
                isinstance(stmt, ast.If | ast.Try) and terminates([stmt])
            ):
                current = None
        return current

    def inside(self, stmt: ast.stmt, state: _State) -> _State:
        """The state at the use, which `stmt` holds."""
        blocks: list[tuple[list[ast.stmt], _State | None]] = []
        if isinstance(stmt, ast.If):
            blocks = [
                (stmt.body, self.narrow(stmt.test, state, True)),
                (stmt.orelse, self.narrow(stmt.test, state, False)),
            ]
        elif isinstance(stmt, ast.For | ast.AsyncFor | ast.While):
            entry = self.loop_entry(stmt, state)
            after_body = self.run(stmt.body, entry)
            looped = _join(state, after_body) or state
            blocks = [(stmt.body, self.loop_entry(stmt, looped)), (stmt.orelse, looped)]
        elif isinstance(stmt, ast.Try | ast.TryStar):
            after_body = self.run(stmt.body, state)
            anywhere = _join(state, after_body) or state
            blocks = [(stmt.body, state), (stmt.orelse, after_body)]
            blocks += [(handler.body, anywhere) for handler in stmt.handlers]
            blocks.append((stmt.finalbody, _join(anywhere, self.try_end(stmt, state))))
        elif isinstance(stmt, ast.With | ast.AsyncWith):
            blocks = [(stmt.body, self.with_entry(stmt, state))]
        elif isinstance(stmt, ast.Match):
            blocks = [(case.body, state) for case in stmt.cases]
        for block, block_entry in blocks:
            if block_entry is not None and any(self.holds(s) for s in block):
                return self.at_use(block, block_entry) or block_entry
        return state  # in the statement's own expressions: what was bound before it

    def updated(self, expr: ast.expr) -> ast.expr | None:
        """The value `name.update(...)` gives the item, or None when it does not set it."""
        if not (
            isinstance(expr, ast.Call)
            and isinstance(expr.func, ast.Attribute)
            and expr.func.attr == "update"
            and _is(expr.func.value, self.name)
        ):
            return None
        found: ast.expr | None = None
        for arg in expr.args:
            if isinstance(arg, ast.Dict):
                for key, value in zip(arg.keys, arg.values):
                    if isinstance(key, ast.Constant) and key.value == self.key:
                        found = value
            found = _kwargs_item(arg, self.key, self.env) or found
        for kw in expr.keywords:
            if kw.arg == self.key:
                found = kw.value
            elif kw.arg is None:
                found = _kwargs_item(kw.value, self.key, self.env) or found
        return found

    def is_place(self, expr: ast.expr) -> bool:
        """The name read (`name`), or with a key the item read (`name[key]`, `name.get(key)`)."""
        if self.key is None:
            return _is(expr, self.name)
        if self.is_item(expr):
            return True
        return (
            isinstance(expr, ast.Call)
            and isinstance(expr.func, ast.Attribute)
            and expr.func.attr == "get"
            and _is(expr.func.value, self.name)
            and len(expr.args) == 1
            and isinstance(expr.args[0], ast.Constant)
            and expr.args[0].value == self.key
        )

    def is_item(self, target: ast.expr) -> bool:
        """`name[key]` (the item this reach follows)."""
        return (
            isinstance(target, ast.Subscript)
            and _is(target.value, self.name)
            and isinstance(target.slice, ast.Constant)
            and target.slice.value == self.key
        )

    def narrow(self, test: ast.expr, state: _State, holds: bool) -> _State:
        """The state where `test` is `holds`: `if not ok: return ...` leaves only the values of
        `ok` that are not constant and falsy after it (`ok`, `ok is None`, `ok is False`,
        `ok == False`, `not ...` of those)."""
        truthy: bool | None = None  # what the name's truth is where the test holds
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            return self.narrow(test.operand, state, not holds)
        if self.is_place(test):
            truthy = True
        elif (
            isinstance(test, ast.Compare)
            and len(test.ops) == 1
            and self.is_place(test.left)
            and isinstance(test.ops[0], ast.Is | ast.Eq)
            and isinstance(test.comparators[0], ast.Constant)
            and test.comparators[0].value in (None, False)
        ):
            truthy = False
        if truthy is None:
            return state
        want = truthy if holds else not truthy
        kept: _State = []
        for value in state:
            if value is _FROM_DICT:
                constant = self.dict_value
            else:
                constant = _constant(value) if value is not None else UNKNOWN
            if want and self.calls_truthy and (_is_call(value) or isinstance(value, _Unpacked)):
                kept.append(_TRUE)  # (a predicate's value, known truthy here)
            elif constant is UNKNOWN or constant is _ABSENT or bool(constant) == want:
                kept.append(value)
        return kept

    def loop_entry(self, stmt: ast.stmt, state: _State) -> _State:
        if isinstance(stmt, ast.For | ast.AsyncFor) and _binds(stmt.target, self.name):
            return [None]
        return state

    def with_entry(self, stmt: ast.With | ast.AsyncWith, state: _State) -> _State:
        for item in stmt.items:
            if item.optional_vars is not None and _binds(item.optional_vars, self.name):
                return [None]
        return state

    def try_end(self, stmt: ast.Try | ast.TryStar, state: _State) -> _State | None:
        """What a `try` leaves before its `finally`."""
        body = self.run(stmt.body, state)
        anywhere = _join(state, body) or state
        outs = [self.run(stmt.orelse, body)]
        outs += [self.run(handler.body, anywhere) for handler in stmt.handlers]
        return _join(*outs)

    def after(self, stmt: ast.stmt, state: _State) -> _State | None:
        """The state after `stmt` ran (None when it cannot end normally)."""
        key = (id(stmt), tuple(id(value) for value in state))
        if key not in self._after:
            self._after[key] = self._after_uncached(stmt, state)
        return self._after[key]

    def _after_uncached(self, stmt: ast.stmt, state: _State) -> _State | None:
        name = self.name
        if not _mentions(stmt, name):
            return state  # a statement that never names it leaves it as it was
        if self.key is not None and isinstance(stmt, ast.Expr):
            updated = self.updated(stmt.value)
            if updated is not None:
                return [updated]
        if isinstance(stmt, ast.Assign):
            for target in stmt.targets:
                if isinstance(target, ast.Name) and target.id == name:
                    state = [stmt.value] if self.key is None else [_FROM_DICT]
                elif (
                    self.key is None
                    and _unpacked_at(target, name) is not None
                    and (_is_call(stmt.value))
                ):
                    # `ok, detail = _post(...)`: the def's tuples give it
                    at = _unpacked_at(target, name)
                    assert at is not None
                    state = [_Unpacked(stmt.value, at, _names_in(target) - {name})]
                elif _binds(target, name):
                    state = [None]
                elif self.key is not None and self.is_item(target):
                    state = [stmt.value]
            return state
        if isinstance(stmt, ast.AnnAssign):
            target = stmt.target
            if isinstance(target, ast.Name) and target.id == name and stmt.value is not None:
                return [stmt.value] if self.key is None else [_FROM_DICT]
            return state
        if isinstance(stmt, ast.AugAssign):
            if _binds(stmt.target, name) or (self.key is not None and self.is_item(stmt.target)):
                return [None]
            return state
        if isinstance(stmt, ast.If):
            return _join(
                self.run(stmt.body, self.narrow(stmt.test, state, True)),
                self.run(stmt.orelse, self.narrow(stmt.test, state, False)),
            )
        if isinstance(stmt, ast.For | ast.AsyncFor | ast.While):
            body = self.run(stmt.body, self.loop_entry(stmt, state))
            joined = _join(state, body) or state
            return self.run(stmt.orelse, joined) if stmt.orelse else joined
        if isinstance(stmt, ast.Try | ast.TryStar):
            end = self.try_end(stmt, state)
            if stmt.finalbody:
                return self.run(stmt.finalbody, end)
            return end
        if isinstance(stmt, ast.With | ast.AsyncWith):
            return self.run(stmt.body, self.with_entry(stmt, state))
        if isinstance(stmt, ast.Match):
            return _join(state, *(self.run(case.body, state) for case in stmt.cases))
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            return [None] if stmt.name == name else state
        if isinstance(stmt, ast.Import | ast.ImportFrom):
            bound = {(a.asname or a.name).split(".")[0] for a in stmt.names}
            return [None] if name in bound else state
        if isinstance(stmt, ast.Delete):
            if any(_binds(t, name) for t in stmt.targets):
                return []
            if self.key is not None and any(self.is_item(t) for t in stmt.targets):
                return [None]
            return state
        for sub in ast.walk(stmt):
            if isinstance(sub, ast.NamedExpr) and sub.target.id == name:
                return [sub.value] if self.key is None else [_FROM_DICT]
        return state


def _join(*states: _State | None) -> _State | None:
    """What may be bound after any of the ways in, each value once."""
    live = [s for s in states if s is not None]
    if not live:
        return None
    out: _State = []
    seen: set[int] = set()
    for s in live:
        for value in s:
            if id(value) not in seen:
                seen.add(id(value))
                out.append(value)
    return out


_NAMES_ATTR = "_hermes_dev_names"


def _mentions(stmt: ast.stmt, name: str) -> bool:
    """Whether `name` occurs in `stmt` (as a name, or a def, class or import it binds)."""
    names: frozenset[str] | None = stmt.__dict__.get(_NAMES_ATTR)
    if names is None:
        names = _names_in(stmt)
    return name in names


def _names_in(node: ast.AST) -> frozenset[str]:
    """The names under `node`, kept on every statement below it: one walk answers them all."""
    found: set[str] = set()
    if isinstance(node, ast.Name):
        found.add(node.id)
    elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        found.add(node.name)
    elif isinstance(node, ast.alias):
        found.add((node.asname or node.name).split(".")[0])
    for child in ast.iter_child_nodes(node):
        known = child.__dict__.get(_NAMES_ATTR)
        found |= known if known is not None else _names_in(child)
    names = frozenset(found)
    if isinstance(node, ast.stmt):
        setattr(node, _NAMES_ATTR, names)
    return names


def _binds(target: ast.expr, name: str) -> bool:
    """Whether an assignment target rebinds `name` (`x[k] = ...` and `x.a = ...` do not)."""
    if isinstance(target, ast.Name):
        return target.id == name
    if isinstance(target, ast.Starred):
        return _binds(target.value, name)
    if isinstance(target, ast.Tuple | ast.List):
        return any(_binds(elt, name) for elt in target.elts)
    return False


# -- dict values -----------------------------------------------------------------------------

# Constant arguments a call gives the callee's parameters (a literal, or the default it leaves):
# `def _reply(ok, text): return json.dumps({"success": ok, ...})` called as `_reply(False, ...)`.
Env = tuple[tuple[str, object], ...]


def _value(expr: ast.expr, code: Code, env: Env, flag: bool = False) -> object:
    """A key's value when it is known: a constant (`not <constant>` too), a parameter the call
    gives a constant, or a local whose assignments reaching here include the constant False
    (that path reports a failure); else UNKNOWN. For a success flag (`flag`), a comparison
    (`"ok": len(errors) == 0`, `"success": proc.returncode == 0`) is False on the path where
    it fails, directly or through a local bound to it."""
    constant = _constant(expr)
    if constant is not UNKNOWN:
        return constant
    if flag and _may_fail(expr) and not _asks_state(code):
        return _compared(expr, code, env)  # type: ignore[arg-type]
    if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name):
        # a field of the object a parameter holds (`self.success` in its `to_dict()`)
        field = dict(env).get(f"{expr.value.id}.{expr.attr}", UNKNOWN)
        if field is not UNKNOWN and _reaching(expr.value, code) == [None]:
            return field
        return UNKNOWN
    if _is_call(expr):
        return False if _predicate_false(expr, code) else UNKNOWN
    if not isinstance(expr, ast.Name):
        return constant
    reaching = _reaching(expr, code, calls_truthy=True)
    if reaching is None:
        return UNKNOWN
    known = dict(env)
    values: list[object] = []
    for value in reaching:
        if value is None:
            if reaching == [None] and expr.id in known:
                return known[expr.id]  # a parameter never rebound
            continue
        if _is_call(value):
            values.append(False if _predicate_false(value, code) else UNKNOWN)
        elif isinstance(value, _Unpacked):
            values.append(False if _tuple_false(value, code) else UNKNOWN)
        elif flag and _may_fail(value) and not _asks_state(code):
            values.append(_compared(value, code, env))  # type: ignore[arg-type]
        else:
            values.append(_constant(value))
    return False if any(v is False for v in values) else UNKNOWN


# A def named so describes a state: its flags that test something (`"ok": self._error is None`)
# are that state, not the def failing.
_STATE_WORDS = frozenset({"status", "health", "state", "ping", "healthcheck"})


# Verbs that make a def named for a state change it (`put_state`, `set_status`): its flags are
# the change's outcome, as any action's.
_CHANGING = frozenset(
    {"set", "put", "post", "patch", "update", "change", "write", "save", "apply", "send"}
    | {"push", "sync", "toggle", "reset", "clear", "store", "record", "publish"}
)
# (words before the verb that say nothing of what the def does)
_PREFIXES = frozenset({"handle", "on", "do", "cmd", "tool", "api"})


def _asks_state(code: Code) -> bool:
    words = _name_words(code.function.name)
    verbs = [word for word in words if word not in _PREFIXES]
    if verbs and verbs[0] in _CHANGING:
        return False
    return any(word in _STATE_WORDS for word in words)


def _compared(expr: ast.Compare, code: Code, env: Env) -> object:
    """A comparison's value when its operands are known (`error is None` where the call
    leaves `error=None`: True), else False: the path where it fails."""
    if len(expr.ops) != 1:
        return False
    left = _operand(expr.left, code, env)
    right = _operand(expr.comparators[0], code, env)
    if left is UNKNOWN or right is UNKNOWN:
        return False
    op = type(expr.ops[0])
    if op is ast.Is:
        return left is right
    if op is ast.IsNot:
        return left is not right
    if op is ast.Eq:
        return left == right
    if op is ast.NotEq:
        return left != right
    return False


def _operand(expr: ast.expr, code: Code, env: Env) -> object:
    """A constant, or a parameter the call gives one, or a local every reaching assignment of
    which gives the same constant; else UNKNOWN."""
    if isinstance(expr, ast.Constant):
        return expr.value
    if not isinstance(expr, ast.Name):
        return UNKNOWN
    reaching = _reaching(expr, code)
    if reaching is None:
        return UNKNOWN
    known = dict(env)
    if reaching == [None]:
        value = known.get(expr.id, UNKNOWN)
        return UNKNOWN if isinstance(value, _Kwargs) else value
    values = {repr(v.value) for v in reaching if isinstance(v, ast.Constant)}
    if len(values) == 1 and all(isinstance(v, ast.Constant) for v in reaching):
        first = reaching[0]
        assert isinstance(first, ast.Constant)
        return first.value
    return UNKNOWN


def _may_fail(expr: ast.expr) -> bool:
    """A test whose value changes with what happened: a comparison that is not between
    constants (`rc == 0`, `len(errors) == 0`, `status in ("done", "ok")`)."""
    if not isinstance(expr, ast.Compare):
        return False
    parts = [expr.left, *expr.comparators]
    return not all(isinstance(p, ast.Constant) for p in parts)


def _predicate_false(value: ast.expr, code: Code) -> bool:
    """A call of a predicate that can say False: a def of the root every `return` of which
    gives `True` or `False` (`removed = manager.remove(name)` where `remove` returns False
    when there is nothing to remove)."""
    call = value.value if isinstance(value, ast.Await) else value
    assert isinstance(call, ast.Call)
    return any(summary(_Predicate(), target) is True for target in callees(call, code.scope) or ())


class _Predicate(Transfer):
    """True for a def every reachable `return` of which gives a constant bool, one False."""

    name = "failures.predicate"
    bottom = None

    def compute(self, code: Code, depth: int) -> bool | None:
        if isinstance(code.node, ast.Lambda):
            return None
        values = [
            _constant(r.value) if r.value is not None else UNKNOWN for r in reachable_returns(code)
        ]
        if values and all(isinstance(v, bool) for v in values) and False in values:
            return True
        return None


class _Unpacked(ast.expr):
    """The `index`-th item of what `call` gives, bound by unpacking (`ok, detail = call()`)."""

    _fields = ()

    def __init__(self, call: ast.expr, index: int, others: frozenset[str] = frozenset()) -> None:
        super().__init__()
        self.call = call
        self.index = index
        self.others = others  # (the names the other items are bound to)


def _unpacked_at(target: ast.expr, name: str) -> int | None:
    """The position `name` takes in a tuple target without `*` (`ok, detail = ...`)."""
    if not isinstance(target, ast.Tuple | ast.List) or any(
        isinstance(e, ast.Starred) for e in target.elts
    ):
        return None
    for index, elt in enumerate(target.elts):
        if isinstance(elt, ast.Name) and elt.id == name:
            return index
    return None


def _tests_any(code: Code, names: frozenset[str]) -> bool:
    """The def may turn a result away on one of `names`: an `if` that tests it and leaves on
    one branch (`if new_targets is None: return tool_error(...)`), a conditional expression or
    an `assert` of it."""
    if not names:
        return False
    for sub in walk_function(code.node):
        if isinstance(sub, (ast.IfExp, ast.Assert)) and names & _names_in(sub.test):
            return True
        if (
            isinstance(sub, ast.If)
            and names & _names_in(sub.test)
            and any(
                block and isinstance(block[-1], (ast.Return, ast.Raise))
                for block in (sub.body, sub.orelse)
            )
        ):
            return True
    return False


_ITEM_TESTS: dict[int, _ValueTest] = {}


def _tuple_item(index: int) -> _ValueTest:
    """A test of the `index`-th item of a returned tuple display (`return {"status":
    "failed", ...}, None`)."""
    test = _ITEM_TESTS.get(index)
    if test is None:

        def test(expr: ast.expr, code: Code, env: Env, depth: int) -> Found | None:
            if (
                isinstance(expr, ast.Tuple)
                and index < len(expr.elts)
                and not any(isinstance(e, ast.Starred) for e in expr.elts)
            ):
                return _failure_value(expr.elts[index], code, env, depth + 1)
            return None

        _ITEM_TESTS[index] = test
    return test


def _tuple_false(value: _Unpacked, code: Code) -> bool:
    """The item of a def's tuples that is a flag, False on some path (`return False, "network
    error"` beside `return True, body`)."""
    call = value.call.value if isinstance(value.call, ast.Await) else value.call
    assert isinstance(call, ast.Call)
    for target in callees(call, code.scope) or ():
        flags = summary(_TupleFlags(), target)
        if isinstance(flags, frozenset) and value.index in flags:
            return True
    return False


class _TupleFlags(Transfer):
    """The positions of a def's returned tuples that hold a flag one of them gives as False:
    every reachable `return` a tuple display of one length, each of those items a constant
    bool or a comparison."""

    name = "failures.tuple_flags"
    bottom = None

    def compute(self, code: Code, depth: int) -> frozenset[int] | None:
        if isinstance(code.node, ast.Lambda):
            return None
        tuples = [r.value for r in reachable_returns(code)]
        if not tuples or not all(isinstance(t, ast.Tuple) for t in tuples):
            return None
        sizes = {len(t.elts) for t in tuples}  # type: ignore[union-attr]
        if len(sizes) != 1:
            return None
        found: set[int] = set()
        for index in range(sizes.pop()):
            items = [t.elts[index] for t in tuples]  # type: ignore[union-attr]
            flags = [_constant(item) for item in items]
            if False in flags and all(
                isinstance(f, bool) or isinstance(item, ast.Compare)
                for f, item in zip(flags, items)
            ):
                found.add(index)
        return frozenset(found) if found else None


def _appended(name: str, code: Code) -> list[ast.expr]:
    """What the function appends to its local list `name` (`results.append({...})`), when
    `name` is bound only to a list display; else nothing."""
    node = code.node
    if isinstance(node, ast.Lambda):
        return []
    bindings = [b for b in code.scope.index.get(name) if b.kind != "mutated"]
    if not bindings or any(
        b.kind != "assign" or not isinstance(b.value, ast.List) for b in bindings
    ):
        return []
    found: list[ast.expr] = []
    for sub in walk_function(node):
        if (
            isinstance(sub, ast.Call)
            and isinstance(sub.func, ast.Attribute)
            and sub.func.attr == "append"
            and _is(sub.func.value, name)
            and len(sub.args) == 1
        ):
            found.append(sub.args[0])
    return found


def failure_value(expr: ast.expr, code: Code, depth: int = 0) -> Found | None:
    """How a dict-valued expression can be a failure report without an `"error"` key."""
    return _failure_value(expr, code, (), depth)


def _failure_value(expr: ast.expr, code: Code, env: Env, depth: int) -> Found | None:
    if depth > _MAX_DEPTH:
        return None
    if isinstance(expr, ast.Await):
        return _failure_value(expr.value, code, env, depth + 1)
    if isinstance(expr, ast.IfExp):
        return _failure_value(expr.body, code, env, depth + 1) or _failure_value(
            expr.orelse, code, env, depth + 1
        )
    if isinstance(expr, ast.Subscript) and isinstance(expr.value, ast.Name):
        # `results[0]` of a local list: a dict the function appends to it
        for item in _appended(expr.value.id, code):
            found = _failure_value(item, code, env, depth + 1)
            if found is not None:
                return found
    if isinstance(expr, _Unpacked):
        # `result, kept = op(args, targets)`: that item of the tuples the def returns
        call = expr.call.value if isinstance(expr.call, ast.Await) else expr.call
        if not isinstance(call, ast.Call) or _tests_any(code, expr.others):
            return None  # (`if new_targets is None: return tool_error(...)`: which one is not followed)
        for target in callees(call, code.scope) or ():
            kind = f"failures.dict.item{expr.index}"
            found = _follow(target, call, depth, kind, _tuple_item(expr.index), code, env)
            if found is not None:
                return found
        return None
    pairs = _pairs(expr, code.scope)
    if pairs is not None:
        return _display(pairs, code, env, depth)
    if isinstance(expr, ast.DictComp):
        return _filtered_copy(expr, code, env, depth)
    if isinstance(expr, ast.Name):
        return _name_value(expr, code, env, depth)
    if isinstance(expr, ast.Call):
        return _call_value(expr, code, env, depth)
    if isinstance(expr, ast.Attribute) and expr.attr == "__dict__":
        return _fields_report(expr.value, code, env, depth)
    return None


def _filtered_copy(expr: ast.DictComp, code: Code, env: Env, depth: int) -> Found | None:
    """`{k: v for k, v in src.items() if v is not None}`: the report `src` is, less the keys
    the filter surely drops (a key whose value is not known is kept)."""
    if len(expr.generators) != 1:
        return None
    gen = expr.generators[0]
    target, source = gen.target, gen.iter
    if not (
        isinstance(target, ast.Tuple)
        and len(target.elts) == 2
        and all(isinstance(e, ast.Name) for e in target.elts)
        and isinstance(source, ast.Call)
        and isinstance(source.func, ast.Attribute)
        and source.func.attr == "items"
        and not source.args
    ):
        return None
    k, v = (e.id for e in target.elts)  # type: ignore[attr-defined]
    if not (is_name(expr.key, k) and is_name(expr.value, v)):
        return None
    found = _failure_value(source.func.value, code, env, depth + 1)
    if found is None or not gen.ifs:
        return found
    kept = {
        key: value
        for key, value in found.keys.items()
        if all(_kept(test, k, v, key, value) is not False for test in gen.ifs)
    }
    reason = judge(kept)
    return Found(reason, found.chain, kept) if reason is not None else None


def _kept(test: ast.expr, k: str, v: str, key: str, value: object) -> bool | None:
    """Whether a comprehension's filter keeps the entry `key: value` (None: not known)."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _kept(test.operand, k, v, key, value)
        return None if inner is None else not inner
    if isinstance(test, ast.BoolOp):
        parts = [_kept(t, k, v, key, value) for t in test.values]
        if isinstance(test.op, ast.And):
            return False if False in parts else (None if None in parts else True)
        return True if True in parts else (None if None in parts else False)
    known = value is not UNKNOWN
    if is_name(test, v):
        return bool(value) if known else None
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return None
    left, op, right = test.left, test.ops[0], test.comparators[0]
    if is_name(left, v) and is_none(right) and isinstance(op, (ast.Is, ast.IsNot, ast.NotEq)):
        if not known:
            return None
        return value is None if isinstance(op, ast.Is) else value is not None
    if is_name(left, k) and isinstance(op, (ast.Eq, ast.NotEq, ast.In, ast.NotIn)):
        try:
            other = ast.literal_eval(right)
        except ValueError:
            return None
        if isinstance(op, (ast.Eq, ast.NotEq)):
            same = bool(key == other)
            return same if isinstance(op, ast.Eq) else not same
        try:
            inside = bool(key in other)
        except TypeError:
            return None
        return inside if isinstance(op, ast.In) else not inside
    return None


def _display(
    pairs: list[tuple[str | None, ast.expr]], code: Code, env: Env, depth: int
) -> Found | None:
    """A display, its spreads followed: the keys of the failure path of each spread value."""
    if any(key == "error" for key, _ in pairs):
        return None
    keys: dict[str, object] = {}
    chain: tuple[Step, ...] = ()
    state = _asks_state(code)
    for key, value in pairs:
        if key is not None:
            # (`"ok": False` where a status check answers is the state it reports)
            keys[key] = (
                UNKNOWN if state and key in FLAGS else _value(value, code, env, key in FLAGS)
            )
            if keys[key] is UNKNOWN and isinstance(value, ast.JoinedStr) and _says_why(key):
                keys[key] = _template(value)
            continue
        inner = _failure_value(value, code, env, depth + 1)
        if inner is not None:
            keys.update(inner.keys)
            chain = chain or inner.chain
            continue
        known = _known_keys(value, code, env, depth + 1)
        if known is None:
            return None  # what it spreads is not known: it may hold an "error"
        keys.update(known)
    reason = judge(keys)
    if reason is None:
        return _enveloped_failure(pairs, keys, code, env, depth)
    return Found(reason, chain, keys)


_SUCCESS_WORDS = frozenset({"ok", "success", "succeeded", "done", "completed", "applied"})
# Keys of an envelope around the answer (`{"status": 409, "data": {...}}`).
_ENVELOPE_KEYS = frozenset({"data", "result", "payload", "body", "response"})


def _enveloped_failure(
    pairs: list[tuple[str | None, ast.expr]],
    keys: dict[str, object],
    code: Code,
    env: Env,
    depth: int,
) -> Found | None:
    """`{"status": 409, "data": {"updated": False, "message": ...}}`: an envelope whose
    answer is itself a failure report, no flag of its own saying it succeeded (`"ok": True`
    beside it is not judged) and nothing else beside it but a status."""
    if any(_as_flag(keys.get(flag)) is True for flag in FLAGS):
        return None
    if any(
        isinstance(keys.get(key), str) and _word(keys[key]) in _SUCCESS_WORDS  # type: ignore[arg-type]
        for key in STATUS_KEYS
    ):
        return None  # (`{"status": "ok", "data": {...}}`: the envelope says it succeeded)
    if any(
        key not in _ENVELOPE_KEYS and key not in STATUS_KEYS and key.lower() != "code"
        for key in keys
    ):
        return None
    for key, value in pairs:
        if key not in _ENVELOPE_KEYS or not isinstance(value, ast.Dict):
            continue
        inner = _failure_value(value, code, env, depth + 1)
        if inner is not None:
            return Found(f'{{"{key}": {inner.reason}}}', inner.chain, inner.keys)
    return None


class _Template(str):
    """An f-string's words, what it fills in left out (`f"no workout with id {n}"` -> `"no
    workout with id …"`): they may say the model named what is not there; not that nothing
    needed doing (`f"loan {n} was already returned on {day}"` is read as it was before)."""

    __slots__ = ()


def _template(text: ast.JoinedStr) -> _Template:
    parts = [
        value.value if isinstance(value, ast.Constant) and isinstance(value.value, str) else "…"
        for value in text.values
    ]
    return _Template("".join(parts))


def _known_keys(expr: ast.expr, code: Code, env: Env, depth: int) -> dict[str, object] | None:
    """The keys a dict-valued expression has on every path (their values where they agree),
    or None when that is not known: a display whose keys are constants (its spreads known the
    same way), `{}`, either branch of `a if c else b`, a local bound only to such."""
    if depth > _MAX_DEPTH:
        return None
    if isinstance(expr, ast.IfExp):
        body = _known_keys(expr.body, code, env, depth + 1)
        orelse = _known_keys(expr.orelse, code, env, depth + 1)
        if body is None or orelse is None:
            return None
        return _merge(body, orelse)
    pairs = _pairs(expr, code.scope)
    if pairs is not None:
        keys: dict[str, object] = {}
        for key, value in pairs:
            if key is not None:
                keys[key] = _value(value, code, env, key in FLAGS)
                continue
            inner = _known_keys(value, code, env, depth + 1)
            if inner is None:
                return None
            keys.update(inner)
        return keys
    if isinstance(expr, ast.Name):
        values = _reaching(expr, code)
        kwargs = dict(env).get(expr.id)
        if (
            values == [None]
            and isinstance(kwargs, _Kwargs)
            and _local_keys(expr.id, code, expr, env) == {}
        ):
            return dict(kwargs)  # the callee's **kwargs, as the call fills them
        if not values or None in values or _local_keys(expr.id, code, expr, env) != {}:
            return None
        merged: dict[str, object] = {}
        for bound in values:
            assert bound is not None
            inner = _known_keys(bound, code, env, depth + 1)
            if inner is None:
                return None
            merged = _merge(merged, inner)
        return merged
    if isinstance(expr, ast.Call):
        return _returned_keys(expr, code)
    return None


def _returned_keys(call: ast.Call, code: Code) -> dict[str, object] | None:
    """The keys of the dict a project def returns on every path, each a display with
    constant keys (`result = prorata(paid, day)`; then `result["status"] = "failed"`)."""
    found = resolve(call.func, code.scope).single()
    if not isinstance(found, Function) or isinstance(found.node, ast.Lambda):
        return None
    merged: dict[str, object] | None = None
    for ret in walk_function(found.node):
        if not isinstance(ret, ast.Return):
            continue
        if ret.value is None:
            return None
        pairs = _pairs(ret.value, found.scope)
        if pairs is None or any(key is None for key, _ in pairs):
            return None
        keys = {key: _constant(item) for key, item in pairs if key is not None}
        merged = keys if merged is None else _merge(merged, keys)
    return merged


def _merge(first: dict[str, object], second: dict[str, object]) -> dict[str, object]:
    """Keys either may have; a value where both agree, else UNKNOWN."""
    merged = dict(first)
    for key, value in second.items():
        merged[key] = value if merged.get(key, value) == value else UNKNOWN
    return merged


def _name_value(name: ast.Name, code: Code, env: Env, depth: int) -> Found | None:
    values = _reaching(name, code)
    if values is None:
        bound = assigned_value(name.id, code.scope)
        if bound is None:
            return None
        table, where = bound
        if where.func is not None or _mutated_anywhere(name.id, where.module.tree):
            return None
        scope = module_scope(where.module)
        reason = failure_dict(table, scope)
        pairs = _pairs(table, scope)
        if reason is None or pairs is None:
            return None
        keys = {key: _constant(item) for key, item in pairs if key is not None}
        step = (where.module.rel, table.lineno, "<module>")
        return Found(reason, (step,) if where.module is not code.module else (), keys)
    stored = _local_keys(name.id, code, name, env)
    if stored is None:
        return None  # changed in a way not known, or handed to other code
    if "error" in stored:
        return None  # given an "error" on some path: which one is not followed
    kwargs = dict(env).get(name.id)
    for value in values:
        if value is None and isinstance(kwargs, _Kwargs) and _is_kwarg(code, name.id):
            # (`def fail_json(msg, **result): result["failed"] = True; ...`: the dict the call
            # filled, then what the def stores on it)
            found: Found | None = Found("", (), dict(kwargs))
        elif value is None:
            continue
        else:
            found = _failure_value(value, code, env, depth + 1)
        if found is None and stored and value is not None:
            # A dict that becomes a failure report through the items stored on it later.
            known = _known_keys(value, code, env, depth + 1)
            if known is not None:
                found = Found("", (), known)
        if found is None:
            continue
        keys = dict(found.keys)
        for key in stored:
            if not _judged_by_value(key):
                # (its value says nothing judge reads: that it is there is all; following
                # each of thousands of such keys through the body was quadratic)
                keys[key] = keys.get(key, UNKNOWN)
                continue
            item = _item(name, key, keys, code, env)
            if item is _ABSENT:
                keys.pop(key, None)
            else:
                keys[key] = item
        reason = judge(keys)
        if reason is not None and not _turned_away(name, code, keys):
            return Found(reason, found.chain, keys)
    return None


def _is_kwarg(code: Code, name: str) -> bool:
    node = code.node
    return (
        isinstance(node, _DEF_TYPES) and node.args.kwarg is not None and node.args.kwarg.arg == name
    )


def _turned_away(use: ast.Name, code: Code, keys: dict[str, object]) -> bool:
    """`if result.get("ok") is False: return tool_error(...)` before `return json.dumps(result)`:
    an `if` after the value's last assignment whose test, asked of the failure's keys, is True
    and whose body leaves (a return or a raise) has turned that failure away."""
    node = code.function.node
    if isinstance(node, ast.Lambda):
        return False
    name = use.id
    last = 0
    tests: list[ast.If] = []
    for sub in walk_function(node):
        line = getattr(sub, "lineno", 0)
        if line >= use.lineno:
            continue
        if isinstance(sub, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.For, ast.With)):
            if any(
                isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store)
                for n in ast.walk(sub)
            ):
                last = max(last, line)
        elif (
            type(sub) is ast.If
            and use.lineno > (sub.end_lineno or line)
            and sub.body
            and isinstance(sub.body[-1], (ast.Return, ast.Raise))
        ):
            tests.append(sub)
    return any(test.lineno > last and _asked_of(test.test, name, keys) is True for test in tests)


def _asked_of(test: ast.expr, name: str, keys: dict[str, object]) -> object:
    """The value of `test` for the report `name` holding `keys` (UNKNOWN when it cannot be
    told): `name.get("k")`, `name["k"]`, compared with `is`/`==`, negated, and/or."""
    if isinstance(test, ast.Constant):
        return test.value
    if isinstance(test, ast.Call):
        func = test.func
        if (
            isinstance(func, ast.Attribute)
            and func.attr == "get"
            and _is(func.value, name)
            and test.args
            and isinstance(test.args[0], ast.Constant)
            and isinstance(test.args[0].value, str)
        ):
            default = _asked_of(test.args[1], name, keys) if len(test.args) > 1 else None
            return keys.get(test.args[0].value, default)
        if isinstance(func, ast.Name) and func.id == "isinstance" and len(test.args) == 2:
            # (the report is a dict: `isinstance(result, dict) and result.get("ok") is False`)
            kinds = test.args[1].elts if isinstance(test.args[1], ast.Tuple) else [test.args[1]]
            if _is(test.args[0], name) and any(_is(k, "dict") for k in kinds):
                return True
        return UNKNOWN
    if isinstance(test, ast.Subscript) and _is(test.value, name):
        key = test.slice.value if isinstance(test.slice, ast.Constant) else None
        return keys.get(key, UNKNOWN) if isinstance(key, str) else UNKNOWN
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _asked_of(test.operand, name, keys)
        return UNKNOWN if inner is UNKNOWN else not inner
    if isinstance(test, ast.BoolOp):
        values = [_asked_of(v, name, keys) for v in test.values]
        wanted = isinstance(test.op, ast.Or)
        if any(v is not UNKNOWN and bool(v) is wanted for v in values):
            return wanted
        return UNKNOWN if any(v is UNKNOWN for v in values) else not wanted
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        left = _asked_of(test.left, name, keys)
        right = _asked_of(test.comparators[0], name, keys)
        if left is UNKNOWN or right is UNKNOWN:
            return UNKNOWN
        op = test.ops[0]
        if isinstance(op, (ast.Is, ast.IsNot)):
            return (left is right) is isinstance(op, ast.Is)
        if isinstance(op, (ast.Eq, ast.NotEq)):
            try:
                return (left == right) is isinstance(op, ast.Eq)
            except Exception:  # noqa: BLE001 - constants of odd types
                return UNKNOWN
    return UNKNOWN


_ABSENT = object()  # a key a dict does not have on any path


def _judged_by_value(key: str) -> bool:
    """A key whose value `judge` reads (a flag, a status, a reason...), not only its presence."""
    return (
        key in FLAGS
        or key in _FAILED_FLAGS
        or key in ACTION_FLAGS
        or key in STATUS_KEYS
        or key in NOT_FAILURE_KEYS
        or key == "error"
        or _says_why(key)
    )


def _item(name: ast.Name, key: str, keys: dict[str, object], code: Code, env: Env) -> object:
    """What `name[key]` holds at the use `name`, where the dict bound to it has `keys`: a
    failing value when any path gives one (a flag False, a failure status), else the one value
    every path gives, else UNKNOWN."""
    node = code.node
    assert not isinstance(node, ast.Lambda)
    reaching = _Reach(name, key, keys.get(key, _ABSENT), env=env).at_use(node.body, [])
    values: list[object] = []
    for value in reaching or ():
        if value is _FROM_DICT:
            values.append(keys.get(key, _ABSENT))
        elif value is None or value is _UNKNOWN_ITEM:
            values.append(UNKNOWN)
        else:
            values.append(_value(value, code, env, key in FLAGS))
    if not values:
        return keys.get(key, _ABSENT)
    if (key in FLAGS or key in ACTION_FLAGS) and any(v is False for v in values):
        return False
    if key in STATUS_KEYS:
        for v in values:
            if isinstance(v, str) and _failure_status(v):
                return v
    first = values[0]
    if all(v is first or v == first for v in values):
        return first
    present = [v for v in values if v is not _ABSENT]
    return UNKNOWN if present else _ABSENT


def _local_keys(name: str, code: Code, use: ast.Name, env: Env = ()) -> dict[str, object] | None:
    """The keys a function sets on its local dict `name` (`name["k"] = v`, `name.update(...)`),
    or None when it changes it otherwise (a computed key, `|=`, `del`, `setdefault`...) or hands
    it to code that may (any call but its serialisation, logging, and the call that reads it at
    `use`, which the caller follows; `f(**name)` hands over a copy)."""
    node = code.node
    if isinstance(node, ast.Lambda):
        return {}
    keys: dict[str, object] = {}
    later = _runs_after(node, use)
    dead = _ruled_out(node, env)
    # (`name["failed"] = True`: the constant, when every store of the key writes the same one)
    written: dict[int, ast.expr] = {
        id(target): sub.value
        for sub in walk_function(node)
        if isinstance(sub, ast.Assign)
        for target in sub.targets
    }
    for sub in walk_function(node):
        if isinstance(sub, ast.Subscript) and _is(sub.value, name):
            if isinstance(sub.ctx, ast.Store) and (id(sub) in dead or later(sub)):
                # (under `if error:` where the call leaves `error=None`; or stored only after
                # the use, `result["status"] = "ok"` past a `return` of `{**result}`)
                continue
            if isinstance(sub.ctx, ast.Store):
                key = sub.slice
                if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
                    return None
                value = written.get(id(sub))
                constant = _constant(value) if value is not None else UNKNOWN
                if key.value in keys and keys[key.value] != constant:
                    constant = UNKNOWN
                keys[key.value] = constant
            elif isinstance(sub.ctx, ast.Del):
                return None
        elif isinstance(sub, ast.AugAssign) and _is(sub.target, name):
            return None
        elif isinstance(sub, ast.Call):
            func = sub.func
            if isinstance(func, ast.Attribute) and _is(func.value, name):
                if func.attr == "update":
                    added = _update_keys(sub, code, env)
                    if added is None:
                        return None
                    keys.update(added)
                elif func.attr not in _DICT_READS:
                    return None  # setdefault, pop, clear...
            elif (
                _passes(sub, name)
                and not _reader(func)
                and not _reads_at(sub, use)
                and not later(sub)
                and not _only_read_by(sub, name, code.scope)
            ):
                return None
    return keys


_MAX_READ_DEPTH = 3


def _only_read_by(call: ast.Call, name: str, scope: Scope, depth: int = 0) -> bool:
    """Every def of the root `call` runs only reads the dict `name` it is given (subscripts,
    `.get`, readers such as `json.dumps`, or defs that only read it in turn): it stays as it is."""
    if depth > _MAX_READ_DEPTH:
        return False
    targets = callees(call, scope)
    if not targets:
        return False
    for target in targets:
        func = target.function
        node = func.node
        if isinstance(node, ast.Lambda):
            return False
        params = [p for p, arg in call_arguments(call, func).items() if _is(arg, name)]
        if len(params) != 1 or _given_times(call, name) != 1:
            return False
        if not _reads_only(node, params[0], target.code().scope, depth):
            return False
    return True


def _given_times(call: ast.Call, name: str) -> int:
    """How many arguments of `call` are the dict itself."""
    given = sum(1 for arg in call.args if _is(arg, name))
    return given + sum(1 for kw in call.keywords if kw.arg is not None and _is(kw.value, name))


def _holds(expr: ast.expr, name: str) -> bool:
    """`expr` is the dict itself, or a display that holds it as an item."""
    if _is(expr, name):
        return True
    if isinstance(expr, (ast.List, ast.Tuple, ast.Set)):
        return any(_is(e, name) for e in expr.elts)
    if isinstance(expr, ast.Dict):
        return any(v is not None and _is(v, name) for v in (*expr.keys, *expr.values))
    return False


def _reads_only(
    node: ast.FunctionDef | ast.AsyncFunctionDef, param: str, scope: Scope, depth: int
) -> bool:
    for sub in walk_function(node):
        kind = type(sub)
        if kind is ast.Subscript and _is(sub.value, param):  # type: ignore[attr-defined]
            if not isinstance(sub.ctx, ast.Load):  # type: ignore[attr-defined]
                return False
        elif kind is ast.AugAssign and _is(sub.target, param):  # type: ignore[attr-defined]
            return False
        elif kind is ast.Assign and _holds(sub.value, param):  # type: ignore[attr-defined]
            return False  # kept somewhere (`self.last = d`, `other = d`): it may change later
        elif kind is ast.Call:
            func = sub.func  # type: ignore[attr-defined]
            if isinstance(func, ast.Attribute) and _is(func.value, param):
                if func.attr not in _DICT_READS:
                    return False
            elif (
                _passes(sub, param)  # type: ignore[arg-type]
                and not _reader(func)
                and not _only_read_by(sub, param, scope, depth + 1)  # type: ignore[arg-type]
            ):
                return False
    return True


def _ruled_out(node: ast.FunctionDef | ast.AsyncFunctionDef, env: Env) -> frozenset[int]:
    """The nodes of the bodies of `if <param>:` / `if <param> is not None:` tests that the
    call's constant for that parameter rules out (None, False, 0, "")."""
    if not env:
        return frozenset()
    known = {name: value for name, value in env if not isinstance(value, _Kwargs)}
    dead: set[int] = set()
    for sub in walk_function(node):
        if not isinstance(sub, ast.If):
            continue
        test = sub.test
        if (
            isinstance(test, ast.Compare)
            and len(test.ops) == 1
            and isinstance(test.ops[0], ast.IsNot)
            and isinstance(test.comparators[0], ast.Constant)
            and test.comparators[0].value is None
        ):
            test = test.left
            falsy = isinstance(test, ast.Name) and test.id in known and known[test.id] is None
        else:
            falsy = (
                isinstance(test, ast.Name)
                and test.id in known
                and known[test.id] in (None, False, 0, "")
            )
        if falsy:
            dead.update(id(n) for stmt in sub.body for n in ast.walk(stmt))
    return frozenset(dead)


def _runs_after(
    node: ast.FunctionDef | ast.AsyncFunctionDef, use: ast.Name
) -> Callable[[ast.AST], bool]:
    """Whether a node of the def cannot run before `use`: it is written after it, and no loop
    holds `use` (a dict handed to a logger after `return d` cannot change what was returned)."""
    line = getattr(use, "lineno", None)
    if line is None or any(
        isinstance(sub, (ast.For, ast.AsyncFor, ast.While))
        and sub.lineno <= line <= (sub.end_lineno or sub.lineno)
        for sub in walk_function(node)
    ):
        return lambda _: False
    column = use.col_offset
    return lambda sub: (sub.lineno, sub.col_offset) > (line, column)  # type: ignore[attr-defined]


def _passes(call: ast.Call, name: str) -> bool:
    """Whether a call is given the dict `name` itself (`f(**name)`, `f(*name)` hand over a
    copy of its items: the dict stays as it is)."""
    return any(_is(arg, name) for arg in call.args) or any(
        kw.arg is not None and _is(kw.value, name) for kw in call.keywords
    )


def _reads_at(call: ast.Call, use: ast.Name) -> bool:
    """The call that reads the dict at `use` (the caller follows that one)."""
    return any(arg is use for arg in (*call.args, *(kw.value for kw in call.keywords)))


def _update_keys(call: ast.Call, code: Code, env: Env = ()) -> dict[str, object] | None:
    """The keys `d.update({...})` / `d.update(k=v)` / `d.update(kwargs)` (what the call put in
    the function's `**kwargs`) stores, when they are known (`_Reach` follows each item through
    the updates as through `d[k] = v`)."""
    added: dict[str, object] = {}
    spread = [kw.value for kw in call.keywords if kw.arg is None]
    for arg in [*call.args, *spread]:
        kwargs = dict(env).get(arg.id) if isinstance(arg, ast.Name) else None
        if isinstance(kwargs, _Kwargs):
            added.update((key, UNKNOWN) for key, _ in kwargs)
            continue
        more = _pairs(arg, code.scope) if arg not in spread else None
        if more is None or any(key is None for key, _ in more):
            return None
        added.update((key, UNKNOWN) for key, _ in more if key is not None)
    added.update((kw.arg, UNKNOWN) for kw in call.keywords if kw.arg is not None)
    return added


def _is(expr: ast.expr, name: str) -> bool:
    return isinstance(expr, ast.Name) and expr.id == name


def _reader(func: ast.expr) -> bool:
    """A call that reads a dict without changing it: its serialisation, a log line."""
    if isinstance(func, ast.Name):
        return func.id in _READERS
    if isinstance(func, ast.Attribute):
        return func.attr in _READERS or func.attr in _LOG_METHODS
    return False


def _mutated_anywhere(name: str, tree: ast.Module | None) -> bool:
    """A module-level dict some code of the module may change (`NAME[...] = `, a method)."""
    if tree is None:
        return True
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and _is(node.value, name):
            if not isinstance(node.ctx, ast.Load):
                return True
        elif isinstance(node, ast.Attribute) and _is(node.value, name):
            if node.attr not in _DICT_READS:
                return True
        elif isinstance(node, ast.Global) and name in node.names:
            return True
    return False


def _call_value(call: ast.Call, code: Code, env: Env, depth: int) -> Found | None:
    if isinstance(call.func, ast.Lambda):
        return _failure_value(call.func.body, code, (), depth + 1)
    if _fields_of(call, code.scope):
        return _fields_report(call.args[0], code, env, depth)
    targets = callees(call, code.scope)
    for target in targets or ():
        node = target.function.node
        if isinstance(node, ast.FunctionDef) and node.name == "__init__":
            return None  # an instance, not a dict
        found = _follow(target, call, depth, "failures.dict", _failure_value, code, env)
        if found is not None:
            return found
    return _method_report(call, code, env, depth, "failures.dict", _failure_value, targets)


def _arguments(
    call: ast.Call,
    node: ast.FunctionDef | ast.AsyncFunctionDef,
    skip: bool,
    caller: Code | None = None,
    caller_env: Env = (),
) -> Env:
    """The parameters a call gives a constant (a literal argument, a value the caller knows:
    its own parameter given a constant, a local a `False` reaches; or a constant default it
    leaves), when which argument fills which parameter is known."""
    a = node.args
    positional = [*a.posonlyargs, *a.args][1 if skip else 0 :]
    if any(isinstance(arg, ast.Starred) for arg in call.args) or len(call.args) > len(positional):
        return ()
    given: dict[str, ast.expr] = {p.arg: arg for p, arg in zip(positional, call.args)}
    named = {p.arg for p in (*positional, *a.kwonlyargs)}
    spread = any(kw.arg is None for kw in call.keywords)
    given.update((kw.arg, kw.value) for kw in call.keywords if kw.arg is not None)
    if not spread:
        defaults = dict(
            zip([p.arg for p in positional][len(positional) - len(a.defaults) :], a.defaults)
        )
        defaults.update((p.arg, d) for p, d in zip(a.kwonlyargs, a.kw_defaults) if d is not None)
        for name, default in defaults.items():
            given.setdefault(name, default)
    passed = {id(expr) for expr in (*call.args, *(kw.value for kw in call.keywords))}

    def known(expr: ast.expr) -> object:
        if caller is not None and id(expr) in passed:
            return _value(expr, caller, caller_env)
        return _constant(expr)

    env: list[tuple[str, object]] = []
    for name, expr in sorted(given.items()):
        if name not in named:
            continue  # goes to **kwargs, below
        value = known(expr)
        if value is not UNKNOWN and isinstance(value, str | int | float | bool | type(None)):
            env.append((name, value))
    if a.kwarg is not None and not spread:
        extra = sorted((key, known(value)) for key, value in given.items() if key not in named)
        env.append((a.kwarg.arg, _Kwargs(extra)))
    return tuple(env)


class _Kwargs(tuple):  # type: ignore[type-arg]
    """What a call puts in the callee's `**kwargs`: (key, constant or UNKNOWN) pairs."""

    __slots__ = ()


def _follow(
    target: Callee,
    call: ast.Call,
    depth: int,
    kind: str,
    test: _ValueTest,
    caller: Code | None = None,
    caller_env: Env = (),
) -> Found | None:
    """What `test` finds in what `target` returns, given the call's constant arguments (which
    also rule out the branches they decide); then, when that finds nothing, given the failing
    objects the call passes (`_text_response(result)` where `result` may be built with
    `ok=False`)."""
    node = target.function.node
    env: Env = ()
    if isinstance(node, _DEF_TYPES):
        env = _arguments(call, node, target.function.bound, caller, caller_env)
    found = _summarise(target, env, depth + 1, kind, test)
    if found is None and caller is not None and isinstance(node, _DEF_TYPES):
        found = _with_objects(target, call, env, depth, kind, test, caller, caller_env)
    return found


def failure_return(target: Callee, depth: int = 0) -> Found | None:
    """The first way a call of `target` returns a failure report dict without `"error"`."""
    return _summarise(target, (), depth, "failures.dict", _failure_value)


def failure_without_error(target: Callee, depth: int = 0) -> Found | None:
    """The first way a call of `target` returns a JSON string of a failure report without an
    `"error"` key."""
    return _summarise(target, (), depth, "failures.text", _failure_text)


class _Failures(Transfer):
    """The first `return` whose value `test` finds a failure in (the constants `env` the call
    gives the callee's parameters are part of what the summary is of)."""

    bottom = None

    def __init__(self, kind: str, test: _ValueTest, env: Env) -> None:
        self.name = (kind, env)  # type: ignore[assignment]
        self.test = test
        self.env = env

    def compute(self, code: Code, depth: int) -> Found | None:
        node = code.node
        module = code.module
        if isinstance(node, ast.Lambda):
            found = self.test(node.body, code, self.env, depth)
            return _prefixed(found, (module.rel, node.lineno, code.label))
        for ret in reachable_returns(code):
            if ret.value is None:
                continue
            found = self.test(ret.value, code, self.env, depth)
            if found is not None:
                found = _prefixed(found, (module.rel, ret.lineno, code.label))
                assert found is not None
                if not status_report(found, [step[2] for step in found.chain]):
                    return found
        return None

    def empty(self, result: object) -> bool:
        return result is None


def _summarise(target: Callee, env: Env, depth: int, kind: str, test: _ValueTest) -> Found | None:
    found = summary(_Failures(kind, test, env), target, depth)
    return found if isinstance(found, Found) else None


# -- report objects ----------------------------------------------------------------------------
# An object built with a failing flag (`Result(success=False, message=...)`, a dataclass or a
# class whose `__init__` keeps its arguments as `self.x`), serialised later: by one of its
# methods (`result.to_dict()`, `to_json()`) that reads `self.success`, by `asdict(result)`,
# `vars(result)`, `result.__dict__` or a model's `model_dump()`, or by a function given it
# (`_text_response(result)` reading `result.ok`). Its fields reach that code as constants the
# call binds (`"self.success"` -> False), as a parameter's constant does.


class Way:
    """One way an object that reports a failure is built: its class (None when only its fields
    are known), its fields (name -> the constant given, or UNKNOWN) and the steps to the line
    that builds it."""

    __slots__ = ("chain", "cls", "fields")

    def __init__(
        self, cls: ClassRef | None, fields: dict[str, object], chain: tuple[Step, ...]
    ) -> None:
        self.cls = cls
        self.fields = fields
        self.chain = chain

    def __repr__(self) -> str:
        return f"Way({self.cls!r}, {self.fields!r}, {list(self.chain)})"


_MAX_WAYS = 4
# Methods of model base classes outside the root that give the fields as a dict / as JSON.
_MODEL_METHODS = {
    "failures.dict": frozenset({"model_dump", "dict", "_asdict"}),
    "failures.text": frozenset({"model_dump_json", "json"}),
}


def _failing(fields: dict[str, object]) -> bool:
    """Fields that say the object reports a failure: a flag False, a failure status."""
    if any(fields.get(key) is False for key in FLAGS):
        return True
    return any(
        isinstance(fields.get(key), str) and _failure_status(str(fields.get(key)))
        for key in STATUS_KEYS
    )


def _object_ways(expr: ast.expr, code: Code, env: Env, depth: int) -> tuple[Way, ...]:
    """The ways the object `expr` holds may be built with failing fields (at most a few)."""
    if depth > _MAX_DEPTH:
        return ()
    if isinstance(expr, ast.Await):
        return _object_ways(expr.value, code, env, depth + 1)
    if isinstance(expr, ast.IfExp):
        both = _object_ways(expr.body, code, env, depth + 1)
        return (both + _object_ways(expr.orelse, code, env, depth + 1))[:_MAX_WAYS]
    if isinstance(expr, ast.Name):
        reaching = _reaching(expr, code)
        if reaching == [None]:
            prefix = f"{expr.id}."
            given = {k[len(prefix) :]: v for k, v in env if k.startswith(prefix)}
            return (Way(None, given, ()),) if given else ()
        found: tuple[Way, ...] = ()
        for value in reaching or ():
            if value is not None and len(found) < _MAX_WAYS:
                found += _object_ways(value, code, env, depth + 1)
        return found[:_MAX_WAYS]
    if not isinstance(expr, ast.Call):
        return ()
    classes = [obj for obj in resolve(expr.func, code.scope).items if isinstance(obj, Class)]
    if classes:
        ways: list[Way] = []
        for cls in classes:
            fields = _constructed(cls.ref, expr, code, env)
            if fields is not None and _failing(fields):
                ways.append(Way(cls.ref, fields, ()))
        return tuple(ways[:_MAX_WAYS])
    found = ()
    for target in callees(expr, code.scope) or ():
        result = summary(_Ways(), target, depth + 1)
        if isinstance(result, tuple):
            found += result
    return found[:_MAX_WAYS]


class _Ways(Transfer):
    """The failing objects a def returns (`Way`s, each with its chain)."""

    name = "failures.ways"
    bottom = ()

    def compute(self, code: Code, depth: int) -> tuple[Way, ...]:
        node = code.node
        if isinstance(node, ast.Lambda):
            values: list[tuple[ast.expr, int]] = [(node.body, node.lineno)]
        else:
            values = [(r.value, r.lineno) for r in reachable_returns(code) if r.value is not None]
        found: list[Way] = []
        for value, line in values:
            for way in _object_ways(value, code, (), depth):
                step = (code.module.rel, line, code.label)
                found.append(Way(way.cls, way.fields, (step, *way.chain)))
            if len(found) >= _MAX_WAYS:
                break
        return tuple(found[:_MAX_WAYS])


def _constructed(cls: ClassRef, call: ast.Call, code: Code, env: Env) -> dict[str, object] | None:
    """The fields `Cls(...)` gives the object (every field the class declares: the constant
    the call or a default gives it, else UNKNOWN), or None when they are not known: a class
    with its own `__init__` keeps them as `self.x = <parameter or constant>` in its body, a
    dataclass (or any class that declares annotated fields and no `__init__`) takes them in
    order."""
    if any(isinstance(arg, ast.Starred) for arg in call.args) or any(
        kw.arg is None for kw in call.keywords
    ):
        return None
    init = class_method(cls, "__init__")
    if init is not None:
        made, _ = init
        node = made.node
        if not isinstance(node, _DEF_TYPES) or wrapped(node):
            return None
        env_in = dict(_arguments(call, node, True, code, env))
        positional = [p.arg for p in (*node.args.posonlyargs, *node.args.args)]
        this = positional[0] if positional else "self"
        params = {p.arg for p in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)}
        fields: dict[str, object] = {}
        for stmt in node.body:
            target: ast.expr | None = None
            value: ast.expr | None = None
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
                target, value = stmt.targets[0], stmt.value
            elif isinstance(stmt, ast.AnnAssign):
                target, value = stmt.target, stmt.value
            if (
                isinstance(target, ast.Attribute)
                and isinstance(target.value, ast.Name)
                and target.value.id == this
                and value is not None
            ):
                if isinstance(value, ast.Name) and value.id in params:
                    fields[target.attr] = env_in.get(value.id, UNKNOWN)
                else:
                    fields[target.attr] = _constant(value)
        return fields
    declared = _declared_fields(cls)
    if declared is None or len(call.args) > len(declared):
        return None
    given: dict[str, object] = {}
    for (name, _), arg in zip(declared, call.args):
        given[name] = _value(arg, code, env, name in FLAGS)
    names = {name for name, _ in declared}
    for kw in call.keywords:
        if kw.arg not in names:
            return None  # not the fields it declares: not known how it keeps them
        given[kw.arg] = _value(kw.value, code, env, kw.arg in FLAGS)
    return {name: given.get(name, default) for name, default in declared}


def _declared_fields(cls: ClassRef, depth: int = 0) -> list[tuple[str, object]] | None:
    """A dataclass-like class's fields in order (the bases' first) with their constant
    defaults (UNKNOWN for none or a computed one); None when it declares none or a base of the
    root's cannot be read."""
    if depth > 8:
        return None
    fields: dict[str, object] = {}
    for base in class_bases(cls):
        if base is not None:
            inherited = _declared_fields(base, depth + 1)
            if inherited:
                fields.update(inherited)
    for stmt in cls.node.body:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            if "ClassVar" in ast.unparse(stmt.annotation):
                continue
            fields[stmt.target.id] = UNKNOWN if stmt.value is None else _constant(stmt.value)
    return list(fields.items()) or None


def _self_env(ways: tuple[Way, ...], name: str) -> list[tuple[Way, Env]]:
    """Each way's fields as the constants a method's `self` (a function's parameter `name`)
    holds."""
    return [
        (way, tuple(sorted((f"{name}.{key}", value) for key, value in way.fields.items())))
        for way in ways
    ]


def _fields_report(expr: ast.expr, code: Code, env: Env, depth: int) -> Found | None:
    """`asdict(x)`, `vars(x)`, `x.__dict__`, `x.model_dump()`: its fields as a dict."""
    for way in _object_ways(expr, code, env, depth + 1):
        reason = judge(way.fields)
        if reason is not None:
            return Found(reason, way.chain, dict(way.fields))
    return None


def _fields_of(call: ast.Call, scope: Scope) -> bool:
    """`dataclasses.asdict(x)` or `vars(x)`: a dict of an object's fields."""
    if len(call.args) != 1 or call.keywords:
        return False
    func = call.func
    if isinstance(func, ast.Name) and func.id == "vars" and is_builtin_name("vars", scope):
        return True
    return callee_origin(func, scope) == ("dataclasses", "asdict")


def _method_report(
    call: ast.Call,
    code: Code,
    env: Env,
    depth: int,
    kind: str,
    test: _ValueTest,
    targets: list[Callee] | None,
) -> Found | None:
    """A method of a failing object that serialises it (`result.to_dict()`, `to_json()`), run
    with the fields the object was built with."""
    func = call.func
    if not isinstance(func, ast.Attribute):
        return None
    ways = _object_ways(func.value, code, env, depth + 1)
    if not ways:
        return None
    for way in ways:
        methods: list[Function] = []
        if way.cls is not None:
            found = class_method(way.cls, func.attr)
            if found is not None:
                made, owner = found
                methods.append(Function(made.node, made.module, made.scope, owner, bound=True))
            elif not call.args and func.attr in _MODEL_METHODS[kind]:
                return _fields_report(func.value, code, env, depth)
        else:
            methods = [t.function for t in targets or () if t.function.bound]
        for method in methods:
            node = method.node
            if not isinstance(node, _DEF_TYPES) or not node.args.args:
                continue
            own = _arguments(call, node, True, code, env)
            for _, fields in _self_env((way,), node.args.args[0].arg):
                result = _summarise(Callee(method), own + fields, depth + 1, kind, test)
                if result is not None:
                    return Found(result.reason, way.chain or result.chain, result.keys)
    return None


def _with_objects(
    target: Callee,
    call: ast.Call,
    env: Env,
    depth: int,
    kind: str,
    test: _ValueTest,
    caller: Code,
    caller_env: Env,
) -> Found | None:
    """What `target` returns given the failing objects the call passes to parameters whose
    fields it reads (`def _text_response(res): ... {"ok": res.ok, ...}`)."""
    node = target.function.node
    assert isinstance(node, _DEF_TYPES)
    readers = _field_readers(node)
    if not readers:
        return None
    given = call_arguments(call, target.function)
    for param, arg in given.items():
        if param not in readers:
            continue
        for way, fields in _self_env(_object_ways(arg, caller, caller_env, depth + 1), param):
            found = _summarise(target, env + fields, depth + 1, kind, test)
            if found is not None:
                return Found(found.reason, way.chain or found.chain, found.keys)
    return None


_READERS_ATTR = "_hermes_dev_field_readers"


def _field_readers(node: ast.FunctionDef | ast.AsyncFunctionDef) -> frozenset[str]:
    """The parameters (not `self`) whose flag or status field the def reads (`res.ok`)."""
    known: frozenset[str] | None = node.__dict__.get(_READERS_ATTR)
    if known is None:
        a = node.args
        params = {p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)} - {"self", "cls"}
        found = set()
        for sub in walk_function(node):
            if (
                isinstance(sub, ast.Attribute)
                and isinstance(sub.value, ast.Name)
                and sub.value.id in params
                and (sub.attr in FLAGS or sub.attr in STATUS_KEYS)
            ):
                found.add(sub.value.id)
        known = frozenset(found)
        setattr(node, _READERS_ATTR, known)
    return known


# -- JSON strings ----------------------------------------------------------------------------


def _is_registry(module: str) -> bool:
    return module == "registry" or module.endswith(".registry")


def failure_text(expr: ast.expr, code: Code, depth: int = 0) -> Found | None:
    """How a string-valued expression can be the JSON of a failure report without `"error"`."""
    return _failure_text(expr, code, (), depth)


def _failure_text(expr: ast.expr, code: Code, env: Env, depth: int) -> Found | None:
    if depth > _MAX_DEPTH:
        return None
    if isinstance(expr, ast.Await):
        return _failure_text(expr.value, code, env, depth + 1)
    if isinstance(expr, ast.IfExp):
        return _failure_text(expr.body, code, env, depth + 1) or _failure_text(
            expr.orelse, code, env, depth + 1
        )
    if isinstance(expr, ast.Name):
        for value in _reaching(expr, code) or ():
            if value is not None and value is not expr:
                found = _failure_text(value, code, env, depth + 1)
                if found is not None:
                    return found
        return None
    if not isinstance(expr, ast.Call):
        return None
    origin = callee_origin(expr.func, code.scope)
    if origin is not None:
        module, name = origin
        if module in ("json", "simplejson") and name == "dumps":
            return _failure_value(expr.args[0], code, env, depth + 1) if expr.args else None
        if _is_registry(module) and name == "tool_error":
            return None
        if _is_registry(module) and name == "tool_result":
            if expr.args:
                return _failure_value(expr.args[0], code, env, depth + 1)
            pairs: list[tuple[str | None, ast.expr]] = [(kw.arg, kw.value) for kw in expr.keywords]
            return _display(pairs, code, env, depth + 1)
    if isinstance(expr.func, ast.Lambda):
        return _failure_text(expr.func.body, code, env, depth + 1)
    targets = callees(expr, code.scope)
    for target in targets or ():
        found = _follow(target, expr, depth, "failures.text", _failure_text, code, env)
        if found is None:
            argument = _serialised_argument(target, expr)
            if argument is not None:
                found = _failure_value(argument, code, env, depth + 1)
        if found is not None:
            return found
    return _method_report(expr, code, env, depth, "failures.text", _failure_text, targets)


def _error_display(expr: ast.expr) -> bool:
    return isinstance(expr, ast.Dict) and any(
        isinstance(key, ast.Constant) and key.value == "error" for key in expr.keys
    )


def _payload_of(name: str, scope: Scope, depth: int = 0) -> str | None:
    """The parameter a local serialised as it is holds on every path: the parameter itself,
    `{} if data is None else data`, `{**payload, **extra}` of such a local; else None."""
    bindings = scope.index.get(name)
    if len(bindings) == 1 and bindings[0].kind == "param":
        return name
    if depth > 3 or not bindings:
        return None
    found: str | None = None
    for binding in bindings:
        if binding.kind == "param":
            held: str | None = name
        elif binding.kind == "assign" and binding.value is not None:
            if _spreads_itself(binding.value, name):
                continue  # (`payload = {**payload, **extra}`: what it held, with more keys)
            held = _payload_value(binding.value, name, scope, depth)
        else:
            return None
        if held is None or found not in (None, held):
            return None
        found = held
    return found


def _payload_value(value: ast.expr, name: str, scope: Scope, depth: int) -> str | None:
    if isinstance(value, ast.Name):
        return _payload_of(value.id, scope, depth + 1) if value.id != name else None
    if isinstance(value, ast.IfExp):
        branches = [value.body, value.orelse]
        empty = [b for b in branches if _empty(b)]
        held = [b for b in branches if not _empty(b)]
        if len(empty) == 1 and len(held) == 1 and isinstance(held[0], ast.Name):
            return _payload_of(held[0].id, scope, depth + 1)
        return None
    if isinstance(value, ast.Dict) and value.keys and all(k is None for k in value.keys):
        # `{**data, **extra}`: the payload, with the call's other keywords
        first = value.values[0]
        if isinstance(first, ast.Name) and first.id != name:
            return _payload_of(first.id, scope, depth + 1)
    return None


def _spreads_itself(value: ast.expr, name: str) -> bool:
    return (
        isinstance(value, ast.Dict)
        and bool(value.keys)
        and all(k is None for k in value.keys)
        and isinstance(value.values[0], ast.Name)
        and value.values[0].id == name
    )


def _empty(expr: ast.expr) -> bool:
    return (isinstance(expr, ast.Dict) and not expr.keys) or is_none(expr)


def _serialised_argument(target: Callee, call: ast.Call) -> ast.expr | None:
    """The argument a call passes for the parameter `target` returns serialised as it is
    (`def _json(obj): return json.dumps(obj)`), or None."""
    node = target.function.node
    if not isinstance(node, _DEF_TYPES) or not_followed(target.function):
        return None
    code = Code(target.function)
    scope = code.scope
    param: str | None = None
    returns = reachable_returns(code)
    if not returns:
        return None
    if any(kw.arg == "error" for kw in call.keywords):
        return None  # (`tool_result(error=...)`: an error report)
    passed: set[str] = set()
    objects: set[str] = set()
    shaped: ast.Dict | None = None
    for ret in returns:
        value = ret.value
        if isinstance(value, ast.Name) and _payload_of(value.id, scope) == value.id:
            # (`if isinstance(result, str): return result`: text handed back as it is)
            passed.add(value.id)
            continue
        reader = _object_reader(value, scope) if value is not None else None
        if reader is not None:
            # (`if respond_to(obj, "to_json"): return obj.to_json()`: a branch for objects, not
            # taken for a dict display)
            objects.add(reader)
            continue
        if not (isinstance(value, ast.Call) and value.args):
            return None
        origin = callee_origin(value.func, scope)
        serialises = origin is not None and (
            (origin[0] in ("json", "simplejson") and origin[1] == "dumps")
            or (_is_registry(origin[0]) and origin[1] == "tool_result")
        )
        if serialises and _error_display(value.args[0]):
            continue  # (the helper's own error report: `json.dumps({"error": error, ...})`)
        if serialises and isinstance(value.args[0], ast.Dict) and shaped is None:
            # (`def respond(self, data, status=200): return json.dumps({"status": status,
            # "data": data})`: the envelope, with what the call gives its parameters)
            shaped = value.args[0]
            continue
        if not isinstance(value.args[0], ast.Name):
            return None
        name = _payload_of(value.args[0].id, scope)
        if not serialises or name is None or param not in (None, name):
            return None
        param = name
    if shaped is not None:
        if param is not None or passed or objects:
            return None
        return _enveloped(shaped, target, call, scope)
    if param is None or not passed <= {param} or not objects <= {param}:
        return None
    a = node.args
    if a.kwarg is not None and a.kwarg.arg == param:
        # `def reply(**data): return json.dumps(data)`: the call's keywords, as a dict
        if any(kw.arg is None for kw in call.keywords):
            return None
        made = ast.Dict(
            keys=[ast.Constant(kw.arg) for kw in call.keywords],
            values=[kw.value for kw in call.keywords],
        )
        return ast.fix_missing_locations(ast.copy_location(made, call))
    positional = [p.arg for p in (*a.posonlyargs, *a.args)]
    if target.function.bound:
        positional = positional[1:]
    argument: ast.expr | None = None
    for kw in call.keywords:
        if kw.arg == param:
            argument = kw.value
    if argument is None and param in positional:
        index = positional.index(param)
        if index < len(call.args) and not any(
            isinstance(arg, ast.Starred) for arg in call.args[: index + 1]
        ):
            argument = call.args[index]
    if argument is not None and objects and _pairs(argument, scope) is None:
        return None  # (an object may take the other branch)
    return argument


def _enveloped(shaped: ast.Dict, target: Callee, call: ast.Call, scope: Scope) -> ast.expr | None:
    """The helper's display as this call fills it: each parameter it holds replaced by the
    argument the call gives (or the parameter's constant default); None when a value is
    neither a constant nor a parameter, or a parameter is not filled."""
    node = target.function.node
    assert isinstance(node, _DEF_TYPES)
    given = call_arguments(call, target.function)
    a = node.args
    positional = [*a.posonlyargs, *a.args]
    defaults = dict(
        zip([p.arg for p in positional][len(positional) - len(a.defaults) :], a.defaults)
    )
    defaults.update((p.arg, d) for p, d in zip(a.kwonlyargs, a.kw_defaults) if d is not None)
    values: list[ast.expr] = []
    for key, value in zip(shaped.keys, shaped.values):
        if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
            return None
        if isinstance(value, ast.Constant):
            values.append(value)
            continue
        if not isinstance(value, ast.Name) or _payload_of(value.id, scope) != value.id:
            return None
        filled = given.get(value.id, defaults.get(value.id))
        if filled is None:
            return None
        values.append(filled)
    made = ast.Dict(keys=list(shaped.keys), values=values)
    return ast.fix_missing_locations(ast.copy_location(made, call))


# What a dict has: a method of the parameter other than these is asked of an object.
_DICT_ATTRIBUTES = frozenset(dir(dict))


def _object_reader(value: ast.expr, scope: Scope) -> str | None:
    """The parameter whose own method a return calls, when a dict has no such method
    (`obj.to_json(**opts)`, `json.dumps(obj.to_h())`), else None."""
    call = value
    if isinstance(call, ast.Call) and len(call.args) == 1 and isinstance(call.args[0], ast.Call):
        origin = callee_origin(call.func, scope)
        if origin is not None and origin[0] in ("json", "simplejson") and origin[1] == "dumps":
            call = call.args[0]
    if not (
        isinstance(call, ast.Call)
        and isinstance(call.func, ast.Attribute)
        and isinstance(call.func.value, ast.Name)
        and call.func.attr not in _DICT_ATTRIBUTES
    ):
        return None
    name = call.func.value.id
    return name if _payload_of(name, scope) == name else None


TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from hermes_dev.pyast.semantic.scopes import ClassRef, Scope

    _ValueTest = Callable[[ast.expr, Code, Env, int], Found | None]
