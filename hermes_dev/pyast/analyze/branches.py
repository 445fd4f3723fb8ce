"""Constants and the branch tests they decide, at any depth of a call chain.

- `constant(expr, scope)`: `(True, value)` when `expr` is a constant where `scope`'s code runs:
  a literal, a name bound to one (a module constant, or a parameter a call bound to one through
  `Scope.env`), and simple operations on constants: `not`, `and`/`or`, comparisons (`==`, `!=`,
  `<`..., `in`, `is`), `len`, `bool`, `str`/`int` of a constant, string methods (`.strip()`,
  `.lower()`, `.startswith(...)`...), tuples and lists of constants.
- `decide(test, scope)`: True or False when the test is decided that way, else None.
- `relevant_parameters(node)`: the parameters of a def whose constant value may decide a branch
  somewhere down its calls (read in a test, or passed on to a call); a call binds only those.
- `non_empty_at(name, call, scope)`: the local `name` is known not empty where `call` is (an
  `if not name: return ...` before it), so a call binds NON_EMPTY for it: the callee's own
  `if not values: raise ValueError(...)` cannot fire.
- `members_at(name, call, scope)`: the constants `name` is one of where `call` is (`if cycle
  not in CYCLES: return ...` before it), so a call binds them all: a callee's chain of `if
  cycle == "weekly": return ...` that covers them leaves its last `raise` unreachable.
"""

from __future__ import annotations

import ast
import copy
import re
from typing import Any

from hermes_dev.pyast.analyze.tests_read import leaf_tests, tests_of
from hermes_dev.pyast.semantic.clients import is_client_instance
from hermes_dev.pyast.semantic.resolve import (
    assigned_value,
    call_arguments,
    is_builtin_name,
    member_constant,
    resolve,
)
from hermes_dev.pyast.semantic.scopes import (
    Class,
    Const,
    External,
    Function,
    Instance,
    Literal,
    Member,
    ModuleObject,
    Possible,
    Scope,
    changes_name,
)
from hermes_dev.pyast.semantic.walker import (
    blocks_of,
    is_name,
    last_name,
    walk_function,
    walk_shallow,
)

_UNKNOWN = object()


class _NonEmpty:
    """A value known only to be truthy (a list tested not empty): `not x` is False, `x is
    None` False; any other question about it is not decided."""

    __slots__ = ()

    def __bool__(self) -> bool:
        return True

    def __repr__(self) -> str:
        return "<non-empty>"


NON_EMPTY = _NonEmpty()


class Sized(_NonEmpty):
    """A non-empty value known only by its length (`*params` a call fills with two values):
    `len(params)` is decided, anything else is what NON_EMPTY decides."""

    __slots__ = ("size",)

    def __init__(self, size: int) -> None:
        self.size = size

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sized) and other.size == self.size

    def __hash__(self) -> int:
        return hash(("sized", self.size))

    def __repr__(self) -> str:
        return f"<{self.size} values>"


class KeywordNames:
    """The keys a def's `**` parameter holds when every call names its keywords
    (`qs.filter(number=n, code__iexact=c)`): the code's own names, never the model's (the
    values are not known). Tested as the dict is: its truth, `in`, its length."""

    __slots__ = ("keys",)

    def __init__(self, keys: tuple[str, ...]) -> None:
        self.keys = keys

    def __bool__(self) -> bool:
        return bool(self.keys)

    def __contains__(self, key: object) -> bool:
        return key in self.keys

    def __len__(self) -> int:
        return len(self.keys)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, KeywordNames) and other.keys == self.keys

    def __hash__(self) -> int:
        return hash(("keywords", self.keys))

    def __repr__(self) -> str:
        return f"<keywords {', '.join(self.keys)}>"


# (what a test is, with the tested name written as this one: the same test of another name)
_PLACEHOLDER = "\x00"


class Facts:
    """Tests a caller saw answered for a value before handing it on (`if not
    s.startswith("978"): return ...`): each test, written with the value as _PLACEHOLDER
    (ast.dump), and its answer."""

    __slots__ = ("known",)

    def __init__(self, known: frozenset[tuple[str, bool]]) -> None:
        self.known = known

    def __hash__(self) -> int:
        return hash(self.known)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Facts) and other.known == self.known

    def __repr__(self) -> str:
        return f"<facts {len(self.known)}>"


_DEF_TYPES = (ast.FunctionDef, ast.AsyncFunctionDef)
_RELEVANT_ATTR = "_hermes_dev_relevant"
_MAX_DEPTH = 12
_STR_METHODS = frozenset(
    {
        "strip",
        "lstrip",
        "rstrip",
        "lower",
        "upper",
        "casefold",
        "startswith",
        "endswith",
        "isdigit",
        "isalnum",
        "isalpha",
        "isidentifier",
        "isspace",
        "replace",
        "split",
        "count",
        "find",
        "rfind",
        "isupper",
        "islower",
        "isnumeric",
        "isdecimal",
        "title",
        "capitalize",
        "removeprefix",
        "removesuffix",
        "partition",
        "rpartition",
        "rsplit",
    }
)
_MAX_TEXT = 10_000


def _raises_in(loop: ast.For | ast.AsyncFor) -> bool:
    """The loop's body raises (a test of each item may decide it)."""
    return any(isinstance(sub, ast.Raise) for stmt in loop.body for sub in ast.walk(stmt))


def _calls_its_item(loop: ast.For | ast.AsyncFor) -> bool:
    """The loop's body calls the item it takes (`for step in steps: step(ctx)`)."""
    if not isinstance(loop.target, ast.Name):
        return False
    item = loop.target.id
    return any(
        isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) and sub.func.id == item
        for stmt in loop.body
        for sub in ast.walk(stmt)
    )


def relevant_parameters(
    node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda,
) -> frozenset[str]:
    """Parameters read in a test (`if`, `while`, conditional expression, `assert`, a
    comprehension's `if`), passed on as a call's argument or used as the key of a constant
    table (`PIPELINES[name]`), and never assigned (memoised)."""
    cached: frozenset[str] | None = node.__dict__.get(_RELEVANT_ATTR)
    if cached is not None:
        return cached
    a = node.args
    params = {p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)}
    params.update(p.arg for p in (a.vararg, a.kwarg) if p is not None)
    relevant: set[str] = set()
    assigned: set[str] = set()
    if params:
        read: list[ast.AST] = []
        for sub in walk_function(node):
            kind = type(sub)
            if kind is ast.If or kind is ast.While or kind is ast.IfExp or kind is ast.Assert:
                read.append(sub.test)  # type: ignore[attr-defined]
            elif kind is ast.comprehension:
                read.extend(sub.ifs)  # type: ignore[attr-defined]
            elif kind is ast.Call:
                read.extend(sub.args)  # type: ignore[attr-defined]
                read.extend(kw.value for kw in sub.keywords)  # type: ignore[attr-defined]
                read.append(sub.func)  # type: ignore[attr-defined]
            elif kind is ast.Name and type(sub.ctx) is not ast.Load:  # type: ignore[attr-defined]
                assigned.add(sub.id)  # type: ignore[attr-defined]
            elif (kind is ast.For or kind is ast.AsyncFor) and (
                _calls_its_item(sub)  # type: ignore[arg-type]
                or _raises_in(sub)  # type: ignore[arg-type]
            ):
                # (`for step in steps: ctx = step(ctx)`: the list given picks what runs;
                # `for key in lookups: ... raise`: the keys given decide the raise)
                read.append(sub.iter)  # type: ignore[attr-defined]
            elif (
                kind is ast.Subscript
                and type(sub.ctx) is ast.Load  # type: ignore[attr-defined]
                and type(sub.value) is ast.Name  # type: ignore[attr-defined]
                and type(sub.slice) is ast.Name  # type: ignore[attr-defined]
                and sub.value.id.isupper()  # type: ignore[attr-defined]
            ):
                # (`PIPELINES[name]`: the key picks what runs, as a dispatch table's does)
                read.append(sub.slice)  # type: ignore[attr-defined]
        if read:
            for name in walk_shallow(read):  # type: ignore[arg-type]
                if isinstance(name, ast.Name) and name.id in params:
                    relevant.add(name.id)
        assigned -= set(normalised_parameters(node))
        assigned -= set(text_rebinds(node))
    result = frozenset(relevant - assigned)
    setattr(node, _RELEVANT_ATTR, result)
    return result


