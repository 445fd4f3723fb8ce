"""What a test says of a name's class: `if result.is_err(): return ...` passed, `result` is no
instance of a class whose `is_err()` answers True, so `result.unwrap()` runs the other class's
method (Result/Option wrappers, sealed hierarchies, `isinstance` checks).

A class answers a question when its method (or `@property`) is one `return <constant>`, or
when a plain class attribute is a constant. Only the instances a name may hold that the model
knows are ruled out; a name of unknown origin keeps every method.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from hermes_dev.pyast.semantic.resolve import class_bases, class_method, is_builtin_name, resolve
from hermes_dev.pyast.semantic.scopes import Class, ClassRef, Instance

if TYPE_CHECKING:
    from hermes_dev.pyast.semantic.scopes import Scope

Ruled = dict[str, frozenset[ClassRef]]

_MAX_BASES = 8


def ruled_out(test: ast.expr, truth: bool, scope: Scope) -> Ruled:
    """Names -> the classes of their known instances that `test` being `truth` excludes."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return ruled_out(test.operand, not truth, scope)
    if isinstance(test, ast.BoolOp):
        # (`a and b` true: both are; `a or b` false: neither is)
        if isinstance(test.op, ast.And) is truth:
            out: Ruled = {}
            for part in test.values:
                for name, classes in ruled_out(part, truth, scope).items():
                    out[name] = out.get(name, frozenset()) | classes
            return out
        return {}
    subject = _subject(test)
    if subject is None:
        return {}
    classes = instance_classes(subject, scope)
    if not classes:
        return {}
    if isinstance(test, ast.Call) and _is_isinstance(test, scope):
        kinds = _classes_named(test.args[1], scope)
        if kinds is None:
            return {}
        out_of = frozenset(c for c in classes if _derives_any(c, kinds) is not truth)
    else:
        attr = test.func.attr if isinstance(test, ast.Call) else test.attr  # type: ignore[attr-defined]
        called = isinstance(test, ast.Call)
        out_of = frozenset(c for c in classes if _answer(c, attr, called) not in (None, truth))
    return {subject: out_of} if out_of else {}


def narrows(test: ast.expr) -> bool:
    """Whether `test` has a shape `ruled_out` reads (no resolution: a cheap first look)."""
    while isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test = test.operand
    if isinstance(test, ast.BoolOp):
        return any(narrows(v) for v in test.values)
    return _subject(test) is not None


def instance_classes(name: str, scope: Scope) -> frozenset[ClassRef]:
    """The project classes whose instances `name` is known to hold."""
    found = resolve(ast.Name(id=name, ctx=ast.Load()), scope).items
    return frozenset(o.cls for o in found if isinstance(o, Instance))


def kept(name: str, attr: str, owner: ClassRef, ruled: frozenset[ClassRef], scope: Scope) -> bool:
    """Whether `name.attr(...)` may still run the method `owner` defines: some class of the
    name's instances not ruled out finds it there (or the method comes from elsewhere)."""
    reached_by_ruled = False
    for cls in instance_classes(name, scope):
        found = class_method(cls, attr)
        if found is None or found[1] != owner:
            continue
        if cls not in ruled:
            return True
        reached_by_ruled = True
    return not reached_by_ruled


def _subject(test: ast.expr) -> str | None:
    """`x` of `x.ok()`, `x.ok` or `isinstance(x, C)`."""
    if isinstance(test, ast.Call):
        func = test.func
        if isinstance(func, ast.Name) and func.id == "isinstance" and len(test.args) == 2:
            first = test.args[0]
            return first.id if isinstance(first, ast.Name) and not test.keywords else None
        if test.args or test.keywords:
            return None
        test = func
    if isinstance(test, ast.Attribute) and isinstance(test.value, ast.Name):
        return test.value.id
    return None


def _is_isinstance(call: ast.Call, scope: Scope) -> bool:
    func = call.func
    return isinstance(func, ast.Name) and is_builtin_name(func.id, scope)


def _classes_named(expr: ast.expr, scope: Scope) -> frozenset[ClassRef] | None:
    """The project classes `isinstance`'s second argument names (None when any is not one)."""
    parts = expr.elts if isinstance(expr, ast.Tuple) else [expr]
    out: set[ClassRef] = set()
    for part in parts:
        found = resolve(part, scope)
        if not found.complete or not found.items:
            return None
        for obj in found.items:
            if not isinstance(obj, Class):
                return None
            out.add(obj.ref)
    return frozenset(out)


def _derives_any(cls: ClassRef, kinds: frozenset[ClassRef], depth: int = 0) -> bool:
    if cls in kinds:
        return True
    if depth > _MAX_BASES:
        return False
    return any(b is not None and _derives_any(b, kinds, depth + 1) for b in class_bases(cls))


def _answer(cls: ClassRef, attr: str, called: bool) -> bool | None:
    """The truth `cls`'s instances answer for `.attr()` (`called`) or `.attr`, when constant."""
    found = class_method(cls, attr)
    if found is not None:
        node = found[0].node
        if not isinstance(node, ast.FunctionDef):
            return None
        decorators = {d.id for d in node.decorator_list if isinstance(d, ast.Name)}
        if len(decorators) != len(node.decorator_list):
            return None
        if called == ("property" in decorators) or decorators - {"property"}:
            return None
        body = node.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            body = body[1:]  # (the docstring)
        if len(body) != 1 or not isinstance(body[0], ast.Return):
            return None
        value = body[0].value
        return bool(value.value) if isinstance(value, ast.Constant) else None
    if called:
        return None
    return _class_constant(cls, attr)


def _class_constant(cls: ClassRef, attr: str, depth: int = 0) -> bool | None:
    """A plain `attr = <constant>` of the class body (or a base's); an annotated one is a
    field a constructor may set, and an instance may be given its own."""
    for stmt in cls.node.body:
        if isinstance(stmt, ast.AnnAssign) and _is(stmt.target, attr):
            return None
        if (
            isinstance(stmt, ast.Assign)
            and any(_is(t, attr) for t in stmt.targets)
            and isinstance(stmt.value, ast.Constant)
        ):
            if _set_on_instances(cls, attr):
                return None
            return bool(stmt.value.value)
    if depth > _MAX_BASES:
        return None
    for base in class_bases(cls):
        if base is None:
            return None
        found = _class_constant(base, attr, depth + 1)
        if found is not None:
            return found
    return None


def _is(target: ast.expr, attr: str) -> bool:
    return isinstance(target, ast.Name) and target.id == attr


def _set_on_instances(cls: ClassRef, attr: str) -> bool:
    """`self.attr = ...` anywhere in the class: the instance's own value hides the class's."""
    for node in ast.walk(cls.node):
        if (
            isinstance(node, ast.Attribute)
            and node.attr == attr
            and isinstance(node.ctx, ast.Store)
        ):
            return True
    return False
