"""`hermes-dev remove-tool`: the reverse of new-tool, a few lines over hermes_dev.scaffold."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from hermes_dev.scaffold import plan_remove_tool, root_lock
from hermes_dev.writes.signals import signals_raise


def _interactive(yes: bool) -> bool:
    return not yes and sys.stdin.isatty()


@click.command("remove-tool", context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("name")
@click.option(
    "--root",
    type=click.Path(file_okay=False, path_type=Path),
    help="Hermes checkout to change (default: found by walking up from the current folder).",
)
@click.option("--dry-run", is_flag=True, help="Print the diff of every change; write nothing.")
@click.option(
    "--force",
    is_flag=True,
    help="Remove NAME even when new-tool did not make it: tools/NAME_tool.py has no new-tool"
    " marker, there is no such module, or it registers other tools too. Then the name is taken"
    " out of toolsets.py's lists (no entry is deleted) and OPTIONAL_ENV_VARS is left alone.",
)
@click.option("--yes", "-y", is_flag=True, help="Do not ask for confirmation.")
def command(name: str, root: Path | None, dry_run: bool, force: bool, yes: bool) -> int:
    """Delete tools/NAME_tool.py and its test, and take NAME out of toolsets.py and
    OPTIONAL_ENV_VARS where new-tool put it (with any entry or folder new-tool made for it, once
    empty), all or nothing. The marker new-tool wrote into the module says what it added."""
    from hermes_dev.host.layout import load_project

    project = load_project(root)
    # Read, plan and write under the root's lock: no other run changes the files in between.
    with signals_raise(), root_lock(project.root, shared=dry_run):
        plan = plan_remove_tool(project, name, force=force)
        for note in plan.notes:
            click.echo(f"hermes-dev: note: {note}", err=True)
        if dry_run:
            click.echo(plan.diff(), nl=False)
            return 0
        if _interactive(yes):
            for change in plan.changes:
                click.echo(f"{change.verb:>6} {change.relpath}")
            if not click.confirm(f"Remove the tool {name!r}?"):
                click.echo("hermes-dev: nothing was removed", err=True)
                return 1
        plan.check_writable()
        plan.apply()
    for change in plan.changes:
        click.echo(f"{change.verb:>6} {change.relpath}")
    return 0
