"""HD301's safe fix: put the tool into the toolset it registers into, or a new entry for it,
with the edit `new-tool` makes (`hermes_dev.edits.add_tool_to_toolset`)."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hermes_dev.lint.rule import Fix

EDIT = "add_to_toolset"
WHOLE_FILE = True


def rewrite_batch(source: str, fixes: list[Fix]) -> tuple[str, list[Fix], list[str]]:
    """All of `fixes` with one parse and one render of toolsets.py: the new text, the fixes
    that changed it, and one message per fix the edit refused (left out)."""
    from hermes_dev.edits import add_tools_to_toolsets

    adds = []
    for fix in fixes:
        tool, toolset = fix.args
        assert isinstance(tool, str) and isinstance(toolset, str)
        adds.append((tool, toolset, f"The {tool} tool"))
    new, done, failed = add_tools_to_toolsets(source, adds)
    return new, [fixes[i] for i in done], [message for _, message in failed]


def rewrite(source: str, fixes: list[Fix]) -> str:
    """`fix.args` is (tool, toolset); the new entry's description names the tool."""
    from hermes_dev.edits import add_tool_to_toolset

    for fix in fixes:
        tool, toolset = fix.args
        assert isinstance(tool, str) and isinstance(toolset, str)
        source = add_tool_to_toolset(source, tool, toolset, f"The {tool} tool")
    return source