_NORMALISED_ATTR = "_hd_normalised_params"
_TYPES = {"str": str, "int": int, "float": float, "bool": bool}


def normalised_parameters(
    node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda,
) -> dict[str, type]:
    """Parameters whose only assignment is the normalising idiom at the top of the body,
    `if not isinstance(p, T): p = T(p)` (T a builtin scalar type): a constant of type T bound
    to p leaves that branch dead, so p still holds it (memoised)."""
    cached: dict[str, type] | None = node.__dict__.get(_NORMALISED_ATTR)
    if cached is not None:
        return cached
    found: dict[str, type] = {}
    if not isinstance(node, ast.Lambda):
        for stmt in node.body:
            hit = _normalising(stmt)
            if hit is not None:
                found[hit[0]] = hit[1]
        if found:
            # Any other assignment of the parameter anywhere: not only the idiom.
            idiom = {id(t) for stmt in node.body if _normalising(stmt) for t in _targets(stmt)}
            _drop_reassigned(node, found, idiom)
    setattr(node, _NORMALISED_ATTR, found)
    return found


def _drop_reassigned(
    node: ast.FunctionDef | ast.AsyncFunctionDef, found: dict[str, Any], idiom: set[int]
) -> None:
    """Leave out of `found` the parameters the def assigns anywhere but at the idiom's targets
    (`idiom`: their ids)."""
    for sub in walk_function(node):
        if (
            isinstance(sub, ast.Name)
            and not isinstance(sub.ctx, ast.Load)
            and sub.id in found
            and id(sub) not in idiom
        ):
            del found[sub.id]


def _normalising(stmt: ast.stmt) -> tuple[str, type] | None:
    if not (isinstance(stmt, ast.If) and not stmt.orelse and len(stmt.body) == 1):
        return None
    test, body = stmt.test, stmt.body[0]
    if not (isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not)):
        return None
    check = test.operand
    if not (
        isinstance(check, ast.Call)
        and isinstance(check.func, ast.Name)
        and check.func.id == "isinstance"
        and len(check.args) == 2
        and isinstance(check.args[0], ast.Name)
        and isinstance(check.args[1], ast.Name)
        and check.args[1].id in _TYPES
    ):
        return None
    name, kind = check.args[0].id, check.args[1].id
    if not (
        isinstance(body, ast.Assign)
        and len(body.targets) == 1
        and isinstance(body.targets[0], ast.Name)
        and body.targets[0].id == name
    ):
        return None
    return name, _TYPES[kind]


_REBINDS_ATTR = "_hd_text_rebinds"


def text_rebinds(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> dict[str, ast.expr]:
    """Parameters the body's first statements make over from themselves and constants alone
    (`part = (part or "patch").lower()`, `unit = unit.strip().lower()`), and never assign
    again: a constant bound to `part` is, past them, what that expression makes of it
    (`rebound_value`). Memoised."""
    cached: dict[str, ast.expr] | None = node.__dict__.get(_REBINDS_ATTR)
    if cached is not None:
        return cached
    found: dict[str, ast.expr] = {}
    if not isinstance(node, ast.Lambda):
        a = node.args
        params = {p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)}
        body = node.body
        start = 1 if body and _docstring(body[0]) else 0
        for stmt in body[start:]:
            if not (
                isinstance(stmt, ast.Assign)
                and len(stmt.targets) == 1
                and isinstance(stmt.targets[0], ast.Name)
                and stmt.targets[0].id in params
                and stmt.targets[0].id not in found
                and _made_of(stmt.value, stmt.targets[0].id)
            ):
                break
            found[stmt.targets[0].id] = stmt.value
        if found:
            kept = {id(stmt.targets[0]) for stmt in body[start : start + len(found)]}  # type: ignore[attr-defined]
            _drop_reassigned(node, found, kept)
    setattr(node, _REBINDS_ATTR, found)
    return found


def _docstring(stmt: ast.stmt) -> bool:
    return isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)


def _made_of(expr: ast.expr, name: str) -> bool:
    """`expr` reads `name`, constants, `or`/`and`, `str()` and text methods only."""
    reads = False
    for sub in ast.walk(expr):
        if isinstance(sub, ast.Name):
            if sub.id == name:
                reads = True
            elif not (sub.id == "str" and isinstance(sub.ctx, ast.Load)):
                return False
        elif isinstance(sub, ast.Call):
            func = sub.func
            if sub.keywords or not (
                (isinstance(func, ast.Attribute) and func.attr in _STR_METHODS)
                or (isinstance(func, ast.Name) and func.id == "str")
            ):
                return False
        elif not isinstance(
            sub, (ast.Constant, ast.BoolOp, ast.Attribute, ast.expr_context, ast.boolop)
        ):
            return False
    return reads


def rebound_value(expr: ast.expr, name: str, value: object, scope: Scope) -> tuple[bool, object]:
    """What the rebinding `expr` of parameter `name` (`text_rebinds`) makes of the constant
    `value`."""

    class _Put(ast.NodeTransformer):
        def visit_Name(self, node: ast.Name) -> ast.AST:
            return ast.Constant(value) if node.id == name else node  # type: ignore[arg-type]

    made = _Put().visit(copy.deepcopy(expr))
    return constant(made, scope)


def _targets(stmt: ast.stmt) -> list[ast.expr]:
    body = stmt.body[0] if isinstance(stmt, ast.If) and stmt.body else None
    return list(body.targets) if isinstance(body, ast.Assign) else []


def constant(expr: ast.expr, scope: Scope, depth: int = 0) -> tuple[bool, object]:
    value = _value(expr, scope, depth)
    return (False, None) if value is _UNKNOWN else (True, value)


