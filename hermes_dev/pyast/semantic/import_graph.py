"""Which files under a root a module may reach through its imports, read from its text alone.

`ImportGraph(root)` reads files on demand (once per run) and gives:

- `imports(rel)`: the files under the root that the module `rel` names in an `import` or
  `from ... import ...` anywhere in its text (module level or inside functions; relative
  imports too; `from pkg import name` also counts `pkg/name.py`, which may be a submodule).
- `closure(rel)`: `rel` and every file reachable from it that way, each with a digest of its
  content: what an analysis that follows calls from `rel` may depend on.
- `import_candidates(rel, text)`: what the imports of a file's text may name, before looking at
  which files exist (a cache may keep it by content: `ImportGraph._load`).

No parsing: a regular expression over the text, so it over-approximates (an import inside a
string counts too), which only costs a cache miss, never a stale result.
"""

from __future__ import annotations

import os
import re
import zlib

from hermes_dev.reading import SKIP_DIRS, SOURCE_LIMIT, read_bounded

_IMPORT = re.compile(
    r"^[ \t]*(?:from[ \t]+(\.*)[ \t]*([\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#;]*)"
    r"|import[ \t]+([^\n#;]+))",
    re.MULTILINE,
)


def import_statements(text: str) -> list[tuple[str, str, str, str]]:
    """`_IMPORT.findall(text)`, tried only at the starts of lines that hold "import" (every match
    starts on such a line): the same matches, found ~10x faster on a tool module."""
    found: list[tuple[str, str, str, str]] = []
    done = 0  # the end of the last match: findall never looks inside one
    at = text.find("import")
    while at != -1:
        start = text.rfind("\n", 0, at) + 1
        if start >= done:
            match = _IMPORT.match(text, start)
            if match is not None:
                found.append(match.groups(""))  # type: ignore[arg-type]
                done = max(match.end(), start + 1)
        end = text.find("\n", at)
        if end == -1:
            break
        at = text.find("import", end)
    return found


def digest(data: bytes) -> str:
    """A content digest (zlib's two checksums and the length: no hashlib import on start-up)."""
    return f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}{len(data):x}"


# A def of one parameter (a decorator, when it hands the parameter back).
_ONE_PARAMETER_DEF = re.compile(r"([ \t]*)(?:async[ \t]+)?def[ \t]+\w+\([ \t]*(\w+)[ \t]*\)")


def _hands_back(text: str) -> bool:
    """Whether a def of one parameter returns it (`def deco(fn): ...; return fn`), read line
    by line (linear in the text: it is untrusted input)."""
    lines = text.splitlines()
    for at, line in enumerate(lines):
        found = _ONE_PARAMETER_DEF.match(line)
        if found is None:
            continue
        indent, param = len(found.group(1).expandtabs()), found.group(2)
        wanted = f"return {param}"
        for body in lines[at + 1 : at + 200]:
            stripped = body.strip()
            if not stripped:
                continue
            if len(body) - len(body.lstrip()) <= indent:
                break
            if stripped == wanted:
                return True
    return False


# A candidate that stands for every `.py` file of a folder tree (see `import_candidates`).
SUBTREE = "**"
MAX_SUBTREE_FILES = 300


def subtree_files(root: str, folder: str) -> list[str]:
    """The `.py` files (relative to `root`) of `folder` and the folders under it, as a
    subclass or decorated-def search reads them: in a sorted walk that leaves out hidden
    folders and those no project code lives in (`.venv`, `site-packages`...), at most
    MAX_SUBTREE_FILES; for the root itself only its own files (the whole checkout is no
    neighbourhood)."""
    found: list[str] = []
    for current, dirs, files in os.walk(os.path.join(root, folder)):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in SKIP_DIRS)
        if not folder:
            dirs[:] = []
        base = os.path.relpath(current, root).replace(os.sep, "/")
        for name in sorted(files):
            if name.endswith(".py"):
                found.append(name if base == "." else f"{base}/{name}")
                if len(found) >= MAX_SUBTREE_FILES:
                    return found
    return found


def package_folder(root: str, folder: str) -> str:
    """The outermost package folder `folder` (relative to `root`) is in: up while the folder
    above holds an `__init__.py`, never to the root itself nor past a plugin's own folder (one
    with a `plugin.yaml`)."""
    parts = [p for p in folder.split("/") if p and p != "."]
    while len(parts) > 1:
        here = os.path.join(root, *parts)
        above = os.path.join(root, *parts[:-1])
        if os.path.isfile(os.path.join(here, "plugin.yaml")):
            break
        if not os.path.isfile(os.path.join(above, "__init__.py")):
            break
        parts = parts[:-1]
    return "/".join(parts)


