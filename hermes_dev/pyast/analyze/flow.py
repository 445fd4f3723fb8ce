"""Can control reach the end of a block? Conservative answers from the ast alone.

`terminates(body)`: control cannot run off the end of `body` (a return, a raise, an exit call,
an `if`/`try`/`match` every way through which terminates, a `while True` without a break...;
doubt says True). `falloff_node(body)`: the statement after which it does run off.
`never_returns_call(stmt, scope)`: `stmt` calls a function that always raises or says
NoReturn. `always_true` and `has_break` are the loop tests they share with the summaries.
"""

from __future__ import annotations

import ast

from hermes_dev.pyast.semantic.resolve import resolve
from hermes_dev.pyast.semantic.scopes import Function
from hermes_dev.pyast.semantic.walker import walk_function, written_name

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hermes_dev.pyast.semantic.scopes import Scope

_DEF_TYPES = (ast.FunctionDef, ast.AsyncFunctionDef)
_EXIT_CALLS = {"sys.exit", "os._exit", "exit", "quit", "os.abort", "pytest.fail", "pytest.skip"}


def terminates(
    body: list[ast.stmt], model_args: str | None = None, read: frozenset[str] = frozenset()
) -> bool:
    """True when control cannot run off the end of `body` (conservative: doubt says True;
    `model_args`: the parameter that holds the model's arguments, which any `match` of
    refutable patterns on it can let through; `read`: locals bound once to a value read from a
    dict, `fmt = args.get("format")`, which a `match` of constants can let through too)."""
    return any(_stmt_terminates(stmt, model_args, read) for stmt in body)


def _stmt_terminates(
    stmt: ast.stmt, model_args: str | None = None, read: frozenset[str] = frozenset()
) -> bool:
    if isinstance(stmt, (ast.Return, ast.Raise)):
        return True
    if isinstance(stmt, ast.If):
        return (
            bool(stmt.orelse)
            and terminates(stmt.body, model_args, read)
            and terminates(stmt.orelse, model_args, read)
        )
    if isinstance(stmt, ast.While):
        return always_true(stmt.test) and not has_break(stmt.body)
    if isinstance(stmt, (ast.For, ast.AsyncFor)):
        return (
            bool(stmt.orelse)
            and terminates(stmt.orelse, model_args, read)
            and not has_break(stmt.body)
        )
    if isinstance(stmt, (ast.Try, ast.TryStar)):
        if stmt.finalbody and terminates(stmt.finalbody, model_args, read):
            return True
        normal = terminates(stmt.body, model_args, read) or (
            bool(stmt.orelse) and terminates(stmt.orelse, model_args, read)
        )
        return normal and all(terminates(h.body, model_args, read) for h in stmt.handlers)
    if isinstance(stmt, (ast.With, ast.AsyncWith)):
        return terminates(stmt.body, model_args, read)
    if isinstance(stmt, ast.Match):
        # Exhaustiveness is not known without types: assume a match covers every case, unless
        # it matches constants only on a value read from a dict right there (`match
        # args.get("format", "mrk"): case "mrk": ... case "json": ...`), or the model's own
        # arguments with patterns none of which takes every dict (`case {"date": str(d)}:`):
        # any other value falls through.
        if _constants_only(stmt) and (
            _read_inline(stmt.subject)
            or (isinstance(stmt.subject, ast.Name) and stmt.subject.id in read)
        ):
            return False
        if model_args and _on_model_args(stmt, model_args):
            return False
        return all(terminates(case.body, model_args, read) for case in stmt.cases)
    if isinstance(stmt, ast.Assert):
        return isinstance(stmt.test, ast.Constant) and not stmt.test.value
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
        name = written_name(stmt.value.func)
        return name in _EXIT_CALLS
    return False


def _constants_only(stmt: ast.Match) -> bool:
    """Every case is a constant (or an `|` of constants), unguarded: no case takes any value."""
    for case in stmt.cases:
        patterns = (
            case.pattern.patterns if isinstance(case.pattern, ast.MatchOr) else [case.pattern]
        )
        if case.guard is not None or not all(
            isinstance(p, (ast.MatchValue, ast.MatchSingleton)) for p in patterns
        ):
            return False
    return bool(stmt.cases)


def _on_model_args(stmt: ast.Match, model_args: str) -> bool:
    """A `match` on the model's arguments (or a value read from them right there) none of
    whose cases takes every dict: an unguarded capture, `_`, or `{**rest}`."""
    subject = stmt.subject
    if not (
        (isinstance(subject, ast.Name) and subject.id == model_args)
        or (_read_inline(subject) and _reads_name(subject, model_args))
    ):
        return False
    return bool(stmt.cases) and not any(
        case.guard is None and _takes_all(case.pattern) for case in stmt.cases
    )