def constant_choices(expr: ast.expr, scope: Scope, depth: int = 0) -> list[object] | None:
    """The few constants an expression may be (`"4d6" if heroic else "3d6"`, or a local of the
    def bound once to that), or None."""
    if depth > 4:
        return None
    if isinstance(expr, ast.IfExp):
        left = constant_choices(expr.body, scope, depth + 1)
        right = constant_choices(expr.orelse, scope, depth + 1)
        if left is None or right is None:
            return None
        found = [*left, *(v for v in right if v not in left)]
        return found if len(found) <= _MAX_ALTERNATIVES else None
    if isinstance(expr, ast.Name) and scope.func is not None:
        located = scope.lookup(expr.id)
        if located is not None and located[1] is not None and located[0] is scope:
            bindings = located[1]
            if len(bindings) == 1 and bindings[0].kind == "assign" and bindings[0].path == ():
                value = bindings[0].value
                if isinstance(value, ast.IfExp):
                    return constant_choices(value, scope, depth + 1)
    known, one = constant(expr, scope, depth)
    return [one] if known else None


_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)


def decide(test: ast.expr, scope: Scope) -> bool | None:
    """The truth of a test where `scope`'s code runs, or None when it is not decided."""
    value = _value(test, scope, 0)
    if value is _UNKNOWN:
        return _decided_per_value(test, scope)
    try:
        return bool(value)
    except Exception:  # noqa: BLE001 - a constant whose truth is not plain
        return None


# (how many constants a parameter may be bound to for a test to be read once per constant)
_MAX_ALTERNATIVES = 4


def _decided_per_value(test: ast.expr, scope: Scope) -> bool | None:
    """A test read once per constant a parameter of the def may hold (`roll("4d6kh3" if
    drop else "3d6")`): its truth when every one gives the same, else None."""
    env = scope.env
    if not env:
        return None
    for name, held in env.items():
        items = held.items
        if not (
            1 < len(items) <= _MAX_ALTERNATIVES
            and held.complete
            and all(isinstance(o, Const) and _plain(o.value) for o in items)
        ):
            continue
        said: set[bool] = set()
        for one in items:
            alone = scope.with_env({name: Possible.of(one)})
            value = _value(test, alone, 0)
            if value is _UNKNOWN:
                return None
            try:
                said.add(bool(value))
            except Exception:  # noqa: BLE001 - a constant whose truth is not plain
                return None
        return said.pop() if len(said) == 1 else None
    return None


def _value(expr: ast.expr, scope: Scope, depth: int) -> object:
    if depth > _MAX_DEPTH:
        return _UNKNOWN
    kind = type(expr)
    if kind is ast.Call or kind is ast.Compare or kind is ast.Name or kind is ast.Attribute:
        facts = _facts_in(scope)
        if facts:
            known = _fact(expr, facts)
            if known is not None and kind is ast.Name:
                # (a name tested truthy is some truthy value, not True: `region == "eu"`
                # is not decided by it)
                return NON_EMPTY if known else _UNKNOWN
            if known is not None:
                return known
    if kind is ast.Constant:
        return expr.value  # type: ignore[attr-defined]
    if kind is ast.Name:
        return _name(expr, scope, depth)  # type: ignore[arg-type]
    if kind is ast.UnaryOp:
        inner = _value(expr.operand, scope, depth + 1)  # type: ignore[attr-defined]
        if inner is _UNKNOWN:
            return _UNKNOWN
        op = expr.op  # type: ignore[attr-defined]
        if isinstance(op, ast.Not):
            return not inner
        if isinstance(op, ast.USub) and isinstance(inner, (int, float)):
            return -inner
        return _UNKNOWN
    if kind is ast.BoolOp:
        return _bool_op(expr, scope, depth)  # type: ignore[arg-type]
    if kind is ast.IfExp:
        test = _value(expr.test, scope, depth + 1)  # type: ignore[attr-defined]
        if test is _UNKNOWN:
            return _UNKNOWN
        branch = expr.body if test else expr.orelse  # type: ignore[attr-defined]
        return _value(branch, scope, depth + 1)
    if kind is ast.Compare:
        return _compare(expr, scope, depth)  # type: ignore[arg-type]
    if kind is ast.Tuple or kind is ast.List or kind is ast.Set:
        items = [_value(e, scope, depth + 1) for e in expr.elts]  # type: ignore[attr-defined]
        if any(i is _UNKNOWN or i is NON_EMPTY for i in items) or len(items) > 1000:
            return _UNKNOWN
        try:
            return frozenset(items) if kind is ast.Set else tuple(items)
        except TypeError:
            return _UNKNOWN
    if kind is ast.Call:
        return _call(expr, scope, depth)  # type: ignore[arg-type]
    if (kind is ast.Subscript or kind is ast.Attribute) and type(expr.value) is ast.Name:  # type: ignore[attr-defined]
        return _item(expr, scope)  # type: ignore[arg-type]
    return _UNKNOWN


def _size(expr: ast.Name, scope: Scope) -> int | None:
    """The length a call gave a parameter it bound to a Sized value."""
    located = scope.lookup(expr.id)
    if located is None or located[1] is not None or located[0].env is None:
        return None
    found = located[0].env[expr.id].single()
    if isinstance(found, Const) and isinstance(found.value, Sized):
        return found.value.size
    return None


def _item(expr: ast.Subscript | ast.Attribute, scope: Scope) -> object:
    """`row["is_async"]` (`spec.operation`) of a row a call or a loop bound (`dict(name=...,
    is_async=False)`, `ToolSpec(name=..., operation="find")`): the constant it holds there."""
    located = scope.lookup(expr.value.id)  # type: ignore[attr-defined]
    if located is None:
        return _UNKNOWN
    if located[1] is not None:
        # (`Action.HOLD`: an enum's member is fixed; a def's own table may change as it runs)
        member = resolve(expr, scope).single() if isinstance(expr, ast.Attribute) else None
        if isinstance(member, Member):
            known, value = member_constant(member)
            return value if known else _UNKNOWN
        return _UNKNOWN
    found = resolve(expr, scope).single()
    if isinstance(found, Const) and _plain(found.value):
        return found.value
    return _UNKNOWN


def _name(expr: ast.Name, scope: Scope, depth: int) -> object:
    """A constant a call bound to a parameter, or a module-level name bound once to a literal
    (a def's own locals are not followed: their values depend on the path)."""
    name = expr.id
    located = scope.lookup(name)
    if located is None:
        return {"True": True, "False": False, "None": None}.get(name, _UNKNOWN)
    where, bindings = located
    if bindings is None:
        assert where.env is not None
        found = where.env[name].single()
        if isinstance(found, Member):
            known, value = member_constant(found, depth)
            return value if known else _UNKNOWN
        if isinstance(found, Const):
            if found.value is NON_EMPTY or isinstance(found.value, Sized):
                return NON_EMPTY
            if isinstance(found.value, Facts):
                return _UNKNOWN
            if type(found.value) is tuple and not found.value:
                return ()  # (`*args` or `**kwargs` a call leaves empty)
            if isinstance(found.value, KeywordNames):
                return found.value
            return found.value if _plain(found.value) else _UNKNOWN
        if isinstance(found, Literal):
            return _value(found.expr, found.scope, depth + 1)
        return _UNKNOWN
    if where.func is not None:
        # A local bound once, by a statement of the def's own body (no branch, no loop): where
        # it is read, it holds that value.
        if len(bindings) == 1:
            only = bindings[0]
            if (
                only.kind == "assign"
                and only.path == ()
                and not only.blocks
                and only.value is not None
            ):
                return _value(only.value, where, depth + 1)
        return _UNKNOWN
    live = where.live(name, bindings)
    if len(live) != 1:
        return _UNKNOWN
    binding = live[0]
    value = binding.value
    if (
        binding.kind in ("assign", "annotated")
        and binding.path == ()
        and isinstance(value, (ast.Constant, ast.Tuple, ast.List, ast.Set))
    ):
        return _value(value, where, depth + 1)
    if binding.kind == "import":
        found = resolve(expr, scope).single()
        if isinstance(found, Const):
            return found.value if _plain(found.value) else _UNKNOWN
    return _UNKNOWN


