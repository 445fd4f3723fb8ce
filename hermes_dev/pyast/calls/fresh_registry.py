"""A registry's duplicate check, on an object the caller has just made.

`if key in self._handlers: raise ValueError("already registered")` in a method fires only when
an earlier call on the same object gave the same key. A def that makes the object itself
(`bus = CommandBus()`, whose `__init__` leaves `self._handlers` empty, and no other method adds
to it) and calls the method with keys no earlier call on it gave (`bus.register(ReserveSpace,
...)`, then `bus.register(ReleaseSpace, ...)`) never sees that raise.

- `unfired_duplicate_raises(call, function, scope)`: the lines of the method's raises that
  this call cannot reach, for the escapes of the call to leave out.
"""

from __future__ import annotations

import ast

from hermes_dev.pyast.semantic.resolve import call_arguments, resolve
from hermes_dev.pyast.semantic.scopes import Class, Function
from hermes_dev.pyast.semantic.walker import raising_ifs, walk_function

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hermes_dev.pyast.semantic.scopes import ClassRef, Scope

_DEF_TYPES = (ast.FunctionDef, ast.AsyncFunctionDef)
_EMPTY_MADE = frozenset({"dict", "set", "list", "OrderedDict"})
_ADDING = frozenset({"add", "append", "setdefault", "update", "insert", "extend"})


def unfired_duplicate_raises(call: ast.Call, function: Function, scope: Scope) -> set[int]:
    owner, method, caller = function.owner, function.node, scope.func
    func = call.func
    if (
        owner is None
        or not isinstance(method, _DEF_TYPES)
        or not isinstance(caller, _DEF_TYPES)
        or not isinstance(func, ast.Attribute)
        or not isinstance(func.value, ast.Name)
    ):
        return set()
    guards = _duplicate_guards(method)
    if not guards or not _made_here(func.value.id, owner, scope):
        return set()
    given = call_arguments(call, function)
    earlier = [
        other
        for other in walk_function(caller)
        if isinstance(other, ast.Call)
        and other is not call
        and isinstance(other.func, ast.Attribute)
        and other.func.attr == func.attr
        and isinstance(other.func.value, ast.Name)
        and other.func.value.id == func.value.id
        and (other.lineno, other.col_offset) < (call.lineno, call.col_offset)
    ]
    lines: set[int] = set()
    for param, attr, line in guards:
        key = given.get(param)
        if (
            key is None
            or not isinstance(key, (ast.Name, ast.Attribute, ast.Constant))
            or not _starts_empty(owner, attr)
            or _added_elsewhere(owner, attr, method)
        ):
            continue
        shown = ast.dump(key)
        if any(
            (other_key := call_arguments(other, function).get(param)) is None
            or ast.dump(other_key) == shown
            for other in earlier
        ):
            continue
        lines.add(line)
    return lines


def _duplicate_guards(method: ast.FunctionDef | ast.AsyncFunctionDef) -> list[tuple[str, str, int]]:
    """(parameter, attribute, raise line) of each `if param in self.attr: ... raise`."""
    params = [a.arg for a in (*method.args.posonlyargs, *method.args.args)]
    if len(params) < 2:
        return []
    me = params[0]
    found: list[tuple[str, str, int]] = []
    for stmt in raising_ifs(method):
        test = stmt.test
        if (
            isinstance(test, ast.Compare)
            and len(test.ops) == 1
            and isinstance(test.ops[0], ast.In)
            and isinstance(test.left, ast.Name)
            and test.left.id in params[1:]
            and isinstance(test.comparators[0], ast.Attribute)
            and isinstance(test.comparators[0].value, ast.Name)
            and test.comparators[0].value.id == me
        ):
            found.append((test.left.id, test.comparators[0].attr, stmt.body[-1].lineno))
    return found


def _made_here(name: str, owner: ClassRef, scope: Scope) -> bool:
    """`name` is bound once in the def, to a call of the method's class."""
    located = scope.lookup(name)
    if located is None or located[0] is not scope or not located[1] or len(located[1]) != 1:
        return False
    binding = located[1][0]
    value = binding.value
    if binding.kind != "assign" or not isinstance(value, ast.Call):
        return False
    made = resolve(value.func, scope).single()
    return isinstance(made, Class) and made.ref.node is owner.node


def _self_attribute_stores(owner: ClassRef, attr: str) -> list[tuple[ast.AST, ast.AST]]:
    """(method, statement) of each assignment to `self.attr` in the class's methods."""
    found: list[tuple[ast.AST, ast.AST]] = []
    for stmt in owner.node.body:
        if not isinstance(stmt, _DEF_TYPES):
            continue
        for sub in walk_function(stmt):
            targets = (
                sub.targets
                if isinstance(sub, ast.Assign)
                else [sub.target]
                if isinstance(sub, (ast.AnnAssign, ast.AugAssign))
                else []
            )
            for target in targets:
                if isinstance(target, ast.Attribute) and target.attr == attr:
                    found.append((stmt, sub))
    return found


def _starts_empty(owner: ClassRef, attr: str) -> bool:
    """`__init__` sets `self.attr` to an empty container, and no other method sets it."""
    stores = _self_attribute_stores(owner, attr)
    if len(stores) != 1:
        return False
    method, stmt = stores[0]
    if not isinstance(method, _DEF_TYPES) or method.name != "__init__":
        return False
    value = stmt.value if isinstance(stmt, (ast.Assign, ast.AnnAssign)) else None
    if isinstance(value, (ast.Dict, ast.List, ast.Set)):
        return not (value.keys if isinstance(value, ast.Dict) else value.elts)
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Name)
        and value.func.id in _EMPTY_MADE
        and not value.args
        and not value.keywords
    )


def _added_elsewhere(owner: ClassRef, attr: str, method: ast.AST) -> bool:
    """A method other than `method` adds to `self.attr` (`self.attr[k] = ...`, `.add(...)`)."""
    for stmt in owner.node.body:
        if not isinstance(stmt, _DEF_TYPES) or stmt is method or stmt.name == "__init__":
            continue
        for sub in walk_function(stmt):
            if (
                isinstance(sub, ast.Subscript)
                and isinstance(sub.ctx, ast.Store)
                and isinstance(sub.value, ast.Attribute)
                and sub.value.attr == attr
            ) or (
                isinstance(sub, ast.Call)
                and isinstance(sub.func, ast.Attribute)
                and sub.func.attr in _ADDING
                and isinstance(sub.func.value, ast.Attribute)
                and sub.func.value.attr == attr
            ):
                return True
    return False
