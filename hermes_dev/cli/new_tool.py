"""`hermes-dev new-tool`: a few lines over hermes_dev.scaffold."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import click

from hermes_dev.errors import UserError
from hermes_dev.scaffold import JSON_TYPES, make_spec, plan_new_tool, root_lock
from hermes_dev.scaffold._spec import (
    DEFAULT_EMOJI,
    check_text,
    check_toolset,
    default_description,
    parse_env,
    parse_param,
)
from hermes_dev.writes.plan import Plan
from hermes_dev.writes.signals import signals_raise

T = TypeVar("T")


def _interactive(yes: bool) -> bool:
    return not yes and sys.stdin.isatty()


@click.command(
    "new-tool",
    context_settings={"help_option_names": ["-h", "--help"]},
    epilog=(
        "\b\nExample:\n"
        "  hermes-dev new-tool weather --env WEATHER_API_KEY \\\n"
        "      --param 'location:string:City name' --optional-param 'units:string'"
    ),
)
@click.argument("name")
@click.option(
    "--root",
    type=click.Path(file_okay=False, path_type=Path),
    help="Hermes checkout to change (default: found by walking up from the current folder).",
)
@click.option("--description", help="What the tool does and when to use it (the schema's).")
@click.option(
    "--toolset",
    help="Toolset to register under (default: NAME). A new one is made, listed in `hermes tools`"
    " (hermes_cli/tools_config.py) and included in the CLI's default toolset (hermes-cli), so it "
    "is on by default on the CLI; an existing one is joined as it is.",
)
@click.option(
    "--core",
    is_flag=True,
    help="Also add the tool to _HERMES_CORE_TOOLS: on by default on every platform whose "
    "default toolset takes the core tools (a new toolset then needs no hermes-cli include).",
)
@click.option(
    "--opt-in",
    is_flag=True,
    help="Make the new toolset opt-in: listed in `hermes tools` but off by default (its key "
    "goes into _DEFAULT_OFF_TOOLSETS; no hermes-cli include).",
)
@click.option(
    "--env",
    "env_vars",
    multiple=True,
    metavar="VAR[:secret|:plain]",
    help="Environment variable the tool needs (UPPER_SNAKE; repeatable). Added to "
    "OPTIONAL_ENV_VARS in hermes_cli/config.py (or in the module it imports that from), in "
    "the file's style; its entry gets password=True (hidden input) when the name ends in "
    "_KEY, _TOKEN, _SECRET or _PASSWORD, unless :secret or :plain says otherwise.",
)
@click.option("--env-url", metavar="URL", help="Where to get the --env values (setup wizard).")
@click.option(
    "--param",
    "params",
    multiple=True,
    metavar="NAME:TYPE[:DESCRIPTION]",
    help=f"A required parameter (repeatable); TYPE is one of {', '.join(JSON_TYPES)}.",
)
@click.option(
    "--optional-param",
    "optional_params",
    multiple=True,
    metavar="NAME:TYPE[:DESCRIPTION]",
    help="An optional parameter (repeatable).",
)
@click.option("--async", "is_async", is_flag=True, help="Generate an async handler.")
@click.option("--emoji", help=f"Emoji shown next to the tool (default: {DEFAULT_EMOJI}).")
@click.option("--no-test", is_flag=True, help="Do not generate tests/tools/test_NAME_tool.py.")
@click.option(
    "--dry-run",
    is_flag=True,
    help="Print the diff of every change, and how many files it would create and change;"
    " write nothing.",
)
@click.option(
    "--force",
    is_flag=True,
    help="Use NAME even when it is taken: a tool module or test exists, or a registration "
    "(tools/, plugins/, root modules), a toolset or an OPTIONAL_ENV_VARS entry uses it.",
)
@click.option(
    "--yes",
    "-y",
    is_flag=True,
    help="Never prompt: use defaults for missing answers, write without asking to confirm.",
)
def command(
    name: str,
    root: Path | None,
    description: str | None,
    toolset: str | None,
    core: bool,
    opt_in: bool,
    env_vars: tuple[str, ...],
    env_url: str | None,
    params: tuple[str, ...],
    optional_params: tuple[str, ...],
    is_async: bool,
    emoji: str | None,
    no_test: bool,
    dry_run: bool,
    force: bool,
    yes: bool,
) -> int:
    """Create tools/NAME_tool.py and its test, register NAME in toolsets.py, list its toolset
    in `hermes tools` (and its --env variables in hermes_cli/config.py), all or nothing."""
    from hermes_dev.host.layout import load_project

    # Check the name and find the project before asking anything.
    make_spec(name)
    project = load_project(root)
    if _interactive(yes):
        if description is None:
            description = click.prompt(
                "Description",
                default=default_description(name),
                value_proc=_checked(lambda text: check_text("the description", text)),
            )
        if toolset is None:
            toolset = click.prompt("Toolset", default=name, value_proc=_checked(check_toolset))
        if not env_vars:
            env_vars = click.prompt(
                "Environment variables (space-separated, empty for none)",
                default="",
                show_default=False,
                value_proc=_checked(lambda text: tuple(_env_answer(v) for v in text.split())),
            )
        if not params and not optional_params:
            params = _ask_params(required=True)
            optional_params = _ask_params(required=False)
    spec = make_spec(
        name,
        description=description,
        toolset=toolset,
        core=core,
        opt_in=opt_in,
        env_vars=env_vars,
        env_url=env_url,
        params=params,
        optional_params=optional_params,
        is_async=is_async,
        emoji=emoji,
        with_test=not no_test,
    )
    # Read, plan and write under the root's lock: a second run plans from this one's result.
    with signals_raise(), root_lock(project.root, shared=dry_run):
        plan = plan_new_tool(project, spec, force=force)
        if not dry_run:
            plan.check_writable()  # before anything is said or asked about it
        for warning in plan.warnings:
            click.echo(f"hermes-dev: note: {warning}", err=True)
        if dry_run:
            click.echo(plan.diff(), nl=False)
            click.echo(would_line(plan), err=True)
            return 0
        if _interactive(yes):
            # What is about to happen, before anything is written.
            for change in plan.changes:
                click.echo(f"{change.verb:>6} {change.relpath}")
            if not click.confirm("Write these changes?", default=True):
                click.echo("hermes-dev: nothing was written", err=True)
                return 1
        plan.apply()
    for change in plan.changes:
        click.echo(f"{change.verb:>6} {change.relpath}")
    for note in plan.notes:
        click.echo(note)
    if spec.with_test:
        click.echo(f"next: python -m pytest {spec.test_relpath}")
    return 0


def _env_answer(raw: str) -> str:
    parse_env(raw)  # checked here so a bad answer is asked again
    return raw


def _ask_params(*, required: bool) -> tuple[str, ...]:
    """Parameters asked one by one (empty to finish): the required ones, or the optional."""
    kind = "Required" if required else "Optional"
    answers: list[str] = []
    while True:
        answer: str = click.prompt(
            f"{kind} parameter NAME:TYPE[:DESCRIPTION] (empty to finish)",
            default="",
            show_default=False,
            value_proc=_checked(lambda text: _param_or_empty(text, required)),
        )
        if not answer:
            return tuple(answers)
        answers.append(answer)


def _param_or_empty(text: str, required: bool) -> str:
    text = text.strip()
    if text:
        parse_param(text, required=required)
    return text


def would_line(plan: Plan) -> str:
    """The closing line of a dry run: `2 files would be created, 3 changed; nothing written`."""
    counts = {"create": 0, "change": 0, "delete": 0}
    for change in plan.changes:
        counts[change.verb] += 1
    done = {"create": "created", "change": "changed", "delete": "deleted"}
    parts = [(n, done[verb]) for verb, n in counts.items() if n]
    if not parts:
        return "nothing would change; nothing written"
    (n, what), rest = parts[0], parts[1:]
    head = f"{n} file{'s' if n != 1 else ''} would be {what}"
    return ", ".join([head, *(f"{m} {how}" for m, how in rest)]) + "; nothing written"


def _checked(check: Callable[[str], T]) -> Callable[[str], T]:
    """A click value_proc: a bad answer is shown and asked again instead of ending the run."""

    def value_proc(text: str) -> T:
        try:
            return check(text)
        except UserError as exc:
            raise click.BadParameter(str(exc)) from None

    return value_proc
