"""Raises guarded by a helper's verdict on a parameter, and callers that asked it first.

`def station_dir(station): if not valid_station(station): raise ArchiveError(...)` fires only
on what `valid_station` turns away. A caller that turned those away itself (`if not
valid_station(d.name): continue` ... `station_dir(d.name)`) never sees the raise; one that
did not may. So an escape keeps the verdict its raise depends on (`verdict_raises`), each call
site asks whether the same helper said yes to the same argument on every path to the call
(`holds_at`), and a parameter passed on as it is hands the question to the next caller.

- `verdict_raises(node)`: id of each `if [not] F(..., param, ...): raise` -> its `Guard`.
- `holds_at(node, call, expr, guard, same)`: the def `node` reaches `call` only when the
  helper (`same(test_call)` says a call is of it) answered for `expr` what lets the raise pass.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import NamedTuple

from hermes_dev.pyast.analyze.preconditions import parameters
from hermes_dev.pyast.analyze.tests_read import ends
from hermes_dev.pyast.semantic.walker import walk_function

TYPE_CHECKING = False
if TYPE_CHECKING:
    FuncNode = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda

_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)


class Guard(NamedTuple):
    """The test of a guarded raise: `test` is the helper's call; the parameter is its
    argument at `position`, the other arguments are constants (`others`: their dumps); the raise
    fires when the helper answers `fires_when`."""

    test: ast.Call
    param: str
    position: int
    others: tuple[str, ...]
    fires_when: bool


def verdict_raises(node: FuncNode) -> dict[int, Guard]:
    """`if not F(param): raise ...` (the `if` holds the raise, after calls at most; no
    `else`), `param` a parameter the def never binds again."""
    if isinstance(node, ast.Lambda):
        return {}
    params = set(parameters(node))
    found: dict[int, Guard] = {}
    bound_again: set[str] | None = None
    for sub in walk_function(node):
        if not isinstance(sub, ast.If) or sub.orelse or not isinstance(sub.body[-1], ast.Raise):
            continue
        if not all(isinstance(s, ast.Expr) for s in sub.body[:-1]):
            continue
        test, fires_when = sub.test, True
        while isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            test, fires_when = test.operand, not fires_when
        guard = _guard(test, params, fires_when)
        if guard is None:
            continue
        if bound_again is None:
            bound_again = rebound(node)
        if guard.param not in bound_again:
            found[id(sub.body[-1])] = guard
    return found


def as_contains(test: ast.expr) -> tuple[ast.Call, bool] | None:
    """`x in TABLE` as the verdict `TABLE.__contains__(x)` (and whether `not in` turns it
    over), so a membership test is asked like a helper; None for any other test."""
    if not (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], (ast.In, ast.NotIn))
        and isinstance(test.comparators[0], (ast.Name, ast.Attribute))
    ):
        return None
    table = test.comparators[0]
    func = ast.copy_location(ast.Attribute(table, "__contains__", ast.Load()), table)
    made = ast.copy_location(ast.Call(func, [test.left], []), test)
    return made, isinstance(test.ops[0], ast.NotIn)


def is_contains(call: ast.Call) -> bool:
    """A verdict `as_contains` made."""
    return isinstance(call.func, ast.Attribute) and call.func.attr == "__contains__"


def _guard(test: ast.expr, params: set[str], fires_when: bool) -> Guard | None:
    member = as_contains(test)
    if member is not None:
        test, fires_when = member[0], fires_when != member[1]
    if not isinstance(test, ast.Call) or test.keywords or not test.args:
        return None
    index, param = -1, ""
    others: list[str] = []
    for i, arg in enumerate(test.args):
        if isinstance(arg, ast.Name) and arg.id in params and not param:
            index, param = i, arg.id
        elif isinstance(arg, ast.Constant):
            others.append(ast.dump(arg))
        else:
            return None
    if not param:
        return None
    return Guard(test, param, index, tuple(others), fires_when)


def rebound(node: FuncNode) -> set[str]:
    """The names the def binds (its parameters bound again among them)."""
    names: set[str] = set()
    for sub in walk_function(node):
        if isinstance(sub, ast.Name) and not isinstance(sub.ctx, ast.Load):
            names.add(sub.id)
    return names


def holds_at(
    node: FuncNode,
    call: ast.Call,
    expr: ast.expr,
    guard: Guard,
    same: Callable[[ast.Call], bool],
) -> bool:
    """The def `node` makes `call` (which gives the guarded parameter `expr`) only where the
    helper answered `not guard.fires_when` for `expr`: inside an `if` (or a conditional
    expression, a comprehension's `if`) that says so, or after one whose other branch leaves;
    or `expr` is an item of a list the def kept only the items the helper said yes to."""
    wanted = ast.dump(expr)
    where = (call.lineno, call.col_offset)

    def answer(test: ast.expr, truth: bool, wanted: str = wanted) -> bool | None:
        """What the helper answered for `wanted` when `test` is `truth` (None: not told)."""
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            return answer(test.operand, not truth, wanted)
        if isinstance(test, ast.BoolOp):
            # every part of an `and` that held, every part of an `or` that failed
            if isinstance(test.op, ast.And) == truth:
                for value in test.values:
                    found = answer(value, truth, wanted)
                    if found is not None:
                        return found
            return None
        if isinstance(test, ast.NamedExpr):
            return answer(test.value, truth, wanted)
        if isinstance(test, ast.Call) and _asks(test, guard, wanted) and same(test):
            return truth
        member = as_contains(test) if is_contains(guard.test) else None
        if member is not None and _asks(member[0], guard, wanted) and same(member[0]):
            return truth != member[1]  # (`if method not in METHODS: return ...`)
        return None

    def lets_pass(test: ast.expr, truth: bool, wanted: str = wanted) -> bool:
        return answer(test, truth, wanted) is (not guard.fires_when)

    def kept_only(values: ast.expr) -> bool:
        """`values` is a local list made of the items the helper said yes to (`ok = [s for s
        in names if valid(s)]`)."""
        if not isinstance(values, ast.Name):
            return False
        made = [
            sub.value
            for sub in walk_function(node)
            if isinstance(sub, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == values.id for t in sub.targets)
        ]
        if len(made) != 1 or values.id in _augmented(node):
            return False
        comp = made[0]
        if not isinstance(comp, (ast.ListComp, ast.SetComp, ast.GeneratorExp)):
            return False
        gen, item = comp.generators[-1], comp.elt
        return _same_name(gen.target, item) and any(
            lets_pass(t, True, ast.dump(item)) for t in gen.ifs
        )

    def an_item_kept(loops: list[ast.AST]) -> bool:
        """`expr` is the target of a loop around the call over such a list."""
        for loop in loops:
            if isinstance(loop, (ast.For, ast.AsyncFor)):
                if not within(loop.body[0], loop.body[-1]):
                    continue
                pairs = [(loop.target, loop.iter)]
            elif isinstance(loop, _COMPREHENSIONS) and within(loop, loop):
                pairs = [(g.target, g.iter) for g in loop.generators]
            else:
                continue
            if any(_same_name(t, expr) and kept_only(i) for t, i in pairs):
                return True
        return False

    def within(first: ast.AST, last: ast.AST) -> bool:
        start = (first.lineno, first.col_offset)  # type: ignore[attr-defined]
        end = (last.end_lineno, last.end_col_offset)  # type: ignore[attr-defined]
        return start <= where <= end

    def block(stmts: list[ast.stmt]) -> bool:
        for i, stmt in enumerate(stmts):
            if not isinstance(stmt, ast.If):
                continue
            if within(stmt.body[0], stmt.body[-1]) and lets_pass(stmt.test, True):
                return True
            orelse = stmt.orelse
            if orelse and within(orelse[0], orelse[-1]) and lets_pass(stmt.test, False):
                return True
            if i + 1 < len(stmts) and within(stmts[i + 1], stmts[-1]):
                if ends(stmt.body) and lets_pass(stmt.test, False):
                    return True
                if stmt.orelse and ends(stmt.orelse) and lets_pass(stmt.test, True):
                    return True
        return False

    if isinstance(node, ast.Lambda):
        return False
    if block(node.body):
        return True
    nodes = _shaping(node)
    if isinstance(expr, ast.Name) and an_item_kept(nodes):
        return True
    for sub in nodes:
        if isinstance(sub, (ast.If, ast.For, ast.AsyncFor, ast.While, ast.With, ast.AsyncWith)):
            if block(sub.body) or block(getattr(sub, "orelse", [])):
                return True
        elif isinstance(sub, (ast.Try, ast.TryStar)):
            if any(block(b) for b in (sub.body, sub.orelse, sub.finalbody)):
                return True
            if any(block(h.body) for h in sub.handlers):
                return True
        elif isinstance(sub, ast.match_case):
            if block(sub.body):
                return True
        elif isinstance(sub, ast.IfExp):
            if within(sub.body, sub.body) and lets_pass(sub.test, True):
                return True
            if within(sub.orelse, sub.orelse) and lets_pass(sub.test, False):
                return True
        elif isinstance(sub, _COMPREHENSIONS):
            made = (sub.key, sub.value) if isinstance(sub, ast.DictComp) else (sub.elt, sub.elt)
            if within(made[0], made[1]) and any(
                lets_pass(test, True) for gen in sub.generators for test in gen.ifs
            ):
                return True
    return False


_SHAPING = (
    ast.If,
    ast.For,
    ast.AsyncFor,
    ast.While,
    ast.With,
    ast.AsyncWith,
    ast.Try,
    ast.TryStar,
    ast.match_case,
    ast.IfExp,
    *_COMPREHENSIONS,
)
_SHAPING_ATTR = "_hermes_dev_shaping"


def _shaping(node: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.AST]:
    """The def's blocks, conditional expressions and comprehensions (kept on the node: asked
    again at each guarded call)."""
    found: list[ast.AST] | None = node.__dict__.get(_SHAPING_ATTR)
    if found is None:
        found = [sub for sub in walk_function(node) if isinstance(sub, _SHAPING)]
        setattr(node, _SHAPING_ATTR, found)
    return found


def _same_name(a: ast.expr, b: ast.expr) -> bool:
    return isinstance(a, ast.Name) and isinstance(b, ast.Name) and a.id == b.id


def _augmented(node: FuncNode) -> set[str]:
    """Names the def changes in place (`x += ...`, `x.append(...)`, `x.extend(...)`)."""
    names: set[str] = set()
    for sub in walk_function(node):
        if isinstance(sub, ast.AugAssign) and isinstance(sub.target, ast.Name):
            names.add(sub.target.id)
        elif (
            isinstance(sub, ast.Call)
            and isinstance(sub.func, ast.Attribute)
            and sub.func.attr in ("append", "extend", "insert", "add", "update")
            and isinstance(sub.func.value, ast.Name)
        ):
            names.add(sub.func.value.id)
    return names


def _asks(test: ast.Call, guard: Guard, wanted: str) -> bool:
    """`test` gives `wanted` where the guard's call gives its parameter, the same constants
    elsewhere."""
    if test.keywords or len(test.args) != len(guard.test.args):
        return False
    others: list[str] = []
    for i, arg in enumerate(test.args):
        if i == guard.position:
            if ast.dump(arg) != wanted:
                return False
        else:
            others.append(ast.dump(arg))
    return tuple(others) == guard.others
