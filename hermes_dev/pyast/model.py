"""A model of Hermes tool modules, read with the stdlib `ast` (never executed): the module
index. Imports nothing from `hermes_dev` (the registrations and the walker build on it).

API (what rules use):

- `Models(root)`: the per-run cache. `models.get(path)` parses a file once and returns its
  `ModuleInfo`; `models.by_name("tools.registry")` finds the file of a dotted module under the
  root (`a/b.py` or `a/b/__init__.py`) or returns None. A relative import inside a folder whose
  name is no Python identifier (`plugins/build-macos-apps/`, which the plugin loader imports by
  path) is named by its path instead: `"@plugins/build-macos-apps/schemas"`, which `by_name`
  finds the same way; `submodule_name(package, attr)` joins either kind.
- `ModuleInfo`: `path` (absolute), `rel` (posix path relative to the root), `dotted`, `source`,
  `lines`, `tree` (None when the file does not parse; `error` holds the SyntaxError),
  and the module-level index: `functions` (name -> def, also those defined inside
  module-level `if`/`try`), `classes`, `assigns` (name -> every value assigned at module level),
  `imports` (name -> `Import`).
  `resolve(name)` follows a module-level name through imports to what it is bound to and returns a
  `Binding(module, node)` (a def, a class, or the assigned value expression) or None when it is
  unknown, assigned more than once (a module-level loop's names count as such), or outside the
  root. `value_of(name)` is `resolve` narrowed to an assigned value expression (what a `schema=`
  name evaluates to); `function(name)` to a def (a `Func`); `resolve_attribute(expr)` and
  `callee(func_expr)` do the same for `module.name` where `module` is a module under the root.
  `memo` is a per-module dict for analyses to cache results in (key them by your module name).
  Its tool registrations are `registrations.registrations_of(module)`.
- `Func`: a def or lambda and the `ModuleInfo` it lives in (`node`, `module`, `name`,
  `is_async`, `wrapped`: a decorator that may change its results or exceptions).
"""

from __future__ import annotations

import ast
import os
from pathlib import Path

from hermes_dev.reading import SOURCE_LIMIT, read_bounded

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    FuncNode = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
    DefNode = ast.FunctionDef | ast.AsyncFunctionDef

# Text a tool module must contain; files without any of these are skipped before parsing.
REGISTER_MARKERS = (".register(", ".register_tool(")
_DEF_TYPES = (ast.FunctionDef, ast.AsyncFunctionDef)
_MAX_DEPTH = 8


# Decorators that leave a function's results, exceptions and signature as they are.
_TRANSPARENT_DECORATORS = {"lru_cache", "cache", "staticmethod", "override", "overload"}


def _decorator_name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return None


def submodule_name(package: str, attr: str) -> str:
    """The module name of `package`'s submodule `attr`: dotted, or a path key (`@a/b-c/attr`)."""
    return f"{package}/{attr}" if package.startswith("@") else f"{package}.{attr}"


def might_register(source: str) -> bool:
    """The quick text test: could this source register a tool?"""
    return any(marker in source for marker in REGISTER_MARKERS)


class Import:
    """A name bound by an import: `from module import attr` (attr set) or `import module`."""

    __slots__ = ("attr", "module", "node")

    def __init__(self, module: str, attr: str | None, node: ast.stmt) -> None:
        self.module = module
        self.attr = attr
        self.node = node

    def __repr__(self) -> str:
        return f"Import({self.module!r}, {self.attr!r})"


class Binding:
    """What a module-level name resolved to: a def, a class or an assigned value, and where."""

    __slots__ = ("module", "node")

    def __init__(self, module: ModuleInfo, node: ast.AST) -> None:
        self.module = module
        self.node = node

    def __repr__(self) -> str:
        return f"Binding({self.module.rel}, {type(self.node).__name__} line {getattr(self.node, 'lineno', '?')})"


