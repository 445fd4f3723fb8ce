"""`functools.singledispatch`: a call of a dispatching function runs the implementation
registered for the type of its first argument (`@fn.register` with the type in the first
parameter's annotation, `@fn.register(int)`, `fn.register(int, impl)`); the base def runs only
for a type nothing is registered for.

- `is_dispatcher(node, scope)`: a def made a dispatcher by `@singledispatch`.
- `makes_dispatcher(dec, scope)`, `registers(dec, scope)`: `@singledispatch`, and a decorator
  `@fn.register...` of a dispatcher: each hands the def back as it is (its body is what runs).
- `implementations(function, call, scope)`: the defs a call of a dispatcher runs: those for the
  argument's type when the code makes it evident (a constant, `str(...)`, a `case str(x):`
  capture), else every registered one; the base def, which mostly refuses the types nobody
  registered, when none is registered for the evident type, or for None where the argument is
  a `.get(key)` that may give it.
- `dispatched_on(node)`: a def that runs only for the type of its first argument it was
  registered for (found by `implementations`): that argument's type is tested.
"""

from __future__ import annotations

import ast

from hermes_dev.pyast.semantic.resolve import resolve
from hermes_dev.pyast.semantic.scopes import External, Function
from hermes_dev.pyast.semantic.walker import last_name

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hermes_dev.pyast.semantic.scopes import Scope

_DEF_TYPES = (ast.FunctionDef, ast.AsyncFunctionDef)
_DISPATCH = frozenset({"functools.singledispatch"})
# What each type a value can evidently have also matches, in `isinstance` order.
_MATCHES: dict[str, tuple[str, ...]] = {
    "bool": ("bool", "int", "object"),
    "int": ("int", "object"),
    "float": ("float", "object"),
    "str": ("str", "object"),
    "bytes": ("bytes", "object"),
    "list": ("list", "Sequence", "Iterable", "object"),
    "tuple": ("tuple", "Sequence", "Iterable", "object"),
    "dict": ("dict", "Mapping", "object"),
    "set": ("set", "Iterable", "object"),
    "NoneType": ("NoneType", "None", "object"),
}
_DISPATCHED_ATTR = "_hd_dispatched"
_MADE = frozenset({"str", "int", "float", "bool", "bytes", "list", "tuple", "dict", "set"})


def is_dispatcher(node: ast.AST, scope: Scope) -> bool:
    if not isinstance(node, _DEF_TYPES):
        return False
    return any(makes_dispatcher(dec, scope) for dec in node.decorator_list)


def makes_dispatcher(dec: ast.expr, scope: Scope) -> bool:
    """`@singledispatch` (the def itself runs for the types nothing is registered for)."""
    if isinstance(dec, (ast.Name, ast.Attribute)) and last_name(dec) == "singledispatch":
        found = resolve(dec, scope).single()
        return isinstance(found, External) and found.dotted in _DISPATCH
    return False


def registers(dec: ast.expr, scope: Scope) -> bool:
    """`@fn.register` or `@fn.register(T)` of a dispatcher `fn`."""
    target = dec.func if isinstance(dec, ast.Call) else dec
    if not (isinstance(target, ast.Attribute) and target.attr == "register"):
        return False
    found = resolve(target.value, scope).single()
    return isinstance(found, Function) and is_dispatcher(found.node, found.scope)


def implementations(function: Function, call: ast.Call, scope: Scope) -> list[Function] | None:
    """The defs a call of the dispatcher `function` runs (None when it is no dispatcher)."""
    if not is_dispatcher(function.node, function.scope):
        return None
    registered = _registered(function)
    if not registered:
        return []  # (registered elsewhere: what runs is not known)
    arg = call.args[0] if call.args and not isinstance(call.args[0], ast.Starred) else None
    kind = _evident_type(arg, scope, 0) if arg is not None else None
    if kind is None:
        every = [impl for impl, _ in registered]
        if (
            arg is not None
            and _maybe_none(arg)
            and not any({"NoneType", "None", "object"} & types for _, types in registered)
        ):
            every.append(function)  # (`args.get("grade")` of a model that left it out)
        return every
    for name in _MATCHES.get(kind, (kind, "object")):
        chosen = [impl for impl, types in registered if name in types]
        if chosen:
            return chosen
    return [function]


def registered_types(function: Function) -> frozenset[str]:
    """The type names the defs registered on the dispatcher `function` are for (empty when it
    is no dispatcher)."""
    if not is_dispatcher(function.node, function.scope):
        return frozenset()
    return frozenset().union(*(types for _, types in _registered(function)))


