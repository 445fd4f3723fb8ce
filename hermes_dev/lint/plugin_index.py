"""The plugin folders a lint run reports on, for the HD4xx rules.

`plugin_folders(ctx)` lists them once per run: in a Hermes checkout, the plugins under its
`plugins/` (found as Hermes' loader finds them); in a plugin package (the root has no
`toolsets.py`), the package's plugin folders (from the `hermes_agent.plugins` entry point in
`pyproject.toml`, or the root's own `plugin.yaml`), loaded by the general loader. Only folders the run reports on are kept: all
of them on a whole-root run, otherwise those holding a file given (so a pre-commit run on a tool
module reads no manifest); a given manifest makes its plugin's files reported on (`reports`). Each `PluginFolder` has its manifest (parsed with PyYAML on first use,
None when the folder has none), its `__init__.py` path, and its modules that may register a tool
(parsed on first use), and `cache_key()`: what the HD4xx rules' findings in it depend on
(`cached(...)` keeps them in the run's cache under it, so an unchanged plugin's manifest and
modules are not read again). `manifest_finding(...)` builds a finding in the manifest.
"""

from __future__ import annotations

import os
from pathlib import Path

from hermes_dev.lint.rule import Finding
from hermes_dev.pyast.semantic.modules import ModuleInfo, might_register

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import Literal

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
        # (the module Hermes calls register(ctx) on: `__init__.py`, or the entry point's module)
        self.init_path = plugin.entry_module or plugin.path / "__init__.py"
        self._manifest: Manifest | None = None
        self._modules: list[ModuleInfo] | None = None
        self._python_files: list[Path] | None = None
        self._cache_key: str | None | Literal[False] = False  # (False: not computed yet)
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

    def cache_key(self) -> str | None:
        """The key the HD4xx findings of this folder are cached under: what they depend on
        (how Hermes finds the folder, its manifest, the closure of each of its modules, which
        of its files the run reports on, the settings); None when it cannot be known."""
        if self._cache_key is False:
            self._cache_key = self._key()
        return self._cache_key or None

    def _key(self) -> str | None:
        from hermes_dev.lint.call_cache import closure_of, file_digest, settings_key

        ctx = self._ctx
        models = ctx.models
        parts = [self.plugin.key, self.plugin.loader, settings_key(ctx)]
        files = [*([self.manifest_path] if self.manifest_path is not None else [])]
        if self.manifest_path is not None:
            digest = file_digest(ctx, models.relative(self.manifest_path))
            if digest is None:
                return None
            parts.append(f"{models.relative(self.manifest_path)}\0{digest}")
        for py in self.python_files:
            closure = closure_of(ctx, models.relative(py))
            if closure is None:
                return None
            parts.append(f"{models.relative(py)}\0{closure}")
            files.append(py)
        if ctx.whole_root:
            parts.append("whole root")
        else:
            parts.extend(f"reported {models.relative(f)}" for f in files if self.reports(f))
        return "\n".join(parts)

    @property
    def python_files(self) -> list[Path]:
        """Every `.py` file of the folder (sorted, hidden folders and caches left out)."""
        if self._python_files is None:
            self._python_files = _python_files(self.path)
        return self._python_files

    @property
    def modules(self) -> list[ModuleInfo]:
        """The folder's modules that may register a tool, parsed."""
        if self._modules is None:
            self._modules = []
            for py in self.python_files:
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


KIND_KIND = "plugin-kind-v1"  # a plugin's kind, in its manifest's entry


def checkout_plugin_dirs(ctx: LintContext) -> list[PluginDir]:
    """`host.plugins.checkout_plugins(root)`, once per run, with each plugin's kind from the
    run's cache when its manifest and `__init__.py` are unchanged (it is read from the
    manifest with PyYAML, and from the start of `__init__.py` when the manifest has none)."""
    found = ctx.project.memo("plugin_index.checkout", lambda: _checkout(ctx))
    assert isinstance(found, list)
    return found


def _checkout(ctx: LintContext) -> list[PluginDir]:
    from hermes_dev.host.plugins import GENERAL, KINDS, checkout_plugins
    from hermes_dev.lint.call_cache import file_digest

    plugins = checkout_plugins(ctx.root)
    cache = ctx.cache
    for plugin in plugins:
        if plugin.loader != GENERAL or plugin.manifest_path is None:
            continue  # (known from the loader, or from `__init__.py` alone)
        init = file_digest(ctx, ctx.models.relative(plugin.path / "__init__.py"))
        if init is None:
            continue
        hit, data = cache.get(plugin.manifest_path, KIND_KIND)
        if hit and isinstance(data, list) and len(data) == 2 and data[0] == init:
            kind = data[1]
            if isinstance(kind, str) and kind in KINDS:
                plugin.kind = kind
                continue
        cache.put(plugin.manifest_path, KIND_KIND, [init, plugin.kind])
    return plugins


def _build(ctx: LintContext) -> list[PluginFolder]:
    from hermes_dev.host.plugins import (
        GENERAL,
        PluginDir,
        entry_modules,
        manifest_file,
        package_plugin_dirs,
    )

    if ctx.project.is_hermes_root:
        plugins = checkout_plugin_dirs(ctx)
    else:
        paths = package_plugin_dirs(ctx.root)
        modules = entry_modules(ctx.root)
        plugins = [
            PluginDir(
                path,
                path.name,
                GENERAL,
                None if _shadowed(path, paths) else manifest_file(path),
                modules.get(path),
            )
            for path in paths
        ]
    return [PluginFolder(ctx, plugin) for plugin in plugins if _reported(ctx, plugin.path)]


def _shadowed(path: Path, folders: list[Path]) -> bool:
    """Whether a folder lies inside another plugin folder that has a manifest: Hermes reads only
    that one (its directory scan stops at the first `plugin.yaml`, and an entry point's plugin
    has none read), so the inner manifest is never read and is not checked."""
    from hermes_dev.host.plugins import manifest_file

    return any(
        other != path and other in path.parents and manifest_file(other) is not None
        for other in folders
    )


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


def cached(
    ctx: LintContext,
    code: str,
    folder: PluginFolder,
    compute: Callable[[], Iterable[Finding]],
) -> list[Finding]:
    """`compute()`'s findings of rule `code` in `folder`, from the run's cache when the
    folder's `cache_key()` is unchanged."""
    from hermes_dev.lint.call_cache import cached_at

    anchor = folder.manifest_path or folder.init_path
    return cached_at(ctx, anchor, code, folder.cache_key(), compute)


def manifest_finding(
    code: str, message: str, folder: PluginFolder, line: int, column: int, tool: str | None = None
) -> Finding:
    """A finding in the folder's manifest, from `column` to the end of the line."""
    assert folder.manifest_path is not None
    lines = folder.manifest_lines
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    end = max(len(text) + 1, column + 1)
    return Finding(code, message, folder.manifest_path, line, column, line, end, tool)
