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
from hermes_dev.host.tools_config import CLI_COMPOSITE, TOOLS_CONFIG_RELPATH
from hermes_dev.reading import SOURCE_LIMIT, read_bounded
from hermes_dev.scaffold._existing import find_existing
from hermes_dev.scaffold._render import PendingRender
from hermes_dev.scaffold._sources import edited, read_config, read_source
from hermes_dev.scaffold._spec import ToolSpec, first_line, toolset_label
from hermes_dev.writes.env_entry import env_description, env_prompt
from hermes_dev.writes.plan import FileChange, Plan

if TYPE_CHECKING:
    from hermes_dev.edits.add_env_var import NewEntry
    from hermes_dev.host.tools_config import Offering

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
    taken = find_existing(project, spec.name, toolsets_old.decode("utf-8", "replace"), env)
    if taken is not None and not force:
        raise UserError(
            f"the name {spec.name!r} is taken ({taken}); pick another name"
            " or pass --force to overwrite it"
        )
    claims = ownership.claims(project.root, excluding=spec.name)
    record = _previous_record(project, spec) or ownership.Record(spec.name)
    config_path = env[0] if spec.env_vars and env is not None else None
    config_old = env[1] if spec.env_vars and env is not None else None
    picker_path = project.root / TOOLS_CONFIG_RELPATH
    picker_old = _read_optional(project, picker_path)
    with PendingRender(spec) as pending:
        toolsets_new = _edit_toolsets(spec, project, toolsets_old, claims, record)
        toolsets_new, picker_new = _edit_offer(
            spec, project, toolsets_old, toolsets_new, picker_old, claims, record
        )
        notes = reach_notes(spec, project, toolsets_new, picker_new)
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
            old = read_bounded(path, SOURCE_LIMIT) if path.is_file() else None
            if old != content:
                changes.append(FileChange(relpath, old, content))
    edited_sources: list[tuple[Path | None, bytes | None, bytes | None]] = [
        (project.toolsets_path, toolsets_old, toolsets_new),
        (picker_path, picker_old, picker_new),
        (config_path, config_old, config_new),
    ]
    for source_path, old, new in edited_sources:
        if source_path is not None and old is not None and new is not None and new != old:
            relpath = source_path.relative_to(project.root).as_posix()
            changes.append(FileChange(relpath, old, new))
    if taken is not None:  # --force on a name the checkout already uses: say what that means
        over = [c.relpath for c in changes if c.old is not None and c.relpath in rendered]
        if over:
            what = f"{' and '.join(over)} {'is' if len(over) == 1 else 'are'} written over"
        elif " registers a tool named " in taken:
            what = "no file is written over, and that registration stays: two modules then"
            what += " register the name (lint reports HD305)"
        else:
            what = "no file is written over; what already uses the name stays as it is"
        warnings: tuple[str, ...] = (f"--force: the name {spec.name!r} is taken ({taken}); {what}",)
    else:
        warnings = ()
    plan = Plan(project.root, tuple(changes), notes=notes, warnings=warnings)
    plan.check_python()
    return plan


def _read_optional(project: Project, path: Path) -> bytes | None:
    """A file new-tool edits when it is there (hermes_cli/tools_config.py); None when absent."""
    if not path.is_file():
        return None
    return read_source(project, path)


def _previous_record(project: Project, spec: ToolSpec) -> ownership.Record | None:
    """With --force over a module new-tool made, what that run added still needs undoing: the
    new record starts from the old one (this run's edits of those places change nothing)."""
    try:
        path = project.root / spec.module_relpath
        source = read_bounded(path, SOURCE_LIMIT).decode("utf-8")
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
        _record_toolset(record, claims, spec.toolset, toolsets_old, toolsets_new)
    if spec.core:
        core_new = edited(
            project.toolsets_path,
            toolsets_new,
            lambda src: edits.add_core_tool(src, spec.name),
        )
        record.core = core_new != toolsets_new
        toolsets_new = core_new
    return toolsets_new


def _record_toolset(
    record: ownership.Record,
    claims: ownership.Claims,
    toolset: str,
    before_source: bytes,
    after_source: bytes,
) -> None:
    """What adding the tool to `TOOLSETS[toolset]` did, in the record's words."""
    before, after = _toolset_entry(before_source, toolset), _toolset_entry(after_source, toolset)
    if before is None:
        record.toolsets[toolset] = ownership.CREATED
    elif after is not None and after > before:
        record.toolsets[toolset] = ownership.KEYED
    else:
        record.toolsets[toolset] = ownership.joined_status(claims.toolsets.get(toolset))


# --- what Hermes offers: the picker (hermes_cli/tools_config.py) and the CLI's composite ------


