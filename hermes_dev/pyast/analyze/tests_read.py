"""What a function's tests say of the values they read, as InputRisks asks it.

- `tested_calls(nodes)`: the calls whose answer a test reads (`if not PAT.match(x)`, `m = ...;
  if m:`), or with `turning_away` only those read as a yes or no in a test that can end the
  function (`err = _check(x); if err: return ...`);
- `passing_exits(nodes)`: pattern, membership and prefix tests that hold only inside their
  `if` (`if PAT.match(name): return ...`), with the lines where they hold;
- `choice_tests(nodes)`: the same tests as a conditional expression's (`tok if tok in BARS
  else chord(tok)`), with the part of it where they hold;
- `rejected_prefixes(nodes)`: `startswith` tests that turn one form away;
- `asked_keys(nodes)`: the keys asked of a name (`"qty" in line`, `line.get("qty")`), and
  the names tested themselves (`if row is None`);
- `ends(body)`: a block that leaves the function or the loop.

`nodes` is a function's own nodes, walked once (`walker.walk_shallow`).
"""

from __future__ import annotations

import ast

from hermes_dev.pyast.semantic.walker import walk_shallow

# Methods of a compiled pattern that test text (a guard of what they are given).
MATCHES = frozenset({"match", "fullmatch", "search"})
# Text methods whose answer tests the text's form.
CHECKS = frozenset({"isdigit", "isnumeric", "isdecimal", "startswith"})


def tests_of(nodes: list[ast.AST], extra: tuple[type[ast.AST], ...] = ()) -> list[ast.expr]:
    """The tests among `nodes`: of `if`s, loops, conditional expressions and asserts, the
    filters of comprehensions, and every node of the `extra` types (`ast.Compare`) itself."""
    tests: list[ast.expr] = []
    for sub in nodes:
        kind = type(sub)
        if kind in (ast.If, ast.While, ast.IfExp, ast.Assert):
            tests.append(sub.test)  # type: ignore[attr-defined]
        elif kind is ast.comprehension:
            tests.extend(sub.ifs)  # type: ignore[attr-defined]
        elif kind in extra:
            tests.append(sub)  # type: ignore[arg-type]
    return tests


def leaf_tests(tests: list[ast.expr]) -> list[ast.expr]:
    """The tests `and`, `or` and `not` join (`not a or b > 0`: `a`, `b > 0`)."""
    leaves: list[ast.expr] = []
    todo = list(tests)
    while todo:
        test = todo.pop()
        if isinstance(test, ast.BoolOp):
            todo.extend(test.values)
        elif isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            todo.append(test.operand)
        else:
            leaves.append(test)
    return leaves


def rejected_prefixes(nodes: list[ast.AST]) -> set[int]:
    """ids of `text.startswith(...)` tests that turn one form away (`if name.startswith("."):
    return ...`): what is left may still be any other text, so they validate nothing (`nodes`:
    the function's, walked once)."""
    found: set[int] = set()
    for sub in nodes:
        if not isinstance(sub, ast.If) or not isinstance(sub.body[-1], (ast.Return, ast.Raise)):
            continue  # (`if url.startswith("https://"): <fetch>`: the test lets the form in)
        parts = [sub.test]
        while parts:
            part = parts.pop()
            if isinstance(part, ast.BoolOp) and isinstance(part.op, ast.Or):
                parts.extend(part.values)
            elif (
                isinstance(part, ast.Call)
                and isinstance(part.func, ast.Attribute)
                and part.func.attr == "startswith"
            ):
                found.add(id(part))
    return found


def asked_keys(nodes: list[ast.AST], whole: bool = True) -> set[tuple[str, str]]:
    """(name, key) pairs the code asks about (`"qty" in line`, `line.get("qty")`); (name, "")
    for a name whose keys are asked generally (`for k in line`, `line.keys()`) or, with
    `whole`, that is tested itself (`if row is None`, `if not row`): a test of whether it
    came, which says nothing of the keys an object the model sent holds."""
    found: set[tuple[str, str]] = set()
    for sub in nodes:
        if isinstance(sub, ast.Call):
            _handed_keys(sub, found)
        if isinstance(sub, ast.Compare):
            for op, right in zip(sub.ops, sub.comparators):
                if isinstance(op, (ast.In, ast.NotIn)) and isinstance(right, ast.Name):
                    left = sub.left
                    key = left.value if isinstance(left, ast.Constant) else None
                    found.add((right.id, key if isinstance(key, str) else ""))
            if (
                whole
                and isinstance(sub.left, ast.Name)
                and all(isinstance(op, (ast.Is, ast.IsNot, ast.Eq, ast.NotEq)) for op in sub.ops)
            ):
                found.add((sub.left.id, ""))
        elif whole and isinstance(sub, (ast.If, ast.While, ast.IfExp, ast.Assert)):
            test = sub.test
            while isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
                test = test.operand
            if isinstance(test, ast.Name):
                found.add((test.id, ""))
        elif (
            isinstance(sub, ast.Call)
            and isinstance(sub.func, ast.Attribute)
            and isinstance(sub.func.value, ast.Name)
        ):
            if sub.func.attr in ("get", "pop", "setdefault") and sub.args:
                key = sub.args[0].value if isinstance(sub.args[0], ast.Constant) else None
                found.add((sub.func.value.id, key if isinstance(key, str) else ""))
            elif sub.func.attr in ("keys", "items"):
                found.add((sub.func.value.id, ""))
        elif whole and isinstance(sub, ast.BoolOp) and isinstance(sub.op, ast.And):
            for part in sub.values[:-1]:
                if isinstance(part, ast.Name):
                    found.add((part.id, ""))
    return found


