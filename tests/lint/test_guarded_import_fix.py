"""The unsafe HD102 fix imports `tool_error` where the module imports the registry: inside the
same `try`/`except ImportError` guard when there is one (issue 20, item 18), so the module
still imports without Hermes."""

from __future__ import annotations

import subprocess
import sys

import pytest

from hermes_dev.lint.run import run_lint
from tests.lint.support import make_root

GUARDED = """\
import json

try:
    from tools.registry import registry
except ImportError:  # imported without Hermes (the plugin's own tests)
    registry = None


def ping(args, **kw):
    if not args.get("q"):
        raise ValueError("q is required")
    return json.dumps({"pong": True})


SCHEMA = {"name": "ping", "description": "Ping.", "parameters": {"type": "object", "properties": {}}}
if registry is not None:
    registry.register(name="ping", toolset="ping", schema=SCHEMA, handler=ping)
"""
TOOLSETS = 'TOOLSETS = {"ping": {"description": "Ping.", "tools": ["ping"], "includes": []}}\n'


def test_tool_error_joins_the_guarded_registry_import(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("HERMES_DEV_NO_CACHE", "1")
    root = make_root(tmp_path / "root", {"toolsets.py": TOOLSETS, "tools/ping_tool.py": GUARDED})
    run_lint(root=str(root), fix=True, unsafe_fixes=True)
    fixed = (root / "tools" / "ping_tool.py").read_text(encoding="utf-8")
    assert '        return tool_error("q is required")\n' in fixed, fixed
    assert "try:\n    from tools.registry import registry, tool_error\nexcept ImportError:" in fixed
    assert fixed.count("tool_error\n") == 1, fixed  # no second, unguarded import
    # Without Hermes (no tools package on the path) the module still imports.
    alone = tmp_path / "alone"
    alone.mkdir()
    (alone / "ping_tool.py").write_text(fixed, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-I", "-c", "import sys; sys.path.insert(0, '.'); import ping_tool"],
        cwd=alone,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr


MODULE_GUARDED = """\
import json

try:
    import tools.registry as reg
except (ImportError, ModuleNotFoundError):
    reg = None


def ping(args, **kw):
    raise RuntimeError(f"broken {args}")


SCHEMA = {"name": "ping", "description": "Ping.", "parameters": {"type": "object", "properties": {}}}
if reg is not None:
    reg.registry.register(name="ping", toolset="ping", schema=SCHEMA, handler=ping)
"""


@pytest.mark.parametrize(
    ("guarded", "joined"),
    [
        ("    import tools.registry as reg\n", "from tools.registry import tool_error"),
        ("    from tools import registry as reg\n", "from tools.registry import tool_error"),
    ],
)
def test_a_registry_module_import_under_a_guard_gets_a_guarded_line(
    tmp_path, monkeypatch, guarded, joined
):
    """`import tools.registry as reg` (or `from tools import registry`) cannot take the name:
    the new import goes on a line of its own inside the same `try:`, never unguarded at the top
    (the module would no longer import without Hermes)."""
    monkeypatch.setenv("HERMES_DEV_NO_CACHE", "1")
    source = MODULE_GUARDED.replace("    import tools.registry as reg\n", guarded)
    root = make_root(tmp_path / "root", {"toolsets.py": TOOLSETS, "tools/ping_tool.py": source})
    run_lint(root=str(root), fix=True, unsafe_fixes=True)
    fixed = (root / "tools" / "ping_tool.py").read_text(encoding="utf-8")
    assert '    return tool_error(f"broken {args}")\n' in fixed, fixed
    assert f"try:\n{guarded}    {joined}\nexcept (ImportError" in fixed, fixed
    assert fixed.count("import tool_error") == 1, fixed
    alone = tmp_path / "alone"
    alone.mkdir()
    (alone / "ping_tool.py").write_text(fixed, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-I", "-c", "import sys; sys.path.insert(0, '.'); import ping_tool"],
        check=False,
        cwd=alone,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
