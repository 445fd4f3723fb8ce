"""Planned file changes: checked and diffed in memory, then applied all or nothing."""

from __future__ import annotations

import ast
import os
from collections.abc import Callable, Mapping
from pathlib import Path

from hermes_dev.errors import HermesDevError, Interrupted, UserError
from hermes_dev.writes.signals import signals_deferred
from hermes_dev.writes.temporary import append_only, temporary_file

# Plain classes, not dataclasses: `lint --fix` on one file is timed against a budget
# (bench/lint.py (c)), and dataclasses' import (it pulls in inspect) was ~5 ms of it.


class FileChange:
    """One file's content before and after; None means the file does not exist.

    With `link` (the target a symlink at `relpath` holds), the change deletes that symlink
    itself, never what it points to (`old` and `new` are None)."""

    __slots__ = ("link", "new", "old", "relpath")

    def __init__(
        self, relpath: str, old: bytes | None, new: bytes | None, link: str | None = None
    ) -> None:
        self.relpath = relpath
        self.old = old
        self.new = new
        self.link = link

    def __repr__(self) -> str:
        return f"FileChange({self.relpath!r}, {self.verb})"

    @property
    def verb(self) -> str:
        if self.link is not None:
            return "delete"
        if self.old is None:
            return "create"
        return "delete" if self.new is None else "change"


