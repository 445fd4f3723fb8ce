"""The model's arguments merged with a dict of the code's own: `a = DEFAULTS | args`,
`{**DEFAULTS, **args}`, `dict(DEFAULTS, **args)` (and `args | FIXED`, whose keys the code
sets over the model's). The local holds the model's arguments, with the merged dict's keys
always there: reading one raises no KeyError; its value is still the model's when the model
sent it, unless the code's dict comes after.

- `defaulted_local(node, param, scope)`: the local, the keys always there, and the keys whose
  values are the code's.
- `merged_parts(value)`: the dicts a merge joins, in order.
"""

from __future__ import annotations

import ast

from hermes_dev.pyast.semantic.resolve import entries
from hermes_dev.pyast.semantic.walker import is_name, walk_function

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hermes_dev.pyast.semantic.scopes import Scope

Defaulted = tuple[str, frozenset[str], frozenset[str]]


def defaulted_local(
    node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda, param: str, scope: Scope
) -> Defaulted | None:
    """(local, keys always there, keys the code sets) for the one local the def binds to a
    merge of `param` with dicts whose keys are all known, where that merge is the def's only
    read of `param`; else None."""
    if isinstance(node, ast.Lambda) or not param:
        return None
    found: list[tuple[str, list[ast.expr]]] = []
    reads = 0
    names: dict[str, int] = {}
    for sub in walk_function(node):
        if isinstance(sub, ast.Name):
            if sub.id == param and isinstance(sub.ctx, ast.Load):
                reads += 1
            elif isinstance(sub.ctx, ast.Store):
                names[sub.id] = names.get(sub.id, 0) + 1
        if (
            isinstance(sub, ast.Assign)
            and len(sub.targets) == 1
            and isinstance(sub.targets[0], ast.Name)
        ):
            parts = merged_parts(sub.value)
            if parts is not None and sum(is_name(p, param) for p in parts) == 1:
                found.append((sub.targets[0].id, parts))
    if len(found) != 1 or reads != 1:
        return None
    local, parts = found[0]
    if local == param or names.get(local) != 1:
        return None
    present: set[str] = set()
    fixed: set[str] = set()
    after = False
    for part in parts:
        if is_name(part, param):
            after = True
            continue
        table = entries(part, scope)
        if table is None or not table.complete:
            return None
        keys = [k for k, _, _ in table.items]
        if not all(isinstance(k, str) for k in keys):
            return None
        present.update(keys)  # type: ignore[arg-type]
        if after:
            fixed.update(keys)  # type: ignore[arg-type]
    if not present:
        return None
    return local, frozenset(present), frozenset(fixed)


def merged_parts(value: ast.expr) -> list[ast.expr] | None:
    """The dicts a merge joins, in order: `a | b | c`, `{**a, **b}`, `dict(a, **b)`."""
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.BitOr):
        left = merged_parts(value.left) or [value.left]
        return [*left, value.right]
    if isinstance(value, ast.Dict) and value.keys and all(k is None for k in value.keys):
        return list(value.values)
    if (
        isinstance(value, ast.Call)
        and is_name(value.func, "dict")
        and len(value.args) == 1
        and value.keywords
        and all(kw.arg is None for kw in value.keywords)
    ):
        return [value.args[0], *(kw.value for kw in value.keywords)]
    return None
