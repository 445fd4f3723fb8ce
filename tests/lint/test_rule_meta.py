"""Every rule module has the docs sections, example cases and metadata the tools rely on."""

from __future__ import annotations

import pytest

from hermes_dev.lint import catalog
from hermes_dev.lint.rule import Rule

SECTIONS = ("What it does", "Why is this bad?", "Example", "Use instead")


@pytest.mark.parametrize("code", catalog.all_codes())
def test_rule_is_complete(code: str) -> None:
    rule = catalog.load_rule(code)
    assert issubclass(rule, Rule)
    assert rule.code == code
    assert rule.name and rule.name == rule.name.lower() and " " not in rule.name
    assert rule.summary and "\n" not in rule.summary
    sections = catalog.doc_sections(catalog.rule_docs(code))
    for section in SECTIONS:
        assert sections.get(section), f"{code}: docs lack a non-empty '## {section}' section"
    assert rule.VALID, f"{code}: no VALID cases"
    assert rule.INVALID, f"{code}: no INVALID cases"
    for case in rule.INVALID:
        assert case.expected(), f"{code}: an INVALID case lists no expected finding"


def test_codes_are_unique_and_well_formed() -> None:
    modules = catalog.rule_modules()
    assert len(set(modules.values())) == len(modules)
    for code, module in modules.items():
        assert module.startswith(code.lower() + "_")
