"""The parse cache of a run: each Python file under the root parsed once, found by path or by
module name, with its binding index and its analysis state. Read with the stdlib `ast`, never run.

- `Models(root)`: `get(path)` reads a file once and returns its `ModuleInfo`; `by_name("a.b")`
  finds the file of a dotted module under the root (`a/b.py` or `a/b/__init__.py`), or None. A
  relative import inside a folder whose name is no Python identifier (`plugins/build-macos-apps/`,
  which the plugin loader imports by path) is named by its path instead:
  `"@plugins/build-macos-apps/schemas"`, which `by_name` finds the same way; `submodule_name`
  joins either kind.
- `ModuleInfo`: `path` (absolute), `rel` (posix, relative to the root), `dotted`, `source`,
  `lines`, `tree` (parsed on first use, once; None when the file does not parse, and `error`
  holds the SyntaxError), `index`
  (its `BindingIndex`, from its text alone), `import_base(stmt)` (the module a `from ... import`
  reads), and `state`: what the analyses learned of it this run (`ModuleState`, emptied by
  `Models.carried_over` when the module may be stale).
"""

from __future__ import annotations

import ast
import os
import re
from pathlib import Path

from hermes_dev.pyast.semantic.bindings import BindingIndex, module_index
from hermes_dev.pyast.semantic.lazy_bodies import defer_bodies, share_positions
from hermes_dev.pyast.semantic.source_lines import SourceLines
from hermes_dev.reading import SOURCE_LIMIT, read_bounded

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import Any

# Text a tool module must contain; files without any of these are skipped before parsing.
REGISTER_MARKERS = (".register(", ".register_tool(")
# (a memory provider or context engine serving tools: host.plugins.SERVES_MARKER)
SERVES_TEXT = "def get_tool_schemas("


_PROPERTY_DEF = re.compile(
    r"^[ \t]*@(?:[\w.]+\.)?(?:cached_)?property\b[^\n]*\n(?:[ \t]*@[^\n]*\n)*[ \t]*(?:async[ \t]+)?def[ \t]+(\w+)",
    re.MULTILINE,
)


def submodule_name(package: str, attr: str) -> str:
    """The module name of `package`'s submodule `attr`: dotted, or a path key (`@a/b-c/attr`)."""
    if not package:
        return attr  # the root's own package (a plugin whose folder is the root)
    return f"{package}/{attr}" if package.startswith("@") else f"{package}.{attr}"


# `reg = ctx.register_tool` (or `= registry.register`): a name the registrations are made by.
_REGISTER_ALIAS = re.compile(
    r"^[ \t]*(\w+)[ \t]*=[ \t]*[\w.]+\.(register_tool|register)[ \t]*(?:#.*)?$", re.MULTILINE
)


# `reg = functools.partial(ctx.register_tool, toolset="fx")`: the same, with keywords fixed.
_REGISTER_PARTIAL = re.compile(
    r"^[ \t]*(\w+)[ \t]*=[ \t]*(?:functools\.)?partial\(\s*[\w.]+\.(register_tool|register)\b",
    re.MULTILINE,
)


def register_aliases(source: str) -> dict[str, str]:
    """Names bound to a registration method (`reg = ctx.register_tool`, or a `partial` of it):
    name -> "plugin" or "registry"."""
    if "register" not in source:
        return {}
    patterns = (_REGISTER_ALIAS, _REGISTER_PARTIAL) if "partial(" in source else (_REGISTER_ALIAS,)
    return {
        name: "plugin" if method == "register_tool" else "registry"
        for pattern in patterns
        for name, method in pattern.findall(source)
    }


def might_register(source: str) -> bool:
    """The quick text test: could this source register a tool (or serve tools through
    `get_tool_schemas()`, as a memory provider does, or hand the registry to code that
    registers, `route(registry, ...)`)?"""
    return (
        any(marker in source for marker in REGISTER_MARKERS)
        or SERVES_TEXT in source
        or bool(register_aliases(source))
        or ("registry" in source and _HANDS_REGISTRY.search(source) is not None)
    )


