"""A function shared by several tools, each registered with its own name bound (a loop's
lambda with the late-binding default, `functools.partial`): each tool's findings come from its
own branch, so a finding names only the tools that reach it."""

from __future__ import annotations

from pathlib import Path

from hermes_dev.lint.engine import lint
from hermes_dev.lint.rules.hd101_handler_returns_non_json import HandlerReturnsNonJson
from tests.lint.support import make_root

# The HD101 rule case's module (HD107 has it too): one fixture, asserted here for `tools`.
SHARED = next(
    case.files["tools/multi_tool.py"]
    for case in HandlerReturnsNonJson.INVALID
    if isinstance(case.files, dict) and "tools/multi_tool.py" in case.files
)


def test_each_tool_is_judged_on_its_own_branch(tmp_path: Path) -> None:
    root = make_root(tmp_path, {"tools/multi_tool.py": SHARED})
    result = lint([], root=str(root), select=["HD101", "HD102", "HD107"])
    found = sorted((f.code, f.line, tuple(f.tools)) for f in result.findings)
    assert found == [
        ("HD101", 9, ("multi_text",)),
        ("HD101", 17, ("part_text",)),
        ("HD107", 11, ("multi_fail",)),
    ]


FACTORY = """\
import json

from tools.registry import registry


def _dispatch(name, args):
    if name == "fac_text":
        return "plain text"
    return json.dumps({"name": name})


def _make(name):
    def handler(args, **kw):
        return _dispatch(name, args)
    return handler


def _make_lambda(name):
    return lambda args, **kw: _dispatch(name, args)


S = {"name": "x", "description": "d", "parameters": {"type": "object", "properties": {}}}
for tool in ("fac_text", "fac_ok"):
    registry.register(name=tool, toolset="m", schema={**S, "name": tool}, handler=_make(tool))
for tool in ("lam_text", "lam_ok"):
    registry.register(name=tool, toolset="m", schema={**S, "name": tool}, handler=_make_lambda(tool))
"""


def test_a_factory_closure_keeps_the_name_it_was_made_with(tmp_path: Path) -> None:
    """`handler=_make(tool)` returning `def handler(args, **kw): return _dispatch(name, args)`
    (or a lambda): the closure is judged with the `name` its call gave."""
    root = make_root(tmp_path, {"tools/fac_tool.py": FACTORY})
    result = lint([], root=str(root), select=["HD101"])
    assert [(f.line, tuple(f.tools)) for f in result.findings] == [(14, ("fac_text",))]


CLASSES = """\
import json


class BaseTool:
    name = ""

    def schema(self):
        return {"name": self.name, "description": "d", "parameters": {"type": "object", "properties": {}}}

    def run(self, args, **kw):
        try:
            return self.execute(args)
        except Exception as exc:
            return json.dumps({"error": str(exc)})

    def execute(self, args):
        raise NotImplementedError


class TextTool(BaseTool):
    name = "cls_text"

    def execute(self, args):
        return "some text"


class OkTool(BaseTool):
    name = "cls_ok"

    def execute(self, args):
        return json.dumps({"ok": True})


class FailTool(BaseTool):
    name = "cls_fail"

    def execute(self, args):
        return json.dumps({"success": False, "message": "no"})


TOOLS = [TextTool(), OkTool(), FailTool()]


def register(ctx):
    for tool in TOOLS:
        ctx.register_tool(name=tool.name, toolset="cls", schema=tool.schema(), handler=tool.run)
"""
MANIFEST = """\
name: cls
version: "1.0"
description: cls
provides_tools: [cls_text, cls_ok, cls_fail]
"""


def test_tool_objects_share_a_base_run_and_each_is_its_own_class(tmp_path: Path) -> None:
    """Tool objects whose base class's `run` calls `self.execute(...)`, registered in a loop
    with `name=tool.name` (a class constant): each tool's `self` is its own class, so each
    finding names the one tool whose `execute` fails."""
    root = make_root(
        tmp_path, {"plugins/cls/__init__.py": CLASSES, "plugins/cls/plugin.yaml": MANIFEST}
    )
    result = lint([], root=str(root), select=["HD101", "HD107"])
    assert sorted((f.code, f.line, tuple(f.tools)) for f in result.findings) == [
        ("HD101", 12, ("cls_text",)),
        ("HD107", 12, ("cls_fail",)),
    ]


WRAPPED_PARTIAL = """\
import functools
import json


class BadRequest(Exception):
    pass


def _wrap(fn):
    def handler(args, **kw):
        try:
            res = fn(args or {}, **kw)
        except (BadRequest, ValueError) as err:
            return json.dumps({"error": str(err)})
        return json.dumps(res)
    return handler


def log_set(args, **kw):
    exercise = (args.get("exercise") or "").strip().lower()
    if not exercise:
        raise BadRequest("exercise is required")
    return {"ok": True, "exercise": exercise}


def delete_set(args, **kw):
    set_id = args.get("id")
    if not isinstance(set_id, str):
        raise BadRequest("id must be text")
    return {"ok": True, "deleted": set_id}


HANDLERS = {"log_set": log_set, "delete_set": delete_set}


def _dispatch(name, args, **kw):
    return HANDLERS[name](args, **kw)


def register(ctx):
    for name in HANDLERS:
        ctx.register_tool(
            name=name,
            toolset="gym",
            schema={"name": name, "description": "d", "parameters": {"type": "object", "properties": {}}},
            handler=_wrap(functools.partial(_dispatch, name)),
        )
"""


def test_a_wrapped_partial_made_per_row_keeps_its_row(tmp_path: Path) -> None:
    """`handler=_wrap(functools.partial(_dispatch, name))` in a loop over a table's keys: the
    partial made in each row binds that row's `name`, so the wrapper's call of it runs one
    entry of the table, and the finding names only the tool whose entry raises (`.strip()`
    of a number)."""
    manifest = "name: gym\nversion: '1.0'\ndescription: gym\nprovides_tools: [log_set, delete_set]\n"
    root = make_root(
        tmp_path, {"plugins/gym/__init__.py": WRAPPED_PARTIAL, "plugins/gym/plugin.yaml": manifest}
    )
    result = lint([], root=str(root), select=["HD102"])
    assert [(f.line, tuple(f.tools)) for f in result.findings] == [(12, ("log_set",))]
