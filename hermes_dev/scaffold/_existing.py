"""Is there a tool of that name already? A cheap text scan first, `ast` only where it hits."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from hermes_dev.host.layout import Project

if TYPE_CHECKING:
    from hermes_dev.pyast.model import Models, ModuleInfo


def find_existing(project: Project, name: str, toolsets_source: str) -> str | None:
    """Why `name` is taken (one line), or None when it is free."""
    for relpath in (f"tools/{name}_tool.py", f"tests/tools/test_{name}_tool.py"):
        if (project.root / relpath).exists():
            return f"{relpath} exists"
    registered_in = _registering_module(project, name)
    if registered_in is not None:
        rel = registered_in.relative_to(project.root).as_posix()
        return f"{rel} registers a tool named {name!r}"
    listed_in = toolsets_listing(toolsets_source, name)
    if listed_in is not None:
        return f"toolsets.py lists {name!r} in {listed_in}"
    return None


def _registering_module(project: Project, name: str) -> Path | None:
    quoted = (f'"{name}"', f"'{name}'")
    models: Models | None = None
    for path in sorted(project.tools_dir.rglob("*.py")):
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        if "register" not in text or not any(q in text for q in quoted):
            continue
        if models is None:
            from hermes_dev.pyast.model import Models

            models = Models(project.root)
        if name in registered_names(models, path, text).possible:
            return path
    return None


@dataclass(frozen=True)
class RegisteredNames:
    """The tool names a module registers: those known statically, and those it may register."""

    known: frozenset[str]
    # `known` plus, for a call whose name is computed, every string in the table its loop
    # iterates over (a table the lint model could not evaluate row by row).
    possible: frozenset[str]
    # Some call's name is not known statically.
    computed: bool = False


def registered_names(models: Models, path: Path, source: str | None = None) -> RegisteredNames:
    """What `registry.register(...)` / `register_tool(...)` calls in `path` register.

    Uses the lint model, which evaluates a module-level `for` over a literal table row by row,
    so `for _name, _schema in _SCHEMAS.items(): registry.register(name=_name, ...)` gives each
    key of `_SCHEMAS`. A string elsewhere in the module (a property name, an enum value) is
    never taken for a tool name."""
    module = models.get(path, source)
    if module is None:
        return RegisteredNames(frozenset(), frozenset())
    known: set[str] = set()
    possible: set[str] = set()
    computed = False
    for registration in module.registrations:
        name = registration.name
        if name is not None:
            known.add(name)
            continue
        computed = True
        if registration.loop is not None:
            possible.update(_strings_in(_table_of(module, registration.loop.iter)))
    return RegisteredNames(frozenset(known), frozenset(known | possible), computed)


def _table_of(module: ModuleInfo, iterable: ast.expr) -> ast.expr:
    """The expression a loop iterates over, with `TABLE` / `TABLE.items()` (and the like)
    followed to the module-level value of TABLE."""
    if isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Attribute):
        iterable = iterable.func.value
    if isinstance(iterable, ast.Name):
        value = module.value_of(iterable.id)
        if value is not None:
            return value
    return iterable


def _strings_in(node: ast.expr) -> set[str]:
    return {
        n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)
    }


def toolsets_listing(source: str, name: str) -> str | None:
    """Which list in toolsets.py holds `name` (e.g. `TOOLSETS["web"]`), or None."""
    if name not in source:
        return None
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return None
    for stmt in tree.body:
        target, value = _assignment(stmt)
        if target is None or value is None:
            continue
        if isinstance(value, ast.List) and _holds(value, name):
            return target
        if isinstance(value, ast.Dict):
            for key, entry in zip(value.keys, value.values):
                if not (isinstance(key, ast.Constant) and isinstance(entry, ast.Dict)):
                    continue
                for inner_key, inner in zip(entry.keys, entry.values):
                    is_tools = isinstance(inner_key, ast.Constant) and inner_key.value == "tools"
                    if is_tools and isinstance(inner, ast.List) and _holds(inner, name):
                        return f"{target}[{key.value!r}]"
    return None


def _assignment(stmt: ast.stmt) -> tuple[str | None, ast.expr | None]:
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
        target = stmt.targets[0]
        if isinstance(target, ast.Name):
            return target.id, stmt.value
    if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
        return stmt.target.id, stmt.value
    return None, None


def _holds(node: ast.List, name: str) -> bool:
    return any(isinstance(e, ast.Constant) and e.value == name for e in node.elts)
