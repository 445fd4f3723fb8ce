"""A function shared by several tools, each registered with its own name bound (a loop's
lambda with the late-binding default, `functools.partial`): each tool's findings come from its
own branch, so a finding names only the tools that reach it."""

from __future__ import annotations

from pathlib import Path

from hermes_dev.lint.engine import lint
from tests.lint.support import make_root

SHARED = """\
import functools
import json

from tools.registry import registry


def _dispatch(name, args):
    if name == "multi_text":
        return "plain text for " + str(args.get("q"))
    if name == "multi_fail":
        return json.dumps({"success": False, "message": "nope"})
    return json.dumps({"name": name})


def _run(name, args, **kw):
    if name == "part_text":
        return f"Result: {args.get('q')}"
    return json.dumps({"ok": True})


S = {"name": "x", "description": "d", "parameters": {"type": "object", "properties": {}}}
for tool in ("multi_text", "multi_fail", "multi_ok"):
    registry.register(name=tool, toolset="m", schema={**S, "name": tool}, handler=lambda args, _n=tool, **kw: _dispatch(_n, args))
registry.register(name="part_text", toolset="m", schema={**S, "name": "part_text"}, handler=functools.partial(_run, "part_text"))
registry.register(name="part_ok", toolset="m", schema={**S, "name": "part_ok"}, handler=functools.partial(_run, "part_ok"))
"""


def test_each_tool_is_judged_on_its_own_branch(tmp_path: Path) -> None:
    root = make_root(tmp_path, {"tools/multi_tool.py": SHARED})
    result = lint([], root=str(root), select=["HD101", "HD102", "HD107"])
    found = sorted((f.code, f.line, tuple(f.tools)) for f in result.findings)
    assert found == [
        ("HD101", 9, ("multi_text",)),
        ("HD101", 17, ("part_text",)),
        ("HD107", 11, ("multi_fail",)),
    ]
