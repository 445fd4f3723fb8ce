"""What a base's `__init_subclass__` sets on each subclass from its class keywords, and the
tables a metaclass fills: the names a registration loop over them reads."""

from __future__ import annotations

from pathlib import Path

from hermes_dev.host.registrations import registrations_of
from hermes_dev.pyast.semantic.modules import Models
from tests.lint.support import make_root

TOOLKIT = """\
import json


class ToolMeta(type):
    registry = {}

    def __new__(mcls, clsname, bases, ns, **kwargs):
        cls = super().__new__(mcls, clsname, bases, ns, **kwargs)
        if ns.get("abstract", False):
            return cls
        mcls.registry[cls.tool_name] = cls
        return cls


class Tool(metaclass=ToolMeta):
    abstract = True
    tool_name = None
    emoji = "*"

    def __init_subclass__(cls, name=None, emoji=None, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.tool_name = name or cls.__name__.lower()
        if emoji is not None:
            cls.emoji = emoji

    @classmethod
    def handle(cls, args, **kw):
        return json.dumps({"tool": cls.tool_name})
"""

TOOLS = """\
from .toolkit import Tool


class Scale(Tool, name="scale_recipe", emoji="s"):
    pass


class Convert(Tool, name="convert_units"):
    pass


class Plain(Tool):
    pass
"""

INIT = """\
from . import tools  # noqa: F401
from .toolkit import ToolMeta


def register(ctx):
    for name, tool in sorted(ToolMeta.registry.items()):
        ctx.register_tool(name=name, toolset="k", schema={}, handler=tool.handle, emoji=tool.emoji)
"""


def test_each_subclass_is_registered_under_the_name_its_class_keyword_gives(
    tmp_path: Path,
) -> None:
    root = make_root(
        tmp_path,
        {
            "plugins/k/__init__.py": INIT,
            "plugins/k/toolkit.py": TOOLKIT,
            "plugins/k/tools.py": TOOLS,
        },
    )
    module = Models(root).get(root / "plugins/k/__init__.py")
    assert module is not None
    regs = registrations_of(module)
    # (the abstract base is not made a tool: `ns.get("abstract", False)` holds for it alone; a
    # class without a name keyword gets the hook's fallback, `cls.__name__.lower()`)
    assert sorted(reg.name or "?" for reg in regs) == ["convert_units", "plain", "scale_recipe"]
    emoji = {reg.name: reg.value("emoji") for reg in regs}
    scale = emoji["scale_recipe"]
    assert scale is not None and scale.complete and [c.value for c in scale.items] == ["s"]
