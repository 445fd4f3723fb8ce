"""Plan `new-plugin`: the rendered plugin (in a checkout, or as a standalone package) and, in a
checkout, the edit of toolsets.py when `--toolset` names a toolset that exists."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from hermes_dev.errors import HermesDevError, UserError
from hermes_dev.host import ownership
from hermes_dev.host.layout import Project, env_vars_path
from hermes_dev.host.plugins import (
    checkout_plugin_dirs,
    manifest_problems,
    parse_manifest,
    plugin_tool_names,
    read_manifest,
)
from hermes_dev.host.toolsets import ToolsetsFile
from hermes_dev.pyast.semantic.syntax import parse_problem
from hermes_dev.reading import SOURCE_LIMIT, read_bounded, read_head
from hermes_dev.scaffold._existing import find_existing
from hermes_dev.scaffold._plugin_spec import PluginSpec
from hermes_dev.scaffold._render import render
from hermes_dev.scaffold._sources import edited, read_source
from hermes_dev.scaffold._spec import first_line
from hermes_dev.writes.plan import FileChange, Plan


def toolset_names(source: bytes) -> frozenset[str]:
    """The keys of the module-level `TOOLSETS = {...}` literal of toolsets.py (empty when there
    is none). UserError when the file does not parse: what is wrong, and where."""
    written = ToolsetsFile.parse(source)
    if written is None:
        raise UserError(parse_problem("toolsets.py", source) or "toolsets.py cannot be parsed")
    return written.toolset_names()


def plan_new_plugin(project: Project, spec: PluginSpec, *, force: bool = False) -> Plan:
    """Every file `new-plugin` makes in a checkout, checked; nothing is written.

    `plugins/NAME/{plugin.yaml,__init__.py,tools.py}` and `tests/plugins/test_NAME_plugin.py`;
    toolsets.py changes only when `spec.toolset` is a toolset it defines (the tools join it),
    since a plugin's tools otherwise make their own toolset at run time."""
    if spec.layout != "checkout":
        raise HermesDevError("plan_new_plugin makes a checkout plugin; use plan_standalone_plugin")
    toolsets_old = read_source(project, project.toolsets_path)
    toolsets_text = toolsets_old.decode("utf-8", "replace")
    defined = toolset_names(toolsets_old)  # (also: a toolsets.py that does not parse is refused)
    if not force:
        _refuse_taken(project, spec, toolsets_text)
        _refuse_installed(spec)
    toolsets_new = toolsets_old
    record = _previous_record(project, spec) or ownership.PluginRecord(spec.name)
    if spec.toolset in defined:
        from hermes_dev import edits

        description = first_line(spec.description)
        for tool in spec.tools:
            add = partial(
                edits.add_tool_to_toolset,
                tool=tool,
                toolset=spec.toolset,
                description=description,
            )
            before = toolsets_new
            toolsets_new = edited(project.toolsets_path, toolsets_new, add)
            if toolsets_new != before:  # appended by this run: remove-plugin takes it out
                listed = record.toolsets.setdefault(spec.toolset, [])
                listed.extend([tool] if tool not in listed else [])
    if toolsets_new != toolsets_old:
        _keep_on(project, spec, toolsets_old, toolsets_new)
    rendered = render(spec, "plugin")
    made = [d for d in ownership.PLUGIN_DIRS if not (project.root / d).exists()]
    record.dirs.extend(d for d in made if d not in record.dirs and _holds_new(d, rendered))
    init = f"{spec.plugin_dir}/__init__.py"
    if record and init in rendered:
        rendered[init] = ownership.with_plugin_record(rendered[init], record)
    changes = _file_changes(project.root, rendered)
    if toolsets_new != toolsets_old:
        changes.append(FileChange("toolsets.py", toolsets_old, toolsets_new))
    return _checked(Plan(project.root, tuple(changes)), spec)


def plan_standalone_plugin(dest: Path, spec: PluginSpec, *, force: bool = False) -> Plan:
    """Every file of a standalone plugin package in `dest` (a new or empty folder; with `force`,
    also one holding files, which the package's files overwrite)."""
    if spec.layout != "standalone":
        raise HermesDevError("plan_standalone_plugin makes a standalone plugin")
    dest = dest.expanduser().resolve()
    if dest.exists() and not dest.is_dir():
        raise UserError(f"--standalone {dest}: a file, not a folder")
    if dest.is_dir() and not force:
        try:
            taken = sorted(p.name for p in dest.iterdir())
        except OSError as exc:
            raise UserError(f"--standalone {dest}: cannot list it: {exc.strerror or exc}") from None
        if taken:
            raise UserError(
                f"--standalone {dest} is not empty (it holds {', '.join(taken[:3])}"
                f"{', ...' if len(taken) > 3 else ''}); pick a new folder or pass --force"
                " to overwrite the package's files in it"
            )
    if not force:
        _refuse_installed(spec)
    rendered = render(spec, "plugin")
    return _checked(Plan(dest, tuple(_file_changes(dest, rendered))), spec)


def _holds_new(folder: str, rendered: dict[str, bytes]) -> bool:
    return any(relpath.startswith(folder + "/") for relpath in rendered)


