"""Call following's parts on their own: the exception hierarchy, call resolution, constant
branches, per-function summaries and the import graph behind the cache."""

from __future__ import annotations

import ast
from pathlib import Path

from hermes_dev.pyast.analyze.branches import decide
from hermes_dev.pyast.analyze.exceptions import CATCHES, MAYBE, MISSES, catches, exc_type
from hermes_dev.pyast.calls.driver import Callee, Code, callees
from hermes_dev.pyast.calls.escapes import escapes, handler_escapes
from hermes_dev.pyast.semantic.import_graph import ImportGraph
from hermes_dev.pyast.semantic.modules import Models
from hermes_dev.pyast.semantic.resolve import resolve, resolve_name
from hermes_dev.pyast.semantic.scopes import Const, Function, Instance, Possible, module_scope

ERRORS = """\
import requests
import somelib

class ApiError(Exception):
    pass

class QuotaError(ApiError):
    pass

class HttpError(requests.HTTPError):
    pass

class VendorError(somelib.Error):
    pass
"""

CODE = """\
from typing import Optional
from tools.errors import ApiError, QuotaError, HttpError

class Store:
    def __init__(self, path: str):
        self.path = path
        self._open()

    def _open(self):
        raise QuotaError("full")

    def add(self, x):
        return self.save(x)

    def save(self, x):
        return x

class Holder:
    store: "Store"

def make() -> Optional[Store]:
    return Store("p")

STORE = Store("m")

from tools import code as this_module

def ping(n):
    return pong(n)

def pong(n):
    return ping(n)

def scoped(scope="strict"):
    if scope not in ("strict", "normal"):
        raise ValueError(scope)

def handler(args, store: Optional[Store] = None):
    local = Store("x")
    local.add(1)
    store.add(2)
    STORE.add(3)
    make().add(4)
    Holder().store.add(5)
    this_module.STORE.add(6)
    ping(1)
    scoped()
    scoped("other")
"""


def _root(tmp_path: Path) -> Models:
    (tmp_path / "tools").mkdir(exist_ok=True)
    (tmp_path / "tools" / "errors.py").write_text(ERRORS)
    (tmp_path / "tools" / "code.py").write_text(CODE)
    (tmp_path / "tools" / "unrelated.py").write_text("def f():\n    raise ValueError\n")
    return Models(tmp_path)


def _function(models: Models, path: Path, name: str) -> Function:
    module = models.get(path)
    assert module is not None
    func = resolve_name(name, module_scope(module)).single()
    assert isinstance(func, Function)
    return func


def _handler(tmp_path: Path) -> tuple[Models, Function]:
    models = _root(tmp_path)
    return models, _function(models, tmp_path / "tools" / "code.py", "handler")


def _handler_for(clause: str, tmp_path: Path) -> str:
    models = _root(tmp_path)
    module = models.get(tmp_path / "tools" / "code.py")
    assert module is not None
    handler = ast.parse(f"try:\n    pass\nexcept {clause}:\n    pass").body[0].handlers[0]  # type: ignore[attr-defined]
    scope = module_scope(module)
    raised = exc_type(ast.parse("QuotaError('x')", mode="eval").body, scope)
    assert raised is not None
    return catches(handler, raised, scope)


def test_project_classes_by_their_bases_across_modules(tmp_path: Path) -> None:
    assert _handler_for("ApiError", tmp_path) == CATCHES
    assert _handler_for("(KeyError, Exception)", tmp_path) == CATCHES
    assert _handler_for("RuntimeError", tmp_path) == MISSES
    assert _handler_for("requests.RequestException", tmp_path) == MAYBE  # unresolved: caught


def test_builtins_by_their_real_mro(tmp_path: Path) -> None:
    models = _root(tmp_path)
    module = models.get(tmp_path / "tools" / "errors.py")
    assert module is not None
    scope = module_scope(module)
    found = exc_type(ast.parse("FileNotFoundError()", mode="eval").body, scope)
    assert found is not None and found.complete
    assert {"OSError", "Exception", "BaseException"} <= found.ancestors
    assert "ValueError" not in found.ancestors
    # A network library's class is known by its bases; another package's is not.
    library_base = exc_type(ast.parse("HttpError()", mode="eval").body, scope)
    assert library_base is not None and library_base.complete
    assert {"requests.exceptions.RequestException", "OSError"} <= library_base.ancestors
    unknown_base = exc_type(ast.parse("VendorError()", mode="eval").body, scope)
    assert unknown_base is not None and not unknown_base.complete


