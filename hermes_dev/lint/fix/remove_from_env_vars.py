"""HD304's unsafe fix: take the tool nothing registers out of every `OPTIONAL_ENV_VARS` entry's
`"tools"`, with remove-tool's edit (`hermes_dev.edits.remove_tool_from_env_vars`: an entry in
exactly new-tool's shape left with no tools goes too). Unsafe: the tool may be registered at
run time."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hermes_dev.lint.rule import Fix

EDIT = "remove_from_env_vars"
WHOLE_FILE = True


def rewrite(source: str, fixes: list[Fix]) -> str:
    """`fix.args` is (tool,)."""
    from hermes_dev.edits import remove_tool_from_env_vars

    for tool in sorted({str(fix.args[0]) for fix in fixes}):
        source = remove_tool_from_env_vars(source, tool)
    return source