# `register_routes(registry)`, `route(registry, "name", ...)`: the registry given to a call.
_HANDS_REGISTRY = re.compile(r"[(,][ \t]*registry[ \t]*[,)]")


class ModuleState:
    """What analyses learn of one module in a run, each in its own slot (all start empty)."""

    __slots__ = (
        "bases",
        "changed",
        "changed_top",
        "class_indexes",
        "exc_types",
        "globals",
        "json_names",
        "name_counts",
        "parents",
        "parents_pending",
        "project_summary",
        "registrations",
        "resolved",
        "runtime",
        "schemas_not_static",
        "scope",
        "served",
        "setup",
        "setup_calls",
        "summaries",
        "tool_schemas",
        "word_counts",
        "words",
    )

    def __init__(self) -> None:
        self.scope: object = None  # the module's Scope (semantic.scopes)
        self.resolved: dict[str, object] = {}  # module-level name -> Possible
        self.runtime: dict[str, list[object]] = {}  # name -> bindings made by its defs
        self.words: dict[str, set[int]] = {}  # word -> lines it occurs on
        self.globals: frozenset[str] | None = None  # names some def declares `global`
        self.setup: frozenset[int] | None = None  # id() of the defs that run before any tool
        self.setup_calls: dict[int, list[Any]] = {}  # id(def) -> register(ctx)'s calls of it
        self.parents: dict[int, object] | None = None  # id(def/lambda) -> its parent node
        self.parents_pending: list[object] = []  # defs whose unread bodies are not mapped yet
        self.class_indexes: dict[int, BindingIndex] = {}
        self.changed_top: frozenset[str] | None = None  # ... by its top-level statements
        self.changed: dict[str, bool] | None = None  # name -> whether statements change its object
        self.bases: dict[int, list[object]] = {}  # id(class) -> its bases (ClassRef | None)
        self.exc_types: dict[int, object] = {}  # id(class) -> ExcType
        self.json_names: dict[str, object] = {}  # module-level name -> JSON-ness verdict
        self.summaries: dict[tuple[object, ...], object] = {}  # the call driver's memo
        self.registrations: list[Any] | None = None  # host.registrations.Registration
        self.served: list[Any] | None = None  # host.served.ServedTool
        self.tool_schemas: object = None
        self.schemas_not_static: int = 0
        self.project_summary: object = None
        self.name_counts: object = None
        self.word_counts: dict[str, int] = {}  # word -> whole-word occurrences (HD101)