def _plain(value: object) -> bool:
    if isinstance(value, str):
        return len(value) <= _MAX_TEXT
    return value is None or isinstance(value, (bool, int, float))


def _bool_op(expr: ast.BoolOp, scope: Scope, depth: int) -> object:
    values = [_value(v, scope, depth + 1) for v in expr.values]
    if isinstance(expr.op, ast.And):
        # (an operand known falsy makes an `and` false whatever comes before it: `machine is
        # None and not required` where a call bound required=True)
        unknown = False
        for v in values:
            if v is _UNKNOWN:
                unknown = True
            elif not v:
                return False if unknown else v
        return _UNKNOWN if unknown else values[-1]
    for v in values:
        if v is _UNKNOWN:
            return _UNKNOWN  # (`args.get("a") or "list"`: which one is not known)
        if v:
            return v
    return values[-1]


def _compare(expr: ast.Compare, scope: Scope, depth: int) -> object:
    none_test = _none_test(expr, scope)
    if none_test is not None:
        return none_test
    left = _value(expr.left, scope, depth + 1)
    if left is _UNKNOWN or left is NON_EMPTY:
        return _UNKNOWN
    for op, comparator in zip(expr.ops, expr.comparators):
        right = _value(comparator, scope, depth + 1)
        if right is _UNKNOWN or right is NON_EMPTY:
            return _UNKNOWN
        try:
            if isinstance(op, ast.In):
                ok = left in right  # type: ignore[operator]
            elif isinstance(op, ast.NotIn):
                ok = left not in right  # type: ignore[operator]
            elif isinstance(op, ast.Eq):
                ok = left == right
            elif isinstance(op, ast.NotEq):
                ok = left != right
            elif isinstance(op, ast.Is):
                ok = (
                    left is right
                    if (left is None or right is None or isinstance(left, bool))
                    else left == right
                )
            elif isinstance(op, ast.IsNot):
                ok = (
                    left is not right
                    if (left is None or right is None or isinstance(left, bool))
                    else left != right
                )
            elif isinstance(op, ast.Lt):
                ok = left < right  # type: ignore[operator]
            elif isinstance(op, ast.LtE):
                ok = left <= right  # type: ignore[operator]
            elif isinstance(op, ast.Gt):
                ok = left > right  # type: ignore[operator]
            elif isinstance(op, ast.GtE):
                ok = left >= right  # type: ignore[operator]
            else:
                return _UNKNOWN
        except TypeError:
            return _UNKNOWN
        if not ok:
            return False
        left = right
    return True


def _none_test(expr: ast.Compare, scope: Scope) -> bool | None:
    """`x is None` / `x is not None` when every value `x` can hold is an object (an instance,
    a literal, a function): a module global that `register(ctx)` sets up, for one."""
    if len(expr.ops) != 1 or not isinstance(expr.ops[0], (ast.Is, ast.IsNot)):
        return None
    left, right = expr.left, expr.comparators[0]
    if isinstance(left, ast.Constant) and left.value is None:
        left, right = right, left
    if not (isinstance(right, ast.Constant) and right.value is None):
        return None
    if not isinstance(left, (ast.Name, ast.Attribute, ast.Call)):
        return None
    looked_up = _looked_up(left, scope)
    if looked_up is not None:
        return looked_up == isinstance(expr.ops[0], ast.IsNot)
    if isinstance(left, ast.Call):
        return None
    found = resolve(left, scope)
    if not found.complete or not found.items or not all(_object(o) for o in found.items):
        return None
    return isinstance(expr.ops[0], ast.IsNot)


def _looked_up(expr: ast.expr, scope: Scope) -> bool | None:
    """For `table.get(key)` (or a local bound once to it, at the top of its def), where
    `table` is a dict display of constant keys that no statement changes and `key` is a
    constant: True when it gives an object, False when it gives None (the key is not there
    and no default is given); None when that is not known."""
    call = expr
    if isinstance(expr, ast.Name):
        located = scope.lookup(expr.id)
        if located is None or located[1] is None or located[0].func is None:
            return None
        bindings = located[1]
        if len(bindings) != 1 or bindings[0].kind != "assign" or bindings[0].blocks:
            return None
        call = bindings[0].value  # type: ignore[assignment]
    if not (
        isinstance(call, ast.Call)
        and isinstance(call.func, ast.Attribute)
        and call.func.attr == "get"
        and 1 <= len(call.args) <= 2
        and not call.keywords
        and isinstance(call.func.value, ast.Name)
    ):
        return None
    table = call.func.value.id
    found = resolve(call.func.value, scope).single()
    if not isinstance(found, Literal) or not isinstance(found.expr, ast.Dict):
        return None
    if changes_name(found.scope.module, table):
        return None
    known, key = constant(call.args[0], scope)
    if not known:
        return None
    value: ast.expr | None = None
    for k, v in zip(found.expr.keys, found.expr.values):
        if k is None or not isinstance(k, ast.Constant):
            return None  # a spread or a computed key: the table is not known whole
        if k.value == key:
            value = v
    where = found.scope
    if value is None:
        if len(call.args) == 1:
            return False
        value, where = call.args[1], scope
    if isinstance(value, ast.Constant):
        return value.value is not None
    if isinstance(value, _OBJECT_LITERALS):
        return True
    possible = resolve(value, where)
    if possible.complete and possible.items and all(_object(o) for o in possible.items):
        return True
    return None


_OBJECT_LITERALS = (
    ast.Dict,
    ast.List,
    ast.Tuple,
    ast.Set,
    ast.JoinedStr,
    ast.DictComp,
    ast.ListComp,
    ast.SetComp,
    ast.Lambda,
)


def _object(obj: object) -> bool:
    """Whether a resolved value is surely not None."""
    if isinstance(obj, Const):
        return obj.value is not None
    if isinstance(obj, Literal):
        expr = obj.expr
        if (
            isinstance(expr, ast.Call)
            and isinstance(expr.func, ast.Name)
            and expr.func.id in _NEVER_NONE_BUILTINS
        ):
            return True  # `object()`, `dict()`: a builtin constructor's result
        return isinstance(expr, _OBJECT_LITERALS) or (
            isinstance(expr, ast.Constant) and expr.value is not None
        )
    if isinstance(obj, External):
        return is_client_instance(obj.dotted)  # `requests.Session()`
    return isinstance(obj, (Instance, Function, Class, ModuleObject))


