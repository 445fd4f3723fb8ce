"""The model of tool modules: registrations, table rows, handlers resolved to the code that runs."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from hermes_dev.lint.cache import SummaryCache, cache_format
from hermes_dev.lint.config import Config
from hermes_dev.lint.context import LintContext
from hermes_dev.lint.engine import find_root
from hermes_dev.pyast.semantic.modules import Models, ModuleInfo
from hermes_dev.host.registrations import registrations_of
from hermes_dev.pyast.semantic.resolve import assigned_value
from hermes_dev.pyast.semantic.scopes import module_scope
from tests.lint.support import make_root

TABLES = """\
import functools
from tools.registry import registry
from tools.helpers import shared_handler as imported
from .helpers import NAME

def _a(args, **kw): ...
def _b(args, **kw): ...
async def _c(args, **kw): ...

def _make(kind):
    def handler(args, **kw):
        return kind
    return handler

TOOLS = [("tool_a", _a), ("tool_b", _b)]
SPECS = {"tool_c": {"handler": _c, "toolset": "specs"}}
TOOL_D = "tool_d"

for _name, _handler in TOOLS:
    registry.register(name=_name, toolset="t", schema={}, handler=_handler)

for name, spec in SPECS.items():
    registry.register(name=name, toolset=spec["toolset"], schema={}, handler=spec["handler"],
                      is_async=True)

registry.register(TOOL_D, "t", {}, functools.partial(_a))
registry.register(name=NAME, toolset="t", schema={}, handler=imported)
registry.register(name="made", toolset="t", schema={}, handler=_make("x"))
registry.register(name="lam", toolset="t", schema={}, handler=lambda args, **kw: _b(args))

if True:
    registry.register(name="nested", toolset="t", schema={}, handler=_a)

def later():
    registry.register(name="runtime", toolset="t", schema={}, handler=_a)
"""

HELPERS = """\
NAME = "from_helpers"

def shared_handler(args, **kw):
    return "{}"
"""

PLUGIN = """\
def _x(args, **kw): ...

ROWS = (("p1", _x), ("p2", _x))

def register(ctx):
    ctx.register_tool(name="p0", toolset="plug", schema={}, handler=_x)
    for name, fn in ROWS:
        ctx.register_tool(name=name, toolset="plug", schema={}, handler=fn)