def _previous_record(project: Project, spec: PluginSpec) -> ownership.PluginRecord | None:
    """The record of the plugin this run overwrites (with --force): what the earlier run added
    is still new-plugin's to take out."""
    path = project.root / spec.plugin_dir / "__init__.py"
    try:
        if path.is_symlink() or not path.is_file():
            return None
        source = read_head(path, 1_000_000).decode("utf-8", "replace")
        return ownership.parse_plugin_record(source, spec.name)
    except (OSError, ownership.BadRecord):
        return None


def _file_changes(root: Path, rendered: dict[str, bytes]) -> list[FileChange]:
    changes: list[FileChange] = []
    for relpath, content in sorted(rendered.items()):
        path = root / relpath
        old = read_bounded(path, SOURCE_LIMIT) if path.is_file() else None
        if old != content:
            changes.append(FileChange(relpath, old, content))
    return changes


def _keep_on(project: Project, spec: PluginSpec, toolsets_old: bytes, toolsets_new: bytes) -> None:
    """Joining a toolset that is on by default on a platform (all its tools in the default
    toolset there) must not switch it off: the plugin's tools are in no platform's default, so
    that toolset would stop being all-in and Hermes would drop it (new-tool checks the same)."""
    from hermes_dev.host.tools_config import TOOLS_CONFIG_RELPATH, platform_names
    from hermes_dev.scaffold._new_tool import _offering, _switched_off

    picker_path = project.root / TOOLS_CONFIG_RELPATH
    if not picker_path.is_file():
        return
    picker = read_source(project, picker_path)
    broken = _switched_off(
        spec.toolset,
        _offering(project, toolsets_old, picker),
        _offering(project, toolsets_new, picker),
    )
    if broken:
        raise UserError(
            f"toolset {spec.toolset!r} is on by default on {platform_names(broken)} because all"
            " its tools are in the default toolset there; the plugin's tools would not be, which"
            f" switches {spec.toolset!r} off: pick another --toolset, or leave --toolset out"
            " (the plugin's tools then make a toolset of their own)"
        )


def _refuse_taken(project: Project, spec: PluginSpec, toolsets_text: str) -> None:
    why = _plugin_taken(project, spec)
    if why is not None:
        raise UserError(
            f"a plugin named {spec.name!r} exists already ({why}); pick another name"
            " or pass --force to overwrite it"
        )
    owned = plugin_tool_names(project.root)
    env = None  # the OPTIONAL_ENV_VARS module: a tool an entry lists is taken, as for new-tool
    if project.config_path.is_file():
        path = env_vars_path(project)
        try:
            env = (path, read_bounded(path, SOURCE_LIMIT))
        except OSError:
            env = None
    for tool in spec.tools:
        taken = find_existing(project, tool, toolsets_text, env) or owned.get(tool)
        if taken is not None:
            raise UserError(
                f"a tool named {tool!r} exists already ({taken}); name the plugin's tools"
                " with --tool, or pass --force to make it anyway"
            )


def _refuse_installed(spec: PluginSpec) -> None:
    """A plugin or tool name that an installed entry-point plugin uses already: Hermes would
    load one of the two (or register one tool over the other). Read from the installed
    distributions' metadata; nothing is imported."""
    from hermes_dev.host.installed_plugins import installed_plugins

    for plugin in installed_plugins():
        where = f"{plugin.distribution}, entry point {plugin.name} = {plugin.module}"
        if plugin.name == spec.name:
            raise UserError(
                f"an installed package provides a plugin named {spec.name!r} already ({where});"
                " pick another name or pass --force to make it anyway"
            )
        for tool in spec.tools:
            if tool in plugin.tools:
                raise UserError(
                    f"a tool named {tool!r} exists already (the installed plugin"
                    f" {plugin.name!r} provides it: {where}); name the plugin's tools with"
                    " --tool, or pass --force to make it anyway"
                )


def _plugin_taken(project: Project, spec: PluginSpec) -> str | None:
    for relpath in (spec.plugin_dir, spec.test_relpath):
        if (project.root / relpath).exists():
            return f"{relpath} exists"
    for folder in checkout_plugin_dirs(project.root):
        manifest = folder / "plugin.yaml"
        if manifest.is_file() and read_manifest(manifest).name == spec.name:
            return f"{folder.relative_to(project.root).as_posix()}/plugin.yaml names it"
    return None


def _checked(plan: Plan, spec: PluginSpec) -> Plan:
    """Every Python file parses and the manifest is valid and says what the spec says: a failure
    here is a bug in the template, so nothing is written."""
    plan.check_python()
    for change in plan.changes:
        if change.new is None or not change.relpath.endswith("/plugin.yaml"):
            continue
        manifest = parse_manifest(Path(change.relpath), change.new.decode("utf-8"))
        problems = manifest_problems(manifest)
        says = (manifest.name, manifest.provides_tools, manifest.mapping.get("description"))
        if problems or says != (spec.name, spec.tools, spec.description):
            what = problems[0].message if problems else "it does not say what was asked"
            raise HermesDevError(
                f"the new {change.relpath} would be no valid manifest ({what}); nothing was"
                " written. This is a bug in hermes-dev; please report it"
            )
    return plan
