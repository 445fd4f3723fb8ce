"""The module-level view evaluation needs of a module, and finding modules under a root.

`ModuleScope.build(path, tree, name)` collects a parsed module's single bindings, its one-`return`
helpers and its imports, and the names that are never static (bound twice, changed at module level
or in a module-level loop). `module_path_for(root, module)` finds a dotted module's file under a
root; `file_module_loader(root)` parses such modules on demand, once each (a `ModuleLoader`);
`no_modules` is the loader that finds none. For the run's parsed modules: `scope_of(module)`
(built once per module) and `models_loader(models)`.

Imports nothing from the package at run time (the pyast model only for its types).
"""

from __future__ import annotations

import ast

from hermes_dev.reading import SOURCE_LIMIT, read_bounded

TYPE_CHECKING = False  # typing is not imported at run time: a pre-commit run pays for it
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from pathlib import Path
    from typing import TypeAlias

    from hermes_dev.pyast.model import Models, ModuleInfo

    # Resolves a dotted module name under the root to its scope (None: not under the root).
    ModuleLoader: TypeAlias = Callable[[str], "ModuleScope | None"]


class ModuleScope:
    """What evaluation needs from one parsed module: its single bindings, helpers and imports."""

    __slots__ = ("bindings", "functions", "imports", "name", "path", "unstable")

    def __init__(
        self,
        path: Path,
        name: str,
        bindings: dict[str, ast.expr],
        functions: dict[str, ast.FunctionDef],
        imports: dict[str, tuple[str, str | None]],
        unstable: set[str],
    ) -> None:
        self.path = path
        self.name = name  # dotted module name ("tools.web_tools"), "" when unknown
        self.bindings = bindings
        self.functions = functions
        # local name -> (module, name or None for a module)
        self.imports = imports
        # bound more than once or changed at module level: never static
        self.unstable = unstable

    @classmethod
    def build(
        cls,
        path: Path,
        tree: ast.Module,
        name: str = "",
        import_base: Callable[[ast.ImportFrom], str | None] | None = None,
    ) -> ModuleScope:
        """`import_base` names the module a `from ... import` reads (the engine's model, which
        resolves relative imports by path); without it, by `name` and dotted arithmetic."""
        bindings: dict[str, ast.expr] = {}
        functions: dict[str, ast.FunctionDef] = {}
        imports: dict[str, tuple[str, str | None]] = {}
        seen: dict[str, int] = {}
        unstable: set[str] = set()

        def bind(target: str) -> None:
            seen[target] = seen.get(target, 0) + 1

        for stmt in _module_level_statements(tree.body):
            if isinstance(stmt, ast.Assign):
                for target in stmt.targets:
                    if isinstance(target, ast.Name):
                        bind(target.id)
                        bindings[target.id] = stmt.value
                    else:
                        for name_node in ast.walk(target):
                            if isinstance(name_node, ast.Name):
                                # `X[k] = v`, `X.attr = v`, `a, b = ...`: X is not a plain literal
                                unstable.add(name_node.id)
            elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                bind(stmt.target.id)
                if stmt.value is not None:
                    bindings[stmt.target.id] = stmt.value
            elif isinstance(stmt, ast.AugAssign):
                for name_node in ast.walk(stmt.target):
                    if isinstance(name_node, ast.Name):
                        unstable.add(name_node.id)
            elif isinstance(stmt, ast.FunctionDef):
                bind(stmt.name)
                functions[stmt.name] = stmt
            elif isinstance(stmt, ast.AsyncFunctionDef | ast.ClassDef):
                bind(stmt.name)
            elif isinstance(stmt, ast.ImportFrom):
                if import_base is not None:
                    module = import_base(stmt) or ""
                else:
                    module = _absolute_module(name, stmt.module, stmt.level, path)
                for alias in stmt.names:
                    local = alias.asname or alias.name
                    bind(local)
                    imports[local] = (module, alias.name)
            elif isinstance(stmt, ast.Import):
                for alias in stmt.names:
                    local = alias.asname or alias.name.partition(".")[0]
                    bind(local)
                    imports[local] = (alias.name if alias.asname else local, None)
            elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
                # `X.update(...)`, `X["p"].append(...)` at module level change X after binding it
                func = stmt.value.func
                if isinstance(func, ast.Attribute):
                    base = func.value
                    while isinstance(base, ast.Attribute | ast.Subscript):
                        base = base.value
                    if isinstance(base, ast.Name):
                        unstable.add(base.id)
            elif isinstance(stmt, ast.Delete):
                for target in stmt.targets:
                    for name_node in ast.walk(target):
                        if isinstance(name_node, ast.Name):
                            unstable.add(name_node.id)
            elif isinstance(stmt, ast.For):
                for name_node in ast.walk(stmt.target):
                    if isinstance(name_node, ast.Name):
                        unstable.add(name_node.id)
        unstable.update(n for n, count in seen.items() if count > 1)
        # A name bound inside a module-level loop changes from one iteration to the next.
        for stmt in _module_level_statements(tree.body):
            if isinstance(stmt, ast.For | ast.While):
                for inner in _module_level_statements(stmt.body):
                    if isinstance(inner, ast.Assign | ast.AnnAssign | ast.AugAssign):
                        targets = inner.targets if isinstance(inner, ast.Assign) else [inner.target]
                        for target in targets:
                            unstable.update(
                                n.id for n in ast.walk(target) if isinstance(n, ast.Name)
                            )
                    elif isinstance(inner, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                        unstable.add(inner.name)
        return cls(path, name, bindings, functions, imports, unstable)


def _module_level_statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Statements that run at import: the body, and the bodies of module-level if/try/for/with."""
    for stmt in body:
        yield stmt
        if isinstance(stmt, ast.If | ast.For | ast.While | ast.With):
            yield from _module_level_statements(stmt.body)
            yield from _module_level_statements(getattr(stmt, "orelse", []))
        elif isinstance(stmt, ast.Try):
            yield from _module_level_statements(stmt.body)
            for handler in stmt.handlers:
                yield from _module_level_statements(handler.body)
            yield from _module_level_statements(stmt.orelse)
            yield from _module_level_statements(stmt.finalbody)


def _absolute_module(current: str, module: str | None, level: int, path: Path) -> str:
    if level == 0:
        return module or ""
    package = current.split(".") if current else []
    if path.name != "__init__.py" and package:
        package = package[:-1]
    if level > 1:
        package = package[: len(package) - (level - 1)] if level - 1 <= len(package) else []
    return ".".join([*package, *([module] if module else [])])


def module_path_for(root: Path, module: str) -> Path | None:
    if not module:
        return None
    parts = module[1:].split("/") if module.startswith("@") else module.split(".")
    if any(part in ("", ".", "..") for part in parts):
        return None
    base = root.joinpath(*parts)
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def file_module_loader(root: Path) -> ModuleLoader:
    """Parse modules under `root` on demand, each once (the fallback when no engine model does)."""
    cache: dict[str, ModuleScope | None] = {}

    def load(module: str) -> ModuleScope | None:
        if module in cache:
            return cache[module]
        cache[module] = None  # a cycle reads as "not found"
        path = module_path_for(root, module)
        scope: ModuleScope | None = None
        if path is not None:
            try:
                tree = ast.parse(read_bounded(path, SOURCE_LIMIT), filename=str(path))
            except (OSError, SyntaxError, ValueError, RecursionError, MemoryError):
                tree = None
            if tree is not None:
                scope = ModuleScope.build(path, tree, module)
        cache[module] = scope
        return scope

    return load


def no_modules(module: str) -> ModuleScope | None:
    return None


def scope_of(module: ModuleInfo) -> ModuleScope:
    """The evaluation scope of a parsed module (built once per module and run)."""
    scope = module.memo.get("schema_eval.scope")
    if not isinstance(scope, ModuleScope):
        assert module.tree is not None
        scope = ModuleScope.build(module.path, module.tree, module.dotted, module.import_base)
        module.memo["schema_eval.scope"] = scope
    return scope


def models_loader(models: Models) -> ModuleLoader:
    """Resolve dotted module names under the root through the run's `Models` (parsed once)."""

    def load(dotted: str) -> ModuleScope | None:
        module = models.by_name(dotted)
        if module is None or module.tree is None:
            return None
        return scope_of(module)

    return load