class Func:
    """A def or a lambda in a module: the unit the handler analyses run on."""

    __slots__ = ("module", "node")

    def __init__(self, node: FuncNode, module: ModuleInfo) -> None:
        self.node = node
        self.module = module

    @property
    def name(self) -> str:
        node = self.node
        return "<lambda>" if isinstance(node, ast.Lambda) else node.name

    @property
    def is_async(self) -> bool:
        return isinstance(self.node, ast.AsyncFunctionDef)

    @property
    def wrapped(self) -> bool:
        """True when a decorator may change what calling it does (its result, its exceptions,
        sync or async): the handler analyses then say nothing about it."""
        node = self.node
        if isinstance(node, ast.Lambda):
            return False
        return any(_decorator_name(d) not in _TRANSPARENT_DECORATORS for d in node.decorator_list)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Func) and other.node is self.node

    def __hash__(self) -> int:
        return id(self.node)

    def __repr__(self) -> str:
        return f"Func({self.name} at {self.module.rel}:{self.node.lineno})"


class ModuleInfo:
    """One parsed Python file and its module-level index."""

    def __init__(
        self, models: Models, path: Path, source: str, tree: ast.Module | None = None
    ) -> None:
        """`tree`: the parse of `source` when the caller has it already (`Models.seed`)."""
        self.models = models
        self.path = path
        self.source = source
        self.rel = models.relative(path)
        self.dotted = models.dotted(path)
        self.error: SyntaxError | None = None
        self.tree: ast.Module | None = tree
        try:
            if tree is None:
                self.tree = ast.parse(source, filename=str(path))
        except SyntaxError as exc:
            self.error = exc
        except (ValueError, RecursionError, MemoryError) as exc:  # null bytes, absurd nesting
            error = SyntaxError(str(exc) or type(exc).__name__)
            error.lineno, error.offset = 1, 1
            self.error = error
        self._lines: list[str] | None = None
        self._indexed = False
        self.functions: dict[str, DefNode] = {}
        self.classes: dict[str, ast.ClassDef] = {}
        self.assigns: dict[str, list[ast.expr]] = {}
        self.imports: dict[str, Import] = {}
        self._globals: frozenset[str] | None = None
        # Free-form per-module memo for analyses (e.g. a function's JSON-ness summary).
        self.memo: dict[object, object] = {}

    @property
    def lines(self) -> list[str]:
        if self._lines is None:
            # As the tokenizer counts lines: str.splitlines() also splits at \f and \x1c.
            self._lines = self.source.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        return self._lines

    # -- the module-level index -----------------------------------------------------------

    def index(self) -> None:
        if self._indexed:
            return
        self._indexed = True
        if self.tree is not None:
            self._index_body(self.tree.body)

    def _index_body(self, body: list[ast.stmt]) -> None:
        for stmt in body:
            if isinstance(stmt, _DEF_TYPES):
                self.functions[stmt.name] = stmt
            elif isinstance(stmt, ast.ClassDef):
                self.classes[stmt.name] = stmt
            elif isinstance(stmt, ast.Assign):
                for target in stmt.targets:
                    self._index_target(target, stmt.value)
            elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
                self._index_target(stmt.target, stmt.value)
            elif isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name):
                # `X += ...` makes X's value not a single literal: record an unknown binding.
                self.assigns.setdefault(stmt.target.id, []).append(stmt.target)
            elif isinstance(stmt, ast.ImportFrom):
                base = self.import_base(stmt)
                if base is None:
                    continue
                for alias in stmt.names:
                    if alias.name == "*":
                        continue
                    self.imports[alias.asname or alias.name] = Import(base, alias.name, stmt)
            elif isinstance(stmt, ast.Import):
                for alias in stmt.names:
                    if alias.asname:
                        self.imports[alias.asname] = Import(alias.name, None, stmt)
                    else:
                        top = alias.name.split(".", 1)[0]
                        self.imports[top] = Import(top, None, stmt)
            elif isinstance(stmt, (ast.If, ast.With, ast.AsyncWith)):
                self._index_body(stmt.body)
                if isinstance(stmt, ast.If):
                    self._index_body(stmt.orelse)
            elif isinstance(stmt, (ast.For, ast.AsyncFor, ast.While)):
                # A loop rebinds names once per row: its targets and assignments are not static.
                if not isinstance(stmt, ast.While):
                    for bound in ast.walk(stmt.target):
                        if isinstance(bound, ast.Name):
                            self.assigns.setdefault(bound.id, []).append(bound)
                self._index_body(stmt.body)
                self._index_body(stmt.orelse)
            elif isinstance(stmt, (ast.Try, ast.TryStar)):
                self._index_body(stmt.body)
                for handler in stmt.handlers:
                    self._index_body(handler.body)
                self._index_body(stmt.orelse)
                self._index_body(stmt.finalbody)

    def _index_target(self, target: ast.expr, value: ast.expr) -> None:
        if isinstance(target, ast.Name):
            self.assigns.setdefault(target.id, []).append(value)
        elif isinstance(target, (ast.Tuple, ast.List)):
            elts = value.elts if isinstance(value, (ast.Tuple, ast.List)) else None
            for i, elt in enumerate(target.elts):
                if elts is not None and len(elts) == len(target.elts):
                    self._index_target(elt, elts[i])
                elif isinstance(elt, ast.Name):
                    self.assigns.setdefault(elt.id, []).append(elt)  # unknown value

    def import_base(self, stmt: ast.ImportFrom) -> str | None:
        """The module a `from ... import` reads from: dotted, or for a relative import in a
        folder whose name is no identifier (`plugins/build-macos-apps/`) a path key."""
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
            return None
        if all(part.isidentifier() for part in package):
            return ".".join(parts)
        return "@" + "/".join(parts)

    def resolve(self, name: str, depth: int = 0) -> Binding | None:
        """What the module-level `name` is bound to (following imports under the root)."""
        if depth > _MAX_DEPTH or name in self.global_names():
            return None  # a function rebinds it (`global name`): its value is not static
        self.index()
        bound = 0
        found: Binding | None = None
        if name in self.functions:
            bound += 1
            found = Binding(self, self.functions[name])
        if name in self.classes:
            bound += 1
            found = Binding(self, self.classes[name])
        values = self.assigns.get(name)
        if values:
            bound += len(values)
            found = Binding(self, values[0])
        if name in self.imports:
            bound += 1
        if bound > 1:
            return None  # bound several ways: which one runs depends on the path taken
        if found is not None:
            return found
        imp = self.imports.get(name)
        if imp is None:
            return None
        if imp.attr is None:
            module = self.models.by_name(imp.module)
            return Binding(module, module.tree) if module and module.tree else None
        module = self.models.by_name(imp.module)
        if module is not None:
            found = module.resolve(imp.attr, depth + 1)
            if found is not None:
                return found
        # `from pkg import mod` where pkg.mod is a module under the root.
        sub = self.models.by_name(submodule_name(imp.module, imp.attr))
        if sub is not None and sub.tree is not None:
            return Binding(sub, sub.tree)
        return None

    def global_names(self) -> frozenset[str]:
        """Names some function of this module declares `global` (and so may rebind)."""
        if self._globals is None:
            names: set[str] = set()
            lines = _word_lines(self.source, "global") if self.tree is not None else set()
            if self.tree is not None and lines:
                # A `global` is a statement: visit only statements (and except/case clauses,
                # which hold statements) whose lines include one where the word occurs.
                stack: list[ast.AST] = list(self.tree.body)
                while stack:
                    node = stack.pop()
                    if isinstance(node, ast.Global):
                        names.update(node.names)
                        continue
                    for child in ast.iter_child_nodes(node):
                        if isinstance(child, _BLOCK_TYPES) and _spans(child, lines):
                            stack.append(child)
            self._globals = frozenset(names)
        return self._globals

    def value_of(self, name: str) -> ast.expr | None:
        """The expression assigned (once) to the module-level `name`, following imports."""
        binding = self.resolve(name)
        if binding is not None and isinstance(binding.node, ast.expr):
            return binding.node
        return None

    def import_origin(self, name: str) -> tuple[str, str | None] | None:
        """(`module`, `attr`) when the module-level `name` comes from an import, else None."""
        self.index()
        imp = self.imports.get(name)
        return None if imp is None else (imp.module, imp.attr)

    def function(self, name: str) -> Func | None:
        """The def the module-level `name` resolves to (here or imported), or None."""
        binding = self.resolve(name)
        if binding is not None and isinstance(binding.node, _DEF_TYPES):
            return Func(binding.node, binding.module)
        return None

    def resolve_attribute(self, expr: ast.Attribute) -> Binding | None:
        """`mod.name` where `mod` is a module under the root (`from tools import helpers`)."""
        if not isinstance(expr.value, ast.Name):
            return None
        binding = self.resolve(expr.value.id)
        if binding is None or not isinstance(binding.node, ast.Module):
            return None
        return binding.module.resolve(expr.attr)

    def callee(self, func: ast.expr) -> Func | None:
        """The def a call's `func` expression (`name` or `module.name`) resolves to, or None."""
        if isinstance(func, ast.Name):
            return self.function(func.id)
        if isinstance(func, ast.Attribute):
            binding = self.resolve_attribute(func)
            if binding is not None and isinstance(binding.node, _DEF_TYPES):
                return Func(binding.node, binding.module)
        return None

    def __repr__(self) -> str:
        return f"ModuleInfo({self.rel})"


