"""A `for` over rows the code itself fixes, walked once per row: the keys a def's `**`
parameter holds when every call names its keywords (`for key, value in lookups.items()` of
`filter(number=n)`), or a tuple, list or set of constants written out (or a module's name
bound once to one). Each row binds the loop's names, and the locals the body's first
assignments compute from them (`name, _, op = key.partition("__")`), so a test of them is
decided on each turn: a `raise` for a key no call gives is not reached.

- `row_bindings(loop, scope)`: one binding per row, or None.
"""

from __future__ import annotations

import ast

from hermes_dev.pyast.analyze.branches import KeywordNames, constant
from hermes_dev.pyast.calls.per_constant import plain_constant
from hermes_dev.pyast.semantic.scopes import Const, Possible

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hermes_dev.pyast.semantic.scopes import Scope

# At most this many rows are walked one by one (each is another walk of the body).
MAX_ROWS = 8

# (a row's part that is not known: the name it goes to is left as the code binds it)
_ANY = object()


def row_bindings(loop: ast.For | ast.AsyncFor, scope: Scope) -> list[dict[str, Possible]] | None:
    """For each row the loop goes over, what it binds the loop's names (and the locals the
    body's first assignments compute from them) to; None when the rows are not known."""
    if scope.func is None:
        return None
    found = _rows(loop.iter, scope)
    if found is None or not 1 <= len(found) <= MAX_ROWS:
        return None
    looped = _names(loop.target)
    if not looped or not all(_bound_once(name, scope) for name in looped):
        return None
    out: list[dict[str, Possible]] = []
    for row in found:
        given = _unpack(loop.target, row)
        if given is None:
            return None
        bound = {n: Possible.of(Const(v)) for n, v in given.items() if _kept(v)}
        for stmt in loop.body:
            if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1):
                break
            target = stmt.targets[0]
            names = _names(target)
            if not names or not all(_bound_once(n, scope) for n in names):
                continue
            known, value = constant(stmt.value, scope.with_env(bound))
            made = _unpack(target, value) if known else None
            if made is not None:
                bound.update({n: Possible.of(Const(v)) for n, v in made.items() if _kept(v)})
        out.append(bound)
    return out


def _rows(iterable: ast.expr, scope: Scope) -> list[object] | None:
    """The rows of `lookups.items()`, `lookups.keys()` or `lookups` (a `**` parameter whose
    keys are known), or of a written-out collection of constants."""
    if (
        isinstance(iterable, ast.Call)
        and isinstance(iterable.func, ast.Attribute)
        and iterable.func.attr in ("items", "keys")
        and not iterable.args
        and not iterable.keywords
    ):
        known, value = constant(iterable.func.value, scope)
        if not (known and isinstance(value, KeywordNames)):
            return None
        if iterable.func.attr == "keys":
            return list(value.keys)
        return [(key, _ANY) for key in value.keys]
    if not isinstance(iterable, (ast.Name, ast.Tuple, ast.List, ast.Set)):
        return None
    known, value = constant(iterable, scope)
    if not known:
        return None
    if isinstance(value, KeywordNames):
        return list(value.keys)
    if isinstance(value, frozenset):
        value = sorted(value, key=repr)
    if isinstance(value, (tuple, list)) and all(plain_constant(v) for v in value):
        return list(value)
    return None


def _names(target: ast.expr) -> list[str] | None:
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, (ast.Tuple, ast.List)):
        found: list[str] = []
        for elt in target.elts:
            inner = _names(elt)
            if inner is None:
                return None
            found.extend(inner)
        return found
    return None


def _unpack(target: ast.expr, value: object) -> dict[str, object] | None:
    """What an assignment of `value` to `target` binds each name to (a part not known is
    _ANY); None when the shapes do not match."""
    if isinstance(target, ast.Name):
        return {target.id: value}
    if not isinstance(target, (ast.Tuple, ast.List)):
        return None
    if value is _ANY:
        names = _names(target)
        return None if names is None else dict.fromkeys(names, _ANY)
    if not isinstance(value, tuple) or len(value) != len(target.elts):
        return None
    out: dict[str, object] = {}
    for elt, part in zip(target.elts, value):
        inner = _unpack(elt, part)
        if inner is None:
            return None
        out.update(inner)
    return out


def _kept(value: object) -> bool:
    return value is not _ANY and plain_constant(value)


def _bound_once(name: str, scope: Scope) -> bool:
    """The def binds `name` at one place only (a binding in the env would otherwise hide a
    later one); `_`, which nothing reads, may be bound anywhere."""
    return name == "_" or len(scope.index.get(name)) == 1