_NEVER_NONE_BUILTINS = frozenset(
    {"object", "dict", "list", "set", "tuple", "frozenset", "str", "int", "float", "bytes"}
)


def _call(expr: ast.Call, scope: Scope, depth: int) -> object:
    func = expr.func
    if expr.keywords or any(isinstance(a, ast.Starred) for a in expr.args):
        return _UNKNOWN
    if last_name(func) == "iscoroutinefunction" and len(expr.args) == 1:
        # (`asyncio.iscoroutinefunction(fn)` of the one def `fn` is known to be)
        found = resolve(expr.args[0], scope).single()
        node = getattr(found, "node", None)
        if isinstance(found, Function) and isinstance(node, _DEFS):
            return isinstance(node, ast.AsyncFunctionDef)
        return _UNKNOWN
    if last_name(func) == "isclass" and len(expr.args) == 1:
        # (`inspect.isclass(abstract)` of the classes a call gave the parameter, or of its
        # functions and constants)
        given = resolve(expr.args[0], scope)
        if not given.complete or not given.items:
            return _UNKNOWN
        kinds = {isinstance(o, Class) for o in given.items}
        if len(kinds) != 1 or not all(isinstance(o, (Class, Function, Const)) for o in given.items):
            return _UNKNOWN
        return kinds.pop()
    if isinstance(func, ast.Attribute) and func.attr in _STR_METHODS:
        target = _value(func.value, scope, depth + 1)
        if not isinstance(target, str):
            return _UNKNOWN
        args = [_value(a, scope, depth + 1) for a in expr.args]
        if any(a is _UNKNOWN or not isinstance(a, (str, tuple, int)) for a in args):
            return _UNKNOWN
        try:
            result = getattr(target, func.attr)(*args)
        except (TypeError, ValueError):
            return _UNKNOWN
        return tuple(result) if isinstance(result, list) else result
    if isinstance(func, ast.Attribute) and func.attr in _MATCHERS and len(expr.args) == 1:
        # (`DICE.match("1d20")` of a constant pattern and a constant text: its answer)
        pattern = _pattern_text(func.value, scope)
        text = _value(expr.args[0], scope, depth + 1)
        if pattern is None or not isinstance(text, str) or not bounded_regex(pattern, text):
            return _UNKNOWN
        try:
            return getattr(re, func.attr)(pattern, text)
        except re.error:
            return _UNKNOWN
    if isinstance(func, ast.Attribute) and func.attr in ("group", "groups"):
        matched = _value(func.value, scope, depth + 1)
        args = [_value(a, scope, depth + 1) for a in expr.args]
        if not isinstance(matched, re.Match) or not all(isinstance(a, (int, str)) for a in args):
            return _UNKNOWN
        try:
            return getattr(matched, func.attr)(*args)
        except (IndexError, TypeError):
            return _UNKNOWN
    if isinstance(func, ast.Name) and len(expr.args) == 1:
        name = func.id
        if name not in ("len", "bool", "str", "int") or not is_builtin_name(name, scope):
            return _UNKNOWN
        if name == "len" and isinstance(expr.args[0], ast.Name):
            size = _size(expr.args[0], scope)
            if size is not None:
                return size
        arg = _value(expr.args[0], scope, depth + 1)
        if arg is _UNKNOWN or (arg is NON_EMPTY and name != "bool"):
            return _UNKNOWN
        try:
            if name == "len" and isinstance(arg, (str, tuple, frozenset)):
                return len(arg)
            if name == "bool":
                return bool(arg)
            if name == "str" and _plain(arg):
                return str(arg)
            if name == "int" and isinstance(arg, (str, int, bool)) and len(str(arg)) < 100:
                return int(arg)
        except (TypeError, ValueError):
            return _UNKNOWN
    return _UNKNOWN


_MATCHERS = frozenset({"match", "fullmatch", "search"})
# (a pattern is run on a constant text only when it cannot take long: short text, no
# repeated group, no back-reference, few unbounded repeats)
_REPEATED_GROUP = re.compile(r"\)[*+{]")
_BACK_REFERENCE = re.compile(r"\\[1-9]|\(\?P=")
_UNBOUNDED = re.compile(r"[*+]|\{\d*,\}")


def bounded_regex(pattern: str, text: str) -> bool:
    """Running `pattern` on `text` cannot take long (short text, no repeated group, no
    back-reference, few unbounded repeats): both are the code's own constants."""
    return (
        len(text) <= 24
        and len(pattern) <= 200
        and not _REPEATED_GROUP.search(pattern)
        and not _BACK_REFERENCE.search(pattern)
        and len(_UNBOUNDED.findall(pattern)) <= 6
    )


def _pattern_text(expr: ast.expr, scope: Scope) -> str | None:
    """The text of a pattern compiled once with no flags (`DICE = re.compile(r"...")` at
    module level, or in the class of `self.DICE`)."""
    value: ast.expr | None = None
    if isinstance(expr, ast.Name):
        found = assigned_value(expr.id, scope)
        value = found[0] if found is not None else None
    elif isinstance(expr, ast.Attribute):
        owner = resolve(expr.value, scope).single()
        cls = (
            owner.cls
            if isinstance(owner, Instance)
            else owner.ref
            if isinstance(owner, Class)
            else None
        )
        if cls is not None:
            for stmt in cls.node.body:
                if (
                    isinstance(stmt, ast.Assign)
                    and len(stmt.targets) == 1
                    and is_name(stmt.targets[0], expr.attr)
                ):
                    value = stmt.value
    if (
        isinstance(value, ast.Call)
        and last_name(value.func) == "compile"
        and len(value.args) == 1
        and not value.keywords
        and isinstance(value.args[0], ast.Constant)
        and isinstance(value.args[0].value, str)
    ):
        return value.args[0].value
    return None


_EXITS = (ast.Return, ast.Raise)
_EXIT_TESTS_ATTR = "_hermes_dev_exit_tests"
# (more constants than this are not told apart: a table that large is not a branch's test)
MAX_MEMBERS = 16

# name -> (what the test found: None for "empty", else the table it is not in; the test's last
# line; the first and last line of what follows it in its block)
_ExitTests = dict[str, list[tuple[ast.expr | None, int, int, int]]]
# name -> (a test of it, its answer after the exit test; the same three lines)
_Answered = dict[str, list[tuple[ast.expr, bool, int, int, int]]]


def non_empty_at(name: str, call: ast.Call, scope: Scope) -> bool:
    """The local `name` is tested not empty before `call` in its def (`if not values: return
    ...`, in the same block or one around the call), and never bound again after the test."""
    return any(table is None for table in _exit_tests_at(name, call, scope))


