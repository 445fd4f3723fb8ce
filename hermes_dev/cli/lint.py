"""`hermes-dev lint`: check tool handlers (and, with the project rules, schemas and toolsets)."""

from __future__ import annotations

from typing import Any

import click

from hermes_dev.lint.options import LINT_OPTIONS


def _lint(paths: tuple[str, ...], **values: Any) -> int:
    from hermes_dev.lint.run import run_lint

    return run_lint(
        paths,
        root=values["root"],
        select=values["select"],
        ignore=values["ignore"],
        fmt=values["fmt"],
        output=values["output"],
        exit_zero=values["exit_zero"],
        statistics_=values["statistics"],
        show_fixes=values["show_fixes"],
        quiet=values["quiet"],
        verbose=values["verbose"],
        color=values["color"],
        no_cache=values["no_cache"],
        cache_dir=values["cache_dir"],
        fix=values["fix"],
        diff=values["diff"],
        unsafe_fixes=values["unsafe_fixes"],
        baseline=values["baseline"],
        write_baseline=values["write_baseline"],
        show_baselined=values["show_baselined"],
        no_baseline=values["no_baseline"],
        stdin_filename=values["stdin_filename"],
    )


def _build() -> click.Command:
    params: list[click.Parameter] = [
        click.Argument(
            ["paths"], nargs=-1, type=click.Path(exists=True, dir_okay=True, allow_dash=True)
        )
    ]
    for opt in LINT_OPTIONS:
        names = [*opt.names, opt.dest]
        if not opt.takes_value:
            params.append(click.Option(names, is_flag=True, help=opt.help))
        elif opt.choices:
            params.append(
                click.Option(
                    names,
                    type=click.Choice(opt.choices),
                    default=opt.default or opt.choices[0],
                    show_default=True,
                    help=opt.help,
                )
            )
        elif opt.optional_value is not None:
            params.append(
                click.Option(
                    names,
                    is_flag=False,
                    flag_value=opt.optional_value,
                    metavar=opt.metavar,
                    help=opt.help,
                )
            )
        else:
            params.append(
                click.Option(names, multiple=opt.multiple, metavar=opt.metavar, help=opt.help)
            )
    return click.Command(
        "lint",
        callback=_lint,
        params=params,
        help=(
            "Check tool modules against the handler contract (and schemas, toolsets, env vars).\n\n"
            "PATHS are files or folders (plugin.yaml manifests too); by default the root's tools/"
            " and plugins/ (in a Hermes root only files there hold tools: others are skipped);"
            " `-` is the text on stdin, named by --stdin-filename. Paths after `--` are never"
            " read as options. Exit status: 0 clean, 1 findings, 2 usage or config error (or"
            " an analysis that failed on a file: a bug, said on stderr; the rest is reported)."
            " Suppress a finding with `# hermes-dev: ignore[CODE]` or `# noqa: CODE` on its line;"
            " `hermes-dev rule CODE` explains a rule."
        ),
        short_help="Check tool handlers, schemas and toolsets.",
    )


command = _build()
