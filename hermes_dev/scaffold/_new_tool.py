"""Plan `new-tool`: the rendered module and test plus the edits of toolsets.py and config.py."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from hermes_dev.errors import UserError
from hermes_dev.host.layout import Project
from hermes_dev.scaffold._existing import find_existing
from hermes_dev.scaffold._plan import FileChange, Plan
from hermes_dev.scaffold._render import PendingRender
from hermes_dev.scaffold._sources import edited, read_config, read_source
from hermes_dev.scaffold._spec import ToolSpec, first_line

# Words an environment variable's name spells in capitals in the setup wizard's prompt.
_ACRONYMS = {"API", "URL", "ID", "SSH", "AWS", "GPU", "LLM", "HTTP", "HTTPS", "SMTP", "IMAP"}


def env_prompt(var: str) -> str:
    """`WEATHER_API_KEY` -> `Weather API key`."""
    words = [w if w in _ACRONYMS else w.lower() for w in var.split("_") if w]
    if words and words[0] not in _ACRONYMS:
        words[0] = words[0].capitalize()
    return " ".join(words) or var


def toolset_description(spec: ToolSpec) -> str:
    """A new toolset entry's description: the first line of the tool's."""
    return first_line(spec.description)


def _add_env_var(spec: ToolSpec, var: str, source: str) -> str:
    from hermes_dev import edits

    prompt = env_prompt(var)
    return edits.add_env_var(
        source,
        var,
        spec.name,
        description=f"{prompt} for the {spec.name} tool",
        prompt=prompt,
        url=spec.env_url,
    )


def plan_new_tool(project: Project, spec: ToolSpec, *, force: bool = False) -> Plan:
    """Every file `new-tool` would create or change, checked to parse; nothing is written."""
    toolsets_old = read_source(project, project.toolsets_path)
    if not force:
        taken = find_existing(project, spec.name, toolsets_old.decode("utf-8", "replace"))
        if taken is not None:
            raise UserError(
                f"a tool named {spec.name!r} exists already ({taken}); pick another name"
                " or pass --force to overwrite it"
            )
    config_path, config_old = read_config(project) if spec.env_vars else (None, None)
    with PendingRender(spec) as pending:
        toolsets_new, config_new = _edit_sources(
            spec, project, toolsets_old, config_path, config_old
        )
        rendered = pending.result()

    changes: list[FileChange] = []
    for relpath in (spec.module_relpath, spec.test_relpath):
        if relpath in rendered:
            path = project.root / relpath
            old = path.read_bytes() if path.is_file() else None
            if old != rendered[relpath]:
                changes.append(FileChange(relpath, old, rendered[relpath]))
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


def _edit_sources(
    spec: ToolSpec,
    project: Project,
    toolsets_old: bytes,
    config_path: Path | None,
    config_old: bytes | None,
) -> tuple[bytes, bytes | None]:
    """The new toolsets.py and OPTIONAL_ENV_VARS module (None when that is not needed)."""
    from hermes_dev import edits

    toolsets_new = edited(
        project.toolsets_path,
        toolsets_old,
        lambda src: edits.add_tool_to_toolset(
            src, spec.name, spec.toolset, toolset_description(spec)
        ),
    )
    if spec.core:
        toolsets_new = edited(
            project.toolsets_path,
            toolsets_new,
            lambda src: edits.add_core_tool(src, spec.name),
        )
    config_new = config_old
    for var in spec.env_vars:
        assert config_path is not None and config_new is not None
        config_new = edited(config_path, config_new, partial(_add_env_var, spec, var))
    return toolsets_new, config_new
