"""A model of Hermes tool modules, read with the stdlib `ast` (never executed).

API (what rules use):

- `Models(root)`: the per-run cache. `models.get(path)` parses a file once and returns its
  `ModuleInfo`; `models.by_name("tools.registry")` finds the file of a dotted module under the
  root (`a/b.py` or `a/b/__init__.py`) or returns None. A relative import inside a folder whose
  name is no Python identifier (`plugins/build-macos-apps/`, which the plugin loader imports by
  path) is named by its path instead: `"@plugins/build-macos-apps/schemas"`, which `by_name`
  finds the same way; `submodule_name(package, attr)` joins either kind.
- `ModuleInfo`: `path` (absolute), `rel` (posix path relative to the root), `dotted`, `source`,
  `lines`, `tree` (None when the file does not parse; `error` holds the SyntaxError),
  `registrations`, and the module-level index: `functions` (name -> def, also those defined inside
  module-level `if`/`try`), `classes`, `assigns` (name -> every value assigned at module level),
  `imports` (name -> `Import`).
  `resolve(name)` follows a module-level name through imports to what it is bound to and returns a
  `Binding(module, node)` (a def, a class, or the assigned value expression) or None when it is
  unknown, assigned more than once (a module-level loop's names count as such), or outside the
  root. `value_of(name)` is `resolve` narrowed to an assigned value expression (what a `schema=`
  name evaluates to); `function(name)` to a def (a `Func`); `resolve_attribute(expr)` and
  `callee(func_expr)` do the same for `module.name` where `module` is a module under the root.
  `memo` is a per-module dict for analyses to cache results in (key them by your module name).
- `Registration`: one `registry.register(...)` (kind "registry") or `ctx.register_tool(...)`
  (kind "plugin") call. `keywords` maps every argument (positional ones by register()'s parameter
  order) to its expression *as written*; `arg(key)` returns it with the loop variables of the
  table row substituted (`row` maps loop variables to the row's expressions for a call inside a
  module-level `for` over a literal table: the call then gives one Registration per row, all
  sharing `call`). `name` / `toolset` are the static strings or None. `place` is "module" (a
  statement of the module body), "loop" (directly in a module-level `for`), "nested" (inside a
  module-level `if`/`try`/`with`/deeper `for`) or "function" (inside a def); `discoverable` is
  True when Hermes' start-up discovery sees the call (module body or module-level `for` body,
  receiver spelled `registry`). `function` is the outermost def around a "function" call.
  `handler` resolves the handler expression to the code that runs (a `Handler`) or None.
  `label()` names the tool in findings (its name, or `<tool at line N>`).
- `Handler`: `kind` ("function", "lambda", "partial", "factory"), `func` (the registered callable:
  a def or a lambda, as a `Func`), `target` (the `Func` a lambda or partial forwards to; for
  `lambda args, **kw: runner(coro_fn(args))` the `async def coro_fn`, with `via_runner` True),
  partial's `bound_positional`/`bound_keywords`, `is_async` (calling it gives a coroutine),
  `code()` (the functions whose bodies run: func and target).
- `Func`: a def or lambda and the `ModuleInfo` it lives in (`node`, `module`, `name`,
  `is_async`, `wrapped`: a decorator that may change its results or exceptions).
"""

from __future__ import annotations

import ast
import os
from pathlib import Path

from hermes_dev.pyast.walk import returns_of, walk_function

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    FuncNode = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
    DefNode = ast.FunctionDef | ast.AsyncFunctionDef

# register()'s parameters in order, to name positional arguments (tools/registry.py).
REGISTER_PARAMS = (
    "name",
    "toolset",
    "schema",
    "handler",
    "check_fn",
    "requires_env",
    "is_async",
    "description",
    "emoji",
    "max_result_size_chars",
    "dynamic_schema_overrides",
    "override",
)
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