"""


def _module(tmp_path: Path) -> ModuleInfo:
    root = make_root(
        tmp_path,
        {
            "tools/tables_tool.py": TABLES,
            "tools/helpers.py": HELPERS,
            "plugins/demo/__init__.py": PLUGIN,
        },
    )
    module = Models(root).get(root / "tools" / "tables_tool.py")
    assert module is not None
    return module


def test_registrations_rows_and_places(tmp_path: Path) -> None:
    regs = registrations_of(_module(tmp_path))
    summary = [(r.name, r.toolset, r.place, r.discoverable) for r in regs]
    assert summary == [
        ("tool_a", "t", "loop", True),
        ("tool_b", "t", "loop", True),
        ("tool_c", "specs", "loop", True),
        ("tool_d", "t", "module", True),
        ("from_helpers", "t", "module", True),
        ("made", "t", "module", True),
        ("lam", "t", "module", True),
        ("nested", "t", "nested", False),
        ("runtime", "t", "function", False),
    ]
    # Rows of one loop share the call; each keeps its own bindings in its scope.
    assert regs[0].call is regs[1].call and regs[0].scope.env != regs[1].scope.env
    assert regs[0].scope.env is not None and set(regs[0].scope.env) == {"_name", "_handler"}
    assert regs[2].arg("is_async") is not None
    assert regs[8].function is not None and getattr(regs[8].function, "name", "") == "later"


def test_handlers_resolved(tmp_path: Path) -> None:
    regs = {r.name: r for r in registrations_of(_module(tmp_path))}
    kinds = {name: (r.handler.kind, r.handler.func.name) for name, r in regs.items() if r.handler}
    assert kinds == {
        "tool_a": ("function", "_a"),
        "tool_b": ("function", "_b"),
        "tool_c": ("function", "_c"),
        "tool_d": ("partial", "_a"),
        "from_helpers": ("function", "shared_handler"),
        "made": ("factory", "handler"),
        "lam": ("lambda", "<lambda>"),
        "nested": ("function", "_a"),
        "runtime": ("function", "_a"),
    }
    assert regs["tool_c"].handler is not None and regs["tool_c"].handler.is_async
    imported = regs["from_helpers"].handler
    assert imported is not None and imported.func.module.rel == "tools/helpers.py"
    lam = regs["lam"].handler
    assert lam is not None and lam.target is not None and lam.target.name == "_b"


def test_imported_module_parsed_once(tmp_path: Path) -> None:
    module = _module(tmp_path)
    models = module.models
    for reg in registrations_of(module):
        _ = reg.handler
    helpers = [m for m in models.loaded() if m.rel == "tools/helpers.py"]
    assert len(helpers) == 1
    assert models.by_name("tools.helpers") is helpers[0]
    assert models.by_name("tools.nothing") is None


def test_assigned_value_follows_imports(tmp_path: Path) -> None:
    module = _module(tmp_path)
    scope = module_scope(module)
    value = assigned_value("NAME", scope)
    assert value is not None
    assert isinstance(value[0], ast.Constant) and value[0].value == "from_helpers"
    assert value[1].module.rel == "tools/helpers.py"
    table = assigned_value("TOOLS", scope)
    assert table is not None and isinstance(table[0], ast.List) and len(table[0].elts) == 2
    assert assigned_value("_a", scope) is None  # a def, not a value


def test_plugin_registrations(tmp_path: Path) -> None:
    _module(tmp_path)
    models = Models(tmp_path)
    plugin = models.get(tmp_path / "plugins" / "demo" / "__init__.py")
    assert plugin is not None
    regs = registrations_of(plugin)
    assert [(r.name, r.kind, r.place) for r in regs] == [
        ("p0", "plugin", "function"),
        ("p1", "plugin", "function"),
        ("p2", "plugin", "function"),
    ]
    assert all(r.handler is not None and r.handler.func.name == "_x" for r in regs)


def test_syntax_error_module(tmp_path: Path) -> None:
    models = Models(tmp_path)
    path = tmp_path / "bad.py"
    path.write_text("def f(:\n")
    module = models.get(path)
    assert module is not None and module.tree is None and module.error is not None
    assert registrations_of(module) == []


def test_find_root(tmp_path: Path) -> None:
    root = make_root(tmp_path / "hermes", {"tools/x_tool.py": ""})
    assert find_root([str(root / "tools" / "x_tool.py")], None) == root
    other = tmp_path / "elsewhere" / "pkg"
    other.mkdir(parents=True)
    (other / "m.py").write_text("")
    assert find_root([str(other / "m.py")], None) == other
    assert find_root([], str(other)) == other


def test_summary_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    target = tmp_path / "f.py"
    target.write_text("x = 1\n")
    cache = SummaryCache(tmp_path)
    assert cache.get(target, "k") == (False, None)
    cache.put(target, "k", {"names": ["a"]})
    cache.save()
    cache_files = list((tmp_path / "cache" / "hermes-dev").iterdir())
    assert len(cache_files) == 1
    assert json.loads(cache_files[0].read_text())["version"] == cache_format()
    again = SummaryCache(tmp_path)
    assert again.get(target, "k") == (True, {"names": ["a"]})
    target.write_text("x = 22\n")  # the size changed: stale
    assert again.get(target, "k") == (False, None)
    # A corrupt cache file is ignored, never fatal; a disabled cache never reads or writes.
    cache_files[0].write_text("{not json")
    assert SummaryCache(tmp_path).get(target, "k") == (False, None)
    off = SummaryCache(tmp_path, enabled=False)
    off.put(target, "k", 1)
    off.save()
    assert cache_files[0].read_text() == "{not json"


def test_project_view(tmp_path: Path) -> None:
    root = make_root(tmp_path, {"tools/tables_tool.py": TABLES, "tools/helpers.py": HELPERS})
    models = Models(root)
    ctx = LintContext(root, Config(), models, [], ["HD101"])
    project = ctx.project
    assert project.is_hermes_root and project.toolsets_path == root / "toolsets.py"
    assert project.config_path is None
    rels = [models.relative(p) for p in project.module_paths()]
    assert rels == ["tools/helpers.py", "tools/registry.py", "tools/tables_tool.py"]
    names = project.summaries("names-v1", lambda m: [r.name for r in registrations_of(m)])
    assert names[root / "tools" / "tables_tool.py"] == [
        "tool_a",
        "tool_b",
        "tool_c",
        "tool_d",
        "from_helpers",
        "made",
        "lam",
        "nested",
        "runtime",
    ]
    assert names[root / "tools" / "helpers.py"] is None  # registers nothing
    assert project.memo("k", lambda: 41) == 41 and project.memo("k", lambda: 0) == 41
