"""Is the name taken? By files, by any registration, by a memory provider or context engine
that serves it, by a toolset, or by an env entry's tools (the host model's readers in
hermes_dev.host.ownership and hermes_dev.host.plugins)."""

from __future__ import annotations

import ast
from pathlib import Path

from hermes_dev.host.layout import Project
from hermes_dev.host.ownership import env_listing, registering_module, toolsets_listing
from hermes_dev.host.plugins import served_tool_names


def find_existing(
    project: Project,
    name: str,
    toolsets_source: str,
    env: tuple[Path, bytes] | None = None,
) -> str | None:
    """Why `name` is taken (one line), or None when it is free. `env`: the module that holds
    `OPTIONAL_ENV_VARS` and its content, when there is one."""
    for relpath in (f"tools/{name}_tool.py", f"tests/tools/test_{name}_tool.py"):
        path = project.root / relpath
        if path.exists() or path.is_symlink():
            return f"{relpath} exists"
    registered_in = registering_module(project.root, name)
    if registered_in is not None:
        rel = registered_in.relative_to(project.root).as_posix()
        return f"{rel} registers a tool named {name!r}"
    served_by = served_tool_names(project.root).get(name)
    if served_by is not None:
        return f"{served_by} serves a tool named {name!r} through get_tool_schemas()"
    listed = toolsets_listing(project.toolsets_path, toolsets_source, name)
    if listed is not None:
        return listed
    if env is not None and name.encode() in env[1]:
        path, source = env
        try:
            tree = ast.parse(source)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return None  # the edit says what is wrong with the file
        hit = env_listing(tree, name)
        if hit is not None:
            rel = path.relative_to(project.root).as_posix()
            return f"OPTIONAL_ENV_VARS[{hit[0]!r}] lists {name!r} ({rel} line {hit[1]})"
    return None
