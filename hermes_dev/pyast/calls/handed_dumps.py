"""A project def that serialises what its caller hands it: `def _ok(data): return
json.dumps({"success": True, **data})`.

The def's own analysis cannot say whether `data` holds what JSON refuses; each call can, with
the def's parameters bound to what the call gives (`_ok(result)` where `result["next"]` is a
datetime). `refused_in_callee(call, function, scope)` gives the callee's `json.dumps(...)`
call and the refused value it meets there, when that value comes from the caller: a dumps
whose value reads none of the def's parameters, or that a `try` in the def guards, is the
def's own question (its escape summary asks it).
"""

from __future__ import annotations

import ast

from hermes_dev.pyast.analyze.preconditions import parameters
from hermes_dev.pyast.calls import serialisable
from hermes_dev.pyast.calls.driver import Code
from hermes_dev.pyast.semantic.lazy_bodies import may_mention
from hermes_dev.pyast.semantic.resolve import call_arguments, resolve
from hermes_dev.pyast.semantic.scopes import External, Function
from hermes_dev.pyast.semantic.walker import handlers_around, is_name, walk_function

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hermes_dev.pyast.semantic.scopes import Scope


def refused_in_callee(
    call: ast.Call, function: Function, scope: Scope
) -> tuple[ast.Call, serialisable.Refusal] | None:
    """The first `json.dumps(...)` of `function` (called by `call` in `scope`) that meets a
    refused value its parameters bring in, with that value."""
    node = function.node
    if isinstance(node, ast.Lambda):
        return None
    if not may_mention(node, "dumps"):
        return _handed_on(call, function, scope)
    params = set(parameters(node))
    params.update(a.arg for a in (node.args.vararg, node.args.kwarg) if a is not None)
    dumps = [
        sub
        for sub in walk_function(node)
        if type(sub) is ast.Call
        and isinstance(sub.func, (ast.Attribute, ast.Name))
        and (sub.func.attr if isinstance(sub.func, ast.Attribute) else sub.func.id) == "dumps"
    ]
    if not params:
        return None
    if not dumps:
        return _handed_on(call, function, scope)
    own = Code(function).scope
    for sub in dumps:
        found = _serialised_value(sub, own)
        if found is None:
            continue
        value, converted = found
        if not _reads(value, node, params):
            continue
        if handlers_around(node.body, lambda n, sub=sub: n is sub):  # type: ignore[misc]
            continue  # (the def catches around it: its own summary says what gets out)
        if serialisable.refused(value, own, converted=converted) is not None:
            continue  # (refused whatever it is given: the def's own escape)
        hit = serialisable.refused_given(value, function, call, scope, converted)
        if hit is not None:
            return sub, hit
    return None


def _handed_on(
    call: ast.Call, function: Function, scope: Scope
) -> tuple[ast.Call, serialisable.Refusal] | None:
    """`done(None, {"date": day})` of `def done(err, result): ... return stringify(result)`
    whose helper `json.dumps` what it is handed: the caller's argument is serialised as it
    came, a helper's helper away (the inner call is the one reported)."""
    handed = _dumped_parameters(function)
    if not handed:
        return None
    given = call_arguments(call, function)
    for param, inner in handed:
        value = given.get(param)
        if value is None:
            continue
        hit = serialisable.refused(value, scope)
        if hit is not None:
            return inner, hit
    return None


def _dumped_parameters(function: Function) -> list[tuple[str, ast.Call]]:
    """The parameters the def hands, unchanged and outside any `try`, to a def that
    `json.dumps` the parameter it lands on, with the call that hands each; the same for every
    caller, so found once per def."""
    node = function.node
    if isinstance(node, ast.Lambda):
        return []
    memo = function.module.state.summaries
    key = ("handed.dumps", id(node), function.bound)
    cached = memo.get(key)
    if cached is not None:
        return cached  # type: ignore[return-value]
    found: list[tuple[str, ast.Call]] = []
    memo[key] = found
    params = set(parameters(node))
    own = Code(function).scope
    for sub in walk_function(node):
        if type(sub) is not ast.Call:
            continue
        for index, arg in enumerate(sub.args):
            if not (isinstance(arg, ast.Name) and arg.id in params):
                continue
            if _rebound(node, arg.id) or handlers_around(
                node.body,
                lambda n, sub=sub: n is sub,  # type: ignore[misc]
            ):
                continue
            if any(
                isinstance(obj, Function) and dumps_parameter(obj, index + obj.bound)
                for obj in resolve(sub.func, own).items
            ):
                found.append((arg.id, sub))
    return found


def _rebound(node: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> bool:
    return any(
        isinstance(sub, ast.Name) and sub.id == name and isinstance(sub.ctx, ast.Store)
        for sub in walk_function(node)
    )


def dumps_first_parameter(function: Function) -> bool:
    return dumps_parameter(function, 0)


def dumps_parameter(function: Function, index: int) -> bool:
    """The def `json.dumps` its parameter at `index` outside any `try` (`def _as_json(result):
    return result if isinstance(result, str) else json.dumps(result)`)."""
    node = function.node
    if isinstance(node, ast.Lambda) or not may_mention(node, "dumps"):
        return False
    params = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]
    if len(params) <= index:
        return False
    own = Code(function).scope
    for sub in walk_function(node):
        if (
            type(sub) is ast.Call
            and sub.args
            and is_name(sub.args[0], params[index])
            and _serialised(sub, own) is not None
            and not handlers_around(node.body, lambda n, sub=sub: n is sub)  # type: ignore[misc]
        ):
            return True
    return False


def _serialised_value(call: ast.Call, scope: Scope) -> tuple[ast.expr, frozenset[str]] | None:
    """The value a `json.dumps(...)` call serialises and the types its `default=` converts
    (`serialisable.dumps_value`)."""
    for obj in resolve(call.func, scope).items:
        if isinstance(obj, External):
            found = serialisable.dumps_value(call, obj.dotted, scope)
            if found is not None:
                return found
    return None


def _serialised(call: ast.Call, scope: Scope) -> ast.expr | None:
    """The value a `json.dumps(...)` call serialises (None for another `dumps`, or one with
    `default=`/`cls=`)."""
    if any(kw.arg == "default" for kw in call.keywords):
        return None
    found = _serialised_value(call, scope)
    return found[0] if found is not None else None


def _reads(value: ast.expr, node: ast.FunctionDef | ast.AsyncFunctionDef, params: set[str]) -> bool:
    """`value` reads one of `params`, itself or through locals bound to what reads one
    (`payload = args[0] if len(args) == 1 else kwargs; json.dumps(payload)`)."""
    names = {n.id for n in ast.walk(value) if isinstance(n, ast.Name)}
    seen: set[str] = set()
    for _ in range(3):
        if names & params:
            return True
        seen |= names
        names = {
            n.id
            for sub in walk_function(node)
            if isinstance(sub, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id in seen for t in sub.targets)
            for n in ast.walk(sub.value)
            if isinstance(n, ast.Name)
        } - seen
        if not names:
            return False
    return bool(names & params)
