"""WrapInToolError: `return f"Error: {e}"` -> `return tool_error(f"Error: {e}")`.

HD101's unsafe fix for a handler that returns an error as plain text: the model then gets
`{"error": "..."}` like every other tool's error (a caller that compared the text sees JSON).
`tool_error` is imported the way the module imports the registry when it is missing.
"""

from __future__ import annotations

from hermes_dev.lint.fix._scope import enclosing_locals
from hermes_dev.lint.fix._wrap import wrap_return
from hermes_dev.lint.fix.add_import import callable_at
from hermes_dev.pyast.semantic.locations import NodeSpan

TYPE_CHECKING = False
if TYPE_CHECKING:
    import ast

    from hermes_dev.lint.fix._text import Lines, TextEdit
    from hermes_dev.lint.rule import Fix

EDIT = "wrap_in_tool_error"
REQUIRES = ("tools.registry", "tool_error")


def applies(tree: ast.Module, fix: Fix) -> bool:
    """Whether --fix would apply `fix` here (see add_import.callable_at)."""
    return callable_at(tree, fix.args, "tool_error", REQUIRES)


def edits(lines: Lines, tree: ast.Module, fixes: list[Fix]) -> list[tuple[TextEdit, list[Fix]]]:
    """One edit per fix; `fix.args` is the ast span of the `return` statement."""
    out: list[tuple[TextEdit, list[Fix]]] = []
    for fix in fixes:
        span = NodeSpan.of(fix.args)
        if "tool_error" in enclosing_locals(tree, span.lineno, span.col_offset):
            continue  # a local `tool_error` is not the registry's
        edit = wrap_return(lines, tree, span, "tool_error")
        if edit is not None and lines.source.startswith("return", edit.start):
            out.append((edit, [fix]))
    return out
