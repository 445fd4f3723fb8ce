"""Which functions other code under the root names: a bounded, root-wide text scan, confirmed
by parsing only the files the text scan finds.

A fix that changes what a function returns (HD101's `json.dumps(...)` wrapper) is safe only
when nothing but the registry calls it; handlers are imported and called from other modules
(Hermes' `agent/` calls real tool handlers) and from tests. `named_elsewhere(root, names,
skip)` gives the names some `.py` file under `root` (other than `skip`) refers to in code: an
imported name (`from tools.x import lookup`), or a name or attribute (`x.lookup`) the file does
not define itself (a file with its own `def lookup` calls its own). Comments and strings do not
count.

Bounded: at most `MAX_FILES` files are looked at and each is read up to `MAX_BYTES`; when the
root holds more files than that, every name counts as named elsewhere (the fix stays unsafe).
A file too big to parse that holds the word counts as naming it. Hidden folders and the folders
no project code lives in (`node_modules`, `site-packages`, `venv`, build output) are skipped.
"""

from __future__ import annotations

import os
import re

from hermes_dev.reading import SKIP_DIRS, read_head

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Collection, Iterator
    from pathlib import Path

MAX_FILES = 20_000
MAX_BYTES = 4 * 1024 * 1024  # read at most this much of one file
MAX_PARSED = 1024 * 1024  # parse only files up to this size


def _py_files(root: str) -> Iterator[str]:
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in SKIP_DIRS)
        for name in sorted(files):
            if name.endswith(".py"):
                yield os.path.join(folder, name)


def named_elsewhere(root: Path, names: Collection[str], skip: Collection[Path] = ()) -> set[str]:
    """The `names` that a `.py` file under `root` other than those in `skip` refers to."""
    wanted = {n for n in names if n.isidentifier()}
    if not wanted:
        return set()
    skipped = {os.path.abspath(str(p)) for p in skip}
    word = re.compile(
        rb"(?<![\w])(" + b"|".join(re.escape(n.encode()) for n in sorted(wanted)) + rb")(?![\w])"
    )
    found: set[str] = set()
    for count, path in enumerate(_py_files(str(root))):
        if count >= MAX_FILES:
            return set(wanted)  # too many files to be sure: every name may be called
        if os.path.abspath(path) in skipped:
            continue
        try:
            data = read_head(path, MAX_BYTES + 1)  # (a FIFO: an OSError, never a hang)
        except OSError:
            continue
        hits = {m.decode() for m in word.findall(data)} - found
        if not hits:
            continue
        if len(data) > MAX_PARSED:
            found |= hits  # too big to parse: the word is enough
        else:
            found |= hits & _names_in_code(data)
        if found >= wanted:
            break
    return found


def named_by_others(root: Path, wanted: dict[str, set[Path]]) -> set[tuple[str, Path]]:
    """`(name, path)` for each name of `wanted` (name -> the files that define it) that a `.py`
    file under `root` other than `path` refers to: `named_elsewhere` for many files at once,
    each file under the root read once."""
    names = {n for n in wanted if n.isidentifier()}
    if not names:
        return set()
    homes = {n: {os.path.abspath(str(p)) for p in wanted[n]} for n in names}
    word = re.compile(
        rb"(?<![\w])(" + b"|".join(re.escape(n.encode()) for n in sorted(names)) + rb")(?![\w])"
    )
    found: set[tuple[str, Path]] = set()
    everything = {(n, p) for n in names for p in wanted[n]}
    for count, path in enumerate(_py_files(str(root))):
        if count >= MAX_FILES:
            return everything  # too many files to be sure: every name may be called
        here = os.path.abspath(path)
        try:
            data = read_head(path, MAX_BYTES + 1)  # (a FIFO: an OSError, never a hang)
        except OSError:
            continue
        hits = {m.decode() for m in word.findall(data)}
        hits = {n for n in hits if any(h != here for h in homes[n])}
        if not hits:
            continue
        if len(data) <= MAX_PARSED:
            hits &= _names_in_code(data)
        for name in hits:
            found.update((name, p) for p in wanted[name] if os.path.abspath(str(p)) != here)
        if found >= everything:
            break
    return found


def _names_in_code(data: bytes) -> set[str]:
    """The identifiers a module's code may use to reach another module's function: the names it
    imports (`from x import name`), and the names and attributes (`mod.name`) it uses that it
    does not define itself (a def, class or assignment of its own is another function). A file
    that does not parse gives its words (it may still call the function once fixed)."""
    import ast

    try:
        tree = ast.parse(data)
    except (SyntaxError, ValueError):
        return {m.decode() for m in re.findall(rb"[A-Za-z_]\w*", data)}
    imported: set[str] = set()
    used: set[str] = set()
    own: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            if isinstance(node.ctx, ast.Load):
                used.add(node.id)
            else:
                own.add(node.id)
        elif isinstance(node, ast.Attribute):
            used.add(node.attr)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            own.add(node.name)
        elif isinstance(node, ast.ImportFrom):
            imported.update(alias.name for alias in node.names)
    return imported | (used - own)