class ModuleInfo:
    """One parsed Python file, its binding index and its analysis state."""

    def __init__(
        self, models: Models, path: Path, source: str, tree: ast.Module | None = None
    ) -> None:
        """`tree`: the parse of `source` when the caller has it already (`Models.seed`)."""
        self.models = models
        self.path = path
        # A text whose characters take more than a byte each as a `str` is kept as UTF-8
        # (a real checkout's modules with an emoji in them were a tenth of a run's memory).
        self._text: str | bytes = compact_text(source) if models.compact else source
        self.rel = models.relative(path)
        self.dotted = models.dotted(path)
        self._error: SyntaxError | None = None
        self._tree: ast.Module | None = tree
        self._parsed = tree is not None
        self._lines: SourceLines | None = None
        self._index: BindingIndex | None = None
        self.state = ModuleState()

    @property
    def source(self) -> str:
        """The module's text."""
        text = self._text
        if isinstance(text, str):
            return text
        return self.models.decoded(self, text)

    def contains(self, fragment: str) -> bool:
        """Whether `fragment` occurs in the text (without decoding a compact one)."""
        text = self._text
        if isinstance(text, str):
            return fragment in text
        return fragment.encode("utf-8") in text

    @property
    def tree(self) -> ast.Module | None:
        """The module's `ast` (None when it does not parse), parsed on first use: a module
        whose every answer a run reads from its cache is never parsed."""
        if not self._parsed:
            self._parse()
        return self._tree

    @property
    def error(self) -> SyntaxError | None:
        """Why the module does not parse (None when it does)."""
        if not self._parsed:
            self._parse()
        return self._error

    def _parse(self) -> None:
        self._parsed = True
        try:
            self._tree = ast.parse(self.source, filename=str(self.path))
            defer_bodies(self._tree, self.lines, str(self.path))
            share_positions(self._tree)
        except SyntaxError as exc:
            self._error = exc
        except (ValueError, RecursionError, MemoryError) as exc:  # null bytes, absurd nesting
            error = SyntaxError(str(exc) or type(exc).__name__)
            error.lineno, error.offset = 1, 1
            self._error = error

    @property
    def lines(self) -> SourceLines:
        """The module's lines as the tokenizer counts them."""
        if self._lines is None:
            self._lines = SourceLines(self._text)
        return self._lines

    @property
    def index(self) -> BindingIndex:
        """Every binding the module body makes at import (`semantic.bindings`)."""
        if self._index is None:
            self._index = module_index(self.tree) if self.tree is not None else BindingIndex()
        return self._index

    def word_lines(self, word: str) -> set[int]:
        """1-based lines on which `word` occurs as a whole word (memoised per word)."""
        found = self.state.words.get(word)
        if found is None:
            found = self.state.words[word] = _word_lines(self.source, word)
        return found

    def import_base(self, stmt: ast.ImportFrom) -> str | None:
        """The module a `from ... import` reads from: dotted, or for a relative import in a
        folder whose name is no identifier (`plugins/build-macos-apps/`) a path key; `""` for
        `from . import x` at the root (a plugin whose folder is the root: `x` is its module)."""
        if not stmt.level:
            return stmt.module
        # the package is the file's folder (for `__init__.py` too), found by path
        package = self.rel.split("/")[:-1] if self.dotted else []
        if stmt.level - 1 > len(package):
            return None
        if stmt.level > 1:
            package = package[: len(package) - (stmt.level - 1)]
        parts = [*package, *(stmt.module.split(".") if stmt.module else [])]
        if not parts:
            # `from . import x` in a file at the root: the root is the package (a plugin
            # whose folder is the root), its modules are named from it
            return ""
        if all(part.isidentifier() for part in package):
            return ".".join(parts)
        return "@" + "/".join(parts)

    def __repr__(self) -> str:
        return f"ModuleInfo({self.rel})"


