"""Tricky handler shapes seen in real Hermes tools, with the findings they must (not) give.

The corpus (tests/lint/corpus/) is a Hermes-shaped root; a line that must give a finding ends with
`# expect: CODE[, CODE]`, and no other line may give a handler-rule (HD0xx/HD1xx) finding.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hermes_dev.lint.engine import lint

CORPUS = Path(__file__).parent / "corpus"
EXPECT = re.compile(r"# expect: ([A-Z0-9, ]+)$")


def _expected() -> dict[str, set[tuple[int, str]]]:
    out: dict[str, set[tuple[int, str]]] = {}
    for path in sorted(CORPUS.rglob("*.py")):
        rel = path.relative_to(CORPUS).as_posix()
        out[rel] = set()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            match = EXPECT.search(line)
            if match:
                for code in match.group(1).replace(" ", "").split(","):
                    out[rel].add((number, code))
    return out


@pytest.fixture(scope="module")
def corpus_findings() -> dict[str, set[tuple[int, str]]]:
    result = lint([], root=str(CORPUS), select=["HD0", "HD1"], use_cache=False)
    got: dict[str, set[tuple[int, str]]] = {}
    for f in result.findings:
        got.setdefault(result.relative(f.path), set()).add((f.line, f.code))
    return got


@pytest.mark.parametrize("rel", sorted(_expected()))
def test_corpus_file(rel: str, corpus_findings: dict[str, set[tuple[int, str]]]) -> None:
    assert corpus_findings.get(rel, set()) == _expected()[rel]


def test_corpus_has_many_shapes() -> None:
    expected = _expected()
    assert sum(len(v) for v in expected.values()) >= 30
    assert {code for v in expected.values() for _, code in v} >= {
        "HD101",
        "HD102",
        "HD103",
        "HD104",
    }


def test_findings_name_the_tool(corpus_findings: dict[str, set[tuple[int, str]]]) -> None:
    result = lint([], root=str(CORPUS), select=["HD1"], use_cache=False)
    assert result.findings and all(f.tool for f in result.findings)
    # A handler in a loop over a table is named by its row.
    tools = {f.tool for f in result.findings if f.path.name == "table_tools.py"}
    assert tools == {"lower_text", "title_text", "line_count"}


def test_one_finding_per_place_and_text_lines_under_200() -> None:
    from hermes_dev.lint.report import render

    result = lint([], root=str(CORPUS), use_cache=False)
    # The handler rules: every way one place fails is one finding. (A project rule reports
    # each tool a table loop registers at the loop's call: those are different tools.)
    places = [(f.code, f.path, f.line, f.column) for f in result.findings if f.code < "HD2"]
    assert len(places) == len(set(places))
    lines = render(result, "text", result.rules).splitlines()
    assert max(len(line) for line in lines) < 200
