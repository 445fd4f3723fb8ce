"""HD302's unsafe fix: take the name nothing registers out of `TOOLSETS` and
`_HERMES_CORE_TOOLS`, with remove-tool's edit (`hermes_dev.edits.remove_tool_from_toolsets`);
every entry stays, with what is left of its list (an entry keyed like the tool, `"memory":
_ts("...", ["memory"])`, is a toolset users name in their config). Unsafe: the tool may be
registered at run time (then it belongs in `known-tools`)."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hermes_dev.lint.rule import Fix

EDIT = "remove_from_toolsets"
WHOLE_FILE = True


def rewrite(source: str, fixes: list[Fix]) -> str:
    """`fix.args` are the tools to take out."""
    from hermes_dev.edits import remove_tool_from_toolsets

    for tool in sorted({str(tool) for fix in fixes for tool in fix.args}):
        source = remove_tool_from_toolsets(source, tool, keep_entries=True)
    return source
