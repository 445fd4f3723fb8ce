"""Is a returned value a JSON string? Inferred conservatively from the ast.

`infer(expr, scope)` gives a `Verdict`: JSON (surely a JSON string), NOT_JSON (surely not one,
with a reason and the node that shows it) or UNKNOWN. JSON: `json.dumps(...)`, `tool_error(...)` /
`tool_result(...)` from `tools.registry`, a string constant that parses as JSON, a local
variable every assignment of which is JSON, a conditional whose branches are JSON, a call to a
function (same module or a resolved import) every return of which is JSON. NOT_JSON: literals of
other types, None, `orjson.dumps` (bytes), strings and f-strings that start like prose, JSON with
text concatenated, a call to a function every return of which is not JSON. Everything else is
UNKNOWN and never reported.

`return_verdicts(func)` lists a function's exits (each `return`, and falling off the end when
that can happen) with their verdicts; `summary(func)` folds them (memoised; recursion: UNKNOWN).

Imports `model`, the function scope (`scope`) and whether a block can end (`flow`).
"""

from __future__ import annotations

import ast

from hermes_dev.pyast.flow import falloff_node, never_returns_call, terminates
from hermes_dev.pyast.model import Func
from hermes_dev.pyast.scope import Scope
from hermes_dev.pyast.walk import walk_function

JSON = "json"
NOT_JSON = "not-json"
UNKNOWN = "unknown"
# Start characters of a JSON text; a string starting otherwise is prose.
_JSON_START = '{["-0123456789tfn'
_MAX_DEPTH = 12


class Verdict:
    __slots__ = ("kind", "node", "reason")

    def __init__(self, kind: str, reason: str = "", node: ast.AST | None = None) -> None:
        self.kind = kind
        self.reason = reason  # for NOT_JSON: what the value is ("a dict", "None" ...)
        self.node = node  # for NOT_JSON: where that shows

    def __repr__(self) -> str:
        return f"Verdict({self.kind}, {self.reason!r})"


_JSON_V = Verdict(JSON)
_UNKNOWN_V = Verdict(UNKNOWN)


class Exit:
    """One way out of a function: a `return` (node is the Return) or falling off the end."""

    __slots__ = ("falls_off", "node", "verdict")

    def __init__(self, node: ast.AST, verdict: Verdict, falls_off: bool = False) -> None:
        self.node = node
        self.verdict = verdict
        self.falls_off = falls_off


# -- inference ---------------------------------------------------------------------------------


def infer(expr: ast.expr, scope: Scope, depth: int = 0) -> Verdict:
    if depth > _MAX_DEPTH:
        return _UNKNOWN_V
    if isinstance(expr, ast.Constant):
        return _constant(expr)
    if isinstance(expr, ast.Dict) and _is_multimodal_envelope(expr):
        return _JSON_V
    if isinstance(expr, (ast.Dict, ast.DictComp)):
        return Verdict(NOT_JSON, "a dict", expr)
    if isinstance(expr, (ast.List, ast.ListComp)):
        return Verdict(NOT_JSON, "a list", expr)
    if isinstance(expr, ast.Tuple):
        return Verdict(NOT_JSON, "a tuple", expr)
    if isinstance(expr, (ast.Set, ast.SetComp)):
        return Verdict(NOT_JSON, "a set", expr)
    if isinstance(expr, ast.GeneratorExp):
        return Verdict(NOT_JSON, "a generator", expr)
    if isinstance(expr, ast.JoinedStr):
        return _fstring(expr)
    if isinstance(expr, ast.UnaryOp):
        if isinstance(expr.operand, ast.Constant) and isinstance(expr.operand.value, (int, float)):
            return Verdict(NOT_JSON, "a number", expr)
        if isinstance(expr.op, ast.Not):
            return Verdict(NOT_JSON, "a bool", expr)
        return _UNKNOWN_V
    if isinstance(expr, ast.Compare):
        return Verdict(NOT_JSON, "a bool", expr)
    if isinstance(expr, ast.IfExp):
        body = infer(expr.body, scope, depth + 1)
        orelse = infer(expr.orelse, scope, depth + 1)
        if body.kind == JSON and orelse.kind == JSON:
            return _JSON_V
        for branch in (body, orelse):
            if branch.kind == NOT_JSON:
                return branch
        return _UNKNOWN_V
    if isinstance(expr, ast.BoolOp):
        verdicts = [infer(v, scope, depth + 1) for v in expr.values]
        return _JSON_V if all(v.kind == JSON for v in verdicts) else _UNKNOWN_V
    if isinstance(expr, ast.BinOp):
        return _binop(expr, scope, depth)
    if isinstance(expr, ast.Name):
        return _name(expr, scope, depth)
    if isinstance(expr, ast.Await):
        return infer(expr.value, scope, depth + 1)
    if isinstance(expr, ast.Call):
        return _call(expr, scope, depth)
    if isinstance(expr, ast.NamedExpr):
        return infer(expr.value, scope, depth + 1)
    if isinstance(expr, ast.Lambda):
        return Verdict(NOT_JSON, "a function", expr)
    return _UNKNOWN_V