class Handler:
    """The code a registration's `handler=` runs."""

    __slots__ = (
        "bound_keywords",
        "bound_positional",
        "expr",
        "func",
        "kind",
        "target",
        "via_runner",
    )

    def __init__(
        self,
        kind: str,
        expr: ast.expr,
        func: Func,
        target: Func | None = None,
        bound_positional: int = 0,
        bound_keywords: frozenset[str] = frozenset(),
    ) -> None:
        self.kind = kind  # "function" | "lambda" | "partial" | "factory"
        self.expr = expr  # the handler expression as registered (row-substituted)
        self.func = func  # the registered callable (for a partial: the wrapped function)
        self.target = target  # what a lambda/partial forwards to
        self.bound_positional = bound_positional
        self.bound_keywords = bound_keywords
        # True when a lambda hands the target's coroutine to a runner: `_run_async(fn(args))`.
        runner_arg = _runner_call(func.node) if isinstance(func.node, ast.Lambda) else None
        self.via_runner = bool(
            target is not None
            and target.is_async
            and runner_arg is not None
            and runner_arg.id == target.name
        )

    @property
    def is_async(self) -> bool:
        """True when calling the handler gives a coroutine (an `async def`, or a partial of one)."""
        return self.func.is_async

    def code(self) -> list[Func]:
        """The functions whose bodies run when the handler is called: itself and its target."""
        funcs = [self.func]
        if self.target is not None and self.target != self.func:
            funcs.append(self.target)
        return funcs

    def __repr__(self) -> str:
        return f"Handler({self.kind}, {self.func!r}, target={self.target!r})"


class Registration:
    """One tool registration call (one per table row when the call sits in a loop over a table)."""

    __slots__ = (
        "_handler",
        "_handler_done",
        "call",
        "discoverable",
        "function",
        "keywords",
        "kind",
        "loop",
        "module",
        "place",
        "row",
        "row_node",
    )

    def __init__(
        self,
        module: ModuleInfo,
        call: ast.Call,
        kind: str,
        place: str,
        discoverable: bool,
        loop: ast.For | None = None,
        row: dict[str, ast.expr] | None = None,
        row_node: ast.expr | None = None,
    ) -> None:
        self.module = module
        self.call = call
        self.kind = kind  # "registry" | "plugin"
        self.place = place  # "module" | "loop" | "nested" | "function"
        self.discoverable = discoverable
        self.loop = loop
        self.row = row
        self.row_node = row_node
        # The outermost def or lambda around the call (place "function"), else None.
        self.function: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | None = None
        keywords: dict[str, ast.expr] = {}
        for index, arg in enumerate(call.args):
            if isinstance(arg, ast.Starred) or index >= len(REGISTER_PARAMS):
                break
            keywords[REGISTER_PARAMS[index]] = arg
        for kw in call.keywords:
            if kw.arg is not None:
                keywords[kw.arg] = kw.value
        self.keywords = keywords
        self._handler: Handler | None = None
        self._handler_done = False

    @property
    def line(self) -> int:
        return self.call.lineno

    @property
    def column(self) -> int:
        return self.call.col_offset + 1

    def arg(self, key: str) -> ast.expr | None:
        """The argument `key` with the table row's loop variables substituted."""
        expr = self.keywords.get(key)
        return None if expr is None else self.substitute(expr)

    def substitute(self, expr: ast.expr) -> ast.expr:
        """`expr` with a loop variable (or `var["key"]` of a dict row) replaced by the row's value."""
        row = self.row
        if not row:
            return expr
        if isinstance(expr, ast.Name) and expr.id in row:
            return row[expr.id]
        if (
            isinstance(expr, ast.Subscript)
            and isinstance(expr.value, ast.Name)
            and expr.value.id in row
            and isinstance(expr.slice, ast.Constant)
        ):
            value = row[expr.value.id]
            if isinstance(value, ast.Dict):
                return _dict_get(value, expr.slice.value) or expr
            if isinstance(value, (ast.Tuple, ast.List)) and isinstance(expr.slice.value, int):
                index = expr.slice.value
                if -len(value.elts) <= index < len(value.elts):
                    return value.elts[index]
        return expr

    def static_str(self, key: str) -> str | None:
        """The argument `key` when it is a string known statically (also via a module constant)."""
        expr = self.arg(key)
        if expr is None:
            return None
        if isinstance(expr, ast.Name):
            value = self.module.value_of(expr.id)
            if value is not None:
                expr = value
        if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
            return expr.value
        return None

    @property
    def name(self) -> str | None:
        return self.static_str("name")

    @property
    def toolset(self) -> str | None:
        return self.static_str("toolset")

    @property
    def handler(self) -> Handler | None:
        if not self._handler_done:
            self._handler_done = True
            expr = self.arg("handler")
            if expr is not None:
                self._handler = resolve_handler(self.module, expr, self.substitute)
        return self._handler

    def label(self) -> str:
        """How findings name the tool: its name, or `<tool at line N>` when not static."""
        return self.name or f"<tool at line {self.line}>"

    def __repr__(self) -> str:
        return f"Registration({self.name!r}, {self.module.rel}:{self.line}, {self.place})"


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
        self._registrations: list[Registration] | None = None
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

    # -- registrations ----------------------------------------------------------------------

    @property
    def registrations(self) -> list[Registration]:
        if self._registrations is None:
            self._registrations = _find_registrations(self) if self.tree is not None else []
        return self._registrations

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
            data = path.read_bytes()
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

        A module's analyses (its memo, its registrations) are kept too when `reaches(rel)`, the
        files its imports may reach, names none of `changed`: nothing else can make them stale.
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
                module._registrations = None
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


