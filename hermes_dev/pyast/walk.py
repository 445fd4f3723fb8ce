"""The hand-rolled walker of function bodies, read with the stdlib `ast` (imports nothing else).

- `walk_shallow(body)`: every node of a list of statements or expressions in
  `ast.iter_child_nodes` order (pre-order, left to right), not entering nested defs, lambdas or
  classes; each node class's child fields come from a table built once per class.
- `walk_function(func)`: the same over a def's or lambda's own body, computed once per function
  and kept on its node (the handler analyses walk the same functions again and again).
- `returns_of(func)`: the `return` statements of a def's own body (not of nested defs).
"""

from __future__ import annotations

import ast

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

    FuncNode = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
    DefNode = ast.FunctionDef | ast.AsyncFunctionDef

_DEF_TYPES = (ast.FunctionDef, ast.AsyncFunctionDef)
_NOT_ENTERED = (*_DEF_TYPES, ast.Lambda, ast.ClassDef)
# The fields of each node class that may hold child nodes, in `_fields` order; `ctx` (the shared
# Load/Store/Del markers) is left out: nothing looks for them in a function's nodes.
_CHILD_FIELDS: dict[type, tuple[str, ...]] = {}
_WALK_ATTR = "_hermes_dev_walk"  # where walk_function keeps its list, on the def/lambda node
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


def _returns(func: DefNode) -> Iterator[ast.Return]:
    for node in walk_function(func):
        if isinstance(node, ast.Return):
            yield node


def returns_of(func: DefNode) -> list[ast.Return]:
    """The `return` statements of a def's own body (not of nested defs)."""
    return list(_returns(func))