def _constant(node: ast.Constant) -> Verdict:
    value = node.value
    if value is None:
        return Verdict(NOT_JSON, "None", node)
    if isinstance(value, bool):
        return Verdict(NOT_JSON, "a bool", node)
    if isinstance(value, (int, float, complex)):
        return Verdict(NOT_JSON, "a number", node)
    if isinstance(value, bytes):
        return Verdict(NOT_JSON, "bytes", node)
    if isinstance(value, str):
        return _text(value, node, whole=True)
    return _UNKNOWN_V


def _text(text: str, node: ast.AST, whole: bool) -> Verdict:
    """A string known entirely (`whole`) or only by its start."""
    stripped = text.lstrip()
    if whole:
        if stripped[:1] not in tuple(_JSON_START):
            return Verdict(NOT_JSON, "a string that is not JSON", node)
        import json

        try:
            json.loads(text)
        except ValueError:
            return Verdict(NOT_JSON, "a string that is not JSON", node)
        except RecursionError:
            return _UNKNOWN_V  # nested deeper than the decoder goes: no verdict
        return _JSON_V
    if not stripped:
        return _UNKNOWN_V
    first = stripped[0]
    if first in '{["-0123456789':
        return _UNKNOWN_V
    if first in "tfn":
        word = stripped.split(None, 1)[0]
        if any(w.startswith(word) or word.startswith(w) for w in ("true", "false", "null")):
            return _UNKNOWN_V
    return Verdict(NOT_JSON, "a string that is not JSON", node)


def _fstring(node: ast.JoinedStr) -> Verdict:
    if not node.values:
        return Verdict(NOT_JSON, "an empty string", node)
    first = node.values[0]
    if isinstance(first, ast.Constant) and isinstance(first.value, str):
        verdict = _text(first.value, node, whole=False)
        if verdict.kind == NOT_JSON:
            return Verdict(NOT_JSON, "an f-string that is not JSON", node)
    return _UNKNOWN_V


def _text_start(expr: ast.expr) -> Verdict:
    """NOT_JSON when `expr` is a string literal whose first characters cannot start JSON."""
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return _text(expr.value, expr, whole=False)
    if isinstance(expr, ast.JoinedStr):
        return _fstring(expr)
    return _UNKNOWN_V


def _has_text(expr: ast.expr) -> bool:
    """A string literal (or f-string) with non-whitespace characters of its own."""
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return bool(expr.value.strip())
    if isinstance(expr, ast.JoinedStr):
        return any(
            (isinstance(v, ast.Constant) and isinstance(v.value, str) and v.value.strip())
            or isinstance(v, ast.FormattedValue)
            for v in expr.values
        )
    return False


def _binop(expr: ast.BinOp, scope: Scope, depth: int) -> Verdict:
    if isinstance(expr.op, ast.Mod):
        start = _text_start(expr.left)
        if start.kind == NOT_JSON:
            return Verdict(NOT_JSON, "a %-formatted string that is not JSON", expr)
        return _UNKNOWN_V
    if not isinstance(expr.op, ast.Add):
        return _UNKNOWN_V
    start = _text_start(expr.left)
    if start.kind == NOT_JSON:
        return Verdict(NOT_JSON, "a string that is not JSON", expr)
    left = infer(expr.left, scope, depth + 1)
    right = infer(expr.right, scope, depth + 1)
    if (left.kind == JSON and _has_text(expr.right)) or (
        right.kind == JSON and _has_text(expr.left)
    ):
        return Verdict(NOT_JSON, "a JSON string with text concatenated to it", expr)
    if left.kind == JSON and right.kind == JSON:
        return Verdict(NOT_JSON, "two JSON strings concatenated", expr)
    return _UNKNOWN_V


