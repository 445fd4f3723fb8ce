"""Per-function summaries of returns: can calling a def give something that is not a JSON string?

The `RETURNS` transfer of the call driver computes, for a def and what its call binds, a
`ReturnSummary`: `verdict` (JSON when every way out gives a JSON string, NOT_JSON when none
does, else UNKNOWN: what JSON-ness inference takes a call of it for) and `non_json` (a `NonJson`:
the first way out that surely gives something else, with its chain), following `return
helper(...)` into functions, classes' methods and other modules. Returns on branches that
constants rule out are left out.

- `NonJson`: `reason` ("a dict", "None (a bare return)"...) and `chain`: the steps
  `(rel, line, function)` from the line that returns it down to the `return` that makes it.
- `return_summary(callee)`: the summary; `non_json_return(callee)`: the first way a call can
  return something that is not a JSON string.
- `value_non_json(expr, code)`: the same for an expression a function returns: a call (also an
  immediately invoked lambda, or a lambda's default), or a value JSON-ness inference says is
  not JSON.
- `call_verdict(call, scope, depth)`: what JSON-ness inference takes a call of project code for.
- `reachable_returns(code)`: the `return`s of a def's body on branches not ruled out.
Values that cannot be known are never reported (precision first).
"""

from __future__ import annotations

import ast

from hermes_dev.pyast.analyze.branches import decide
from hermes_dev.pyast.analyze.jsonness import (
    JSON,
    NOT_JSON,
    UNKNOWN,
    Verdict,
    common_what,
    exits,
    infer,
    none_reason,
    not_text_reason,
)
from hermes_dev.pyast.calls.driver import Callee, Code, Transfer, callees, summary
from hermes_dev.pyast.semantic.resolve import call_arguments
from hermes_dev.pyast.semantic.scopes import Function
from hermes_dev.pyast.semantic.walker import blocks_of, is_name, is_none, last_name, within

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import ClassVar

    from hermes_dev.pyast.analyze.jsonness import CallVerdict
    from hermes_dev.pyast.semantic.scopes import Scope

Step = tuple[str, int, str]
_DEF_TYPES = (ast.FunctionDef, ast.AsyncFunctionDef)
_NESTED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


class NonJson:
    __slots__ = ("chain", "reason")

    def __init__(self, reason: str, chain: tuple[Step, ...]) -> None:
        self.reason = reason
        self.chain = chain

    def __repr__(self) -> str:
        return f"NonJson({self.reason!r}, {list(self.chain)})"


class ReturnSummary:
    __slots__ = ("non_json", "verdict")

    def __init__(self, verdict: Verdict, non_json: NonJson | None) -> None:
        self.verdict = verdict
        self.non_json = non_json


_UNKNOWN_SUMMARY = ReturnSummary(Verdict(UNKNOWN), None)


class _Returns(Transfer):
    name = "returns"
    bottom: ClassVar[object] = _UNKNOWN_SUMMARY

    def compute(self, code: Code, depth: int) -> ReturnSummary:
        node = code.node
        scope = code.scope
        module = code.module
        oracle = _oracle(depth)
        if isinstance(node, ast.Lambda):
            verdict = infer(node.body, scope, oracle)
            found = value_non_json(node.body, code, depth)
            step = (module.rel, node.lineno, code.label)
            return ReturnSummary(verdict, _prefixed(found, step))
        returns = reachable_returns(code)
        ways = exits(node, scope, oracle, returns)
        if not ways:
            return _UNKNOWN_SUMMARY  # a generator
        non_json: NonJson | None = None
        for way in ways:
            step = (module.rel, way.node.lineno, code.label)  # type: ignore[attr-defined]
            if way.falls_off or not isinstance(way.node, ast.Return) or way.node.value is None:
                if way.verdict.kind == NOT_JSON:
                    non_json = NonJson(way.verdict.reason, (step,))
                    break
                continue
            if way.verdict.kind == UNKNOWN and is_none(way.node.value):
                continue  # (`if result is None: return None` of a call not known to give None)
            found = value_non_json(way.node.value, code, depth)
            if found is not None and way.narrowed and not _is_text(found.reason):
                found = None  # (`if isinstance(result, str): return result`: only its text)
            if found is not None and way.not_none and none_reason(found.reason):
                found = None  # (`if x is None: raise ...` before `return x`)
            if found is not None:
                non_json = _prefixed(found, step)
                break
        if all(w.verdict.kind == JSON for w in ways):
            verdict = Verdict(JSON)
        elif all(w.verdict.kind == NOT_JSON for w in ways):
            # (text first: a caller that keeps only a `str` it gets, `if isinstance(result,
            # str): return result`, returns that text, not the dict another path gives)
            first = next(
                (
                    w.verdict
                    for w in ways
                    if not not_text_reason(w.verdict.reason) and not none_reason(w.verdict.reason)
                ),
                ways[0].verdict,
            )
            what = common_what([w.verdict for w in ways])
            verdict = Verdict(NOT_JSON, first.reason, first.node, what)
        else:
            verdict = Verdict(UNKNOWN)
        return ReturnSummary(verdict, non_json)

    def empty(self, result: object) -> bool:
        return (
            isinstance(result, ReturnSummary)
            and result.non_json is None
            and (result.verdict.kind != NOT_JSON)
        )


