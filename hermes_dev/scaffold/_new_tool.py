"""Plan `new-tool`: the rendered module and test plus the edits of toolsets.py and config.py."""

from __future__ import annotations

import ast
from collections import Counter
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from hermes_dev.errors import UserError
from hermes_dev.host import ownership
from hermes_dev.host.env_vars import EnvEntry, EnvTable, Helper, read_table
from hermes_dev.host.layout import Project, env_vars_path
from hermes_dev.pyast.semantic.syntax import parse_problem
from hermes_dev.reading import SOURCE_LIMIT, read_bounded
from hermes_dev.scaffold._existing import find_existing
from hermes_dev.scaffold._render import PendingRender
from hermes_dev.scaffold._sources import edited, read_config, read_source
from hermes_dev.scaffold._spec import ToolSpec, first_line
from hermes_dev.writes.env_entry import env_description, env_prompt
from hermes_dev.writes.plan import FileChange, Plan

if TYPE_CHECKING:
    from hermes_dev.edits.add_env_var import NewEntry

TOOL_CATEGORY = "tool"


def toolset_description(spec: ToolSpec) -> str:
    """A new toolset entry's description: the first line of the tool's."""
    return first_line(spec.description)


def plan_new_tool(project: Project, spec: ToolSpec, *, force: bool = False) -> Plan:
    """Every file `new-tool` would create or change, checked to parse; nothing is written."""
    toolsets_old = read_source(project, project.toolsets_path)
    env: tuple[Path, bytes] | None = None
    if spec.env_vars:
        env = read_config(project)
    elif project.config_path.is_file():
        path = env_vars_path(project)
        try:
            env = (path, read_bounded(path, SOURCE_LIMIT))
        except OSError:
            env = None
    if not force:
        taken = find_existing(project, spec.name, toolsets_old.decode("utf-8", "replace"), env)
        if taken is not None:
            raise UserError(
                f"the name {spec.name!r} is taken ({taken}); pick another name"
                " or pass --force to overwrite it"
            )
    claims = ownership.claims(project.root, excluding=spec.name)
    record = _previous_record(project, spec) or ownership.Record(spec.name)
    config_path = env[0] if spec.env_vars and env is not None else None
    config_old = env[1] if spec.env_vars and env is not None else None
    with PendingRender(spec) as pending:
        toolsets_new = _edit_toolsets(spec, project, toolsets_old, claims, record)
        config_new = (
            _edit_env_vars(spec, config_path, config_old, claims, record)
            if config_path is not None and config_old is not None
            else None
        )
        rendered = pending.result()
    if spec.with_test:
        for folder in ownership._DIRS:
            if not (project.root / folder).exists():
                record.dirs[folder] = ownership.CREATED
            elif folder in claims.dirs:
                record.dirs[folder] = ownership.JOINED

    changes: list[FileChange] = []
    for relpath in (spec.module_relpath, spec.test_relpath):
        if relpath in rendered:
            content = rendered[relpath]
            if relpath == spec.module_relpath:
                content = ownership.with_record(content, record)
            path = project.root / relpath
            old = path.read_bytes() if path.is_file() else None
            if old != content:
                changes.append(FileChange(relpath, old, content))
    edited_sources: list[tuple[Path | None, bytes | None, bytes | None]] = [
        (project.toolsets_path, toolsets_old, toolsets_new),
        (config_path, config_old, config_new),
    ]
    for source_path, old, new in edited_sources:
        if source_path is not None and old is not None and new is not None and new != old:
            relpath = source_path.relative_to(project.root).as_posix()
            changes.append(FileChange(relpath, old, new))
    plan = Plan(project.root, tuple(changes))
    plan.check_python()
    return plan


def _previous_record(project: Project, spec: ToolSpec) -> ownership.Record | None:
    """With --force over a module new-tool made, what that run added still needs undoing: the
    new record starts from the old one (this run's edits of those places change nothing)."""
    try:
        source = (project.root / spec.module_relpath).read_text(encoding="utf-8")
        return ownership.parse_record(source, spec.name)
    except (OSError, UnicodeDecodeError, ownership.BadRecord):
        return None


