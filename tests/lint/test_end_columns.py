"""One end-column rule for findings whose node spans several lines, whatever rule reports them:
the finding keeps to its first line and ends where that line ends (as editors and SARIF show)."""

from __future__ import annotations

from pathlib import Path

from hermes_dev.lint.engine import lint
from tests.lint.support import make_root

MODULE = """\
import json

from tools.registry import registry


def handler(args, **kw):
    return {
        "ok": True,
    }


registry.register(
    name="multi",
    toolset="multi",
    schema={"name": "multi", "description": "d", "parameters": {"type": "object"}},
    handler=handler,
    requires_env=[
        "MULTI_KEY",
    ],
)
"""


def _finding(root: Path, code: str):
    result = lint([str(root / "tools" / "multi_tool.py")], root=str(root), select=[code], use_cache=False)
    [finding] = result.findings
    return finding


def test_multi_line_findings_end_at_the_end_of_their_first_line(tmp_path: Path) -> None:
    root = make_root(tmp_path, {"tools/multi_tool.py": MODULE})
    lines = MODULE.splitlines()
    for code, line, column in (("HD101", 7, 5), ("HD306", 17, 5)):
        finding = _finding(root, code)
        assert (finding.line, finding.column) == (line, column), code
        assert (finding.end_line, finding.end_column) == (line, len(lines[line - 1]) + 1), code
