"""Every rule's VALID and INVALID cases, run through the whole engine.

What users see is asserted too: each INVALID case's findings of its rule, as
`path:line:column-end_line:end_column message`, must match `rule_cases.snapshot.json`, so a
wording or column change is a visible diff. After a deliberate change (or a new case), rewrite
the snapshot with `HERMES_DEV_UPDATE_SNAPSHOTS=1 python -m pytest tests/lint/test_rule_cases.py`
and review its diff.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from hermes_dev.lint import catalog
from hermes_dev.lint.engine import lint
from hermes_dev.lint.rule import Case, Invalid, Valid
from tests.lint.support import make_root

SNAPSHOT = Path(__file__).with_name("rule_cases.snapshot.json")
UPDATE = os.environ.get("HERMES_DEV_UPDATE_SNAPSHOTS") == "1"


def _case_ids() -> list[tuple[str, str, Case]]:
    out = []
    for code in catalog.all_codes():
        rule = catalog.load_rule(code)
        for kind, cases in (("valid", rule.VALID), ("invalid", rule.INVALID)):
            for i, case in enumerate(cases):
                out.append((code, f"{code}-{kind}-{i}", case))
    return out


def _cases() -> list[object]:
    return [pytest.param(code, case_id, case, id=case_id) for code, case_id, case in _case_ids()]


def _snapshot() -> dict[str, list[str]]:
    if not SNAPSHOT.is_file():
        return {}
    data = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize(("code", "case_id", "case"), _cases())
def test_case(tmp_path: Path, code: str, case_id: str, case: Case) -> None:
    root = make_root(tmp_path, case.sources())
    result = lint([], root=str(root))
    mine = [f for f in result.findings if f.code == code]
    got = sorted((result.relative(f.path), f.line) for f in mine)
    assert got == case.expected(), "\n".join(
        f"{result.relative(f.path)}:{f.line}: {f.code} {f.message}" for f in result.findings
    )
    if "-invalid-" not in case_id:
        return
    shown = [
        f"{result.relative(f.path)}:{f.line}:{f.column}-{f.end_line}:{f.end_column} {f.message}"
        for f in mine
    ]
    if UPDATE:
        snapshot = _snapshot()
        snapshot[case_id] = shown
        SNAPSHOT.write_text(
            json.dumps(dict(sorted(snapshot.items())), indent=1, ensure_ascii=False) + "\n",
            encoding="utf-8",
        )
        return
    assert shown == _snapshot().get(case_id), (
        f"{case_id}: the findings users see changed (or the case is new); if that is meant, "
        "run with HERMES_DEV_UPDATE_SNAPSHOTS=1 and review the snapshot's diff"
    )


def test_snapshot_has_no_stale_cases() -> None:
    ids = {case_id for _, case_id, _ in _case_ids() if "-invalid-" in case_id}
    assert set(_snapshot()) <= ids


def test_each_case_list_holds_its_own_kind() -> None:
    for code in catalog.all_codes():
        rule = catalog.load_rule(code)
        assert all(type(case) is Valid for case in rule.VALID), code
        assert all(type(case) is Invalid for case in rule.INVALID), code
