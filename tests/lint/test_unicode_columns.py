"""Findings count columns in characters, as editors, GitHub annotations and SARIF's
`unicodeCodePoints` do; ast counts UTF-8 bytes, so a line with non-ASCII text before the
finding was reported two columns too far right per em dash (seen on a real toolsets.py)."""

from __future__ import annotations

from pathlib import Path

from hermes_dev.lint.engine import lint
from tests.lint.support import make_root

TOOLSETS = (
    "_HERMES_CORE_TOOLS = []\n"
    "\n"
    "TOOLSETS = {\n"
    '    "desk": {"description": "Desktop — projects", "tools": ["ghost_tool"], "includes": []},\n'
    "}\n"
)

MODULE = (
    "from tools.registry import registry, tool_result\n"
    "\n"
    "\n"
    "def _h(args, **kw):\n"
    "    return tool_result(ok=True)\n"
    "\n"
    "\n"
    'SCHEMA = {"name": "uni", "description": "Ünïcode — tool", "parameters": {\n'
    '    "type": "object", "properties": {"café": {"type": "string"}}}}\n'
    'registry.register(name="uni", toolset="desk", schema=SCHEMA, handler=_h)\n'
)


def test_toolsets_finding_after_an_em_dash(tmp_path: Path) -> None:
    root = make_root(tmp_path, {"toolsets.py": TOOLSETS, "tools/uni_tool.py": MODULE})
    result = lint([], root=str(root), select=["HD302"], use_cache=False)
    (finding,) = result.findings
    line = TOOLSETS.splitlines()[3]
    start = line.index('"ghost_tool"') + 1
    assert (finding.line, finding.column, finding.end_column) == (4, start, start + 12)


def test_schema_finding_after_non_ascii_text(tmp_path: Path) -> None:
    root = make_root(tmp_path, {"toolsets.py": TOOLSETS, "tools/uni_tool.py": MODULE})
    result = lint([], root=str(root), select=["HD205"], use_cache=False)
    (finding,) = result.findings
    line = MODULE.splitlines()[8]
    start = line.index('"café"') + 1
    assert (finding.line, finding.column, finding.end_column) == (9, start, start + 6)