def _edit_offer(
    spec: ToolSpec,
    project: Project,
    toolsets_old: bytes,
    toolsets_new: bytes,
    picker_old: bytes | None,
    claims: ownership.Claims,
    record: ownership.Record,
) -> tuple[bytes, bytes | None]:
    """Make the tool offered as Hermes decides with a fresh config (`host.tools_config`).

    A toolset this run creates gets a picker row ("<emoji> <Toolset>", the description); by
    default it also joins the CLI's composite (`"hermes-cli"` includes it), since a picker
    toolset is on by default only where all its tools are in the platform's composite. With
    --core the core list does that on every platform; with --opt-in the key goes into
    `_DEFAULT_OFF_TOOLSETS` instead. Joining an existing toolset changes neither, but is refused
    when it would switch that toolset off where it is on by default."""
    from hermes_dev import edits

    toolset = spec.toolset
    created = _toolset_entry(toolsets_old, toolset) is None
    picker_path = project.root / TOOLS_CONFIG_RELPATH
    if spec.opt_in and not created:
        raise UserError(
            f"--opt-in makes the new toolset opt-in, but toolsets.py has {toolset!r} already;"
            " leave out --opt-in or name a new --toolset"
        )
    if spec.opt_in and picker_old is None:
        raise UserError(
            f"{TOOLS_CONFIG_RELPATH} is missing, so there is no `hermes tools` picker to list an"
            " opt-in tool in; leave out --opt-in"
        )
    picker_new = picker_old
    if not created:
        for key in ("picker", "off", "cli"):
            claim = getattr(claims, key).get(toolset)
            if claim is not None:
                getattr(record, key).setdefault(toolset, ownership.joined_status(claim))
        return _keep_on(spec, project, toolsets_old, toolsets_new, picker_old, claims, record), (
            picker_new
        )
    if picker_old is not None:
        label = toolset_label(toolset, spec.emoji)
        description = toolset_description(spec)
        picker_new = edited(
            picker_path,
            picker_old,
            lambda src: edits.add_configurable_toolset(src, toolset, label, description),
        )
        if picker_new != picker_old:
            record.picker[toolset] = ownership.CREATED
        if spec.opt_in:
            off = edited(
                picker_path, picker_new, lambda src: edits.add_default_off_toolset(src, toolset)
            )
            if off != picker_new:
                record.off[toolset] = ownership.CREATED
            picker_new = off
    if not spec.opt_in and not spec.core:
        toolsets_new = _join_cli(spec, toolsets_new, claims, record, include=True)
    return toolsets_new, picker_new


def _join_cli(
    spec: ToolSpec,
    toolsets: bytes,
    claims: ownership.Claims,
    record: ownership.Record,
    *,
    include: bool,
) -> bytes:
    """Put the tool into the CLI's composite toolset: its toolset into `hermes-cli`'s includes
    (with `include`), else the tool into `hermes-cli`'s tools (a `_bundle("...")` platform
    entry takes no includes). No `hermes-cli` entry: unchanged (the closing lines say so)."""
    from hermes_dev import edits
    from hermes_dev.edits import EditError

    if _toolset_entry(toolsets, CLI_COMPOSITE) is None:
        return toolsets
    text = toolsets.decode("utf-8")
    reason = ""
    if include:
        try:
            new = edits.add_toolset_include(text, CLI_COMPOSITE, spec.toolset)
        except EditError as exc:
            reason = str(exc).removeprefix("toolsets.py: ")
        else:
            if new != text:
                added = new.encode("utf-8")
                keyed = (_toolset_entry(added, CLI_COMPOSITE) or 0) > (
                    _toolset_entry(toolsets, CLI_COMPOSITE) or 0
                )
                record.cli[spec.toolset] = ownership.KEYED if keyed else ownership.CREATED
                return added
            return toolsets
    try:
        new = edits.add_tool_to_toolset(text, spec.name, CLI_COMPOSITE, "")
    except EditError as exc:
        why = reason or str(exc).removeprefix("toolsets.py: ")
        raise UserError(
            f"toolsets.py: {CLI_COMPOSITE!r} can take neither toolset {spec.toolset!r} in its"
            f" includes nor {spec.name!r} in its tools ({why}); pass --core (on by default on"
            " every platform) or --opt-in (in `hermes tools`, off by default)"
        ) from None
    added = new.encode("utf-8")
    if added != toolsets:
        _record_toolset(record, claims, CLI_COMPOSITE, toolsets, added)
    return added


