"""Type checks of a def's own parameters, and where a call's arguments come from.

A `raise ValueError/TypeError` whose only guard checks the type of the def's parameters
(`if not isinstance(url, str) or not url: raise ValueError(...)`) asserts what its callers
pass: it fires when a caller hands it the wrong thing. That is likely when the value comes
from the model's arguments (the handler's parameters, passed on) and a programming error
when the caller built the value itself (a record it stored, a constant). So the escape
summaries keep such a raise with the parameters it checks (`guarded_raises`), and each call
site decides from its arguments (`origin`): a value the caller built itself drops it, a
parameter passed on as it is hands the question to the next caller, anything else keeps it.

- `guarded_raises(node)`: id of each such `raise` -> the parameters its guard checks (also a
  guard that compares them with constants only: `if not 0 <= grade <= 5: raise ValueError`).
- `origin(expr, node)`: INTERNAL, TAINTED, or the name of the def's parameter `expr` is.
- `assigned_values(name, node)`: what a def assigns to a local (None where a binding has no
  value to read).
"""

from __future__ import annotations

import ast

from hermes_dev.pyast.semantic.walker import walk_function

TYPE_CHECKING = False
if TYPE_CHECKING:
    FuncNode = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda

INTERNAL = "<internal>"
TAINTED = "<tainted>"
_RECEIVERS = ("self", "cls")
_CONVERSIONS = frozenset({"str", "int", "float", "bool", "len", "list", "dict", "tuple", "repr"})
_MAX_DEPTH = 6


def parameters(node: FuncNode) -> list[str]:
    """The parameters a caller fills, without `self`/`cls`."""
    a = node.args
    names = [p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)]
    return [n for n in names if n not in _RECEIVERS]


def guarded_raises(node: FuncNode) -> dict[int, frozenset[str]]:
    """`if <type check of parameters>: raise ...` (the `if` holds the raise alone)."""
    if isinstance(node, ast.Lambda):
        return {}
    params = set(parameters(node))
    found: dict[int, frozenset[str]] = {}
    for sub in walk_function(node):
        if not isinstance(sub, ast.If) or sub.orelse or len(sub.body) != 1:
            continue
        raise_ = sub.body[0]
        if not isinstance(raise_, ast.Raise):
            continue
        checked: set[str] = set()
        if _type_check(sub.test, params, checked) and checked:
            found[id(raise_)] = frozenset(checked | _required_classes(sub.test, params))
            continue
        checked = set()
        if _range_check(sub.test, params, checked) and checked:
            found[id(raise_)] = frozenset(checked)
    return found


def _range_check(test: ast.expr, params: set[str], checked: set[str]) -> bool:
    """Whether `test` only compares parameters with constants (`not 0 <= grade <= 5`,
    `n < 1 or n > 100`): it asserts the range its callers pass."""
    if isinstance(test, ast.BoolOp):
        return all(_range_check(v, params, checked) for v in test.values)
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _range_check(test.operand, params, checked)
    if not isinstance(test, ast.Compare) or not all(
        isinstance(op, (ast.Lt, ast.LtE, ast.Gt, ast.GtE)) for op in test.ops
    ):
        return False
    names = [e.id for e in (test.left, *test.comparators) if isinstance(e, ast.Name)]
    constants = [
        e
        for e in (test.left, *test.comparators)
        if isinstance(e, ast.Constant)
        or (isinstance(e, ast.UnaryOp) and isinstance(e.operand, ast.Constant))
    ]
    if not names or len(names) + len(constants) != len(test.ops) + 1:
        return False
    if not all(n in params for n in names):
        return False
    checked.update(names)
    return True


