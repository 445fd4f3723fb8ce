"""The one binding index: every way a scope binds or changes a name, in source order.

`BindingIndex` holds, for one scope (a module, a def or lambda, a class body), each name's
`Binding`s in source order, and the names the scope declares `global` or `nonlocal` (a def's
assignments to those belong to another scope). Built from the walker's statements
(`walker.statements`), so a module's index and a def's see the same blocks.

A `Binding`'s `kind` is one of:

- "def", "class": a def or class statement (`node`);
- "declared": `name: T` with no value (a class's field, a local to be assigned later);
- "assign", "annotated", "named" (`:=`): `value` is the right-hand side; for a name inside a
  tuple target, `path` gives its place (`a, (b, c) = ...`: b is (1, 0)), None past a `*`;
- "augmented": `X += value` (`detail` the operator's class name);
- "loop": a `for` target (`node` the loop, `value` its iterable, `path` as for assign);
- "with", "except", "match": bound to a value the index cannot tell (`value` the context
  manager for "with");
- "import": `node` the import statement, `detail` the alias;
- "param": a parameter (`node` the `ast.arg`, `value` its default or None);
- "mutated": the object the name holds is changed: `X.append(v)`, `.extend`, `.insert`,
  `.update`, `.setdefault`, `.add` (`detail` the method, `value` the argument that carries the
  new element or elements), `X[key] = value` (`detail` "setitem", `key`), `X.attr = value`
  ("setattr"), and changes the index cannot follow (`X[k].append(...)`, `.pop()`, `del X[k]`:
  `detail` "other"; `key` the entry's key where one is used: `X[k] += 1`,
  `X.setdefault(k, []).append(v)`);
- "deleted": `del X`;
- "global": an assignment to the name in a def that declares it `global` (`home` that def;
  `detail` the assignment's own kind).

`blocks` are the blocks around the statement within its scope; `home` is the def or lambda whose
body holds the statement (None at module level and in a class body).
"""

from __future__ import annotations

import ast

