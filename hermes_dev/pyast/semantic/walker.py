"""What runs, read with the stdlib `ast`: the one walker of a module body and of a def's body.

- `statements(body)`: every statement that runs when `body` runs, each with the `Blocks` around
  it (outermost first), in source order. One block set, for modules and defs alike: `if`/`else`,
  `for`/`while` (body and `else`), `try` (body, each `except`, `else`, `finally`), `with`, and
  `match` cases. A def, class or lambda is a statement here, but its body is another scope and
  is never entered. `module_statements(tree)` / `def_statements(func)` keep the list on the node.
- `Block`: one block around a statement: `node` (the if/for/while/try/with/match statement) and
  `part` ("body", "orelse", "finalbody", or the `except` handler / `case` it is in).
- `walk_shallow(nodes)`: every node of a list of statements or expressions, pre-order, left to
  right, not entering nested defs, lambdas or classes; `walk_function(func)` the same over a
  def's or lambda's own body, kept on its node; `returns_of(func)` its own `return`s.
"""

from __future__ import annotations

import ast

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    FuncNode = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
    DefNode = ast.FunctionDef | ast.AsyncFunctionDef

_DEF_TYPES = (ast.FunctionDef, ast.AsyncFunctionDef)
_NOT_ENTERED = (*_DEF_TYPES, ast.Lambda, ast.ClassDef)
_LOOPS = (ast.For, ast.AsyncFor, ast.While)
_TRIES = (ast.Try, ast.TryStar)
_WITHS = (ast.With, ast.AsyncWith)
# (expressions whose generators bind names of their own)
COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)
_STATEMENTS_ATTR = "_hermes_dev_statements"
_WALK_ATTR = "_hermes_dev_walk"


class Block:
    """One block a statement sits in: the compound statement and which part of it."""

    __slots__ = ("node", "part")

    def __init__(self, node: ast.stmt, part: str | ast.ExceptHandler | ast.match_case) -> None:
        self.node = node
        self.part = part

    @property
    def is_loop(self) -> bool:
        return isinstance(self.node, _LOOPS) and self.part == "body"

    @property
    def is_conditional(self) -> bool:
        """Whether code in this block may not run every time the block around it runs (a `with`
        body and a `try` body always start; a `finally` always runs)."""
        if isinstance(self.node, _WITHS):
            return False
        if isinstance(self.node, _TRIES):
            return self.part not in ("body", "finalbody")
        return True

    def __repr__(self) -> str:
        part = self.part if isinstance(self.part, str) else type(self.part).__name__
        return f"Block({type(self.node).__name__}:{self.node.lineno}.{part})"


Blocks = tuple[Block, ...]
_NO_BLOCKS: Blocks = ()


def statements(body: list[ast.stmt], blocks: Blocks = _NO_BLOCKS) -> list[tuple[ast.stmt, Blocks]]:
    """Every statement that runs when `body` runs, with the blocks around it, in source order."""
    out: list[tuple[ast.stmt, Blocks]] = []
    _collect(body, blocks, out)
    return out


def _collect(body: list[ast.stmt], blocks: Blocks, out: list[tuple[ast.stmt, Blocks]]) -> None:
    for stmt in body:
        out.append((stmt, blocks))
        kind = type(stmt)
        if kind is ast.If or kind in _LOOPS:
            _collect(stmt.body, (*blocks, Block(stmt, "body")), out)  # type: ignore[attr-defined]
            orelse = stmt.orelse  # type: ignore[attr-defined]
            if orelse:
                _collect(orelse, (*blocks, Block(stmt, "orelse")), out)
        elif kind in _TRIES:
            _collect(stmt.body, (*blocks, Block(stmt, "body")), out)  # type: ignore[attr-defined]
            for handler in stmt.handlers:  # type: ignore[attr-defined]
                _collect(handler.body, (*blocks, Block(stmt, handler)), out)
            if stmt.orelse:  # type: ignore[attr-defined]
                _collect(stmt.orelse, (*blocks, Block(stmt, "orelse")), out)  # type: ignore[attr-defined]
            if stmt.finalbody:  # type: ignore[attr-defined]
                _collect(stmt.finalbody, (*blocks, Block(stmt, "finalbody")), out)  # type: ignore[attr-defined]
        elif kind in _WITHS:
            _collect(stmt.body, (*blocks, Block(stmt, "body")), out)  # type: ignore[attr-defined]
        elif kind is ast.Match:
            for case in stmt.cases:  # type: ignore[attr-defined]
                _collect(case.body, (*blocks, Block(stmt, case)), out)


