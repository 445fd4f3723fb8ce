"""Source edits of `hermes-dev new-tool` / `remove-tool`: one libcst transform per module.

Each function takes a whole file's text and returns the new text (no I/O). An add changes nothing
when the name is there already; each remove is the exact inverse of its add, byte for byte. A file
shape an edit cannot change safely raises EditError (a UserError: one line naming file and shape).
Imports only `hermes_dev.errors` (and libcst).
"""

from hermes_dev.edits import add_configurable_toolset as _add_configurable_toolset
from hermes_dev.edits import add_core_tool as _add_core_tool
from hermes_dev.edits import add_default_off_toolset as _add_default_off_toolset
from hermes_dev.edits import add_env_var as _add_env_var
from hermes_dev.edits import add_toolset_include as _add_toolset_include
from hermes_dev.edits import add_toolset_tool as _add_toolset_tool
from hermes_dev.edits import remove_configurable_toolset as _remove_configurable_toolset
from hermes_dev.edits import remove_default_off_toolset as _remove_default_off_toolset
from hermes_dev.edits import remove_tool_from_env_vars as _remove_tool_from_env_vars
from hermes_dev.edits import remove_tool_from_toolsets as _remove_tool_from_toolsets
from hermes_dev.edits import remove_toolset_include as _remove_toolset_include
from hermes_dev.edits._cst import CONFIG_FILE, TOOLS_CONFIG_FILE, TOOLSETS_FILE, EditError, deep

# Each edit survives deeply nested expressions in its file (see _cst.MAX_NESTING).
add_core_tool = deep(TOOLSETS_FILE)(_add_core_tool.add_core_tool)
add_env_var = deep(CONFIG_FILE)(_add_env_var.add_env_var)
add_tool_to_toolset = deep(TOOLSETS_FILE)(_add_toolset_tool.add_tool_to_toolset)
# Many adds at once, one parse (no deep-nesting thread: on RecursionError, add one at a time).
add_tools_to_toolsets = _add_toolset_tool.add_tools_to_toolsets
remove_tool_from_env_vars = deep(CONFIG_FILE)(_remove_tool_from_env_vars.remove_tool_from_env_vars)
remove_tool_from_toolsets = deep(TOOLSETS_FILE)(
    _remove_tool_from_toolsets.remove_tool_from_toolsets
)
add_toolset_include = deep(TOOLSETS_FILE)(_add_toolset_include.add_toolset_include)
remove_toolset_include = deep(TOOLSETS_FILE)(_remove_toolset_include.remove_toolset_include)
add_configurable_toolset = deep(TOOLS_CONFIG_FILE)(
    _add_configurable_toolset.add_configurable_toolset
)
remove_configurable_toolset = deep(TOOLS_CONFIG_FILE)(
    _remove_configurable_toolset.remove_configurable_toolset
)
add_default_off_toolset = deep(TOOLS_CONFIG_FILE)(_add_default_off_toolset.add_default_off_toolset)
remove_default_off_toolset = deep(TOOLS_CONFIG_FILE)(
    _remove_default_off_toolset.remove_default_off_toolset
)

__all__ = [
    "EditError",
    "add_configurable_toolset",
    "add_core_tool",
    "add_default_off_toolset",
    "add_env_var",
    "add_tool_to_toolset",
    "add_tools_to_toolsets",
    "add_toolset_include",
    "remove_configurable_toolset",
    "remove_default_off_toolset",
    "remove_tool_from_env_vars",
    "remove_tool_from_toolsets",
    "remove_toolset_include",
]
