"""The scaffold's API in one call each, for callers other than the command line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hermes_dev.host.layout import load_project
from hermes_dev.scaffold._new_tool import plan_new_tool
from hermes_dev.scaffold._remove_tool import plan_remove_tool
from hermes_dev.scaffold._spec import make_spec
from hermes_dev.writes.lock import root_lock
from hermes_dev.writes.plan import Plan


def new_tool(
    name: str,
    *,
    root: Path | None = None,
    dry_run: bool = False,
    force: bool = False,
    **answers: Any,
) -> Plan:
    """Make tool `name` in the Hermes root at (or above) `root`; `answers` are `make_spec`'s
    keywords (description, toolset, core, opt_in, env_vars, env_url, params, optional_params,
    is_async, emoji, with_test). Returns the plan, applied unless `dry_run`. Raises UserError."""
    spec = make_spec(name, **answers)
    project = load_project(None, start=root) if root is not None else load_project()
    with root_lock(project.root, shared=dry_run):
        plan = plan_new_tool(project, spec, force=force)
        if not dry_run:
            plan.check_writable()
            plan.apply()
    return plan


def remove_tool(
    name: str, *, root: Path | None = None, dry_run: bool = False, force: bool = False
) -> Plan:
    """The reverse of `new_tool`. Returns the plan (its `notes` say what it could not undo),
    applied unless `dry_run`. Without `force`, refuses a tool new-tool did not make."""
    project = load_project(None, start=root) if root is not None else load_project()
    with root_lock(project.root, shared=dry_run):
        plan = plan_remove_tool(project, name, force=force)
        if not dry_run:
            plan.check_writable()
            plan.apply()
    return plan


def new_plugin(
    name: str,
    *,
    root: Path | None = None,
    standalone: Path | None = None,
    dry_run: bool = False,
    force: bool = False,
    **answers: Any,
) -> Plan:
    """Make plugin `name`: in the Hermes root at (or above) `root`, or, with `standalone`, as a
    pip-installable package in that folder. `answers` are `make_plugin_spec`'s keywords
    (description, tools, toolset, env_vars, params, optional_params, is_async, emoji, version,
    author, with_test). Returns the plan, applied unless `dry_run`. Raises UserError."""
    from hermes_dev.scaffold._new_plugin import plan_new_plugin, plan_standalone_plugin
    from hermes_dev.scaffold._plugin_spec import make_plugin_spec

    if standalone is not None:
        spec = make_plugin_spec(name, layout="standalone", **answers)
        plan = plan_standalone_plugin(standalone, spec, force=force)
        if not dry_run:
            plan.check_writable()
            plan.apply()
        return plan
    spec = make_plugin_spec(name, layout="checkout", **answers)
    project = load_project(None, start=root) if root is not None else load_project()
    with root_lock(project.root, shared=dry_run):
        plan = plan_new_plugin(project, spec, force=force)
        if not dry_run:
            plan.check_writable()
            plan.apply()
    return plan


def remove_plugin(
    name: str, *, root: Path | None = None, dry_run: bool = False, force: bool = False
) -> Plan:
    """The reverse of an in-checkout `new_plugin`. Returns the plan, applied unless `dry_run`.
    Without `force`, refuses a plugin folder new-plugin did not make."""
    from hermes_dev.scaffold._remove_plugin import plan_remove_plugin

    project = load_project(None, start=root) if root is not None else load_project()
    with root_lock(project.root, shared=dry_run):
        plan = plan_remove_plugin(project, name, force=force)
        if not dry_run:
            plan.check_writable()
            plan.apply()
    return plan