def _required_classes(test: ast.expr, params: set[str]) -> set[str]:
    """`p:int,float` for each parameter the test turns away unless it is an instance of those
    builtin classes (`if not isinstance(cents, int): raise`; an `or` of such tests): what a
    caller's `int(...)` satisfies, whatever its argument."""
    parts = test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or) else [test]
    found: dict[str, set[str]] = {}
    for part in parts:
        if not (isinstance(part, ast.UnaryOp) and isinstance(part.op, ast.Not)):
            return set()
        call = part.operand
        if not (
            isinstance(call, ast.Call)
            and isinstance(call.func, ast.Name)
            and call.func.id == "isinstance"
            and len(call.args) == 2
            and isinstance(call.args[0], ast.Name)
            and call.args[0].id in params
        ):
            return set()
        kinds = call.args[1]
        names = kinds.elts if isinstance(kinds, ast.Tuple) else [kinds]
        if not all(isinstance(n, ast.Name) and n.id in _BUILTIN_RESULTS for n in names):
            return set()
        classes = {n.id for n in names}  # type: ignore[attr-defined]
        param = call.args[0].id
        found[param] = found[param] & classes if param in found else classes
    return {f"{param}:{','.join(sorted(classes))}" for param, classes in found.items()}


# Builtins whose call always makes an instance of one class (`int(...)` an int, or raises).
_BUILTIN_RESULTS = {
    "int": "int",
    "float": "float",
    "str": "str",
    "repr": "str",
    "bool": "bool",
    "len": "int",
    "list": "list",
    "dict": "dict",
    "tuple": "tuple",
    "set": "set",
    "frozenset": "frozenset",
    "bytes": "bytes",
}


def satisfies(expr: ast.Call, required: str) -> bool:
    """`expr`, a call of a builtin, makes an instance of one of `required`'s classes
    (`int(...)` for `int,float`; a bool is an int too)."""
    if not isinstance(expr.func, ast.Name) or expr.func.id not in _BUILTIN_RESULTS:
        return False
    made = _BUILTIN_RESULTS[expr.func.id]
    classes = set(required.split(","))
    return made in classes or (made == "bool" and "int" in classes)


def _type_check(test: ast.expr, params: set[str], checked: set[str]) -> bool:
    """Whether `test` only checks parameters (truth, None, length, type), `isinstance` at least
    once; `checked` gets the parameters it names."""
    seen_isinstance = [False]

    def atom(expr: ast.expr) -> bool:
        if isinstance(expr, ast.BoolOp):
            return all(atom(v) for v in expr.values)
        if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.Not):
            return atom(expr.operand)
        if isinstance(expr, ast.Name):
            if expr.id in params:
                checked.add(expr.id)
                return True
            return False
        if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name):
            if expr.func.id == "isinstance" and len(expr.args) == 2 and not expr.keywords:
                first = expr.args[0]
                if isinstance(first, ast.Name) and first.id in params:
                    checked.add(first.id)
                    seen_isinstance[0] = True
                    return True
                return False
            if expr.func.id == "len" and len(expr.args) == 1:
                return atom(expr.args[0])
            return False
        if isinstance(expr, ast.Compare) and len(expr.ops) == 1:
            right = expr.comparators[0]
            return atom(expr.left) and isinstance(right, ast.Constant)
        return False

    return atom(test) and seen_isinstance[0]


def origin(expr: ast.expr, node: FuncNode, depth: int = 0) -> str:
    """Where a call's argument comes from, in the def `node` that makes the call: INTERNAL
    (built there: constants, `self`'s state, what a method of a local object returns), a
    parameter's name (the parameter itself, passed on), or TAINTED (derived from a parameter,
    or not known)."""
    if depth > _MAX_DEPTH:
        return TAINTED
    params = set(parameters(node))
    if isinstance(expr, ast.Name) and expr.id in params:
        return expr.id
    return INTERNAL if _internal(expr, node, params, depth) else TAINTED