def test_receivers_resolve_to_methods(tmp_path: Path) -> None:
    _, func = _handler(tmp_path)
    code = Code(func)
    calls = [n for n in ast.walk(func.node) if isinstance(n, ast.Call)]
    labels = {}
    for call in calls:
        targets = callees(call, code.scope)
        labels[ast.unparse(call.func)] = [t.function.label for t in targets or []]
    assert labels["local.add"] == ["Store.add"]
    assert labels["store.add"] == ["Store.add"]  # Optional[...] parameter annotation
    assert labels["STORE.add"] == ["Store.add"]  # module-level instance
    assert labels["make().add"] == ["Store.add"]  # return annotation
    assert labels["Holder().store.add"] == ["Store.add"]  # class-level attribute annotation
    assert labels["this_module.STORE.add"] == ["Store.add"]  # another module's instance
    assert labels["Store"] == ["Store.__init__"]
    holder = next(c for c in calls if ast.unparse(c.func) == "Holder().store.add")
    assert isinstance(holder.func, ast.Attribute)
    found = resolve(holder.func.value, code.scope)
    assert [o.cls.name for o in found.items if isinstance(o, Instance)] == ["Store"]


def test_handler_escapes_with_chains_and_terminating_recursion(tmp_path: Path) -> None:
    models, func = _handler(tmp_path)
    found = [(e.node.lineno, e.label, [s[2] for s in e.chain]) for e in handler_escapes(Code(func))]  # type: ignore[union-attr]
    assert found == [
        (39, "QuotaError", ["handler", "Store.__init__", "Store._open"]),
        (43, "QuotaError", ["handler", "make", "Store.__init__", "Store._open"]),
        (48, "ValueError", ["handler", "scoped"]),  # `scoped()` (the default) is ruled out
    ]
    # Only the modules calls reach are parsed.
    assert sorted(m.rel for m in models.loaded()) == ["tools/code.py", "tools/errors.py"]


def test_constant_arguments_decide_branches(tmp_path: Path) -> None:
    models = _root(tmp_path)
    scoped = _function(models, tmp_path / "tools" / "code.py", "scoped")
    assert isinstance(scoped.node, ast.FunctionDef)
    test = scoped.node.body[0].test  # type: ignore[attr-defined]
    call = ast.parse("scoped('normal')", mode="eval").body
    assert isinstance(call, ast.Call)
    [callee] = callees(call, module_scope(scoped.module)) or []
    assert {k: v.single().value for k, v in callee.env.items()} == {"scope": "normal"}  # type: ignore[union-attr]
    assert decide(test, callee.code().scope) is False
    other = {"scope": Possible.of(Const("x"))}
    assert decide(test, Code(scoped, other).scope) is True
    assert decide(test, Code(scoped).scope) is None
    assert escapes(callee) == []
    assert [e.label for e in escapes(Callee(scoped, other))] == ["ValueError"]


def test_import_graph_reaches_relative_and_function_level_imports(tmp_path: Path) -> None:
    files = {
        "plugins/foo-bar/__init__.py": "from .client import Client\n",
        "plugins/foo-bar/client.py": "def f():\n    from tools import helpers\n",
        "tools/__init__.py": "",
        "tools/helpers.py": "import os\nfrom tools.deep import (\n    a,\n    b as c,\n)\n",
        "tools/deep.py": "x = 1\n",
        "tools/unrelated.py": "",
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    graph = ImportGraph(str(tmp_path))
    closure = graph.closure("plugins/foo-bar/__init__.py")
    assert sorted(closure) == [
        "plugins/foo-bar/__init__.py",
        "plugins/foo-bar/client.py",
        "tools/__init__.py",
        "tools/deep.py",
        "tools/helpers.py",
    ]
    assert all(closure.values())


def test_a_summary_cut_short_deep_in_a_chain_is_whole_when_asked_from_higher_up(
    tmp_path: Path,
) -> None:
    """f0 -> f1 -> ... -> f39 raises: from f0 the chain is past the depth bound, but f30's own
    summary (first computed at depth 30, cut short there) still finds the raise."""
    lines = [f"def f{i}():\n    return f{i + 1}()\n" for i in range(39)]
    lines.append("def f39():\n    raise ValueError('deep')\n")
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "chain.py").write_text("\n".join(lines))
    models = Models(tmp_path)
    first = _function(models, tmp_path / "tools" / "chain.py", "f0")
    assert escapes(Callee(first)) == []  # 39 calls deep: past the bound, nothing said
    later = _function(models, tmp_path / "tools" / "chain.py", "f30")
    assert [e.label for e in escapes(Callee(later))] == ["ValueError"]


def test_a_module_name_first_resolved_deep_is_whole_later(tmp_path: Path) -> None:
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "m.py").write_text(
        "def helper():\n    return 1\n\nNAME = helper\n"
    )
    module = Models(tmp_path).get(tmp_path / "tools" / "m.py")
    assert module is not None
    scope = module_scope(module)
    from hermes_dev.pyast.semantic.resolve import MAX_DEPTH

    deep = resolve_name("NAME", scope, MAX_DEPTH)  # asked at the bound: computed from the top
    assert [type(o).__name__ for o in deep.items] == ["Function"]
    assert resolve_name("NAME", scope).single() is not None