class Plan:
    __slots__ = ("changes", "notes", "prune_dirs", "root", "warnings")

    def __init__(
        self,
        root: Path,
        changes: tuple[FileChange, ...],
        notes: tuple[str, ...] = (),
        prune_dirs: tuple[str, ...] = (),
        warnings: tuple[str, ...] = (),
    ) -> None:
        self.root = root
        self.changes = changes
        # What the person should know that the diff does not show (one line each), said once
        # the plan is written.
        self.notes = notes
        # What the person should know before anything is written or asked (one line each).
        self.warnings = warnings
        # Folders (relative, innermost first) to remove once every write succeeded, when empty
        # (but for a __pycache__): those new-tool made, by its record (remove-tool).
        self.prune_dirs = prune_dirs

    def __repr__(self) -> str:
        return f"Plan({self.root}, {list(self.changes)!r})"

    def check_python(self, known: Mapping[str, ast.Module] | None = None) -> dict[str, ast.Module]:
        """Every Python file the plan leaves behind must parse; a failure here is a bug.
        Returns their trees, by relpath. `known`: trees the caller already has of some new
        texts (they are not parsed again)."""
        trees: dict[str, ast.Module] = dict(known or {})
        for change in self.changes:
            if change.new is None or not change.relpath.endswith(".py"):
                continue
            if change.relpath in trees:
                continue
            try:
                trees[change.relpath] = ast.parse(change.new, filename=change.relpath)
            except (RecursionError, MemoryError):
                # The checkout's own expression (a plan never nests): Python cannot parse it.
                raise UserError(
                    f"{change.relpath} holds an expression nested too deeply for Python to"
                    " parse; fix it, then run hermes-dev again"
                ) from None
            except SyntaxError as exc:
                if change.old is not None:
                    # Syntax of a newer Python in the file as it was is not our bug.
                    check_parses_here(change.relpath, change.old)
                raise HermesDevError(
                    f"the new {change.relpath} would not parse (line {exc.lineno}: {exc.msg});"
                    " nothing was written. This is a bug in hermes-dev; please report it"
                ) from None
        return trees

    def diff(self) -> str:
        """The unified diff of every change, as `git diff` would print it."""
        import difflib

        chunks: list[str] = []
        for change in self.changes:
            # A symlink's content, as git shows it, is its target.
            old = _lines(change.old if change.link is None else change.link.encode())
            new = _lines(change.new)
            for line in difflib.unified_diff(
                old,
                new,
                fromfile="/dev/null" if change.verb == "create" else f"a/{change.relpath}",
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
            if change.verb == "create" and os.path.lexists(path):
                # A symlink to a missing file: writing would go wherever it points.
                raise UserError(
                    f"cannot create {change.relpath}: a symlink to a missing file"
                    f" ({os.readlink(path)}) is in its place; remove it or pick another name"
                    if path.is_symlink()
                    else f"cannot create {change.relpath}: something is in its place"
                )
            if change.new is None:
                _check_inside(self.root, change.relpath)
            elif outside_root(self.root, change.relpath):
                # Written there, the file would be outside the root, where remove-tool and
                # remove-plugin never delete: as they do, refuse.
                raise UserError(
                    f"cannot write {change.relpath}: it is outside {self.root} (a folder on its"
                    " way is a symlink that leads elsewhere); nothing was changed"
                )
            elif path.is_symlink():
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
            if append_only(str(folder)):
                raise UserError(
                    f"cannot write {change.relpath}: folder {folder} is append-only or immutable"
                    " (chattr), so no file in it can be replaced; nothing was changed"
                )
            if change.new is not None and path.exists() and not os.access(path, os.W_OK):
                raise UserError(f"cannot write {change.relpath}: the file is not writable")

    def apply(self) -> None:
        """Write every change, or none: on any failure, and on SIGINT, SIGTERM or SIGHUP, put
        back every file (and folder) it had touched, then raise.

        Right before each file is replaced or deleted, it must still hold the bytes the plan was
        made from (else UserError: another program changed it). A replaced file keeps its mode,
        and its owner where this process may set it; a deleted symlink comes back as a symlink.
        Raises UserError (a write failed, a file changed), Interrupted (a signal), or whatever a
        bug raised, each after the roll-back, its message saying what the roll-back left."""
        before = {c.relpath: _State.of(self.root / c.relpath) for c in self.changes}
        attempted: list[FileChange] = []
        made_dirs: list[Path] = []
        leftovers: list[Path] = []
        with signals_deferred() as received:
            current = None
            try:
                for current in self.changes:
                    path = self.root / current.relpath
                    _check_unchanged(path, current)
                    attempted.append(current)
                    if current.new is None:
                        _check_inside(self.root, current.relpath)
                        remove_file(str(path))
                    else:
                        made_dirs.extend(_make_parents(path.parent))
                        _replace(path, current.new, before[current.relpath], leftovers)
                    if after_write is not None:
                        after_write(current.relpath)
                    signum = received()
                    if signum is not None:
                        raise Interrupted(signum)
            except BaseException as exc:
                kept: list[str] = []
                problems = _roll_back(self.root, attempted, made_dirs, before, leftovers, kept)
                outcome = _outcome(self.root, problems, leftovers, kept)
                if isinstance(exc, Interrupted):
                    raise Interrupted(exc.signum, outcome) from None
                if isinstance(exc, UserError):
                    raise UserError(f"{exc}; {outcome}") from None
                if isinstance(exc, OSError):
                    assert current is not None
                    raise UserError(
                        f"cannot write {current.relpath}: {exc.strerror or exc}; {outcome}"
                    ) from None
                exc.add_note(f"hermes-dev: {outcome}")  # Ctrl-C through a seam, or a bug
                raise
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
        import platform

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


class _State:
    """What a path was before the plan touched it: the file's status (a symlink followed; None
    when missing) and, for a symlink, where it points."""

    __slots__ = ("link", "stat")

    def __init__(self, stat: os.stat_result | None, link: str | None) -> None:
        self.stat = stat
        self.link = link

    @classmethod
    def of(cls, path: Path) -> _State:
        try:
            stat = path.stat()
        except OSError:  # missing, or a file stands where a folder should be
            stat = None
        link = os.readlink(path) if path.is_symlink() else None
        return cls(stat, link)

    @property
    def mode(self) -> int:
        return _default_mode() if self.stat is None else self.stat.st_mode & 0o7777


def _default_mode() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


# Seams for tests (tests run as root, so permissions cannot make a write fail): the rename, the
# delete, and a hook called with each relpath right after its file was replaced or deleted.
replace_file: Callable[[str, str], None] = os.replace
remove_file: Callable[[str], None] = os.unlink
after_write: Callable[[str], None] | None = None


def _content(path: Path) -> bytes | None:
    """The bytes at `path` (through a symlink); None when nothing is there."""
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None


def outside_root(root: Path, relpath: str) -> bool:
    """True when a folder on the way from `root` to `relpath` is a symlink that leads out of
    the root: the file is elsewhere, whatever its path says. (A folder not made yet counts
    where its nearest existing parent is.)"""
    real_root = os.path.realpath(root)
    folder = os.path.realpath((root / relpath).parent)
    return folder != real_root and not folder.startswith(real_root.rstrip(os.sep) + os.sep)


def _check_inside(root: Path, relpath: str) -> None:
    """A file to delete must be in the root, not reached through a symlinked folder that
    leads elsewhere (deleting it would delete a file there); UserError otherwise."""
    if outside_root(root, relpath):
        raise UserError(
            f"{relpath} is outside {root} (a folder on its way is a symlink); not deleting it"
        )


def _check_unchanged(path: Path, change: FileChange) -> None:
    """`path` still holds what the plan was made from, right before it is replaced."""
    if change.link is not None:
        if not path.is_symlink() or os.readlink(path) != change.link:
            raise UserError(
                f"{change.relpath} changed after hermes-dev read it (it is no longer a symlink"
                f" to {change.link}); run the command again"
            )
        return
    if change.old is None:
        if os.path.lexists(path):
            raise UserError(
                f"{change.relpath} appeared after hermes-dev read the project"
                " (another program made it)"
            )
    elif _content(path) != change.old:
        raise UserError(
            f"{change.relpath} changed after hermes-dev read it (another program edited it);"
            " run the command again"
        )


def _keep_owner(fd: int, stat: os.stat_result) -> None:
    """Give the new file the old one's owner and group, or the group alone, where this process
    may (root may; others keep their own uid); silently not otherwise."""
    for uid in (stat.st_uid, -1):
        try:
            os.fchown(fd, uid, stat.st_gid)
            return
        except OSError:
            continue


def _replace(path: Path, content: bytes, state: _State, leftovers: list[Path]) -> None:
    """Write through a temporary file in the same folder, then rename it over `path`.

    A symlink (a toolsets.py shared between checkouts, say) is written through: the file it
    points at gets the content and the link stays a link. A temporary file that cannot be
    removed after a failure (an append-only folder) is added to `leftovers`."""
    if path.is_symlink():
        path = path.resolve()
    fd, tmp = temporary_file(str(path.parent), f".{path.name}.")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(content)
            if state.stat is not None:
                _keep_owner(handle.fileno(), state.stat)
        os.chmod(tmp, state.mode)  # after the chown, which may clear set-id bits
        replace_file(tmp, str(path))
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        except OSError:
            leftovers.append(Path(tmp))
        raise


def _outcome(root: Path, problems: list[str], leftovers: list[Path], kept: list[str]) -> str:
    """What the roll-back left, for the end of an error message."""
    parts = []
    if problems:
        parts.append("could not restore " + ", ".join(problems) + " (check them by hand)")
    if kept:
        them = "them" if len(kept) > 1 else "it"
        parts.append(
            f"kept {', '.join(kept)} as {'they are' if len(kept) > 1 else 'it is'}: another"
            f" program changed {them} after hermes-dev wrote {them} (check {them} by hand)"
        )
    outcome = "; ".join(parts) or "nothing was changed"
    if leftovers:
        names = ", ".join(
            p.relative_to(root).as_posix() if root in p.parents else str(p) for p in leftovers
        )
        outcome += f"; could not remove the temporary file {names} (remove it by hand)"
    return outcome


def _roll_back(
    root: Path,
    attempted: list[FileChange],
    made_dirs: list[Path],
    before: dict[str, _State],
    leftovers: list[Path],
    kept: list[str],
) -> list[str]:
    """Undo `attempted` newest first, the last one whether or not its write happened; return
    the paths it could not restore. A file that holds neither what the plan found nor what it
    wrote was changed by another program since: it is kept as it is and added to `kept`."""
    problems: list[str] = []
    for change in reversed(attempted):
        path = root / change.relpath
        state = before[change.relpath]
        try:
            if change.link is not None or (change.new is None and state.link is not None):
                if not os.path.lexists(path):
                    os.symlink(change.link or state.link or "", path)
                elif not path.is_symlink() or os.readlink(path) != (change.link or state.link):
                    kept.append(change.relpath)
                continue
            exists = os.path.lexists(path)
            current = _content(path) if exists else None
            if current == change.old:
                continue  # as it was (the write never happened, or was undone)
            if current != change.new:
                kept.append(change.relpath)  # someone else's bytes: never overwritten
            elif change.old is None:
                remove_file(str(path))  # ours, and nothing was there before
            else:
                _replace(path, change.old, state, leftovers)
        except OSError:
            problems.append(change.relpath)
    for folder in reversed(made_dirs):
        try:
            folder.rmdir()
        except OSError:
            pass
    return problems
