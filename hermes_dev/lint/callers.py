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
    from collections.abc import Collection, Iterator, Mapping
    from pathlib import Path
    from typing import Any

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
    skipped = frozenset(os.path.abspath(str(p)) for p in skip)
    return _referred(root, {name: (name, skipped) for name in names})


def named_by_others(root: Path, wanted: dict[str, set[Path]]) -> set[tuple[str, Path]]:
    """`(name, path)` for each name of `wanted` (name -> the files that define it) that a `.py`
    file under `root` other than `path` refers to: `named_elsewhere` for many files at once,
    each file under the root read once."""
    groups = {
        (name, path): (name, frozenset({os.path.abspath(str(path))}))
        for name, paths in wanted.items()
        for path in paths
    }
    return _referred(root, groups)


def _referred(root: Path, groups: Mapping[Any, tuple[str, frozenset[str]]]) -> set[Any]:
    """The keys of `groups` (key -> a name and the files that do not count) whose name a `.py`
    file under `root` that counts refers to; every key when the root has too many files. Each
    file is read once, whatever the number of keys."""
    by_name: dict[str, list[Any]] = {}
    for key, (name, _) in groups.items():
        if name.isidentifier():
            by_name.setdefault(name, []).append(key)
    if not by_name:
        return set()
    word = re.compile(
        rb"(?<![\w])(" + b"|".join(re.escape(n.encode()) for n in sorted(by_name)) + rb")(?![\w])"
    )
    wanted = sum(len(keys) for keys in by_name.values())
    found: set[Any] = set()
    for count, path in enumerate(_py_files(str(root))):
        if count >= MAX_FILES:
            return {key for keys in by_name.values() for key in keys}  # too many to be sure
        try:
            data = read_head(path, MAX_BYTES + 1)  # (a FIFO: an OSError, never a hang)
        except OSError:
            continue
        hits = {m.decode() for m in word.findall(data)}
        if not hits:
            continue
        here = os.path.abspath(path)
        open_keys = [
            key
            for name in hits
            for key in by_name[name]
            if key not in found and here not in groups[key][1]
        ]
        if not open_keys:
            continue
        if len(data) <= MAX_PARSED:  # (too big to parse: the word is enough)
            hits &= _names_in_code(data)
        found.update(key for key in open_keys if groups[key][0] in hits)
        if len(found) == wanted:
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
