"""Plan `remove-plugin`: the reverse of an in-checkout `new-plugin`, from the files as they are."""

from __future__ import annotations

import os
from functools import partial
from pathlib import Path

from hermes_dev.errors import UserError
from hermes_dev.host import ownership
from hermes_dev.host.layout import Project
from hermes_dev.host.plugins import read_manifest
from hermes_dev.reading import DATA_LIMIT, read_bounded, read_head
from hermes_dev.scaffold._sources import edited, read_source
from hermes_dev.scaffold._spec import check_name
from hermes_dev.writes.plan import FileChange, Plan, outside_root

# What new-plugin puts in a plugin folder.
PLUGIN_FILES = ("plugin.yaml", "__init__.py", "tools.py")
# A file new-plugin made is small; a bigger one is read only this far for its record.
_RECORD_BYTES = 1_000_000


def plan_remove_plugin(project: Project, name: str, *, force: bool = False) -> Plan:
    """Delete `plugins/NAME/` (its three files) and `tests/plugins/test_NAME_plugin.py`, take the
    plugin's tools out of the toolsets new-plugin's record says it listed them in, and remove
    the folders the record says it made once they are empty.

    A symlink (the folder itself, or anything in it) is deleted as a symlink, never followed.
    Refuses (UserError) without `force` when new-plugin did not make the folder: it holds other
    files (they would go too), or it has no plugin.yaml naming NAME; and always when it holds
    something that is neither a file, a folder nor a symlink (a FIFO, a socket). The manifest is
    never a reason to edit toolsets.py: a name comes out only where the record says new-plugin
    put it."""
    from hermes_dev import edits

    check_name(name)
    folder_rel = f"plugins/{name}"
    folder = project.root / folder_rel
    if not folder.is_dir():
        raise UserError(f"there is no plugin {name!r} to remove (no {folder_rel}/)")
    entries, dirs = _entries(project.root, folder)
    # (A symlinked folder goes as one symlink: what it points to stays, whatever it holds.)
    others = sorted(
        rel.removeprefix(folder_rel + "/")
        for rel, kind in entries
        if rel != folder_rel
        and (rel.count("/") != 2 or rel.rsplit("/", 1)[1] not in PLUGIN_FILES or kind != "file")
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
    record = _record(project.root, folder, name, linked=folder.is_symlink(), force=force)
    changes = [_deletion(project.root, rel, kind) for rel, kind in entries]
    notes: list[str] = []
    test = project.root / "tests" / "plugins" / f"test_{name}_plugin.py"
    if test.is_symlink() or test.is_file():
        rel = test.relative_to(project.root).as_posix()
        if outside_root(project.root, rel):
            notes.append(
                f"{rel} is outside the root (a folder on its way is a symlink); it stays"
                " (delete it by hand)"
            )
        else:
            changes.append(_deletion(project.root, rel, "link" if test.is_symlink() else "file"))

    toolsets_old = read_source(project, project.toolsets_path)
    toolsets_new = toolsets_old
    for toolset, tools in (record.toolsets if record is not None else {}).items():
        for tool in tools:
            if tool.encode() in toolsets_new:
                remove = partial(
                    edits.remove_tool_from_toolsets, tool=tool, places={toolset: "name"}, core=False
                )
                toolsets_new = edited(project.toolsets_path, toolsets_new, remove)
    if toolsets_new != toolsets_old:
        changes.append(FileChange("toolsets.py", toolsets_old, toolsets_new))
    # The plugin's own folders, innermost first, then those new-plugin made (by its record).
    prune = [*dirs, *sorted(record.dirs if record is not None else (), key=len, reverse=True)]
    plan = Plan(project.root, tuple(changes), notes=tuple(notes), prune_dirs=tuple(prune))
    plan.check_python()
    return plan


def _entries(root: Path, folder: Path) -> tuple[list[tuple[str, str]], list[str]]:
    """(relpath, "file" or "link") of everything to delete under `folder`, bytecode caches left
    out, sorted; and the folders to remove afterwards, innermost first. A symlinked folder is one
    "link" (never entered). UserError for anything else (a FIFO, a socket, a device)."""
    if folder.is_symlink():
        return [(folder.relative_to(root).as_posix(), "link")], []
    entries: list[tuple[str, str]] = []
    dirs: list[str] = []
    stack = [folder]
    while stack:
        current = stack.pop()
        dirs.append(current.relative_to(root).as_posix())
        try:
            found = sorted(os.scandir(current), key=lambda e: e.name)
        except OSError as exc:
            raise UserError(f"cannot list {current}: {exc.strerror or exc}") from None
        for entry in found:
            rel = Path(entry.path).relative_to(root).as_posix()
            if entry.is_symlink():
                entries.append((rel, "link"))
            elif entry.is_dir(follow_symlinks=False):
                if entry.name != "__pycache__":
                    stack.append(Path(entry.path))
            elif entry.is_file(follow_symlinks=False):
                if "__pycache__" not in rel.split("/"):
                    entries.append((rel, "file"))
            else:
                raise UserError(
                    f"{rel} is not a regular file (a FIFO, socket or device); remove it by hand"
                    " first"
                )
    return sorted(entries), sorted(dirs, key=lambda d: (-d.count("/"), d))


def _deletion(root: Path, rel: str, kind: str) -> FileChange:
    path = root / rel
    if kind == "link":
        return FileChange(rel, None, None, link=os.readlink(path))
    try:
        return FileChange(rel, read_bounded(path, DATA_LIMIT), None)
    except OSError as exc:
        raise UserError(f"cannot read {rel}: {exc.strerror or exc}") from None


def _record(
    root: Path, folder: Path, name: str, *, linked: bool, force: bool
) -> ownership.PluginRecord | None:
    """new-plugin's record in the plugin's own `__init__.py` (not through a symlink)."""
    init = folder / "__init__.py"
    if linked or init.is_symlink() or not init.is_file():
        return None
    try:
        source = read_head(init, _RECORD_BYTES).decode("utf-8", "replace")
    except OSError:
        return None
    try:
        return ownership.parse_plugin_record(source, name)
    except ownership.BadRecord as exc:
        if force:
            return None
        rel = init.relative_to(root).as_posix()
        raise UserError(
            f"{rel} has a new-plugin marker, but {exc}; pass --force to delete the plugin"
            " anyway (toolsets.py stays as it is)"
        ) from None