def _name(expr: ast.Name, scope: Scope, depth: int) -> Verdict:
    name = expr.id
    if scope.func is not None and scope.local_values(name) is not None:
        names = scope.names
    else:
        # A module-level name: one verdict per module and run.
        memo = scope.module.memo.setdefault("jsonness.names", {})
        assert isinstance(memo, dict)
        names = memo
    if name in names:
        known = names[name]
        return known if isinstance(known, Verdict) else _UNKNOWN_V
    names[name] = None
    verdict = _name_uncached(expr, scope, depth)
    names[name] = verdict
    return verdict


def _name_uncached(expr: ast.Name, scope: Scope, depth: int) -> Verdict:
    values = scope.local_values(expr.id) if scope.func is not None else None
    if values is not None:
        return _all_of(values, scope, depth)
    binding = scope.module.resolve(expr.id)
    if binding is None or not isinstance(binding.node, ast.expr):
        return _UNKNOWN_V
    if binding.node is expr:
        return _UNKNOWN_V
    return infer(binding.node, Scope(binding.module), depth + 1)


def _all_of(values: list[ast.expr | None], scope: Scope, depth: int) -> Verdict:
    """JSON when every assignment is JSON; NOT_JSON when every one is not; else UNKNOWN."""
    verdicts: list[Verdict] = []
    for value in values:
        if value is None:
            return _UNKNOWN_V
        verdicts.append(infer(value, scope, depth + 1))
    if verdicts and all(v.kind == JSON for v in verdicts):
        return _JSON_V
    if verdicts and all(v.kind == NOT_JSON for v in verdicts):
        return verdicts[0]
    return _UNKNOWN_V


def _callee_origin(func: ast.expr, scope: Scope) -> tuple[str, str] | None:
    """(module, name) of a called `mod.name` or imported `name`, e.g. ("json", "dumps")."""
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        origin = scope.import_origin(func.value.id)
        if origin is not None and origin[1] is None:
            return origin[0], func.attr
        if origin is not None and origin[1] is not None:
            return f"{origin[0]}.{origin[1]}", func.attr
        return None
    if isinstance(func, ast.Name):
        origin = scope.import_origin(func.id)
        if origin is not None and origin[1] is not None:
            return origin[0], origin[1]
    return None


def _call(expr: ast.Call, scope: Scope, depth: int) -> Verdict:
    func = expr.func
    origin = _callee_origin(func, scope)
    if origin is not None:
        module, name = origin
        if module in ("json", "simplejson") and name == "dumps":
            return _JSON_V
        if module == "orjson" and name == "dumps":
            return Verdict(NOT_JSON, "bytes (orjson.dumps returns bytes)", expr)
        if name in ("tool_error", "tool_result") and (
            module == "registry" or module.endswith(".registry")
        ):
            return _JSON_V
    if isinstance(func, ast.Attribute):
        # `orjson.dumps(...).decode()` is a str holding JSON.
        if func.attr == "decode" and isinstance(func.value, ast.Call):
            inner = _call(func.value, scope, depth + 1)
            if inner.kind == NOT_JSON and inner.reason.startswith("bytes"):
                return _JSON_V
            return _UNKNOWN_V
        if func.attr == "encode" and isinstance(func.value, ast.Call):
            # `json.dumps(...).encode()` is bytes.
            if _call(func.value, scope, depth + 1).kind == JSON:
                return Verdict(NOT_JSON, "bytes (an encoded JSON string)", expr)
            return _UNKNOWN_V
        if func.attr == "format":
            start = _text_start(func.value)
            if start.kind == NOT_JSON:
                return Verdict(NOT_JSON, "a formatted string that is not JSON", expr)
            return _UNKNOWN_V
        owner = func.value
        if not isinstance(owner, ast.Name) or (
            scope.func is not None and scope.local_values(owner.id) is not None
        ):
            return _UNKNOWN_V  # `self.x()`, `obj.x()`: a method, not a module function
        called = scope.module.callee(func)
        if called is None:
            return _UNKNOWN_V
        verdict = summary(called, depth + 1)
        if verdict.kind == NOT_JSON:
            name = f"{owner.id}.{func.attr}"
            return Verdict(
                NOT_JSON, f"the result of {name}(), which returns {verdict.reason}", expr
            )
        return verdict
    if not isinstance(func, ast.Name):
        return _UNKNOWN_V
    target = _called_function(func.id, scope)
    if target is None:
        builtin = _BUILTIN_RESULTS.get(func.id)
        if builtin is not None and _is_builtin_name(func.id, scope):
            return Verdict(NOT_JSON, builtin, expr)
        return _UNKNOWN_V
    verdict = summary(target, depth + 1)
    if verdict.kind == NOT_JSON:
        return Verdict(NOT_JSON, f"the result of {func.id}(), which returns {verdict.reason}", expr)
    return verdict


