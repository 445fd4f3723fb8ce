"""Which files a lint run looks at: the root's tool folders, walked with the config's excludes.

Imports nothing from the engine; the engine (`discover`) and the rule context (`ProjectView`)
both walk through here.
"""

from __future__ import annotations

import os
from pathlib import Path

from hermes_dev.errors import UserError
from hermes_dev.host.layout import is_hermes_root
from hermes_dev.lint.config import Config
from hermes_dev.reading import SKIP_DIRS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Collection, Iterator, Sequence


def is_plugin_package(root: Path) -> bool:
    """A root that is no checkout but a plugin package (found by `find_root`'s second search)."""
    from hermes_dev.host.plugins import find_plugin_package

    root_str = str(root)
    has_marker = any(
        os.path.isfile(os.path.join(root_str, name))
        for name in ("pyproject.toml", "plugin.yaml", "plugin.yml")
    )
    return has_marker and find_plugin_package(root) == root


def models_relative_dir(folder: Path, root: Path) -> str:
    return os.path.relpath(folder, root).replace(os.sep, "/") + "/"


def relative_posix(path: str, root: str) -> str:
    rel = os.path.relpath(path, root)
    if rel.startswith(".."):
        return path.replace(os.sep, "/")
    return rel.replace(os.sep, "/")


def walk_py(top: Path, root: Path, config: Config) -> Iterator[Path]:
    root_str = str(root)
    for folder, dirs, files in os.walk(top):
        dirs[:] = sorted(
            d
            for d in dirs
            if not d.startswith(".")
            and d not in SKIP_DIRS
            and not config.excluded(relative_posix(os.path.join(folder, d), root_str))
        )
        for name in sorted(files):
            if name.endswith(".py"):
                full = os.path.join(folder, name)
                if not config.excluded(relative_posix(full, root_str)):
                    yield Path(full)


def tool_folders(root: Path) -> list[Path]:
    """Where a root keeps its tools: the plugin folders of a plugin package (its tests and
    scripts register no tools); anywhere else (a checkout, a folder given as --root), its
    `tools/` and `plugins/`."""
    if is_hermes_root(str(root)) or not is_plugin_package(root):
        return [root / "tools", root / "plugins"]
    from hermes_dev.host.plugins import package_plugin_dirs

    return package_plugin_dirs(root)


def discover(
    paths: Sequence[str], root: Path, config: Config, unsaved: Collection[str] = ()
) -> list[Path]:
    """The files to check: those given, the `.py` files in folders given, or the root's tool
    folders (`tool_folders`). A path in `unsaved` (absolute: text an editor has not saved)
    counts as a file even where none exists yet."""
    found: list[Path] = []
    if not paths:
        for top in tool_folders(root):
            if top.is_dir():
                found.extend(walk_py(top, root, config))
        return found
    seen: set[str] = set()
    root_str = str(root)
    for raw in paths:
        full = os.path.abspath(raw)
        if os.path.isdir(full):
            for path in walk_py(Path(full), root, config):
                if str(path) not in seen:
                    seen.add(str(path))
                    found.append(path)
        elif os.path.isfile(full) or full in unsaved:
            if full not in seen and not config.excluded(relative_posix(full, root_str)):
                seen.add(full)
                found.append(Path(full))
        else:
            raise UserError(f"{raw}: no such file or folder")
    return found