RETURNS = _Returns()


def _summary(callee: Callee, depth: int) -> ReturnSummary:
    found = summary(RETURNS, callee, depth)
    assert isinstance(found, ReturnSummary)
    return found


def return_summary(callee: Callee, depth: int = 0) -> ReturnSummary:
    """What calling `callee` returns, as the driver summarises it."""
    return _summary(callee, depth)


def non_json_return(callee: Callee, depth: int = 0) -> NonJson | None:
    return _summary(callee, depth).non_json


def _oracle(depth: int) -> CallVerdict:
    def verdict_of(call: ast.Call, scope: Scope, inner: int) -> Verdict | None:
        return call_verdict(call, scope, depth + 1 + inner)

    return verdict_of


def call_oracle() -> CallVerdict:
    """What JSON-ness inference asks about calls of project code, for a handler's own body."""
    return _oracle(0)


def call_verdict(call: ast.Call, scope: Scope, depth: int = 0) -> Verdict | None:
    """JSON when every def the call may run returns JSON strings, NOT_JSON when none does
    (naming the callee), None when the call runs no project code that can be read."""
    targets = callees(call, scope)
    if not targets:
        return None
    verdicts: list[Verdict] = []
    for target in targets:
        node = target.function.node
        if isinstance(node, ast.FunctionDef) and node.name in ("__init__", "__post_init__"):
            return Verdict(UNKNOWN)  # `Cls(...)`: an instance, unknown JSON-ness
        verdicts.append(_summary(target, depth + 1).verdict)
    if all(v.kind == JSON for v in verdicts):
        return Verdict(JSON)
    if all(v.kind == NOT_JSON for v in verdicts):
        name = ast.unparse(call.func)
        if len(name) > 40 or (
            # `fn(...)` where `fn` is a parameter bound to one function: name that function
            isinstance(call.func, ast.Name)
            and len(targets) == 1
            and not isinstance(targets[0].function.node, ast.Lambda)
        ):
            name = targets[0].function.name
        what = common_what(verdicts)
        return Verdict(
            NOT_JSON,
            f"the result of {name}(), which returns {verdicts[0].reason}",
            call,
            what,
        )
    return Verdict(UNKNOWN)


def _prefixed(found: NonJson | None, step: Step) -> NonJson | None:
    if found is None:
        return None
    return NonJson(found.reason, (step, *found.chain))


def value_non_json(expr: ast.expr, code: Code, depth: int = 0) -> NonJson | None:
    """How a returned expression can surely be something other than a JSON string, or None."""
    value = expr.value if isinstance(expr, ast.Await) else expr
    scope = code.scope
    if isinstance(value, ast.Call):
        if isinstance(value.func, ast.Lambda):
            # `(lambda _m=helper(...): run(...))()`: the value is what the lambda body gives.
            inner = Code(Function(value.func, code.module, scope))
            return value_non_json(value.func.body, inner, depth + 1)
        targets = callees(value, scope)
        if targets:
            for target in targets:
                node = target.function.node
                if isinstance(node, ast.FunctionDef) and node.name in ("__init__", "__post_init__"):
                    return None  # `Cls(...)`: an instance (an object, unknown JSON-ness)
                found = non_json_return(target, depth + 1)
                if found is None:
                    found = _handed_back_non_json(value, target, code, depth)
                if found is not None:
                    return found
            return None
    verdict = infer(expr, scope, _oracle(depth))
    if verdict.kind == NOT_JSON:
        return NonJson(verdict.reason, ())
    if isinstance(value, ast.Name) and verdict.kind != JSON:
        return _arm_non_json(value, code, depth)
    return None


