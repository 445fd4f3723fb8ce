"""A usage guard on an object a `with` enters.

`if self._http is None: raise RuntimeError("used outside 'async with'")` in a method fires only
when the object is used outside the block its `__enter__` (`__aenter__`) opens, where that
method sets `self._http` and hands back `self`: a guard of how the class is used, which the code
holding the object keeps (as a property getter's guard of the object's own state is, see
`driver.is_property_read`). What the method raises there is not what a tool's call raises.

- `usage_raises(function)`: the lines of such raises in a method.
"""

from __future__ import annotations

import ast

from hermes_dev.pyast.semantic.resolve import class_method
from hermes_dev.pyast.semantic.walker import is_name, is_none, raising_ifs, walk_function

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hermes_dev.pyast.semantic.scopes import ClassRef, Function

_DEF_TYPES = (ast.FunctionDef, ast.AsyncFunctionDef)


def usage_raises(function: Function) -> set[int]:
    owner, method = function.owner, function.node
    if owner is None or not isinstance(method, _DEF_TYPES) or method.name.startswith("__"):
        return set()
    guards = _usage_guards(method)
    if not guards:
        return set()
    set_up = _set_on_entry(owner, "__aenter__") | _set_on_entry(owner, "__enter__")
    return {line for attr, line in guards if attr in set_up}


def _usage_guards(method: ast.FunctionDef | ast.AsyncFunctionDef) -> list[tuple[str, int]]:
    """(attribute, raise line) of each `if self.attr is None: raise` (or `if not self.attr`)."""
    params = [a.arg for a in (*method.args.posonlyargs, *method.args.args)]
    if not params:
        return []
    me = params[0]
    found: list[tuple[str, int]] = []
    for stmt in raising_ifs(method):
        test = stmt.test
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            held = test.operand
        elif (
            isinstance(test, ast.Compare)
            and len(test.ops) == 1
            and isinstance(test.ops[0], ast.Is)
            and is_none(test.comparators[0])
        ):
            held = test.left
        else:
            continue
        if isinstance(held, ast.Attribute) and is_name(held.value, me):
            found.append((held.attr, stmt.body[-1].lineno))
    return found


def _set_on_entry(owner: ClassRef, name: str) -> set[str]:
    """The attributes the class's `__enter__` (`__aenter__`) sets, at its top level, to a
    value that is not None, when it hands back `self`."""
    entered = class_method(owner, name)
    if entered is None:
        return set()
    node = entered[0].node
    if not isinstance(node, _DEF_TYPES):
        return set()
    params = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]
    if not params:
        return set()
    me = params[0]
    returns = [sub for sub in walk_function(node) if isinstance(sub, ast.Return)]
    if not returns or not all(r.value is not None and is_name(r.value, me) for r in returns):
        return set()
    found: set[str] = set()
    for stmt in node.body:
        if (
            isinstance(stmt, (ast.Assign, ast.AnnAssign))
            and stmt.value is not None
            and not is_none(stmt.value)
            and isinstance(stmt.value, (ast.Call, ast.Await, ast.Dict, ast.List, ast.Tuple))
        ):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            for target in targets:
                if isinstance(target, ast.Attribute) and is_name(target.value, me):
                    found.add(target.attr)
    return found