def _takes_all(pattern: ast.pattern) -> bool:
    if isinstance(pattern, ast.MatchAs):
        return pattern.pattern is None or _takes_all(pattern.pattern)
    if isinstance(pattern, ast.MatchOr):
        return any(_takes_all(p) for p in pattern.patterns)
    # (`{**rest}`: every dict, and Hermes always passes one)
    return isinstance(pattern, ast.MatchMapping) and not pattern.keys


def _reads_name(expr: ast.expr, name: str) -> bool:
    """`name.get(...)` or `name[...]`."""
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute):
        expr = expr.func.value
    elif isinstance(expr, ast.Subscript):
        expr = expr.value
    return isinstance(expr, ast.Name) and expr.id == name


def dict_read_locals(
    node: ast.FunctionDef | ast.AsyncFunctionDef, model_args: str | None
) -> frozenset[str]:
    """The locals a handler binds once, to a value read from the model's arguments (`fmt =
    args.get("format", "single")`): what a `match` of constants on them may not cover."""
    if not model_args:
        return frozenset()
    counts: dict[str, int] = {}
    read: set[str] = set()
    for sub in walk_function(node):
        if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
            counts[sub.id] = counts.get(sub.id, 0) + 1
        if (
            isinstance(sub, ast.Assign)
            and len(sub.targets) == 1
            and isinstance(sub.targets[0], ast.Name)
            and _read_inline(sub.value)
            and _reads_name(sub.value, model_args)
        ):
            read.add(sub.targets[0].id)
    return frozenset(name for name in read if counts.get(name) == 1)


def _read_inline(subject: ast.expr) -> bool:
    """`d.get("k", ...)` or `d["k"]`: a value read from a dict where it is matched."""
    if isinstance(subject, ast.Call):
        func = subject.func
        return (
            isinstance(func, ast.Attribute)
            and func.attr == "get"
            and bool(subject.args)
            and isinstance(subject.args[0], ast.Constant)
        )
    return isinstance(subject, ast.Subscript) and isinstance(subject.slice, ast.Constant)


def always_true(test: ast.expr) -> bool:
    return isinstance(test, ast.Constant) and bool(test.value)


def has_break(body: list[ast.stmt]) -> bool:
    """A `break` that leaves this loop (not one of an inner loop)."""
    stack: list[ast.AST] = list(body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Break):
            return True
        if isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
            stack.extend(node.orelse)  # a break in an inner loop's else leaves the outer loop
            continue
        if isinstance(node, (*_DEF_TYPES, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(node, (ast.stmt, ast.ExceptHandler, ast.match_case)):
            stack.extend(ast.iter_child_nodes(node))
    return False


def falloff_node(
    body: list[ast.stmt], model_args: str | None = None, read: frozenset[str] = frozenset()
) -> ast.stmt:
    """The statement after which control runs off the end of `body`."""
    last = body[-1]
    if isinstance(last, ast.If):
        if not terminates(last.body, model_args, read):
            return falloff_node(last.body, model_args, read)
        if last.orelse and not terminates(last.orelse, model_args, read):
            return falloff_node(last.orelse, model_args, read)
        return last
    if isinstance(last, (ast.Try, ast.TryStar)):
        if not terminates(last.body, model_args, read) and not (
            last.orelse and terminates(last.orelse, model_args, read)
        ):
            return falloff_node(last.orelse or last.body, model_args, read)
        for handler in last.handlers:
            if not terminates(handler.body, model_args, read):
                return falloff_node(handler.body, model_args, read)
        return last
    if isinstance(last, (ast.With, ast.AsyncWith)):
        return falloff_node(last.body, model_args, read)
    return last


def never_returns_call(stmt: ast.stmt, scope: Scope) -> bool:
    """`_fail("...")` as the last statement, where `_fail` always raises (or says NoReturn)."""
    if not isinstance(stmt, ast.Expr) or not isinstance(stmt.value, ast.Call):
        return False
    func = stmt.value.func
    if not isinstance(func, (ast.Name, ast.Attribute)):
        return False
    called = resolve(func, scope).single()
    if not isinstance(called, Function) or isinstance(called.node, ast.Lambda):
        return False
    node = called.node
    returns = node.returns
    annotated = returns is not None and (
        (isinstance(returns, ast.Name) and returns.id in ("NoReturn", "Never"))
        or (isinstance(returns, ast.Attribute) and returns.attr in ("NoReturn", "Never"))
        or (isinstance(returns, ast.Constant) and returns.value in ("NoReturn", "Never"))
    )
    if annotated:
        return True
    return terminates(node.body) and not any(isinstance(n, ast.Return) for n in walk_function(node))