class ImportGraph:
    def __init__(self, root: str) -> None:
        self.root = root
        self._digests: dict[str, str | None] = {}
        self._imports: dict[str, list[str]] = {}
        self._files: dict[str, bool] = {}

    def _read(self, rel: str) -> bytes | None:
        try:
            return read_bounded(os.path.join(self.root, rel), SOURCE_LIMIT)
        except OSError:
            return None

    def _load(self, rel: str) -> tuple[str | None, list[str]]:
        """(the digest of `rel`'s content, its import candidates): None and [] when it cannot
        be read. (A cache of them by content overrides this: `lint.call_cache`.)"""
        data = self._read(rel)
        if data is None:
            return None, []
        return digest(data), import_candidates(rel, data.decode("utf-8", "replace"))

    def digest(self, rel: str) -> str | None:
        if rel not in self._digests:
            found, candidates = self._load(rel)
            self._digests[rel] = found
            if found is not None and rel not in self._imports:
                self._imports[rel] = self._resolve(rel, candidates)
        return self._digests[rel]

    def _is_file(self, rel: str) -> bool:
        known = self._files.get(rel)
        if known is None:
            known = self._files[rel] = os.path.isfile(os.path.join(self.root, rel))
        return known

    def _resolve(self, rel: str, candidates: list[str]) -> list[str]:
        """The files the candidates name: `a/b.py`, else `a/b/__init__.py`, for each `a/b`."""
        found: set[str] = set()
        for base in candidates:
            if base == SUBTREE or base.endswith("/" + SUBTREE):
                # (the package the folder is in: what a decorator or a class of it may be
                # applied or derived in, `resolve.subtree_modules(..., package=True)`)
                folder = base[: -len(SUBTREE)].rstrip("/")
                found.update(self._subtree(package_folder(self.root, folder) if folder else ""))
                continue
            for candidate in (f"{base}.py", f"{base}/__init__.py"):
                if self._is_file(candidate):
                    found.add(candidate)
                    break
        found.discard(rel)
        return sorted(found)

    def _subtree(self, folder: str) -> list[str]:
        return subtree_files(self.root, folder)

    def imports(self, rel: str) -> list[str]:
        self.digest(rel)
        return self._imports.get(rel, [])

    def closure(self, rel: str) -> dict[str, str | None]:
        """`rel` and every file its imports reach (transitively), with content digests."""
        out: dict[str, str | None] = {}
        stack = [rel]
        while stack:
            current = stack.pop()
            if current in out:
                continue
            out[current] = self.digest(current)
            stack.extend(self.imports(current))
        return out


def import_candidates(rel: str, text: str) -> list[str]:
    """What the imports in the text of the file `rel` may name, from its text alone: each
    module as a path without its suffix (`a/b` for `a.b`, relative to the root), which is the
    file `a/b.py` or else the package `a/b/__init__.py` when either exists. Each once, in
    the order first seen."""
    found: dict[str, None] = {}

    def add(parts: list[str]) -> None:
        if parts and not any(p in ("", ".", "..") for p in parts):
            found["/".join(parts)] = None

    folder = rel.split("/")[:-1]
    for dots, module, names, plain in import_statements(text):
        if plain:
            for item in plain.split(","):
                dotted = item.split(" as ")[0].strip()
                parts = dotted.split(".") if dotted else []
                for end in range(1, len(parts) + 1):
                    add(parts[:end])
            continue
        if dots:
            level = len(dots)
            if level - 1 > len(folder):
                continue
            base = folder[: len(folder) - (level - 1)]
        else:
            base = []
        parts = [*base, *(module.split(".") if module else [])]
        add(parts if parts else ["__init__"])  # (`from . import x` in the root's own package)
        for item in names.strip("()").split(","):
            name = item.split(" as ")[0].strip()
            if name.isidentifier():
                add([*parts, name])
    if (
        "abstractmethod" in text
        or "NotImplementedError" in text
        or (("append(" in text or ".add(" in text) and _hands_back(text))
        or ("@classmethod" in text and "register" in text)
        or ".execute(" in text
        or _fills_table_in_def(text)
    ):
        # A call of its abstract methods runs what subclasses put in their place, a
        # registering decorator's table holds the defs it decorates, a table a def fills holds
        # what the calls of that def at the top of other modules give, a classmethod that
        # registers `cls` runs for each class it is called on, all found in this folder and
        # those under it (`resolve.subclasses`, `resolve.decorator_applications`,
        # `host.registrations`); SQL run here is read against the CREATE TABLE statements of
        # this folder (`analyze.sqlite_schema`).
        found["/".join([*folder, SUBTREE])] = None
    return list(found)


# A module-level table made as a dict (`TOOLS = {}`, `TOOLS: dict[str, Spec] = dict()`).
_MODULE_TABLE = re.compile(r"^([A-Za-z_]\w*)[ \t]*(?::[^=\n]+)?=[ \t]*(?:\{|dict\()", re.MULTILINE)


def _fills_table_in_def(text: str) -> bool:
    """A def of the module sets a key of one of its module-level dict tables (`TOOLS[name] =
    ...` indented under a def), read from the text alone."""
    if "] =" not in text and "]=" not in text:
        return False
    for name in {m.group(1) for m in _MODULE_TABLE.finditer(text)}:
        if re.search(rf"^[ \t]+{re.escape(name)}\[[^\]\n]*\][ \t]*=[^=]", text, re.MULTILINE):
            return True
    return False
