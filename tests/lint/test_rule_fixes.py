"""Every fixable rule's INVALID cases, fixed: the result is the case's `fixed` source, a second
lint reports none of the fixed findings, and a second fix changes nothing (fix -> lint -> fix)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from hermes_dev.lint import catalog
from hermes_dev.lint.engine import lint
from hermes_dev.lint.fix import plan_fixes
from hermes_dev.lint.rule import Case
from tests.lint.support import MINIMAL_REGISTRY, MINIMAL_TOOLSETS, make_root

FIXABLE = [code for code in catalog.all_codes() if catalog.load_rule(code).fixable]


def _cases() -> list[object]:
    return [
        pytest.param(code, case, id=f"{code}-invalid-{i}")
        for code in FIXABLE
        for i, case in enumerate(catalog.load_rule(code).INVALID)
    ]


def _tree(root: Path) -> dict[str, str]:
    return {
        p.relative_to(root).as_posix(): p.read_text(encoding="utf-8")
        for p in sorted(root.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts
    }


def test_the_fixable_rules() -> None:
    assert FIXABLE == ["HD101", "HD102", "HD203", "HD301", "HD302", "HD303", "HD304", "HD900"]


@pytest.mark.parametrize("code", catalog.all_codes())
def test_fix_is_documented_and_has_cases(code: str) -> None:
    rule = catalog.load_rule(code)
    sections = catalog.doc_sections(catalog.rule_docs(code))
    assert bool(rule.fixable) == ("Fix safety" in sections), code
    for case in rule.INVALID:
        if rule.fixable:
            assert case.fixed is not None, f"{code}: an INVALID case says nothing of its fix"
        else:
            assert case.fixed is None, f"{code} has no fix, yet a case gives a fixed source"
    if rule.fixable:
        # At least one case shows the fix doing something.
        assert any(case.fixed for case in rule.INVALID), code


@pytest.mark.parametrize(("code", "case"), _cases())
def test_fix_lint_fix(tmp_path: Path, code: str, case: Case) -> None:
    root = make_root(tmp_path, case.sources())
    first = lint([], root=str(root))
    mine = [f for f in first.findings if f.code == code]
    assert mine, "the case gives no finding to fix"

    fixes = plan_fixes(root, mine, unsafe=True)
    assert not fixes.notes
    fixes.plan.apply()
    expected = {
        "tools/registry.py": MINIMAL_REGISTRY,
        "toolsets.py": MINIMAL_TOOLSETS,
        **case.fixed_sources(),
    }
    assert _tree(root) == expected
    # Every fix a finding offers applies.
    assert fixes.fixed == [f for f in mine if f.fix is not None]

    second = lint([], root=str(root))
    again = [f for f in second.findings if f.code == code]
    unfixed = [f for f in mine if f.fix is None]
    assert Counter((f.message, f.tool) for f in again) == Counter(
        (f.message, f.tool) for f in unfixed
    ), "\n".join(f"{f.line}: {f.message}" for f in again)
    assert not [f for f in again if f.fix is not None]

    third = plan_fixes(root, again, unsafe=True)
    assert not third.plan.changes
    assert _tree(root) == expected
