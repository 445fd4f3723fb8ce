"""Tables filled as classes are made: a metaclass's `__new__` storing each class it makes, read
as one registration per class whose body names a tool; and a record whose attribute a
decorator sets after making it."""

from __future__ import annotations

import ast
from pathlib import Path

from hermes_dev.host.registrations import registrations_of
from hermes_dev.pyast.semantic.metaclasses import for_class, is_metaclass, table_stores
from hermes_dev.pyast.semantic.modules import Models
from tests.lint.support import make_root

META = """\
class ToolMeta(type):
    registry = {}
    listed = []

    def __new__(mcls, clsname, bases, namespace, **kwargs):
        cls = super().__new__(mcls, clsname, bases, namespace, **kwargs)
        tool_name = namespace.get("tool_name")
        if not tool_name:
            return cls
        mcls.registry[tool_name] = cls
        ToolMeta.listed.append(cls)
        return cls
"""

MODULE = (
    "from tools.registry import registry\n"
    "from tools._meta import ToolMeta\n\n\n"
    "class Tool(metaclass=ToolMeta):\n"
    "    tool_name = None\n\n"
    "    def __call__(self, args, **kw):\n"
    '        return "{}"\n\n\n'
    "class Alpha(Tool):\n"
    '    tool_name = "alpha"\n\n\n'
    "class Beta(Tool):\n"
    '    tool_name = "beta"\n\n\n'
    "class Helper(Tool):\n"
    "    pass\n\n\n"
    "for name, cls in ToolMeta.registry.items():\n"
    '    registry.register(name=name, toolset="t", schema={}, handler=cls())\n'
    "for cls in ToolMeta.listed:\n"
    '    registry.register(name=cls.tool_name, toolset="l", schema={}, handler=cls())\n'
)


def test_the_stores_and_the_tests_on_their_way_are_read_from_the_hook() -> None:
    meta = ast.parse(META).body[0]
    assert isinstance(meta, ast.ClassDef) and is_metaclass(meta)
    stores = table_stores(meta, "registry")
    assert len(stores) == 1
    store = stores[0]
    assert store.key is not None and ast.unparse(store.key) == "tool_name"
    # (`if not tool_name: return cls` passed: the test is false on the way)
    assert [(ast.unparse(t), truth) for t, truth in store.guards] == [("not tool_name", False)]
    assert [s.key for s in table_stores(meta, "listed")] == [None]


def test_for_one_class_the_hook_reads_what_its_statement_gives() -> None:
    meta = ast.parse(META).body[0]
    assert isinstance(meta, ast.ClassDef)
    store = table_stores(meta, "registry")[0]
    made = ast.parse('class Alpha(Tool):\n    tool_name = "alpha"\n').body[0]
    assert isinstance(made, ast.ClassDef)
    assert ast.unparse(for_class(store.key, store.hook, made)) == (  # type: ignore[arg-type]
        "{'tool_name': 'alpha'}.get('tool_name')"
    )
    assert ast.unparse(for_class(store.value, store.hook, made)) == "Alpha"


def test_a_plain_class_is_no_metaclass() -> None:
    node = ast.parse("class Tool(Base):\n    registry = {}\n").body[0]
    assert isinstance(node, ast.ClassDef) and not is_metaclass(node)


def test_one_registration_per_class_whose_body_names_a_tool(tmp_path: Path) -> None:
    root = make_root(tmp_path, {"tools/_meta.py": META, "tools/m_tool.py": MODULE})
    module = Models(root).get(root / "tools/m_tool.py")
    assert module is not None
    regs = registrations_of(module)
    assert sorted((r.name, r.toolset) for r in regs) == [
        ("alpha", "l"),
        ("alpha", "t"),
        ("beta", "l"),
        ("beta", "t"),
    ]


def test_a_record_whose_handler_a_decorator_sets_after_making_it(tmp_path: Path) -> None:
    source = (
        "from dataclasses import dataclass\n"
        "from tools.registry import registry\n\n\n"
        "@dataclass\n"
        "class Spec:\n"
        "    name: str\n"
        "    handler: object\n\n\n"
        "TABLE = []\n\n\n"
        "def tool(name):\n"
        "    def decorate(func):\n"
        "        spec = Spec(name=name, handler=func)\n\n"
        "        def wrapper(args, **kw):\n"
        "            return func(args)\n\n"
        "        spec.handler = wrapper\n"
        "        TABLE.append(spec)\n"
        "        return func\n"
        "    return decorate\n\n\n"
        '@tool("level")\n'
        "def level(args):\n"
        '    return "{}"\n\n\n'
        "for spec in TABLE:\n"
        '    registry.register(name=spec.name, toolset="t", schema={}, handler=spec.handler)\n'
    )
    root = make_root(tmp_path, {"tools/d_tool.py": source})
    module = Models(root).get(root / "tools/d_tool.py")
    assert module is not None
    regs = registrations_of(module)
    assert [r.name for r in regs] == ["level"]
    handler = regs[0].handler
    assert handler is not None and handler.func is not None
    assert handler.func.name == "wrapper"  # (not `level`, which the record was made with)