# -- finding registrations -----------------------------------------------------------------


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


def _marker_lines(source: str) -> set[int]:
    """1-based lines on which a register marker text starts."""
    source = _lf_only(source)
    lines: set[int] = set()
    for marker in REGISTER_MARKERS:
        start = source.find(marker)
        while start != -1:
            lines.add(source.count("\n", 0, start) + 1)
            start = source.find(marker, start + 1)
    return lines


def _register_kind(call: ast.Call) -> str | None:
    """ "registry" for `registry.register(...)`, "plugin" for `<x>.register_tool(...)`."""
    func = call.func
    if not isinstance(func, ast.Attribute):
        return None
    if func.attr == "register_tool":
        return "plugin"
    if func.attr != "register":
        return None
    receiver = func.value
    named = (isinstance(receiver, ast.Name) and receiver.id in ("registry", "_registry")) or (
        isinstance(receiver, ast.Attribute) and receiver.attr in ("registry", "_registry")
    )
    if not named:
        return None
    # Other registries (codecs, atexit ...) have other signatures: require the tool contract.
    given = {kw.arg for kw in call.keywords}
    if "handler" in given or "schema" in given or len(call.args) >= 4:
        return "registry"
    return None


def _is_discoverable_stmt(stmt: ast.AST) -> bool:
    """Hermes' discovery test for one statement (mirrors tools/registry.py)."""
    if not isinstance(stmt, ast.Expr) or not isinstance(stmt.value, ast.Call):
        return False
    func = stmt.value.func
    return (
        isinstance(func, ast.Attribute)
        and func.attr == "register"
        and isinstance(func.value, ast.Name)
        and func.value.id == "registry"
    )


def _spans(node: ast.AST, lines: set[int]) -> bool:
    start = getattr(node, "lineno", None)
    end = getattr(node, "end_lineno", None)
    if start is None or end is None:
        return True
    return any(start <= line <= end for line in lines)


def _find_registrations(module: ModuleInfo) -> list[Registration]:
    assert module.tree is not None
    lines = _marker_lines(module.source)
    if not lines:
        return []
    found: list[Registration] = []
    for stmt in module.tree.body:
        if _spans(stmt, lines):
            _visit(module, stmt, [stmt], lines, found)
    found.sort(key=lambda r: (r.call.lineno, r.call.col_offset))
    return found


def _visit(
    module: ModuleInfo,
    node: ast.AST,
    path: list[ast.AST],
    lines: set[int],
    found: list[Registration],
) -> None:
    """Collect register calls under `node`, descending only where a marker line lies.

    `path` holds the nodes from the module-level statement down to `node`.
    """
    if isinstance(node, ast.Call):
        kind = _register_kind(node)
        if kind is not None:
            _add_registration(module, node, kind, path, found)
    for child in ast.iter_child_nodes(node):
        if _spans(child, lines):
            path.append(child)
            _visit(module, child, path, lines, found)
            path.pop()


def _add_registration(
    module: ModuleInfo, call: ast.Call, kind: str, path: list[ast.AST], found: list[Registration]
) -> None:
    functions = [n for n in path if isinstance(n, (*_DEF_TYPES, ast.Lambda))]
    top = path[0]
    loop: ast.For | None = None
    if functions:
        place = "function"
        outer = functions[0]
        if kind == "plugin" and isinstance(outer, _DEF_TYPES) and outer.name == "register":
            index = path.index(outer)
            if index + 1 < len(path) and isinstance(path[index + 1], ast.For):
                loop = path[index + 1]  # type: ignore[assignment]
    elif isinstance(top, ast.Expr) and top.value is call:
        place = "module"
    elif isinstance(top, ast.For):
        loop = top
        direct = any(isinstance(s, ast.Expr) and s.value is call for s in top.body)
        place = "loop" if direct else "nested"
    else:
        place = "nested"
    discoverable = (
        kind == "registry"
        and place in ("module", "loop")
        and _is_discoverable_stmt(path[1] if place == "loop" else top)
    )
    rows = _table_rows(module, loop) if loop is not None else None
    made = (
        [Registration(module, call, kind, place, discoverable, loop)]
        if rows is None
        else [
            Registration(module, call, kind, place, discoverable, loop, row, row_node)
            for row_node, row in rows
        ]
    )
    for reg in made:
        reg.function = functions[0] if functions else None
    found.extend(made)


