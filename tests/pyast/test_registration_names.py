"""One reading of a registered tool's name and toolset: the handler rules' labels (HD1xx),
new-tool and remove-tool (`registered_names`) and the project rules (HD3xx) agree."""

from __future__ import annotations

from pathlib import Path

import pytest
from hermes_dev.pyast.semantic.modules import Models
from hermes_dev.host.registrations import registrations_of

from hermes_dev.host.registrations import registered_names
from hermes_dev.lint.engine import lint
from tests.lint.support import make_root

MODULE = """\
from tools._names import PREFIX
from tools.registry import registry

_KIND = "search"
_ROWS = [("alpha", "a"), ("beta", "b")]


def search(args, **kw):
    return {"hits": []}


registry.register(name=f"{PREFIX}_{_KIND}", toolset=PREFIX, schema={}, handler=search)
registry.register(name=PREFIX + "_fetch", toolset="web", schema={}, handler=search)
for _name, _toolset in _ROWS:
    registry.register(name=f"{_name}_tool", toolset=_toolset, schema={}, handler=search)
registry.register(name=_unknown(), toolset="web", schema={}, handler=search)
"""


@pytest.fixture()
def root(tmp_path: Path) -> Path:
    return make_root(tmp_path, {"tools/_names.py": 'PREFIX = "web"\n', "tools/w_tool.py": MODULE})


def test_names_and_toolsets_are_evaluated(root: Path) -> None:
    module = Models(root).get(root / "tools/w_tool.py")
    assert module is not None
    regs = registrations_of(module)
    assert [(r.name, r.toolset) for r in regs] == [
        ("web_search", "web"),
        ("web_fetch", "web"),
        ("alpha_tool", "a"),
        ("beta_tool", "b"),
        (None, "web"),
    ]
    assert regs[-1].label() == "<tool at line 16>"


def test_new_tool_sees_the_names_lint_reports(root: Path) -> None:
    names = registered_names(Models(root), root / "tools/w_tool.py")
    assert names.known == {"web_search", "web_fetch", "alpha_tool", "beta_tool"}
    assert names.computed  # the last call's name is not static
    found = lint([], root=str(root), select=["HD101", "HD301"]).findings
    by_code: dict[str, set[str | None]] = {}
    for f in found:
        by_code.setdefault(f.code, set()).add(f.tool)
    # HD301 (each tool is in no toolset, the loop's two rows each) and HD101 name the tools
    # the same way.
    assert by_code["HD301"] == {"web_search", "web_fetch", "alpha_tool", "beta_tool"}
    assert by_code["HD101"] == {"web_search"}  # the handler's line, under its first tool


def test_rows_a_decorator_factory_builds_are_named_by_the_records_property(tmp_path: Path) -> None:
    # `TOOLS.append(ToolDef(schema, fn))` in a factory's decorator, `name=td.name` where the
    # property reads `self.schema["name"]`: each decorated def is its own row, with its own name.
    toolkit = (
        "from dataclasses import dataclass\n"
        "TOOLS = []\n\n\n"
        "@dataclass\n"
        "class ToolDef:\n"
        "    schema: dict\n"
        "    handler: object\n\n"
        "    @property\n"
        "    def name(self):\n"
        '        return self.schema["name"]\n\n\n'
        "def tool(schema):\n"
        "    def deco(fn):\n"
        "        TOOLS.append(ToolDef(schema, fn))\n"
        "        return fn\n"
        "    return deco\n"
    )
    handlers = (
        "from ._toolkit import tool\n\n\n"
        '@tool({"name": "notes_generate"})\n'
        "def generate(args, **kw):\n"
        '    return "{}"\n\n\n'
        '@tool({"name": "notes_publish"})\n'
        "def publish(args, **kw):\n"
        '    return "{}"\n'
    )
    init = (
        "from . import handlers\n"
        "from ._toolkit import TOOLS\n\n\n"
        "def register(ctx):\n"
        "    for td in TOOLS:\n"
        '        ctx.register_tool(name=td.name, toolset="notes", schema=td.schema, handler=td.handler)\n'
    )
    root = make_root(
        tmp_path,
        {
            "plugins/notes/_toolkit.py": toolkit,
            "plugins/notes/handlers.py": handlers,
            "plugins/notes/__init__.py": init,
        },
    )
    models = Models(root)
    module = models.get(root / "plugins/notes/__init__.py")
    assert module is not None
    labels = sorted(reg.label() for reg in registrations_of(module))
    assert labels == ["notes_generate", "notes_publish"]


FACTORY = """\
import json
from functools import partial


class Spec:
    def __init__(self, name, toolset, handler):
        self.name = name
        self.toolset = toolset
        self.handler = handler

    def register_with(self, ctx):
        ctx.register_tool(name=self.name, toolset=self.toolset, schema={}, handler=self.handler)


def tool(name, *, toolset):
    def build(fn):
        def handler(args, **kw):
            return json.dumps(fn(args))

        return Spec(name, toolset, handler)

    return build


units_tool = partial(tool, toolset="units")
to_metres = units_tool("to_metres")(lambda args: args)
to_feet = partial(tool, "to_feet", toolset="imperial")()(lambda args: args)

SPECS = (to_metres, to_feet)


def register(ctx):
    for spec in SPECS:
        spec.register_with(ctx)
"""


def test_a_partial_of_a_factory_binds_what_it_was_given_and_what_its_call_gives(
    tmp_path: Path,
) -> None:
    # (`partial(tool, toolset=...)("name")(fn)`: the record the factory's closure makes holds
    # the partial's keyword and the call's name; both were unknown when a call of a partial
    # bound nothing)
    root = make_root(tmp_path, {"plugins/u/__init__.py": FACTORY})
    module = Models(root).get(root / "plugins/u/__init__.py")
    assert module is not None
    regs = registrations_of(module)
    assert sorted((r.name, r.toolset) for r in regs) == [
        ("to_feet", "imperial"),
        ("to_metres", "units"),
    ]