def _handed_keys(call: ast.Call, found: set[tuple[str, str]]) -> None:
    """`_require(fields, "ssid")`, `need(item, ["a", "b"])`: a name handed to a check with the
    keys it must hold (as `require(args, "k")` checks the model's arguments)."""
    names = [a.id for a in call.args if isinstance(a, ast.Name)]
    if not names:
        return
    keys: list[str] = []
    for arg in call.args:
        parts = arg.elts if isinstance(arg, (ast.List, ast.Tuple, ast.Set)) else [arg]
        keys.extend(
            p.value for p in parts if isinstance(p, ast.Constant) and isinstance(p.value, str)
        )
    for name in names:
        found.update((name, key) for key in keys)


def passing_exits(nodes: list[ast.AST]) -> dict[int, tuple[int, int]]:
    """ids of the pattern and membership tests an `if` ends the function on when they pass
    (`if PAT.match(name): return ...`, `if code in SPECIAL: return ...`, no `else`), with the
    lines of that `if`'s block: the only place they say what the value is."""
    found: dict[int, tuple[int, int]] = {}
    bound: dict[str, list[ast.Call]] = {}
    ifs: list[ast.If] = []
    for sub in nodes:
        if isinstance(sub, ast.If) and not sub.orelse:
            ifs.append(sub)
        elif _binds_call(sub):
            bound.setdefault(sub.targets[0].id, []).append(sub.value)  # type: ignore[attr-defined]
    for branch in ifs:
        lines = (branch.body[0].lineno, branch.body[-1].end_lineno or branch.body[-1].lineno)
        # (a prefix tested to strip it, `if token.startswith("Bearer "): token = token[7:]`,
        # says nothing of the text after the `if` either, whether or not the block ends it)
        leaves = ends(branch.body)
        parts = [branch.test]
        while parts:
            part = parts.pop()
            if isinstance(part, ast.BoolOp) and isinstance(part.op, ast.And):
                parts.extend(part.values)
            elif isinstance(part, ast.Name):
                for call in bound.get(part.id, ()):
                    if _passing_test(call) and leaves:
                        found[id(call)] = lines
            elif _prefix_test(part) or (leaves and _passing_test(part)):
                # (from the test on: `s.isdigit() and int(s) > 0` holds for the `int`)
                found[id(part)] = (part.lineno, lines[1])
    return found


Position = tuple[int, int]  # (line, column)


def choice_tests(nodes: list[ast.AST]) -> dict[int, tuple[Position, Position]]:
    """ids of the pattern and membership tests of conditional expressions, with the first
    and last positions of the branch where they hold: `tok if tok in BARS else chord(tok)`
    says `tok` is a bar only in the first branch, `chord(tok) if tok not in BARS else tok`
    only in the second."""
    found: dict[int, tuple[Position, Position]] = {}
    for sub in nodes:
        if not isinstance(sub, ast.IfExp):
            continue
        test = sub.test
        negated: ast.expr | None = None
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            negated = test.operand
        elif (
            isinstance(test, ast.Compare)
            and len(test.ops) == 1
            and isinstance(test.ops[0], ast.NotIn)
        ):
            negated = test
        if negated is not None:
            if negated is test or _passing_test(negated):
                found[id(negated)] = _span(sub.orelse)
            continue
        parts = [test]
        while parts:
            part = parts.pop()
            if isinstance(part, ast.BoolOp) and isinstance(part.op, ast.And):
                parts.extend(part.values)
            elif _passing_test(part):
                found[id(part)] = _span(sub.body)
    return found


def _span(expr: ast.expr) -> tuple[Position, Position]:
    return (
        (expr.lineno, expr.col_offset),
        (expr.end_lineno or expr.lineno, expr.end_col_offset or expr.col_offset),
    )


def _prefix_test(node: ast.expr) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in ("startswith", "endswith")
    )


def _binds_call(node: ast.AST) -> bool:
    """`name = call(...)`."""
    return (
        isinstance(node, ast.Assign)
        and isinstance(node.value, ast.Call)
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Name)
    )


def _binds_either(node: ast.AST) -> bool:
    """`name = call(...) or call(...)`."""
    return (
        isinstance(node, ast.Assign)
        and isinstance(node.value, ast.BoolOp)
        and isinstance(node.value.op, ast.Or)
        and all(isinstance(v, ast.Call) for v in node.value.values)
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Name)
    )


def _passing_test(node: ast.expr) -> bool:
    if isinstance(node, ast.Compare):
        return len(node.ops) == 1 and isinstance(node.ops[0], ast.In)
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in (MATCHES | CHECKS) - {"startswith"}
    )


