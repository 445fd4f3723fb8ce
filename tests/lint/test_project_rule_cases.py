"""The HD2xx/HD3xx rules the schema-and-project issue asks for all exist, each with the right
scope. (Their VALID/INVALID cases and docs run in the shared `test_rule_cases.py` and
`test_rule_meta.py`.)"""

from __future__ import annotations

import pytest

from hermes_dev.lint import catalog

CODES = [c for c in catalog.all_codes() if c[2] in "23"]


def test_rules_cover_the_issue() -> None:
    assert CODES == [
        "HD201",
        "HD202",
        "HD203",
        "HD204",
        "HD205",
        "HD301",
        "HD302",
        "HD303",
        "HD304",
        "HD305",
        "HD306",
        "HD307",
    ]


@pytest.mark.parametrize("code", CODES)
def test_rule_scope_and_cases(code: str) -> None:
    rule = catalog.load_rule(code)
    whole_root = code.startswith("HD3") and code != "HD306"  # HD306 reads one call
    assert rule.scope == ("project" if whole_root else "module")
    assert rule.VALID and rule.INVALID
    sections = catalog.doc_sections(catalog.rule_docs(code))
    assert {"What it does", "Why is this bad?", "Example", "Use instead"} <= set(sections)
