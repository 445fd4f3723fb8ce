"""Code that surely raises nothing: what an `except` around it catches never comes.

`cannot_raise(stmts, scope)`: assignments to names, logging calls, returns of values built from
constants, names, f-strings, displays and slices, imports of the standard library, and calls of
project defs made of the same (two levels deep) or of a few calls that never raise
(`uuid.uuid4()`, `time.time()`). A raise in an `except` of a `try` whose body is such code is
unreachable (`try: info = _local_fallback() except Exception as e: raise RuntimeError(...)`
where the fallback only builds a dict). Doubt says False.
"""

from __future__ import annotations

import ast
import sys

from hermes_dev.pyast.calls.driver import Code
from hermes_dev.pyast.semantic.resolve import resolve
from hermes_dev.pyast.semantic.scopes import Builtin, External, Function

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hermes_dev.pyast.semantic.scopes import Scope

# A logger's methods (logging reports its own errors and goes on).
_QUIET_METHODS = frozenset(
    {"debug", "info", "warning", "warn", "error", "exception", "critical", "log"}
)
_QUIET_CALLS = frozenset({"uuid.uuid4", "uuid.uuid1", "time.time", "time.monotonic", "os.getpid"})
_QUIET_BUILTINS = frozenset({"str", "repr", "bool", "id", "dict", "list", "tuple", "set"})
_MAX_DEPTH = 2


def cannot_raise(stmts: list[ast.stmt], scope: Scope, depth: int = 0) -> bool:
    """`stmts` surely raise nothing (see the module's docstring)."""
    if depth > _MAX_DEPTH or not stmts:
        return False
    for stmt in stmts:
        if isinstance(stmt, ast.Pass):
            continue
        if isinstance(stmt, ast.Import):
            if not all(_stdlib(alias.name) for alias in stmt.names):
                return False
        elif isinstance(stmt, ast.ImportFrom):
            if stmt.level or not stmt.module or not _stdlib(stmt.module):
                return False
        elif isinstance(stmt, ast.Assign):
            if not all(isinstance(t, ast.Name) for t in stmt.targets):
                return False
            if not _quiet(stmt.value, scope, depth):
                return False
        elif isinstance(stmt, ast.Return):
            if stmt.value is not None and not _quiet(stmt.value, scope, depth):
                return False
        elif isinstance(stmt, ast.Expr):
            if not _quiet(stmt.value, scope, depth):
                return False
        else:
            return False
    return True


def _stdlib(module: str) -> bool:
    return module.split(".", 1)[0] in sys.stdlib_module_names


def _quiet(expr: ast.expr, scope: Scope, depth: int) -> bool:
    if isinstance(expr, (ast.Constant, ast.Name)):
        return True
    if isinstance(expr, (ast.List, ast.Tuple, ast.Set)):
        return all(_quiet(item, scope, depth) for item in expr.elts)
    if isinstance(expr, ast.Dict):
        return all(
            key is not None and _quiet(key, scope, depth) and _quiet(value, scope, depth)
            for key, value in zip(expr.keys, expr.values)
        )
    if isinstance(expr, ast.JoinedStr):
        return all(
            _quiet(v.value, scope, depth) if isinstance(v, ast.FormattedValue) else True
            for v in expr.values
        )
    if isinstance(expr, ast.Subscript):
        # (a slice of a sequence never raises)
        return isinstance(expr.slice, ast.Slice) and _quiet(expr.value, scope, depth)
    if isinstance(expr, ast.Attribute):
        return isinstance(expr.value, ast.Call) and _quiet(expr.value, scope, depth)
    if isinstance(expr, ast.Call):
        return _quiet_call(expr, scope, depth)
    return False


def _quiet_call(call: ast.Call, scope: Scope, depth: int) -> bool:
    if not all(_quiet(a, scope, depth) for a in call.args) or not all(
        _quiet(k.value, scope, depth) for k in call.keywords
    ):
        return False
    func = call.func
    if (
        isinstance(func, ast.Attribute)
        and func.attr in _QUIET_METHODS
        and isinstance(func.value, ast.Name)
        and "log" in func.value.id.lower()
    ):
        return True  # `logger.info(...)`
    found = resolve(func, scope).single()
    if isinstance(found, External):
        return found.dotted in _QUIET_CALLS
    if isinstance(found, Builtin):
        return found.name in _QUIET_BUILTINS and not call.keywords and len(call.args) <= 1
    if (
        isinstance(found, Function)
        and isinstance(found.node, ast.FunctionDef)
        and not found.node.decorator_list
        and found.owner is None
    ):
        return cannot_raise(found.node.body, Code(found).scope, depth + 1)
    return False
