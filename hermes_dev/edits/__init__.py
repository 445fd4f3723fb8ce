"""Source edits of `hermes-dev new-tool` / `remove-tool`: one libcst transform per module.

Each function takes a whole file's text and returns the new text (no I/O). An add changes nothing
when the name is there already; each remove is the exact inverse of its add, byte for byte. A file
shape an edit cannot change safely raises EditError (a UserError: one line naming file and shape).
"""

from hermes_dev.edits._cst import EditError
from hermes_dev.edits.add_core_tool import add_core_tool
from hermes_dev.edits.add_env_var import add_env_var
from hermes_dev.edits.add_toolset_tool import add_tool_to_toolset
from hermes_dev.edits.remove_tool_from_env_vars import remove_tool_from_env_vars
from hermes_dev.edits.remove_tool_from_toolsets import remove_tool_from_toolsets

__all__ = [
    "EditError",
    "add_core_tool",
    "add_env_var",
    "add_tool_to_toolset",
    "remove_tool_from_env_vars",
    "remove_tool_from_toolsets",
]
