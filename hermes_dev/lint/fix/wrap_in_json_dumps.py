"""WrapInJsonDumps: `return {...}` / `return [...]` / `return result` -> `return json.dumps(...)`.

HD101's safe fix (unsafe when other code in the module calls the handler: it gets a string now).
`import json` is added when the module lacks it.
"""

from __future__ import annotations

import ast

import libcst as cst

from hermes_dev.lint.fix._statement import call, rewrite
from hermes_dev.lint.fix._text import AstSpan

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hermes_dev.lint.fix._text import Lines, TextEdit
    from hermes_dev.lint.rule import Fix

EDIT = "wrap_in_json_dumps"
REQUIRES = ("json", None)  # `import json`


class WrapInJsonDumps(cst.CSTTransformer):
    def leave_Return(
        self, original_node: cst.Return, updated_node: cst.Return
    ) -> cst.Return:
        if updated_node.value is None:
            return updated_node
        return updated_node.with_changes(value=call("json.dumps", updated_node.value))


def edits(lines: Lines, tree: ast.Module, fixes: list[Fix]) -> list[tuple[TextEdit, list[Fix]]]:
    """One edit per fix; `fix.args` is the ast span of the `return` statement."""
    out: list[tuple[TextEdit, list[Fix]]] = []
    for fix in fixes:
        edit = rewrite(lines, AstSpan.of(fix.args), WrapInJsonDumps())
        if edit is not None and lines.source.startswith("return", edit.start):
            out.append((edit, [fix]))
    return out
