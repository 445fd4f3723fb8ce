"""Raises that fire only on an empty sequence, and callers that rule that out.

A helper written as `values = select(source, f)` / `if not values: raise ValueError(...)` fails
only when `source` is empty (a comprehension without a filter, `list(...)`, `sorted(...)` or a
`map(...)` keeps its length). A caller that returned before the call when the list it passes is
empty (`if not cards: return fail(...)`), or that calls only under `if cards:`, never sees it.
"""

from __future__ import annotations

import ast

from hermes_dev.pyast.analyze import preconditions
from hermes_dev.pyast.analyze.verdicts import rebound
from hermes_dev.pyast.semantic.resolve import resolve
from hermes_dev.pyast.semantic.scopes import Function
from hermes_dev.pyast.semantic.walker import is_name, last_name, walk_function, within

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hermes_dev.pyast.semantic.scopes import Scope
    from hermes_dev.pyast.semantic.walker import FuncNode

_DEF_TYPES = (ast.FunctionDef, ast.AsyncFunctionDef)
# Calls that give back as many items as the iterable they are handed (first argument).
_KEEPS_LENGTH = frozenset({"list", "tuple", "sorted", "reversed"})
_ENDS = (ast.Return, ast.Raise, ast.Continue, ast.Break)


def empty_guard(node: FuncNode, stmt: ast.Raise, scope: Scope) -> str | None:
    """The parameter of `node` whose emptiness the `if` holding only `stmt` tests (`if not
    values: raise` of `values` made from it keeping its length), else None."""
    if not isinstance(node, _DEF_TYPES):
        return None
    test = next(
        (
            sub.test
            for sub in walk_function(node)
            if isinstance(sub, ast.If) and not sub.orelse and sub.body == [stmt]
        ),
        None,
    )
    name = _emptiness_of(test) if test is not None else None
    if name is None:
        return None
    params = preconditions.parameters(node)
    if name in params:
        return name if name not in rebound(node) else None
    values = preconditions.assigned_values(name, node)
    if not values or len(values) != 1 or values[0] is None:
        return None
    return _kept_from(values[0], params, scope, 0)


def _emptiness_of(test: ast.expr) -> str | None:
    """`x` of `not x`, `not len(x)` or `len(x) == 0`."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = test.operand
        if isinstance(inner, ast.Call) and is_name(inner.func, "len") and len(inner.args) == 1:
            inner = inner.args[0]
        return inner.id if isinstance(inner, ast.Name) else None
    if (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], ast.Eq)
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value == 0
        and isinstance(test.left, ast.Call)
        and is_name(test.left.func, "len")
        and len(test.left.args) == 1
        and isinstance(test.left.args[0], ast.Name)
    ):
        return test.left.args[0].id
    return None


def _kept_from(value: ast.expr, params: list[str], scope: Scope, depth: int) -> str | None:
    """The parameter `value` has as many items as (a comprehension over it without a filter,
    `list(p)`, `list(map(f, p))`, or a call of a def of the root that returns one)."""
    if isinstance(value, ast.Name):
        return value.id if value.id in params else None
    if isinstance(value, (ast.ListComp, ast.GeneratorExp)):
        gens = value.generators
        if len(gens) == 1 and not gens[0].ifs and not gens[0].is_async:
            return _kept_from(gens[0].iter, params, scope, depth)
        return None
    if not isinstance(value, ast.Call) or value.keywords or depth > 2:
        return None
    kind = last_name(value.func)
    if isinstance(value.func, ast.Name) and kind in _KEEPS_LENGTH and len(value.args) == 1:
        return _kept_from(value.args[0], params, scope, depth + 1)
    if isinstance(value.func, ast.Name) and kind == "map" and len(value.args) == 2:
        return _kept_from(value.args[1], params, scope, depth + 1)
    helper = resolve(value.func, scope).single()
    if not isinstance(helper, Function) or not isinstance(helper.node, _DEF_TYPES):
        return None
    inner = helper.node
    own = preconditions.parameters(inner)
    returns = [r.value for r in walk_function(inner) if isinstance(r, ast.Return)]
    if not returns or any(r is None for r in returns):
        return None
    kept = {_kept_from(r, own, helper.scope, depth + 1) for r in returns if r is not None}
    if len(kept) != 1 or None in kept:
        return None
    index = own.index(kept.pop())  # type: ignore[arg-type]
    if index >= len(value.args) or isinstance(value.args[index], ast.Starred):
        return None
    return _kept_from(value.args[index], params, scope, depth + 1)


def tested_nonempty(node: FuncNode, call: ast.Call, expr: ast.expr) -> bool:
    """The def leaves before `call` when `expr` (a name it never rebinds) is empty: an `if`
    testing its emptiness that ends in a return (a raise, a continue) sits before the call in
    a block around it, or the call runs only under `if expr:`."""
    if not isinstance(expr, ast.Name) or not isinstance(node, _DEF_TYPES):
        return False
    if _assigned_more_than_once(node, expr.id):
        return False  # (which list the test saw is not the one passed)
    for sub in (node, *walk_function(node)):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(sub, field, None)
            if not isinstance(block, list):
                continue
            if (
                isinstance(sub, ast.If)
                and field == "body"
                and is_name(sub.test, expr.id)
                and any(within(call, s) for s in block)
            ):
                return True  # (`if cards: ... average(cards, ...)`)
            for i, stmt in enumerate(block):
                if not (
                    isinstance(stmt, ast.If)
                    and not stmt.orelse
                    and isinstance(stmt.body[-1], _ENDS)
                    and _emptiness_of(stmt.test) == expr.id
                ):
                    continue
                if any(within(call, later) for later in block[i + 1 :]):
                    return True
    return False


def _assigned_more_than_once(node: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> bool:
    return len(preconditions.assigned_values(name, node) or ()) > 1