def members_at(name: str, call: ast.Call, scope: Scope) -> tuple[object, ...] | None:
    """The constants the local `name` is one of where `call` is: `if cycle not in CYCLES:
    return ...` before it, CYCLES a table of at most MAX_MEMBERS constants (a tuple, list or
    set, or a dict's keys, written out at module level)."""
    for table in _exit_tests_at(name, call, scope):
        if table is None:
            continue
        members = _members(table, scope)
        if members is not None:
            return members
    made = _made_by_call(name, call, scope)
    return returned_members(made, scope) if made is not None else None


def _made_by_call(name: str, call: ast.Call, scope: Scope) -> ast.Call | None:
    """The call whose result the local `name` holds where `call` is: its one binding in the
    def, `name = helper(...)`, before `call`."""
    func = scope.func
    line = getattr(call, "lineno", None)
    if func is None or isinstance(func, ast.Lambda) or line is None:
        return None
    if name in {a.arg for a in (*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs)}:
        return None
    found: ast.Call | None = None
    for sub in walk_function(func):
        if isinstance(sub, (ast.Global, ast.Nonlocal)) and name in sub.names:
            return None
        if not (isinstance(sub, ast.Name) and sub.id == name and not isinstance(sub.ctx, ast.Load)):
            continue
        if found is not None:
            return None
        found = _assigned_call(func, sub)
        if found is None or sub.lineno >= line:
            return None
    return found


def _assigned_call(
    func: ast.FunctionDef | ast.AsyncFunctionDef, target: ast.Name
) -> ast.Call | None:
    for sub in walk_function(func):
        if (
            isinstance(sub, ast.Assign)
            and len(sub.targets) == 1
            and sub.targets[0] is target
            and isinstance(sub.value, ast.Call)
        ):
            return sub.value
    return None


def returned_members(call: ast.Call, scope: Scope) -> tuple[object, ...] | None:
    """The constants a helper's call returns one of: each of its returns gives a constant, a
    parameter the call binds to one, or a value an `if value not in choices: raise` before it
    tested against a parameter the call binds to a table of constants (`optional_choice(args,
    "method", METHODS, "ciede2000")`)."""
    found = resolve(call.func, scope).single()
    if not isinstance(found, Function) or isinstance(found.node, ast.Lambda):
        return None
    node = found.node
    if not node.body or not isinstance(node.body[-1], (ast.Return, ast.Raise)):
        return None  # (falling off the end returns None)
    given = call_arguments(call, found)
    params = {a.arg for a in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)}
    stored = {
        sub.id
        for sub in walk_function(node)
        if isinstance(sub, ast.Name) and not isinstance(sub.ctx, ast.Load)
    }
    tests = _exit_tests_of(node)[0]
    inside = returned_if_in(node)
    members: set[object] = set()
    for sub in walk_function(node):
        if isinstance(sub, ast.Yield | ast.YieldFrom | ast.Await):
            return None
        if not isinstance(sub, ast.Return):
            continue
        value = sub.value
        if value is None or isinstance(value, ast.Constant):
            got: tuple[object, ...] | None = (None if value is None else value.value,)
        elif id(sub) in inside:
            # (`if v.strip().lower() in ENSEMBLES: return v.strip().lower()`)
            held = inside[id(sub)]
            if isinstance(held, ast.Name) and held.id in params:
                if held.id in stored or held.id not in given:
                    return None
                got = _members(given[held.id], scope)
            else:
                got = _members(held, found.scope)
        elif not isinstance(value, ast.Name):
            return None
        elif value.id in params and value.id not in stored and value.id in given:
            known, one = constant(given[value.id], scope)
            got = (one,) if known else None
        else:
            got = None
            for table, _tested, first, last in tests.get(value.id, ()):
                if (
                    first <= sub.lineno <= last
                    and isinstance(table, ast.Name)
                    and table.id in params
                    and table.id not in stored
                    and table.id in given
                ):
                    got = _members(given[table.id], scope)
                    if got is not None:
                        break
        if got is None or not all(_plain(v) for v in got):
            return None
        members.update(got)
    if not members or len(members) > MAX_MEMBERS:
        return None
    return tuple(sorted(members, key=repr))


def returned_if_in(
    node: ast.FunctionDef | ast.AsyncFunctionDef,
) -> dict[int, ast.expr]:
    """ids of the returns that give, first thing in an `if`'s body, what the `if` tested to be
    `in` a table (`if key.strip() in T: return key.strip()`), each with that table."""
    found: dict[int, ast.expr] = {}
    for sub in walk_function(node):
        if not isinstance(sub, ast.If) or not sub.body or not isinstance(sub.body[0], ast.Return):
            continue
        returned = sub.body[0].value
        if returned is None:
            continue
        test = sub.test
        parts = (
            test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) else [test]
        )
        shown = ast.dump(returned)
        for part in parts:
            if (
                isinstance(part, ast.Compare)
                and len(part.ops) == 1
                and isinstance(part.ops[0], ast.In)
                and ast.dump(part.left) == shown
            ):
                found[id(sub.body[0])] = part.comparators[0]
    return found


def _members(table: ast.expr, scope: Scope) -> tuple[object, ...] | None:
    known, value = constant(table, scope)
    if not known and isinstance(table, (ast.Name, ast.Attribute)):
        # (a table imported from a sibling module, or a dict whose keys are the members)
        found = resolve(table, scope).single()
        if not isinstance(found, Literal) or _changed(found, table):
            return None
        if isinstance(found.expr, ast.Dict):
            keys = found.expr.keys
            if all(isinstance(k, ast.Constant) for k in keys):
                known, value = True, tuple(k.value for k in keys)  # type: ignore[union-attr]
        elif isinstance(found.expr, (ast.Tuple, ast.List, ast.Set)):
            value = _value(found.expr, found.scope, 1)
            known = value is not _UNKNOWN
    if not known or not isinstance(value, (tuple, frozenset)) or not value:
        return None
    if len(value) > MAX_MEMBERS or not all(_plain(v) for v in value):
        return None
    return tuple(sorted(set(value), key=repr))


def _changed(found: Literal, table: ast.Name | ast.Attribute) -> bool:
    """The module that writes the table changes it somewhere (`TABLE[k] = ...`, `.append`)."""
    name = table.id if isinstance(table, ast.Name) else table.attr
    return changes_name(found.scope.module, name)


def _exit_tests_at(name: str, call: ast.Call, scope: Scope) -> list[ast.expr | None]:
    func = scope.func
    if func is None or isinstance(func, ast.Lambda):
        return []
    line = getattr(call, "lineno", None)  # (a call made up for a deferred one may have none)
    if line is None:
        return []
    tests = _exit_tests_of(func)[0]
    return [
        table
        for table, tested, first, last in tests.get(name, ())
        if first <= line <= last and tested < line
    ]


