"""`hermes-dev remove-plugin`: the reverse of an in-checkout new-plugin."""

from __future__ import annotations

import sys
from pathlib import Path

import click


def _interactive(yes: bool) -> bool:
    return not yes and sys.stdin.isatty()


@click.command("remove-plugin", context_settings={"help_option_names": ["-h", "--help"]})
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
    help="Remove plugins/NAME/ even when new-plugin did not make it: it holds other files, or"
    " its plugin.yaml names another plugin.",
)
@click.option("--yes", "-y", is_flag=True, help="Do not ask for confirmation.")
def command(name: str, root: Path | None, dry_run: bool, force: bool, yes: bool) -> int:
    """Delete plugins/NAME/ and tests/plugins/test_NAME_plugin.py, and take the plugin's
    tools out of toolsets.py where new-plugin listed them, all or nothing."""
    from hermes_dev.host.layout import load_project
    from hermes_dev.scaffold._remove_plugin import plan_remove_plugin
    from hermes_dev.writes.lock import root_lock
    from hermes_dev.writes.signals import signals_raise

    project = load_project(root)
    # Read, plan and write under the root's lock: no other run changes the files in between.
    with signals_raise(), root_lock(project.root, shared=dry_run):
        plan = plan_remove_plugin(project, name, force=force)
        for note in plan.notes:
            click.echo(f"hermes-dev: note: {note}", err=True)
        if dry_run:
            click.echo(plan.diff(), nl=False)
            return 0
        if _interactive(yes):
            for change in plan.changes:
                click.echo(f"{change.verb:>6} {change.relpath}")
            if not click.confirm(f"Remove the plugin {name!r}?"):
                click.echo("hermes-dev: nothing was removed", err=True)
                return 1
        plan.check_writable()
        plan.apply()
    for change in plan.changes:
        click.echo(f"{change.verb:>6} {change.relpath}")
    return 0
