"""Find a Hermes root and the files hermes-dev reads and edits in it."""

from __future__ import annotations

import ast
import os
import re
from pathlib import Path

from hermes_dev.errors import UserError
from hermes_dev.reading import SOURCE_LIMIT, read_bounded

ROOT_MARKERS = ("toolsets.py", "tools/registry.py")


class Project:
    """A Hermes root. A plain class: `lint` imports this module, and dataclasses costs ms."""

    __slots__ = ("root",)

    def __init__(self, root: Path) -> None:
        self.root = root

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Project) and other.root == self.root

    def __hash__(self) -> int:
        return hash(self.root)

    def __repr__(self) -> str:
        return f"Project(root={self.root!r})"

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


def is_hermes_root(folder: str | Path) -> bool:
    """True when `folder` holds every root marker (toolsets.py and tools/registry.py)."""
    return all(os.path.isfile(os.path.join(folder, marker)) for marker in ROOT_MARKERS)


def find_root(start: str | Path | None = None) -> Path | None:
    """The first folder at or above `start` (a file or folder; default the cwd) that looks like
    a Hermes root, or None. The one root finding of hermes-dev (lint and scaffold). Symlinks are
    not resolved here: the scaffold passes a resolved `start`, lint keeps paths as given."""
    here = os.path.abspath(start if start is not None else os.getcwd())
    if not os.path.isdir(here):
        here = os.path.dirname(here)
    while True:
        if is_hermes_root(here):
            return Path(here)
        parent = os.path.dirname(here)
        if parent == here:
            return None
        here = parent


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
    found = find_root((start or Path.cwd()).resolve())
    if found is None:
        where = (start or Path.cwd()).resolve()
        raise UserError(
            f"no Hermes root at or above {where} (a folder with {' and '.join(ROOT_MARKERS)});"
            " run inside a Hermes checkout or pass --root"
        )
    return Project(found)


ENV_VARS_NAME = "OPTIONAL_ENV_VARS"
# A module-level `OPTIONAL_ENV_VARS = ...` (or `OPTIONAL_ENV_VARS: T = ...`) at the start of a line.
_ENV_VARS_ASSIGNED = re.compile(rf"^{ENV_VARS_NAME}\s*(?::[^=\n]*)?=(?!=)", re.MULTILINE)
# How many `from X import OPTIONAL_ENV_VARS` re-exports are followed before giving up.
_MAX_HOPS = 4


def env_vars_path(project: Project) -> Path:
    """The file that holds the `OPTIONAL_ENV_VARS = {...}` literal.

    Usually `hermes_cli/config.py`. Newer Hermes keeps the literal in a data module and
    config.py re-exports it (`from hermes_cli.config_defaults import DEFAULT_CONFIG,
    OPTIONAL_ENV_VARS`, or a relative `from .config_defaults import ...`): then that module, when
    it is a file under the root. Follows such imports a few hops; returns config.py whenever the
    trail ends elsewhere (no assignment, an import from outside the root), so callers report a
    missing literal against config.py. Cheap: a text search first, `ast` only for a file that
    does not assign the name itself. Shared by the scaffold (which edits the file) and lint
    (which reads it)."""
    path = project.config_path
    seen: set[Path] = set()
    for _ in range(_MAX_HOPS):
        seen.add(path)
        try:
            source = read_bounded(path, SOURCE_LIMIT).decode("utf-8-sig")
        except (OSError, UnicodeDecodeError):
            return project.config_path
        if _ENV_VARS_ASSIGNED.search(source) or ENV_VARS_NAME not in source:
            return path if path.is_file() else project.config_path
        origin = _import_origin(project.root, path, source)
        if origin is None or origin in seen:
            return project.config_path
        path = origin
    return project.config_path


def _import_origin(root: Path, path: Path, source: str) -> Path | None:
    """The file under `root` that a module-level `from M import OPTIONAL_ENV_VARS` in `path`
    (a module of `root`) imports it from, or None."""
    try:
        tree = ast.parse(source, filename=str(path))
    except (SyntaxError, ValueError):
        return None
    for stmt in _module_level(tree.body):
        if not isinstance(stmt, ast.ImportFrom):
            continue
        if not any(
            (alias.asname or alias.name) == ENV_VARS_NAME and alias.name == ENV_VARS_NAME
            for alias in stmt.names
        ):
            continue
        if stmt.level:
            base = path.parent
            for _ in range(stmt.level - 1):
                base = base.parent
            parts = stmt.module.split(".") if stmt.module else []
        else:
            if not stmt.module:
                continue
            base, parts = root, stmt.module.split(".")
        target = base.joinpath(*parts)
        for candidate in (target.with_suffix(".py"), target / "__init__.py"):
            if parts and candidate.is_file() and root in candidate.parents:
                return candidate
    return None


def _module_level(body: list[ast.stmt]) -> list[ast.stmt]:
    """Module-level statements, also those inside a module-level `if` or `try`."""
    found: list[ast.stmt] = []
    for stmt in body:
        found.append(stmt)
        if isinstance(stmt, ast.If):
            found.extend(_module_level(stmt.body + stmt.orelse))
        elif isinstance(stmt, ast.Try):
            found.extend(_module_level(stmt.body + stmt.orelse + stmt.finalbody))
    return found