def _exit_tests_of(func: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[_ExitTests, _Answered]:
    found: tuple[_ExitTests, _Answered] | None = func.__dict__.get(_EXIT_TESTS_ATTR)
    if found is None:
        found = _exit_tests(func)
        setattr(func, _EXIT_TESTS_ATTR, found)
    return found


def _answered_at(name: str, call: ast.Call, scope: Scope) -> list[tuple[ast.expr, bool]]:
    func = scope.func
    line = getattr(call, "lineno", None)
    if func is None or isinstance(func, ast.Lambda) or line is None:
        return []
    return [
        (test, answer)
        for test, answer, tested, first, last in _exit_tests_of(func)[1].get(name, ())
        if first <= line <= last and tested < line
    ]


def _exit_tests(func: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[_ExitTests, _Answered]:
    """For each `if not name: return/raise` (or `if name not in TABLE: ...`) whose name no
    statement binds after it: where what follows it in its block starts and ends."""
    found: _ExitTests = {}
    answered: _Answered = {}
    stores: dict[str, int] = {}
    blocks: list[list[ast.stmt]] = [func.body]
    for sub in walk_function(func):
        if isinstance(sub, ast.Name):
            if not isinstance(sub.ctx, ast.Load):
                stores[sub.id] = max(stores.get(sub.id, 0), sub.lineno)
            continue
        if not isinstance(sub, ast.stmt):
            continue
        for field in ("body", "orelse", "finalbody"):
            block = getattr(sub, field, None)
            if (
                isinstance(block, list)
                and block
                and isinstance(block[0], ast.stmt)
                and sub is not func
            ):
                blocks.append(block)
        if isinstance(sub, ast.Try):
            blocks.extend(h.body for h in sub.handlers)
    for block in blocks:
        for at, stmt in enumerate(block[:-1]):
            if not (
                isinstance(stmt, ast.If) and not stmt.orelse and isinstance(stmt.body[-1], _EXITS)
            ):
                continue
            end = stmt.end_lineno or stmt.lineno
            span = (end, block[at + 1].lineno, block[-1].end_lineno or block[-1].lineno)
            for tested, table in _ruled_out(stmt.test):
                if stores.get(tested, 0) <= end:
                    found.setdefault(tested, []).append((table, *span))
            for tested, test, answer in _answers(stmt.test):
                if stores.get(tested, 0) <= end:
                    answered.setdefault(tested, []).append((test, answer, *span))
    return found, answered


def _answers(test: ast.expr) -> list[tuple[str, ast.expr, bool]]:
    """(name, test, answer) for each test of one name that a test which exits when true
    leaves answered after it: `not X` leaves X true, X (a call or comparison) false; either
    side of an `or` is false."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or):
        return [found for value in test.values for found in _answers(value)]
    answer = False
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test, answer = test.operand, True
    if not isinstance(test, (ast.Call, ast.Compare, ast.Name, ast.Attribute)):
        return []
    tested = _tested_name(test)
    return [(tested, test, answer)] if tested is not None else []


def _ruled_out(test: ast.expr) -> list[tuple[str, ast.expr | None]]:
    """What a test that exits when true rules out after it: (name, None) for an empty value
    (`not x`, `len(x) == 0`, `len(x) < 1`), (name, TABLE) for `x not in TABLE`; either side
    of an `or`."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or):
        return [found for value in test.values for found in _ruled_out(value)]
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return [(test.operand.id, None)] if isinstance(test.operand, ast.Name) else []
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return []
    op, right = test.ops[0], test.comparators[0]
    if isinstance(op, ast.NotIn) and isinstance(test.left, ast.Name):
        return [(test.left.id, right)]
    if (
        isinstance(test.left, ast.Call)
        and isinstance(test.left.func, ast.Name)
        and test.left.func.id == "len"
        and len(test.left.args) == 1
        and isinstance(test.left.args[0], ast.Name)
        and isinstance(right, ast.Constant)
        and (
            (isinstance(op, ast.Eq) and right.value == 0)
            or (isinstance(op, ast.Lt) and right.value == 1)
        )
    ):
        return [(test.left.args[0].id, None)]
    return []


_FACTS_KEY = "branch-facts"
# (the env key of what a method's caller saw answered of its receiver: `if not
# mgr.active: return` before `mgr.next_turn()` answers `self.active` there; a key apart
# from `self`, which the receiver itself is bound to)
RECEIVER_FACTS = "<facts>"
_NO_FACTS: dict[str, frozenset[tuple[str, bool]]] = {}
# (calls a test may make besides the tested value's methods: the same in caller and callee)
_NEUTRAL = frozenset({"len", "isinstance", "str", "int", "float", "bool", "list", "dict", "tuple"})


def _facts_in(scope: Scope) -> dict[str, frozenset[tuple[str, bool]]]:
    """The parameters a call bound to Facts, in this scope and those around it."""
    if not scope.env_key():
        return _NO_FACTS  # (nothing bound by a call: most scopes)
    cache = scope.cache()
    cached = cache.get(_FACTS_KEY)
    if isinstance(cached, dict):
        return cached
    found: dict[str, frozenset[tuple[str, bool]]] = {}
    where: Scope | None = scope
    while where is not None:
        for name, possible in (where.env or {}).items():
            only = possible.single()
            if isinstance(only, Const) and isinstance(only.value, Facts):
                found.setdefault(name.removeprefix(RECEIVER_FACTS), only.value.known)
        where = where.parent
    cache[_FACTS_KEY] = found
    return found


def _fact(expr: ast.expr, facts: dict[str, frozenset[tuple[str, bool]]]) -> bool | None:
    tested = _tested_name(expr)
    if tested is None or tested not in facts:
        return None
    written = _written(expr, tested)
    known = facts[tested]
    if (written, True) in known:
        return True
    if (written, False) in known:
        return False
    return None


def _tested_name(expr: ast.expr) -> str | None:
    """The one name a test reads (besides neutral builtins), or None."""
    names = {n.id for n in ast.walk(expr) if isinstance(n, ast.Name) and n.id not in _NEUTRAL}
    return names.pop() if len(names) == 1 else None


def _written(expr: ast.expr, name: str) -> str:
    """The test as ast.dump, with `name` written as _PLACEHOLDER."""
    return ast.dump(expr).replace(f"Name(id={name!r}, ctx=Load())", _PLACEHOLDER)


def facts_at(name: str, call: ast.Call, scope: Scope) -> Facts | None:
    """What tests `name` passed before `call` (each exit test's answer on the way on):
    `if not s.startswith("978"): return ...` leaves `s.startswith("978")` True."""
    found: set[tuple[str, bool]] = set()
    for test, answer in _answered_at(name, call, scope):
        found.add((_written(test, name), answer))
    if found and non_empty_at(name, call, scope):
        found.add((_written(ast.Name(id=name, ctx=ast.Load()), name), True))
    return Facts(frozenset(found)) if found else None


def class_facts(
    call: ast.Call,
    scope: Scope,
    callee: ast.FunctionDef | ast.AsyncFunctionDef,
    callee_scope: Scope,
) -> dict[str, Facts]:
    """For each name the callee's own tests read that is a project class (`if
    ServiceLocator._instance is not None: raise`), what the caller saw answered of the same
    class where `call` is (`if cls._instance is None: ServiceLocator()`, written with the
    callee's name): the double-checked singleton's constructor never raises there."""
    func = scope.func
    line = getattr(call, "lineno", None)
    if func is None or isinstance(func, ast.Lambda) or line is None:
        return {}
    tests = _attribute_tests(callee)
    if not tests:
        return {}  # (most defs test no attribute of a name of the module: asked once per def)
    # (what a name of the module is does not depend on the call: asked once per def)
    classes: dict[str, int | None] = callee.__dict__.setdefault(_TESTED_CLASSES_ATTR, {})
    asked: dict[str, tuple[int, frozenset[str]]] = {}
    for tested, callee_tests in tests.items():
        if tested not in classes:
            held = resolve(ast.Name(tested, ast.Load()), callee_scope).single()
            classes[tested] = id(held.ref.node) if isinstance(held, Class) else None
        node_id = classes[tested]
        if node_id is not None:
            asked[tested] = (node_id, callee_tests)
    if not asked:
        return {}
    seen: list[tuple[ast.expr, bool]] = list(_enclosing_tests(func.body, call))
    for entries in _exit_tests_of(func)[1].values():
        seen.extend(
            (t, a)
            for t, a, tested, first, last in entries
            if first <= line <= last and tested < line
        )
    found: dict[str, set[tuple[str, bool]]] = {}
    for test, answer in _atoms(seen):
        name = _tested_name(test)
        if name is None:
            continue
        # (`cls` of a classmethod: the class, or one made from it that shares its attribute)
        made = {
            id(o.ref.node)
            for o in resolve(ast.Name(name, ast.Load()), scope).items
            if isinstance(o, Class)
        }
        if len(made) != 1:
            continue
        for callee_name, (node_id, callee_tests) in asked.items():
            if node_id not in made:
                continue
            for written, truth in _with_flipped(_written(test, name), test, answer):
                if written in callee_tests:
                    found.setdefault(callee_name, set()).add((written, truth))
    return {name: Facts(frozenset(known)) for name, known in found.items()}


_ATTRIBUTE_TESTS_ATTR = "_hermes_dev_attribute_tests"
_TESTED_CLASSES_ATTR = "_hermes_dev_tested_classes"


def _attribute_tests(func: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, frozenset[str]]:
    """name -> the def's tests of an attribute of that name (`Locator._instance is not
    None`), the name being no parameter of the def (memoised)."""
    cached: dict[str, frozenset[str]] | None = func.__dict__.get(_ATTRIBUTE_TESTS_ATTR)
    if cached is not None:
        return cached
    a = func.args
    params = {p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)}
    found: dict[str, set[str]] = {}
    for part in leaf_tests(tests_of(walk_function(func))):
        if not isinstance(part, (ast.Compare, ast.Attribute)):
            continue
        tested = _tested_name(part)
        if tested is None or tested in params:
            continue
        if not any(
            isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == tested
            for n in ast.walk(part)
        ):
            continue
        found.setdefault(tested, set()).add(_written(part, tested))
    result = {name: frozenset(tests) for name, tests in found.items()}
    setattr(func, _ATTRIBUTE_TESTS_ATTR, result)
    return result


def _enclosing_tests(body: list[ast.stmt], call: ast.AST) -> list[tuple[ast.expr, bool]]:
    """The tests of the `if`s (and `while`s) `call` sits in, each with the branch it is in."""
    for stmt in body:
        if not (stmt.lineno <= getattr(call, "lineno", 0) <= (stmt.end_lineno or stmt.lineno)):
            continue
        if isinstance(stmt, (ast.If, ast.While)):
            if _holds(stmt.body, call):
                return [(stmt.test, True), *_enclosing_tests(stmt.body, call)]
            if isinstance(stmt, ast.If) and _holds(stmt.orelse, call):
                return [(stmt.test, False), *_enclosing_tests(stmt.orelse, call)]
            return []
        for block in blocks_of(stmt):
            if _holds(block, call):
                return _enclosing_tests(block, call)
        return []
    return []


def _holds(block: list[ast.stmt], node: ast.AST) -> bool:
    line = getattr(node, "lineno", 0)
    return any(s.lineno <= line <= (s.end_lineno or s.lineno) for s in block)


def _atoms(tests: list[tuple[ast.expr, bool]]) -> list[tuple[ast.expr, bool]]:
    """`not x` answered True is `x` answered False; `a and b` answered True is each true
    (`a or b` answered False, each false)."""
    out: list[tuple[ast.expr, bool]] = []
    stack = list(tests)
    while stack:
        test, answer = stack.pop()
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            stack.append((test.operand, not answer))
        elif isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) is answer:
            stack.extend((value, answer) for value in test.values)
        else:
            out.append((test, answer))
    return out