class Models:
    """Parse each file once per run; map dotted module names to files under the root.
    `isolated`: find no other module (a file read on its own, its imports not followed)."""

    def __init__(self, root: Path, isolated: bool = False) -> None:
        self.root = root
        self.isolated = isolated
        self._root_str = str(root)
        self._by_path: dict[str, ModuleInfo | None] = {}
        self._by_name: dict[str, ModuleInfo | None] = {}
        self.read_errors: dict[str, str] = {}
        self._relative: dict[str, str] = {}
        # Absolute path -> text read in place of the file's (an editor's unsaved buffer, lint's
        # stdin); such a file need not exist on disk.
        self.unsaved: dict[str, str] = {}
        # What analyses remember for this run, by a key of their own (a folder's sqlite
        # tables, a helper's call sites): gone with the run, so a server's next run sees edits.
        self.memo: dict[object, object] = {}
        # Names a module read so far defines as a `@property` (a read of another attribute
        # name runs no getter: its object need not be resolved to know that).
        self.property_names: set[str] = set()
        # Keep wide texts as UTF-8 (`ModuleInfo.source` decodes them, the last few kept).
        self.compact = True
        self._decoded: dict[int, str] = {}

    def decoded(self, module: ModuleInfo, text: bytes) -> str:
        """`text` (`module`'s UTF-8) as a `str`; the last few decoded are kept, as a question
        about a module tends to read its text more than once."""
        key = id(module)
        found = self._decoded.pop(key, None)
        if found is None:
            found = text.decode("utf-8")
            if len(self._decoded) >= _DECODED_KEPT:
                del self._decoded[next(iter(self._decoded))]
        self._decoded[key] = found
        return found

    def relative(self, path: Path) -> str:
        key = str(path)
        rel = self._relative.get(key)
        if rel is None:  # (asked for again and again: pathlib's relative_to is slow)
            try:
                rel = path.relative_to(self.root).as_posix()
            except ValueError:
                rel = path.as_posix()
            self._relative[key] = rel
        return rel

    def dotted(self, path: Path) -> str:
        rel = self.relative(path)
        if rel.startswith("/") or not rel.endswith(".py"):
            return ""
        parts = rel[:-3].split("/")
        if parts[-1] == "__init__":
            parts.pop()
        return ".".join(parts)

    def read(self, path: Path) -> str | None:
        """The text of a file (None when unreadable; the reason is kept in `read_errors`), or
        its text in `unsaved`."""
        if self.unsaved:
            text = self.unsaved.get(str(path))
            if text is not None:
                return text
        try:
            data = read_bounded(path, SOURCE_LIMIT)  # (a FIFO, /dev/zero, a huge file: OSError)
        except OSError as exc:
            self.read_errors[str(path)] = exc.strerror or type(exc).__name__
            return None
        decoded = decoded_as_python(data)
        if isinstance(decoded, str):
            return decoded
        self.read_errors[str(path)] = decoded.reason
        return None

    def get(self, path: Path, source: str | None = None) -> ModuleInfo | None:
        """The parsed module of `path` (absolute), or None when it cannot be read."""
        key = str(path)
        if key in self._by_path:
            return self._by_path[key]
        if source is None:
            source = self.read(path)
        module = None if source is None else ModuleInfo(self, path, source)
        self._by_path[key] = module
        if source is not None and "property" in source:
            self.property_names.update(_PROPERTY_DEF.findall(source))
        return module

    def carried_over(
        self, changed: set[str], reaches: Callable[[str], Iterable[str]] | None = None
    ) -> Models:
        """A new run's Models that keeps this run's parse of every file not in `changed`
        (absolute paths): `lint --fix` lints again after writing, and re-parsing the modules
        its calls reach was most of that second run.

        A module's analyses (its `state`, which holds its registrations too) are kept when
        `reaches(rel)`, the files its imports may reach, names none of `changed`: nothing else
        can make them stale.
        Without `reaches`, only what its own text gives (tree, index) is kept."""
        fresh = Models(self.root)
        fresh._relative = dict(self._relative)
        changed_rels = {self.relative(Path(p)) for p in changed}
        for key, module in self._by_path.items():
            if module is None or key in changed:
                continue
            module.models = fresh
            if reaches is None or not changed_rels.isdisjoint(reaches(module.rel)):
                module.state = ModuleState()
            fresh._by_path[key] = module
            if module.contains("property"):
                fresh.property_names.update(_PROPERTY_DEF.findall(module.source))
        return fresh

    def parsed(self, path: Path, source: str) -> ast.Module | None:
        """This run's tree of `path` when it parsed exactly `source`, else None (no parse)."""
        module = self._by_path.get(str(path))
        return module.tree if module is not None and module.source == source else None

    def seed(self, path: Path, source: str, tree: ast.Module) -> ModuleInfo:
        """Take `tree` as the parse of `path`, whose text is `source` (already parsed)."""
        module = self._by_path[str(path)] = ModuleInfo(self, path, source, tree)
        if "property" in source:
            self.property_names.update(_PROPERTY_DEF.findall(source))
        return module

    def loaded(self) -> list[ModuleInfo]:
        return [m for m in self._by_path.values() if m is not None]

    def by_name(self, dotted: str) -> ModuleInfo | None:
        """The module `a.b` (or path key `@a/b-c`) under the root (`a/b.py` or
        `a/b/__init__.py`), parsed once."""
        if dotted in self._by_name:
            return self._by_name[dotted]
        found: ModuleInfo | None = None
        if self.isolated:
            return None
        if dotted.startswith("@"):
            parts = dotted[1:].split("/")
            valid = all(part not in ("", ".", "..") and os.sep not in part for part in parts)
        else:
            parts = dotted.split(".")
            valid = bool(dotted) and all(part.isidentifier() for part in parts)
        candidates: tuple[str, ...] = ()
        if dotted == "":
            # the root's own package (a plugin whose folder is the root): `from . import x` in
            # one of its modules reads its __init__.py
            candidates = (os.path.join(self._root_str, "__init__.py"),)
        elif valid:
            base = os.path.join(self._root_str, *parts)
            candidates = (base + ".py", os.path.join(base, "__init__.py"))
        if candidates:
            for candidate in candidates:
                if candidate in self.unsaved or os.path.isfile(candidate):
                    found = self.get(Path(candidate))
                    break
        self._by_name[dotted] = found
        return found


