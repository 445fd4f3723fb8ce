"""Plan `remove-plugin`: the reverse of an in-checkout `new-plugin`, from the files as they are."""

from __future__ import annotations

import shutil
from functools import partial
from pathlib import Path

from hermes_dev.errors import UserError
from hermes_dev.host.layout import Project
from hermes_dev.host.plugins import read_manifest
from hermes_dev.scaffold._sources import edited, read_source
from hermes_dev.scaffold._spec import check_name
from hermes_dev.writes.plan import FileChange, Plan

# What new-plugin puts in a plugin folder.
PLUGIN_FILES = ("plugin.yaml", "__init__.py", "tools.py")


def plan_remove_plugin(project: Project, name: str, *, force: bool = False) -> Plan:
    """Delete `plugins/NAME/` (its three files) and `tests/plugins/test_NAME_plugin.py`, and take
    the plugin's tools out of toolsets.py where new-plugin put them (an existing toolset).

    Refuses (UserError) without `force` when new-plugin did not make the folder: it holds other
    files (they would go too), or it has no plugin.yaml naming NAME."""
    from hermes_dev import edits

    check_name(name)
    folder_rel = f"plugins/{name}"
    folder = project.root / folder_rel
    if not folder.is_dir():
        raise UserError(f"there is no plugin {name!r} to remove (no {folder_rel}/)")
    files = _files_in(folder)
    others = sorted(
        p.relative_to(folder).as_posix()
        for p in files
        if p.name not in PLUGIN_FILES or p.parent != folder
    )
    manifest = read_manifest(folder / "plugin.yaml") if (folder / "plugin.yaml").is_file() else None
    if not force:
        if others:
            listed = ", ".join(others[:3]) + (", ..." if len(others) > 3 else "")
            raise UserError(
                f"{folder_rel}/ holds files new-plugin does not make ({listed}), so removing"
                " the plugin would delete them too; pass --force to do that anyway"
            )
        if manifest is None or manifest.name != name:
            raise UserError(
                f"{folder_rel}/plugin.yaml does not name the plugin {name!r}, so new-plugin did"
                " not make it; pass --force to remove the folder anyway"
            )
    changes = [
        FileChange(path.relative_to(project.root).as_posix(), path.read_bytes(), None)
        for path in files
    ]
    test = project.root / "tests" / "plugins" / f"test_{name}_plugin.py"
    if test.is_file():
        changes.append(
            FileChange(test.relative_to(project.root).as_posix(), test.read_bytes(), None)
        )

    tools = (manifest.provides_tools if manifest is not None else None) or ()
    toolsets_old = read_source(project, project.toolsets_path)
    toolsets_new = toolsets_old
    for tool in tools:
        if tool.encode() in toolsets_new:
            remove = partial(edits.remove_tool_from_toolsets, tool=tool)
            toolsets_new = edited(project.toolsets_path, toolsets_new, remove)
    if toolsets_new != toolsets_old:
        changes.append(FileChange("toolsets.py", toolsets_old, toolsets_new))
    plan = Plan(project.root, tuple(changes))
    plan.check_python()
    return plan


def _files_in(folder: Path) -> list[Path]:
    """Every file under `folder` except bytecode caches, sorted."""
    return sorted(
        p
        for p in folder.rglob("*")
        if p.is_file() and "__pycache__" not in p.relative_to(folder).parts
    )


def drop_empty_plugin_folder(root: Path, name: str) -> None:
    """After the plan is applied: remove `plugins/NAME/` when only bytecode caches are left in
    it (the plan writer never removes folders; this one new-plugin made)."""
    folder = root / "plugins" / name
    if not folder.is_dir():
        return
    if _files_in(folder):
        return
    shutil.rmtree(folder, ignore_errors=True)
