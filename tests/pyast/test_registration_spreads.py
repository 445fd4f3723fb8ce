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


DECORATED_HELPERS = """\
import asyncio
import functools
import json

TOOLS = []


def catch_errors(fn):
    @functools.wraps(fn)
    def wrapper(args, **kw):
        try:
            return json.dumps(fn(args or {}, **kw))
        except ValueError as exc:
            return json.dumps({"error": str(exc)})
    return wrapper


def catch_errors_async(fn):
    @functools.wraps(fn)
    async def async_wrapper(args, **kw):
        try:
            return json.dumps(await fn(args or {}, **kw))
        except ValueError as exc:
            return json.dumps({"error": str(exc)})
    return async_wrapper


def _register(name, fn, schema, **opts):
    is_async = asyncio.iscoroutinefunction(fn)
    wrapped = catch_errors_async(fn) if is_async else catch_errors(fn)
    TOOLS.append(dict(name=name, schema={"name": name, **schema}, handler=wrapped, is_async=is_async, **opts))
    return fn


def tool(name, schema, **opts):
    return lambda fn: _register(name, fn, schema, **opts)


def install(ctx):
    for spec in TOOLS:
        ctx.register_tool(toolset="todo", **spec)
"""

DECORATED_INIT = """\
from ._helpers import install, tool


@tool("todo_add", {"description": "Add a todo."}, emoji="+")
def todo_add(args, **kw):
    return {"added": args.get("title")}


@tool("todo_post", {"description": "Post the todos."})
async def todo_post(args, **kw):
    return {"posted": True}


def register(ctx):
    install(ctx)
"""


def test_a_decorator_factory_that_hands_the_def_to_a_registering_helper(tmp_path: Path) -> None:
    # `@tool(...)` makes `lambda fn: _register(name, fn, schema)`: one row per decorated def, and
    # `iscoroutinefunction(fn)` of that def picks its wrapper
    root = make_root(
        tmp_path,
        {"plugins/todo/_helpers.py": DECORATED_HELPERS, "plugins/todo/__init__.py": DECORATED_INIT},
    )
    module = Models(root).get(root / "plugins/todo/_helpers.py")
    assert module is not None
    regs = registrations_of(module)
    assert sorted((r.name, r.toolset) for r in regs) == [("todo_add", "todo"), ("todo_post", "todo")]
    handlers = {r.name: r.handler for r in regs}
    assert handlers["todo_add"] is not None and handlers["todo_add"].func.name == "wrapper"
    assert handlers["todo_post"] is not None and handlers["todo_post"].func.name == "async_wrapper"


DISPLAY_REGISTRY = """\
TOOLS = []


def tool(name, schema, **options):
    def decorator(fn):
        TOOLS.append({"name": name, "schema": {"name": name, **schema}, "handler": fn, **options})
        return fn
    return decorator
"""

DISPLAY_INIT = """\
import json

from ._registry import TOOLS, tool


@tool("midi_header", {"description": "Read a MIDI header."}, emoji="M")
def midi_header(args, **kw):
    return json.dumps({"path": args.get("path")})


def register(ctx):
    for spec in TOOLS:
        ctx.register_tool(toolset="midi", **spec)
"""


def test_a_row_display_that_spreads_the_decorators_options(tmp_path: Path) -> None:
    # `{"name": name, "handler": fn, **options}`: `**options` of the factory adds emoji and the
    # like; the row's named keys stand
    root = make_root(
        tmp_path,
        {"plugins/midi/_registry.py": DISPLAY_REGISTRY, "plugins/midi/__init__.py": DISPLAY_INIT},
    )
    module = Models(root).get(root / "plugins/midi/__init__.py")
    assert module is not None
    regs = registrations_of(module)
    assert [(r.name, r.toolset) for r in regs] == [("midi_header", "midi")]
    assert regs[0].handler is not None and regs[0].handler.func.name == "midi_header"


def test_a_table_longer_than_the_rows_read_is_not_known_whole(tmp_path: Path) -> None:
    # 2,001 rows: the rows past the ones read make the loop's registrations not known whole, so
    # a manifest that lists the last one is not told it is never registered (HD402)
    from hermes_dev.lint.engine import lint

    names = [f"t{i}" for i in range(2001)]
    rows = "".join(f'    ("{n}", "Tool {n}"),\n' for n in names)
    init = (
        "import json\n\n\ndef _handler(args, **kw):\n    return json.dumps({})\n\n\n"
        f"ROWS = [\n{rows}]\n\n\ndef register(ctx):\n"
        "    for name, description in ROWS:\n"
        '        ctx.register_tool(name=name, toolset="big", schema={"name": name, '
        '"description": description, "parameters": {"type": "object", "properties": {}}}, '
        "handler=_handler)\n"
    )
    manifest = "name: big\nversion: 0.1.0\ndescription: Big\nprovides_tools:\n" + "".join(
        f"  - {n}\n" for n in names
    )
    root = make_root(tmp_path, {"plugins/big/__init__.py": init, "plugins/big/plugin.yaml": manifest})
    module = Models(root).get(root / "plugins/big/__init__.py")
    assert module is not None
    regs = registrations_of(module)
    assert any(not r.rows_known for r in regs)
    found = lint([], root=str(root), select=["HD402"]).findings
    assert [f.message for f in found if f.code == "HD402"] == []
