"""What a text buffer's value starts with: `buf.getvalue()` of `buf = io.StringIO()` whose
first write, made before anything else touches it, is `buf.write(text)` or a CSV writer's
header (`csv.writer(buf).writerow(["date", "amount"])`, `csv.DictWriter(buf,
fieldnames=[...]).writeheader()`): CSV text exported as a tool's answer is no JSON.

- `first_written(call, scope)`: the expression first written, or the CSV header line.
"""

from __future__ import annotations

import ast

from hermes_dev.pyast.semantic.resolve import resolve
from hermes_dev.pyast.semantic.scopes import External

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hermes_dev.pyast.semantic.scopes import Scope

_WRITERS = ("csv.writer", "csv.DictWriter")


def first_written(call: ast.Call, scope: Scope) -> ast.expr | str | None:
    """For `buf.getvalue()`: what the buffer's first write puts at its start, when it is
    made at the top level of the def that makes the buffer, before any other use of it."""
    func = call.func
    if not (
        isinstance(func, ast.Attribute)
        and func.attr == "getvalue"
        and not call.args
        and isinstance(func.value, ast.Name)
        and scope.func is not None
        and not isinstance(scope.func, ast.Lambda)
    ):
        return None
    name = func.value.id
    bindings = scope.index.get(name)
    made = [b for b in bindings if b.kind != "mutated"]
    if len(made) != 1 or made[0].kind != "assign" or made[0].blocks:
        return None
    if not _makes(made[0].value, scope, "io.StringIO") or made[0].value.args:  # type: ignore[union-attr]
        return None
    uses = {name}
    headers: dict[str, list[str] | None] = {}
    started = False
    for stmt in scope.func.body:
        if stmt is made[0].node or (
            isinstance(stmt, ast.Assign) and any(t is made[0].node for t in stmt.targets)
        ):
            started = True
            continue
        if not started:
            continue
        writer = _writer(stmt, uses, scope)
        if writer is not None:
            headers[writer[0]] = writer[1]
            uses.add(writer[0])
            continue
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
            first = _write(stmt.value, name, headers)
            if first is not None:
                return first
        if any(isinstance(n, ast.Name) and n.id in uses for n in ast.walk(stmt)):
            return None  # (used some other way first: its start is not known)
    return None


def _makes(value: ast.expr | None, scope: Scope, dotted: str) -> bool:
    if not isinstance(value, ast.Call):
        return False
    found = resolve(value.func, scope).single()
    return isinstance(found, External) and found.dotted == dotted


def _writer(stmt: ast.stmt, uses: set[str], scope: Scope) -> tuple[str, list[str] | None] | None:
    """`w = csv.writer(buf)` (no header known) or `w = csv.DictWriter(buf, fieldnames=[...])`
    (the header its `writeheader()` writes)."""
    if not (
        isinstance(stmt, ast.Assign)
        and len(stmt.targets) == 1
        and isinstance(stmt.targets[0], ast.Name)
        and isinstance(stmt.value, ast.Call)
        and stmt.value.args
        and isinstance(stmt.value.args[0], ast.Name)
        and stmt.value.args[0].id in uses
    ):
        return None
    call = stmt.value
    found = resolve(call.func, scope).single()
    if not (isinstance(found, External) and found.dotted in _WRITERS):
        return None
    if any(kw.arg in ("delimiter", "dialect") for kw in call.keywords):
        return None  # (another separator: the header is not read here)
    names = next((kw.value for kw in call.keywords if kw.arg == "fieldnames"), None)
    if names is None and len(call.args) > 1:
        names = call.args[1]
    return stmt.targets[0].id, _texts(names)


def _write(
    call: ast.Call, buffer: str, headers: dict[str, list[str] | None]
) -> ast.expr | str | None:
    func = call.func
    if not (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)):
        return None
    owner = func.value.id
    if owner == buffer and func.attr == "write" and len(call.args) == 1:
        return call.args[0]
    if owner not in headers:
        return None
    if func.attr == "writeheader" and not call.args:
        header = headers[owner]
    elif func.attr == "writerow" and len(call.args) == 1:
        header = _texts(call.args[0])
    else:
        return None
    # (two fields or more: a comma outside quotes, which no JSON text starts with)
    return ",".join(header) if header is not None and len(header) >= 2 else None


def _texts(expr: ast.expr | None) -> list[str] | None:
    if not isinstance(expr, (ast.List, ast.Tuple)):
        return None
    texts = [e.value for e in expr.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
    return texts if len(texts) == len(expr.elts) else None
