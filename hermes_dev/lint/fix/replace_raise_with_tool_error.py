"""ReplaceRaiseWithToolError: `raise ValueError("msg")` -> `return tool_error("msg")`.

HD102's unsafe fix, for a raise in the handler's own body: the message (a string, an f-string,
`str(e)`) becomes the error the model reads instead of a generic "Tool execution failed". Code
after the raise that relied on the exception (an outer caller catching it) sees a return instead.
"""

from __future__ import annotations

from hermes_dev.lint.fix._scope import enclosing_locals
from hermes_dev.lint.fix._wrap import raise_to_return
from hermes_dev.lint.fix.add_import import callable_at
from hermes_dev.pyast.semantic.locations import NodeSpan

TYPE_CHECKING = False
if TYPE_CHECKING:
    import ast

    from hermes_dev.lint.fix._text import Lines, TextEdit
    from hermes_dev.lint.rule import Fix

EDIT = "replace_raise_with_tool_error"
REQUIRES = ("tools.registry", "tool_error")


def applies(tree: ast.Module, fix: Fix) -> bool:
    """Whether --fix would apply `fix` here (see add_import.callable_at)."""
    return callable_at(tree, fix.args, "tool_error", REQUIRES)


def edits(lines: Lines, tree: ast.Module, fixes: list[Fix]) -> list[tuple[TextEdit, list[Fix]]]:
    """One edit per fix; `fix.args` is the ast span of the `raise` statement."""
    out: list[tuple[TextEdit, list[Fix]]] = []
    for fix in fixes:
        span = NodeSpan.of(fix.args)
        if "tool_error" in enclosing_locals(tree, span.lineno, span.col_offset):
            continue  # a local `tool_error` is not the registry's
        edit = raise_to_return(lines, tree, span, "tool_error")
        if edit is not None and edit.text.startswith("return"):
            out.append((edit, [fix]))
    return out
