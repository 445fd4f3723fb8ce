"""The plugin folders a lint run looks at, for the HD4xx rules.

`plugin_folders(ctx)` lists them once per run: in a Hermes checkout, the plugins under its
`plugins/` (found as Hermes' loader finds them); in a plugin package (the root has no
`toolsets.py`), the package's plugin folders (from the `hermes_agent.plugins` entry point in
`pyproject.toml`, or the root's own `plugin.yaml`). Each `PluginFolder` has its manifest (parsed
with PyYAML, None when the folder has none), its `__init__.py` path, and the parsed modules of the
folder that call `register_tool`. `reported(ctx, folder)` says whether the run reports on it (a
whole-root run, or one of its files given), and `manifest_finding(...)` builds a finding in the
manifest at a line and column.
"""

from __future__ import annotations

import os
from pathlib import Path

from hermes_dev.pyast.model import ModuleInfo, might_register
from hermes_dev.lint.rule import Finding

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hermes_dev.host.plugins import Manifest
    from hermes_dev.lint.engine import LintContext


class PluginFolder:
    def __init__(
        self,
        path: Path,
        manifest_path: Path | None,
        manifest: Manifest | None,
        modules: list[ModuleInfo],
    ) -> None:
        self.path = path
        self.manifest_path = manifest_path
        self.manifest = manifest
        self.modules = modules  # the folder's modules that may register a tool
        self.init_path = path / "__init__.py"


def might_have_plugins(root: Path) -> bool:
    """A cheap test before anything is imported: a `plugins/` folder, or a plugin package's
    marker (`pyproject.toml` or `plugin.yaml`) at the root."""
    root_str = str(root)
    return (
        os.path.isdir(os.path.join(root_str, "plugins"))
        or os.path.isfile(os.path.join(root_str, "pyproject.toml"))
        or os.path.isfile(os.path.join(root_str, "plugin.yaml"))
        or os.path.isfile(os.path.join(root_str, "plugin.yml"))
    )


def plugin_folders(ctx: LintContext) -> list[PluginFolder]:
    if not might_have_plugins(ctx.root):
        return []
    folders = ctx.project.memo("plugin_folders", lambda: _build(ctx))
    assert isinstance(folders, list)
    return folders


def _build(ctx: LintContext) -> list[PluginFolder]:
    from hermes_dev.host.plugins import (
        checkout_plugin_dirs,
        manifest_file,
        package_plugin_dirs,
        read_manifest,
    )

    if ctx.project.is_hermes_root:
        dirs = checkout_plugin_dirs(ctx.root)
    else:
        dirs = package_plugin_dirs(ctx.root)
    folders: list[PluginFolder] = []
    for path in dirs:
        manifest_path = manifest_file(path)
        manifest = read_manifest(manifest_path) if manifest_path is not None else None
        modules: list[ModuleInfo] = []
        for py in _python_files(path):
            source = ctx.models.read(py)
            if source is not None and "register_tool" in source and might_register(source):
                module = ctx.models.get(py, source)
                if module is not None and module.tree is not None:
                    modules.append(module)
        folders.append(PluginFolder(path, manifest_path, manifest, modules))
    return folders


def _python_files(folder: Path) -> list[Path]:
    found: list[Path] = []
    for here, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
        found.extend(Path(here, f) for f in sorted(files) if f.endswith(".py"))
    return found


def reported(ctx: LintContext, folder: PluginFolder) -> bool:
    """True when the run reports on this plugin: a whole-root run, or one of its files given."""
    if ctx.whole_root:
        return True
    prefix = str(folder.path) + os.sep
    return any(p.startswith(prefix) for p in ctx.given)


def manifest_finding(
    code: str, message: str, folder: PluginFolder, line: int, column: int, tool: str | None = None
) -> Finding:
    """A finding in the folder's manifest, from `column` to the end of the line."""
    assert folder.manifest_path is not None
    text = ""
    try:
        lines = folder.manifest_path.read_text(encoding="utf-8-sig").splitlines()
        text = lines[line - 1] if 0 < line <= len(lines) else ""
    except (OSError, UnicodeDecodeError):
        pass
    end = max(len(text) + 1, column + 1)
    return Finding(code, message, folder.manifest_path, line, column, line, end, tool)
