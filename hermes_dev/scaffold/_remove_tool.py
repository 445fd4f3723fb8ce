"""Plan `remove-tool`: the reverse of `new-tool`, from the files as they are now."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

from hermes_dev.errors import UserError
from hermes_dev.project import Project, env_vars_path
from hermes_dev.scaffold._plan import FileChange, Plan
from hermes_dev.scaffold._sources import edited, read_source
from hermes_dev.scaffold._spec import check_name


def _swap(remove: Callable[[str, str], str], name: str, source: str) -> str:
    return remove(source, name)


def plan_remove_tool(project: Project, name: str) -> Plan:
    """Delete the module and its test; take `name` out of toolsets.py and OPTIONAL_ENV_VARS."""
    from hermes_dev import edits

    check_name(name)
    changes: list[FileChange] = []
    for relpath in (f"tools/{name}_tool.py", f"tests/tools/test_{name}_tool.py"):
        path = project.root / relpath
        if path.is_file():
            changes.append(FileChange(relpath, path.read_bytes(), None))
    sources: list[tuple[Path, Callable[[str, str], str]]] = [
        (project.toolsets_path, edits.remove_tool_from_toolsets)
    ]
    if project.config_path.is_file():
        sources.append((env_vars_path(project), edits.remove_tool_from_env_vars))
    for path, remove in sources:
        old = read_source(project, path)
        new = edited(path, old, partial(_swap, remove, name))
        if new != old:
            changes.append(FileChange(path.relative_to(project.root).as_posix(), old, new))
    if not changes:
        raise UserError(
            f"there is no tool {name!r} to remove (no tools/{name}_tool.py, and neither"
            " toolsets.py nor OPTIONAL_ENV_VARS names it)"
        )
    plan = Plan(project.root, tuple(changes))
    plan.check_python()
    return plan