from hermes_dev.pyast.semantic.walker import (
    Block,
    Blocks,
    def_statements,
    statements,
    walk_function,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

    FuncNode = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda

_DEF_TYPES = (ast.FunctionDef, ast.AsyncFunctionDef)
_NO_BLOCKS: Blocks = ()
# Methods that add to a list, dict or set: what they add is an element (or elements) of it.
ADDING_METHODS = frozenset({"append", "extend", "insert", "update", "setdefault", "add"})
_CHANGING_METHODS = ADDING_METHODS | frozenset(
    {"pop", "popitem", "remove", "discard", "clear", "sort", "reverse", "__setitem__"}
)
# Binding kinds that replace what the name held before (the others add a possibility, or change
# the object in place).
REPLACING = frozenset({"def", "class", "assign", "annotated", "import", "deleted", "named"})


class Binding:
    __slots__ = ("blocks", "detail", "home", "key", "kind", "name", "node", "path", "value")

    def __init__(
        self,
        name: str,
        kind: str,
        node: ast.AST,
        value: ast.expr | None = None,
        blocks: Blocks = _NO_BLOCKS,
        home: FuncNode | None = None,
        path: tuple[int, ...] | None = (),
        detail: object = None,
        key: ast.expr | None = None,
    ) -> None:
        self.name = name
        self.kind = kind
        self.node = node
        self.value = value
        self.blocks = blocks
        self.home = home
        self.path = path
        self.detail = detail
        self.key = key

    @property
    def unconditional(self) -> bool:
        """Whether the statement runs every time its scope's body runs to its end."""
        return not any(block.is_conditional for block in self.blocks)

    @property
    def line(self) -> int:
        return getattr(self.node, "lineno", 0)

    def __repr__(self) -> str:
        return f"Binding({self.name!r}, {self.kind}, line {self.line})"


class BindingIndex:
    """Every binding of one scope, by name, in source order."""

    __slots__ = ("by_name", "declared", "nonlocal_names")

    def __init__(self) -> None:
        self.by_name: dict[str, list[Binding]] = {}
        self.declared: set[str] = set()  # names declared `global`
        self.nonlocal_names: set[str] = set()

    def get(self, name: str) -> list[Binding]:
        return self.by_name.get(name, [])

    def binds(self, name: str) -> bool:
        """Whether the scope binds `name` (changing the object a name holds binds nothing)."""
        return any(b.kind != "mutated" for b in self.by_name.get(name, ()))

    def add(self, binding: Binding) -> None:
        self.by_name.setdefault(binding.name, []).append(binding)

    def names(self) -> Iterator[str]:
        return iter(self.by_name)


# -- building an index ---------------------------------------------------------------------------


def module_index(tree: ast.Module) -> BindingIndex:
    """The bindings a module body makes at import (those of its defs' `global` assignments are
    found by `global_bindings`, on demand)."""
    index = BindingIndex()
    for stmt, blocks in statements(tree.body):
        _bind_statement(index, stmt, blocks, None)
    return index


def class_index(node: ast.ClassDef) -> BindingIndex:
    index = BindingIndex()
    for stmt, blocks in statements(node.body):
        _bind_statement(index, stmt, blocks, None)
    return index


def function_index(func: FuncNode) -> BindingIndex:
    """A def's or lambda's own bindings: parameters, the statements of its body, `:=` in its
    expressions; names it declares `global` or `nonlocal` are left to the scope they belong to."""
    index = BindingIndex()
    args = func.args
    positional = [*args.posonlyargs, *args.args]
    defaults: list[ast.expr | None] = [None] * (len(positional) - len(args.defaults))
    defaults.extend(args.defaults)
    for arg, default in zip(positional, defaults):
        index.add(Binding(arg.arg, "param", arg, default, home=func))
    if args.vararg is not None:
        index.add(Binding(args.vararg.arg, "param", args.vararg, None, home=func, detail="*"))
    for arg, kw_default in zip(args.kwonlyargs, args.kw_defaults):
        index.add(Binding(arg.arg, "param", arg, kw_default, home=func))
    if args.kwarg is not None:
        index.add(Binding(args.kwarg.arg, "param", args.kwarg, None, home=func, detail="**"))
    if isinstance(func, ast.Lambda):
        _bind_walrus(index, func, _NO_BLOCKS)
        return index
    for stmt, blocks in def_statements(func):
        _bind_statement(index, stmt, blocks, func)
    _bind_walrus(index, func, _NO_BLOCKS)
    for name in index.declared | index.nonlocal_names:
        index.by_name.pop(name, None)
    # `X.append(v)` on a name the def does not bind changes an object of another scope (found
    # there by `runtime_bindings`).
    for name in [n for n, bs in index.by_name.items() if all(b.kind == "mutated" for b in bs)]:
        del index.by_name[name]
    return index


def _bind_walrus(index: BindingIndex, func: FuncNode, blocks: Blocks) -> None:
    for node in walk_function(func):
        if isinstance(node, ast.NamedExpr) and isinstance(node.target, ast.Name):
            index.add(Binding(node.target.id, "named", node, node.value, blocks, func))


def _bind_statement(
    index: BindingIndex, stmt: ast.stmt, blocks: Blocks, home: FuncNode | None
) -> None:
    kind = type(stmt)
    if kind in _DEF_TYPES:
        index.add(Binding(stmt.name, "def", stmt, None, blocks, home))  # type: ignore[attr-defined]
    elif kind is ast.ClassDef:
        index.add(Binding(stmt.name, "class", stmt, None, blocks, home))  # type: ignore[attr-defined]
    elif kind is ast.Assign:
        for target in stmt.targets:  # type: ignore[attr-defined]
            _bind_target(index, target, stmt, stmt.value, blocks, home, "assign")  # type: ignore[attr-defined]
    elif kind is ast.AnnAssign:
        target = stmt.target  # type: ignore[attr-defined]
        if stmt.value is not None or not isinstance(target, ast.Name):  # type: ignore[attr-defined]
            _bind_target(index, target, stmt, stmt.value, blocks, home, "annotated")  # type: ignore[attr-defined]
        else:
            index.add(Binding(target.id, "declared", stmt, None, blocks, home))
    elif kind is ast.AugAssign:
        target = stmt.target  # type: ignore[attr-defined]
        op = type(stmt.op).__name__  # type: ignore[attr-defined]
        if isinstance(target, ast.Name):
            index.add(Binding(target.id, "augmented", stmt, stmt.value, blocks, home, detail=op))  # type: ignore[attr-defined]
        else:
            _bind_changed(index, target, stmt, blocks, home)
    elif kind is ast.For or kind is ast.AsyncFor:
        _bind_target(index, stmt.target, stmt, stmt.iter, blocks, home, "loop")  # type: ignore[attr-defined]
    elif kind is ast.With or kind is ast.AsyncWith:
        for item in stmt.items:  # type: ignore[attr-defined]
            if item.optional_vars is not None:
                _bind_target(
                    index, item.optional_vars, stmt, item.context_expr, blocks, home, "with"
                )
    elif kind is ast.Import:
        for alias in stmt.names:  # type: ignore[attr-defined]
            bound = alias.asname or alias.name.split(".", 1)[0]
            index.add(Binding(bound, "import", stmt, None, blocks, home, detail=alias))
    elif kind is ast.ImportFrom:
        for alias in stmt.names:  # type: ignore[attr-defined]
            if alias.name != "*":
                index.add(
                    Binding(
                        alias.asname or alias.name, "import", stmt, None, blocks, home, detail=alias
                    )
                )
    elif kind is ast.Try or kind is ast.TryStar:
        for handler in stmt.handlers:  # type: ignore[attr-defined]
            if handler.name:
                inner = (*blocks, _handler_block(stmt, handler))
                index.add(Binding(handler.name, "except", handler, None, inner, home))
    elif kind is ast.Match:
        for case in stmt.cases:  # type: ignore[attr-defined]
            for node in ast.walk(case.pattern):
                name = (
                    getattr(node, "name", None)
                    if isinstance(node, (ast.MatchAs, ast.MatchStar))
                    else None
                )
                if isinstance(node, ast.MatchMapping):
                    name = node.rest
                if name:
                    index.add(Binding(name, "match", node, None, blocks, home))
    elif kind is ast.Delete:
        for target in stmt.targets:  # type: ignore[attr-defined]
            if isinstance(target, ast.Name):
                index.add(Binding(target.id, "deleted", stmt, None, blocks, home))
            else:
                _bind_changed(index, target, stmt, blocks, home)
    elif kind is ast.Global:
        index.declared.update(stmt.names)  # type: ignore[attr-defined]
    elif kind is ast.Nonlocal:
        index.nonlocal_names.update(stmt.names)  # type: ignore[attr-defined]
    elif kind is ast.Expr:
        call = stmt.value  # type: ignore[attr-defined]
        if type(call) is ast.Call and type(call.func) is ast.Attribute:
            _bind_method_call(index, call, stmt, blocks, home)


def _handler_block(stmt: ast.stmt, handler: ast.ExceptHandler) -> Block:
    return Block(stmt, handler)


def _bind_method_call(
    index: BindingIndex, call: ast.Call, stmt: ast.stmt, blocks: Blocks, home: FuncNode | None
) -> None:
    func = call.func
    assert isinstance(func, ast.Attribute)
    method = func.attr
    if method not in _CHANGING_METHODS:
        return
    base = func.value
    if isinstance(base, ast.Name):
        value: ast.expr | None = None
        key: ast.expr | None = None
        if method in ADDING_METHODS:
            if method == "insert":
                value = call.args[1] if len(call.args) == 2 else None
            elif method == "setdefault":
                key = call.args[0] if call.args else None
                value = call.args[1] if len(call.args) == 2 else None
            elif len(call.args) == 1 and not call.keywords:
                value = call.args[0]
            elif method == "update" and not call.args and call.keywords:
                value = ast.Dict(
                    keys=[ast.Constant(k.arg) if k.arg else None for k in call.keywords],
                    values=[k.value for k in call.keywords],
                )
                ast.copy_location(value, call)
        detail = method if value is not None else "other"
        index.add(Binding(base.id, "mutated", stmt, value, blocks, home, detail=detail, key=key))
        return
    _bind_changed(index, base, stmt, blocks, home)


def _bind_changed(
    index: BindingIndex, target: ast.expr, stmt: ast.stmt, blocks: Blocks, home: FuncNode | None
) -> None:
    """`X[k] = v`, `X.attr = v`, `X[k].append(...)`, `del X[k]`: the object X holds changes."""
    detail = "other"
    key: ast.expr | None = None
    value: ast.expr | None = None
    if (
        isinstance(target, ast.Call)
        and isinstance(target.func, ast.Attribute)
        and target.func.attr == "setdefault"
        and target.args
    ):
        # (`groups.setdefault(day, []).append(r)`: the entry the call made or found changes)
        key, target = target.args[0], target.func.value
    elif isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name):
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and not isinstance(
            target.slice, ast.Slice
        ):
            detail, key, value = "setitem", target.slice, stmt.value
        elif not isinstance(target.slice, ast.Slice) and not isinstance(stmt, ast.Delete):
            key = target.slice  # (`counts[day] += 1`, `by[day].append(r)`: keys it may hold)
    elif (
        isinstance(target, ast.Attribute)
        and isinstance(target.value, ast.Name)
        and isinstance(stmt, (ast.Assign, ast.AnnAssign))
    ):
        detail, value = "setattr", stmt.value
        key = ast.Constant(target.attr)
    base = target
    while isinstance(base, (ast.Attribute, ast.Subscript, ast.Starred)):
        base = base.value
    if isinstance(base, ast.Name):
        index.add(Binding(base.id, "mutated", stmt, value, blocks, home, detail=detail, key=key))