# --- toolsets.py ----------------------------------------------------------------------------


def _edit_toolsets(
    spec: ToolSpec,
    project: Project,
    toolsets_old: bytes,
    claims: ownership.Claims,
    record: ownership.Record,
) -> bytes:
    from hermes_dev import edits

    toolsets_new = edited(
        project.toolsets_path,
        toolsets_old,
        lambda src: edits.add_tool_to_toolset(
            src, spec.name, spec.toolset, toolset_description(spec)
        ),
    )
    if toolsets_new != toolsets_old:
        before, after = (
            _toolset_entry(toolsets_old, spec.toolset),
            _toolset_entry(toolsets_new, spec.toolset),
        )
        if before is None:
            record.toolsets[spec.toolset] = ownership.CREATED
        elif after is not None and after > before:
            record.toolsets[spec.toolset] = ownership.KEYED
        else:
            record.toolsets[spec.toolset] = ownership.joined_status(
                claims.toolsets.get(spec.toolset)
            )
    if spec.core:
        core_new = edited(
            project.toolsets_path,
            toolsets_new,
            lambda src: edits.add_core_tool(src, spec.name),
        )
        record.core = core_new != toolsets_new
        toolsets_new = core_new
    return toolsets_new


def _toolset_entry(source: bytes, toolset: str) -> int | None:
    """How many keys (dict) or arguments (call) `TOOLSETS[toolset]` has; None when absent."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return None  # the edit says what is wrong, and where
    except (RecursionError, MemoryError):
        raise UserError(
            parse_problem("toolsets.py", source) or "toolsets.py cannot be parsed"
        ) from None
    for stmt in tree.body:
        if not (isinstance(stmt, ast.Assign | ast.AnnAssign) and isinstance(stmt.value, ast.Dict)):
            continue
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
        if not any(isinstance(t, ast.Name) and t.id == "TOOLSETS" for t in targets):
            continue
        found = None
        for key, value in zip(stmt.value.keys, stmt.value.values, strict=True):
            if isinstance(key, ast.Constant) and key.value == toolset:
                if isinstance(value, ast.Dict):
                    found = len(value.keys)
                elif isinstance(value, ast.Call):
                    found = len(value.args) + len(value.keywords)
                else:
                    found = 0
        return found
    return None


# --- OPTIONAL_ENV_VARS ----------------------------------------------------------------------


def _table(path: Path, source: bytes) -> EnvTable | None:
    try:
        return read_table(ast.parse(source, filename=str(path)))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None  # the edit reports a file it cannot parse


def _edit_env_vars(
    spec: ToolSpec,
    path: Path,
    source: bytes,
    claims: ownership.Claims,
    record: ownership.Record,
) -> bytes:
    from hermes_dev import edits

    where = "hermes_cli/" + path.name if path.parent.name == "hermes_cli" else path.name
    for var in spec.env_vars:
        table = _table(path, source)
        entry = table.get(var) if table is not None else None
        new_entry: NewEntry | None = None
        if entry is not None:
            _check_joinable(entry, table, spec.name, where)
        elif table is not None:
            new_entry = _new_entry_style(table, var, spec)
        new = edited(
            path,
            source,
            partial(
                edits.add_env_var,
                var=var,
                tool=spec.name,
                description=env_description(var, spec.name),
                prompt=env_prompt(var),
                url=spec.env_url,
                password=var in spec.secret_env,
                new_entry=new_entry,
            ),
        )
        if new != source:
            if entry is None:
                record.env[var] = ownership.CREATED
            elif not entry.field("tools").written:
                record.env[var] = ownership.KEYED
            else:
                record.env[var] = ownership.joined_status(claims.env.get(var))
        source = new
    return source


def _check_joinable(entry: EnvEntry, table: EnvTable | None, tool: str, where: str) -> None:
    """A UserError when `tool` cannot be added to this existing entry's tools safely."""
    label = f"{where}: OPTIONAL_ENV_VARS[{entry.var!r}]"
    if not entry.static:
        what = f"a call of {entry.helper}(...)" if entry.helper else "an expression"
        raise UserError(
            f"{label} is {what} that hermes-dev cannot read statically; add {tool!r} to its"
            " tools by hand"
        )
    tools = entry.field("tools")
    if entry.helper is not None and table is not None:
        helper = table.helpers.get(entry.helper)
        if helper is not None and not helper.accepts("tools"):
            raise UserError(
                f"{label} is a call of {entry.helper}(...), which takes no tools; add {tool!r}"
                " by hand"
            )
        if tools.expr is not None and tools.written and _passed_by_position(entry):
            raise UserError(f"{label} passes its tools by position; add {tool!r} to them by hand")
    if tools.expr is not None and not tools.written:
        raise UserError(
            f"{label} gets its tools from {entry.helper}'s default; add {tool!r} by hand"
        )