_DECODED_KEPT = 4


class Undecodable:
    """Why Python would refuse a file's bytes (see `decoded_as_python`)."""

    def __init__(self, reason: str) -> None:
        self.reason = reason


def decoded_as_python(data: bytes) -> str | Undecodable:
    """The text of a module's bytes as Python decodes them (a BOM, a coding declaration, else
    UTF-8), or why Python would refuse to import it: such a file registers nothing in Hermes."""
    import io
    import tokenize

    refused: str | None = None
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as exc:  # (an unknown codec, a bad first line, a BOM contradicted)
        encoding, refused = "utf-8", exc.msg
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        byte = data[exc.start]
        return Undecodable(
            f"byte 0x{byte:02x} on line {line} is not {encoding} text, so Python refuses it"
            " (save the file as UTF-8 or declare its coding)"
        )
    except LookupError as exc:  # (a codec Python knows by name but cannot decode with)
        return Undecodable(f"{exc}, so Python refuses it")
    return text if refused is None else Undecodable(f"{refused}, so Python refuses it")


def decoded_text(text: str | bytes) -> str:
    """The `str` of what `compact_text` returned."""
    return text.decode("utf-8") if isinstance(text, bytes) else text


def compact_text(source: str) -> str | bytes:
    """`source`, or its UTF-8 when that takes less memory (a `str` with a character outside
    Latin-1 takes two or four bytes for every character)."""
    if source.isascii():
        return source
    widest = max(source)
    if widest <= "\xff":
        return source  # (one byte a character already)
    try:
        data = source.encode("utf-8")
    except UnicodeEncodeError:  # (a lone surrogate, in an editor's buffer)
        return source
    size = len(source) * (4 if widest > "\uffff" else 2)
    return data if len(data) * 4 < size * 3 else source


def standalone(path: Path, source: str, tree: ast.Module) -> ModuleInfo:
    """A module read on its own: its imports lead nowhere (what a cache keyed by this one
    file's content may depend on)."""
    return Models(path.parent, isolated=True).seed(path, source, tree)


_BLOCK_TYPES = (ast.stmt, ast.excepthandler, ast.match_case)


def _lf_only(source: str) -> str:
    """The text with every line ending a \n (a file may end its lines in a bare \r, as old Mac
    editors did; the tokenizer counts those as lines too)."""
    if "\r" not in source:
        return source
    return source.replace("\r\n", "\n").replace("\r", "\n")


def _word_lines(source: str, word: str) -> set[int]:
    """1-based lines on which `word` occurs as a whole word (as a keyword must)."""
    source = _lf_only(source)
    lines: set[int] = set()
    line, counted = 1, 0
    start = source.find(word)
    while start != -1:
        end = start + len(word)
        before = source[start - 1 : start]
        after = source[end : end + 1]
        # (str.find and two character tests: a `\b` regex over the whole text is much slower)
        if not (before.isalnum() or before == "_" or after.isalnum() or after == "_"):
            line += source.count("\n", counted, start)
            counted = start
            lines.add(line)
        start = source.find(word, end)
    return lines
