"""new-tool, remove-tool, new-plugin, remove-plugin: a copier render plus planned edits,
applied all or nothing.

`new_tool(name, root=..., **answers)` and `remove_tool(name, root=...)` do a whole job in one
call. Underneath, `plan_new_tool` / `plan_remove_tool` read the project and build a `Plan` in
memory (every file's old and new bytes, each Python result checked to parse); `Plan.diff()` shows
it, `Plan.apply()` writes it through temporary files and `os.replace`, restoring everything if one
write fails. `root_lock(root)` serialises runs on one root: hold it from before the files are read
until the plan is applied. May import `errors`, `host`, `pyast` and `edits`; never `lint` or `cli`.
"""

from hermes_dev.scaffold._api import new_plugin, new_tool, remove_plugin, remove_tool
from hermes_dev.scaffold._new_tool import plan_new_tool
from hermes_dev.scaffold._remove_tool import plan_remove_tool
from hermes_dev.scaffold._spec import JSON_TYPES, Param, ToolSpec, make_spec
from hermes_dev.writes.lock import root_lock
from hermes_dev.writes.plan import FileChange, Plan

__all__ = [
    "JSON_TYPES",
    "FileChange",
    "Param",
    "Plan",
    "ToolSpec",
    "make_spec",
    "new_plugin",
    "new_tool",
    "plan_new_tool",
    "plan_remove_tool",
    "remove_plugin",
    "remove_tool",
    "root_lock",
]
