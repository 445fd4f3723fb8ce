"""Which handler a plugin's table registration resolves to, and where its names are read."""

from __future__ import annotations

from pathlib import Path

from hermes_dev.pyast.semantic.modules import Models
from hermes_dev.host.registrations import registrations_of

from tests.lint.support import make_root

INIT = """\
import json
from . import team as _team


def register(ctx):
    def _handle_status(args, **kw):
        return json.dumps({"local": True})

    for name, schema, handler in _team.TOOLS:
        ctx.register_tool(name=name, toolset="t", schema=schema, handler=handler)
    ctx.register_tool(name="local_status", toolset="t", schema={}, handler=_handle_status)
"""
TEAM = """\
_PREFIX = "team"
_STATUS = {"name": _PREFIX + "_status"}


def _handle_status(args, **kw):
    return {"team": True}


TOOLS = [(_STATUS["name"], _STATUS, _handle_status)]
"""


def _registrations(tmp_path: Path) -> list[tuple[str | None, str, int]]:
    root = make_root(tmp_path, {"plugins/p/__init__.py": INIT, "plugins/p/team.py": TEAM})
    module = Models(root).get(root / "plugins/p/__init__.py")
    assert module is not None
    out = []
    for reg in registrations_of(module):
        handler = reg.handler
        assert handler is not None, reg
        out.append((reg.name, handler.func.module.rel, handler.func.node.lineno))
    return out


def test_a_sibling_tables_rows_are_read_in_the_sibling(tmp_path: Path) -> None:
    """The row's name is the sibling's constant expression; its handler is the sibling's def,
    not the def of that name register(ctx) nests (that one is the second tool's)."""
    assert _registrations(tmp_path) == [
        ("team_status", "plugins/p/team.py", 5),
        ("local_status", "plugins/p/__init__.py", 6),
    ]


def _names_and_handlers(tmp_path: Path, source: str) -> list[tuple[str | None, str]]:
    """(tool name, handler def's name) of each registration a plugin's `__init__.py` makes."""
    root = make_root(tmp_path, {"plugins/p/__init__.py": source})
    module = Models(root).get(root / "plugins/p/__init__.py")
    assert module is not None
    found = []
    for reg in registrations_of(module):
        assert reg.handler is not None, reg
        found.append((reg.name, reg.handler.func.name))
    return found


PARTIAL_HELPER = """\
from functools import partial


def _read(args, **kw):
    return "{}"


def _write(args, **kw):
    return "{}"


TOOLS = [
    dict(name="notes_read", handler=_read),
    dict(name="notes_write", handler=_write),
]


def _register_one(ctx, spec):
    ctx.register_tool(name=spec["name"], toolset="notes", schema={}, handler=spec["handler"])


def register(ctx):
    add = partial(_register_one, ctx)
    for spec in TOOLS:
        add(spec)
"""


def test_a_helper_called_through_a_partial_registers_each_row(tmp_path: Path) -> None:
    """`add = partial(_register_one, ctx)` then `add(spec)` in a loop: a call of the helper
    with the partial's arguments first, one registration per row, each row's handler."""
    assert _names_and_handlers(tmp_path, PARTIAL_HELPER) == [
        ("notes_read", "_read"),
        ("notes_write", "_write"),
    ]


DICT_CALL_ROWS = """\
SEARCH = {"name": "log_search", "description": "d", "parameters": {"type": "object"}}
TAIL = {"name": "log_tail", "description": "d", "parameters": {"type": "object"}}


def log_search(args, **kw):
    return "{}"


def log_tail(args, **kw):
    return "{}"


_REGISTRATIONS = [
    dict(schema=SEARCH, handler=log_search, emoji="s"),
    dict(schema=TAIL, handler=log_tail, emoji="t"),
]


def register(ctx):
    for spec in _REGISTRATIONS:
        schema = spec["schema"]
        ctx.register_tool(name=schema["name"], toolset="logs", schema=schema, handler=spec["handler"])
"""


def test_rows_written_as_dict_calls_give_their_names(tmp_path: Path) -> None:
    """Rows written `dict(schema=..., handler=fn)`: a row's entry is read alone (its handler,
    a function, is no constant), through a local bound to it (`schema["name"]`)."""
    assert _names_and_handlers(tmp_path, DICT_CALL_ROWS) == [
        ("log_search", "log_search"),
        ("log_tail", "log_tail"),
    ]
