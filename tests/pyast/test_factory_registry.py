"""A class decorator that is a class method of a factory (`@Factory.register`), filling the
factory's class table from other modules, and a loop over `Factory.create_all(TOOLSET)` that
registers each made tool with its getters: the registrations each module makes."""

from __future__ import annotations

from pathlib import Path

from hermes_dev.host.registrations import registrations_of
from hermes_dev.pyast.semantic.modules import Models
from tests.lint.support import make_root

FACTORY = """\
class Factory:
    _classes = {}

    @classmethod
    def register(cls, tool_class):
        cls._classes[tool_class.NAME] = tool_class
        return tool_class

    @classmethod
    def create(cls, name):
        made = cls._classes.get(name)
        if made is None:
            raise KeyError(name)
        return made(note="made by the factory")

    @classmethod
    def names(cls, toolset=None):
        return [n for n, k in cls._classes.items() if toolset is None or k.TOOLSET == toolset]

    @classmethod
    def create_all(cls, toolset=None):
        return [cls.create(n) for n in cls.names(toolset)]


class BaseTool:
    NAME = None
    TOOLSET = None

    def __init__(self, note=""):
        self._name = self.NAME
        self._note = note

    def get_name(self):
        return self._name

    def execute(self, args, **kw):
        return self.run(args)
"""


def _module(toolset: str, names: list[str]) -> str:
    classes = "".join(
        f'''
@Factory.register
class {n.title().replace("_", "")}(BaseTool):
    NAME = "{n}"
    TOOLSET = "{toolset}"

    def run(self, args):
        return "{{}}"
'''
        for n in names
    )
    return f"""\
from tools.kitchen import Factory, BaseTool
from tools.registry import registry
{classes}

for tool in Factory.create_all("{toolset}"):
    registry.register(name=tool.get_name(), toolset="{toolset}", schema={{}}, handler=tool.execute)
"""


def test_each_module_registers_the_tools_the_factory_made_for_its_toolset(tmp_path: Path) -> None:
    root = make_root(
        tmp_path,
        {
            "tools/__init__.py": "",
            "tools/kitchen/__init__.py": FACTORY,
            "tools/recipe_tool.py": _module("recipes", ["recipe_get", "recipe_scale"]),
            "tools/pantry_tool.py": _module("pantry", ["pantry_list"]),
        },
    )
    models = Models(root)
    for rel, expected in (
        ("tools/recipe_tool.py", ["recipe_get", "recipe_scale"]),
        ("tools/pantry_tool.py", ["pantry_list"]),
    ):
        module = models.get(root / rel)
        assert module is not None
        regs = registrations_of(module)
        # (the loop reads a table of every module's classes; the toolset test keeps this one's)
        assert sorted(r.name or "?" for r in regs) == expected
        for reg in regs:
            handler = reg.handler
            assert handler is not None
            assert [c.node.name for c in handler.code()] == ["execute"]  # type: ignore[union-attr]
