"""Call following's parts on their own: the exception hierarchy, call resolution, constant
branches, per-function summaries and the import graph behind the cache."""

from __future__ import annotations

import ast
from pathlib import Path

from hermes_dev.pyast.branches import bind_arguments, decide
from hermes_dev.pyast.exceptions import CATCHES, MAYBE, MISSES, catches, exc_type
from hermes_dev.pyast.imports import ImportGraph
from hermes_dev.pyast.model import Func, Models
from hermes_dev.pyast.resolve import Target, call_targets, class_of, code_of
from hermes_dev.pyast.summaries import escapes, handler_escapes

ERRORS = """\
import requests

class ApiError(Exception):
    pass

class QuotaError(ApiError):
    pass

class HttpError(requests.HTTPError):
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


def _handler(tmp_path: Path) -> tuple[Models, Func]:
    models = _root(tmp_path)
    module = models.get(tmp_path / "tools" / "code.py")
    assert module is not None
    func = module.function("handler")
    assert func is not None
    return models, func


def _handler_for(clause: str, tmp_path: Path) -> str:
    models = _root(tmp_path)
    module = models.get(tmp_path / "tools" / "code.py")
    assert module is not None
    handler = ast.parse(f"try:\n    pass\nexcept {clause}:\n    pass").body[0].handlers[0]  # type: ignore[attr-defined]
    raised = exc_type(ast.parse("QuotaError('x')", mode="eval").body, module)
    assert raised is not None
    return catches(handler, raised, module)


def test_project_classes_by_their_bases_across_modules(tmp_path: Path) -> None:
    assert _handler_for("ApiError", tmp_path) == CATCHES
    assert _handler_for("(KeyError, Exception)", tmp_path) == CATCHES
    assert _handler_for("RuntimeError", tmp_path) == MISSES
    assert _handler_for("requests.RequestException", tmp_path) == MAYBE  # unresolved: caught


def test_builtins_by_their_real_mro(tmp_path: Path) -> None:
    models = _root(tmp_path)
    module = models.get(tmp_path / "tools" / "errors.py")
    assert module is not None
    found = exc_type(ast.parse("FileNotFoundError()", mode="eval").body, module)
    assert found is not None and found.complete
    assert {"OSError", "Exception", "BaseException"} <= found.ancestors
    assert "ValueError" not in found.ancestors
    unknown_base = exc_type(ast.parse("HttpError()", mode="eval").body, module)
    assert unknown_base is not None and not unknown_base.complete


def test_receivers_resolve_to_methods(tmp_path: Path) -> None:
    _, func = _handler(tmp_path)
    code = code_of(func)
    calls = [n for n in ast.walk(func.node) if isinstance(n, ast.Call)]
    labels = {}
    for call in calls:
        targets = call_targets(call, code)
        labels[ast.unparse(call.func)] = [t.code().label for t in targets or []]
    assert labels["local.add"] == ["Store.add"]
    assert labels["store.add"] == ["Store.add"]  # Optional[...] parameter annotation
    assert labels["STORE.add"] == ["Store.add"]  # module-level instance
    assert labels["make().add"] == ["Store.add"]  # return annotation
    assert labels["Holder().store.add"] == ["Store.add"]  # class-level attribute annotation
    assert labels["this_module.STORE.add"] == ["Store.add"]  # another module's instance
    assert labels["Store"] == ["Store.__init__"]
    holder = next(c for c in calls if ast.unparse(c.func) == "Holder().store.add")
    assert isinstance(holder.func, ast.Attribute)
    cls = class_of(holder.func.value, code)
    assert cls is not None and cls.name == "Store"


def test_handler_escapes_with_chains_and_terminating_recursion(tmp_path: Path) -> None:
    models, func = _handler(tmp_path)
    found = [
        (e.node.lineno, e.label, [s[2] for s in e.chain]) for e in handler_escapes(code_of(func))
    ]  # type: ignore[union-attr]
    assert found == [
        (39, "QuotaError", ["handler", "Store.__init__", "Store._open"]),
        (43, "QuotaError", ["handler", "make", "Store.__init__", "Store._open"]),
        (48, "ValueError", ["handler", "scoped"]),  # `scoped()` (the default) is ruled out
    ]
    # Only the modules calls reach are parsed.
    assert sorted(m.rel for m in models.loaded()) == ["tools/code.py", "tools/errors.py"]


def test_constant_arguments_decide_branches(tmp_path: Path) -> None:
    models = _root(tmp_path)
    module = models.get(tmp_path / "tools" / "code.py")
    assert module is not None
    scoped = module.function("scoped")
    assert scoped is not None and isinstance(scoped.node, ast.FunctionDef)
    test = scoped.node.body[0].test  # type: ignore[attr-defined]
    call = ast.parse("scoped('normal')", mode="eval").body
    assert isinstance(call, ast.Call)
    bindings = bind_arguments(call, scoped.node, False)
    assert bindings == (("scope", "normal"),)
    assert decide(test, bindings, module) is False
    assert decide(test, (("scope", "x"),), module) is True
    assert decide(test, (), module) is None
    assert escapes(Target(scoped, None), bindings) == []
    assert [e.label for e in escapes(Target(scoped, None), (("scope", "x"),))] == ["ValueError"]


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
