"""The plugin folders a lint run reports on, for the HD4xx rules.

`plugin_folders(ctx)` lists them once per run: in a Hermes checkout, the plugins under its
`plugins/` (found as Hermes' loader finds them); in a plugin package (the root has no
`toolsets.py`), the package's plugin folders (from the `hermes_agent.plugins` entry point in
`pyproject.toml`, or the root's own `plugin.yaml`), loaded by the general loader. Only folders the run reports on are kept: all
of them on a whole-root run, otherwise those holding a file given (so a pre-commit run on a tool
module reads no manifest); a given manifest makes its plugin's files reported on (`reports`). Each `PluginFolder` has its manifest (parsed with PyYAML on first use,
None when the folder has none), its `__init__.py` path, and its modules that may register a tool
(parsed on first use). `manifest_finding(...)` builds a finding in the manifest.
"""

from __future__ import annotations

import os
from pathlib import Path

from hermes_dev.lint.rule import Finding
from hermes_dev.pyast.semantic.modules import ModuleInfo, might_register

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hermes_dev.host.plugins import Manifest, PluginDir
    from hermes_dev.lint.context import LintContext


class PluginFolder:
    """One plugin folder; its manifest and modules are read on first use. `plugin` says how
    Hermes finds it (which loader, what kind, whether it calls `register(ctx)`)."""

    def __init__(self, ctx: LintContext, plugin: PluginDir) -> None:
        self._ctx = ctx
        self.plugin = plugin
        self.path = plugin.path
        self.manifest_path = plugin.manifest_path
        self.init_path = plugin.path / "__init__.py"
        self._manifest: Manifest | None = None
        self._modules: list[ModuleInfo] | None = None
        self._manifest_lines: list[str] | None = None

    @property
    def manifest_lines(self) -> list[str]:
        """The manifest's lines, read once: findings take their end column from them (read per
        finding, 40,000 names listed and not registered took 40,000 reads of the file)."""
        if self._manifest_lines is None:
            self._manifest_lines = []
            if self.manifest_path is not None:
                from hermes_dev.reading import MANIFEST_LIMIT, read_bounded

                try:
                    data = read_bounded(self.manifest_path, MANIFEST_LIMIT)
                    self._manifest_lines = data.decode("utf-8-sig").splitlines()
                except (OSError, UnicodeDecodeError):
                    pass
        return self._manifest_lines

    @property
    def manifest(self) -> Manifest | None:
        """The parsed manifest (None when the folder has none)."""
        if self._manifest is None and self.manifest_path is not None:
            from hermes_dev.host.plugins import read_manifest

            self._manifest = read_manifest(self.manifest_path)
        return self._manifest

    def reports(self, path: Path) -> bool:
        """Whether the run reports on `path`, a file of this plugin: on a whole-root run, when
        the file was given, or when the plugin's manifest was (a commit that changes only
        `plugin.yaml` is checked against the plugin's code, as pre-commit passes it alone)."""
        ctx = self._ctx
        if ctx.whole_root or ctx.is_reported(path):
            return True
        return self.manifest_path is not None and ctx.is_reported(self.manifest_path)

    @property
    def modules(self) -> list[ModuleInfo]:
        """The folder's modules that may register a tool, parsed."""
        if self._modules is None:
            self._modules = []
            for py in _python_files(self.path):
                source = self._ctx.models.read(py)
                if source is not None and might_register(source):
                    module = self._ctx.models.get(py, source)
                    if module is not None and module.tree is not None:
                        self._modules.append(module)
        return self._modules


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
    """The plugin folders the run reports on (a whole-root run: all of them; otherwise those
    holding a file given), found once per run."""
    if not might_have_plugins(ctx.root):
        return []
    if not ctx.whole_root:
        plugins = os.path.join(str(ctx.root), "plugins") + os.sep
        if ctx.project.is_hermes_root and not any(p.startswith(plugins) for p in ctx.given):
            return []  # the files given are no plugin's: nothing to import or read
    folders = ctx.project.memo("plugin_folders", lambda: _build(ctx))
    assert isinstance(folders, list)
    return folders


def _build(ctx: LintContext) -> list[PluginFolder]:
    from hermes_dev.host.plugins import (
        GENERAL,
        PluginDir,
        checkout_plugins,
        manifest_file,
        package_plugin_dirs,
    )

    if ctx.project.is_hermes_root:
        plugins = checkout_plugins(ctx.root)
    else:
        plugins = [
            PluginDir(path, path.name, GENERAL, manifest_file(path))
            for path in package_plugin_dirs(ctx.root)
        ]
    return [PluginFolder(ctx, plugin) for plugin in plugins if _reported(ctx, plugin.path)]


def _python_files(folder: Path) -> list[Path]:
    found: list[Path] = []
    for here, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
        found.extend(Path(here, f) for f in sorted(files) if f.endswith(".py"))
    return found


def _reported(ctx: LintContext, folder: Path) -> bool:
    if ctx.whole_root:
        return True
    prefix = str(folder) + os.sep
    return any(p.startswith(prefix) for p in ctx.given)


def manifest_finding(
    code: str, message: str, folder: PluginFolder, line: int, column: int, tool: str | None = None
) -> Finding:
    """A finding in the folder's manifest, from `column` to the end of the line."""
    assert folder.manifest_path is not None
    lines = folder.manifest_lines
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    end = max(len(text) + 1, column + 1)
    return Finding(code, message, folder.manifest_path, line, column, line, end, tool)
