"""Plan `remove-tool`: the reverse of `new-tool`, from the files as they are now."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

from hermes_dev.errors import UserError
from hermes_dev.host.layout import Project, env_vars_path
from hermes_dev.scaffold._existing import registered_names
from hermes_dev.scaffold._plan import FileChange, Plan
from hermes_dev.scaffold._sources import edited, read_source
from hermes_dev.scaffold._spec import check_name, first_line

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hermes_dev.pyast.model import Models, ModuleInfo


def plan_remove_tool(project: Project, name: str, *, force: bool = False) -> Plan:
    """Delete the module and its test; take `name` out of toolsets.py and OPTIONAL_ENV_VARS.

    Refuses (UserError) without `force` when the result would not be the reverse of a new-tool:
    there is no tools/NAME_tool.py (only the lists would change, and whatever registers the
    tool would keep doing so), or that module registers other tools too (they would go with it).
    The plan's notes say where `name` stays in a list no edit can change (a computed list)."""
    from hermes_dev import edits
    from hermes_dev.pyast.model import Models

    check_name(name)
    module_rel = f"tools/{name}_tool.py"
    module_path = project.root / module_rel
    models = Models(project.root)
    description: str | None = None
    if module_path.is_file():
        registers = registered_names(models, module_path)
        others = sorted(registers.known - {name})
        if not force and (others or registers.computed):
            raise UserError(_others_message(module_rel, name, others, registers.known))
        description = _tool_description(models, module_path, name)

    changes: list[FileChange] = []
    for relpath in (module_rel, f"tests/tools/test_{name}_tool.py"):
        path = project.root / relpath
        if path.is_file():
            changes.append(FileChange(relpath, path.read_bytes(), None))

    def from_toolsets(source: str) -> str:
        return edits.remove_tool_from_toolsets(
            source, name, description=None if description is None else first_line(description)
        )

    def from_env_vars(source: str) -> str:
        return edits.remove_tool_from_env_vars(source, name)

    sources: list[tuple[Path, Callable[[str], str]]] = [(project.toolsets_path, from_toolsets)]
    if project.config_path.is_file():
        sources.append((env_vars_path(project), from_env_vars))
    notes: list[str] = []
    listed = False
    for path, remove in sources:
        old = read_source(project, path)
        new = edited(path, old, remove)
        rel = path.relative_to(project.root).as_posix()
        if new != old:
            listed = True
            changes.append(FileChange(rel, old, new))
        lines = _lines_naming(new, name, toolsets=path == project.toolsets_path)
        if lines:
            listed = True
            where = ", ".join(str(n) for n in lines)
            notes.append(
                f"{rel} still names {name!r} (line {where}) where hermes-dev cannot take it"
                " out (a computed list, or an entry it did not make); edit it by hand"
            )
    if not changes and not notes:
        raise UserError(
            f"there is no tool {name!r} to remove (no {module_rel}, and neither"
            " toolsets.py nor OPTIONAL_ENV_VARS names it)"
        )
    if not module_path.is_file() and not force and listed:
        raise UserError(
            f"there is no {module_rel}, so new-tool did not make {name!r}: removing it would"
            " only take the name out of the lists and leave whatever registers it;"
            " pass --force to do that anyway"
        )
    plan = Plan(project.root, tuple(changes), notes=tuple(notes))
    plan.check_python()
    return plan


def _others_message(module_rel: str, name: str, others: list[str], known: frozenset[str]) -> str:
    what = ", ".join(repr(n) for n in others) if others else "tools whose names it computes"
    registers = f"{name!r} and {what}" if name in known else f"{what}, not {name!r}"
    return (
        f"{module_rel} registers {registers}, so new-tool did not make it: deleting it would"
        " remove those too; pass --force to do that anyway"
    )


def _tool_description(models: Models, path: Path, name: str) -> str | None:
    """The description `path` registers `name` with (its `description=`, else its schema's),
    when it is a string known statically."""
    module = models.get(path)
    if module is None:
        return None
    for registration in module.registrations:
        if registration.name != name:
            continue
        for key in ("description", "schema"):
            expr = registration.arg(key)
            if expr is None:
                continue
            if isinstance(expr, ast.Subscript) and isinstance(expr.slice, ast.Constant):
                expr = _value(module, expr.value)  # SCHEMA["description"]
            else:
                expr = _value(module, expr)
            if isinstance(expr, ast.Dict):
                expr = _dict_value(expr, "description")
            if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
                return expr.value
    return None


def _value(module: ModuleInfo, expr: ast.expr | None) -> ast.expr | None:
    if isinstance(expr, ast.Name):
        return module.value_of(expr.id)
    return expr


def _dict_value(node: ast.Dict, key: str) -> ast.expr | None:
    for k, v in zip(node.keys, node.values):
        if isinstance(k, ast.Constant) and k.value == key:
            return v
    return None


def _lines_naming(source: bytes, name: str, *, toolsets: bool) -> list[int]:
    """Lines where `source` still lists the tool `name`: in toolsets.py, the tools of a
    `TOOLSETS` entry (a dict's "tools", a helper call's arguments after the description) and
    module-level `*_TOOLS` lists; in the env-vars module, an `OPTIONAL_ENV_VARS` entry's "tools".
    Toolset names (keys, "includes") and other settings are not tool lists."""
    if name.encode() not in source:
        return []
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return []
    lists: list[ast.expr] = []
    for stmt in tree.body:
        target, value = _assigned(stmt)
        if target is None or value is None:
            continue
        if toolsets and target == "TOOLSETS" and isinstance(value, ast.Dict):
            for entry in value.values:
                lists.extend(_tool_lists(entry))
        elif toolsets and target.endswith("_TOOLS"):
            lists.append(value)
        elif not toolsets and target == "OPTIONAL_ENV_VARS" and isinstance(value, ast.Dict):
            for entry in value.values:
                if isinstance(entry, ast.Dict):
                    lists.extend(v for v in [_dict_value(entry, "tools")] if v is not None)
    return sorted(
        {
            node.lineno
            for expr in lists
            for node in ast.walk(expr)
            if isinstance(node, ast.Constant) and node.value == name
        }
    )


def _tool_lists(entry: ast.expr) -> list[ast.expr]:
    if isinstance(entry, ast.Dict):
        tools = _dict_value(entry, "tools")
        return [] if tools is None else [tools]
    if isinstance(entry, ast.Call):  # _ts("description", [tools], includes=[...])
        return [*entry.args[1:], *(k.value for k in entry.keywords if k.arg != "includes")]
    return [entry]


def _assigned(stmt: ast.stmt) -> tuple[str | None, ast.expr | None]:
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
        target = stmt.targets[0]
        return (target.id, stmt.value) if isinstance(target, ast.Name) else (None, None)
    if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
        return stmt.target.id, stmt.value
    return None, None
