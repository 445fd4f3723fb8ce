"""HD302 offers its fix only where the fix can act: TOOLSETS and _HERMES_CORE_TOOLS. A stale
name in another module-level list (real toolsets.py has _HERMES_WEBHOOK_SAFE_TOOLS and others)
was marked [*] fixable, and `--fix` then left it, run after run."""

from __future__ import annotations

from pathlib import Path

from hermes_dev.lint.engine import lint
from tests.lint.support import make_root

TOOLSETS = (
    '_HERMES_CORE_TOOLS = ["gone_core"]\n'
    '_HERMES_WEBHOOK_SAFE_TOOLS = ["gone_safe"]\n'
    "\n"
    "TOOLSETS = {\n"
    '    "web": {"description": "Web", "tools": ["gone_web"], "includes": []},\n'
    '    "hook": {"description": "Hook", "tools": _HERMES_WEBHOOK_SAFE_TOOLS, "includes": []},\n'
    "}\n"
)


def test_only_names_the_fix_can_remove_carry_it(tmp_path: Path) -> None:
    root = make_root(tmp_path, {"toolsets.py": TOOLSETS})
    result = lint([], root=str(root), select=["HD302"], use_cache=False)
    fixable = {f.tool: f.fix is not None for f in result.findings}
    assert fixable == {"gone_core": True, "gone_safe": False, "gone_web": True}