def _table_rows(
    module: ModuleInfo, loop: ast.For
) -> list[tuple[ast.expr, dict[str, ast.expr]]] | None:
    """Each row of the literal table a loop iterates over, as loop-variable bindings."""
    iterable: ast.expr = loop.iter
    items = False
    if (
        isinstance(iterable, ast.Call)
        and isinstance(iterable.func, ast.Attribute)
        and iterable.func.attr == "items"
        and not iterable.args
    ):
        items = True
        iterable = iterable.func.value
    if isinstance(iterable, ast.Name):
        value = module.value_of(iterable.id)
        if value is None:
            return None
        iterable = value
    rows: list[ast.expr]
    if items:
        if not isinstance(iterable, ast.Dict) or any(k is None for k in iterable.keys):
            return None
        rows = [
            ast.Tuple(elts=[k, v], ctx=ast.Load(), lineno=k.lineno, col_offset=k.col_offset)
            for k, v in zip(iterable.keys, iterable.values)
            if k is not None
        ]
    elif isinstance(iterable, (ast.List, ast.Tuple, ast.Set)):
        rows = list(iterable.elts)
    else:
        return None
    result: list[tuple[ast.expr, dict[str, ast.expr]]] = []
    for row in rows:
        if isinstance(row, ast.Starred):
            return None
        bindings: dict[str, ast.expr] = {}
        if not _bind(loop.target, row, bindings):
            return None
        result.append((row, bindings))
    return result


def _bind(target: ast.expr, value: ast.expr, out: dict[str, ast.expr]) -> bool:
    if isinstance(target, ast.Name):
        out[target.id] = value
        return True
    if isinstance(target, (ast.Tuple, ast.List)):
        if not isinstance(value, (ast.Tuple, ast.List)) or len(value.elts) != len(target.elts):
            return False
        return all(_bind(t, v, out) for t, v in zip(target.elts, value.elts))
    return False


def _dict_get(node: ast.Dict, key: object) -> ast.expr | None:
    for k, v in zip(node.keys, node.values):
        if isinstance(k, ast.Constant) and k.value == key:
            return v
    return None


# -- resolving a handler ---------------------------------------------------------------------


def resolve_handler(
    module: ModuleInfo,
    expr: ast.expr,
    substitute: Callable[[ast.expr], ast.expr] | None = None,
) -> Handler | None:
    """The code a handler expression runs, or None when it cannot be known statically.
    `substitute` puts a table row's values for its loop variables (for a lambda's defaults:
    `lambda args, _h=_handler, **kw: _h(args)` in a loop over rows that bind `_handler`)."""
    return _resolve_callable(module, expr, expr, 0, substitute)


def _resolve_callable(
    module: ModuleInfo,
    expr: ast.expr,
    original: ast.expr,
    depth: int,
    substitute: Callable[[ast.expr], ast.expr] | None = None,
) -> Handler | None:
    if depth > _MAX_DEPTH:
        return None
    if isinstance(expr, ast.Lambda):
        func = Func(expr, module)
        return Handler("lambda", original, func, forward_target(func, substitute))
    if isinstance(expr, (ast.Name, ast.Attribute)):
        binding = (
            module.resolve(expr.id)
            if isinstance(expr, ast.Name)
            else module.resolve_attribute(expr)
        )
        if binding is None:
            return None
        node = binding.node
        if isinstance(node, _DEF_TYPES):
            return Handler("function", original, Func(node, binding.module))
        if (
            isinstance(node, ast.expr)
            and not isinstance(node, ast.Name)
            or (isinstance(node, ast.Name) and node is not expr and isinstance(node.ctx, ast.Load))
        ):
            return _resolve_callable(binding.module, node, original, depth + 1)
        return None
    if isinstance(expr, ast.Call):
        if _is_partial(module, expr.func):
            if not expr.args or any(isinstance(a, ast.Starred) for a in expr.args):
                return None
            inner = _resolve_callable(module, expr.args[0], expr.args[0], depth + 1)
            if inner is None or inner.kind != "function":
                return None
            keywords = {kw.arg for kw in expr.keywords}
            if None in keywords:
                return None
            return Handler(
                "partial",
                original,
                inner.func,
                inner.func,
                bound_positional=len(expr.args) - 1,
                bound_keywords=frozenset(k for k in keywords if k is not None),
            )
        # A factory: a module function that returns a nested def or a lambda.
        if isinstance(expr.func, ast.Name):
            factory = module.function(expr.func.id)
            if factory is not None:
                made = _factory_product(factory)
                if made is not None:
                    return Handler(
                        "factory",
                        original,
                        made,
                        forward_target(made) if isinstance(made.node, ast.Lambda) else None,
                    )
    return None