def _handed_back_non_json(call: ast.Call, target: Callee, code: Code, depth: int) -> NonJson | None:
    """What the call gives a parameter the callee returns as it is (`def _to_json(result): if
    isinstance(result, str): return result; return json.dumps(result)`), when that argument is
    surely not JSON (only its text, where the callee keeps only a `str`): the summary of the
    callee is of no argument in particular, so this is asked at the call."""
    node = target.function.node
    if not isinstance(node, _DEF_TYPES) or depth > 8:
        return None
    if any(last_name(d) == "register" for d in node.decorator_list):
        return None  # (a `singledispatch` overload: which one runs depends on the type given)
    callee = target.code()
    params = {a.arg for a in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)}
    returns = [
        r
        for r in reachable_returns(callee)
        if isinstance(r.value, ast.Name) and r.value.id in params
    ]
    if not returns:
        return _stored_back_non_json(call, node, callee, code, depth)
    given = call_arguments(call, target.function)
    for way in exits(node, callee.scope, _oracle(depth), returns):
        ret = way.node
        assert isinstance(ret, ast.Return) and isinstance(ret.value, ast.Name)
        name = ret.value.id
        bindings = callee.scope.index.get(name)
        argument = given.get(name)
        if argument is None or any(b.kind != "param" for b in bindings):
            continue  # (rebound in the body: not what the call gave)
        found = value_non_json(argument, code, depth + 1)
        if found is None or (way.narrowed and not _is_text(found.reason)):
            continue
        if _annotated_text(node, name) and not _is_text(found.reason):
            continue  # (`def _(obj: str)`: the def takes text; another value goes elsewhere)
        if way.not_none and none_reason(found.reason):
            continue
        step = (callee.module.rel, ret.lineno, callee.label)
        return NonJson(found.reason, (step, *found.chain))
    return _stored_back_non_json(call, node, callee, code, depth)


def _annotated_text(node: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> bool:
    """The parameter is annotated `str`."""
    for param in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs):
        if param.arg == name and param.annotation is not None:
            return is_name(param.annotation, "str")
    return False


def _stored_back_non_json(
    call: ast.Call,
    node: ast.FunctionDef | ast.AsyncFunctionDef,
    callee: Code,
    code: Code,
    depth: int,
) -> NonJson | None:
    """`outcome.value = self.run(args)` ... `return outcome.render()` where `render` returns
    `self.value` as it is (`if isinstance(self.value, str): return self.value`): what the
    caller stored there, when it stores it once and that is surely not JSON (only its text,
    where the method keeps only a `str`)."""
    func = call.func
    params = [*node.args.posonlyargs, *node.args.args]
    caller = code.node
    if not (
        isinstance(func, ast.Attribute)
        and isinstance(func.value, ast.Name)
        and params
        and isinstance(caller, _DEF_TYPES)
    ):
        return None
    me = params[0].arg
    held = func.value.id
    for ret in reachable_returns(callee):
        value = ret.value
        if not (isinstance(value, ast.Attribute) and is_name(value.value, me)):
            continue
        stores = [
            sub.value
            for sub in ast.walk(caller)
            if isinstance(sub, ast.Assign)
            and len(sub.targets) == 1
            and isinstance(sub.targets[0], ast.Attribute)
            and sub.targets[0].attr == value.attr
            and is_name(sub.targets[0].value, held)
        ]
        if len(stores) != 1:
            continue
        found = value_non_json(stores[0], code, depth + 1)
        if found is None:
            continue
        if _under_str_test(node, ret) and not _is_text(found.reason):
            continue
        step = (callee.module.rel, ret.lineno, callee.label)
        return NonJson(found.reason, (step, *found.chain))
    return None


def _under_str_test(node: ast.FunctionDef | ast.AsyncFunctionDef, ret: ast.Return) -> bool:
    """`ret` sits in the body of `if isinstance(<what it returns>, str):`."""
    shown = ast.dump(ret.value) if ret.value is not None else None
    for sub in ast.walk(node):
        if not isinstance(sub, ast.If) or not any(within(ret, s) for s in sub.body):
            continue
        test = sub.test
        if (
            isinstance(test, ast.Call)
            and is_name(test.func, "isinstance")
            and len(test.args) == 2
            and ast.dump(test.args[0]) == shown
            and is_name(test.args[1], "str")
        ):
            return True
    return False


