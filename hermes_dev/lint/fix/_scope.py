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
    """Outermost first; only nodes around the position are entered (not the whole file)."""
    out: list[ast.AST] = []
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        for child in ast.iter_child_nodes(node):
            if getattr(child, "end_lineno", None) is not None and not _holds(child, line, column):
                continue
            if isinstance(child, _FUNCTIONS):
                out.append(child)
            stack.append(child)
    return out


def _holds(node: ast.AST, line: int, column: int) -> bool:
    start = (node.lineno, node.col_offset)  # type: ignore[attr-defined]
    end = (node.end_lineno, node.end_col_offset)  # type: ignore[attr-defined]
    return start <= (line, column) < end


def _bound(func: ast.AST) -> set[str]:
    """The names a def or lambda binds in its own scope (`semantic.bindings`), less those it
    imports: a local import gives the name the fix means."""
    assert isinstance(func, _FUNCTIONS)
    index = function_index(func)
    return {
        name
        for name, bindings in index.by_name.items()
        if any(binding.kind != "import" for binding in bindings)
    }
