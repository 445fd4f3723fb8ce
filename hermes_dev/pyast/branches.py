"""Constant arguments and the branch tests they decide (one level of propagation).

- `bind_arguments(call, node, skip_first)`: the callee's parameters that a call gives a constant
  (a literal argument, or the constant default of a parameter the call does not pass), as a
  hashable `Bindings` tuple. Only parameters the callee tests in an `if` and never rebinds are
  kept, so most calls give `()` (the general summary).
- `decide(test, bindings, module)`: True or False when the test is decided by the bindings and
  the module's literal constants (`if scope not in _SCOPES`, `if error is not None`), else None.
"""

from __future__ import annotations

import ast

from hermes_dev.pyast.model import ModuleInfo
from hermes_dev.pyast.walk import walk_function, walk_shallow

Bindings = tuple[tuple[str, object], ...]
_UNKNOWN = object()
_DEF_TYPES = (ast.FunctionDef, ast.AsyncFunctionDef)
_TESTED_ATTR = "_hermes_dev_tested"


def tested_names(node: ast.FunctionDef | ast.AsyncFunctionDef) -> frozenset[str]:
    """Parameters read by an `if` test of the def and never assigned in it (memoised)."""
    cached: frozenset[str] | None = node.__dict__.get(_TESTED_ATTR)
    if cached is not None:
        return cached
    a = node.args
    params = {p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)}
    tested: set[str] = set()
    assigned: set[str] = set()
    if not params:
        setattr(node, _TESTED_ATTR, frozenset())
        return frozenset()
    tests: list[ast.expr] = []
    for sub in walk_function(node):
        kind = type(sub)
        if kind is ast.If:
            tests.append(sub.test)  # type: ignore[attr-defined]
        elif kind is ast.Name and type(sub.ctx) is not ast.Load:  # type: ignore[attr-defined]
            assigned.add(sub.id)  # type: ignore[attr-defined]
    if tests:
        for name in walk_shallow(tests):
            if isinstance(name, ast.Name) and name.id in params:
                tested.add(name.id)
    result = frozenset(tested - assigned)
    setattr(node, _TESTED_ATTR, result)
    return result


def _literal(expr: ast.expr) -> object:
    if isinstance(expr, ast.Constant):
        return expr.value
    if isinstance(expr, (ast.Tuple, ast.List, ast.Set)):
        items = [_literal(e) for e in expr.elts]
        if any(i is _UNKNOWN for i in items):
            return _UNKNOWN
        return frozenset(items) if isinstance(expr, ast.Set) else tuple(items)
    return _UNKNOWN


def bind_arguments(
    call: ast.Call, node: ast.FunctionDef | ast.AsyncFunctionDef, skip_first: bool
) -> Bindings:
    wanted = tested_names(node)
    if not wanted:
        return ()
    a = node.args
    positional = [*a.posonlyargs, *a.args]
    if skip_first:
        positional = positional[1:]
    given: dict[str, ast.expr] = {}
    for param, arg in zip(positional, call.args):
        if isinstance(arg, ast.Starred):
            return ()  # which parameters it fills is not known
        given[param.arg] = arg
    if len(call.args) > len(positional) and a.vararg is None:
        return ()
    keywords_unknown = False
    for kw in call.keywords:
        if kw.arg is None:
            keywords_unknown = True  # `**kwargs`: any parameter may be given
        else:
            given[kw.arg] = kw.value
    defaults: dict[str, ast.expr] = {}
    for param, default in zip(positional[len(positional) - len(a.defaults) :], a.defaults):
        defaults[param.arg] = default
    for param, kw_default in zip(a.kwonlyargs, a.kw_defaults):
        if kw_default is not None:
            defaults[param.arg] = kw_default
    out: list[tuple[str, object]] = []
    for name in sorted(wanted):
        expr = given.get(name)
        if expr is None:
            if keywords_unknown:
                continue
            expr = defaults.get(name)
            if expr is None:
                continue
        value = _literal(expr)
        if value is not _UNKNOWN:
            out.append((name, value))
    return tuple(out)


def _value(expr: ast.expr, bound: dict[str, object], module: ModuleInfo) -> object:
    if isinstance(expr, ast.Name):
        if expr.id in bound:
            return bound[expr.id]
        if expr.id in ("None", "True", "False"):
            return {"None": None, "True": True, "False": False}[expr.id]
        value = module.value_of(expr.id)
        return _literal(value) if value is not None else _UNKNOWN
    return _literal(expr)


def decide(test: ast.expr, bindings: Bindings, module: ModuleInfo) -> bool | None:
    """The truth of an `if` test under the bindings, or None when it is not decided."""
    if not bindings:
        return None
    names = {n.id for n in ast.walk(test) if isinstance(n, ast.Name)}
    bound = dict(bindings)
    if not names & bound.keys():
        return None
    result = _truth(test, bound, module)
    return None if result is _UNKNOWN else bool(result)


def _truth(test: ast.expr, bound: dict[str, object], module: ModuleInfo) -> object:
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _truth(test.operand, bound, module)
        return _UNKNOWN if inner is _UNKNOWN else not inner
    if isinstance(test, ast.BoolOp):
        values = [_truth(v, bound, module) for v in test.values]
        if isinstance(test.op, ast.And):
            if any(v is not _UNKNOWN and not v for v in values):
                return False
            return True if all(v is not _UNKNOWN for v in values) else _UNKNOWN
        if any(v is not _UNKNOWN and v for v in values):
            return True
        return False if all(v is not _UNKNOWN for v in values) else _UNKNOWN
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        left = _value(test.left, bound, module)
        right = _value(test.comparators[0], bound, module)
        if left is _UNKNOWN or right is _UNKNOWN:
            return _UNKNOWN
        op = test.ops[0]
        try:
            if isinstance(op, ast.In):
                return left in right  # type: ignore[operator]
            if isinstance(op, ast.NotIn):
                return left not in right  # type: ignore[operator]
            if isinstance(op, (ast.Eq, ast.Is)):
                return left == right if isinstance(op, ast.Eq) else left is right
            if isinstance(op, (ast.NotEq, ast.IsNot)):
                return left != right if isinstance(op, ast.NotEq) else left is not right
        except TypeError:
            return _UNKNOWN
        return _UNKNOWN
    if isinstance(test, (ast.Name, ast.Constant)):
        return _value(test, bound, module)
    return _UNKNOWN