def _arm_non_json(name: ast.Name, code: Code, depth: int) -> NonJson | None:
    """`if fmt == "plain": result = text` / `else: result = json.dumps(...)` then `return
    result`: an arm of the `if` chain that binds the name last before the return gives text
    that is not JSON, so that path returns it (an arm constants rule out is not taken)."""
    node = code.node
    if not isinstance(node, _DEF_TYPES):
        return None
    chain = _last_binding_chain(node.body, name)
    if chain is None:
        return None
    for test, value in chain:
        if test is not None and decide(test, code.scope) is False:
            continue
        verdict = infer(value, code.scope, _oracle(depth))
        if verdict.kind == NOT_JSON and _is_text(verdict.reason):
            return NonJson(verdict.reason, ())
    return None


def _is_text(reason: str) -> bool:
    return any(word in reason for word in ("string", "text", "lines"))


def _last_binding_chain(
    body: list[ast.stmt], name: ast.Name
) -> list[tuple[ast.expr | None, ast.expr]] | None:
    """For the block holding `return name`: the `if`/`elif`/`else` chain that is the last
    statement before it binding the name, as (the test that leads to each arm, the value the
    arm binds last), when every arm ends by binding it so; else None."""
    for stmt in body:
        if isinstance(stmt, _NESTED):
            continue
        for block in blocks_of(stmt):
            found = _last_binding_chain(block, name)
            if found is not None:
                return found
    returned = [i for i, s in enumerate(body) if isinstance(s, ast.Return) and s.value is name]
    if not returned:
        return None
    before = body[: returned[0]]
    for stmt in reversed(before):
        if not _binds(stmt, name.id):
            continue
        if not isinstance(stmt, ast.If):
            return None
        arms: list[tuple[ast.expr | None, ast.expr]] = []
        branch: ast.If | None = stmt
        while branch is not None:
            value = _bound_last(branch.body, name.id)
            if value is None:
                return None
            arms.append((branch.test, value))
            orelse = branch.orelse
            if len(orelse) == 1 and isinstance(orelse[0], ast.If):
                branch = orelse[0]
                continue
            last = _bound_last(orelse, name.id)
            if last is None:
                return None  # (no `else`: what was bound before the `if` may reach)
            arms.append((None, last))
            branch = None
        return arms
    return None


def _bound_last(block: list[ast.stmt], name: str) -> ast.expr | None:
    """The value of a plain `name = value` that is the block's last statement binding `name`."""
    for stmt in reversed(block):
        if _binds(stmt, name):
            if (
                isinstance(stmt, ast.Assign)
                and len(stmt.targets) == 1
                and isinstance(stmt.targets[0], ast.Name)
                and stmt.targets[0].id == name
            ):
                return stmt.value
            return None
    return None


def _binds(stmt: ast.stmt, name: str) -> bool:
    return any(
        isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store)
        for n in ast.walk(stmt)
    )


def reachable_returns(code: Code) -> list[ast.Return]:
    """The `return` statements of a def's body, leaving out branches constants rule out (and
    what follows an `if` whose branch that runs always leaves)."""
    node = code.node
    assert isinstance(node, _DEF_TYPES)
    found: list[ast.Return] = []
    _block_returns(node.body, code.scope, found)
    return found


def _block_returns(body: list[ast.stmt], scope: Scope, found: list[ast.Return]) -> bool:
    """Add the reachable `return`s of `body` to `found`; True when the block always leaves
    (a `return` or `raise` ends every path through it)."""
    for stmt in body:
        if isinstance(stmt, _NESTED):
            continue
        if isinstance(stmt, ast.Return):
            found.append(stmt)
            return True
        if isinstance(stmt, ast.Raise):
            return True
        if isinstance(stmt, ast.If):
            verdict = decide(stmt.test, scope)
            if verdict is True:
                if _block_returns(stmt.body, scope, found):
                    return True
            elif verdict is False:
                if _block_returns(stmt.orelse, scope, found):
                    return True
            else:
                left = _block_returns(stmt.body, scope, found)
                right = _block_returns(stmt.orelse, scope, found)
                if left and right:
                    return True
            continue
        for field in ("body", "handlers", "orelse", "finalbody", "cases"):
            for item in getattr(stmt, field, ()) or ():
                if isinstance(item, ast.stmt):
                    _block_returns([item], scope, found)
                elif isinstance(item, (ast.ExceptHandler, ast.match_case)):
                    _block_returns(item.body, scope, found)
    return False
