"""`hermes-dev check`: run tool handlers against their own schemas in a sandboxed child."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from hermes_dev.lint.report import FORMATS


def _checked(problem_of: Callable[[Any], str | None]) -> Callable[..., Any]:
    """A click callback: a usage error (one line, exit 2) when `problem_of(value)` says why."""

    def callback(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
        if value is not None:
            problem = problem_of(value)
            if problem is not None:
                raise click.BadParameter(problem, ctx, param)
        return value

    return callback


def _timeout(value: float) -> str | None:
    from hermes_dev.check.config import timeout_problem

    return timeout_problem(value)


def _max_examples(value: int) -> str | None:
    from hermes_dev.check.config import max_examples_problem

    return max_examples_problem(value)


@click.command(
    "check",
    short_help="Run tool handlers against their schemas, in a sandbox.",
)
@click.argument("tools", nargs=-1)
@click.option(
    "--all", "all_tools", is_flag=True, help="Every registered tool except the skipped toolsets."
)
@click.option(
    "--root",
    metavar="PATH",
    help="The Hermes checkout or plugin package (default: found above the cwd).",
)
@click.option(
    "--python", metavar="PATH", help="The interpreter that imports the host (default: this one)."
)
@click.option(
    "--env",
    "env",
    multiple=True,
    metavar="NAME=VALUE",
    help="An environment variable for the tools (repeatable); the rest of the environment is cleared.",
)
@click.option(
    "--no-env-placeholders",
    is_flag=True,
    help="Leave requires_env variables unset instead of setting placeholders.",
)
@click.option(
    "--timeout",
    type=float,
    callback=_checked(_timeout),
    metavar="SECONDS",
    help="Per-call time limit, 0.1 to 3600 (default 5).",
)
@click.option(
    "--max-examples",
    type=int,
    callback=_checked(_max_examples),
    metavar="N",
    help="Generated calls per tool, 0 to 10,000 (default 25).",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the generated calls.")
@click.option(
    "--replay", metavar="JSON", help="Make one call of the one tool named with these arguments."
)
@click.option(
    "--without-env", is_flag=True, help="With --replay: the tool's requires_env variables unset."
)
@click.option(
    "--write-tests",
    is_flag=True,
    help="Write each finding as a pytest regression test into the host's tests.",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    default="text",
    show_default=True,
    help="Report format.",
)
@click.option("--output", metavar="FILE", help="Write the report to FILE.")
@click.option(
    "--select", multiple=True, metavar="CODES", help="Report only these codes (e.g. HD501,HD505)."
)
@click.option("--ignore", multiple=True, metavar="CODES", help="Do not report these codes.")
@click.option(
    "--no-lint",
    is_flag=True,
    help="Do not join the findings with lint's (HD102 confirmed, what lint missed).",
)
@click.option(
    "--baseline",
    metavar="FILE",
    help="Report only findings not in this baseline (default: lint's).",
)
@click.option(
    "--write-baseline",
    is_flag=False,
    flag_value="",
    metavar="[FILE]",
    help="Record the findings in the baseline and exit 0.",
)
@click.option("--no-baseline", is_flag=True, help="Report every finding.")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even with findings.")
@click.option("--statistics", "statistics_", is_flag=True, help="Count the findings per code.")
def command(tools: tuple[str, ...], **values: Any) -> int:
    """Call each named tool's handler (or, with --all, every tool outside the skipped
    toolsets) with arguments built from its own schema, in a sandboxed child process, and report
    what only running shows: HD501 an exception escapes, HD502 a result that is not a JSON
    string, HD503 a failure without an "error" key, HD504 no answer in time, HD505 a sandbox
    guard fired, HD506 a result over Hermes' size limit.

    check RUNS THE PROJECT'S CODE (lint and new-tool never do): in a child process, with guards
    that are not a security boundary. Exit status: 0 clean, 1 findings, 2 usage error.
    """
    from hermes_dev.check.command import run_check

    values["env_placeholders"] = not values.pop("no_env_placeholders")
    values["use_lint"] = not values.pop("no_lint")
    return run_check(tools, **values)
