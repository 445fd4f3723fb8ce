"""HD304's unsafe fix: take the tool nothing registers out of every `OPTIONAL_ENV_VARS` entry's
tools (dict `"tools"` or a helper call's `tools=`, as hermes_dev.host.env_vars reads them), with
remove-tool's edit (`hermes_dev.edits.remove_tool_from_env_vars`); every entry stays, with what
is left of its list. Unsafe: the tool may be registered at run time."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hermes_dev.lint.rule import Fix

EDIT = "remove_from_env_vars"
WHOLE_FILE = True


def rewrite(source: str, fixes: list[Fix]) -> str:
    """`fix.args` are the tools to take out."""
    import ast

    from hermes_dev.edits import remove_tool_from_env_vars
    from hermes_dev.host.env_vars import read_table

    for tool in sorted({str(tool) for fix in fixes for tool in fix.args}):
        try:
            table = read_table(ast.parse(source))
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return source
        if table is None:
            return source
        places = {e.var: "name" for e in table.entries if tool in (e.tools or ())}
        source = remove_tool_from_env_vars(source, tool, places=places)
    return source