def module_statements(tree: ast.Module) -> list[tuple[ast.stmt, Blocks]]:
    """`statements(tree.body)`, computed once per tree."""
    found: list[tuple[ast.stmt, Blocks]] | None = tree.__dict__.get(_STATEMENTS_ATTR)
    if found is None:
        found = statements(tree.body)
        setattr(tree, _STATEMENTS_ATTR, found)
    return found


def def_statements(func: DefNode) -> list[tuple[ast.stmt, Blocks]]:
    """`statements(func.body)`, computed once per def."""
    found: list[tuple[ast.stmt, Blocks]] | None = func.__dict__.get(_STATEMENTS_ATTR)
    if found is None:
        found = statements(func.body)
        setattr(func, _STATEMENTS_ATTR, found)
    return found


# -- every node of a body ------------------------------------------------------------------------

# The fields of each node class that may hold child nodes, in `_fields` order; `ctx` (the shared
# Load/Store/Del markers) is left out: nothing looks for them in a function's nodes.
_CHILD_FIELDS: dict[type, tuple[str, ...]] = {}
# Fields that never hold a node in any class of the grammar (names, flags, numbers), and
# classes whose fields never do (a Constant's value is a Python value).
_NEVER_NODE_FIELDS = frozenset(
    {"ctx", "id", "attr", "arg", "name", "asname", "module", "level", "kind", "type_comment"}
    | {"conversion", "is_async", "simple", "kwd_attrs"}
)
_LEAF_TYPES = (ast.Constant, ast.MatchSingleton)
# The list fields that may hold something other than nodes (None, names); every other list
# field of the grammar holds only nodes.
_MIXED_LISTS = frozenset(
    {(ast.Dict, "keys"), (ast.arguments, "kw_defaults"), (ast.Global, "names")}
    | {(ast.Nonlocal, "names"), (ast.MatchClass, "kwd_attrs")}
)


def _child_fields(cls: type) -> tuple[str, ...]:
    if issubclass(cls, _LEAF_TYPES) or issubclass(cls, _NOT_ENTERED):
        return ()
    fields: tuple[str, ...] = getattr(cls, "_fields", ())
    return tuple(f for f in fields if f not in _NEVER_NODE_FIELDS)


def walk_shallow(body: list[ast.stmt] | list[ast.expr]) -> list[ast.AST]:
    """Every node in `body` in `ast.iter_child_nodes` order (pre-order, left to right), not
    descending into nested defs, lambdas or classes."""
    out: list[ast.AST] = []
    append = out.append
    stack: list[ast.AST] = list(reversed(body))
    pop = stack.pop
    fields_of = _CHILD_FIELDS
    node_type = ast.AST
    while stack:
        node = pop()
        append(node)
        cls = type(node)
        fields = fields_of.get(cls)
        if fields is None:
            fields = fields_of[cls] = _child_fields(cls)
        if not fields:
            continue  # a leaf (a name, a constant), or a def/lambda/class: not entered
        children: list[ast.AST] = []
        for name in fields:
            value = getattr(node, name, None)
            if isinstance(value, node_type):
                children.append(value)
            elif isinstance(value, list):
                if (cls, name) in _MIXED_LISTS:
                    children.extend(item for item in value if isinstance(item, node_type))
                else:
                    children.extend(value)
        if children:
            children.reverse()
            stack.extend(children)
    return out


def walk_function(func: FuncNode) -> list[ast.AST]:
    """Every node of a function's own body (nested defs, lambdas and classes are not entered).

    Computed once per function and kept on its node: the handler analyses walk the same
    functions again and again (JSON-ness, raises, generators, locals).
    """
    nodes: list[ast.AST] | None = func.__dict__.get(_WALK_ATTR)
    if nodes is None:
        nodes = walk_shallow([func.body] if isinstance(func, ast.Lambda) else func.body)
        setattr(func, _WALK_ATTR, nodes)
    return nodes


_BLOCK_FIELDS = frozenset({"body", "orelse", "finalbody", "handlers", "cases"})


def blocks_of(stmt: ast.stmt) -> list[list[ast.stmt]]:
    """The statement lists a compound statement holds: its body, `else`, `finally`, each
    `except` block's and each `case`'s."""
    found = [
        value
        for name in ("body", "orelse", "finalbody")
        if isinstance(value := getattr(stmt, name, None), list)
    ]
    found.extend(handler.body for handler in getattr(stmt, "handlers", ()))
    found.extend(case.body for case in getattr(stmt, "cases", ()))
    return found


