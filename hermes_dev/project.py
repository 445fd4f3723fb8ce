"""Find a Hermes root and the files hermes-dev reads and edits in it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from hermes_dev.errors import UserError

ROOT_MARKERS = ("toolsets.py", "tools/registry.py")


@dataclass(frozen=True)
class Project:
    root: Path

    @property
    def tools_dir(self) -> Path:
        return self.root / "tools"

    @property
    def plugins_dir(self) -> Path:
        return self.root / "plugins"

    @property
    def toolsets_path(self) -> Path:
        return self.root / "toolsets.py"

    @property
    def config_path(self) -> Path:
        return self.root / "hermes_cli" / "config.py"

    @property
    def tests_dir(self) -> Path:
        return self.root / "tests" / "tools"


def is_hermes_root(folder: Path) -> bool:
    return all((folder / marker).is_file() for marker in ROOT_MARKERS)


def find_root(start: Path | None = None) -> Path | None:
    """The first folder at or above `start` (a file or folder) that looks like a Hermes root."""
    here = (start or Path.cwd()).resolve()
    if here.is_file():
        here = here.parent
    for folder in (here, *here.parents):
        if is_hermes_root(folder):
            return folder
    return None


def load_project(root: Path | None = None, start: Path | None = None) -> Project:
    """The project at `root` (must be a Hermes root) or found by walking up from `start`."""
    if root is not None:
        root = root.resolve()
        if not root.is_dir():
            raise UserError(f"--root {root}: no such folder")
        if not is_hermes_root(root):
            raise UserError(
                f"--root {root}: not a Hermes root (needs {' and '.join(ROOT_MARKERS)})"
            )
        return Project(root)
    found = find_root(start)
    if found is None:
        where = (start or Path.cwd()).resolve()
        raise UserError(
            f"no Hermes root at or above {where} (a folder with {' and '.join(ROOT_MARKERS)});"
            " run inside a Hermes checkout or pass --root"
        )
    return Project(found)
