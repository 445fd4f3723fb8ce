"""A tool module finds the same findings, at the same lines, whatever its line endings: a file
whose lines end in a bare \r (old Mac editors) was "All checks passed" (its registration was
looked for on line 1 only)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hermes_dev.lint.engine import lint
from tests.lint.support import make_root

MODULE = (
    "import json\n"
    "from tools.registry import registry\n"
    "\n"
    "\n"
    "def _h(args, **kw):\n"
    '    return {"a": 1}\n'
    "\n"
    "\n"
    'registry.register(name="crt", toolset="crt", handler=_h,\n'
    '                  schema={"name": "crt", "description": "d",\n'
    '                          "parameters": {"type": "object", "properties": {}}})\n'
)


@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r"], ids=["lf", "crlf", "cr"])
def test_findings_do_not_depend_on_line_endings(tmp_path: Path, ending: str) -> None:
    root = make_root(tmp_path, {})
    module = root / "tools" / "crt_tool.py"
    module.write_bytes(MODULE.replace("\n", ending).encode("utf-8"))
    result = lint([str(module)], root=str(root), select=["HD101", "HD301"], use_cache=False)
    assert [(f.code, f.line, f.column) for f in result.findings] == [
        ("HD101", 6, 5),
        ("HD301", 9, 19),
    ]