def root_parameter(expr: ast.expr, node: FuncNode, depth: int = 0) -> str | None:
    """The parameter of `node` that `expr` is a part of: read through subscripts, attributes
    and a loop's or comprehension's item (`rows[-1]["ts"]`, `r["ts"]` of `for r in rows`)."""
    if depth > _MAX_DEPTH:
        return None
    while isinstance(expr, (ast.Subscript, ast.Attribute)):
        expr = expr.value
    if not isinstance(expr, ast.Name):
        return None
    params = set(parameters(node))
    if expr.id in params:
        return expr.id
    found: str | None = None
    for sub in walk_function(node):
        loops: list[tuple[ast.expr, ast.expr]] = []
        if isinstance(sub, (ast.For, ast.AsyncFor, ast.comprehension)):
            loops.append((sub.target, sub.iter))
        elif isinstance(sub, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.NamedExpr)):
            targets = sub.targets if isinstance(sub, ast.Assign) else [sub.target]
            if any(isinstance(t, ast.Name) and t.id == expr.id for t in targets):
                return None  # (bound otherwise too)
        for target, iterated in loops:
            if isinstance(target, ast.Name) and target.id == expr.id:
                root = root_parameter(iterated, node, depth + 1)
                if root is None or (found is not None and found != root):
                    return None
                found = root
    return found


def _internal(expr: ast.expr, node: FuncNode, params: set[str], depth: int) -> bool:
    if depth > _MAX_DEPTH:
        return False
    if isinstance(expr, ast.Constant):
        return True
    if isinstance(expr, ast.Await):
        return _internal(expr.value, node, params, depth + 1)
    if isinstance(expr, ast.Name):
        if expr.id in params:
            return False
        if expr.id in _RECEIVERS:
            return True
        values = assigned_values(expr.id, node)
        if values is None:
            return True  # not a local: a module-level name, an import, a builtin
        return all(v is not None and _internal(v, node, params, depth + 1) for v in values)
    if isinstance(expr, (ast.Attribute, ast.Subscript)):
        return _internal(expr.value, node, params, depth + 1)
    if isinstance(expr, ast.Call):
        func = expr.func
        if isinstance(func, ast.Attribute):
            # `obj.lookup(key)`: what the object holds, found by the key
            return _internal(func.value, node, params, depth + 1)
        if isinstance(func, ast.Name) and func.id not in _CONVERSIONS:
            return all(_internal(a, node, params, depth + 1) for a in expr.args) and all(
                _internal(k.value, node, params, depth + 1) for k in expr.keywords
            )
        return all(_internal(a, node, params, depth + 1) for a in expr.args)
    if isinstance(expr, (ast.BoolOp, ast.BinOp, ast.IfExp, ast.Compare, ast.UnaryOp)):
        return all(
            _internal(child, node, params, depth + 1)
            for child in ast.iter_child_nodes(expr)
            if isinstance(child, ast.expr)
        )
    if isinstance(expr, ast.JoinedStr):
        return all(
            _internal(v.value, node, params, depth + 1)
            for v in expr.values
            if isinstance(v, ast.FormattedValue)
        )
    return False


def assigned_values(name: str, node: FuncNode) -> list[ast.expr | None] | None:
    """The values a def assigns to local `name` (None for a binding without one: a loop
    target, `with ... as`, `+=`); None when the def does not bind it."""
    values: list[ast.expr | None] = []
    bound = False
    for sub in walk_function(node):
        if isinstance(sub, ast.Assign):
            for target in sub.targets:
                if isinstance(target, ast.Name) and target.id == name:
                    values.append(sub.value)
                    bound = True
                elif any(isinstance(t, ast.Name) and t.id == name for t in ast.walk(target)):
                    values.append(None)
                    bound = True
        elif isinstance(sub, (ast.AnnAssign, ast.AugAssign, ast.NamedExpr)):
            target = sub.target
            if isinstance(target, ast.Name) and target.id == name:
                value = sub.value if not isinstance(sub, ast.AugAssign) else None
                values.append(value)
                bound = True
        elif isinstance(sub, (ast.For, ast.AsyncFor, ast.With, ast.AsyncWith, ast.comprehension)):
            targets = (
                [sub.target]
                if not isinstance(sub, (ast.With, ast.AsyncWith))
                else [i.optional_vars for i in sub.items if i.optional_vars is not None]
            )
            if any(
                isinstance(t, ast.Name) and t.id == name for tgt in targets for t in ast.walk(tgt)
            ):
                values.append(None)
                bound = True
        elif isinstance(sub, (ast.Import, ast.ImportFrom)) and any(
            (a.asname or a.name).split(".")[0] == name for a in sub.names
        ):
            return None
    return values if bound else None