def handlers_around(
    body: list[ast.stmt], hit: Callable[[ast.AST], bool]
) -> list[ast.ExceptHandler] | None:
    """The `except` blocks of the `try` statements whose body holds an expression `hit`
    accepts (outside nested defs and lambdas), innermost first; None when none holds one."""
    found: list[ast.ExceptHandler] = []

    def visit(stmts: list[ast.stmt]) -> bool:
        holds = False
        for stmt in stmts:
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            if isinstance(stmt, (ast.Try, ast.TryStar)):
                if visit(stmt.body):
                    found.extend(stmt.handlers)
                    holds = True
                for block in (*(h.body for h in stmt.handlers), stmt.orelse, stmt.finalbody):
                    holds = visit(block) or holds
                continue
            headers: list[ast.AST] = []
            for name, value in ast.iter_fields(stmt):
                if name in _BLOCK_FIELDS:
                    continue
                if isinstance(value, ast.AST):
                    headers.append(value)
                elif isinstance(value, list):
                    headers.extend(v for v in value if isinstance(v, ast.AST))
            if any(hit(sub) for sub in walk_shallow(headers)):  # type: ignore[arg-type]
                holds = True
            for block in blocks_of(stmt):
                holds = visit(block) or holds
        return holds

    return found if visit(body) else None


def returns_of(func: DefNode) -> list[ast.Return]:
    """The `return` statements of a def's own body (not of nested defs)."""
    return [node for node in walk_function(func) if isinstance(node, ast.Return)]


def written_name(expr: ast.expr) -> str | None:
    """`a.b.c` as the code writes it (names and attributes only), or None."""
    parts: list[str] = []
    while isinstance(expr, ast.Attribute):
        parts.append(expr.attr)
        expr = expr.value
    if not isinstance(expr, ast.Name):
        return None
    parts.append(expr.id)
    return ".".join(reversed(parts))


def raising_ifs(func: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.If]:
    """The `if <test>: ... raise` statements of a def (in any of its blocks, not in nested
    defs) with no `else`: the raise runs when the test holds."""
    return [
        stmt
        for stmt in walk_function(func)
        if isinstance(stmt, ast.If)
        and not stmt.orelse
        and stmt.body
        and isinstance(stmt.body[-1], ast.Raise)
    ]


def within(node: ast.AST, outer: ast.AST) -> bool:
    """`node` stands inside `outer`, by their positions."""
    start = (getattr(node, "lineno", None), getattr(node, "col_offset", None))
    first = (getattr(outer, "lineno", None), getattr(outer, "col_offset", None))
    last = (getattr(outer, "end_lineno", None), getattr(outer, "end_col_offset", None))
    if None in start or None in first or None in last:
        return False  # (a stand-in without a place of its own)
    return first <= start < last


def last_name(expr: ast.expr) -> str | None:
    """The name an expression ends with: `c` for `a.b.c` and for a call of it (a decorator
    as written, `@retry(...)`, names `retry`), else None."""
    if isinstance(expr, ast.Call):
        expr = expr.func
    if isinstance(expr, ast.Attribute):
        return expr.attr
    if isinstance(expr, ast.Name):
        return expr.id
    return None


def is_none(expr: ast.expr) -> bool:
    """`None` as written."""
    return isinstance(expr, ast.Constant) and expr.value is None


def is_name(expr: ast.expr, name: str) -> bool:
    """`expr` is the bare name `name`."""
    return isinstance(expr, ast.Name) and expr.id == name


_AUGMENTED_ATTR = "_hd_augmented"


def augmented_value(stmt: ast.AugAssign) -> ast.expr:
    """The value an augmented assignment binds, as the plain one writes it: `name += ".md"`
    binds `name + ".md"` (memoised on the statement: one node, whoever asks)."""
    found: ast.expr | None = stmt.__dict__.get(_AUGMENTED_ATTR)
    if found is None:
        target = stmt.target
        left: ast.expr = (
            ast.Name(id=target.id, ctx=ast.Load()) if isinstance(target, ast.Name) else target
        )
        ast.copy_location(left, target)
        found = ast.copy_location(ast.BinOp(left=left, op=stmt.op, right=stmt.value), stmt)
        setattr(stmt, _AUGMENTED_ATTR, found)
    return found