def _is_partial(module: ModuleInfo, func: ast.expr) -> bool:
    if (
        isinstance(func, ast.Attribute)
        and func.attr == "partial"
        and isinstance(func.value, ast.Name)
    ):
        origin = module.import_origin(func.value.id)
        return origin == ("functools", None) or func.value.id == "functools"
    if isinstance(func, ast.Name):
        return module.import_origin(func.id) == ("functools", "partial")
    return False


def _factory_product(factory: Func) -> Func | None:
    """The nested def or lambda every `return` of `factory` gives, if they agree on one."""
    node = factory.node
    if isinstance(node, ast.Lambda):
        return None
    nested = {s.name: s for s in walk_function(node) if isinstance(s, _DEF_TYPES)}
    made: Func | None = None
    for ret in returns_of(node):
        value = ret.value
        if isinstance(value, ast.Name) and value.id in nested:
            candidate = Func(nested[value.id], factory.module)
        elif isinstance(value, ast.Lambda):
            candidate = Func(value, factory.module)
        else:
            return None
        if made is not None and made != candidate:
            return None
        made = candidate
    return made


def forward_target(
    func: Func, substitute: Callable[[ast.expr], ast.expr] | None = None
) -> Func | None:
    """The module function a lambda's body calls (`lambda args, **kw: fn(...)`), if resolvable:
    also through a module-level `functools.partial` object (`core = partial(_run, ...)`;
    `lambda args, **kw: core(**args)`) and through a parameter's default (`lambda args,
    _h=_handler, **kw: _h(args)`, the late-binding idiom of registration loops; `substitute`
    gives the table row's value of a loop variable)."""
    node = func.node
    if not isinstance(node, ast.Lambda):
        return None
    body = node.body
    if not isinstance(body, ast.Call):
        return None
    if isinstance(body.func, ast.Attribute):
        return func.module.callee(body.func)  # `lambda args, **kw: helpers.run(args)`
    if not isinstance(body.func, ast.Name):
        return None
    params = _lambda_params(node)
    if body.func.id in params:
        default = _lambda_default(node, body.func.id)
        if default is None:
            return None
        return _function_behind(func.module, substitute(default) if substitute else default)
    inner = _runner_call(node)
    if inner is not None and inner.id not in params:
        # `lambda args, **kw: _run_async(fetch(args))`: the code that runs is `fetch`.
        coroutine = func.module.function(inner.id)
        if coroutine is not None and coroutine.is_async:
            return coroutine
    return func.module.function(body.func.id) or _function_behind(func.module, body.func)


def _function_behind(module: ModuleInfo, expr: ast.expr) -> Func | None:
    """The def that calling `expr` runs when `expr` names a def or a `functools.partial` of
    one (a module-level name, or a lambda default's value); None for anything else."""
    if not isinstance(expr, (ast.Name, ast.Attribute, ast.Call)):
        return None
    handler = _resolve_callable(module, expr, expr, 1)
    if handler is None or handler.kind not in ("function", "partial"):
        return None
    return handler.func


def _lambda_default(node: ast.Lambda, name: str) -> ast.expr | None:
    """The default value of the lambda's parameter `name`, if it has one."""
    a = node.args
    positional = [*a.posonlyargs, *a.args]
    for param, default in zip(positional[len(positional) - len(a.defaults) :], a.defaults):
        if param.arg == name:
            return default
    for param, kw_default in zip(a.kwonlyargs, a.kw_defaults):
        if param.arg == name:
            return kw_default
    return None


def _runner_call(node: ast.Lambda) -> ast.Name | None:
    """`g` in a lambda body shaped `runner(g(...))` (one argument, itself a call of a name)."""
    body = node.body
    if (
        isinstance(body, ast.Call)
        and len(body.args) == 1
        and not body.keywords
        and isinstance(body.args[0], ast.Call)
        and isinstance(body.args[0].func, ast.Name)
    ):
        return body.args[0].func
    return None


def _lambda_params(node: ast.Lambda) -> set[str]:
    a = node.args
    names = {p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)}
    if a.vararg:
        names.add(a.vararg.arg)
    if a.kwarg:
        names.add(a.kwarg.arg)
    return names
