"""`ctx.register_tool(**spec)` of rows a helper builds with `dict(name=..., handler=..., **opts)`:
the named keywords are the registration's (dict() refuses a keyword given twice, so `**opts`
cannot hold them again)."""

from __future__ import annotations

from pathlib import Path

from hermes_dev.host.registrations import registrations_of
from hermes_dev.pyast.semantic.modules import Models
from tests.lint.support import make_root

HELPERS = """\
import json

TOOLS = []


def _register(name, fn, schema, **opts):
    TOOLS.append(dict(name=name, schema={"name": name, **schema}, handler=fn, **opts))
    return fn


def install(ctx):
    for spec in TOOLS:
        ctx.register_tool(toolset="todo", **spec)
"""

INIT = """\
import json

from ._helpers import _register, install


def todo_add(args, **kw):
    return json.dumps({"added": args.get("title")})


_register("todo_add", todo_add, {"description": "Add a todo."}, emoji="+")


def register(ctx):
    install(ctx)
"""


def test_named_keywords_of_a_dict_with_a_spread_are_read(tmp_path: Path) -> None:
    root = make_root(
        tmp_path,
        {"plugins/todo/_helpers.py": HELPERS, "plugins/todo/__init__.py": INIT},
    )
    module = Models(root).get(root / "plugins/todo/_helpers.py")
    assert module is not None
    regs = registrations_of(module)
    assert [(r.name, r.toolset, r.rows_known) for r in regs] == [("todo_add", "todo", True)]
    handler = regs[0].handler
    assert handler is not None and handler.func.name == "todo_add"
