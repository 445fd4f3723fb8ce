"""Every runtime rule (HD5xx) has its docs and cases, and check gives each case's findings."""

from __future__ import annotations

from pathlib import Path

import pytest

from hermes_dev.lint import catalog
from hermes_dev.lint.rule import Rule
from tests.scaffold.hosts import make_host

SECTIONS = ("What it does", "Why is this bad?", "Example", "Use instead")
CASES = [
    (code, kind, i, case)
    for code in catalog.runtime_codes()
    for kind, cases in (("valid", catalog.load_rule(code).VALID), ("invalid", catalog.load_rule(code).INVALID))
    for i, case in enumerate(cases)
]


@pytest.mark.parametrize("code", catalog.runtime_codes())
def test_runtime_rule_is_complete(code: str) -> None:
    rule = catalog.load_rule(code)
    assert issubclass(rule, Rule)
    assert rule.scope == "runtime"
    assert rule.name and rule.summary and "\n" not in rule.summary
    sections = catalog.doc_sections(catalog.rule_docs(code))
    for section in SECTIONS:
        assert sections.get(section), f"{code}: docs lack '## {section}'"
    assert rule.VALID and rule.INVALID
    assert code not in catalog.all_codes()  # lint never runs it


@pytest.mark.parametrize(
    ("code", "kind", "index", "case"), CASES, ids=[f"{c}-{k}-{i}" for c, k, i, _ in CASES]
)
def test_case(code: str, kind: str, index: int, case: object, tmp_path: Path) -> None:
    from hermes_dev.check.run import check

    root = make_host(tmp_path / "host")
    for rel, source in case.sources().items():  # type: ignore[attr-defined]
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(source, encoding="utf-8")
    result = check(
        all_tools=True, root=str(root), timeout=1.0, max_examples=10, use_lint=False,
        use_database=False,
    )
    found = sorted(
        (f.path.relative_to(root).as_posix(), f.line)
        for f in result.findings
        if f.code == code and f.path.name == "example_tool.py"
    )
    assert found == case.expected(), [f.message for f in result.findings]  # type: ignore[attr-defined]
