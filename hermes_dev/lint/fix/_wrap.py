"""Text edits of one `return` / `raise` statement from its ast positions, without libcst.

The handler fixes are what a pre-commit `lint --fix` meets most, and importing libcst costs
more than the rest of a one-file run (~170 ms against ~30 ms to `ast.parse` a 800-line module;
bench/lint.py (c)). These edits only insert a call around an expression the ast locates, or
drop the `raise X(` before a message, so every other byte (comments, line breaks, brackets)
stays as it was by construction.
"""

from __future__ import annotations

import ast

from hermes_dev.lint.fix._text import Lines, TextEdit
from hermes_dev.pyast.semantic.locations import NodeSpan


def find(tree: ast.Module, span: NodeSpan, kind: type[ast.stmt]) -> ast.stmt | None:
    """The statement of type `kind` at exactly `span`."""
    for node in ast.walk(tree):
        if (
            isinstance(node, kind)
            and node.lineno == span.lineno
            and node.col_offset == span.col_offset
            and node.end_lineno == span.end_lineno
            and node.end_col_offset == span.end_col_offset
        ):
            return node
    return None


def wrap_return(lines: Lines, tree: ast.Module, span: NodeSpan, func: str) -> TextEdit | None:
    """`return V` -> `return func(V)`; None when there is no such return there."""
    node = find(tree, span, ast.Return)
    if not isinstance(node, ast.Return) or node.value is None:
        return None
    start, end = lines.span(node)
    v_start, v_end = lines.span(node.value)
    source = lines.source
    text = source[start:v_start] + func + "(" + source[v_start:v_end] + ")" + source[v_end:end]
    return TextEdit(start, end, text)


def raise_to_return(lines: Lines, tree: ast.Module, span: NodeSpan, func: str) -> TextEdit | None:
    """`raise X(message)` (one positional argument) -> `return func(message)`, the text from the
    message to the call's closing bracket kept; `from cause` goes. None for any other raise."""
    node = find(tree, span, ast.Raise)
    if not isinstance(node, ast.Raise) or not isinstance(node.exc, ast.Call):
        return None
    call = node.exc
    if len(call.args) != 1 or call.keywords or isinstance(call.args[0], ast.Starred):
        return None
    start, end = lines.span(node)
    _, func_end = lines.span(call.func)
    arg_start, _ = lines.span(call.args[0])
    _, call_end = lines.span(call)
    between = lines.source[func_end:arg_start]  # `(`, with spaces or a comment after it
    opening = func_end + len(between) - len(between.lstrip())
    rest = lines.source[opening + 1 : arg_start]
    if lines.source[opening] != "(" or "(" in rest or rest.strip()[:1] not in ("", "#"):
        return None  # `raise X((message))`: a bracket of the message's own
    return TextEdit(start, end, f"return {func}(" + lines.source[opening + 1 : call_end])
