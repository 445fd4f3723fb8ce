"""WrapInToolError: `return f"Error: {e}"` -> `return tool_error(f"Error: {e}")`.

HD101's unsafe fix for a handler that returns an error as plain text: the model then gets
`{"error": "..."}` like every other tool's error (a caller that compared the text sees JSON).
`tool_error` is imported the way the module imports the registry when it is missing.
"""

from __future__ import annotations

import libcst as cst

from hermes_dev.lint.fix._scope import enclosing_locals
from hermes_dev.lint.fix._statement import call, rewrite
from hermes_dev.lint.fix._text import AstSpan

TYPE_CHECKING = False
if TYPE_CHECKING:
    import ast

    from hermes_dev.lint.fix._text import Lines, TextEdit
    from hermes_dev.lint.rule import Fix

EDIT = "wrap_in_tool_error"
REQUIRES = ("tools.registry", "tool_error")


class WrapInToolError(cst.CSTTransformer):
    def leave_Return(self, original_node: cst.Return, updated_node: cst.Return) -> cst.Return:
        if updated_node.value is None:
            return updated_node
        return updated_node.with_changes(value=call("tool_error", updated_node.value))


def edits(lines: Lines, tree: ast.Module, fixes: list[Fix]) -> list[tuple[TextEdit, list[Fix]]]:
    """One edit per fix; `fix.args` is the ast span of the `return` statement."""
    out: list[tuple[TextEdit, list[Fix]]] = []
    for fix in fixes:
        span = AstSpan.of(fix.args)
        if "tool_error" in enclosing_locals(tree, span.lineno, span.col_offset):
            continue  # a local `tool_error` is not the registry's
        edit = rewrite(lines, span, WrapInToolError())
        if edit is not None and lines.source.startswith("return", edit.start):
            out.append((edit, [fix]))
    return out