_FLIPPED = {ast.Is: ast.IsNot, ast.IsNot: ast.Is, ast.Eq: ast.NotEq, ast.NotEq: ast.Eq}


def _with_flipped(written: str, test: ast.expr, answer: bool) -> list[tuple[str, bool]]:
    """The answered test, and its negated comparison with the negated answer (`x is None`
    True: `x is not None` False)."""
    out = [(written, answer)]
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and type(test.ops[0]) in _FLIPPED:
        flipped = ast.Compare(
            left=test.left, ops=[_FLIPPED[type(test.ops[0])]()], comparators=test.comparators
        )
        name = _tested_name(test)
        if name is not None:
            out.append((_written(flipped, name), not answer))
    return out


_TESTS_ATTR = "_hermes_dev_param_tests"


def parameter_tests(node: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, frozenset[str]]:
    """param -> the tests of it the def makes itself (written as `_written` writes them, the
    parts of `and`/`or` and the operands of `not` each): what a caller's Facts can answer
    (memoised). Comparisons with a constant count under "==" too (what members decide)."""
    cached: dict[str, frozenset[str]] | None = node.__dict__.get(_TESTS_ATTR)
    if cached is not None:
        return cached
    a = node.args
    params = {p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)}
    found: dict[str, set[str]] = {}
    parts: list[ast.expr] = []
    for sub in walk_function(node):
        if isinstance(sub, (ast.If, ast.While, ast.IfExp, ast.Assert)):
            parts.append(sub.test)
    while parts:
        part = parts.pop()
        if isinstance(part, ast.BoolOp):
            parts.extend(part.values)
            continue
        if isinstance(part, ast.UnaryOp) and isinstance(part.op, ast.Not):
            parts.append(part.operand)
            continue
        if not isinstance(part, (ast.Call, ast.Compare, ast.Name, ast.Attribute)):
            continue
        tested = _tested_name(part)
        if tested not in params:
            continue
        written = found.setdefault(tested, set())
        written.add(_written(part, tested))
        if isinstance(part, ast.Compare) and any(
            isinstance(op, (ast.Eq, ast.NotEq, ast.In, ast.NotIn)) for op in part.ops
        ):
            written.add("==")
    result = {name: frozenset(tests) for name, tests in found.items()}
    setattr(node, _TESTS_ATTR, result)
    return result


def answered_tests(facts: Facts, asked: frozenset[str]) -> Facts | None:
    """Of `facts`, those the callee asks (`parameter_tests`), or None when it asks none."""
    kept = frozenset(fact for fact in facts.known if fact[0] in asked)
    return Facts(kept) if kept else None


def truthiness_asked(asked: frozenset[str], name: str = "x") -> bool:
    """The callee tests the bare value (`if not values:`)."""
    return _written(ast.Name(id=name, ctx=ast.Load()), name) in asked