def tested_calls(nodes: list[ast.AST], turning_away: bool = False) -> set[int]:
    """ids of the calls whose result a test reads: in an `if`/`while`/`assert`/conditional
    test, or bound to a name a test reads (`m = PAT.match(text)` ... `if not m:`); with
    `turning_away`, only tests that can end the function (`if err: return ...`), not those
    that pick what to do with an answer (`if order < 0: result["bump"] = ...`)."""
    tests: list[ast.expr] = []
    bound: dict[str, list[ast.Call]] = {}
    # (a test that only skips a loop's item turns away what the loop made, not a value made
    # before it: `start = parse(since)` ... `for r in rows: if start and r.ts < start: continue`)
    within: dict[int, tuple[int, int]] = {}
    loops = [
        (sub.lineno, sub.end_lineno or sub.lineno)
        for sub in nodes
        if isinstance(sub, (ast.For, ast.AsyncFor, ast.While))
    ]
    for sub in nodes:
        if isinstance(sub, ast.If) and turning_away:
            if _leaves(sub.body) or _leaves(sub.orelse):
                tests.append(sub.test)
            elif ends(sub.body) or ends(sub.orelse):
                around = [span for span in loops if span[0] <= sub.lineno <= span[1]]
                if around:
                    tests.append(sub.test)
                    within[id(sub.test)] = max(around)  # (the innermost loop)
        elif isinstance(sub, ast.Assert) or (
            not turning_away and isinstance(sub, (ast.If, ast.While, ast.IfExp))
        ):
            # (`x.isoformat() if x else None` picks a value; it turns nothing away)
            tests.append(sub.test)
        elif _binds_call(sub):
            bound.setdefault(sub.targets[0].id, []).append(sub.value)  # type: ignore[attr-defined]
        elif _binds_either(sub):
            # (`err = check_id(a) or check_ref(b)`, then `if err: return ...`: passed, every
            # check answered nothing)
            bound.setdefault(sub.targets[0].id, []).extend(sub.value.values)  # type: ignore[attr-defined]
        elif (
            isinstance(sub, ast.Assign)
            and len(sub.targets) == 1
            and isinstance(sub.targets[0], ast.Tuple)
            and isinstance(sub.value, ast.Tuple)
            and len(sub.targets[0].elts) == len(sub.value.elts)
        ):
            # `k1, k2 = _kind(a), _kind(b)`
            for target, value in zip(sub.targets[0].elts, sub.value.elts):
                if isinstance(target, ast.Name) and isinstance(value, ast.Call):
                    bound.setdefault(target.id, []).append(value)
        elif isinstance(sub, ast.NamedExpr) and isinstance(sub.value, ast.Call):
            bound.setdefault(sub.target.id, []).append(sub.value)
    found: set[int] = set()
    if not turning_away:
        for node in walk_shallow(tests):
            if isinstance(node, ast.Call):
                found.add(id(node))
            elif isinstance(node, ast.Name):
                found.update(id(call) for call in bound.get(node.id, ()))
        return found
    for test in tests:
        span = within.get(id(test))
        for node in _verdicts([test]):
            if isinstance(node, ast.Call):
                found.add(id(node))
            elif isinstance(node, ast.Name):
                found.update(
                    id(call)
                    for call in bound.get(node.id, ())
                    if span is None or span[0] <= call.lineno <= span[1]
                )
    return found


def _leaves(body: list[ast.stmt]) -> bool:
    """A block that leaves the function (`return`, `raise`)."""
    return bool(body) and isinstance(body[-1], (ast.Return, ast.Raise))


def _verdicts(tests: list[ast.expr]) -> list[ast.AST]:
    """The parts of tests read as a yes or no (`err`, `not ok`, `kind is None`, `check(x)`),
    not a value compared (`day > date.today()`, `order < 0`): a helper whose answer is a
    value converted something; one whose answer is a verdict checked it."""
    found: list[ast.AST] = []
    parts = list(tests)
    while parts:
        part = parts.pop()
        if isinstance(part, (ast.Name, ast.Call)):
            found.append(part)
            if isinstance(part, ast.Call):
                inside: list[ast.expr] = [part]
                found.extend(walk_shallow(inside))
        elif isinstance(part, ast.UnaryOp) and isinstance(part.op, ast.Not):
            parts.append(part.operand)
        elif isinstance(part, ast.BoolOp):
            parts.extend(part.values)
        elif (
            isinstance(part, ast.Compare)
            and all(isinstance(op, (ast.Is, ast.IsNot, ast.Eq, ast.NotEq)) for op in part.ops)
            and all(
                isinstance(c, ast.Constant) and c.value in (None, True, False, "")
                for c in part.comparators
            )
        ):
            parts.append(part.left)
    return found


def ends(body: list[ast.stmt]) -> bool:
    """A block that leaves the function or the loop (`return tool_error(...)`, `raise`)."""
    return bool(body) and isinstance(body[-1], (ast.Return, ast.Raise, ast.Continue, ast.Break))