def _bind_target(
    index: BindingIndex,
    target: ast.expr,
    stmt: ast.stmt,
    value: ast.expr | None,
    blocks: Blocks,
    home: FuncNode | None,
    kind: str,
    path: tuple[int, ...] | None = (),
) -> None:
    if isinstance(target, ast.Name):
        index.add(Binding(target.id, kind, stmt, value, blocks, home, path))
    elif isinstance(target, (ast.Tuple, ast.List)):
        starred = False
        for i, elt in enumerate(target.elts):
            if isinstance(elt, ast.Starred):
                starred = True
                _bind_target(index, elt.value, stmt, value, blocks, home, kind, None)
                continue
            inner = None if path is None or starred else (*path, i)
            _bind_target(index, elt, stmt, value, blocks, home, kind, inner)
    elif isinstance(target, ast.Starred):
        _bind_target(index, target.value, stmt, value, blocks, home, kind, None)
    elif kind in ("assign", "annotated"):
        _bind_changed(index, target, stmt, blocks, home)


# -- bindings made from defs: `global` assignments and changes of a module's objects -------------


def defs_spanning(
    tree: ast.Module, lines: set[int]
) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """The defs of a module (at any depth, methods too) whose lines include one of `lines`,
    found through statements only, entering only the statements that span such a line (so
    the bodies of the others are never read)."""
    found: list[ast.FunctionDef | ast.AsyncFunctionDef] = []
    stack: list[ast.AST] = [stmt for stmt in tree.body if spans_any(stmt, lines)]
    while stack:
        node = stack.pop()
        if isinstance(node, _DEF_TYPES):
            found.append(node)
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.stmt, ast.ExceptHandler, ast.match_case)) and spans_any(
                child, lines
            ):
                stack.append(child)
    return found


