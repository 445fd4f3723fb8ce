"""Every rule's VALID and INVALID cases, run through the whole engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from hermes_dev.lint import catalog
from hermes_dev.lint.engine import lint
from hermes_dev.lint.rule import Case
from tests.lint.support import make_root


def _cases() -> list[object]:
    params = []
    for code in catalog.all_codes():
        rule = catalog.load_rule(code)
        for kind, cases in (("valid", rule.VALID), ("invalid", rule.INVALID)):
            for i, case in enumerate(cases):
                params.append(pytest.param(code, case, id=f"{code}-{kind}-{i}"))
    return params


@pytest.mark.parametrize(("code", "case"), _cases())
def test_case(tmp_path: Path, code: str, case: Case) -> None:
    root = make_root(tmp_path, case.sources())
    result = lint([], root=str(root))
    got = sorted((result.relative(f.path), f.line) for f in result.findings if f.code == code)
    assert got == case.expected(), "\n".join(
        f"{result.relative(f.path)}:{f.line}: {f.code} {f.message}" for f in result.findings
    )
