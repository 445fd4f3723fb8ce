"""Is there a tool of that name already? A cheap text scan first, `ast` only where it hits."""

from __future__ import annotations

import ast
from pathlib import Path

from hermes_dev.project import Project

_REGISTER_FUNCS = {"register", "register_tool"}


def find_existing(project: Project, name: str, toolsets_source: str) -> str | None:
    """Why `name` is taken (one line), or None when it is free."""
    for relpath in (f"tools/{name}_tool.py", f"tests/tools/test_{name}_tool.py"):
        if (project.root / relpath).exists():
            return f"{relpath} exists"
    registered_in = _registering_module(project.tools_dir, name)
    if registered_in is not None:
        rel = registered_in.relative_to(project.root).as_posix()
        return f"{rel} registers a tool named {name!r}"
    listed_in = toolsets_listing(toolsets_source, name)
    if listed_in is not None:
        return f"toolsets.py lists {name!r} in {listed_in}"
    return None


def _registering_module(tools_dir: Path, name: str) -> Path | None:
    quoted = (f'"{name}"', f"'{name}'")
    for path in sorted(tools_dir.rglob("*.py")):
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        if "register" in text and any(q in text for q in quoted) and _registers(text, name):
            return path
    return None


def _registers(source: str, name: str) -> bool:
    """True when a `register(...)` call names `name`, literally or through a table of names."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return False
    has_computed_name = False
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        func_name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        if func_name not in _REGISTER_FUNCS:
            continue
        for kw in node.keywords:
            if kw.arg != "name":
                continue
            if isinstance(kw.value, ast.Constant):
                if kw.value.value == name:
                    return True
            else:
                has_computed_name = True
    if not has_computed_name:
        return False
    # Names registered from a table (`for _name, ... in _TABLE: registry.register(name=_name)`):
    # any string constant equal to the name counts, which errs on the side of refusing.
    return any(isinstance(node, ast.Constant) and node.value == name for node in ast.walk(tree))


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