def _registered(function: Function) -> list[tuple[Function, frozenset[str]]]:
    """Each def registered on the dispatcher, with the names of the types it is for."""
    node, scope = function.node, function.scope
    assert isinstance(node, _DEF_TYPES)
    name = node.name
    found: list[tuple[Function, frozenset[str]]] = []
    index = scope.index
    for bound in index.names():
        for binding in index.get(bound):
            impl = binding.node
            if binding.kind != "def" or not isinstance(impl, _DEF_TYPES) or impl is node:
                continue
            for dec in impl.decorator_list:
                target = dec.func if isinstance(dec, ast.Call) else dec
                if not (
                    isinstance(target, ast.Attribute)
                    and target.attr == "register"
                    and isinstance(target.value, ast.Name)
                    and target.value.id == name
                ):
                    continue
                if isinstance(dec, ast.Call) and dec.args:
                    types = _type_names(dec.args[0])
                else:
                    types = _annotated(impl)
                setattr(impl, _DISPATCHED_ATTR, True)
                found.append((Function(impl, function.module, scope, function.owner), types))
    return found


def dispatched_on(node: ast.AST) -> bool:
    return bool(node.__dict__.get(_DISPATCHED_ATTR))


def _annotated(impl: ast.FunctionDef | ast.AsyncFunctionDef) -> frozenset[str]:
    params = [*impl.args.posonlyargs, *impl.args.args]
    if not params or params[0].annotation is None:
        return frozenset({"object"})
    return _type_names(params[0].annotation)


def _type_names(expr: ast.expr) -> frozenset[str]:
    """`int` -> {int}; `int | float`, `Union[int, float]`, `"int"` -> each; `None` -> NoneType."""
    if isinstance(expr, ast.Constant):
        if expr.value is None:
            return frozenset({"NoneType"})
        if isinstance(expr.value, str):
            try:
                return _type_names(ast.parse(expr.value, mode="eval").body)
            except SyntaxError:
                return frozenset()
        return frozenset()
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.BitOr):
        return _type_names(expr.left) | _type_names(expr.right)
    if isinstance(expr, ast.Subscript):
        if last_name(expr.value) in ("Union", "Optional"):
            inner = expr.slice.elts if isinstance(expr.slice, ast.Tuple) else [expr.slice]
            names = frozenset().union(*(_type_names(e) for e in inner))
            return names | {"NoneType"} if last_name(expr.value) == "Optional" else names
        return _type_names(expr.value)  # (`list[str]` is for lists)
    named = last_name(expr)
    return frozenset({named}) if named else frozenset()


def _maybe_none(expr: ast.expr) -> bool:
    """`d.get(key)` with no default: None when the key is missing."""
    return (
        isinstance(expr, ast.Call)
        and isinstance(expr.func, ast.Attribute)
        and expr.func.attr == "get"
        and len(expr.args) == 1
        and not expr.keywords
    )


def _evident_type(expr: ast.expr, scope: Scope, depth: int) -> str | None:
    """The builtin type `expr` evidently has, else None."""
    if depth > 3:
        return None
    if isinstance(expr, ast.Constant):
        return type(expr.value).__name__
    if isinstance(expr, ast.JoinedStr):
        return "str"
    if isinstance(expr, (ast.List, ast.ListComp)):
        return "list"
    if isinstance(expr, (ast.Dict, ast.DictComp)):
        return "dict"
    if isinstance(expr, (ast.Set, ast.SetComp)):
        return "set"
    if isinstance(expr, ast.Tuple):
        return "tuple"
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id in _MADE:
        if not scope.lookup(expr.func.id):
            return expr.func.id
        return None
    if isinstance(expr, ast.Name):
        return _name_type(expr.id, scope, depth)
    return None


def _name_type(name: str, scope: Scope, depth: int) -> str | None:
    if scope.func is None:
        return None  # (a module name may be anything by the time the call runs)
    found = scope.lookup(name)
    if found is None or found[0] is not scope or not found[1]:
        return None
    kinds: set[str | None] = set()
    for binding in found[1]:
        if binding.kind == "match":
            kinds.add(_captured_type(binding.node, scope))
        elif binding.kind == "assign" and binding.value is not None:
            kinds.add(_evident_type(binding.value, scope, depth + 1))
        else:
            return None
    return kinds.pop() if len(kinds) == 1 else None


def _captured_type(node: ast.AST, scope: Scope) -> str | None:
    """`str` for the `x` of `case str(x):` (the one positional pattern of a builtin class)."""
    func = scope.func
    if func is None:
        return None
    for sub in ast.walk(func):
        if (
            isinstance(sub, ast.MatchClass)
            and len(sub.patterns) == 1
            and sub.patterns[0] is node
            and isinstance(sub.cls, ast.Name)
            and sub.cls.id in _MADE
        ):
            return sub.cls.id
    return None