def _passed_by_position(entry: EnvEntry) -> bool:
    value = entry.value
    expr = entry.field("tools").expr
    return isinstance(value, ast.Call) and any(arg is expr for arg in value.args)


def _new_entry_style(table: EnvTable, var: str, spec: ToolSpec) -> NewEntry:
    """A new tool entry in the file's own style: the helper most tool entries use (a plain dict
    when most are dicts), placed right after the last tool entry."""
    from hermes_dev.edits._entries import Text
    from hermes_dev.edits.add_env_var import NewEntry, default_entry

    tool_entries = [e for e in table.entries if e.category == TOOL_CATEGORY]
    after = tool_entries[-1].var if tool_entries else None
    secret = var in spec.secret_env
    prompt = env_prompt(var)
    description = env_description(var, spec.name)
    tools_code = "[" + _literal(spec.name) + "]"
    url_code = "None" if spec.env_url is None else _literal(spec.env_url)
    helpers = Counter(e.helper for e in tool_entries or table.entries)
    commonest = helpers.most_common(1)[0][0] if helpers else None
    helper = table.helpers.get(commonest) if commonest is not None else None
    if helper is None or not helper.accepts("tools"):
        base = default_entry(description, prompt, spec.env_url, spec.name, secret)
        return NewEntry(base.fields, after=after)
    fields: list[tuple[str, str | Text]] = [
        ("description", Text(description)),
        ("prompt", Text(prompt)),
    ]
    positional = 2 if helper.positional[:2] == ("description", "prompt") else 0
    category = _constant(helper, "category")
    if category is not None and category != TOOL_CATEGORY:
        # the commonest helper is another category's: a plain dict says it right
        base = default_entry(description, prompt, spec.env_url, spec.name, secret)
        return NewEntry(base.fields, after=after)
    if spec.env_url is not None:
        fields.append(("url", url_code))
        if positional == 2 and helper.positional[2:3] == ("url",):
            positional = 3
    fields.append(("tools", tools_code))
    if _constant(helper, "password") is not secret:
        fields.append(("password", "True" if secret else "False"))
    if category is None:
        fields.append(("category", _literal(TOOL_CATEGORY)))
    return NewEntry(tuple(fields), helper=helper.name, positional=positional, after=after)


def _constant(helper: Helper, name: str) -> object:
    """The constant a helper writes for `name` when a call does not pass it (None if unknown)."""
    expr = helper.defaults.get(name)
    if isinstance(expr, ast.Name) and expr.id in helper.fixed:
        expr = helper.fixed[expr.id]
    elif expr is None:
        expr = helper.fixed.get(name)
    return expr.value if isinstance(expr, ast.Constant) else None


def _literal(text: str) -> str:
    from hermes_dev.edits._cst import string_literal

    return string_literal(text)