def spans_any(node: ast.AST, lines: set[int]) -> bool:
    """Whether a node's lines include one of `lines` (a node without lines: True)."""
    start = getattr(node, "lineno", None)
    end = getattr(node, "end_lineno", None)
    if start is None or end is None:
        return True
    if end - start < len(lines):
        # (a node of a few lines in a module where the word is on many)
        return any(line in lines for line in range(start, end + 1))
    return any(start <= line <= end for line in lines)


def runtime_bindings(
    defs: list[ast.FunctionDef | ast.AsyncFunctionDef], name: str, lines: set[int]
) -> list[Binding]:
    """What the defs of a module do to its module-level `name` when they run: assignments
    under `global name` (kind "global") and changes of the object it holds ("mutated"), where
    `name` is not a local of the def. `lines`: the lines on which the word occurs."""
    found: list[Binding] = []
    for func in defs:
        end = func.end_lineno or func.lineno
        if not any(func.lineno <= line <= end for line in lines):
            continue
        own = function_index(func)
        if name in own.declared:
            scratch = BindingIndex()
            for stmt, blocks in def_statements(func):
                _bind_statement(scratch, stmt, blocks, func)
            for binding in scratch.get(name):
                if binding.kind == "mutated":
                    found.append(binding)
                else:
                    found.append(
                        Binding(
                            name,
                            "global",
                            binding.node,
                            binding.value,
                            binding.blocks,
                            func,
                            binding.path,
                            detail=binding.kind,
                        )
                    )
            continue
        if own.binds(name) or name in own.nonlocal_names:
            continue
        scratch = BindingIndex()
        for stmt, blocks in def_statements(func):
            if isinstance(stmt, (ast.Expr, ast.Assign, ast.AugAssign, ast.Delete, ast.AnnAssign)):
                _bind_statement(scratch, stmt, blocks, func)
        found.extend(b for b in scratch.get(name) if b.kind == "mutated")
    return found
