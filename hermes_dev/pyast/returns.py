"""Per-function summaries of returns: can calling a def give something that is not a JSON string?

- `NonJson`: `reason` ("a dict", "None (a bare return)"...) and `chain`: the steps
  `(rel, line, function)` from the line that returns it down to the `return` that makes it.
- `non_json_return(target, bindings)`: the first way a call of `target` can return a value that
  is surely not a JSON string, following `return helper(...)` into functions, classes' methods and
  other modules (memoised per def and constant arguments; recursion gives None). Returns on
  branches the constant arguments rule out are left out.
- `value_non_json(expr, code)`: the same for an expression a handler returns: a call (also an
  immediately invoked lambda), or a local JSON string with text appended (`s += "\\n[Hint]"`).
Values that cannot be known are never reported (precision first).
"""

from __future__ import annotations

import ast

from hermes_dev.pyast.branches import Bindings, bind_arguments, decide
from hermes_dev.pyast.flow import falloff_node, never_returns_call, terminates
from hermes_dev.pyast.jsonness import JSON, NOT_JSON, _has_text, infer
from hermes_dev.pyast.resolve import Code, Target, call_targets, is_static
from hermes_dev.pyast.summaries import Step, not_followed

_DEF_TYPES = (ast.FunctionDef, ast.AsyncFunctionDef)
_NESTED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)
_MAX_DEPTH = 40


class NonJson:
    __slots__ = ("chain", "reason")

    def __init__(self, reason: str, chain: tuple[Step, ...]) -> None:
        self.reason = reason
        self.chain = chain

    def __repr__(self) -> str:
        return f"NonJson({self.reason!r}, {list(self.chain)})"


def non_json_return(target: Target, bindings: Bindings = (), depth: int = 0) -> NonJson | None:
    node = target.func.node
    module = target.func.module
    key = ("returns.non_json", id(node), bindings)
    memo = module.memo
    if key in memo:
        cached = memo[key]
        return cached if isinstance(cached, NonJson) else None
    memo[key] = None  # in progress: recursion adds nothing
    found = None
    if bindings and non_json_return(target, (), depth) is None:
        return None  # constant arguments only rule returns out
    if depth <= _MAX_DEPTH and not not_followed(target):
        found = _non_json(target.code(), bindings, depth)
    memo[key] = found
    return found


def _non_json(code: Code, bindings: Bindings, depth: int) -> NonJson | None:
    node = code.func.node
    module = code.module
    if isinstance(node, ast.Lambda):
        found = value_non_json(node.body, code, depth)
        return _prefixed(found, (module.rel, node.lineno, code.label))
    for ret in reachable_returns(node.body, bindings, code):
        step = (module.rel, ret.lineno, code.label)
        if ret.value is None:
            return NonJson("None (a bare return)", (step,))
        found = value_non_json(ret.value, code, depth)
        if found is not None:
            return _prefixed(found, step)
    if not terminates(node.body):
        where = falloff_node(node.body)
        if not never_returns_call(where, module):
            return NonJson(
                "None (it can end without a return)", ((module.rel, where.lineno, code.label),)
            )
    return None


def _prefixed(found: NonJson | None, step: Step) -> NonJson | None:
    if found is None:
        return None
    return NonJson(found.reason, (step, *found.chain))


def value_non_json(expr: ast.expr, code: Code, depth: int = 0) -> NonJson | None:
    """How a returned expression can surely be something other than a JSON string, or None."""
    value = expr.value if isinstance(expr, ast.Await) else expr
    if isinstance(value, ast.Call):
        if isinstance(value.func, ast.Lambda):
            # `(lambda _m=helper(...): run(...))()`: the value is what the lambda body gives.
            return value_non_json(value.func.body, code, depth + 1)
        targets = call_targets(value, code)
        if targets:
            for target in targets:
                node = target.func.node
                if isinstance(node, ast.FunctionDef) and node.name == "__init__":
                    return None  # `Cls(...)`: an instance (an object, unknown JSON-ness)
                found = non_json_return(target, (), depth + 1)
                if found is not None and isinstance(node, _DEF_TYPES):
                    # Constant arguments may rule that return out.
                    first = target.owner is not None and not is_static(node)
                    bindings = bind_arguments(value, node, first)
                    if bindings:
                        found = non_json_return(target, bindings, depth + 1)
                if found is not None:
                    return found
            return None
    verdict = infer(expr, code.scope)
    if verdict.kind == NOT_JSON:
        return NonJson(verdict.reason, ())
    if verdict.kind == JSON:
        return None
    if isinstance(value, ast.Name):
        return _appended_text(value.id, code)
    return None


def _appended_text(name: str, code: Code) -> NonJson | None:
    """`s = json.dumps(...)` then `s += f"\\n[Hint: ...]"`: JSON followed by prose."""
    values = code.scope.local_values(name)
    node = code.func.node
    if not values or isinstance(node, ast.Lambda):
        return None
    from hermes_dev.pyast.walk import walk_function

    appended: ast.AugAssign | None = None
    for sub in walk_function(node):
        if (
            isinstance(sub, ast.AugAssign)
            and isinstance(sub.target, ast.Name)
            and sub.target.id == name
        ):
            if not isinstance(sub.op, ast.Add) or not _has_text(sub.value):
                return None
            appended = appended or sub
    if appended is None:
        return None
    known = [v for v in values if v is not None]
    if len(known) != len(values) - 1 or not known:
        return None  # other unknown bindings besides the `+=`
    if any(infer(v, code.scope).kind != JSON for v in known):
        return None
    return NonJson(
        f"a JSON string with text appended to it (line {appended.lineno})",
        (),
    )


def reachable_returns(stmts: list[ast.stmt], bindings: Bindings, code: Code) -> list[ast.Return]:
    """The `return` statements of a body, leaving out branches the bindings rule out."""
    found: list[ast.Return] = []
    stack = list(reversed(stmts))
    while stack:
        stmt = stack.pop()
        if isinstance(stmt, _NESTED):
            continue
        if isinstance(stmt, ast.Return):
            found.append(stmt)
            continue
        if isinstance(stmt, ast.If):
            verdict = decide(stmt.test, bindings, code.module)
            branches = []
            if verdict is not False:
                branches.extend(stmt.body)
            if verdict is not True:
                branches.extend(stmt.orelse)
            stack.extend(reversed(branches))
            continue
        children: list[ast.stmt] = []
        for field in ("body", "handlers", "orelse", "finalbody", "cases"):
            for item in getattr(stmt, field, ()) or ():
                if isinstance(item, ast.stmt):
                    children.append(item)
                elif isinstance(item, (ast.ExceptHandler, ast.match_case)):
                    children.extend(item.body)
        stack.extend(reversed(children))
    return found
