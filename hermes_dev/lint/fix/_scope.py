"""Which names a fixed statement would see as local: a fix must not call `json.dumps(...)` or
`tool_error(...)` where `json` or `tool_error` is a parameter or a variable of the function.

Only reading is needed, so the stdlib `ast` tree of the file answers: the functions (and
lambdas) around the statement, and every name each binds in its own scope (the binding index).
"""

from __future__ import annotations

import ast

from hermes_dev.pyast.semantic.bindings import function_index

_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


def enclosing_locals(tree: ast.Module, line: int, column: int) -> set[str]:
    """The names bound in the functions whose bodies hold the position (line, byte column),
    less those they declare `global` and those they import."""
    names: set[str] = set()
    for func in _enclosing(tree, line, column):
        names |= _bound(func)
    return names


def _enclosing(tree: ast.Module, line: int, column: int) -> list[ast.AST]:
    """Outermost first: the functions of the tree (listed once per tree, in walk order, so an
    outer one comes before those it holds) whose span holds the position. Walking down to the
    position for each finding went through every statement before it: quadratic in a function
    of thousands of findings."""
    functions: list[ast.AST] | None = getattr(tree, "_hermes_dev_functions", None)
    if functions is None:
        functions = [node for node in ast.walk(tree) if isinstance(node, _FUNCTIONS)]
        tree._hermes_dev_functions = functions  # type: ignore[attr-defined]
    return [func for func in functions if _holds(func, line, column)]


def _holds(node: ast.AST, line: int, column: int) -> bool:
    start = (node.lineno, node.col_offset)  # type: ignore[attr-defined]
    end = (node.end_lineno, node.end_col_offset)  # type: ignore[attr-defined]
    return start <= (line, column) < end


def _bound(func: ast.AST) -> frozenset[str]:
    """The names `func` binds, found once per function: each finding in it asks (a handler of
    2,000 returns indexed its body 2,000 times)."""
    known: frozenset[str] | None = getattr(func, "_hermes_dev_bound", None)
    if known is None:
        known = frozenset(_own_bound(func))
        func._hermes_dev_bound = known  # type: ignore[attr-defined]
    return known


def _own_bound(func: ast.AST) -> set[str]:
    """The names a def or lambda binds in its own scope (`semantic.bindings`), less those it
    imports: a local import gives the name the fix means."""
    assert isinstance(func, _FUNCTIONS)
    index = function_index(func)
    return {
        name
        for name, bindings in index.by_name.items()
        if any(binding.kind != "import" for binding in bindings)
    }