def _keep_on(
    spec: ToolSpec,
    project: Project,
    toolsets_old: bytes,
    toolsets_new: bytes,
    picker_old: bytes | None,
    claims: ownership.Claims,
    record: ownership.Record,
) -> bytes:
    """Joining an existing toolset that is on by default on a platform (a picker toolset, or one
    Hermes recovers, with all its tools in that platform's composite) must not switch it off:
    the tool goes where the others are. Only the CLI's composite is edited here (its tools);
    elsewhere, --core is the way."""
    if picker_old is None:
        return toolsets_new
    before = _offering(project, toolsets_old, picker_old)
    broken = _switched_off(spec.toolset, before, _offering(project, toolsets_new, picker_old))
    if broken == [CLI_COMPOSITE]:
        toolsets_new = _join_cli(spec, toolsets_new, claims, record, include=False)
        broken = _switched_off(spec.toolset, before, _offering(project, toolsets_new, picker_old))
    if broken:
        from hermes_dev.host.tools_config import platform_names

        where = (
            f"{spec.name!r} would not be, even in _HERMES_CORE_TOOLS (the default toolset there"
            f" does not take the core tools), which switches {spec.toolset!r} off: pick another"
            " --toolset"
            if spec.core
            else f"{spec.name!r} would not be, which switches {spec.toolset!r} off: pass --core"
            f" too (to add {spec.name!r} to _HERMES_CORE_TOOLS), or pick another --toolset"
        )
        raise UserError(
            f"toolset {spec.toolset!r} is on by default on {platform_names(broken)} because all"
            f" its tools are in the default toolset there; {where}"
        )
    return toolsets_new


def _offering(project: Project, toolsets: bytes, picker: bytes | None) -> Offering | None:
    from hermes_dev.host.tools_config import Offering, tools_config_summary_of
    from hermes_dev.host.toolsets import toolsets_summary_of

    summary = toolsets_summary_of(project.toolsets_path, toolsets.decode("utf-8", "replace"))
    if summary is None:
        return None
    config = None
    if picker is not None:
        path = project.root / TOOLS_CONFIG_RELPATH
        config = tools_config_summary_of(path, picker.decode("utf-8", "replace"))
        if config is None:
            return None
    return Offering(summary, config)


def _switched_off(toolset: str, before: Offering | None, after: Offering | None) -> list[str]:
    """The composites where joining `toolset` switches something off: the picker toolset
    itself, or a tool offered by default before (its toolset, picker or recovered, no longer
    all in the platform's default)."""
    if before is None or after is None:
        return []
    found = []
    for composite in before.composites():
        was, now = before.offered_tools(composite), after.offered_tools(composite)
        lost = was is not None and now is not None and bool(was - now)
        was_on, now_on = before.default_on(composite), after.default_on(composite)
        if was_on is not None and now_on is not None and toolset in was_on - now_on:
            lost = True  # the picker toolset itself (its tools may be offered by others)
        if lost:
            found.append(composite)
    return found


def reach_notes(
    spec: ToolSpec, project: Project, toolsets: bytes, picker: bytes | None
) -> tuple[str, ...]:
    """The closing line that says how the model is offered the tool, as Hermes decides with a
    fresh config (and whether `hermes tools` lists its toolset)."""
    from hermes_dev.host.tools_config import platform_names

    offering = _offering(project, toolsets, picker)
    if offering is None:
        return ()
    platforms = offering.offered_on(spec.name)
    toolset = spec.toolset
    if platforms is None:
        where = "offered: not known statically (toolsets.py or the picker is computed)"
    elif platforms:
        where = f"offered: on by default on {platform_names(platforms)} (a fresh config)"
    else:
        where = "offered: on no platform by default"
    config = offering.config
    if config is None:
        return (f"{where}; this checkout has no {TOOLS_CONFIG_RELPATH} (no `hermes tools`)",)
    if offering.listed(toolset):
        label = offering.label(toolset) or toolset
        listed = f'in `hermes tools` as "{label}"'
        if config.default_off is not None and toolset in config.default_off:
            listed += ", off until turned on there"
        return (f"{where}; {listed}",)
    if platforms:
        return (f"{where}; toolset {toolset!r} is not in `hermes tools`",)
    alone = (
        f"{where}, and toolset {toolset!r} is not in `hermes tools`: only a config that enables"
        " it (platform_toolsets in $HERMES_HOME/config.yaml) reaches the tool"
    )
    return (alone,)


def _toolset_entry(source: bytes, toolset: str) -> int | None:
    """How many keys (dict) or arguments (call) `TOOLSETS[toolset]` has; None when absent (or
    when toolsets.py does not parse: the edit says what is wrong, and where)."""
    from hermes_dev.host.toolsets import ToolsetsFile

    written = ToolsetsFile.parse(source)
    entry = written.entry(toolset) if written is not None else None
    return None if entry is None else entry.size


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
