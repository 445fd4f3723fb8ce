"""Tables a metaclass fills as classes are made: `mcls.registry[tool_name] = cls` in its
`__new__` (or `Meta.registry.append(cls)`), once per class made with `metaclass=Meta` and per
subclass of one. Read from the hook's text alone (no resolution here): each store, the tests
on its path, and, for one made class, the store's expressions with the hook's names replaced
by what that class's statement gives them.

`__new__(mcls, name, bases, namespace)`: `name` is the class's name, `namespace` its body's
bindings (`namespace.get("tool_name")` is what the body binds `tool_name` to, or None), and the
class `super().__new__(...)` (or `type.__new__(...)`) returns is the made class. In `__init__
(cls, name, bases, namespace)`, `cls` is the made class. A local bound once is read as its
value. What the hook makes of other names is left as it is (read where the class is defined).
"""

from __future__ import annotations

import ast
import copy

_HOOKS = ("__new__", "__init__")
_ADDING = ("append", "add")
_METACLASS_BASES = frozenset({"type", "ABCMeta", "EnumMeta", "EnumType"})
_MAX_INLINED = 4


class Store:
    """One change a hook makes to the table: `key` None for an `append`."""

    __slots__ = ("guards", "hook", "key", "value")

    def __init__(
        self,
        hook: ast.FunctionDef,
        key: ast.expr | None,
        value: ast.expr,
        guards: list[tuple[ast.expr, bool]],
    ) -> None:
        self.hook = hook
        self.key = key
        self.value = value
        self.guards = guards  # (test, the truth it has on the way to the store)


def is_metaclass(node: ast.ClassDef) -> bool:
    """A class that derives from `type` (or a metaclass of the standard library) by name."""
    return any(_last_name(base) in _METACLASS_BASES for base in node.bases)


def table_stores(meta: ast.ClassDef, attr: str) -> list[Store]:
    """The stores into the metaclass's attribute `attr` its `__new__` / `__init__` make."""
    out: list[Store] = []
    for stmt in meta.body:
        if not (isinstance(stmt, ast.FunctionDef) and stmt.name in _HOOKS):
            continue
        params = [*stmt.args.posonlyargs, *stmt.args.args]
        if len(params) < 2:
            continue
        # (`mcls.registry` in __new__; in __init__ the first parameter is the made class)
        owners = {meta.name} | ({params[0].arg} if stmt.name == "__new__" else set())
        _collect(stmt, stmt.body, [], owners, attr, out)
    return out


def _collect(
    hook: ast.FunctionDef,
    body: list[ast.stmt],
    guards: list[tuple[ast.expr, bool]],
    owners: set[str],
    attr: str,
    out: list[Store],
) -> None:
    for stmt in body:
        if isinstance(stmt, ast.If):
            _collect(hook, stmt.body, [*guards, (stmt.test, True)], owners, attr, out)
            _collect(hook, stmt.orelse, [*guards, (stmt.test, False)], owners, attr, out)
            if stmt.body and isinstance(stmt.body[-1], (ast.Return, ast.Raise)) and not stmt.orelse:
                guards = [*guards, (stmt.test, False)]  # (`if not name: return cls` passed)
            continue
        if isinstance(stmt, (ast.With, ast.Try)):
            _collect(hook, stmt.body, guards, owners, attr, out)
            continue
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
            target = stmt.targets[0]
            if (
                isinstance(target, ast.Subscript)
                and _is_table(target.value, owners, attr)
                and not isinstance(target.slice, ast.Slice)
            ):
                out.append(Store(hook, target.slice, stmt.value, guards))
        elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
            call = stmt.value
            func = call.func
            if (
                isinstance(func, ast.Attribute)
                and func.attr in _ADDING
                and len(call.args) == 1
                and not call.keywords
                and _is_table(func.value, owners, attr)
            ):
                out.append(Store(hook, None, call.args[0], guards))


def _is_table(expr: ast.expr, owners: set[str], attr: str) -> bool:
    return (
        isinstance(expr, ast.Attribute)
        and expr.attr == attr
        and isinstance(expr.value, ast.Name)
        and expr.value.id in owners
    )


def for_class(expr: ast.expr, hook: ast.FunctionDef, made: ast.ClassDef) -> ast.expr:
    """`expr` of the hook as it reads when `made` is the class being made: read where
    `made` is defined."""
    found: ast.expr = _Substitute(hook, made).visit(copy.deepcopy(expr))
    return found


class _Substitute(ast.NodeTransformer):
    def __init__(self, hook: ast.FunctionDef, made: ast.ClassDef) -> None:
        params = [*hook.args.posonlyargs, *hook.args.args]
        self.made = made
        self.names: dict[str, ast.expr] = {}
        if len(params) > 1:
            self.names[params[1].arg] = ast.Constant(made.name)
        if len(params) > 3:
            self.names[params[3].arg] = _namespace(made)
        if hook.name == "__init__":
            self.names[params[0].arg] = ast.Name(made.name, ast.Load())
        self.locals = _bound_once(hook, {p.arg for p in params})
        self.depth = 0

    def visit_Name(self, node: ast.Name) -> ast.expr:
        if not isinstance(node.ctx, ast.Load):
            return node
        found = self.names.get(node.id)
        if found is not None:
            return ast.copy_location(copy.deepcopy(found), node)
        value = self.locals.get(node.id)
        if value is None or self.depth >= _MAX_INLINED:
            return node
        if _makes_the_class(value):
            return ast.copy_location(ast.Name(self.made.name, ast.Load()), node)
        self.depth += 1
        try:
            return self.visit(copy.deepcopy(value))  # type: ignore[no-any-return]
        finally:
            self.depth -= 1


def _namespace(made: ast.ClassDef) -> ast.Dict:
    """The class body's own bindings as a dict display (`namespace` of `__new__`)."""
    keys: list[ast.expr | None] = []
    values: list[ast.expr] = []
    for stmt in made.body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
            target, value = stmt.targets[0], stmt.value
        elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
            target, value = stmt.target, stmt.value
        else:
            continue
        if isinstance(target, ast.Name):
            keys.append(ast.Constant(target.id))
            values.append(value)
    return ast.Dict(keys=keys, values=values)


def _bound_once(hook: ast.FunctionDef, params: set[str]) -> dict[str, ast.expr]:
    """Locals of the hook bound by exactly one plain assignment (parameters aside)."""
    seen: dict[str, ast.expr | None] = {}
    for node in ast.walk(hook):
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name):
                seen[target.id] = node.value if target.id not in seen else None
                continue
        if isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.For, ast.NamedExpr)):
            target = node.target
            if isinstance(target, ast.Name):
                seen[target.id] = None
    return {k: v for k, v in seen.items() if v is not None and k not in params}


def _makes_the_class(value: ast.expr) -> bool:
    """`super().__new__(...)`, `super(Meta, mcls).__new__(...)`, `type.__new__(...)`."""
    if not (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr == "__new__"
    ):
        return False
    owner = value.func.value
    if isinstance(owner, ast.Call):
        return isinstance(owner.func, ast.Name) and owner.func.id == "super"
    return isinstance(owner, ast.Name) and owner.id == "type"


def _last_name(expr: ast.expr) -> str:
    if isinstance(expr, ast.Attribute):
        return expr.attr
    return expr.id if isinstance(expr, ast.Name) else ""
