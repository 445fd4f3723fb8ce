"""Keys a project helper handed the model's arguments asks about, for a call whose answer the
handler tests and turns away on: `problem = _problem(args); if problem: return tool_error(
problem)`. Past that `if`, the keys the helper looked at are there (as for `if not _ok(x):
return`, the helper's own test is taken as what it says it is).

The keys are read wherever the helper asks them: `args.get("k")`, `"k" in args`, a loop over
constant keys (`for key in ("a", "b"): args.get(key)`), and the defs it hands the arguments to,
each with what its call binds (a table of checkers a factory made, `_text("reporter")` making
`def check(args): v = args.get(key)`), a few calls deep.
"""

from __future__ import annotations

import ast

from hermes_dev.pyast.calls.driver import Callee, callees
from hermes_dev.pyast.semantic.resolve import call_arguments, resolve
from hermes_dev.pyast.semantic.scopes import Const, Function, Literal
from hermes_dev.pyast.semantic.walker import is_name, walk_function

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hermes_dev.pyast.semantic.scopes import Scope

_MAX_DEPTH = 3


def keys_asked(call: ast.Call, scope: Scope) -> frozenset[str]:
    """The keys the defs `call` runs ask of the argument dict it hands them (empty when a def
    is not known, or answers nothing but None)."""
    found: set[str] = set()
    given = [i for i, arg in enumerate(call.args) if isinstance(arg, ast.Name)]
    targets = callees(call, scope) if given else None
    if not targets:
        return frozenset()
    for target in targets:
        node = target.function.node
        if not _answers(node):
            continue
        params = _params_at(target, call, given)
        found |= _asked(target, params, 0, (call, scope))
    return frozenset(found)


def _answers(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> bool:
    """The def returns something other than None on some path (a message, a verdict)."""
    if isinstance(node, ast.Lambda):
        return not (isinstance(node.body, ast.Constant) and node.body.value is None)
    return any(
        isinstance(sub, ast.Return)
        and sub.value is not None
        and not (isinstance(sub.value, ast.Constant) and sub.value.value is None)
        for sub in walk_function(node)
    )


def _params_at(target: Callee, call: ast.Call, given: list[int]) -> set[str]:
    """The callee's parameters that the call's plain-name arguments land on."""
    node = target.function.node
    positional = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]
    if target.function.bound and positional:
        positional = positional[1:]  # (`self`, given by the call's object)
    return {positional[i] for i in given if i < len(positional)}


def _asked(
    target: Callee,
    params: set[str],
    depth: int,
    site: tuple[ast.Call, Scope] | None = None,
) -> set[str]:
    """The keys `target` asks of what its `params` hold (`site`: the call that runs it, and
    where that call is)."""
    if not params or depth > _MAX_DEPTH:
        return set()
    node = target.function.node
    scope = target.code().scope
    found: set[str] = set()
    walked = walk_function(node)
    # (`check(args) for check in checks`: a comprehension's name, each item of what it goes
    # over)
    items: dict[str, ast.expr] = {}
    for sub in walked:
        if type(sub) is ast.comprehension and isinstance(sub.target, ast.Name):
            items[sub.target.id] = sub.iter
    for sub in walked:
        if type(sub) is ast.Call:
            func = sub.func
            if (
                isinstance(func, ast.Attribute)
                and func.attr == "get"
                and isinstance(func.value, ast.Name)
                and func.value.id in params
                and sub.args
            ):
                found |= _texts(sub.args[0], scope)
            elif any(isinstance(a, ast.Name) and a.id in params for a in sub.args):
                handed = [
                    i for i, a in enumerate(sub.args) if isinstance(a, ast.Name) and a.id in params
                ]
                runs = (
                    _item_callees(items[func.id], target, scope, site)
                    if isinstance(func, ast.Name) and func.id in items
                    else callees(sub, scope)
                )
                for inner in runs or ():
                    if _answers(inner.function.node):
                        found |= _asked(
                            inner, _params_at(inner, sub, handed), depth + 1, (sub, scope)
                        )
        elif (
            type(sub) is ast.Compare
            and any(isinstance(op, (ast.In, ast.NotIn)) for op in sub.ops)
            and any(isinstance(c, ast.Name) and c.id in params for c in sub.comparators)
        ):
            found |= _texts(sub.left, scope) or _table_keys(sub.left, walked, target, site)
    return found


def _table_keys(
    key: ast.expr,
    walked: list[ast.AST],
    target: Callee,
    site: tuple[ast.Call, Scope] | None,
) -> set[str]:
    """The keys of the table a loop takes `key` from, when the table is a parameter the call
    fills with a dict display (`for k, (pred, msg, required) in spec.items(): if k not in m`
    of `explain(args, PLAN_SPEC)`): the keys it names."""
    if not isinstance(key, ast.Name) or site is None:
        return set()
    for sub in walked:
        if type(sub) is not ast.For:
            continue
        loop_target = sub.target
        first = (
            loop_target.elts[0]
            if isinstance(loop_target, ast.Tuple) and loop_target.elts
            else loop_target
        )
        if not is_name(first, key.id):
            continue
        table = sub.iter
        if (
            isinstance(table, ast.Call)
            and isinstance(table.func, ast.Attribute)
            and table.func.attr in ("items", "keys")
            and not table.args
        ):
            table = table.func.value
        if not isinstance(table, ast.Name):
            return set()
        given = call_arguments(site[0], target.function).get(table.id)
        if given is None:
            return set()
        found = resolve(given, site[1]).single()
        if not (isinstance(found, Literal) and isinstance(found.expr, ast.Dict)):
            return set()
        keys = found.expr.keys
        if not keys or not all(
            isinstance(k, ast.Constant) and isinstance(k.value, str) for k in keys
        ):
            return set()
        return {k.value for k in keys}  # type: ignore[union-attr]
    return set()


def _item_callees(
    iterable: ast.expr, target: Callee, scope: Scope, site: tuple[ast.Call, Scope] | None
) -> list[Callee]:
    """The defs the items of `iterable` are (a tuple or list of functions, as written or bound
    to a name; a parameter's, as the call that runs `target` gives it)."""
    if isinstance(iterable, ast.Name) and site is not None:
        given = call_arguments(site[0], target.function).get(iterable.id)
        if given is not None:
            iterable, scope = given, site[1]
    possible = resolve(iterable, scope)
    if not possible.complete or len(possible.items) != 1:
        return []
    table = possible.items[0]
    if not (isinstance(table, Literal) and isinstance(table.expr, (ast.Tuple, ast.List))):
        return []
    out: list[Callee] = []
    for elt in table.expr.elts:
        for obj in resolve(elt, table.scope).items:
            if isinstance(obj, Function):
                out.append(Callee(obj))
    return out


def _texts(expr: ast.expr, scope: Scope) -> set[str]:
    """The strings `expr` may be, when each of its values is a known string (a literal, a
    name bound to one, each of a loop's constant keys)."""
    if isinstance(expr, ast.Constant):
        return {expr.value} if isinstance(expr.value, str) else set()
    possible = resolve(expr, scope)
    out: set[str] = set()
    for item in possible.items:
        value = (
            item.value
            if isinstance(item, Const)
            else item.expr.value
            if isinstance(item, Literal) and isinstance(item.expr, ast.Constant)
            else None
        )
        if not isinstance(value, str):
            return set()
        out.add(value)
    return out if possible.complete else set()