def _is_multimodal_envelope(expr: ast.Dict) -> bool:
    """`{"_multimodal": True, "content": [...]}`: the one dict Hermes' dispatch passes through
    (images for vision models), so it is an accepted result, not a contract breach."""
    return any(isinstance(key, ast.Constant) and key.value == "_multimodal" for key in expr.keys)


# Builtins whose result is surely not a str.
_BUILTIN_RESULTS = {
    "len": "a number",
    "int": "a number",
    "float": "a number",
    "abs": "a number",
    "sum": "a number",
    "round": "a number",
    "ord": "a number",
    "bool": "a bool",
    "isinstance": "a bool",
    "dict": "a dict",
    "list": "a list",
    "tuple": "a tuple",
    "set": "a set",
    "sorted": "a list",
    "bytes": "bytes",
}


def _is_builtin_name(name: str, scope: Scope) -> bool:
    """`name` is not bound locally, at module level or by an import: it is the builtin."""
    if scope.func is not None and scope.local_values(name) is not None:
        return False
    module = scope.module
    module.index()
    return not (
        name in module.functions
        or name in module.classes
        or name in module.assigns
        or name in module.imports
    )


def _called_function(name: str, scope: Scope) -> Func | None:
    if scope.func is not None:
        nested = scope.nested_def(name)
        if nested is not None:
            return Func(nested, scope.module)
        if scope.local_values(name) is not None:
            return None
    return scope.module.function(name)


# -- a function's exits ------------------------------------------------------------------------


def is_generator(func: Func) -> bool:
    for node in walk_function(func.node):  # a plain loop: any() over a genexpr costs 2x here
        if isinstance(node, _YIELD_TYPES):
            return True
    return False


_YIELD_TYPES = (ast.Yield, ast.YieldFrom)


def return_verdicts(func: Func, depth: int = 0) -> list[Exit]:
    """Each exit of `func` with its verdict (empty for generators and lambdas)."""
    node = func.node
    if isinstance(node, ast.Lambda) or is_generator(func):
        return []
    scope = Scope(func.module, func)
    exits: list[Exit] = []
    for sub in walk_function(node):
        if isinstance(sub, ast.Return):
            if sub.value is None:
                exits.append(Exit(sub, Verdict(NOT_JSON, "None (a bare return)", sub)))
            else:
                exits.append(Exit(sub, infer(sub.value, scope, depth)))
    if not terminates(node.body):
        where = falloff_node(node.body)
        if not never_returns_call(where, func.module):
            exits.append(
                Exit(where, Verdict(NOT_JSON, "None (it can end without a return)", where), True)
            )
    return exits


def summary(func: Func, depth: int = 0) -> Verdict:
    """JSON if every exit is JSON, NOT_JSON if every exit is not, else UNKNOWN (memoised)."""
    key = ("jsonness.summary", id(func.node))
    memo = func.module.memo
    if key in memo:
        cached = memo[key]
        return cached if isinstance(cached, Verdict) else _UNKNOWN_V
    memo[key] = None  # in progress: recursion gives UNKNOWN
    if isinstance(func.node, ast.Lambda):
        result = infer(func.node.body, Scope(func.module, func), depth)
    else:
        exits = return_verdicts(func, depth)
        if not exits:
            result = _UNKNOWN_V
        elif all(e.verdict.kind == JSON for e in exits):
            result = _JSON_V
        elif all(e.verdict.kind == NOT_JSON for e in exits):
            result = exits[0].verdict
        else:
            result = _UNKNOWN_V
    memo[key] = result
    return result