class Models:
    """Parse each file once per run; map dotted module names to files under the root."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._root_str = str(root)
        self._by_path: dict[str, ModuleInfo | None] = {}
        self._by_name: dict[str, ModuleInfo | None] = {}
        self.read_errors: dict[str, str] = {}
        self._relative: dict[str, str] = {}

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
        """The text of a file (None when unreadable; the reason is kept in `read_errors`)."""
        try:
            data = read_bounded(path, SOURCE_LIMIT)  # (a FIFO, /dev/zero, a huge file: OSError)
        except OSError as exc:
            self.read_errors[str(path)] = exc.strerror or type(exc).__name__
            return None
        try:
            return data.decode("utf-8-sig")
        except UnicodeDecodeError:
            return data.decode("latin-1")

    def get(self, path: Path, source: str | None = None) -> ModuleInfo | None:
        """The parsed module of `path` (absolute), or None when it cannot be read."""
        key = str(path)
        if key in self._by_path:
            return self._by_path[key]
        if source is None:
            source = self.read(path)
        module = None if source is None else ModuleInfo(self, path, source)
        self._by_path[key] = module
        return module

    def carried_over(
        self, changed: set[str], reaches: Callable[[str], Iterable[str]] | None = None
    ) -> Models:
        """A new run's Models that keeps this run's parse of every file not in `changed`
        (absolute paths): `lint --fix` lints again after writing, and re-parsing the modules
        its calls reach was most of that second run.

        A module's analyses (its memo, which holds its registrations too) are kept when
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
                module.memo = {}
            fresh._by_path[key] = module
        return fresh

    def parsed(self, path: Path, source: str) -> ast.Module | None:
        """This run's tree of `path` when it parsed exactly `source`, else None (no parse)."""
        module = self._by_path.get(str(path))
        return module.tree if module is not None and module.source == source else None

    def seed(self, path: Path, source: str, tree: ast.Module) -> None:
        """Take `tree` as the parse of `path`, whose text is `source` (already parsed)."""
        self._by_path[str(path)] = ModuleInfo(self, path, source, tree)

    def loaded(self) -> list[ModuleInfo]:
        return [m for m in self._by_path.values() if m is not None]

    def by_name(self, dotted: str) -> ModuleInfo | None:
        """The module `a.b` (or path key `@a/b-c`) under the root (`a/b.py` or
        `a/b/__init__.py`), parsed once."""
        if dotted in self._by_name:
            return self._by_name[dotted]
        found: ModuleInfo | None = None
        if dotted.startswith("@"):
            parts = dotted[1:].split("/")
            valid = all(part not in ("", ".", "..") and os.sep not in part for part in parts)
        else:
            parts = dotted.split(".")
            valid = bool(dotted) and all(part.isidentifier() for part in parts)
        if valid:
            base = os.path.join(self._root_str, *parts)
            for candidate in (base + ".py", os.path.join(base, "__init__.py")):
                if os.path.isfile(candidate):
                    found = self.get(Path(candidate))
                    break
        self._by_name[dotted] = found
        return found


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


def _spans(node: ast.AST, lines: set[int]) -> bool:
    start = getattr(node, "lineno", None)
    end = getattr(node, "end_lineno", None)
    if start is None or end is None:
        return True
    return any(start <= line <= end for line in lines)
