"""Plan `remove-tool`: the reverse of `new-tool`, from the files as they are now."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from hermes_dev.errors import UserError
from hermes_dev.host import ownership
from hermes_dev.host.env_vars import read_table
from hermes_dev.host.layout import Project, env_vars_path
from hermes_dev.host.registrations import registered_names
from hermes_dev.host.tools_config import CLI_COMPOSITE, TOOLS_CONFIG_RELPATH
from hermes_dev.pyast.semantic.syntax import parse_problem
from hermes_dev.reading import SOURCE_LIMIT, read_bounded
from hermes_dev.scaffold._sources import edited, read_source
from hermes_dev.scaffold._spec import check_name, first_line
from hermes_dev.writes.plan import FileChange, Plan, outside_root

if TYPE_CHECKING:
    from hermes_dev.pyast.semantic.modules import Models


def plan_remove_tool(project: Project, name: str, *, force: bool = False) -> Plan:
    """Delete the module and its test; take `name` out of toolsets.py and OPTIONAL_ENV_VARS
    where new-tool put it.

    "Made by new-tool" is the marker new-tool writes into the module (hermes_dev.host.ownership),
    never the file name: without it (or with a record for another tool, or a damaged one) the
    plan needs `force`, and then takes the name out of toolsets.py's lists only (never deleting
    an entry) and leaves OPTIONAL_ENV_VARS alone. With it, the record says exactly which entries
    new-tool made or joined and which folders it created. Also refuses without `force` a module
    that registers other tools too, or a name with no module (only the lists would change).
    The plan's notes say where `name` stays in a list no edit can change."""
    from hermes_dev import edits
    from hermes_dev.pyast.semantic.modules import Models

    check_name(name)
    module_rel = f"tools/{name}_tool.py"
    test_rel = f"tests/tools/test_{name}_tool.py"
    module_path = project.root / module_rel
    models = Models(project.root)
    description: str | None = None
    record: ownership.Record | None = None
    notes: list[str] = []
    if module_path.is_file():
        module_source = _read(module_path, module_rel).decode("utf-8", "replace")
        registers = registered_names(models, module_path)
        others = sorted(registers.known - {name})
        if not force and (others or registers.computed):
            raise UserError(_others_message(module_rel, name, others, registers.known))
        try:
            record = ownership.parse_record(module_source, name)
        except ownership.BadRecord as exc:
            if not force:
                raise UserError(
                    f"{module_rel} has a new-tool marker, but {exc}; pass --force to delete it"
                    " anyway (the entries in toolsets.py and OPTIONAL_ENV_VARS stay)"
                ) from None
        if record is None and not force:
            raise UserError(
                f"{module_rel} has no new-tool marker ({ownership.MARKER!r}), so new-tool did"
                f" not make it and remove-tool will not delete it; pass --force to delete it and"
                " take the name out of toolsets.py anyway"
            )
        description = _tool_description(models, module_path, name)

    changes: list[FileChange] = []
    if module_path.is_file():
        changes.append(FileChange(module_rel, _read(module_path, module_rel), None))
    test_path = project.root / test_rel
    if test_path.is_file() and outside_root(project.root, test_rel):
        notes.append(
            f"{test_rel} is outside the root (a folder on its way is a symlink); it stays"
            " (delete it by hand)"
        )
    elif test_path.is_file():
        test_source = _read(test_path, test_rel)
        if force or ownership.has_marker(test_source.decode("utf-8", "replace")):
            changes.append(FileChange(test_rel, test_source, None))
        else:
            notes.append(f"{test_rel} has no new-tool marker; it stays (delete it by hand)")

    gone: set[str] = set()  # toolsets whose entry is gone once the tool is out of toolsets.py

    def from_toolsets(source: str) -> str:
        if record is None:  # --force: every list, but never an entry
            return edits.remove_tool_from_toolsets(source, name, keep_entries=True)
        source = edits.remove_tool_from_toolsets(
            source,
            name,
            description=None if description is None else first_line(description),
            places={t: _toolset_mode(status) for t, status in record.toolsets.items()},
            core=record.core,
        )
        gone.update(_gone(project, source, {*record.cli, *record.picker, *record.off}))
        for toolset, status in record.cli.items():
            if toolset in gone:
                source = edits.remove_toolset_include(
                    source,
                    CLI_COMPOSITE,
                    toolset,
                    drop_empty_keyword=_toolset_mode(status) == "key",
                )
        return source

    def from_picker(source: str) -> str:
        assert record is not None
        for toolset in record.picker:
            if toolset in gone:
                source = edits.remove_configurable_toolset(source, toolset)
        for toolset in record.off:
            if toolset in gone:
                source = edits.remove_default_off_toolset(source, toolset)
        return source

    sources: list[tuple[Path, Callable[[str], str]]] = [(project.toolsets_path, from_toolsets)]
    picker_path = project.root / TOOLS_CONFIG_RELPATH
    if record is not None and (record.picker or record.off) and picker_path.is_file():
        sources.append((picker_path, from_picker))
    if project.config_path.is_file():
        env_path = env_vars_path(project)
        if record is not None and record.env:
            env_places = _env_places(project, env_path, name, record)

            def from_env_vars(source: str) -> str:
                return edits.remove_tool_from_env_vars(source, name, places=env_places)

            sources.append((env_path, from_env_vars))
        else:
            sources.append((env_path, lambda source: source))
    listed = False
    for path, remove in sources:
        old = read_source(project, path)
        new = edited(path, old, remove)
        rel = path.relative_to(project.root).as_posix()
        if new != old:
            listed = True
            changes.append(FileChange(rel, old, new))
        lines = _lines_naming(new, name, toolsets=path == project.toolsets_path, where=rel)
        if lines:
            listed = True
            where = ", ".join(str(n) for n in lines)
            notes.append(
                f"{rel} still names {name!r} (line {where}) where hermes-dev cannot take it"
                " out (a computed list, or a list new-tool did not add it to); edit it by hand"
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
    prune = _prunable_dirs(project, record, changes)
    plan = Plan(project.root, tuple(changes), notes=tuple(notes), prune_dirs=prune)
    plan.check_python()
    return plan


def _gone(project: Project, source: str, toolsets: set[str]) -> set[str]:
    """Those of `toolsets` that `TOOLSETS` in `source` (toolsets.py) no longer has; none when
    the file cannot be read statically (what new-tool added for them stays)."""
    from hermes_dev.host.toolsets import toolsets_summary_of

    if not toolsets:
        return set()
    summary = toolsets_summary_of(project.toolsets_path, source)
    if summary is None or summary.opaque:
        return set()
    return toolsets - summary.toolset_names


def _toolset_mode(status: str) -> str:
    kind, _ = ownership.status_kind(status)
    if kind in (ownership.CREATED, ownership.JOINED):
        return "entry"
    if kind in (ownership.KEYED, ownership.JOINED_KEY):
        return "key"
    return "name"


def _env_places(
    project: Project, path: Path, name: str, record: ownership.Record
) -> dict[str, str]:
    """What to do per recorded variable. An entry is deleted (once `name` was its last tool)
    only while it still reads as new-tool wrote it for its creator: a record cannot make
    remove-tool delete an entry someone wrote or rewrote by hand."""
    from hermes_dev.writes.env_entry import env_description, env_prompt

    table = None
    try:
        table = read_table(ast.parse(read_bounded(path, SOURCE_LIMIT), filename=str(path)))
    except (OSError, SyntaxError, ValueError, RecursionError, MemoryError):
        table = None
    places: dict[str, str] = {}
    for var, status in record.env.items():
        kind, creator = ownership.status_kind(status)
        if kind in (ownership.KEYED, ownership.JOINED_KEY):
            places[var] = "key"
        elif kind in (ownership.CREATED, ownership.JOINED):
            entry = table.get(var) if table is not None else None
            creator = name if kind == ownership.CREATED else creator
            written_by_new_tool = (
                entry is not None
                and creator is not None
                and entry.constant("description") == env_description(var, creator)
                and entry.constant("prompt") == env_prompt(var)
            )
            places[var] = "entry" if written_by_new_tool else "name"
        else:
            places[var] = "name"
    return places


def _prunable_dirs(
    project: Project, record: ownership.Record | None, changes: list[FileChange]
) -> tuple[str, ...]:
    """Folders new-tool made (by the record) that the plan leaves empty, innermost first."""
    if record is None or not record.dirs:
        return ()
    deleted = {c.relpath for c in changes if c.new is None}
    prune: list[str] = []
    for folder in sorted(record.dirs, key=len, reverse=True):
        path = project.root / folder
        try:
            left = [
                p
                for p in path.iterdir()
                if f"{folder}/{p.name}" not in deleted
                and f"{folder}/{p.name}" not in prune
                and not (p.name == "__pycache__" and p.is_dir())
            ]
        except OSError:
            continue
        if not left:
            prune.append(folder)
    return tuple(prune)


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
    from hermes_dev.host.registrations import registrations_of
    from hermes_dev.pyast.analyze.evaluate import Evaluator
    from hermes_dev.pyast.analyze.values import NotStatic

    module = models.get(path)
    if module is None:
        return None
    evaluator = Evaluator(partial=True)
    for registration in registrations_of(module):
        if registration.name != name:
            continue
        for key in ("description", "schema"):
            expr = registration.arg(key)
            if expr is None:
                continue
            try:
                value = evaluator.evaluate(expr, registration.scope).value
            except NotStatic:
                continue
            if isinstance(value, dict):
                value = value.get("description")
            if isinstance(value, str):
                return value
    return None


def _lines_naming(source: bytes, name: str, *, toolsets: bool, where: str) -> list[int]:
    """Lines where `source` still lists the tool `name`: in toolsets.py, every place its reader
    finds (`ToolsetsFile.listings`: a TOOLSETS entry's tools, `_HERMES_CORE_TOOLS` and the other
    module-level lists); in the env-vars module, an `OPTIONAL_ENV_VARS` entry's "tools".
    Toolset names (keys, "includes") and other settings are not tool lists."""
    from hermes_dev.host.toolsets import ToolsetsFile

    if name.encode() not in source:
        return []
    if toolsets:
        written = ToolsetsFile.parse(source, where)
        if written is None:
            return []
        return sorted({line for listing in written.listings(name) for line in listing.lines})
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return []
    except (RecursionError, MemoryError):
        raise UserError(parse_problem(where, source) or f"{where} cannot be parsed") from None
    lists: list[ast.expr] = []
    for stmt in tree.body:
        target: ast.expr
        value: ast.expr | None
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
            target, value = stmt.targets[0], stmt.value
        elif isinstance(stmt, ast.AnnAssign):
            target, value = stmt.target, stmt.value
        else:
            continue
        if (
            isinstance(target, ast.Name)
            and target.id == "OPTIONAL_ENV_VARS"
            and isinstance(value, ast.Dict)
        ):
            table = read_table(tree, value)
            for env_entry in table.entries if table is not None else []:
                tools = env_entry.tools_expr if env_entry.static else env_entry.value
                if tools is not None:
                    lists.append(tools)
    return sorted(
        {
            node.lineno
            for expr in lists
            for node in ast.walk(expr)
            if isinstance(node, ast.Constant) and node.value == name
        }
    )


def _read(path: Path, rel: str) -> bytes:
    """The bytes of a file remove-tool deletes (a FIFO or a device: one line, never a hang)."""
    try:
        return read_bounded(path, SOURCE_LIMIT)
    except OSError as exc:
        raise UserError(f"cannot read {rel}: {exc.strerror or exc}") from None
