"""Planned file changes: checked and diffed in memory, then applied all or nothing."""

from __future__ import annotations

import ast
import difflib
import os
import platform
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from hermes_dev.errors import HermesDevError, UserError


@dataclass(frozen=True)
class FileChange:
    """One file's content before and after; None means the file does not exist."""

    relpath: str
    old: bytes | None
    new: bytes | None

    @property
    def verb(self) -> str:
        if self.old is None:
            return "create"
        return "delete" if self.new is None else "change"


@dataclass(frozen=True)
class Plan:
    root: Path
    changes: tuple[FileChange, ...]
    # What the person should know that the diff does not show (one line each).
    notes: tuple[str, ...] = ()
    # Folders (relative, innermost first) to remove once every write succeeded, when empty
    # (but for a __pycache__): those new-tool made, by its record (remove-tool).
    prune_dirs: tuple[str, ...] = ()

    def check_python(self) -> None:
        """Every Python file the plan leaves behind must parse; a failure here is a bug."""
        for change in self.changes:
            if change.new is None or not change.relpath.endswith(".py"):
                continue
            try:
                ast.parse(change.new, filename=change.relpath)
            except SyntaxError as exc:
                if change.old is not None:
                    # Syntax of a newer Python in the file as it was is not our bug.
                    check_parses_here(change.relpath, change.old)
                raise HermesDevError(
                    f"the new {change.relpath} would not parse (line {exc.lineno}: {exc.msg});"
                    " nothing was written. This is a bug in hermes-dev; please report it"
                ) from None

    def diff(self) -> str:
        """The unified diff of every change, as `git diff` would print it."""
        chunks: list[str] = []
        for change in self.changes:
            old = _lines(change.old)
            new = _lines(change.new)
            for line in difflib.unified_diff(
                old,
                new,
                fromfile="/dev/null" if change.old is None else f"a/{change.relpath}",
                tofile="/dev/null" if change.new is None else f"b/{change.relpath}",
            ):
                # A last line without a newline is marked the way git marks it.
                chunks.append(
                    line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"
                )
        return "".join(chunks)

    def check_writable(self) -> None:
        """Refuse early when a file or folder is plainly not writable (nothing is touched yet)."""
        for change in self.changes:
            path = self.root / change.relpath
            if change.new is not None and path.is_symlink():
                path = path.resolve()  # written through, see _replace
            folder = _nearest_existing(path.parent)
            if not folder.is_dir():
                rel = (
                    folder.relative_to(self.root).as_posix()
                    if self.root in folder.parents
                    else str(folder)
                )
                raise UserError(f"cannot write {change.relpath}: {rel} is a file, not a folder")
            if not os.access(folder, os.W_OK):
                raise UserError(f"cannot write {change.relpath}: folder {folder} is not writable")
            if path.exists() and not os.access(path, os.W_OK):
                raise UserError(f"cannot write {change.relpath}: the file is not writable")

    def apply(self) -> None:
        """Write every change; on any failure put back every file (and folder) it had touched."""
        done: list[FileChange] = []
        made_dirs: list[Path] = []
        modes = {c.relpath: _mode_of(self.root / c.relpath) for c in self.changes}
        try:
            for change in self.changes:
                path = self.root / change.relpath
                if change.new is None:
                    path.unlink()
                else:
                    made_dirs.extend(_make_parents(path.parent))
                    _replace(path, change.new, modes[change.relpath])
                done.append(change)
        except BaseException as exc:
            # Ctrl-C or a bug half-way must not leave half a tool behind either.
            problems = _roll_back(self.root, done, made_dirs, modes)
            if not isinstance(exc, OSError):
                raise
            failed = self.changes[len(done)].relpath
            message = f"cannot write {failed}: {exc.strerror or exc}; "
            if problems:
                message += "could not restore " + ", ".join(problems) + " (check them by hand)"
            else:
                message += "nothing was changed"
            raise UserError(message) from None
        # Only folders the record says new-tool made are removed: one left empty may have
        # been there before (git does not track empty folders, so keeping it costs nothing).
        for relpath in self.prune_dirs:
            _remove_empty_dir(self.root / relpath)


def _remove_empty_dir(folder: Path) -> None:
    """Remove `folder` when nothing but a __pycache__ of compiled files is in it; never fails."""
    try:
        if folder.is_symlink() or not folder.is_dir():
            return
        cache = folder / "__pycache__"
        if cache.is_dir() and not cache.is_symlink():
            for item in cache.iterdir():
                if item.suffix == ".pyc" and item.is_file() and not item.is_symlink():
                    item.unlink()
            cache.rmdir()
        folder.rmdir()
    except OSError:
        pass


def check_parses_here(relpath: str, source: bytes) -> None:
    """A UserError when the running Python cannot parse `source` (a checkout that uses syntax of
    a newer Python than the one hermes-dev runs on)."""
    try:
        ast.parse(source, filename=relpath)
    except SyntaxError as exc:
        raise UserError(
            f"{relpath} uses syntax this Python ({platform.python_version()}) cannot parse"
            f" (line {exc.lineno}: {exc.msg}); run hermes-dev with the checkout's Python"
        ) from None
    except ValueError:  # null bytes: not a Python version matter
        pass


def _lines(content: bytes | None) -> list[str]:
    if content is None:
        return []
    return content.decode("utf-8", errors="replace").splitlines(keepends=True)


def _nearest_existing(folder: Path) -> Path:
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    return folder


def _make_parents(folder: Path) -> list[Path]:
    """Create `folder` and its missing parents; return those it created, outermost first."""
    missing: list[Path] = []
    while not folder.exists():
        missing.append(folder)
        folder = folder.parent
    for created in reversed(missing):
        created.mkdir()
    return list(reversed(missing))


def _mode_of(path: Path) -> int | None:
    try:
        return path.stat().st_mode & 0o7777
    except OSError:  # missing, or a file stands where a folder should be
        return None


def _default_mode() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


# Indirection so tests can make one replace fail (tests run as root: permissions cannot).
replace_file: Callable[[str, str], None] = os.replace


def _replace(path: Path, content: bytes, mode: int | None) -> None:
    """Write through a temporary file in the same folder, then rename it over `path`.

    A symlink (a toolsets.py shared between checkouts, say) is written through: the file it
    points at gets the content and the link stays a link."""
    if path.is_symlink():
        path = path.resolve()
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(content)
        os.chmod(tmp, _default_mode() if mode is None else mode)
        replace_file(tmp, str(path))
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def _roll_back(
    root: Path, done: list[FileChange], made_dirs: list[Path], modes: dict[str, int | None]
) -> list[str]:
    """Undo `done` newest first; return the paths it could not restore."""
    problems: list[str] = []
    for change in reversed(done):
        path = root / change.relpath
        try:
            if change.old is None:
                path.unlink(missing_ok=True)
            else:
                _replace(path, change.old, modes[change.relpath])
        except OSError:
            problems.append(change.relpath)
    for folder in reversed(made_dirs):
        try:
            folder.rmdir()
        except OSError:
            pass
    return problems
