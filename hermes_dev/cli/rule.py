"""`hermes-dev rule CODE`: a rule's documentation, from the rule's own module."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from hermes_dev.errors import UserError

if TYPE_CHECKING:
    from hermes_dev.lint.rule import Rule


@click.command("rule", short_help="Explain a lint rule (or, with --all, list them all).")
@click.argument("code", required=False)
@click.option("--all", "show_all", is_flag=True, help="List every rule.")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="Output format.",
)
def command(code: str | None, show_all: bool, fmt: str) -> int:
    """Print the docs of rule CODE (e.g. HD101): what it does, why, an example, what instead."""
    import json

    from hermes_dev.lint.catalog import doc_sections, documented_codes, load_rule, rule_docs

    if show_all or code is None:
        if code is not None:
            raise UserError("give a rule code or --all, not both")
        if not show_all:
            raise UserError("give a rule code (e.g. HD101) or --all")
        rules = [load_rule(c) for c in documented_codes()]
        if fmt == "json":
            click.echo(
                json.dumps(
                    [
                        {
                            "code": r.code,
                            "name": r.name,
                            "summary": r.summary,
                            "scope": r.scope,
                            "fix": r.fixable,
                        }
                        for r in rules
                    ],
                    indent=2,
                )
            )
        else:
            for r in rules:
                mark = "[*]" if r.fixable else "   "
                click.echo(f"{r.code} {mark} {r.name:<34} {r.summary}")
        return 0
    wanted = code.strip().upper()
    if wanted not in documented_codes():
        raise UserError(f"unknown rule code {code!r} (see `hermes-dev rule --all`)")
    rule = load_rule(wanted)
    docs = rule_docs(wanted)
    if fmt == "json":
        click.echo(
            json.dumps(
                {
                    "code": rule.code,
                    "name": rule.name,
                    "summary": rule.summary,
                    "scope": rule.scope,
                    "fix": rule.fixable,
                    "explanation": docs,
                    "sections": doc_sections(docs),
                },
                indent=2,
                ensure_ascii=False,
            )
        )
    else:
        click.echo(f"# {rule.code} {rule.name}\n\n{rule.summary}.\n\n{_fix_line(rule)}{docs}")
    return 0


def _fix_line(rule: type[Rule]) -> str:
    """Ruff's line on fix availability (our fixes depend on the finding: "sometimes")."""
    if rule.fixable is None:
        return ""
    return f"Fix is sometimes available ({rule.fixable}; see Fix safety).\n\n"
