"""A row read back after the caller wrote it: the helper's "no such row" raise cannot fire.

`def add(self, key): conn.execute("INSERT ... VALUES (?, ...)", (key, ...)); return
self.get(key)` where `get` runs `SELECT ... WHERE k = ?` with its `key` and `if row is None:
raise NotFound(key)`: the row was just written with that key, so `get` finds it. The caller's
statement must write (INSERT, REPLACE, an upsert) with the same name among its parameters,
before the call, and the helper's raise must sit under a test that the fetched row is None.
"""

from __future__ import annotations

import ast
import re

from hermes_dev.pyast.semantic.walker import is_none, walk_function

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    FuncNode = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda

_WRITES = re.compile(r"^\s*(INSERT|REPLACE|UPSERT)\b", re.IGNORECASE)
_FETCHES = frozenset({"fetchone", "first", "scalar_one_or_none", "scalar"})


def read_back_raises(
    caller: FuncNode,
    call: ast.Call,
    callee: FuncNode,
    arguments: dict[str, ast.expr],
    text: Callable[[ast.expr], str | None],
) -> frozenset[int]:
    """Lines of the callee's raises that fire only when a row keyed by one of its parameters
    is missing, that parameter given a name the caller wrote a row with before `call`.
    `text(expr)`: the SQL text an expression of the caller holds, when known."""
    if isinstance(callee, ast.Lambda) or isinstance(caller, ast.Lambda):
        return frozenset()
    given = {param: expr.id for param, expr in arguments.items() if isinstance(expr, ast.Name)}
    if not given:
        return frozenset()
    raises = _missing_row_raises(callee)
    wanted = {line for line, param in raises if param in given}
    if not wanted:
        return frozenset()
    written = _written_names(caller, call.lineno, text)
    return frozenset(line for line, param in raises if param in given and given[param] in written)


def _written_names(
    caller: FuncNode, before: int, text: Callable[[ast.expr], str | None]
) -> set[str]:
    """Names among the parameters of a statement the caller runs that writes a row."""
    found: set[str] = set()
    for node in walk_function(caller):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("execute", "executemany")
            and len(node.args) >= 2
            and node.lineno < before
        ):
            continue
        sql = text(node.args[0])
        if sql is None or not _WRITES.match(sql):
            continue
        params = node.args[1]
        if isinstance(params, (ast.Tuple, ast.List)):
            found.update(e.id for e in params.elts if isinstance(e, ast.Name))
        elif isinstance(params, ast.Dict):
            found.update(v.id for v in params.values if isinstance(v, ast.Name))
    return found


def _missing_row_raises(callee: FuncNode) -> list[tuple[int, str]]:
    """(line of a raise, the parameter the fetched row is keyed by) for `if row is None:
    raise ...` (or `if not row:`) after `row = <...>.execute(sql, (param, ...)).fetchone()`."""
    params = {a.arg for a in (*callee.args.posonlyargs, *callee.args.args, *callee.args.kwonlyargs)}
    keyed: dict[str, set[str]] = {}  # name of a fetched row -> parameters its query binds
    executed: dict[str, set[str]] = {}  # name of a cursor -> parameters its query binds
    found: list[tuple[int, str]] = []
    for node in walk_function(callee):
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if not isinstance(target, ast.Name):
                continue
            bound = _query_params(node.value, params, executed)
            if bound is None:
                continue
            kind, names = bound
            (keyed if kind == "row" else executed)[target.id] = names
        elif isinstance(node, ast.If) and node.body and isinstance(node.body[-1], ast.Raise):
            row = _missing(node.test)
            if row is not None and row in keyed:
                found.extend((node.body[-1].lineno, param) for param in keyed[row])
    return found


def _query_params(
    value: ast.expr, params: set[str], executed: dict[str, set[str]]
) -> tuple[str, set[str]] | None:
    """("row", parameters) for `<...>.execute(sql, (p, ...)).fetchone()` or `cur.fetchone()`
    of such a cursor; ("cursor", parameters) for the `execute(...)` itself."""
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute):
        if value.func.attr in _FETCHES and not value.args:
            inner = value.func.value
            if isinstance(inner, ast.Name) and inner.id in executed:
                return "row", executed[inner.id]
            found = _query_params(inner, params, executed)
            return ("row", found[1]) if found is not None and found[0] == "cursor" else None
        if value.func.attr == "execute" and len(value.args) >= 2:
            bound = value.args[1]
            elts = bound.elts if isinstance(bound, (ast.Tuple, ast.List)) else [bound]
            names = {e.id for e in elts if isinstance(e, ast.Name) and e.id in params}
            return ("cursor", names) if names else None
    return None


def _missing(test: ast.expr) -> str | None:
    """`row` for `row is None` or `not row`."""
    if (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], ast.Is)
        and isinstance(test.left, ast.Name)
        and is_none(test.comparators[0])
    ):
        return test.left.id
    if (
        isinstance(test, ast.UnaryOp)
        and isinstance(test.op, ast.Not)
        and isinstance(test.operand, ast.Name)
    ):
        return test.operand.id
    return None
