"""WrapInJsonDumps: `return {...}` / `return [...]` / `return result` -> `return json.dumps(...)`.

HD101's safe fix (unsafe when other code in the module calls the handler: it gets a string now).
The module's own name for `json.dumps` is used (`import json as _json` -> `_json.dumps`, `from
json import dumps` -> `dumps`); else `import json` is added. A return in a function where that
name is a local variable or parameter is left as it is. A text edit (no libcst: see `_wrap`).
"""

from __future__ import annotations

from hermes_dev.lint.fix._scope import enclosing_locals
from hermes_dev.lint.fix._wrap import wrap_return
from hermes_dev.lint.fix.add_import import callable_at, json_dumps_name
from hermes_dev.pyast.semantic.locations import NodeSpan

TYPE_CHECKING = False
if TYPE_CHECKING:
    import ast

    from hermes_dev.lint.fix._text import Lines, TextEdit
    from hermes_dev.lint.fix.add_import import Requirement
    from hermes_dev.lint.rule import Fix

EDIT = "wrap_in_json_dumps"
REQUIRES = ("json", None)  # `import json`, unless the module names json.dumps otherwise


def requires(tree: ast.Module) -> Requirement | None:
    """The import this module needs for the fix's call."""
    return json_dumps_name(tree)[1]


def applies(tree: ast.Module, fix: Fix) -> bool:
    """Whether --fix would apply `fix` here (see add_import.callable_at)."""
    return callable_at(tree, fix.args, json_dumps_name(tree)[0].split(".")[0], requires(tree))


def edits(lines: Lines, tree: ast.Module, fixes: list[Fix]) -> list[tuple[TextEdit, list[Fix]]]:
    """One edit per fix; `fix.args` is the ast span of the `return` statement."""
    dumps = json_dumps_name(tree)[0]
    out: list[tuple[TextEdit, list[Fix]]] = []
    for fix in fixes:
        span = NodeSpan.of(fix.args)
        if dumps.split(".")[0] in enclosing_locals(tree, span.lineno, span.col_offset):
            continue
        edit = wrap_return(lines, tree, span, dumps)
        if edit is not None and lines.source.startswith("return", edit.start):
            out.append((edit, [fix]))
    return out
