"""`hermes-dev new-plugin`: a few lines over hermes_dev.scaffold."""

from __future__ import annotations

import sys
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path

import click

from hermes_dev.cli.new_tool import _ask_params, _checked
from hermes_dev.errors import UserError
from hermes_dev.host.layout import Project
from hermes_dev.scaffold import JSON_TYPES
from hermes_dev.scaffold._spec import DEFAULT_EMOJI, check_env_var, check_text, default_description
from hermes_dev.writes.lock import root_lock
from hermes_dev.writes.signals import signals_raise


def _interactive(yes: bool) -> bool:
    return not yes and sys.stdin.isatty()


def _locked(project: Project | None, *, shared: bool) -> AbstractContextManager[None]:
    if project is None:
        return nullcontext()
    return root_lock(project.root, shared=shared)


@click.command(
    "new-plugin",
    context_settings={"help_option_names": ["-h", "--help"]},
    epilog=(
        "\b\nExamples:\n"
        "  hermes-dev new-plugin weather --env WEATHER_API_KEY --param 'city:string:City name'\n"
        "  hermes-dev new-plugin weather --tool forecast --tool alerts --standalone ../weather"
    ),
)
@click.argument("name")
@click.option(
    "--root",
    type=click.Path(file_okay=False, path_type=Path),
    help="Hermes checkout to change (default: found by walking up from the current folder).",
)
@click.option(
    "--standalone",
    "dest",
    type=click.Path(path_type=Path),
    metavar="DEST",
    help="Make a pip-installable plugin package in the folder DEST (new or empty) instead of"
    " plugins/NAME/ in a checkout.",
)
@click.option("--description", help="What the tools do and when to use them.")
@click.option(
    "--tool",
    "tools",
    multiple=True,
    metavar="TOOL",
    help="A tool the plugin registers (repeatable; default: one tool named NAME).",
)
@click.option(
    "--toolset",
    help="Toolset the tools register under (default: NAME). In a checkout, a toolset that"
    " toolsets.py defines also gets the tools listed; any other is made at run time.",
)
@click.option(
    "--env",
    "env_vars",
    multiple=True,
    metavar="VAR",
    help="Environment variable the tools need (UPPER_SNAKE; repeatable); listed under"
    " requires_env in plugin.yaml.",
)
@click.option(
    "--param",
    "params",
    multiple=True,
    metavar="NAME:TYPE[:DESCRIPTION]",
    help=f"A required parameter of every tool (repeatable); TYPE is one of {', '.join(JSON_TYPES)}.",
)
@click.option(
    "--optional-param",
    "optional_params",
    multiple=True,
    metavar="NAME:TYPE[:DESCRIPTION]",
    help="An optional parameter of every tool (repeatable).",
)
@click.option("--async", "is_async", is_flag=True, help="Generate async handlers.")
@click.option("--emoji", help=f"Emoji shown next to the tools (default: {DEFAULT_EMOJI}).")
@click.option("--version", "version", help="The plugin's version (default: 0.1.0).")
@click.option("--author", help="Who maintains the plugin (plugin.yaml's author).")
@click.option("--no-test", is_flag=True, help="Do not generate the plugin's tests.")
@click.option("--dry-run", is_flag=True, help="Print the diff of every change; write nothing.")
@click.option("--force", is_flag=True, help="Overwrite a plugin (or tools) of the same name.")
@click.option("--yes", "-y", is_flag=True, help="Never prompt: use defaults for missing answers.")
def command(
    name: str,
    root: Path | None,
    dest: Path | None,
    description: str | None,
    tools: tuple[str, ...],
    toolset: str | None,
    env_vars: tuple[str, ...],
    params: tuple[str, ...],
    optional_params: tuple[str, ...],
    is_async: bool,
    emoji: str | None,
    version: str | None,
    author: str | None,
    no_test: bool,
    dry_run: bool,
    force: bool,
    yes: bool,
) -> int:
    """Create a Hermes plugin: plugins/NAME/ (plugin.yaml, __init__.py with register(ctx),
    tools.py) and its test in a checkout, or with --standalone a pip-installable package."""
    from hermes_dev.host.layout import load_project
    from hermes_dev.scaffold._new_plugin import plan_new_plugin, plan_standalone_plugin
    from hermes_dev.scaffold._plugin_spec import Layout, PluginSpec, make_plugin_spec

    if root is not None and dest is not None:
        raise UserError(
            "--root and --standalone exclude each other: a standalone plugin lives outside"
            " any checkout"
        )
    layout: Layout = "standalone" if dest is not None else "checkout"

    def spec_of(env: tuple[str, ...]) -> PluginSpec:
        return make_plugin_spec(
            name,
            layout=layout,
            description=description,
            tools=tools,
            toolset=toolset,
            env_vars=env,
            params=params,
            optional_params=optional_params,
            is_async=is_async,
            emoji=emoji,
            version=version,
            author=author,
            with_test=not no_test,
        )

    # Check the answers given and find the project before asking anything.
    spec_of(env_vars)
    project = load_project(root) if dest is None else None
    if _interactive(yes):
        if description is None:
            description = click.prompt(
                "Description",
                default=default_description(name),
                value_proc=_checked(lambda text: check_text("the description", text)),
            )
        if not env_vars:
            env_vars = click.prompt(
                "Environment variables (space-separated, empty for none)",
                default="",
                show_default=False,
                value_proc=_checked(lambda text: tuple(check_env_var(v) for v in text.split())),
            )
        if not params and not optional_params:
            params = _ask_params(required=True)
            optional_params = _ask_params(required=False)
    spec = spec_of(env_vars)
    # Read, plan and write under the root's lock (a standalone package's folder has none to
    # share: it is new or empty).
    with signals_raise(), _locked(project, shared=dry_run):
        if project is not None:
            plan = plan_new_plugin(project, spec, force=force)
        else:
            assert dest is not None
            plan = plan_standalone_plugin(dest, spec, force=force)
        if dry_run:
            click.echo(plan.diff(), nl=False)
            return 0
        plan.check_writable()
        plan.apply()
    for change in plan.changes:
        click.echo(f"{change.verb:>6} {change.relpath}")
    if project is None:
        click.echo(f"next: cd {plan.root} && pip install -e '.[test]' && python -m pytest")
    elif spec.with_test:
        click.echo(f"next: python -m pytest {spec.test_relpath}")
    return 0
