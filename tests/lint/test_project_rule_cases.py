"""Every VALID/INVALID case of the HD2xx/HD3xx rules, run through the engine on a throwaway root
(as `hermes_dev/lint/rule.py` describes cases); the shared case runner runs them too, and the docs
of each rule have Ruff's sections."""

from __future__ import annotations

from pathlib import Path

import pytest

from hermes_dev.lint import catalog
from hermes_dev.lint.engine import lint
from hermes_dev.lint.rule import Case

CODES = [c for c in catalog.all_codes() if c[2] in "23"]
_REGISTRY = (
    "import json\n\n\ndef tool_error(message, **extra):\n"
    "    return json.dumps({'error': str(message), **extra})\n\n\n"
    "class _Registry:\n    def register(self, **kw):\n        pass\n\n\nregistry = _Registry()\n"
)
_TOOLSETS = "_HERMES_CORE_TOOLS = []\nTOOLSETS = {}\n"


def _cases() -> list[tuple[str, str, int, Case]]:
    out = []
    for code in CODES:
        rule = catalog.load_rule(code)
        out += [(code, "valid", i, c) for i, c in enumerate(rule.VALID)]
        out += [(code, "invalid", i, c) for i, c in enumerate(rule.INVALID)]
    return out


@pytest.mark.parametrize(
    ("code", "kind", "index", "case"),
    _cases(),
    ids=[f"{code}-{kind}-{i}" for code, kind, i, _ in _cases()],
)
def test_case(
    code: str, kind: str, index: int, case: Case, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HERMES_DEV_NO_CACHE", "1")
    files = {"tools/registry.py": _REGISTRY, "toolsets.py": _TOOLSETS, **case.sources()}
    for rel, source in files.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source, encoding="utf-8")
    result = lint([], root=str(tmp_path), select=[code], use_cache=False)
    got = sorted((result.relative(f.path), f.line) for f in result.findings if f.code == code)
    assert got == case.expected(), case.note


def test_rules_cover_the_issue() -> None:
    assert CODES == [
        "HD201", "HD202", "HD203", "HD204", "HD205",
        "HD301", "HD302", "HD303", "HD304", "HD305", "HD306",
    ]


@pytest.mark.parametrize("code", CODES)
def test_rule_has_docs_and_cases(code: str) -> None:
    rule = catalog.load_rule(code)
    sections = catalog.doc_sections(catalog.rule_docs(code))
    for heading in ("What it does", "Why is this bad?", "Example", "Use instead"):
        assert sections.get(heading), f"{code}: no '## {heading}'"
    assert rule.VALID and rule.INVALID
    assert rule.code == code and rule.summary and rule.name
    whole_root = code.startswith("HD3") and code != "HD306"  # HD306 reads one call
    assert rule.scope == ("project" if whole_root else "module")
